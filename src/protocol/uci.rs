//! The UCI front-end (protocols.md §3): `uci`, `isready`, `setoption`, `ucinewgame`,
//! `position`, `go` (every standard limit, plus `go perft N`), `stop`, `ponderhit`, `quit`,
//! and `d`. Errors are reported as `info string error ...`; the engine state is unchanged.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

use super::front::{Front, GoOptions, Went, report_error};
use super::multi::{ManyPlayers, build_multi};
use super::session::{
    CONTEMPT_MAX, HASH_DEFAULT_MB, HASH_MAX_MB, MULTI_PV_MAX, OVERHEAD_MAX_MS, Session, THREADS_MAX,
};
use super::two_players::TwoPlayers;
use super::{Event, Output};
use crate::core::game::Game;
use crate::search::multi::{Algorithm, MultiSettings};
use crate::variants::{OptionKind, Status, VARIANT_OPTIONS, VARIANTS};
use crate::with_game;

pub struct Uci {
    /// What both kinds of game share (output, hash table, options, search settings) and the
    /// two-player game itself.
    session: Session,
    /// The game being played: the session's two-player game or an N-player one.
    front: Box<dyn Front>,
    /// The N-player search's settings, kept across changes of variant.
    multi_settings: MultiSettings,
    ponder_option: bool,
    deferred: VecDeque<Event>,
    /// The running search ends only when told (`infinite` or `ponder`).
    open_ended: bool,
}

impl Uci {
    pub fn new(out: Output, sender: Sender<Event>) -> Self {
        Uci {
            session: Session::new(out, sender),
            front: Box::new(TwoPlayers),
            multi_settings: MultiSettings::default(),
            ponder_option: false,
            deferred: VecDeque::new(),
            open_ended: false,
        }
    }

    fn out(&self, text: &str) {
        self.session.out.line(text);
    }

    fn error(&self, text: &str) {
        report_error(&self.session, text);
    }

    /// The loop; the `uci` line that chose this front-end has been read already.
    pub fn run(mut self, events: Receiver<Event>) {
        self.identify();
        loop {
            let event = match self.deferred.pop_front() {
                Some(e) => e,
                None => match events.recv() {
                    Ok(e) => e,
                    Err(_) => return,
                },
            };
            match event {
                Event::Line(line) => {
                    log::debug!("< {line}");
                    if !self.command(&line, &events) {
                        return;
                    }
                }
                Event::TooLong(n) => self.error(&format!("input line of {n} bytes ignored")),
                Event::Eof => {
                    // A script piping `go depth 8` and closing its input wants that answer;
                    // a search with no end of its own is stopped.
                    if self.open_ended {
                        self.front.stop_search(&self.session);
                    }
                    self.finish_waiting(&events);
                    return;
                }
                done @ (Event::SearchDone { .. } | Event::MultiDone { .. }) => {
                    self.search_done(done)
                }
            }
        }
    }

    /// Prints the closing lines of the running search, if `event` is its end.
    fn search_done(&mut self, event: Event) {
        for line in self
            .front
            .search_done(&mut self.session, event)
            .into_iter()
            .flatten()
        {
            self.out(&line);
        }
    }

    fn searching(&self) -> bool {
        self.front.searching(&self.session)
    }

    /// Waits for the running search to end by itself, then prints its `bestmove`.
    fn finish_waiting(&mut self, events: &Receiver<Event>) {
        while self.searching() {
            match events.recv() {
                Ok(done @ (Event::SearchDone { .. } | Event::MultiDone { .. })) => {
                    self.search_done(done)
                }
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }

    /// Ends a running search, printing its `bestmove` (UCI requires one per `go`).
    fn finish(&mut self, events: &Receiver<Event>) {
        let lines = self
            .front
            .stop_and_wait(&mut self.session, events, &mut self.deferred);
        for line in lines {
            self.out(&line);
        }
    }

    fn identify(&self) {
        self.out(&format!("id name Menagerie {}", env!("CARGO_PKG_VERSION")));
        self.out("id author the Menagerie developers");
        let mut names: Vec<&str> = VARIANTS
            .iter()
            // N-player games (Party Chess) are played through the N-player front.
            .filter(|v| v.status == Status::Playable)
            .map(|v| v.name)
            .collect();
        names.extend(crate::variants::file_game_names());
        self.out(&format!(
            "option name UCI_Variant type combo default chess var {}",
            names.join(" var ")
        ));
        self.out(&format!(
            "option name Hash type spin default {HASH_DEFAULT_MB} min 1 max {HASH_MAX_MB}"
        ));
        self.out("option name Clear Hash type button");
        self.out("option name VariantPath type string default <empty>");
        self.out(&format!(
            "option name Threads type spin default 1 min 1 max {THREADS_MAX}"
        ));
        self.out(&format!(
            "option name Move Overhead type spin default {} min 0 max {OVERHEAD_MAX_MS}",
            self.session.settings.move_overhead.as_millis()
        ));
        self.out(&format!(
            "option name MultiPV type spin default 1 min 1 max {MULTI_PV_MAX}"
        ));
        self.out(&format!(
            "option name Contempt type spin default {} min -{CONTEMPT_MAX} max {CONTEMPT_MAX}",
            self.session.settings.contempt
        ));
        self.out("option name Ponder type check default false");
        self.out(&format!(
            "option name PartySearch type combo default {} var {}",
            MultiSettings::default().algorithm.name(),
            Algorithm::NAMES.join(" var ")
        ));
        for option in VARIANT_OPTIONS {
            self.out(&format!(
                "option name {} type {}",
                option.name,
                uci_kind(&option.kind)
            ));
        }
        self.out("uciok");
    }

    /// Handles one line; false means quit.
    fn command(&mut self, line: &str, events: &Receiver<Event>) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        // Commands that may arrive while a search runs and must not disturb it.
        match cmd {
            "isready" => {
                self.out("readyok");
                return true;
            }
            "stop" => {
                self.front.stop_search(&self.session);
                return true;
            }
            "ponderhit" => {
                self.front.ponder_hit(&self.session);
                return true;
            }
            "quit" => {
                self.finish(events);
                return false;
            }
            "debug" | "register" => return true,
            "d" => {
                let text = self.front.drawing(&self.session);
                self.session.out.block(&text);
                return true;
            }
            "uci" => {
                self.identify();
                return true;
            }
            _ => {}
        }
        if self.searching() {
            if cmd == "go" {
                self.error("a search is already running: 'go' ignored (send 'stop' first)");
                return true;
            }
            // Anything that changes the position or options ends the search first.
            self.finish(events);
        }
        match cmd {
            "setoption" => self.set_option(&rest),
            "ucinewgame" => {
                self.session.clear_hash();
                self.front.reset(&mut self.session);
            }
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            _ => self.error(&format!("unknown command '{}'", clip(line))),
        }
        true
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <name words> [value <value words>]
        if words.first() != Some(&"name") {
            self.error("setoption needs 'name <option>'");
            return;
        }
        let value_at = words.iter().position(|&w| w == "value");
        let name = words[1..value_at.unwrap_or(words.len())].join(" ");
        let value = value_at
            .map(|i| words[i + 1..].join(" "))
            .unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match build_multi(&value, self.session.options()) {
                Some(Ok(front)) => {
                    self.session.clear_hash();
                    self.out(&front.announce());
                    self.front = Box::new(ManyPlayers(front));
                }
                Some(Err(e)) => self.error(&format!("UCI_Variant: {}", clip(&e))),
                None => match self.session.set_variant(&value) {
                    Ok(()) => {
                        self.front = Box::new(TwoPlayers);
                        self.announce_variant();
                    }
                    Err(e) => self.error(&format!("UCI_Variant: {e}")),
                },
            },
            "variantpath" => self.load_variant_files(&value),
            "partysearch" => match Algorithm::parse(&value) {
                Some(a) => self.multi_settings.algorithm = a,
                None => self.error(&format!(
                    "option PartySearch: '{}' is not one of {}",
                    clip(&value),
                    Algorithm::NAMES.join(", ")
                )),
            },
            "hash" => {
                if let Some(n) = self.spin(&name, &value, 1, HASH_MAX_MB as i64) {
                    self.session.set_hash(n as usize);
                }
            }
            "clear hash" => self.session.clear_hash(),
            "threads" => {
                if let Some(n) = self.spin(&name, &value, 1, THREADS_MAX as i64) {
                    self.session.settings.threads = n as usize;
                }
            }
            "move overhead" => {
                if let Some(n) = self.spin(&name, &value, 0, OVERHEAD_MAX_MS as i64) {
                    let overhead = Duration::from_millis(n as u64);
                    self.session.settings.move_overhead = overhead;
                    self.multi_settings.move_overhead = overhead;
                }
            }
            "multipv" => {
                if let Some(n) = self.spin(&name, &value, 1, MULTI_PV_MAX as i64) {
                    self.session.settings.multi_pv = n as usize;
                }
            }
            "contempt" => {
                if let Some(n) = self.spin(&name, &value, -CONTEMPT_MAX, CONTEMPT_MAX) {
                    self.session.settings.contempt = n as i32;
                }
            }
            "ponder" => match value.as_str() {
                "true" => self.ponder_option = true,
                "false" => self.ponder_option = false,
                _ => self.error(&format!(
                    "option Ponder: '{}' is not true or false",
                    clip(&value)
                )),
            },
            _ => {
                if let Err(e) = self.session.set_variant_option(&name, &value) {
                    self.error(&clip(&e));
                    return;
                }
                match self.front.option_changed(&self.session, &name) {
                    Ok(lines) => lines.iter().for_each(|l| self.out(l)),
                    Err(e) => self.error(&e),
                }
            }
        }
    }

    /// `setoption name VariantPath value FILE[:FILE...]`: the files' games join the list of
    /// `UCI_Variant` (shown by the next `uci`), as in Fairy-Stockfish. Problems are reported
    /// as `info string` lines with their file and line.
    fn load_variant_files(&mut self, value: &str) {
        for line in super::session::load_variant_path(value) {
            match line {
                Ok(text) => self.out(&format!("info string {}", clip(&text))),
                Err(e) => self.error(&clip(&e)),
            }
        }
    }

    /// Parses a spin value; out of range or not a number is an error (option unchanged).
    fn spin(&self, name: &str, value: &str, min: i64, max: i64) -> Option<i64> {
        match value.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Some(n),
            _ => {
                self.error(&format!(
                    "option {name}: '{}' is not a number from {min} to {max}",
                    clip(value)
                ));
                None
            }
        }
    }

    /// Fairy-Stockfish's line describing the variant's board for GUIs.
    fn announce_variant(&self) {
        let game = self.session.game();
        let line = with_game!(game, g => {
            let v = g.variant();
            let geometry = v.geometry();
            let pocket = if v.spec.holdings { v.kinds() } else { 0 };
            let template = if v.spec.holdings { "crazyhouse" } else { "fairy" };
            format!(
                "info string variant {} files {} ranks {} pocket {} template {} startpos {}",
                v.name(),
                geometry.files(),
                geometry.squares() / geometry.files(),
                pocket,
                template,
                v.spec.start
            )
        });
        self.out(&line);
    }

    fn position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|&w| w == "moves");
        let head = &words[..moves_at.unwrap_or(words.len())];
        let moves: Vec<String> = moves_at
            .map(|i| words[i + 1..].iter().map(|s| s.to_string()).collect())
            .unwrap_or_default();
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => {
                self.error("position needs 'startpos' or 'fen <position>' (position unchanged)");
                return;
            }
        };
        let result = self
            .front
            .set_position(&mut self.session, fen.as_deref(), &moves);
        if let Err(e) = result {
            self.error(&format!("{} (position unchanged)", clip(&e)));
        }
    }

    fn go(&mut self, words: &[&str]) {
        let options = GoOptions {
            multi: &self.multi_settings,
        };
        match self.front.go(&mut self.session, words, &options) {
            Ok(Went::Searching { open_ended }) => self.open_ended = open_ended,
            Ok(Went::Answered(text)) => self.session.out.block(&text),
            Err(e) => self.error(&format!("go: {e} (ignored)")),
        }
    }
}

/// A variant option as UCI declares it.
fn uci_kind(kind: &OptionKind) -> String {
    match kind {
        OptionKind::Check { default } => format!("check default {default}"),
        OptionKind::Spin { default, min, max } => {
            format!("spin default {default} min {min} max {max}")
        }
        OptionKind::Combo { default, choices } => {
            let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
            format!("combo default {default}{vars}")
        }
        OptionKind::Text { default } => format!("string default {default}"),
    }
}

/// Echoed input is cut short so a huge bad line cannot flood the GUI.
pub fn clip(text: &str) -> String {
    const MAX: usize = 120;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}...")
    }
}
