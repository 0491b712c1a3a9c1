//! What the server holds: the game on the table, which is either a two-player game
//! ([`Table`], every family but Party) or an N-player game of compound turns
//! ([`MultiBoard`], Party Chess), and the engine's running search. "New game", "load" and
//! "replay" may switch between the two kinds; the page's counters (layout, game, version)
//! keep rising across a switch so it always fetches what changed.

use serde_json::Value;

use super::clock::TimeControl;
use super::engine::Running;
use super::multi::{Ids, MultiBoard, MultiTable};
use super::record::read_record;
use super::table::{Limit, MAX_ANALYSIS_LINES, Seat, Table};
use crate::matches::record::read_records;
use crate::variants::{self, OptionValues, VARIANTS};
use crate::with_multi_game;

/// The game on the table.
pub enum Board {
    Two(Box<Table>),
    Multi(Box<dyn MultiBoard>),
}

/// The table and the engine's search at it.
pub struct Desk {
    pub board: Board,
    /// The engine's search, if one runs (see [`super::engine`]).
    pub running: Option<Running>,
}

/// Why Party Chess has no *Resign* or draw offers.
const PARTY_GIVES_UP: &str =
    "in Party Chess giving up is a play of the game (Surrender), and hands have no draw offers";

const FIRST: Ids = Ids {
    layout: 1,
    game: 1,
    version: 1,
};

/// Reads `NAME=VALUE` options.
fn option_values(list: &[(String, String)]) -> Result<OptionValues, String> {
    let mut values = OptionValues::default();
    for (name, value) in list {
        values.set(name, value)?;
    }
    Ok(values)
}

/// Builds the table of `name` (either kind) under `options`, from `fen` if given.
fn build(
    name: &str,
    options: OptionValues,
    fen: Option<&str>,
    ids: Ids,
    limit: Limit,
) -> Result<Board, String> {
    if variants::is_multi(name) {
        let info = VARIANTS
            .iter()
            .find(|v| v.name == name)
            .ok_or_else(|| format!("unknown variant '{name}'"))?;
        let any = variants::multi_game_with(info.name, &options).map_err(|e| e.to_string())?;
        let board = with_multi_game!(any, g => {
            Box::new(MultiTable::new(info.name, options, g, fen, ids, limit)?) as Box<dyn MultiBoard>
        });
        return Ok(Board::Multi(board));
    }
    let mut t = Table::new(name, options)?;
    if let Some(text) = fen {
        t.new_game(None, None, Some(text))?;
    }
    t.layout_id = ids.layout;
    t.game_id = ids.game;
    t.version = ids.version;
    t.limit = limit;
    Ok(Board::Two(Box::new(t)))
}

impl Desk {
    /// A desk with the start position of `variant`.
    pub fn new(variant: &str, options: OptionValues) -> Result<Desk, String> {
        Ok(Desk {
            board: build(variant, options, None, FIRST, Limit::Time(1000))?,
            running: None,
        })
    }

    pub fn variant(&self) -> &'static str {
        match &self.board {
            Board::Two(t) => t.variant(),
            Board::Multi(m) => m.variant(),
        }
    }

    pub fn ids(&self) -> Ids {
        match &self.board {
            Board::Two(t) => Ids {
                layout: t.layout_id,
                game: t.game_id,
                version: t.version,
            },
            Board::Multi(m) => m.ids(),
        }
    }

    /// The counters a new board starts from: past every counter of this one.
    fn next_ids(&self) -> Ids {
        let ids = self.ids();
        Ids {
            layout: ids.layout + 1,
            game: ids.game + 1,
            version: ids.version + 1,
        }
    }

    pub fn layout(&self) -> Value {
        match &self.board {
            Board::Two(t) => t.layout(),
            Board::Multi(m) => m.layout(),
        }
    }

    pub fn state(&mut self, searching: Option<&str>, watchers: usize) -> Value {
        match &mut self.board {
            Board::Two(t) => t.state(searching, watchers),
            Board::Multi(m) => m.state(searching, watchers),
        }
    }

    /// A new game: of another variant and options if given (either kind), from a position
    /// string if given.
    pub fn new_game(
        &mut self,
        variant: Option<&str>,
        options: Option<&[(String, String)]>,
        fen: Option<&str>,
    ) -> Result<(), String> {
        let name = variant.unwrap_or(self.variant());
        let name = if name == "normal" { "chess" } else { name };
        let multi = variants::is_multi(name);
        match &mut self.board {
            Board::Two(t) if !multi => return t.new_game(variant, options, fen),
            Board::Multi(m) if name == m.variant() && options.is_none() => {
                return m.new_game(fen);
            }
            _ => {}
        }
        let values = option_values(options.unwrap_or(&[]))?;
        let control = self.time_control();
        self.board = build(name, values, fen, self.next_ids(), self.limit())?;
        self.set_time_control(control);
        Ok(())
    }

    /// Plays a move (two players), or an atom of the turn or a whole play (N players).
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        match &mut self.board {
            Board::Two(t) => t.play_text(text),
            Board::Multi(m) => m.play_text(text),
        }
    }

    /// Closes the turn being built.
    pub fn end_turn(&mut self) -> Result<(), String> {
        match &mut self.board {
            Board::Two(_) => Err("in this game every move is a whole turn".into()),
            Board::Multi(m) => m.end_turn(),
        }
    }

    /// Takes back a move (two players), or an atom or a whole turn (N players).
    pub fn take_back(&mut self, whole_turn: bool) -> Result<(), String> {
        match &mut self.board {
            Board::Two(t) => t.take_back(),
            Board::Multi(m) => m.take_back(whole_turn),
        }
    }

    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        match &mut self.board {
            Board::Two(t) => t.goto(ply),
            Board::Multi(m) => m.goto(ply),
        }
    }

    pub fn seats(&self) -> Vec<Seat> {
        match &self.board {
            Board::Two(t) => t.seats.to_vec(),
            Board::Multi(m) => m.seats(),
        }
    }

    pub fn limit(&self) -> Limit {
        match &self.board {
            Board::Two(t) => t.limit,
            Board::Multi(m) => m.limit(),
        }
    }

    /// Who plays each seat and how long the engine thinks; all or nothing.
    pub fn set_seats(
        &mut self,
        seats: Option<Vec<Seat>>,
        limit: Option<Limit>,
    ) -> Result<(), String> {
        if let Some(list) = &seats
            && list.len() != self.seats().len()
        {
            return Err(format!("'seats' must list {} seats", self.seats().len()));
        }
        match &mut self.board {
            Board::Two(t) => {
                if let Some(list) = seats {
                    t.seats = [list[0], list[1]];
                }
                if let Some(l) = limit {
                    t.limit = l;
                }
                t.version += 1;
            }
            Board::Multi(m) => {
                if let Some(list) = seats {
                    m.set_seats(list);
                }
                if let Some(l) = limit {
                    m.set_limit(l);
                }
                m.touch();
            }
        }
        Ok(())
    }

    /// The engine takes the seat to move and plays from the end of the line.
    pub fn go(&mut self) -> Result<(), String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is over: {o}"));
        }
        match &mut self.board {
            Board::Two(t) => {
                let side = t.pos.side().min(1) as usize;
                t.seats[side] = Seat::Engine;
                let end = t.moves_len();
                t.goto(end)
            }
            Board::Multi(m) => {
                let mut seats = m.seats();
                seats[m.mover()] = Seat::Engine;
                m.set_seats(seats);
                if !m.engine_to_move() {
                    // Before the end of the line: the engine plays on from its end.
                    let end = m.turns();
                    m.goto(end)?;
                }
                m.touch();
                Ok(())
            }
        }
    }

    pub fn analysis(&self) -> bool {
        match &self.board {
            Board::Two(t) => t.analysis,
            Board::Multi(m) => m.analysis(),
        }
    }

    pub fn set_analysis(&mut self, on: bool) {
        match &mut self.board {
            Board::Two(t) => {
                t.analysis = on;
                t.version += 1;
            }
            Board::Multi(m) => {
                m.set_analysis(on);
                m.touch();
            }
        }
    }

    /// Analysis off, without counting it as a change (a new game or record is one already).
    pub fn analysis_off(&mut self) {
        match &mut self.board {
            Board::Two(t) => t.analysis = false,
            Board::Multi(m) => m.set_analysis(false),
        }
    }

    /// The time control; another one restarts every clock from its base.
    pub fn time_control(&self) -> Option<TimeControl> {
        match &self.board {
            Board::Two(t) => t.time_control(),
            Board::Multi(m) => m.time_control(),
        }
    }

    pub fn set_time_control(&mut self, control: Option<TimeControl>) {
        match &mut self.board {
            Board::Two(t) => t.set_time_control(control),
            Board::Multi(m) => m.set_time_control(control),
        }
    }

    /// The clock of the side to move under a time control: time left and increment.
    pub fn mover_clock(&self) -> Option<crate::search::Clock> {
        let control = self.time_control()?;
        let remaining = match &self.board {
            Board::Two(t) => t.remaining(t.pos.side().min(1) as usize),
            Board::Multi(m) => m.remaining(m.mover()),
        }?;
        Some(crate::search::Clock {
            remaining,
            increment: control.increment,
            moves_to_go: None,
        })
    }

    /// Notices a fallen flag; true when that changed the game.
    pub fn tick(&mut self) -> bool {
        match &mut self.board {
            Board::Two(t) => {
                let before = t.version;
                let _ = t.result();
                t.version != before
            }
            Board::Multi(m) => m.tick(),
        }
    }

    /// A person resigns (two-player games; Party Chess has its own surrender).
    pub fn resign(&mut self, side: Option<usize>) -> Result<(), String> {
        match &mut self.board {
            Board::Two(t) => t.resign(side),
            Board::Multi(_) => Err(PARTY_GIVES_UP.into()),
        }
    }

    /// A person offers, accepts or declines a draw; returns what happened.
    pub fn draw(&mut self, action: &str, side: Option<usize>) -> Result<String, String> {
        match &mut self.board {
            Board::Two(t) => t.draw(action, side),
            Board::Multi(_) => Err(PARTY_GIVES_UP.into()),
        }
    }

    /// Lines shown in analysis (MultiPV; N-player games show one).
    pub fn analysis_lines(&self) -> usize {
        match &self.board {
            Board::Two(t) => t.analysis_lines,
            Board::Multi(_) => 1,
        }
    }

    pub fn set_analysis_lines(&mut self, lines: usize) -> Result<(), String> {
        if !(1..=MAX_ANALYSIS_LINES).contains(&lines) {
            return Err(format!("analysis shows 1 to {MAX_ANALYSIS_LINES} lines"));
        }
        match &mut self.board {
            Board::Two(t) => {
                t.analysis_lines = lines;
                t.version += 1;
                Ok(())
            }
            Board::Multi(_) if lines == 1 => Ok(()),
            Board::Multi(_) => Err("analysis of a game of several players shows one line".into()),
        }
    }

    /// Something shown changed (the engine's state, say).
    pub fn touch(&mut self) {
        match &mut self.board {
            Board::Two(t) => t.version += 1,
            Board::Multi(m) => m.touch(),
        }
    }

    /// The game over, or `None`.
    /// The line as PGN (the board of two players only: Party hands have their own records).
    pub fn pgn(&mut self) -> Result<String, String> {
        match &mut self.board {
            Board::Two(t) => Ok(t.pgn()),
            Board::Multi(_) => Err("a PGN is for games of two players; Party hands are recorded by `menagerie match --pgn`".to_string()),
        }
    }

    pub fn outcome(&mut self) -> Option<String> {
        match &mut self.board {
            Board::Two(t) => t.outcome(),
            Board::Multi(m) => m.outcome(),
        }
    }

    pub fn engine_to_move(&mut self) -> bool {
        match &mut self.board {
            Board::Two(t) => t.engine_to_move(),
            Board::Multi(m) => m.engine_to_move(),
        }
    }

    /// The position a search is about: (game, place in the line, hash).
    pub fn search_key(&self) -> (u64, usize, u64) {
        match &self.board {
            Board::Two(t) => (t.game_id, t.cursor, t.pos.hash()),
            Board::Multi(m) => m.search_key(),
        }
    }

    /// Loads a record to step through: a PGN of a two-player game, or a hand of an N-player
    /// game (the first of the file) in the record format `menagerie match` writes.
    pub fn load_record(&mut self, text: &str) -> Result<(), String> {
        let tags = read_record(text)?.tags;
        let variant = tags.get("Variant").map(String::as_str);
        let multi = match variant {
            Some(v) => variants::is_multi(v),
            None => matches!(self.board, Board::Multi(_)),
        };
        if !multi {
            if let Board::Two(t) = &mut self.board {
                return t.load_record(text);
            }
            let base = self.next_ids();
            let mut t = Table::new("chess", OptionValues::default())?;
            t.load_record(text)?;
            t.layout_id += base.layout;
            t.game_id += base.game;
            t.version += base.version;
            t.limit = self.limit();
            self.board = Board::Two(Box::new(t));
            return Ok(());
        }
        let hands = read_records(text)?;
        let hand = hands.first().ok_or("no hand in the record")?;
        let name = variant.unwrap_or(self.variant());
        let mut options = Vec::new();
        for item in hand.tag("VariantOptions").unwrap_or("").split_whitespace() {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| format!("VariantOptions: '{item}' is not NAME=VALUE"))?;
            options.push((k.to_string(), v.to_string()));
        }
        let mut board = build(
            name,
            option_values(&options)?,
            None,
            self.next_ids(),
            self.limit(),
        )?;
        match &mut board {
            Board::Multi(m) => m.load_hand(hand)?,
            Board::Two(_) => return Err(format!("'{name}' is not a game of several players")),
        }
        self.board = board;
        Ok(())
    }
}
