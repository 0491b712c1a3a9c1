//! The game on the table: the variant, the line of moves with a cursor (the shown position),
//! who sits at each side (a person or the engine), the engine's limit per move, analysis, and
//! a replayed or watched record. Every change is all-or-nothing: a bad move, position or record
//! returns an error and leaves the table as it was.
//!
//! The engine's searches are started and stopped by [`super::engine`]; this file holds the
//! state they act on.

use std::sync::Arc;

use serde_json::{Value, json};

use super::clock::{Clocks, TimeControl};
use super::record::read_record;
use super::view::{layout_json, position_json};
use crate::core::game::Game;
use crate::core::moves::{Move, MoveKind};
use crate::core::outcome::{Outcome, Reason};
use crate::core::position::Position;
use crate::eval::Evaluator;
use crate::fen::{
    captured_squares, move_text, parse_move, parse_move_or_san, parse_position, record_text,
    san_line,
};
use crate::geometry::NO_SQ;
use crate::search::TranspositionTable;
use crate::variants::{self, AnyGame, OptionValues, VARIANTS};
use crate::with_game;

/// The transposition table of the server's engine.
const HASH_MB: usize = 32;

/// The most moves a line may have (a record longer than this is refused).
pub const MAX_LINE: usize = 5000;

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Engine,
}

impl Seat {
    pub fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Engine => "engine",
        }
    }

    pub fn parse(text: &str) -> Result<Seat, String> {
        match text {
            "human" => Ok(Seat::Human),
            "engine" => Ok(Seat::Engine),
            _ => Err(format!("a seat is 'human' or 'engine', not '{text}'")),
        }
    }
}

/// How long the engine thinks about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Milliseconds per move.
    Time(u64),
    Nodes(u64),
    Depth(u32),
}

impl Limit {
    pub fn parse(kind: &str, value: u64) -> Result<Limit, String> {
        match kind {
            "time" if (10..=600_000).contains(&value) => Ok(Limit::Time(value)),
            "nodes" if (1..=1_000_000_000).contains(&value) => Ok(Limit::Nodes(value)),
            "depth" if (1..=64).contains(&value) => Ok(Limit::Depth(value as u32)),
            "time" => Err("time per move must be 10 to 600000 ms".into()),
            "nodes" => Err("nodes per move must be 1 to 1000000000".into()),
            "depth" => Err("depth must be 1 to 64".into()),
            _ => Err(format!("a limit is time, nodes or depth, not '{kind}'")),
        }
    }

    pub fn json(self) -> Value {
        match self {
            Limit::Time(ms) => json!({"kind": "time", "value": ms}),
            Limit::Nodes(n) => json!({"kind": "nodes", "value": n}),
            Limit::Depth(d) => json!({"kind": "depth", "value": d}),
        }
    }
}

/// Where the moves come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Played here, by people or the engine.
    Play,
    /// A record loaded for stepping through (its tags shown); playing a move from it turns it
    /// into a game played here.
    Replay {
        tags: Vec<(String, String)>,
        result: Option<String>,
    },
    /// Game `number` of a match being played (`menagerie match --watch`): moves arrive from
    /// the referee; people step through them but do not move.
    Watch { number: usize },
}

impl Mode {
    /// The mode's name, the record's tags and its result, for the page.
    pub fn json(&self) -> (&'static str, Value, Value) {
        match self {
            Mode::Play => ("play", Value::Null, Value::Null),
            Mode::Watch { .. } => ("watch", Value::Null, Value::Null),
            Mode::Replay { tags, result } => {
                let map: serde_json::Map<String, Value> = tags
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::String(v.clone())))
                    .collect();
                ("replay", Value::Object(map), json!(result))
            }
        }
    }
}

/// How a game ended away from the rules: a resignation, a draw agreed, a flag fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Resigned(u8),
    Agreed,
    Flagged(u8),
}

impl Ending {
    fn outcome(self) -> Outcome {
        match self {
            Ending::Resigned(side) => Outcome::Win {
                winner: 1 - side,
                reason: Reason::Resignation,
            },
            Ending::Agreed => Outcome::Draw {
                reason: Reason::Agreement,
            },
            Ending::Flagged(side) => Outcome::Win {
                winner: 1 - side,
                reason: Reason::TimeForfeit,
            },
        }
    }
}

/// The engine accepts a draw when its last search scored its own side at most this (it
/// judges itself worse by half a pawn) ...
const DRAW_ACCEPT_CP: i32 = -50;
/// ... or at most level once this many plies are played (a long game it cannot win).
const DRAW_ACCEPT_LATE_PLY: usize = 80;

/// The game being shown.
pub struct Table {
    pub game: Arc<AnyGame>,
    pub evaluator: Arc<Evaluator>,
    pub tt: Arc<TranspositionTable>,
    variant: &'static str,
    family: &'static str,
    options: OptionValues,
    /// Changes whenever the page must fetch the layout again.
    pub layout_id: u64,
    /// Changes with every new game, loaded position or record (no animation across them).
    pub game_id: u64,
    /// Changes with every change of anything shown.
    pub version: u64,
    start: Position,
    /// The position at the cursor.
    pub pos: Position,
    line: Vec<Move>,
    /// The text of each move of `line` (the record form with captured squares where moves
    /// capture away from their destination).
    texts: Vec<String>,
    /// How many moves of `line` lead to the shown position.
    pub cursor: usize,
    pub seats: [Seat; 2],
    pub limit: Limit,
    pub analysis: bool,
    pub mode: Mode,
    /// Each side's clock (moves played here).
    clocks: Clocks,
    /// A resignation, agreed draw or flag fall at the end of the line.
    ending: Option<Ending>,
    /// The side that offered a draw its opponent has not yet answered (by a move or a word).
    draw_offer: Option<u8>,
    /// The engine's last move search in this game: the side it played and its score for
    /// that side (centipawns; what it says to a draw offer).
    engine_score: Option<(u8, i32)>,
    /// Lines shown in analysis (MultiPV, 1 to [`MAX_ANALYSIS_LINES`]).
    pub analysis_lines: usize,
    names: [String; 2],
}

/// The most lines analysis shows at once.
pub const MAX_ANALYSIS_LINES: usize = 3;

impl Table {
    /// A table with the start position of `variant`.
    pub fn new(variant: &str, options: OptionValues) -> Result<Table, String> {
        let (game, name, family) = build(variant, &options)?;
        let (evaluator, start) = prepare(&game)?;
        Ok(Table {
            game: Arc::new(game),
            evaluator: Arc::new(evaluator),
            tt: Arc::new(TranspositionTable::new(HASH_MB)),
            variant: name,
            family,
            options,
            layout_id: 1,
            game_id: 1,
            version: 1,
            pos: start.clone(),
            start,
            line: Vec::new(),
            texts: Vec::new(),
            cursor: 0,
            seats: [Seat::Human, Seat::Engine],
            limit: Limit::Time(1000),
            analysis: false,
            mode: Mode::Play,
            clocks: Clocks::new(2, None),
            ending: None,
            draw_offer: None,
            engine_score: None,
            analysis_lines: 1,
            names: default_names(),
        })
    }

    /// The moves of the whole line (the cursor may be before its end).
    pub fn moves_len(&self) -> usize {
        self.line.len()
    }

    pub fn variant(&self) -> &'static str {
        self.variant
    }

    fn changed(&mut self) {
        self.version += 1;
        self.sync_clock();
    }

    /// Runs the clock of the side to move while a game is played at the end of its line;
    /// stops it otherwise.
    fn sync_clock(&mut self) {
        let live = self.mode == Mode::Play && self.cursor == self.line.len();
        if live && self.result().is_none() {
            self.clocks.run(self.pos.side().min(1) as usize);
        } else {
            self.clocks.pause();
        }
    }

    /// The game's result: the rules', or at the end of the line a resignation, agreed draw or
    /// flag fall (a fallen flag is noticed here).
    pub fn result(&mut self) -> Option<Outcome> {
        let rules = with_game!(&*self.game, g => {
            let mut list = Vec::new();
            g.legal_moves(&mut self.pos, &mut list);
            g.outcome(&self.pos, list.len())
        });
        if rules.is_some() || self.cursor != self.line.len() || self.mode != Mode::Play {
            return rules;
        }
        if self.ending.is_none()
            && let Some(seat) = self.clocks.flagged()
        {
            self.ending = Some(Ending::Flagged(seat as u8));
            self.clocks.pause();
            self.version += 1;
        }
        self.ending.map(Ending::outcome)
    }

    /// The time control (None: the clocks count time spent).
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clocks.control()
    }

    /// Another time control: both clocks start again from its base.
    pub fn set_time_control(&mut self, control: Option<TimeControl>) {
        self.clocks.reset(2, control);
        self.changed();
    }

    /// Time left on `side`'s clock under a time control.
    pub fn remaining(&self, side: usize) -> Option<std::time::Duration> {
        self.clocks.remaining(side)
    }

    /// The side a person acts for: `asked` if given, else the one person's seat, else (hot
    /// seat) the side to move.
    fn person_side(&self, asked: Option<usize>) -> Result<u8, String> {
        let side = match asked {
            Some(s) if s < 2 => s,
            Some(s) => return Err(format!("there is no side {s}: 0 is White, 1 is Black")),
            None => match self.seats {
                [Seat::Human, Seat::Engine] => 0,
                [Seat::Engine, Seat::Human] => 1,
                [Seat::Human, Seat::Human] => self.pos.side().min(1) as usize,
                _ => return Err("no person plays this game".into()),
            },
        };
        if self.seats[side] != Seat::Human {
            return Err("the engine's side does not resign or offer draws through you".into());
        }
        Ok(side as u8)
    }

    /// Refuses unless a game is being played here and goes on at the shown position.
    fn game_on(&mut self) -> Result<(), String> {
        if self.mode != Mode::Play {
            return Err("only a game played here can be resigned or drawn".into());
        }
        if self.cursor != self.line.len() {
            return Err("go to the end of the game first".into());
        }
        if let Some(o) = self.result() {
            return Err(format!("the game is over: {o}"));
        }
        Ok(())
    }

    /// A person resigns (`side`, or see [`person_side`](Self::person_side)).
    pub fn resign(&mut self, side: Option<usize>) -> Result<(), String> {
        let side = self.person_side(side)?;
        self.game_on()?;
        self.ending = Some(Ending::Resigned(side));
        self.draw_offer = None;
        self.changed();
        Ok(())
    }

    /// A person offers, accepts or declines a draw. Against the engine an offer is answered
    /// at once (see [`DRAW_ACCEPT_CP`]); the answer is returned as text.
    pub fn draw(&mut self, action: &str, side: Option<usize>) -> Result<String, String> {
        let side = self.person_side(side)?;
        self.game_on()?;
        let opponent = 1 - side;
        let answer = match action {
            "offer" if self.seats[opponent as usize] == Seat::Engine => {
                if self.engine_accepts_draw(opponent) {
                    self.ending = Some(Ending::Agreed);
                    self.draw_offer = None;
                    "the engine accepts: the game is drawn".to_string()
                } else {
                    "the engine declines the draw".to_string()
                }
            }
            "offer" => {
                self.draw_offer = Some(side);
                "draw offered".to_string()
            }
            "accept" if self.draw_offer == Some(opponent) => {
                self.ending = Some(Ending::Agreed);
                self.draw_offer = None;
                "the game is drawn by agreement".to_string()
            }
            "decline" if self.draw_offer == Some(opponent) => {
                self.draw_offer = None;
                "draw declined".to_string()
            }
            "accept" | "decline" => return Err("no draw has been offered to this side".into()),
            other => {
                return Err(format!(
                    "'action' is offer, accept or decline, not '{other}'"
                ));
            }
        };
        self.changed();
        Ok(answer)
    }

    /// The engine's answer to a draw offer, from its last move search in this game.
    fn engine_accepts_draw(&self, engine_side: u8) -> bool {
        match self.engine_score {
            Some((side, score)) if side == engine_side => {
                score <= DRAW_ACCEPT_CP || (score <= 0 && self.line.len() >= DRAW_ACCEPT_LATE_PLY)
            }
            _ => false,
        }
    }

    /// Plays the engine's move and remembers its score for draw offers.
    pub fn engine_played(&mut self, mv: Move, score: i32) {
        self.engine_score = Some((self.pos.side().min(1), score));
        self.play(mv);
    }

    fn new_line(&mut self, start: Position) {
        self.pos = start.clone();
        self.start = start;
        self.line.clear();
        self.texts.clear();
        self.cursor = 0;
        self.clocks.reset(2, self.clocks.control());
        self.ending = None;
        self.draw_offer = None;
        self.engine_score = None;
        self.game_id += 1;
        self.mode = Mode::Play;
        self.names = default_names();
        self.changed();
    }

    /// A new game: of another variant and options if given, from a position string if given.
    pub fn new_game(
        &mut self,
        variant: Option<&str>,
        options: Option<&[(String, String)]>,
        fen: Option<&str>,
    ) -> Result<(), String> {
        // Another variant starts from its own defaults: one game's rule options never carry
        // over to another's (a new game of the same variant keeps its options).
        let other_variant = variant.is_some_and(|v| v != self.variant);
        let mut values = if other_variant {
            OptionValues::default()
        } else {
            self.options.clone()
        };
        if let Some(list) = options {
            values = OptionValues::default();
            for (name, value) in list {
                values.set(name, value)?;
            }
        }
        let switching = other_variant || options.is_some();
        if switching {
            let (game, name, family) = build(variant.unwrap_or(self.variant), &values)?;
            let (evaluator, start) = prepare(&game)?;
            let start = match fen {
                Some(text) => read_position(&game, text)?,
                None => start,
            };
            self.game = Arc::new(game);
            self.evaluator = Arc::new(evaluator);
            self.tt.clear();
            self.variant = name;
            self.family = family;
            self.options = values;
            self.layout_id += 1;
            self.new_line(start);
            return Ok(());
        }
        let start = match fen {
            Some(text) => read_position(&self.game, text)?,
            None => prepare(&self.game)?.1,
        };
        self.new_line(start);
        Ok(())
    }

    /// The whole line as PGN for other programs: SAN where the game has it (our coordinates
    /// otherwise), the players' names, `Variant`, `SetUp`/`FEN` for a set-up start or any game
    /// but chess, and the result when the line ends the game (`*` otherwise).
    pub fn pgn(&mut self) -> String {
        let result = self.result_of_line();
        with_game!(&*self.game, g => {
            let v = g.variant();
            let start_fen = crate::fen::write_position(v, &self.start);
            let mut pos = self.start.clone();
            let moves = if crate::fen::has_san(v) {
                san_line(g, &mut pos, &self.line)
            } else {
                for &mv in &self.line {
                    g.make(&mut pos, mv);
                }
                self.texts.clone()
            };
            let outcome = result;
            let mut out = String::new();
            let tags = [
                ("Event", "Menagerie board".to_string()),
                ("Site", "?".to_string()),
                ("Date", crate::matches::pgn::today()),
                ("White", self.names[0].clone()),
                ("Black", self.names[1].clone()),
                ("Result", outcome.map_or("*", |o| o.score_text()).to_string()),
                ("Variant", self.variant.to_string()),
            ];
            for (k, value) in tags {
                out.push_str(&crate::matches::pgn::tag(k, &value));
            }
            let first_number = start_fen
                .split_whitespace()
                .last()
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(1)
                .max(1);
            if self.variant != "chess" || start_fen != v.spec.start {
                out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start_fen}\"]\n"));
            }
            out.push('\n');
            let black_first = self.start.side() == 1;
            let mut tokens = Vec::new();
            for (i, text) in moves.iter().enumerate() {
                let ply = i + usize::from(black_first);
                if ply % 2 == 0 {
                    tokens.push(format!("{}.", ply / 2 + first_number));
                } else if i == 0 {
                    tokens.push(format!("{first_number}..."));
                }
                tokens.push(text.clone());
            }
            // The reason as a comment, then the result token that ends the movetext.
            match outcome.map(|o| o.to_string()) {
                Some(text) => {
                    let (score, comment) = text.split_once(' ').unwrap_or((&text, ""));
                    if !comment.is_empty() {
                        tokens.push(comment.to_string());
                    }
                    tokens.push(score.to_string());
                }
                None => tokens.push("*".to_string()),
            }
            out.push_str(&crate::matches::pgn::movetext(&tokens));
            out
        })
    }

    /// The result of the whole line (the cursor may be before its end).
    fn result_of_line(&mut self) -> Option<Outcome> {
        let shown = self.cursor;
        let _ = self.goto_quietly(self.line.len());
        let result = self.result();
        let _ = self.goto_quietly(shown);
        result
    }

    /// The game over, or `None`.
    pub fn outcome(&mut self) -> Option<String> {
        self.result().map(|o| o.to_string())
    }

    /// True when the engine should move now: its seat is to move, at the end of the line.
    pub fn engine_to_move(&mut self) -> bool {
        !matches!(self.mode, Mode::Watch { .. })
            && self.seats[self.pos.side().min(1) as usize] == Seat::Engine
            && self.cursor == self.line.len()
            && self.outcome().is_none()
    }

    /// Plays the move `text` at the cursor (moves after the cursor are dropped).
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        if text.len() > 64 {
            return Err("a move is at most 64 characters".into());
        }
        if matches!(self.mode, Mode::Watch { .. }) {
            return Err(
                "this is a match being played by engines: watch it, or start a new game".into(),
            );
        }
        if let Some(o) = self.outcome() {
            return Err(format!("the game is over: {o}"));
        }
        let mv = with_game!(&*self.game, g => parse_move(g, &mut self.pos, text))
            .map_err(|e| e.to_string())?;
        self.play(mv);
        Ok(())
    }

    /// Plays a legal move at the cursor.
    pub fn play(&mut self, mv: Move) {
        let side = self.pos.side().min(1) as usize;
        if self.cursor == self.line.len() && self.mode == Mode::Play {
            self.clocks.turn_done(side);
        } else {
            // A new line from an earlier position: what ended the old one is gone.
            self.ending = None;
        }
        if self
            .draw_offer
            .is_some_and(|offerer| offerer as usize != side)
        {
            // Moving on is declining (an offer stands until the opponent moves).
            self.draw_offer = None;
        }
        self.line.truncate(self.cursor);
        self.texts.truncate(self.cursor);
        let text = with_game!(&*self.game, g => {
            let v = g.variant();
            if v.family_notation.is_some_and(|n| n.capture_lists) {
                let taken = captured_squares(g, &mut self.pos, mv);
                record_text(v, &mv, &taken)
            } else {
                move_text(v, &mv)
            }
        });
        with_game!(&*self.game, g => g.make(&mut self.pos, mv));
        self.line.push(mv);
        self.texts.push(text);
        self.cursor += 1;
        self.changed();
    }

    /// Takes back moves: one, or when playing the engine, back to the person's last turn.
    pub fn take_back(&mut self) -> Result<(), String> {
        if self.cursor == 0 {
            return Err("there is no move to take back".into());
        }
        self.goto(self.cursor - 1)?;
        let human_seat = self.seats.contains(&Seat::Human);
        while human_seat
            && self.cursor > 0
            && self.seats[self.pos.side().min(1) as usize] == Seat::Engine
        {
            self.goto(self.cursor - 1)?;
        }
        self.line.truncate(self.cursor);
        self.texts.truncate(self.cursor);
        self.ending = None;
        self.draw_offer = None;
        self.changed();
        Ok(())
    }

    /// Shows the position after `ply` moves of the line.
    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        self.goto_quietly(ply)?;
        self.changed();
        Ok(())
    }

    /// Moves the cursor without counting it as a change.
    fn goto_quietly(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.line.len() {
            return Err(format!(
                "the line has {} moves, there is no move {ply}",
                self.line.len()
            ));
        }
        while self.cursor > ply {
            with_game!(&*self.game, g => g.unmake(&mut self.pos));
            self.cursor -= 1;
        }
        while self.cursor < ply {
            let mv = self.line[self.cursor];
            with_game!(&*self.game, g => g.make(&mut self.pos, mv));
            self.cursor += 1;
        }
        Ok(())
    }

    /// Loads a record (PGN or a move list) of this or another variant, at its start.
    pub fn load_record(&mut self, text: &str) -> Result<(), String> {
        let record = read_record(text)?;
        if record.moves.len() > MAX_LINE {
            return Err(format!("the record has more than {MAX_LINE} moves"));
        }
        let variant = record.tag("Variant").unwrap_or(self.variant);
        let variant = if variant == "normal" {
            "chess"
        } else {
            variant
        };
        let same = variant == self.variant;
        let (game, name, family) = if same {
            (None, self.variant, self.family)
        } else {
            let (g, n, f) = build(variant, &OptionValues::default())?;
            (Some(g), n, f)
        };
        let game_ref: &AnyGame = game.as_ref().unwrap_or(&self.game);
        let start = match record.tag("FEN") {
            Some(fen) => read_position(game_ref, fen)?,
            None => prepare(game_ref)?.1,
        };
        let mut pos = start.clone();
        let mut line = Vec::new();
        let mut texts = Vec::new();
        for (i, text) in record.moves.iter().enumerate() {
            let mv = with_game!(game_ref, g => parse_move_or_san(g, &mut pos, text))
                .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
            texts.push(with_game!(game_ref, g => {
                let v = g.variant();
                if v.family_notation.is_some_and(|n| n.capture_lists) {
                    let taken = captured_squares(g, &mut pos, mv);
                    record_text(v, &mv, &taken)
                } else {
                    move_text(v, &mv)
                }
            }));
            with_game!(game_ref, g => g.make(&mut pos, mv));
            line.push(mv);
        }
        // Everything checked: now change the table.
        if let Some(g) = game {
            let (evaluator, _) = prepare(&g)?;
            self.game = Arc::new(g);
            self.evaluator = Arc::new(evaluator);
            self.tt.clear();
            self.variant = name;
            self.family = family;
            self.options = OptionValues::default();
            self.layout_id += 1;
        }
        self.new_line(start);
        self.line = line;
        self.texts = texts;
        self.names = [
            record.tag("White").unwrap_or("White").to_string(),
            record.tag("Black").unwrap_or("Black").to_string(),
        ];
        self.mode = Mode::Replay {
            tags: record.tags.clone().into_iter().collect(),
            result: record.result.clone(),
        };
        self.seats = [Seat::Human, Seat::Human];
        self.changed();
        Ok(())
    }

    /// Shows game `number` of a watched match: its start (the variant's unless given) and
    /// moves (our notation). New moves of the game already shown are added at the end; the
    /// cursor follows them when it was at the end.
    pub fn show_watched(
        &mut self,
        number: usize,
        start: Option<&str>,
        moves: &[String],
        names: &[String; 2],
    ) -> Result<(), String> {
        let same = self.mode == Mode::Watch { number } && self.line.len() <= moves.len();
        if !same {
            let start = match start {
                Some(fen) => read_position(&self.game, fen)?,
                None => prepare(&self.game)?.1,
            };
            self.new_line(start);
            self.mode = Mode::Watch { number };
            self.seats = [Seat::Engine, Seat::Engine];
            self.names = names.clone();
        }
        let follow = self.cursor == self.line.len();
        let shown = self.cursor;
        self.goto(self.line.len())?;
        for text in &moves[self.line.len()..] {
            let mv = with_game!(&*self.game, g => parse_move(g, &mut self.pos, text))
                .map_err(|e| format!("move '{text}': {e}"))?;
            self.play(mv);
        }
        if !follow {
            self.goto(shown)?;
        }
        self.changed();
        Ok(())
    }

    /// The layout of the variant for the page.
    pub fn layout(&self) -> Value {
        with_game!(&*self.game, g => layout_json(g, self.layout_id, self.family))
    }

    /// Capture counts where the game is scored by them (Partonici), per player.
    fn counters(&self) -> Value {
        match &*self.game {
            AnyGame::Partonici(_) => {
                let counts: Vec<u8> = (0..2)
                    .map(|p| variants::partonici::captures::tally(&self.pos, p))
                    .collect();
                json!([{"label": "captures", "values": counts}])
            }
            _ => json!([]),
        }
    }

    /// Everything the page shows, but the layout.
    pub fn state(&mut self, searching: Option<&str>, watchers: usize) -> Value {
        let mut position = with_game!(&*self.game, g => position_json(g, &mut self.pos));
        if position["outcome"].is_null()
            && let Some(o) = self.result()
        {
            // Resigned, agreed or flagged: over, though the rules would play on.
            position["outcome"] = json!(o.to_string());
            position["legal"] = json!([]);
        }
        let last = self.cursor.checked_sub(1).map(|i| {
            let mv = self.line[i];
            let sq = |s| if s == NO_SQ { Value::Null } else { json!(s) };
            let from = if mv.kind == MoveKind::Drop {
                Value::Null
            } else {
                sq(mv.from)
            };
            json!({"from": from, "to": sq(mv.to), "text": self.texts[i]})
        });
        let (mode, tags, result) = self.mode.json();
        let (control, clocks, clock_running) = self.clocks.json();
        json!({
            "version": self.version,
            "layout_id": self.layout_id,
            "game_id": self.game_id,
            "variant": self.variant,
            "options": self.options.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
            "mode": mode,
            "tags": tags,
            "result": result,
            "names": self.names,
            "start": with_game!(&*self.game, g => crate::fen::write_position(g.variant(), &self.start)),
            "position": position,
            "moves": self.texts,
            "san": self.san_line(),
            "cursor": self.cursor,
            "last": last,
            "seats": self.seats.iter().map(|s| s.name()).collect::<Vec<_>>(),
            "limit": self.limit.json(),
            "analysis": self.analysis,
            "analysis_lines": self.analysis_lines,
            "searching": searching,
            "clock": control,
            "clocks": clocks,
            "clock_running": clock_running,
            "draw_offer": self.draw_offer,
            "counters": self.counters(),
            "watchers": watchers,
        })
    }
}

fn default_names() -> [String; 2] {
    ["White".to_string(), "Black".to_string()]
}

impl Table {
    /// The moves of the line in SAN, for the move list, where the variant has SAN (replayed
    /// from the start: a few hundred plies cost well under a millisecond).
    fn san_line(&self) -> Option<Vec<String>> {
        with_game!(&*self.game, g => {
            crate::fen::has_san(g.variant())
                .then(|| san_line(g, &mut self.start.clone(), &self.line))
        })
    }
}

/// Builds a playable variant: the game, its canonical name and its family.
fn build(
    name: &str,
    options: &OptionValues,
) -> Result<(AnyGame, &'static str, &'static str), String> {
    let game = variants::game_with(name, options).map_err(|e| e.to_string())?;
    let canonical = with_game!(&game, g => variants::static_name(g.variant().name()))
        .ok_or_else(|| format!("variant '{name}' has no name to show"))?;
    let family = VARIANTS
        .iter()
        .find(|v| v.name == canonical)
        .map_or("", |v| v.family);
    Ok((game, canonical, family))
}

/// The evaluator and the start position of a game.
fn prepare(game: &AnyGame) -> Result<(Evaluator, Position), String> {
    with_game!(game, g => {
        let pos = parse_position(g, &g.variant().spec.start)
            .map_err(|e| format!("bad start position: {e}"))?;
        Ok((Evaluator::for_game(g), pos))
    })
}

fn read_position(game: &AnyGame, text: &str) -> Result<Position, String> {
    if text.len() > 4096 {
        return Err("a position string is at most 4096 characters".into());
    }
    with_game!(game, g => parse_position(g, text.trim()).map_err(|e| format!("bad position: {e}")))
}
