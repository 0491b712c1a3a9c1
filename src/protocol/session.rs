//! What both front-ends share: the chosen variant, the game so far (start position plus moves,
//! so takebacks and repetitions work), the options that shape a search, and the one search
//! that may be running on its own thread.
//!
//! Every change is all-or-nothing: a bad position or move leaves the session as it was.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::thread::JoinHandle;

use super::{Event, Output};
use crate::core::game::Game;
use crate::core::moves::{Move, MoveList};
use crate::core::outcome::Outcome;
use crate::core::position::Position;
use crate::eval::Evaluator;
use crate::fen::{
    captured_squares, draw_board, move_text, parse_move, parse_position, record_text,
    write_position,
};
use crate::perft::{divide, divide_report};
use crate::search::TranspositionTable;
use crate::search::{self, Control, Limits, Report, SearchResult, Settings};
use crate::variants::{self, AnyGame, OptionValues, VariantError};
use crate::with_game;

/// Default and limits of the options both protocols offer.
pub const HASH_DEFAULT_MB: usize = 16;
pub const HASH_MAX_MB: usize = 4096;
pub const THREADS_MAX: usize = 64;
pub const OVERHEAD_MAX_MS: u64 = 5000;
pub const MULTI_PV_MAX: usize = 64;
/// The largest contempt either way, in centipawns: beyond a few pawns it stops being a
/// preference between draws and play and starts throwing games.
pub const CONTEMPT_MAX: i64 = 1000;

struct RunningSearch {
    token: u64,
    control: Arc<Control>,
    handle: JoinHandle<()>,
}

pub struct Session {
    pub out: Output,
    sender: Sender<Event>,
    game: Arc<AnyGame>,
    evaluator: Arc<Evaluator>,
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    tt: Arc<TranspositionTable>,
    pub hash_mb: usize,
    pub settings: Settings,
    /// Values of the variant rule options (applied whenever a game is built).
    options: OptionValues,
    search: Option<RunningSearch>,
    next_token: u64,
}

impl Session {
    pub fn new(out: Output, sender: Sender<Event>) -> Self {
        let game = variants::game("chess").expect("chess is always playable");
        let (evaluator, start) = Self::prepare(&game);
        Session {
            out,
            sender,
            game: Arc::new(game),
            evaluator: Arc::new(evaluator),
            pos: start.clone(),
            start,
            moves: Vec::new(),
            tt: Arc::new(TranspositionTable::new(HASH_DEFAULT_MB)),
            hash_mb: HASH_DEFAULT_MB,
            settings: Settings::default(),
            options: OptionValues::default(),
            search: None,
            next_token: 1,
        }
    }

    fn prepare(game: &AnyGame) -> (Evaluator, Position) {
        with_game!(game, g => {
            let pos = parse_position(g, &g.variant().spec.start)
                .expect("every variant's start position is valid (checked by tests)");
            (Evaluator::for_game(g), pos)
        })
    }

    /// The canonical name of the variant being played.
    pub fn variant_name(&self) -> &str {
        with_game!(&*self.game, g => g.variant().name())
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The game, shared with a thread that outlives this call (search reports).
    pub fn shared_game(&self) -> Arc<AnyGame> {
        self.game.clone()
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn moves_played(&self) -> usize {
        self.moves.len()
    }

    /// Switches to `name` at its start position (nothing changes on error).
    pub fn set_variant(&mut self, name: &str) -> Result<(), VariantError> {
        let game = variants::game_with(name, &self.options)?;
        let (evaluator, start) = Self::prepare(&game);
        self.game = Arc::new(game);
        self.evaluator = Arc::new(evaluator);
        self.pos = start.clone();
        self.start = start;
        self.moves.clear();
        self.tt.clear();
        Ok(())
    }

    /// Sets a variant rule option. When it changes the rules of the variant being played, the
    /// game is rebuilt and starts again from its start position. Nothing changes on error.
    pub fn set_variant_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut options = self.options.clone();
        let option = options.set(name, value)?;
        let current = self.variant_name();
        if option.variants.contains(&current) {
            let game = variants::game_with(current, &options).map_err(|e| e.to_string())?;
            self.options = options;
            let (evaluator, start) = Self::prepare(&game);
            self.game = Arc::new(game);
            self.evaluator = Arc::new(evaluator);
            self.pos = start.clone();
            self.start = start;
            self.moves.clear();
            self.tt.clear();
        } else {
            self.options = options;
        }
        Ok(())
    }

    /// Sets the position from a position string (None: the start) and moves played from it.
    /// On any error the session is unchanged and the error says which part failed.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let (start, pos, played) = with_game!(&*self.game, g => {
            let start = match fen {
                Some(text) => parse_position(g, text).map_err(|e| format!("bad position: {e}"))?,
                None => parse_position(g, &g.variant().spec.start)
                    .map_err(|e| format!("bad start position: {e}"))?,
            };
            let mut pos = start.clone();
            let mut played = Vec::with_capacity(moves.len());
            for (i, text) in moves.iter().enumerate() {
                let mv = parse_move(g, &mut pos, text)
                    .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
                g.make(&mut pos, mv);
                played.push(mv);
            }
            (start, pos, played)
        });
        self.start = start;
        self.pos = pos;
        self.moves = played;
        Ok(())
    }

    /// Back to the variant's start position.
    pub fn reset(&mut self) {
        let (_, start) = Self::prepare(&self.game);
        self.pos = start.clone();
        self.start = start;
        self.moves.clear();
    }

    /// Resolves a move string against the legal moves (no change to the position).
    pub fn parse_move(&mut self, text: &str) -> Result<Move, String> {
        with_game!(&*self.game, g => parse_move(g, &mut self.pos, text).map_err(|e| e.to_string()))
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        with_game!(&*self.game, g => g.make(&mut self.pos, mv));
        self.moves.push(mv);
    }

    /// Takes back the last move; false when there is none.
    pub fn take_back(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.pos.undo()
    }

    pub fn legal_moves(&mut self) -> MoveList {
        let mut list = MoveList::new();
        with_game!(&*self.game, g => g.legal_moves(&mut self.pos, &mut list));
        list
    }

    /// The result if the game is over by the rules.
    pub fn outcome(&mut self) -> Option<Outcome> {
        let legal = self.legal_moves().len();
        with_game!(&*self.game, g => g.outcome(&self.pos, legal))
    }

    /// The player to move.
    pub fn side(&self) -> u8 {
        self.pos.side()
    }

    pub fn in_check(&self) -> bool {
        with_game!(&*self.game, g => g.in_check(&self.pos))
    }

    pub fn move_text(&self, mv: &Move) -> String {
        with_game!(&*self.game, g => move_text(g.variant(), mv))
    }

    /// For families whose captures happen away from the destination (Partonici): the move's
    /// record with its captured squares (`c4d5xe4xb5`), then ` result ...` if it ends the
    /// game. `None` for other families, whose moves speak for themselves.
    pub fn move_record(&mut self, mv: &Move) -> Option<String> {
        let game = self.game.clone();
        with_game!(&*game, g => {
            if !g.variant().family_notation.is_some_and(|n| n.capture_lists) {
                return None;
            }
            let taken = captured_squares(g, &mut self.pos, *mv);
            let mut text = record_text(g.variant(), mv, &taken);
            self.play(*mv);
            if let Some(outcome) = self.outcome() {
                text.push_str(&format!(" result {outcome}"));
            }
            self.take_back();
            Some(text)
        })
    }

    /// For families with capture lists: the result of a game that is over (`None` otherwise).
    /// Their results are not always a mate or a draw (capture counts decide), so the UCI
    /// front-end names them.
    pub fn result_note(&mut self) -> Option<String> {
        let lists = with_game!(&*self.game, g => g.variant().family_notation.is_some_and(|n| n.capture_lists));
        if !lists {
            return None;
        }
        self.outcome().map(|o| o.to_string())
    }

    pub fn fen(&self) -> String {
        with_game!(&*self.game, g => write_position(g.variant(), &self.pos))
    }

    pub fn start_fen(&self) -> String {
        with_game!(&*self.game, g => write_position(g.variant(), &self.start))
    }

    pub fn drawing(&self) -> String {
        with_game!(&*self.game, g => draw_board(g.variant(), &self.pos))
    }

    /// `go perft N` / `perft N`: the divide listing of notation.md.
    pub fn perft(&mut self, depth: u32) -> String {
        let mut pos = self.pos.clone();
        with_game!(&*self.game, g => {
            let (lines, total) = divide(g, &mut pos, depth);
            divide_report(&lines, total)
        })
    }

    /// The transposition table, shared with a search thread (the N-player searches use it
    /// too).
    pub fn shared_tt(&self) -> Arc<TranspositionTable> {
        self.tt.clone()
    }

    /// Where a search thread sends its result.
    pub fn sender(&self) -> Sender<Event> {
        self.sender.clone()
    }

    /// The variant rule options set so far.
    pub fn options(&self) -> &OptionValues {
        &self.options
    }

    /// Resizes the transposition table (forgetting its contents).
    pub fn set_hash(&mut self, megabytes: usize) {
        self.hash_mb = megabytes.clamp(1, HASH_MAX_MB);
        self.tt = Arc::new(TranspositionTable::new(self.hash_mb));
    }

    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    pub fn searching(&self) -> bool {
        self.search.is_some()
    }

    /// Starts a search of the current position on its own thread; its result comes back as
    /// [`Event::SearchDone`] with the returned token.
    pub fn start_search(
        &mut self,
        limits: Limits,
        root_moves: Option<Vec<Move>>,
        pondering: bool,
        mut report: Box<dyn FnMut(&Report) + Send>,
    ) -> u64 {
        let token = self.next_token;
        self.next_token += 1;
        let control = Arc::new(Control::new(pondering));
        let (game, evaluator, tt) = (self.game.clone(), self.evaluator.clone(), self.tt.clone());
        let (pos, settings, sender) =
            (self.pos.clone(), self.settings.clone(), self.sender.clone());
        let thread_control = control.clone();
        let handle = std::thread::spawn(move || {
            let result = with_game!(&*game, g => search::search(
                g,
                &evaluator,
                &pos,
                &limits,
                root_moves.as_deref(),
                &settings,
                &tt,
                &thread_control,
                &mut *report,
            ));
            let _ = sender.send(Event::SearchDone { token, result });
        });
        self.search = Some(RunningSearch {
            token,
            control,
            handle,
        });
        token
    }

    /// Asks the running search (if any) to stop; its result still arrives as an event.
    pub fn stop_search(&self) {
        if let Some(s) = &self.search {
            s.control.stop();
        }
    }

    pub fn ponder_hit(&self) {
        if let Some(s) = &self.search {
            s.control.ponder_hit();
        }
    }

    /// Handles a [`Event::SearchDone`]: returns the result if it belongs to the running
    /// search (which is then over), None for a stale one.
    pub fn finish_search(&mut self, token: u64, result: SearchResult) -> Option<SearchResult> {
        match &self.search {
            Some(s) if s.token == token => {
                if let Some(s) = self.search.take() {
                    let _ = s.handle.join();
                }
                Some(result)
            }
            _ => None,
        }
    }

    /// Stops the running search and waits for it; events that arrive meanwhile are kept in
    /// `deferred` in order. Returns the search's result.
    pub fn stop_and_wait(
        &mut self,
        events: &Receiver<Event>,
        deferred: &mut VecDeque<Event>,
    ) -> Option<SearchResult> {
        let token = self.search.as_ref()?.token;
        self.stop_search();
        loop {
            match events.recv() {
                Ok(Event::SearchDone { token: t, result }) if t == token => {
                    return self.finish_search(t, result);
                }
                Ok(Event::SearchDone { .. }) => {}
                Ok(other) => deferred.push_back(other),
                Err(_) => {
                    // The search thread is gone without a word (it cannot be, but never hang).
                    if let Some(s) = self.search.take() {
                        let _ = s.handle.join();
                    }
                    return None;
                }
            }
        }
    }
}

/// What loading the variant files of `VariantPath` (paths separated by `:`, as
/// Fairy-Stockfish on Unix) has to say, for either protocol: each file's problems with their
/// lines (at most 50 a file), then a summary line of the games it holds; an unreadable file
/// gives one error line. Empty and `<empty>` load nothing.
pub fn load_variant_path(value: &str) -> Vec<Result<String, String>> {
    let mut lines = Vec::new();
    if value.is_empty() || value == "<empty>" {
        return lines;
    }
    for path in value.split(':').filter(|p| !p.is_empty()) {
        match crate::variants::ini::load(path) {
            Ok(report) => {
                lines.extend(report.problem_lines().into_iter().take(50).map(Ok));
                let names: Vec<String> = report
                    .definitions
                    .iter()
                    .map(|d| match d.playable {
                        Ok(_) => d.name.clone(),
                        Err(_) => format!("{} (refused)", d.name),
                    })
                    .collect();
                lines.push(Ok(format!(
                    "VariantPath: {path} read {} variants: {}",
                    names.len(),
                    names.join(" ")
                )));
            }
            Err(e) => lines.push(Err(format!("VariantPath: {e}"))),
        }
    }
    lines
}
