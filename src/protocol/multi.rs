//! UCI for games of more than two players (Party Chess): the session of a [`MultiNotation`]
//! game behind one small object-safe trait ([`MultiFront`]), and [`ManyPlayers`], the
//! [`Front`] through which the UCI loop plays it as it plays a two-player game.
//!
//! - `position startpos|fen <position> [moves <play> ...]`: each play is one token (its atoms
//!   joined by `,`: `e5e6,R@c3`), checked by the rules core; all or nothing.
//! - `go`: answers for the player at the top of the play list with `bestmove <play>`. Clocks
//!   per player `atime`..`htime`, `ainc`..`hinc` (the convention of four-player chess
//!   engines); `wtime`/`btime`/`winc`/`binc` are read as a's and b's with two players;
//!   `movestogo`, `movetime`, `nodes`, `depth`, `infinite`, `perft N`.
//! - `info ... score cp N` is from the mover's view; when the play ends the hand an
//!   `info string result ...` line gives the result and every player's knives.
//! - `d`: the game's drawing.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use super::front::{Front, GoOptions, Went};
use super::session::Session;
use super::{Event, Output};
use crate::core::multi::{
    MAX_PLAYERS, MultiGame, MultiNotation, MultiOutcome, Player, play_text, player_letter,
};
use crate::search::multi::{self, MultiEvaluate, MultiReport, MultiSettings, PvStep};
use crate::search::{Clock, Control, Limits, TranspositionTable};
use crate::variants::{OptionValues, VARIANTS, multi_game_with};

/// Largest `go perft` depth for these games (a Party turn can have 10^6 plays).
pub const MAX_MULTI_PERFT: u32 = 4;

/// What `go` asked for.
#[derive(Clone, Debug, Default)]
pub struct MultiGo {
    pub limits: Limits,
    /// Milliseconds left per player (a..h) and increments.
    pub times: [Option<u64>; MAX_PLAYERS],
    pub increments: [Option<u64>; MAX_PLAYERS],
    pub moves_to_go: Option<u32>,
    pub perft: Option<u32>,
}

/// Reads the tokens after `go` for a game of `players` players. Numbers saturate; unknown
/// words, a clock of a player the game does not have, and `wtime`/`btime` with more than two
/// players are errors.
pub fn parse_multi_go(words: &[&str], players: usize) -> Result<MultiGo, String> {
    let mut go = MultiGo::default();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if w == "infinite" {
            go.limits.infinite = true;
            i += 1;
            continue;
        }
        if w == "searchmoves" || w == "ponder" || w == "mate" {
            return Err(format!(
                "'{w}' is not supported in games of several players"
            ));
        }
        let n: i128 = match words.get(i + 1) {
            Some(v) => v
                .parse()
                .map_err(|_| format!("'{}' is not a number after '{w}'", super::uci::clip(v)))?,
            None => {
                return Err(if is_number_word(w, players) {
                    format!("'{w}' needs a number")
                } else {
                    format!("unknown parameter '{}'", super::uci::clip(w))
                });
            }
        };
        let ms = n.clamp(0, u64::MAX as i128) as u64;
        match w {
            "movestogo" => go.moves_to_go = Some(n.clamp(1, 1000) as u32),
            "depth" => go.limits.depth = Some(n.clamp(1, 64) as u32),
            "nodes" => go.limits.nodes = Some(ms.max(1)),
            "movetime" => go.limits.move_time = Some(Duration::from_millis(ms)),
            "perft" => {
                if !(1..=MAX_MULTI_PERFT as i128).contains(&n) {
                    return Err(format!("perft depth must be 1 to {MAX_MULTI_PERFT}"));
                }
                go.perft = Some(n as u32);
            }
            _ => match clock_word(w, players)? {
                Some((player, true)) => go.times[player] = Some(ms),
                Some((player, false)) => go.increments[player] = Some(ms),
                None => return Err(format!("unknown parameter '{}'", super::uci::clip(w))),
            },
        }
        i += 2;
    }
    Ok(go)
}

fn is_number_word(w: &str, players: usize) -> bool {
    matches!(w, "movestogo" | "depth" | "nodes" | "movetime" | "perft")
        || clock_word(w, players).is_ok_and(|c| c.is_some())
}

/// `atime` -> (0, time), `cinc` -> (2, increment); `wtime`/`btime`/`winc`/`binc` with two
/// players. `Ok(None)` for a word that is no clock at all.
fn clock_word(w: &str, players: usize) -> Result<Option<(Player, bool)>, String> {
    let (letter, time) = if let Some(l) = w.strip_suffix("time") {
        (l, true)
    } else if let Some(l) = w.strip_suffix("inc") {
        (l, false)
    } else {
        return Ok(None);
    };
    let player = match letter {
        "w" | "b" if players == 2 => usize::from(letter == "b"),
        "w" => {
            return Err(format!(
                "'{w}' names White: with {players} players give atime..{}time",
                player_letter(players - 1)
            ));
        }
        l if l.len() == 1 && (b'a'..=b'h').contains(&l.as_bytes()[0]) => {
            (l.as_bytes()[0] - b'a') as usize
        }
        _ => return Ok(None),
    };
    if player >= players {
        return Err(format!(
            "'{w}': there is no player {} in a game of {players}",
            player_letter(player)
        ));
    }
    Ok(Some((player, time)))
}

/// `a wins (knives)` or `draw (turn-cap)`.
pub fn outcome_text(outcome: &MultiOutcome) -> String {
    match outcome.winner {
        Some(w) => format!("{} wins ({})", player_letter(w), outcome.reason),
        None => format!("draw ({})", outcome.reason),
    }
}

/// `a:1 b:0 c:2`.
pub fn knives_text(knives: &[u32]) -> String {
    knives
        .iter()
        .enumerate()
        .map(|(p, k)| format!("{}:{k}", player_letter(p)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A session of the N-player variant `name` (Party Chess) built with the variant options;
/// None when `name` is not an N-player variant. (Tests also know `ring`, the toy game of
/// `search::multi`, with three players.)
pub fn build_multi(
    name: &str,
    options: &OptionValues,
) -> Option<Result<Box<dyn MultiFront>, String>> {
    #[cfg(test)]
    if name == "ring" {
        let ring = crate::search::multi::toy::Ring { players: 3 };
        return Some(Ok(Box::new(MultiSession::new("ring", ring))));
    }
    let info = VARIANTS.iter().find(|v| v.name == name && v.is_multi())?;
    Some(
        multi_game_with(name, options)
            .map(|any| {
                crate::with_multi_game!(any, g => Box::new(MultiSession::new(info.name, g)) as Box<dyn MultiFront>)
            })
            .map_err(|e| e.to_string()),
    )
}

/// The UCI loop's view of an N-player session (object safe: one per game type).
pub trait MultiFront: Send {
    /// The variant's name.
    fn name(&self) -> &'static str;
    fn players(&self) -> usize;
    /// `info string variant ...` for GUIs and scripts.
    fn announce(&self) -> String;
    /// Sets the position (None: the start) and plays from it; on error nothing changes.
    fn set_position(&mut self, fen: Option<&str>, plays: &[&str]) -> Result<(), String>;
    /// Back to the start position.
    fn reset(&mut self);
    fn position_text(&self) -> String;
    fn drawing(&self) -> String;
    /// `go perft N`: one `<play>: <count>` line per play, blank, `Nodes searched: N`.
    fn perft(&mut self, depth: u32) -> String;
    /// Starts a search on its own thread; `info` lines go to `out` as iterations finish and
    /// the closing lines (`info string result ...`, `bestmove ...`) come back as
    /// [`Event::MultiDone`] with the returned token.
    fn start_search(
        &mut self,
        go: &MultiGo,
        settings: &MultiSettings,
        tt: Arc<TranspositionTable>,
        out: Output,
        sender: Sender<Event>,
    ) -> u64;
    fn searching(&self) -> bool;
    fn stop_search(&self);
    /// Handles [`Event::MultiDone`]: the lines to print if it belongs to the running search.
    fn finish_search(&mut self, token: u64, lines: Vec<String>) -> Option<Vec<String>>;
    /// Stops the running search and waits for it; other events are kept in `deferred`.
    fn stop_and_wait(
        &mut self,
        events: &Receiver<Event>,
        deferred: &mut VecDeque<Event>,
    ) -> Option<Vec<String>>;
}

struct Running {
    token: u64,
    control: Arc<Control>,
    handle: JoinHandle<()>,
}

/// The session of one N-player game.
pub struct MultiSession<G: MultiNotation + MultiEvaluate + Send + 'static> {
    name: &'static str,
    game: Arc<G>,
    start: G::Pos,
    pos: G::Pos,
    /// The `position` command's start (None: `startpos`) and plays that made `pos`: a GUI
    /// or runner sends the whole hand before every `go`, and only the plays not seen yet are
    /// read (reading a play checks it against the rules, which is not free).
    fen: Option<String>,
    plays: Vec<String>,
    search: Option<Running>,
    next_token: u64,
}

impl<G: MultiNotation + MultiEvaluate + Send + 'static> MultiSession<G> {
    pub fn new(name: &'static str, game: G) -> Self {
        let start = game.start_position();
        MultiSession {
            name,
            game: Arc::new(game),
            pos: start.clone(),
            start,
            fen: None,
            plays: Vec::new(),
            search: None,
            next_token: 1,
        }
    }
}

/// The PV as play tokens: each turn's atoms joined by `,`, a skipped turn `0000` (also the
/// browser board's engine line).
pub fn pv_text<G: MultiNotation>(game: &G, pos: &G::Pos, pv: &[PvStep<G::Atom>]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    let mut turn = Vec::new();
    for step in pv {
        match *step {
            PvStep::Skip => {
                if !turn.is_empty() || !game.make_null_turn(&mut pos) {
                    break;
                }
                out.push("0000".to_string());
            }
            PvStep::Atom(a) => {
                if a == G::END_TURN {
                    out.push(turn.join(","));
                    turn.clear();
                } else {
                    turn.push(game.atom_text(&pos, a));
                }
                game.make_atom(&mut pos, a);
            }
        }
    }
    out
}

fn info_line<G: MultiNotation>(game: &G, pos: &G::Pos, r: &MultiReport<G::Atom>) -> String {
    let ms = r.time.as_millis().max(1) as u64;
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        r.depth,
        r.seldepth,
        r.uci_score(),
        r.nodes,
        r.nodes * 1000 / ms,
        r.time.as_millis(),
        r.hashfull,
        pv_text(game, pos, &r.pv).join(" ")
    )
}

/// Root plays up to which `go perft` lists each one (a Party turn can have 10^7 plays; a GUI
/// or script should not receive a line for each).
pub const DIVIDE_LIMIT: u64 = 5000;

/// Counts complete plays `depth` turns deep: one `<play>: <count>` line per play of the
/// player to move (sorted), a blank line, `Nodes searched: <total>`. With more than
/// [`DIVIDE_LIMIT`] plays at the root the lines are left out (an `info string` says so;
/// `menagerie perft --divide` lists them) and depth 1 is counted without listing the plays.
/// `pos` is unchanged.
pub fn multi_divide<G: MultiNotation>(game: &G, pos: &mut G::Pos, depth: u32) -> String {
    /// What `walk` calls after each complete play.
    type Leaf<'a, G> = dyn FnMut(&G, &mut <G as MultiGame>::Pos, &[String]) + 'a;
    /// Calls `leaf` after each complete play (made, `END_TURN` included) with its atoms'
    /// texts.
    fn walk<G: MultiNotation>(
        game: &G,
        pos: &mut G::Pos,
        texts: &mut Vec<String>,
        leaf: &mut Leaf<'_, G>,
    ) {
        let mut atoms = Vec::new();
        game.atoms(pos, &mut atoms);
        for a in atoms {
            if a == G::END_TURN {
                game.make_atom(pos, a);
                leaf(game, pos, texts);
            } else {
                texts.push(game.atom_text(pos, a));
                game.make_atom(pos, a);
                walk(game, pos, texts, leaf);
                texts.pop();
            }
            game.unmake_atom(pos);
        }
    }
    fn count<G: MultiNotation>(game: &G, pos: &mut G::Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        walk(game, pos, &mut Vec::new(), &mut |game, pos, _| {
            total += count(game, pos, depth - 1);
        });
        total
    }
    let root = game.count_plays(pos);
    if root > DIVIDE_LIMIT {
        let total = if depth <= 1 {
            root
        } else {
            count(game, pos, depth)
        };
        return format!(
            "info string divide omitted: {root} plays at the root, more than {DIVIDE_LIMIT} \
             (menagerie perft --divide lists them)\n\nNodes searched: {total}\n"
        );
    }
    let mut found = Vec::new();
    walk(game, pos, &mut Vec::new(), &mut |game, pos, texts| {
        found.push((texts.join(","), count(game, pos, depth.max(1) - 1)));
    });
    found.sort();
    let total: u64 = found.iter().map(|(_, n)| n).sum();
    let mut out = String::new();
    for (text, n) in found {
        out.push_str(&format!("{text}: {n}\n"));
    }
    out.push_str(&format!("\nNodes searched: {total}\n"));
    out
}

impl<G: MultiNotation + MultiEvaluate + Send + 'static> MultiFront for MultiSession<G>
where
    G::Pos: Send + 'static,
{
    fn name(&self) -> &'static str {
        self.name
    }

    fn players(&self) -> usize {
        self.game.players(&self.pos)
    }

    fn announce(&self) -> String {
        format!(
            "info string variant {} players {} startpos {}",
            self.name,
            self.game.players(&self.start),
            self.game.write_position(&self.game.start_position())
        )
    }

    fn set_position(&mut self, fen: Option<&str>, plays: &[&str]) -> Result<(), String> {
        let known = self.fen.as_deref() == fen
            && self.plays.len() <= plays.len()
            && self.plays.iter().zip(plays).all(|(a, b)| a == b);
        let (start, mut pos, from) = if known {
            (self.start.clone(), self.pos.clone(), self.plays.len())
        } else {
            let start = match fen {
                Some(text) => self
                    .game
                    .read_position(text)
                    .map_err(|e| format!("bad position: {e}"))?,
                None => self.game.start_position(),
            };
            (start.clone(), start, 0)
        };
        for (i, text) in plays.iter().enumerate().skip(from) {
            if self.game.turn_open(&pos) || self.game.outcome(&pos).is_some() {
                return Err(format!(
                    "play {} '{}': the hand is over",
                    i + 1,
                    super::uci::clip(text)
                ));
            }
            let atoms = self
                .game
                .read_play(&mut pos, text)
                .map_err(|e| format!("play {} '{}': {e}", i + 1, super::uci::clip(text)))?;
            for a in atoms {
                self.game.make_atom(&mut pos, a);
            }
        }
        self.game.forget_undo(&mut pos);
        self.start = start;
        self.pos = pos;
        self.fen = fen.map(str::to_string);
        self.plays = plays.iter().map(|p| p.to_string()).collect();
        Ok(())
    }

    fn reset(&mut self) {
        self.start = self.game.start_position();
        self.pos = self.start.clone();
        self.fen = None;
        self.plays.clear();
    }

    fn position_text(&self) -> String {
        self.game.write_position(&self.pos)
    }

    fn drawing(&self) -> String {
        self.game.draw(&self.pos)
    }

    fn perft(&mut self, depth: u32) -> String {
        let mut pos = self.pos.clone();
        multi_divide(&*self.game, &mut pos, depth)
    }

    fn start_search(
        &mut self,
        go: &MultiGo,
        settings: &MultiSettings,
        tt: Arc<TranspositionTable>,
        out: Output,
        sender: Sender<Event>,
    ) -> u64 {
        let token = self.next_token;
        self.next_token += 1;
        let mover = self.game.to_move(&self.pos);
        let mut limits = go.limits.clone();
        if let Some(t) = go.times[mover] {
            limits.clock = Some(Clock {
                remaining: Duration::from_millis(t),
                increment: Duration::from_millis(go.increments[mover].unwrap_or(0)),
                moves_to_go: go.moves_to_go,
            });
        }
        let control = Arc::new(Control::new(false));
        let thread_control = control.clone();
        let (game, pos, settings) = (self.game.clone(), self.pos.clone(), settings.clone());
        let handle = std::thread::spawn(move || {
            let report_out = out.clone();
            let mut report = |r: &MultiReport<G::Atom>| {
                report_out.line(&info_line(&*game, &pos, r));
            };
            let result = multi::search(
                &*game,
                &pos,
                &limits,
                &settings,
                &tt,
                &thread_control,
                &mut report,
            );
            let lines = closing_lines(&*game, &pos, &result.play);
            let _ = sender.send(Event::MultiDone { token, lines });
        });
        self.search = Some(Running {
            token,
            control,
            handle,
        });
        token
    }

    fn searching(&self) -> bool {
        self.search.is_some()
    }

    fn stop_search(&self) {
        if let Some(s) = &self.search {
            s.control.stop();
        }
    }

    fn finish_search(&mut self, token: u64, lines: Vec<String>) -> Option<Vec<String>> {
        match &self.search {
            Some(s) if s.token == token => {
                if let Some(s) = self.search.take() {
                    let _ = s.handle.join();
                }
                Some(lines)
            }
            _ => None,
        }
    }

    fn stop_and_wait(
        &mut self,
        events: &Receiver<Event>,
        deferred: &mut VecDeque<Event>,
    ) -> Option<Vec<String>> {
        let token = self.search.as_ref()?.token;
        self.stop_search();
        loop {
            match events.recv() {
                Ok(Event::MultiDone { token: t, lines }) if t == token => {
                    return self.finish_search(t, lines);
                }
                Ok(Event::MultiDone { .. } | Event::SearchDone { .. }) => {}
                Ok(other) => deferred.push_back(other),
                Err(_) => {
                    if let Some(s) = self.search.take() {
                        let _ = s.handle.join();
                    }
                    return None;
                }
            }
        }
    }
}

/// What follows a search: for a play that ends the hand `info string result ... knives ...`,
/// then `bestmove <play>`; on a finished hand `info depth 0 score cp 0`, the result and
/// `bestmove (none)`.
fn closing_lines<G: MultiNotation>(game: &G, pos: &G::Pos, play: &[G::Atom]) -> Vec<String> {
    let mut pos = pos.clone();
    if play.is_empty() {
        let mut lines = vec!["info depth 0 score cp 0".to_string()];
        if let Some(o) = game.outcome(&pos) {
            lines.push(format!(
                "info string result {} knives {}",
                outcome_text(&o),
                knives_text(&o.knives)
            ));
        }
        lines.push("bestmove (none)".to_string());
        return lines;
    }
    let text = play_text(game, &mut pos, play);
    for &a in play {
        game.make_atom(&mut pos, a);
    }
    let mut lines = Vec::new();
    if let Some(o) = game.outcome(&pos) {
        lines.push(format!(
            "info string result {} knives {}",
            outcome_text(&o),
            knives_text(&o.knives)
        ));
    }
    lines.push(format!("bestmove {text}"));
    lines
}

/// The N-player game as the UCI loop plays it ([`Front`]): the session keeps the hash table,
/// the output and the options the game was built with.
pub struct ManyPlayers(pub Box<dyn MultiFront>);

impl Front for ManyPlayers {
    fn searching(&self, _session: &Session) -> bool {
        self.0.searching()
    }

    fn stop_search(&self, _session: &Session) {
        self.0.stop_search();
    }

    /// N-player games are not pondered (`go ponder` is refused).
    fn ponder_hit(&self, _session: &Session) {}

    fn reset(&mut self, _session: &mut Session) {
        self.0.reset();
    }

    fn drawing(&self, _session: &Session) -> String {
        self.0.drawing()
    }

    fn set_position(
        &mut self,
        _session: &mut Session,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), String> {
        let plays: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.0.set_position(fen, &plays)
    }

    fn go(
        &mut self,
        session: &mut Session,
        words: &[&str],
        options: &GoOptions,
    ) -> Result<Went, String> {
        let go = parse_multi_go(words, self.0.players())?;
        if let Some(depth) = go.perft {
            return Ok(Went::Answered(self.0.perft(depth)));
        }
        self.0.start_search(
            &go,
            options.multi,
            session.shared_tt(),
            session.out.clone(),
            session.sender(),
        );
        Ok(Went::Searching {
            open_ended: go.limits.infinite,
        })
    }

    fn search_done(&mut self, _session: &mut Session, event: Event) -> Option<Vec<String>> {
        let Event::MultiDone { token, lines } = event else {
            return None;
        };
        self.0.finish_search(token, lines)
    }

    fn stop_and_wait(
        &mut self,
        _session: &mut Session,
        events: &Receiver<Event>,
        deferred: &mut VecDeque<Event>,
    ) -> Vec<String> {
        self.0.stop_and_wait(events, deferred).unwrap_or_default()
    }

    /// An option of this game's rules starts the game again under it.
    fn option_changed(&mut self, session: &Session, option: &str) -> Result<Vec<String>, String> {
        let current = self.0.name();
        let applies = crate::variants::options::find_option(option)
            .is_some_and(|o| o.variants.contains(&current));
        if !applies {
            return Ok(Vec::new());
        }
        match build_multi(current, session.options()) {
            Some(Ok(front)) => {
                let announce = front.announce();
                self.0 = front;
                Ok(vec![announce])
            }
            Some(Err(e)) => Err(format!("{current}: {}", super::uci::clip(&e))),
            None => Ok(Vec::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::multi::toy::Ring;

    #[test]
    fn go_reads_per_player_clocks() {
        let go = parse_multi_go(&["atime", "1000", "cinc", "-5", "btime", "9"], 3).unwrap();
        assert_eq!(go.times[..3], [Some(1000), Some(9), None]);
        assert_eq!(go.increments[2], Some(0));
        let go = parse_multi_go(&["wtime", "5", "binc", "7", "nodes", "0"], 2).unwrap();
        assert_eq!((go.times[0], go.increments[1]), (Some(5), Some(7)));
        assert_eq!(go.limits.nodes, Some(1));
        assert!(parse_multi_go(&["wtime", "5"], 3).is_err());
        assert!(parse_multi_go(&["dtime", "5"], 3).is_err());
        assert!(parse_multi_go(&["atime"], 3).is_err());
        assert!(parse_multi_go(&["atime", "x"], 3).is_err());
        assert!(parse_multi_go(&["ponder"], 3).is_err());
        let e = parse_multi_go(&["depth", "2", "searchmoves", "e5e6"], 3).unwrap_err();
        assert!(e.contains("'searchmoves' is not supported"), "{e}");
        assert!(parse_multi_go(&["perft", "9"], 3).is_err());
        assert!(parse_multi_go(&["infinite"], 3).unwrap().limits.infinite);
    }

    #[test]
    fn positions_are_all_or_nothing() {
        let mut s = MultiSession::new("ring", Ring { players: 3 });
        let start = s.position_text();
        s.set_position(None, &["1-3,0-1"]).unwrap();
        let after = s.position_text();
        assert_ne!(after, start);
        assert!(s.set_position(None, &["1-3,0-1", "bogus"]).is_err());
        assert_eq!(s.position_text(), after);
        assert!(s.set_position(Some("x y"), &[]).is_err());
        assert_eq!(s.position_text(), after);
        // A longer hand reads only the new plays; a different one starts again.
        s.set_position(None, &["1-3,0-1", "5-3"]).unwrap();
        let longer = s.position_text();
        s.set_position(None, &["1-3,0-1"]).unwrap();
        assert_eq!(s.position_text(), after);
        s.set_position(None, &["1-3,0-1", "5-3"]).unwrap();
        assert_eq!(s.position_text(), longer);
        assert!(
            s.set_position(None, &["1-3,0-1", "5-3", "nonsense"])
                .is_err()
        );
        assert_eq!(s.position_text(), longer);
    }

    /// Runs the protocol loop over `lines` (then end of input) and returns its output.
    fn session(lines: &[&str]) -> String {
        let (tx, rx) = std::sync::mpsc::channel();
        let (out, buffer) = Output::buffer();
        for l in lines {
            tx.send(Event::Line(l.to_string())).unwrap();
        }
        tx.send(Event::Eof).unwrap();
        crate::protocol::run(rx, tx, out);
        String::from_utf8_lossy(&buffer.lock().unwrap()).into_owned()
    }

    #[test]
    fn uci_plays_an_n_player_game() {
        let text = session(&[
            "uci",
            "setoption name UCI_Variant value ring",
            "position startpos moves 1-3,0-1 bogus",
            "position startpos moves 1-3,0-1",
            "go depth 3",
            "isready",
        ]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines.contains(&"info string variant ring players 3 startpos Ka/Ma/-/-/Kb/Mb/-/-/Kc/Mc/-/- abc 0,0,0 0"),
            "{text}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error play 2 'bogus'")),
            "{text}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 2 ")),
            "{text}"
        );
        // b's only move loses (c then mates a): the score says so from b's view.
        assert!(lines.iter().any(|l| l.contains(" score mate -")), "{text}");
        let best = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("bestmove "))
            .unwrap();
        // b is in check after a's play, so b answers.
        let game = Ring { players: 3 };
        let mut pos = game.start_position();
        for a in game.read_play(&mut pos, "1-3,0-1").unwrap() {
            game.make_atom(&mut pos, a);
        }
        assert_eq!(game.to_move(&pos), 1);
        assert!(
            game.read_play(&mut pos, &best["bestmove ".len()..]).is_ok(),
            "{best}"
        );
    }

    #[test]
    fn uci_announces_the_end_of_a_hand() {
        let text = session(&[
            "uci",
            "setoption name UCI_Variant value ring",
            "position fen Ma/-/Kb/-/-/Mc/-/Kc/-/-/-/-/Ka/-/-/- abc 0,0,0 0",
            "go depth 1",
            "position fen Ma/-/Kb/-/-/Mc/-/Kc/-/-/-/-/Ka/-/-/- abc 0,0,0 0 moves 0-2",
            "go depth 1",
        ]);
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| *l == "bestmove 0-2")
            .expect(&text);
        assert_eq!(
            lines[at - 1],
            "info string result a wins (knives) knives a:1 b:0 c:0"
        );
        assert_eq!(lines[lines.len() - 1], "bestmove (none)");
        assert_eq!(
            lines[lines.len() - 2],
            "info string result a wins (knives) knives a:1 b:0 c:0"
        );
    }

    #[test]
    fn divide_counts_whole_plays() {
        let g = Ring { players: 2 };
        let mut pos = g.start_position();
        let text = multi_divide(&g, &mut pos, 1);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.contains(&"pass: 1"), "{text}");
        assert!(lines.iter().any(|l| l.starts_with("1-2,")), "{text}");
        let total: u64 = lines[lines.len() - 1]
            .strip_prefix("Nodes searched: ")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(total as usize, lines.len() - 2);
    }
}
