//! The XBoard / CECP v2 front-end (protocols.md §1–2): the handshake, game flow (`new`,
//! `variant`, `force`, `go`, `playother`, `setboard`, moves, `undo`, `remove`, `result`),
//! clocks (`level`, `st`, `sd`, `time`, `otim`, `nps`), `ping`, `?`, analysis, pondering,
//! `exclude`/`include`, the highlight protocol (`lift`/`put`/`hover`) and options.
//!
//! While the engine thinks about its own move, commands that would change the game abort the
//! search (its move is thrown away), harmless ones are handled at once, and the rest (notably
//! `ping`) wait until the move is sent, as CECP requires.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::session::{
    CONTEMPT_MAX, HASH_MAX_MB, MULTI_PV_MAX, OVERHEAD_MAX_MS, Session, THREADS_MAX,
};
use super::uci::clip;
use super::xboard_variants::{XboardVariant, our_name, xboard_variant_names};
use super::{Event, Output};
use crate::core::game::Game;
use crate::core::moves::{Move, MoveKind};
use crate::core::rules::castling::rook_destination;
use crate::fen::move_text;
use crate::search::{Budget, Clock, Limits, MATE, MATE_BOUND, Report, SearchResult};
use crate::variants::options::find_option;
use crate::variants::{AnyGame, OptionKind, VARIANT_OPTIONS};
use crate::with_game;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Idle,
    /// Searching for the engine's own move, which is played when the search ends.
    Thinking,
    /// Searching on the opponent's time; the result is thrown away.
    Pondering,
    /// `analyze`: searching until told otherwise; the result is thrown away.
    Analyzing,
}

/// `level MPS BASE INC`.
#[derive(Clone, Copy, Debug)]
struct Level {
    moves_per_control: u32,
    base: Duration,
    increment: Duration,
}

/// The last iteration reported, for `.` in analysis.
#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    depth: u32,
    nodes: u64,
    time: Duration,
}

pub struct XBoard {
    session: Session,
    deferred: VecDeque<Event>,
    mode: Mode,
    analyze: bool,
    force: bool,
    /// The side the engine plays (meaningful when not in force mode).
    engine_side: u8,
    post: bool,
    ponder: bool,
    level: Level,
    move_time: Option<Duration>,
    depth_limit: Option<u32>,
    nps: Option<u64>,
    engine_clock: Option<Duration>,
    excluded: Vec<Move>,
    /// False after a `setboard` that could not be read: moves are refused until a new position.
    position_ok: bool,
    game_over: bool,
    picture: XboardVariant,
    progress: Arc<Mutex<Progress>>,
    hint: Option<String>,
    lifted: Option<u16>,
}

/// Commands handled at once even while the engine thinks about its move.
fn harmless(cmd: &str) -> bool {
    matches!(
        cmd,
        "?" | "."
            | "time"
            | "otim"
            | "post"
            | "nopost"
            | "hard"
            | "easy"
            | "hint"
            | "draw"
            | "accepted"
            | "rejected"
            | "computer"
            | "name"
            | "rating"
            | "random"
            | "ics"
            | "bk"
            | "hover"
            | "xboard"
    )
}

/// Commands that end the engine's thinking without a move.
fn aborts_thinking(cmd: &str) -> bool {
    matches!(
        cmd,
        "new"
            | "force"
            | "result"
            | "quit"
            | "setboard"
            | "variant"
            | "undo"
            | "remove"
            | "edit"
            | "analyze"
            | "playother"
            | "white"
            | "black"
            | "exit"
    )
}

impl XBoard {
    pub fn new(out: Output, sender: Sender<Event>) -> Self {
        let session = Session::new(out, sender);
        let picture = with_game!(session.game(), g => XboardVariant::describe(g.variant()));
        XBoard {
            session,
            deferred: VecDeque::new(),
            mode: Mode::Idle,
            analyze: false,
            force: false,
            engine_side: 1,
            post: true,
            ponder: false,
            level: Level {
                moves_per_control: 0,
                base: Duration::from_secs(300),
                increment: Duration::ZERO,
            },
            move_time: None,
            depth_limit: None,
            nps: None,
            engine_clock: None,
            excluded: Vec::new(),
            position_ok: true,
            game_over: false,
            picture,
            progress: Arc::new(Mutex::new(Progress::default())),
            hint: None,
            lifted: None,
        }
    }

    fn out(&self, text: &str) {
        self.session.out.line(text);
    }

    fn error(&self, kind: &str, command: &str) {
        log::warn!("Error ({kind}): {command}");
        self.out(&format!("Error ({kind}): {}", clip(command)));
    }

    /// The loop; the `xboard` line that chose this front-end has been read already.
    pub fn run(mut self, events: Receiver<Event>) {
        loop {
            let event = match self.deferred.pop_front() {
                Some(e) if self.mode != Mode::Thinking || !matches!(e, Event::Line(_)) => e,
                Some(e) => {
                    // Still thinking: keep waiting lines in order behind the search result,
                    // but obey a waiting line that would have been obeyed at once had it
                    // arrived now. Lines read while an earlier search was being stopped wait
                    // here too, and a search started from this queue could otherwise never be
                    // interrupted (found by `menagerie fuzz`). A harmless line (`?`, `time`)
                    // is handled at once; a line that ends the thinking (`force`, `new`)
                    // stops the search and the queue is then obeyed in arrival order, so a
                    // `go` that came before a `force` cannot start a search after it (also
                    // found by the fuzz: the search then held back every later `ping`).
                    self.deferred.push_front(e);
                    let command = |e: &Event| match e {
                        Event::Line(l) => l.split_whitespace().next().unwrap_or("").to_string(),
                        _ => String::new(),
                    };
                    let urgent = self
                        .deferred
                        .iter()
                        .map(command)
                        .enumerate()
                        .find(|(_, cmd)| harmless(cmd) || aborts_thinking(cmd));
                    match urgent {
                        Some((i, cmd)) if harmless(&cmd) => {
                            self.deferred.remove(i).expect("index from position")
                        }
                        Some(_) => {
                            self.abort_search(&events);
                            continue;
                        }
                        None => match events.recv() {
                            Ok(e) => e,
                            Err(_) => return,
                        },
                    }
                }
                None => match events.recv() {
                    Ok(e) => e,
                    Err(_) => return,
                },
            };
            match event {
                Event::Line(line) => {
                    log::debug!("< {line}");
                    if !self.dispatch(line, &events) {
                        return;
                    }
                }
                Event::TooLong(n) => self.error("line too long", &format!("{n} bytes")),
                Event::Eof => {
                    self.abort_search(&events);
                    return;
                }
                Event::MultiDone { .. } => {}
                Event::SearchDone { token, result } => {
                    if let Some(result) = self.session.finish_search(token, result) {
                        let mode = std::mem::replace(&mut self.mode, Mode::Idle);
                        if mode == Mode::Thinking {
                            self.play_own_move(&result);
                        }
                    }
                }
            }
        }
    }

    /// Decides what to do with a line given what is running; false means quit.
    fn dispatch(&mut self, line: String, events: &Receiver<Event>) -> bool {
        let cmd = line.split_whitespace().next().unwrap_or("");
        match self.mode {
            Mode::Idle => {}
            Mode::Thinking => {
                if harmless(cmd) {
                    self.harmless_command(&line);
                    return true;
                }
                if !aborts_thinking(cmd) {
                    self.deferred.push_back(Event::Line(line));
                    return true;
                }
                if !self.deferred.is_empty() {
                    // Lines that came before this one wait: obey them first, in order.
                    self.deferred.push_back(Event::Line(line));
                    self.abort_search(events);
                    return true;
                }
                self.abort_search(events);
            }
            Mode::Pondering | Mode::Analyzing => {
                if harmless(cmd) || cmd == "ping" {
                    if harmless(cmd) {
                        self.harmless_command(&line);
                    } else {
                        self.command(&line);
                    }
                    return true;
                }
                self.abort_search(events);
            }
        }
        if cmd == "quit" {
            return false;
        }
        self.command(&line);
        if self.analyze && self.mode == Mode::Idle {
            self.start_analysis();
        }
        true
    }

    /// Stops whatever search runs and forgets its result.
    fn abort_search(&mut self, events: &Receiver<Event>) {
        if self.session.searching() {
            self.session.stop_and_wait(events, &mut self.deferred);
        }
        self.mode = Mode::Idle;
    }

    /// Commands that never wait for the search.
    fn harmless_command(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let arg = words.get(1).copied().unwrap_or("");
        match words[0] {
            "?" if self.mode == Mode::Thinking => self.session.stop_search(),
            "." if self.mode == Mode::Analyzing => {
                let p = *self.progress.lock().unwrap_or_else(|e| e.into_inner());
                let total = self.session.legal_moves().len();
                self.out(&format!(
                    "stat01: {} {} {} {} {}",
                    p.time.as_millis() / 10,
                    p.nodes,
                    p.depth,
                    total,
                    total
                ));
            }
            "time" => match parse_centiseconds(arg) {
                Some(t) => self.engine_clock = Some(t),
                None => self.error("bad number", line),
            },
            "otim" if parse_centiseconds(arg).is_none() => self.error("bad number", line),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "hard" => self.ponder = true,
            "easy" => self.ponder = false,
            "hint" => {
                if let Some(h) = &self.hint {
                    self.out(&format!("Hint: {h}"));
                }
            }
            // Draw offers are declined by silence; the rest carries nothing we use.
            _ => {}
        }
    }

    fn command(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return;
        };
        let arg = words.get(1).copied().unwrap_or("");
        if harmless(cmd) {
            self.harmless_command(line);
            return;
        }
        match cmd {
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.variant(arg),
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.session.position().side();
                self.think();
            }
            "playother" => {
                self.force = false;
                self.engine_side = 1 - self.session.position().side().min(1);
                self.start_pondering();
            }
            "white" | "black" => {
                // Obsolete (we sent colors=0): the named side moves, the engine plays the other.
                self.force = false;
                self.engine_side = if cmd == "white" { 1 } else { 0 };
            }
            "setboard" => self.set_board(line),
            "usermove" => self.user_move(arg, line),
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "result" => {
                self.game_over = true;
                self.force = true;
            }
            "level" => self.set_level(&words[1..], line),
            "st" => match arg.parse::<f64>() {
                Ok(s) if s.is_finite() && s > 0.0 => {
                    self.move_time = Some(Duration::from_secs_f64(s.min(1e6)))
                }
                _ => self.error("bad number", line),
            },
            "sd" => match arg.parse::<u64>() {
                Ok(d) if d >= 1 => self.depth_limit = Some(d.min(100) as u32),
                _ => self.error("bad number", line),
            },
            "nps" => match arg.parse::<u64>() {
                Ok(0) => self.nps = None,
                Ok(n) => self.nps = Some(n),
                _ => self.error("bad number", line),
            },
            "ping" => self.out(&format!("pong {arg}")),
            "analyze" => {
                self.analyze = true;
            }
            "exit" => self.analyze = false,
            "memory" => match arg.parse::<u64>() {
                Ok(mb) if mb >= 1 => self.session.set_hash(mb.min(HASH_MAX_MB as u64) as usize),
                _ => self.error("bad number", line),
            },
            "cores" => match arg.parse::<u64>() {
                Ok(n) if n >= 1 => {
                    self.session.settings.threads = n.min(THREADS_MAX as u64) as usize
                }
                _ => self.error("bad number", line),
            },
            "option" => self.option(line),
            "exclude" | "include" => self.exclude(cmd, arg, line),
            "lift" => self.lift(arg, line),
            "put" => self.put(arg),
            "edit" => self.error("edit is not supported, use setboard", line),
            "perft" => match arg.parse::<u32>() {
                Ok(d) if (1..=12).contains(&d) => {
                    let text = self.session.perft(d);
                    let text: String = text
                        .lines()
                        .map(|l| self.picture.move_to_xboard(l) + "\n")
                        .collect();
                    self.session.out.block(&text);
                }
                _ => self.error("bad number", line),
            },
            "d" => {
                let text = self.session.drawing();
                for l in text.lines() {
                    self.out(&format!("# {l}"));
                }
            }
            // Protocol noise we accept and ignore.
            "pause" | "resume" | "egtpath" | "setscore" | "partner" | "ptell" | "holding"
            | "tellics" => {}
            _ => {
                if self.looks_like_move(cmd) && words.len() == 1 {
                    self.user_move(cmd, line);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
    }

    fn features(&self) {
        self.out("feature done=0");
        let variants = xboard_variant_names().join(",");
        self.out(&format!(
            "feature ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 \
             time=1 draw=1 reuse=1 analyze=1 san=0 memory=1 smp=1 highlight=1 exclude=1 \
             debug=1 nps=1 myname=\"Menagerie {}\" variants=\"{variants}\"",
            env!("CARGO_PKG_VERSION")
        ));
        self.out(&format!(
            "feature option=\"Move Overhead -spin {} 0 {OVERHEAD_MAX_MS}\"",
            self.session.settings.move_overhead.as_millis()
        ));
        self.out(&format!(
            "feature option=\"MultiPV -spin 1 1 {MULTI_PV_MAX}\""
        ));
        self.out(&format!(
            "feature option=\"Contempt -spin {} -{CONTEMPT_MAX} {CONTEMPT_MAX}\"",
            self.session.settings.contempt
        ));
        self.out("feature option=\"Clear Hash -button\"");
        self.out("feature option=\"VariantPath -file <empty>\"");
        // Only the options of variants XBoard can play (Partonici, for one, is UCI only).
        let offered = VARIANT_OPTIONS.iter().filter(|o| {
            xboard_variant_names()
                .iter()
                .any(|x| our_name(x).is_some_and(|ours| o.variants.contains(&ours)))
        });
        for option in offered {
            let kind = match option.kind {
                OptionKind::Check { default } => format!("-check {}", default as u8),
                OptionKind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
                OptionKind::Combo { default, choices } => {
                    let list: Vec<String> = choices
                        .iter()
                        .map(|c| {
                            if *c == default {
                                format!("*{c}")
                            } else {
                                c.to_string()
                            }
                        })
                        .collect();
                    format!("-combo {}", list.join(" /// "))
                }
                OptionKind::Text { default } => format!("-string {default}"),
            };
            self.out(&format!("feature option=\"{} {kind}\"", option.name));
        }
        self.out("feature done=1");
    }

    fn new_game(&mut self) {
        if self.session.variant_name() != "chess" {
            let _ = self.session.set_variant("chess");
        }
        self.session.reset();
        self.session.clear_hash();
        self.refresh_picture();
        self.force = false;
        self.engine_side = 1;
        self.depth_limit = None;
        self.engine_clock = None;
        self.excluded.clear();
        self.position_ok = true;
        self.game_over = false;
        self.hint = None;
    }

    fn refresh_picture(&mut self) {
        self.picture = with_game!(self.session.game(), g => XboardVariant::describe(g.variant()));
    }

    fn variant(&mut self, name: &str) {
        if crate::variants::is_multi(name) {
            // XBoard knows two sides; a game of up to eight is offered over UCI only.
            self.error(
                "unsupported variant",
                &format!("{name}: more than two players, XBoard cannot play it (use UCI)"),
            );
            return;
        }
        let Some(ours) = our_name(name) else {
            self.error("unknown variant", name);
            return;
        };
        match self.session.set_variant(ours) {
            Ok(()) => {
                self.refresh_picture();
                self.excluded.clear();
                self.position_ok = true;
                self.game_over = false;
                for line in self.picture.announce.clone() {
                    self.out(&line);
                }
            }
            Err(e) => self.error("unsupported variant", &format!("{name}: {e}")),
        }
    }

    fn set_board(&mut self, line: &str) {
        let fen = line
            .trim_start()
            .strip_prefix("setboard")
            .unwrap_or("")
            .trim();
        let ours = self.picture.fen_from_xboard(fen);
        // XBoard's e.p. field is only a hint (protocols.md §2): try it converted, as sent, and
        // finally without it.
        let mut candidates = vec![ours.clone(), fen.to_string()];
        let mut fields: Vec<&str> = ours.split_whitespace().collect();
        if fields.len() > 3 {
            fields[3] = "-";
            candidates.push(fields.join(" "));
        }
        let mut first_error = None;
        for text in &candidates {
            match self.session.set_position(Some(text), &[]) {
                Ok(()) => {
                    self.position_ok = true;
                    self.game_over = false;
                    self.excluded.clear();
                    return;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        self.position_ok = false;
        let reason = first_error.unwrap_or_default();
        log::warn!("setboard refused: {reason}");
        self.out(&format!(
            "tellusererror Illegal position: {}",
            clip(&reason)
        ));
    }

    fn looks_like_move(&self, word: &str) -> bool {
        let b = word.as_bytes();
        word == "@@@@"
            || (b.len() >= 4
                && (b[0].is_ascii_lowercase() || b[0].is_ascii_uppercase())
                && (b[1].is_ascii_digit() || b[1] == b'@'))
    }

    fn user_move(&mut self, text: &str, line: &str) {
        if text.is_empty() {
            self.error("no move given", line);
            return;
        }
        if !self.position_ok {
            self.out(&format!("Illegal move (no valid position): {}", clip(text)));
            return;
        }
        let mv = match self.resolve_move(text) {
            Ok(mv) => mv,
            Err(e) => {
                log::info!("refused move {text}: {e}");
                self.out(&format!("Illegal move: {}", clip(text)));
                return;
            }
        };
        self.session.play(mv);
        self.excluded.clear();
        if self.announce_result() {
            return;
        }
        if !self.force && !self.analyze && self.session.position().side() == self.engine_side {
            self.think();
        }
    }

    /// The legal move an XBoard move text names: in XBoard's notation (with the new face as
    /// a suffix where the picture asks for it, `c1c2q`), or in ours.
    fn resolve_move(&mut self, text: &str) -> Result<Move, String> {
        if text == "@@@@" {
            return self.session.parse_move("0000");
        }
        if self.picture.face_suffix {
            let legal = self.session.legal_moves();
            if let Some(&mv) = legal.iter().find(|m| {
                let face = self.face_change(m);
                let plain = self.xboard_move(m);
                // Also accepted: the unchanged face written out (`b3b4p`: no promotion).
                plain == text
                    || (face.is_none()
                        && self
                            .face_letter(m)
                            .is_some_and(|c| format!("{plain}{c}") == text))
            }) {
                return Ok(mv);
            }
        }
        let ours = self.picture.move_from_xboard(text);
        self.session.parse_move(&ours)
    }

    /// The letter (lower case) of the face the moving piece of `mv` shows after it, when that
    /// differs from its face before and no promotion suffix says so already.
    fn face_change(&self, mv: &Move) -> Option<char> {
        if mv.kind != MoveKind::Normal || mv.is_promotion() {
            return None;
        }
        let pos = self.session.position();
        with_game!(self.session.game(), g => {
            let before = pos.at(mv.from);
            let mut after = pos.clone();
            g.make(&mut after, *mv);
            let now = after.at(mv.to);
            (now.kind() != before.kind())
                .then(|| g.variant().kind(now.kind()).letter.to_ascii_lowercase())
        })
    }

    /// The letter (lower case) of the face the moving piece shows before `mv` (board moves).
    fn face_letter(&self, mv: &Move) -> Option<char> {
        if mv.kind != MoveKind::Normal {
            return None;
        }
        let piece = self.session.position().at(mv.from);
        if piece.is_empty() {
            return None;
        }
        Some(with_game!(self.session.game(), g => {
            g.variant().kind(piece.kind()).letter.to_ascii_lowercase()
        }))
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        if self.session.moves_played() < plies {
            self.error("no move to undo", line);
            return;
        }
        for _ in 0..plies {
            self.session.take_back();
        }
        self.game_over = false;
        self.excluded.clear();
    }

    /// Prints the result if the game is over by the rules; true when it is.
    fn announce_result(&mut self) -> bool {
        if let Some(outcome) = self.session.outcome() {
            if !self.game_over {
                self.out(&outcome.to_string());
            }
            self.game_over = true;
            return true;
        }
        false
    }

    fn set_level(&mut self, args: &[&str], line: &str) {
        let parsed = (|| {
            let mps = args.first()?.parse::<u32>().ok()?;
            let base = parse_minutes(args.get(1)?)?;
            let inc = args.get(2)?.parse::<f64>().ok()?;
            if !inc.is_finite() || inc < 0.0 {
                return None;
            }
            Some(Level {
                moves_per_control: mps,
                base,
                increment: Duration::from_secs_f64(inc.min(1e6)),
            })
        })();
        match parsed {
            Some(level) => {
                self.level = level;
                self.move_time = None;
            }
            None => self.error("bad level", line),
        }
    }

    fn option(&mut self, line: &str) {
        let body = line
            .trim_start()
            .strip_prefix("option")
            .unwrap_or("")
            .trim();
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body, ""),
        };
        // A spin value in `min..=max`; anything else is a bad value and changes nothing.
        let number = |min: i64, max: i64| {
            value
                .parse::<i64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
        };
        match name {
            "Move Overhead" => match number(0, OVERHEAD_MAX_MS as i64) {
                Some(ms) => self.session.settings.move_overhead = Duration::from_millis(ms as u64),
                None => self.error("bad option value", line),
            },
            "MultiPV" => match number(1, MULTI_PV_MAX as i64) {
                Some(n) => self.session.settings.multi_pv = n as usize,
                None => self.error("bad option value", line),
            },
            "Contempt" => match number(-CONTEMPT_MAX, CONTEMPT_MAX) {
                Some(n) => self.session.settings.contempt = n as i32,
                None => self.error("bad option value", line),
            },
            "Clear Hash" => self.session.clear_hash(),
            "VariantPath" => self.load_variant_files(value),
            _ if find_option(name).is_some() => {
                // XBoard sends check options as 0/1.
                if let Err(e) = self.session.set_variant_option(name, value) {
                    self.error("bad option value", &format!("{line}: {e}"));
                } else {
                    // A rule change restarts the game: show the new setup if there is one.
                    self.refresh_picture();
                }
            }
            _ => self.error("unknown option", line),
        }
    }

    /// `option VariantPath=FILE`: the file's games are read, then `feature variants` is sent
    /// again with them (XBoard takes a later feature line as an update). Problems go out as
    /// `# ` comment lines with their file and line.
    fn load_variant_files(&mut self, value: &str) {
        for line in super::session::load_variant_path(value) {
            match line {
                Ok(text) => self.out(&format!("# {}", clip(&text))),
                Err(e) => self.error("bad option value", &clip(&e)),
            }
        }
        self.out(&format!(
            "feature variants=\"{}\"",
            xboard_variant_names().join(",")
        ));
    }

    fn exclude(&mut self, cmd: &str, arg: &str, line: &str) {
        if arg == "all" {
            self.excluded = if cmd == "exclude" {
                self.session.legal_moves()
            } else {
                Vec::new()
            };
            return;
        }
        match self.resolve_move(arg) {
            Ok(mv) if cmd == "exclude" => {
                if !self.excluded.contains(&mv) {
                    self.excluded.push(mv);
                }
            }
            Ok(mv) => self.excluded.retain(|&m| m != mv),
            Err(_) => self.out(&format!("Illegal move: {}", clip(arg))),
        }
        let _ = line;
    }

    /// `lift SQ`: mark where the lifted piece may go (Y move, R capture, B promotion).
    fn lift(&mut self, square: &str, line: &str) {
        let sq = with_game!(self.session.game(), g => {
            g.variant().parse_square(&self.picture.move_from_xboard(square))
        });
        // A piece lifted from a hand: mark where it may be dropped.
        let held =
            with_game!(self.session.game(), g => self.picture.hand_piece(g.variant(), square));
        let moves: Vec<Move> = match (sq, held) {
            (Some(sq), _) => {
                self.lifted = Some(sq);
                self.session
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from == sq)
                    .collect()
            }
            (None, Some((player, kind))) => {
                self.lifted = None;
                let side = self.session.position().side();
                self.session
                    .legal_moves()
                    .into_iter()
                    .filter(|m| player == side && m.kind == MoveKind::Drop && m.piece == kind)
                    .collect()
            }
            (None, None) => {
                self.error("bad square", line);
                return;
            }
        };
        // Where the piece arrives with another face, XBoard is asked for it like a promotion.
        let face_targets: Vec<u16> = if self.picture.face_suffix {
            moves
                .iter()
                .filter(|m| self.face_change(m).is_some())
                .map(target)
                .collect()
        } else {
            Vec::new()
        };
        let pos = self.session.position();
        let board = with_game!(self.session.game(), g => {
            let notation = self.picture.board_notation(g.variant());
            crate::fen::board_text(notation, |cell| {
                let here: Vec<&Move> = moves.iter().filter(|m| target(m) == cell).collect();
                if here.is_empty() {
                    None
                } else if here.iter().any(|m| m.is_promotion()) || face_targets.contains(&cell) {
                    Some('B')
                } else if !pos.at(cell).is_empty() && here.iter().all(|m| m.kind != MoveKind::Castle) {
                    Some('R')
                } else {
                    Some('Y')
                }
            })
        });
        self.out(&format!("highlight {board}"));
    }

    /// `put SQ`: after a lift onto a promotion square, offer the promotion choices.
    fn put(&mut self, square: &str) {
        let Some(from) = self.lifted.take() else {
            return;
        };
        let to = with_game!(self.session.game(), g => {
            g.variant().parse_square(&self.picture.move_from_xboard(square))
        });
        let Some(to) = to else {
            return;
        };
        let side = self.session.position().side();
        let legal = self.session.legal_moves();
        let here: Vec<Move> = legal
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        let promotes = here.iter().any(|m| m.is_promotion());
        let letters: Vec<char> = here
            .iter()
            .filter_map(|m| {
                if m.is_promotion() {
                    with_game!(self.session.game(), g => Some(g.variant().kind(m.piece).letter))
                } else if self.picture.face_suffix {
                    // The new face of a flip; the old one where promoting is optional.
                    self.face_change(m)
                        .or_else(|| promotes.then(|| self.face_letter(m)).flatten())
                } else {
                    None
                }
            })
            .collect();
        let choices: String = letters
            .iter()
            .map(|&c| {
                let c = self.picture.move_to_xboard(&c.to_string());
                if side == 0 {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        if !choices.is_empty() {
            self.out(&format!("choice {choices}"));
        }
    }

    /// The engine's move text for XBoard (the 1-square castling as two legs, notation.md).
    fn xboard_move(&self, mv: &Move) -> String {
        let text = with_game!(self.session.game(), g => {
            let v = g.variant();
            if mv.kind == MoveKind::Castle && mv.from.abs_diff(mv.to) == 1 {
                format!(
                    "{}{},{}{}",
                    v.square_name(mv.from),
                    v.square_name(mv.to),
                    v.square_name(mv.aux),
                    v.square_name(rook_destination(mv.from, mv.to))
                )
            } else if mv.kind == MoveKind::Null {
                return "@@@@".to_string();
            } else {
                move_text(v, mv)
            }
        });
        let suffix = if self.picture.face_suffix {
            self.face_change(mv)
        } else {
            None
        };
        self.picture
            .move_to_xboard(&(text + &suffix.map(String::from).unwrap_or_default()))
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth_limit,
            ..Limits::default()
        };
        if let Some(t) = self.move_time {
            limits.move_time = Some(t);
        } else {
            let remaining = self.engine_clock.unwrap_or(self.level.base);
            let mps = self.level.moves_per_control;
            let moves_to_go = (mps > 0).then(|| {
                let done = self.session.position().fullmove().saturating_sub(1);
                mps - (done % mps)
            });
            limits.clock = Some(Clock {
                remaining,
                increment: self.level.increment,
                moves_to_go,
            });
        }
        if let Some(nps) = self.nps {
            // A node clock: the time we would spend, paid in nodes.
            let budget = Budget::plan(&limits, self.session.settings.move_overhead);
            let seconds = budget.soft.unwrap_or(Duration::from_secs(1)).as_secs_f64();
            limits.nodes = Some(((seconds * nps as f64) as u64).max(1));
            limits.clock = None;
            limits.move_time = None;
        }
        limits
    }

    fn report_callback(&self) -> Box<dyn FnMut(&Report) + Send> {
        let out = self.session.out.clone();
        let post = self.post || self.mode == Mode::Analyzing;
        let game: Arc<AnyGame> = self.session.shared_game();
        let picture = self.picture.clone();
        let progress = self.progress.clone();
        Box::new(move |r: &Report| {
            if let Ok(mut p) = progress.lock() {
                *p = Progress {
                    depth: r.depth,
                    nodes: r.nodes,
                    time: r.time,
                };
            }
            if !post {
                return;
            }
            let pv: Vec<String> = with_game!(&*game, g => r
                .pv
                .iter()
                .map(|m| picture.move_to_xboard(&move_text(g.variant(), m)))
                .collect());
            out.line(&format!(
                "{} {} {} {} {}",
                r.depth,
                xboard_score(r.raw_score),
                r.time.as_millis() / 10,
                r.nodes,
                pv.join(" ")
            ));
        })
    }

    /// Starts thinking about the engine's move (or announces that the game is over).
    fn think(&mut self) {
        if !self.position_ok {
            self.error("no valid position", "go");
            return;
        }
        if self.announce_result() {
            return;
        }
        let limits = self.limits();
        let root = self.root_moves();
        self.mode = Mode::Thinking;
        let report = self.report_callback();
        self.session.start_search(limits, root, false, report);
    }

    fn root_moves(&mut self) -> Option<Vec<Move>> {
        if self.excluded.is_empty() {
            return None;
        }
        let allowed: Vec<Move> = self
            .session
            .legal_moves()
            .into_iter()
            .filter(|m| !self.excluded.contains(m))
            .collect();
        Some(allowed)
    }

    fn play_own_move(&mut self, result: &SearchResult) {
        let Some(best) = result.best else {
            self.announce_result();
            return;
        };
        let text = self.xboard_move(&best);
        self.hint = None;
        self.session.play(best);
        if let Some(p) = result.ponder {
            self.hint = Some(self.xboard_move(&p));
        }
        self.out(&format!("move {text}"));
        self.excluded.clear();
        if self.announce_result() {
            return;
        }
        self.start_pondering();
    }

    fn start_pondering(&mut self) {
        if !self.ponder || self.force || self.game_over || !self.position_ok {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.mode = Mode::Pondering;
        // Pondering fills the transposition table for the reply; its output is not shown.
        let progress = self.progress.clone();
        let report = Box::new(move |r: &Report| {
            if let Ok(mut p) = progress.lock() {
                p.nodes = r.nodes;
            }
        });
        self.session.start_search(limits, None, true, report);
    }

    fn start_analysis(&mut self) {
        if !self.position_ok || self.session.outcome().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let root = self.root_moves();
        self.mode = Mode::Analyzing;
        let report = self.report_callback();
        self.session.start_search(limits, root, false, report);
    }
}

/// The square a move is entered on (the king's destination, the rook for 1-step castling).
fn target(m: &Move) -> u16 {
    if m.kind == MoveKind::Castle && m.from.abs_diff(m.to) == 1 {
        m.aux
    } else {
        m.to
    }
}

/// XBoard's score: centipawns, mates as ±(100000 + moves).
fn xboard_score(score: i32) -> i32 {
    if score >= MATE_BOUND {
        100000 + (MATE - score + 1) / 2
    } else if score <= -MATE_BOUND {
        -100000 - (MATE + score) / 2
    } else {
        score
    }
}

/// `time N` / `otim N`: centiseconds, never negative.
fn parse_centiseconds(text: &str) -> Option<Duration> {
    let n = text.parse::<i64>().ok()?;
    Some(Duration::from_millis(n.clamp(0, i64::MAX / 10) as u64 * 10))
}

/// `level`'s base: minutes, or `minutes:seconds`.
fn parse_minutes(text: &str) -> Option<Duration> {
    let (m, s) = match text.split_once(':') {
        Some((m, s)) => (m.parse::<u64>().ok()?, s.parse::<u64>().ok()?),
        None => (text.parse::<u64>().ok()?, 0),
    };
    if m > 100_000 || s > 100_000 {
        return None;
    }
    Some(Duration::from_secs(m * 60 + s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_texts() {
        assert_eq!(parse_minutes("5"), Some(Duration::from_secs(300)));
        assert_eq!(parse_minutes("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_minutes("x"), None);
        assert_eq!(parse_centiseconds("-7"), Some(Duration::ZERO));
        assert_eq!(parse_centiseconds("150"), Some(Duration::from_millis(1500)));
    }

    #[test]
    fn mate_scores_in_xboard_convention() {
        assert_eq!(xboard_score(MATE - 1), 100001);
        assert_eq!(xboard_score(-(MATE - 2)), -100001);
        assert_eq!(xboard_score(-35), -35);
    }
}
