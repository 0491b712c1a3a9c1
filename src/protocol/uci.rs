//! The UCI front-end (protocols.md §3): `uci`, `isready`, `setoption`, `ucinewgame`,
//! `position`, `go` (every standard limit, plus `go perft N`), `stop`, `ponderhit`, `quit`,
//! and `d`. Errors are reported as `info string error ...`; the engine state is unchanged.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

use super::multi::{MultiFront, build_multi, parse_multi_go};
use super::session::{
    CONTEMPT_MAX, HASH_DEFAULT_MB, HASH_MAX_MB, MULTI_PV_MAX, OVERHEAD_MAX_MS, Session, THREADS_MAX,
};
use super::{Event, Output};
use crate::core::game::Game;
use crate::fen::move_text;
use crate::search::multi::{Algorithm, MultiSettings};
use crate::search::{Clock, Limits, Report, Score, SearchResult};
use crate::variants::AnyGame;
use crate::variants::{OptionKind, Status, VARIANT_OPTIONS, VARIANTS};
use crate::with_game;

/// Largest perft depth `go perft` accepts (deeper would run for days on any variant).
const MAX_PERFT: u32 = 12;

pub struct Uci {
    session: Session,
    /// The N-player game being played (Party Chess), when `UCI_Variant` names one; the
    /// two-player `session` then only keeps the shared options and the hash table.
    multi: Option<Box<dyn MultiFront>>,
    multi_settings: MultiSettings,
    ponder_option: bool,
    deferred: VecDeque<Event>,
    /// The running search ends only when told (`infinite` or `ponder`).
    open_ended: bool,
}

/// What `go` asked for, parsed from its tokens.
#[derive(Debug, Default)]
struct Go {
    limits: Limits,
    times: [Option<u64>; 2],
    increments: [Option<u64>; 2],
    moves_to_go: Option<u32>,
    search_moves: Vec<String>,
    ponder: bool,
    perft: Option<u32>,
}

impl Uci {
    pub fn new(out: Output, sender: Sender<Event>) -> Self {
        Uci {
            session: Session::new(out, sender),
            multi: None,
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
        log::warn!("{text}");
        self.out(&format!("info string error {text}"));
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
                        self.session.stop_search();
                        if let Some(m) = &self.multi {
                            m.stop_search();
                        }
                    }
                    self.finish_waiting(&events);
                    return;
                }
                Event::SearchDone { token, result } => {
                    if let Some(result) = self.session.finish_search(token, result) {
                        self.best_move(&result);
                    }
                }
                Event::MultiDone { token, lines } => self.multi_done(token, lines),
            }
        }
    }

    /// Prints the closing lines of the running N-player search.
    fn multi_done(&mut self, token: u64, lines: Vec<String>) {
        if let Some(lines) = self
            .multi
            .as_mut()
            .and_then(|m| m.finish_search(token, lines))
        {
            for line in lines {
                self.out(&line);
            }
        }
    }

    fn searching(&self) -> bool {
        self.session.searching() || self.multi.as_ref().is_some_and(|m| m.searching())
    }

    /// Waits for the running search to end by itself, then prints its `bestmove`.
    fn finish_waiting(&mut self, events: &Receiver<Event>) {
        while self.searching() {
            match events.recv() {
                Ok(Event::SearchDone { token, result }) => {
                    if let Some(result) = self.session.finish_search(token, result) {
                        self.best_move(&result);
                    }
                }
                Ok(Event::MultiDone { token, lines }) => self.multi_done(token, lines),
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }

    /// Ends a running search, printing its `bestmove` (UCI requires one per `go`).
    fn finish(&mut self, events: &Receiver<Event>) {
        if let Some(result) = self.session.stop_and_wait(events, &mut self.deferred) {
            self.best_move(&result);
        }
        let lines = self
            .multi
            .as_mut()
            .and_then(|m| m.stop_and_wait(events, &mut self.deferred));
        for line in lines.into_iter().flatten() {
            self.out(&line);
        }
    }

    fn identify(&self) {
        self.out(&format!("id name Menagerie {}", env!("CARGO_PKG_VERSION")));
        self.out("id author the Menagerie developers");
        let mut names: Vec<&str> = VARIANTS
            .iter()
            // N-player games (Party Chess) are played by the N-player session (`multi`).
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
                self.session.stop_search();
                if let Some(m) = &self.multi {
                    m.stop_search();
                }
                return true;
            }
            "ponderhit" => {
                self.session.ponder_hit();
                return true;
            }
            "quit" => {
                self.finish(events);
                return false;
            }
            "debug" | "register" => return true,
            "d" => {
                let text = match &self.multi {
                    Some(m) => m.drawing(),
                    None => self.session.drawing(),
                };
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
                self.session.reset();
                if let Some(m) = &mut self.multi {
                    m.reset();
                }
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
                    self.multi = Some(front);
                }
                Some(Err(e)) => self.error(&format!("UCI_Variant: {}", clip(&e))),
                None => match self.session.set_variant(&value) {
                    Ok(()) => {
                        self.multi = None;
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
                } else {
                    self.rebuild_multi(&name);
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

    /// A variant option changed: the N-player game it belongs to starts again under it.
    fn rebuild_multi(&mut self, option: &str) {
        let Some(current) = self.multi.as_ref().map(|m| m.name()) else {
            return;
        };
        let applies = crate::variants::options::find_option(option)
            .is_some_and(|o| o.variants.contains(&current));
        if !applies {
            return;
        }
        match build_multi(current, self.session.options()) {
            Some(Ok(front)) => {
                self.out(&front.announce());
                self.multi = Some(front);
            }
            Some(Err(e)) => self.error(&format!("{current}: {}", clip(&e))),
            None => {}
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
        let result = match &mut self.multi {
            Some(m) => {
                let plays: Vec<&str> = moves.iter().map(String::as_str).collect();
                m.set_position(fen.as_deref(), &plays)
            }
            None => self.session.set_position(fen.as_deref(), &moves),
        };
        if let Err(e) = result {
            self.error(&format!("{} (position unchanged)", clip(&e)));
        }
    }

    /// `go` in an N-player game.
    fn multi_go(&mut self, words: &[&str]) {
        let Some(m) = self.multi.as_mut() else {
            return;
        };
        let go = match parse_multi_go(words, m.players()) {
            Ok(go) => go,
            Err(e) => {
                let text = format!("go: {e} (ignored)");
                log::warn!("{text}");
                self.session.out.line(&format!("info string error {text}"));
                return;
            }
        };
        if let Some(depth) = go.perft {
            let text = m.perft(depth);
            self.session.out.block(&text);
            return;
        }
        self.open_ended = go.limits.infinite;
        m.start_search(
            &go,
            &self.multi_settings,
            self.session.shared_tt(),
            self.session.out.clone(),
            self.session.sender(),
        );
    }

    fn go(&mut self, words: &[&str]) {
        if self.multi.is_some() {
            self.multi_go(words);
            return;
        }
        let go = match parse_go(words) {
            Ok(go) => go,
            Err(e) => {
                self.error(&format!("go: {e} (ignored)"));
                return;
            }
        };
        if let Some(depth) = go.perft {
            let text = self.session.perft(depth);
            self.session.out.block(&text);
            return;
        }
        let mut limits = go.limits;
        let side = self.session.position().side() as usize;
        if let Some(t) = go.times.get(side).copied().flatten() {
            limits.clock = Some(Clock {
                remaining: Duration::from_millis(t),
                increment: Duration::from_millis(go.increments[side.min(1)].unwrap_or(0)),
                moves_to_go: go.moves_to_go,
            });
        }
        let root = if go.search_moves.is_empty() {
            None
        } else {
            let mut allowed = Vec::new();
            for text in &go.search_moves {
                match self.session.parse_move(text) {
                    Ok(mv) => allowed.push(mv),
                    Err(e) => self.error(&format!("searchmoves: {e} (move skipped)")),
                }
            }
            Some(allowed)
        };
        let out = self.session.out.clone();
        let game = self.session.shared_game();
        let report = Box::new(move |r: &Report| out.line(&info_line(r, &game)));
        self.open_ended = limits.infinite || go.ponder;
        self.session.start_search(limits, root, go.ponder, report);
    }

    fn best_move(&mut self, result: &SearchResult) {
        match result.best {
            Some(best) => {
                if let Some(record) = self.session.move_record(&best) {
                    // Captures away from the destination are named for the GUI
                    // (notation.md: `info string` lines may list them as x<square>).
                    self.out(&format!("info string bestmove {record}"));
                }
                let mut line = format!("bestmove {}", self.session.move_text(&best));
                if let Some(p) = result.ponder {
                    // The ponder move is named in the position after the best move.
                    self.session.play(best);
                    line.push_str(&format!(" ponder {}", self.session.move_text(&p)));
                    self.session.take_back();
                }
                self.out(&line);
            }
            None => {
                // Lost for the side to move (checkmate, a flag reached, stalemate where it
                // loses): mate 0; otherwise a draw.
                let side = self.session.side();
                let lost = matches!(
                    self.session.outcome(),
                    Some(crate::core::outcome::Outcome::Win { winner, .. }) if winner != side
                );
                let score = if lost || self.session.in_check() {
                    "mate 0"
                } else {
                    "cp 0"
                };
                self.out(&format!("info depth 0 score {score}"));
                if let Some(result) = self.session.result_note() {
                    self.out(&format!("info string result {result}"));
                }
                self.out("bestmove (none)");
            }
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

fn info_line(r: &Report, game: &AnyGame) -> String {
    let score = match r.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let ms = r.time.as_millis().max(1) as u64;
    let pv: Vec<String> =
        with_game!(game, g => r.pv.iter().map(|m| move_text(g.variant(), m)).collect());
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        r.depth,
        r.seldepth,
        r.line,
        score,
        r.nodes,
        r.nodes * 1000 / ms,
        r.time.as_millis(),
        r.hashfull,
        pv.join(" ")
    )
}

/// Parses the tokens after `go`. Numbers saturate (a GUI's `wtime 99999999999999` is just a
/// long time); negative times count as zero; unknown tokens are an error.
fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    let number = |i: usize| -> Result<i128, String> {
        let w = words
            .get(i + 1)
            .ok_or_else(|| format!("'{}' needs a number", words[i]))?;
        w.parse::<i128>()
            .map_err(|_| format!("'{}' is not a number after '{}'", clip(w), words[i]))
    };
    let clamp_u64 = |n: i128| n.clamp(0, u64::MAX as i128) as u64;
    while i < words.len() {
        let w = words[i];
        match w {
            "infinite" => go.limits.infinite = true,
            "ponder" => go.ponder = true,
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate"
            | "movetime" | "perft" => {
                let n = number(i)?;
                i += 1;
                match w {
                    "wtime" => go.times[0] = Some(clamp_u64(n)),
                    "btime" => go.times[1] = Some(clamp_u64(n)),
                    "winc" => go.increments[0] = Some(clamp_u64(n)),
                    "binc" => go.increments[1] = Some(clamp_u64(n)),
                    "movestogo" => go.moves_to_go = Some(n.clamp(1, 1000) as u32),
                    "depth" => go.limits.depth = Some(n.clamp(1, 100) as u32),
                    "nodes" => go.limits.nodes = Some(clamp_u64(n).max(1)),
                    "mate" => go.limits.mate = Some(n.clamp(1, 500) as u32),
                    "movetime" => go.limits.move_time = Some(Duration::from_millis(clamp_u64(n))),
                    _ => {
                        if !(1..=MAX_PERFT as i128).contains(&n) {
                            return Err(format!("perft depth must be 1 to {MAX_PERFT}"));
                        }
                        go.perft = Some(n as u32);
                    }
                }
            }
            "searchmoves" => {
                while let Some(m) = words.get(i + 1) {
                    if is_go_keyword(m) {
                        break;
                    }
                    go.search_moves.push(m.to_string());
                    i += 1;
                }
            }
            other => return Err(format!("unknown parameter '{}'", clip(other))),
        }
        i += 1;
    }
    Ok(go)
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "infinite"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "perft"
            | "searchmoves"
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parsing_saturates_and_rejects_garbage() {
        let go = parse_go(&[
            "wtime",
            "-5",
            "btime",
            "99999999999999999999",
            "movestogo",
            "0",
        ])
        .unwrap();
        assert_eq!(go.times, [Some(0), Some(u64::MAX)]);
        assert_eq!(go.moves_to_go, Some(1));
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["depth", "x"]).is_err());
        assert!(parse_go(&["frobnicate"]).is_err());
        assert!(parse_go(&["perft", "300"]).is_err());
        let go = parse_go(&["searchmoves", "e2e4", "d2d4", "depth", "3"]).unwrap();
        assert_eq!(go.search_moves, ["e2e4", "d2d4"]);
        assert_eq!(go.limits.depth, Some(3));
    }
}
