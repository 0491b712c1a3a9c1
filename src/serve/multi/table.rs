//! The table of an N-player game (Party Chess): the line of turns with a cursor, the turn
//! being built atom by atom, one seat per player (a person or the engine), per-player clocks,
//! and a replayed record. Generic over the game ([`MultiView`]); the server holds it as a
//! [`MultiBoard`] trait object built once per game with `with_multi_game!`.
//!
//! A turn is built part by part: each atom a person clicks is checked against
//! [`MultiGame::atoms`] and made; the state then lists the atoms that may follow and whether
//! the turn may end (`END_TURN` offered). When `END_TURN` is the only thing left the turn
//! closes by itself (nobody needs to press "End turn" after a lone placement). Every change is
//! all-or-nothing: a refused atom, play, position or record leaves the table as it was.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use super::view::{AtomCells, MultiView};
use crate::core::multi::{MultiNotation, Player, play_text, player_letter};
use crate::matches::record::{HandRecord, result_text};
use crate::search::multi::{MultiReport, MultiSettings};
use crate::search::{Control, Limits, MATE, MATE_BOUND, TranspositionTable};
use crate::serve::Shared;
use crate::serve::clock::{Clocks, TimeControl};
use crate::serve::engine::{self, Done, Purpose};
use crate::serve::table::{Limit, MAX_LINE, Mode, Seat};
use crate::variants::OptionValues;

/// The transposition table of the engine at an N-player table.
const HASH_MB: usize = 32;

/// The counters the page uses to know what changed (see `serve::table::Table`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ids {
    pub layout: u64,
    pub game: u64,
    pub version: u64,
}

/// The N-player table as the server drives it (object safe: one implementation per game).
pub trait MultiBoard: Send {
    fn variant(&self) -> &'static str;
    fn ids(&self) -> Ids;
    fn players(&self) -> usize;
    fn layout(&self) -> Value;
    /// Everything the page shows but the layout.
    fn state(&mut self, searching: Option<&str>, watchers: usize) -> Value;
    /// A new hand of the same game: from its start or from a position string.
    fn new_game(&mut self, fen: Option<&str>) -> Result<(), String>;
    /// Makes one atom of the turn (its text as the legal list gives it), or, between turns, a
    /// whole play (`e5e6,R@c3`).
    fn play_text(&mut self, text: &str) -> Result<(), String>;
    /// Closes the open turn where the rules allow it.
    fn end_turn(&mut self) -> Result<(), String>;
    /// Takes back the last atom, or the whole turn (when playing the engine, back to a
    /// person's turn).
    fn take_back(&mut self, whole_turn: bool) -> Result<(), String>;
    /// Shows the position after `ply` turns of the line (an open turn is dropped).
    fn goto(&mut self, ply: usize) -> Result<(), String>;
    fn turns(&self) -> usize;
    fn seats(&self) -> Vec<Seat>;
    fn set_seats(&mut self, seats: Vec<Seat>);
    fn limit(&self) -> Limit;
    fn set_limit(&mut self, limit: Limit);
    fn analysis(&self) -> bool;
    fn set_analysis(&mut self, on: bool);
    /// Something shown changed.
    fn touch(&mut self);
    fn time_control(&self) -> Option<TimeControl>;
    /// Another time control: every clock starts again from its base.
    fn set_time_control(&mut self, control: Option<TimeControl>);
    /// Time left on `player`'s clock under a time control.
    fn remaining(&self, player: Player) -> Option<Duration>;
    /// Applies a fallen flag (the referee's default play for the player out of time); true
    /// when it did.
    fn tick(&mut self) -> bool;
    /// The result if the hand is over (with every player's knives).
    fn outcome(&mut self) -> Option<String>;
    fn mover(&self) -> Player;
    /// True when the engine should play now: its seat is to move at the end of the line.
    fn engine_to_move(&mut self) -> bool;
    /// What a search is about: (game, place in the line, hash with the partial turn).
    fn search_key(&self) -> (u64, usize, u64);
    /// Starts a search of the shown position on its own thread; it reports to `shared` and
    /// ends with [`engine::finished`].
    fn spawn_search(
        &self,
        shared: Arc<Shared>,
        id: u64,
        purpose: Purpose,
        limits: Limits,
        control: Arc<Control>,
    ) -> Result<(), String>;
    /// Plays the engine's play (the rest of the turn, as the search wrote it).
    fn engine_play(&mut self, text: &str) -> Result<(), String>;
    /// Loads a hand of a record to step through, at its start.
    fn load_hand(&mut self, hand: &HandRecord) -> Result<(), String>;
}

/// One atom made, with what the page draws of it.
#[derive(Clone, Debug)]
struct Part<A> {
    atom: A,
    text: String,
    cells: AtomCells,
}

/// One closed turn of the line.
#[derive(Clone, Debug)]
struct Turn<A> {
    player: Player,
    parts: Vec<Part<A>>,
    /// A record's comment (`{time out: default play}`).
    note: Option<String>,
}

impl<A> Turn<A> {
    fn text(&self) -> String {
        let texts: Vec<&str> = self.parts.iter().map(|p| p.text.as_str()).collect();
        texts.join(",")
    }
}

/// The table of one N-player game.
pub struct MultiTable<G: MultiView> {
    game: Arc<G>,
    tt: Arc<TranspositionTable>,
    variant: &'static str,
    options: OptionValues,
    ids: Ids,
    start: G::Pos,
    pos: G::Pos,
    turns: Vec<Turn<G::Atom>>,
    /// How many turns of `turns` lead to the shown position.
    cursor: usize,
    /// The atoms of the open turn (only at the end of the line).
    partial: Vec<Part<G::Atom>>,
    seats: Vec<Seat>,
    limit: Limit,
    analysis: bool,
    mode: Mode,
    /// Each player's clock (turns played here).
    clocks: Clocks,
    names: Vec<String>,
}

fn part_json(p: &Part<impl Copy>) -> Value {
    json!({"from": p.cells.from, "to": p.cells.to, "text": p.text})
}

impl<G: MultiView> MultiTable<G> {
    /// A table with the start position of `game` (`variant` is its name), or the position
    /// `fen`. The first player is a person, the others the engine.
    pub fn new(
        variant: &'static str,
        options: OptionValues,
        game: G,
        fen: Option<&str>,
        ids: Ids,
        limit: Limit,
    ) -> Result<Self, String> {
        let start = match fen {
            Some(text) => read_position(&game, text)?,
            None => game.start_position(),
        };
        let players = game.players(&start);
        let mut seats = vec![Seat::Engine; players];
        seats[0] = Seat::Human;
        Ok(MultiTable {
            game: Arc::new(game),
            tt: Arc::new(TranspositionTable::new(HASH_MB)),
            variant,
            options,
            ids,
            pos: start.clone(),
            start,
            turns: Vec::new(),
            cursor: 0,
            partial: Vec::new(),
            seats,
            limit,
            analysis: false,
            mode: Mode::Play,
            clocks: Clocks::new(players, None),
            names: default_names(players),
        })
    }

    fn changed(&mut self) {
        self.ids.version += 1;
        self.sync_clock();
    }

    /// Runs the clock of the player to move while a hand is played at the end of its line;
    /// stops it otherwise.
    fn sync_clock(&mut self) {
        let live = self.mode == Mode::Play && self.cursor == self.turns.len();
        if live && self.outcome().is_none() {
            let mover = self.mover();
            self.clocks.run(mover);
        } else {
            self.clocks.pause();
        }
    }

    /// Starts a new line from `start` (a new game id: no animation across).
    fn new_line(&mut self, start: G::Pos) {
        let players = self.game.players(&start);
        if players != self.seats.len() {
            // Another number of players: other seats, another legend.
            self.seats.resize(players, Seat::Engine);
            self.ids.layout += 1;
        }
        self.pos = start.clone();
        self.start = start;
        self.turns.clear();
        self.partial.clear();
        self.cursor = 0;
        self.clocks.reset(players, self.clocks.control());
        self.ids.game += 1;
        self.mode = Mode::Play;
        self.names = default_names(players);
        self.changed();
    }

    /// The atoms offered now, each with its text (`END_TURN` left out) and whether the turn
    /// may end.
    fn offered(&mut self) -> (Vec<(G::Atom, String)>, bool) {
        let g = &*self.game;
        let mut atoms = Vec::new();
        g.atoms(&mut self.pos, &mut atoms);
        let end = atoms.contains(&G::END_TURN);
        let texts = atoms
            .into_iter()
            .filter(|&a| a != G::END_TURN)
            .map(|a| (a, g.atom_text(&self.pos, a)))
            .collect();
        (texts, end)
    }

    fn end_offered(&mut self) -> bool {
        let mut atoms = Vec::new();
        self.game.atoms(&mut self.pos, &mut atoms);
        atoms.contains(&G::END_TURN)
    }

    /// Drops the turns after the cursor (a new turn is being made there).
    fn branch(&mut self) {
        if self.cursor < self.turns.len() {
            self.turns.truncate(self.cursor);
        }
    }

    /// Makes an atom of the open (or a new) turn; does not close the turn.
    fn make(&mut self, atom: G::Atom, text: String) {
        self.branch();
        let cells = self.game.atom_cells(&self.pos, atom);
        self.game.make_atom(&mut self.pos, atom);
        self.partial.push(Part { atom, text, cells });
    }

    /// Closes the open turn (`END_TURN` must be offered).
    fn close(&mut self, note: Option<String>) {
        let player = self.game.to_move(&self.pos);
        if self.mode == Mode::Play {
            self.clocks.turn_done(player);
        }
        self.game.make_atom(&mut self.pos, G::END_TURN);
        let parts = std::mem::take(&mut self.partial);
        self.turns.push(Turn {
            player,
            parts,
            note,
        });
        self.cursor += 1;
    }

    fn unmake_partial(&mut self) {
        while self.partial.pop().is_some() {
            self.game.unmake_atom(&mut self.pos);
        }
    }

    /// Moves the cursor to after `ply` turns (the open turn, if any, is dropped).
    fn walk(&mut self, ply: usize) {
        self.unmake_partial();
        while self.cursor > ply {
            let n = self.turns[self.cursor - 1].parts.len();
            for _ in 0..=n {
                self.game.unmake_atom(&mut self.pos);
            }
            self.cursor -= 1;
        }
        while self.cursor < ply {
            for part in &self.turns[self.cursor].parts {
                self.game.make_atom(&mut self.pos, part.atom);
            }
            self.game.make_atom(&mut self.pos, G::END_TURN);
            self.cursor += 1;
        }
    }

    fn refuse_watch(&self) -> Result<(), String> {
        if matches!(self.mode, Mode::Watch { .. }) {
            return Err(
                "this is a match being played by engines: watch it, or start a new game".into(),
            );
        }
        Ok(())
    }

    /// Makes the atoms written in `texts` one by one, each matched against the atoms offered,
    /// then closes the turn. All or nothing.
    fn play_parts(&mut self, texts: &[&str], note: Option<String>) -> Result<(), String> {
        let made_before = self.partial.len();
        for text in texts {
            let (offered, _) = self.offered();
            match offered.into_iter().find(|(_, t)| t == text) {
                Some((atom, t)) => self.make(atom, t),
                None => {
                    while self.partial.len() > made_before {
                        self.partial.pop();
                        self.game.unmake_atom(&mut self.pos);
                    }
                    return Err(format!("'{text}' is not legal here"));
                }
            }
        }
        if !self.end_offered() {
            while self.partial.len() > made_before {
                self.partial.pop();
                self.game.unmake_atom(&mut self.pos);
            }
            return Err("the play does not end the turn legally".into());
        }
        self.close(note);
        Ok(())
    }

    fn thinking_json(game: &G, pos: &G::Pos, purpose: Purpose, r: &MultiReport<G::Atom>) -> Value {
        let mover = game.to_move(pos);
        let mut thinking = engine::thinking_value(
            purpose,
            mover,
            (r.depth, r.seldepth),
            score_text(r.score),
            (r.nodes, r.time),
            crate::protocol::multi::pv_text(game, pos, &r.pv),
        );
        thinking["view"] = json!(player_letter(mover).to_string());
        thinking
    }

    fn position_json(&mut self) -> Value {
        let (offered, end_turn) = self.offered();
        let g = &*self.game;
        let open = g.turn_open(&self.pos);
        let outcome = if open { None } else { g.outcome(&self.pos) };
        let legal: Vec<Value> = if outcome.is_some() {
            Vec::new()
        } else {
            offered
                .iter()
                .map(|&(a, _)| g.atom_json(&self.pos, a))
                .collect()
        };
        let (board, badges) = g.board_json(&self.pos);
        let mover = g.to_move(&self.pos);
        let checks = g.in_check_set(&self.pos);
        let checked: Vec<usize> = (0..g.players(&self.pos))
            .filter(|p| checks & (1 << p) != 0)
            .collect();
        json!({
            "fen": g.write_position(&self.pos),
            "board": board,
            "badges": badges,
            "hands": Value::Null,
            "players": g.players_json(&self.pos),
            "side": mover,
            "check": checks & (1 << mover) != 0,
            "checks": checked,
            "outcome": outcome.as_ref().map(|o| result_text(Some(o))),
            "winner": outcome.as_ref().map(|o| o.winner),
            "knives": g.knives(&self.pos),
            "play_list": g.play_list(&self.pos),
            "turn_open": open,
            "end_turn": open && end_turn && outcome.is_none(),
            "legal": legal,
        })
    }
}

fn default_names(players: usize) -> Vec<String> {
    (0..players).map(|p| player_letter(p).to_string()).collect()
}

fn read_position<G: MultiNotation>(game: &G, text: &str) -> Result<G::Pos, String> {
    if text.len() > 16384 {
        return Err("a position string is at most 16384 characters".into());
    }
    game.read_position(text.trim())
        .map_err(|e| format!("bad position: {e}"))
}

/// A score from the mover's view as people read it: `+0.35`, `#3` (the hand won within 3
/// turns of the whole table), `#-2`.
fn score_text(score: i32) -> (String, Value) {
    if score >= MATE_BOUND {
        let n = MATE - score;
        (format!("#{n}"), json!({"mate": n}))
    } else if score <= -MATE_BOUND {
        let n = MATE + score;
        (format!("#-{n}"), json!({"mate": -n}))
    } else {
        (
            format!("{:+.2}", score as f64 / 100.0),
            json!({"cp": score}),
        )
    }
}

impl<G: MultiView> MultiBoard for MultiTable<G> {
    fn variant(&self) -> &'static str {
        self.variant
    }

    fn ids(&self) -> Ids {
        self.ids
    }

    fn players(&self) -> usize {
        self.seats.len()
    }

    fn layout(&self) -> Value {
        self.game.layout_json(self.seats.len(), self.ids.layout)
    }

    fn state(&mut self, searching: Option<&str>, watchers: usize) -> Value {
        let position = self.position_json();
        let (mode, tags, result) = self.mode.json();
        let (control, clocks, clock_running) = self.clocks.json();
        let last_turn: Vec<Value> = self
            .cursor
            .checked_sub(1)
            .map(|i| self.turns[i].parts.iter().map(part_json).collect())
            .unwrap_or_default();
        let last = match self.partial.last() {
            Some(p) => part_json(p),
            None => last_turn.last().cloned().unwrap_or(Value::Null),
        };
        let moves: Vec<String> = self.turns.iter().map(Turn::text).collect();
        let movers: Vec<usize> = self.turns.iter().map(|t| t.player).collect();
        let notes: Vec<Option<&str>> = self.turns.iter().map(|t| t.note.as_deref()).collect();
        json!({
            "version": self.ids.version,
            "layout_id": self.ids.layout,
            "game_id": self.ids.game,
            "variant": self.variant,
            "multi": true,
            "options": self.options.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
            "mode": mode,
            "tags": tags,
            "result": result,
            "names": self.names,
            "start": self.game.write_position(&self.start),
            "position": position,
            "moves": moves,
            "movers": movers,
            "notes": notes,
            "cursor": self.cursor,
            "partial": self.partial.iter().map(part_json).collect::<Vec<_>>(),
            "last": last,
            "last_turn": last_turn,
            "seats": self.seats.iter().map(|s| s.name()).collect::<Vec<_>>(),
            "limit": self.limit.json(),
            "analysis": self.analysis,
            "searching": searching,
            "clock": control,
            "clocks": clocks,
            "clock_running": clock_running,
            "counters": [],
            "watchers": watchers,
        })
    }

    fn new_game(&mut self, fen: Option<&str>) -> Result<(), String> {
        let start = match fen {
            Some(text) => read_position(&*self.game, text)?,
            None => self.game.start_position(),
        };
        self.tt.clear();
        self.new_line(start);
        Ok(())
    }

    fn play_text(&mut self, text: &str) -> Result<(), String> {
        if text.len() > 256 {
            return Err("a play is at most 256 characters".into());
        }
        self.refuse_watch()?;
        if let Some(o) = self.outcome() {
            return Err(format!("the hand is over: {o}"));
        }
        let text = text.trim();
        let (offered, _) = self.offered();
        if let Some((atom, t)) = offered.into_iter().find(|(_, t)| t == text) {
            self.make(atom, t);
            // Nothing but the end left: the turn closes by itself.
            let (next, end) = self.offered();
            if next.is_empty() && end {
                self.close(None);
            }
            self.changed();
            return Ok(());
        }
        if self.game.turn_open(&self.pos) {
            return Err(format!(
                "'{text}' is not a legal part of this turn (take the turn back to play another)"
            ));
        }
        // A whole play, checked by the rules directly.
        let atoms = self
            .game
            .read_play(&mut self.pos, text)
            .map_err(|e| format!("'{text}': {e}"))?;
        let mut scratch = self.pos.clone();
        let written = play_text(&*self.game, &mut scratch, &atoms);
        let parts: Vec<&str> = written.split(',').collect();
        self.play_parts(&parts, None)?;
        self.changed();
        Ok(())
    }

    fn end_turn(&mut self) -> Result<(), String> {
        self.refuse_watch()?;
        if self.partial.is_empty() {
            return Err("no part of a turn has been made yet".into());
        }
        if !self.end_offered() {
            return Err("the turn cannot end here: the rules ask for more (or the last part leaves you in check)".into());
        }
        self.close(None);
        self.changed();
        Ok(())
    }

    fn take_back(&mut self, whole_turn: bool) -> Result<(), String> {
        self.refuse_watch()?;
        if !self.partial.is_empty() {
            if whole_turn {
                self.unmake_partial();
            } else {
                self.partial.pop();
                self.game.unmake_atom(&mut self.pos);
            }
            self.changed();
            return Ok(());
        }
        if self.cursor == 0 {
            return Err("there is nothing to take back".into());
        }
        let engine_turn = self.seats[self.turns[self.cursor - 1].player] == Seat::Engine;
        if whole_turn || engine_turn {
            self.walk(self.cursor - 1);
            // Playing the engine: back to the last turn a person made.
            let human_seat = self.seats.contains(&Seat::Human);
            while human_seat && self.cursor > 0 && self.seats[self.mover()] == Seat::Engine {
                self.walk(self.cursor - 1);
            }
            self.turns.truncate(self.cursor);
        } else {
            // Reopen the last turn without its last part.
            let turn = self.turns.pop().expect("a turn before the cursor");
            self.game.unmake_atom(&mut self.pos); // END_TURN
            self.cursor -= 1;
            let mut parts = turn.parts;
            parts.pop();
            self.game.unmake_atom(&mut self.pos);
            self.partial = parts;
            self.turns.truncate(self.cursor);
        }
        self.changed();
        Ok(())
    }

    fn goto(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.turns.len() {
            return Err(format!(
                "the line has {} turns, there is no turn {ply}",
                self.turns.len()
            ));
        }
        self.walk(ply);
        self.changed();
        Ok(())
    }

    fn turns(&self) -> usize {
        self.turns.len()
    }

    fn seats(&self) -> Vec<Seat> {
        self.seats.clone()
    }

    fn set_seats(&mut self, seats: Vec<Seat>) {
        self.seats = seats;
    }

    fn limit(&self) -> Limit {
        self.limit
    }

    fn set_limit(&mut self, limit: Limit) {
        self.limit = limit;
    }

    fn analysis(&self) -> bool {
        self.analysis
    }

    fn set_analysis(&mut self, on: bool) {
        self.analysis = on;
    }

    fn touch(&mut self) {
        self.changed();
    }

    fn time_control(&self) -> Option<TimeControl> {
        self.clocks.control()
    }

    fn set_time_control(&mut self, control: Option<TimeControl>) {
        let players = self.seats.len();
        self.clocks.reset(players, control);
        self.changed();
    }

    fn remaining(&self, player: Player) -> Option<Duration> {
        self.clocks.remaining(player)
    }

    fn tick(&mut self) -> bool {
        let live = self.mode == Mode::Play && self.cursor == self.turns.len();
        let Some(player) = self.clocks.flagged() else {
            return false;
        };
        if !live || player != self.mover() || self.outcome().is_some() {
            return false;
        }
        // The referee's rule (D4): a player out of time makes the default play, and plays on
        // with its increments.
        self.unmake_partial();
        let atoms = self.game.default_play(&mut self.pos);
        let mut scratch = self.pos.clone();
        let text = play_text(&*self.game, &mut scratch, &atoms);
        let parts: Vec<&str> = if text.is_empty() {
            Vec::new()
        } else {
            text.split(',').collect()
        };
        self.clocks.empty(player);
        if let Err(e) = self.play_parts(&parts, Some("time out: default play".into())) {
            log::error!("the default play '{text}' was refused: {e}");
        }
        self.changed();
        true
    }

    fn outcome(&mut self) -> Option<String> {
        if self.game.turn_open(&self.pos) {
            return None;
        }
        self.game.outcome(&self.pos).map(|o| result_text(Some(&o)))
    }

    fn mover(&self) -> Player {
        self.game.to_move(&self.pos)
    }

    fn engine_to_move(&mut self) -> bool {
        !matches!(self.mode, Mode::Watch { .. })
            && self.seats[self.mover().min(self.seats.len() - 1)] == Seat::Engine
            && self.cursor == self.turns.len()
            && self.outcome().is_none()
            && !self.offered().0.is_empty()
    }

    fn search_key(&self) -> (u64, usize, u64) {
        (
            self.ids.game,
            self.cursor * 8 + self.partial.len(),
            self.game.hash(&self.pos),
        )
    }

    fn spawn_search(
        &self,
        shared: Arc<Shared>,
        id: u64,
        purpose: Purpose,
        limits: Limits,
        control: Arc<Control>,
    ) -> Result<(), String> {
        let (game, pos, tt) = (self.game.clone(), self.pos.clone(), self.tt.clone());
        std::thread::Builder::new()
            .name(format!("serve-search-{id}"))
            .spawn(move || {
                let report_shared = shared.clone();
                let (report_game, report_pos) = (game.clone(), pos.clone());
                let mut report = move |r: &MultiReport<G::Atom>| {
                    let thinking = Self::thinking_json(&report_game, &report_pos, purpose, r);
                    engine::report(&report_shared, id, thinking);
                };
                let result = crate::search::multi::search(
                    &*game,
                    &pos,
                    &limits,
                    &MultiSettings::default(),
                    &tt,
                    &control,
                    &mut report,
                );
                let text = (!result.play.is_empty()).then(|| {
                    let mut scratch = pos.clone();
                    play_text(&*game, &mut scratch, &result.play)
                });
                engine::finished(&shared, id, Done::Play(text));
            })
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn engine_play(&mut self, text: &str) -> Result<(), String> {
        let parts: Vec<&str> = if text.is_empty() {
            Vec::new()
        } else {
            text.split(',').collect()
        };
        self.play_parts(&parts, None)?;
        self.changed();
        Ok(())
    }

    fn load_hand(&mut self, hand: &HandRecord) -> Result<(), String> {
        let g = &*self.game;
        let start = match hand.tag("StartPosition") {
            Some(text) => read_position(g, text).map_err(|e| format!("StartPosition: {e}"))?,
            None => g.start_position(),
        };
        if hand.turns.len() > MAX_LINE {
            return Err(format!("the record has more than {MAX_LINE} turns"));
        }
        // Check every turn on a copy first: a bad record changes nothing.
        let mut pos = start.clone();
        let mut turns = Vec::new();
        for (i, turn) in hand.turns.iter().enumerate() {
            let at = |msg: String| format!("turn {} '{}': {msg}", i + 1, turn.play);
            if g.outcome(&pos).is_some() {
                return Err(at("the hand was already over".into()));
            }
            let mover = g.to_move(&pos);
            if mover != turn.player {
                return Err(at(format!(
                    "the record says {} plays, the play list says {}",
                    player_letter(turn.player),
                    player_letter(mover)
                )));
            }
            let atoms = g
                .read_play(&mut pos, &turn.play)
                .map_err(|e| at(e.to_string()))?;
            let mut parts = Vec::new();
            for a in atoms {
                if a != G::END_TURN {
                    parts.push(Part {
                        atom: a,
                        text: g.atom_text(&pos, a),
                        cells: g.atom_cells(&pos, a),
                    });
                }
                g.make_atom(&mut pos, a);
            }
            turns.push(Turn {
                player: mover,
                parts,
                note: turn.comment.clone(),
            });
        }
        let players = g.players(&start);
        self.new_line(start);
        self.turns = turns;
        self.names = (0..players)
            .map(|p| {
                let letter = player_letter(p).to_ascii_uppercase();
                hand.tag(&format!("Player{letter}"))
                    .map_or_else(|| player_letter(p).to_string(), str::to_string)
            })
            .collect();
        self.mode = Mode::Replay {
            tags: hand.tags.clone(),
            result: hand.tag("Result").map(str::to_string),
        };
        self.seats = vec![Seat::Human; players];
        self.changed();
        Ok(())
    }
}
