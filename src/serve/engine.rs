//! The engine at the table: one search at a time, on its own thread, either choosing the move
//! of a side the engine plays or analysing the shown position until told otherwise.
//!
//! [`update`] is called after every change (holding the table's lock) and decides what should
//! run: nothing while nobody watches (no open page) or the game is over; the engine's move
//! when its seat is to move at the end of the line; otherwise analysis if it is on. A search
//! that no longer fits is stopped and forgotten (its result, when it comes, is thrown away),
//! so a closed tab or a takeback never lets a stale move through. Searches are never waited
//! for while the lock is held: a finished search takes the lock itself to play its move.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde_json::{Value, json};

use super::Shared;
use super::desk::{Board, Desk};
use super::table::{Limit, Table};
use crate::core::game::Game;
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::fen::move_text;
use crate::search::{self, Clock, Control, Limits, Report, Score, Settings};
use crate::variants::AnyGame;
use crate::with_game;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's move for the side to move; played when the search ends.
    Move,
    /// The score and best line of the shown position, until stopped.
    Analysis,
}

impl Purpose {
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Move => "move",
            Purpose::Analysis => "analysis",
        }
    }
}

/// The search that is running.
pub struct Running {
    id: u64,
    pub purpose: Purpose,
    control: Arc<Control>,
    /// The position it searches (game, place in the line, hash): a search of another
    /// position is stale.
    key: (u64, usize, u64),
}

/// What should be running now.
fn wanted(shared: &Shared, d: &mut Desk) -> Option<Purpose> {
    if shared.hub.watchers() == 0 || shared.closing.load(Ordering::SeqCst) {
        return None;
    }
    if d.engine_to_move() {
        return Some(Purpose::Move);
    }
    (d.analysis() && d.outcome().is_none()).then_some(Purpose::Analysis)
}

/// Starts, keeps or stops the search to fit the table as it is now.
pub fn update(shared: &Arc<Shared>, d: &mut Desk) {
    let want = wanted(shared, d);
    if let Some(r) = &d.running {
        if Some(r.purpose) == want && r.key == d.search_key() {
            return;
        }
        cancel(shared, d);
    }
    if let Some(purpose) = want {
        start(shared, d, purpose);
    }
}

/// Stops the running search and forgets it: its result will be ignored.
pub fn cancel(shared: &Shared, d: &mut Desk) {
    if let Some(r) = d.running.take() {
        r.control.stop();
        shared.current_search.store(0, Ordering::SeqCst);
        *shared.thinking.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// Forgets the engine line the pages show (a new game).
pub fn forget_thinking(shared: &Shared) {
    *shared.thinking.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// Asks the running move search to move now (with the best move found so far); stops
/// analysis.
pub fn move_now(shared: &Shared, d: &mut Desk) {
    match &d.running {
        Some(r) if r.purpose == Purpose::Move => r.control.stop(),
        Some(_) => cancel(shared, d),
        None => {}
    }
}

/// What limits a search: analysis runs until stopped; a move search keeps to the clock under
/// a time control, else to the table's limit per move.
fn limits_for(purpose: Purpose, limit: Limit, clock: Option<Clock>) -> Limits {
    let mut limits = Limits::default();
    match purpose {
        Purpose::Analysis => limits.infinite = true,
        Purpose::Move if clock.is_some() => limits.clock = clock,
        Purpose::Move => match limit {
            Limit::Time(ms) => limits.move_time = Some(std::time::Duration::from_millis(ms)),
            Limit::Nodes(n) => limits.nodes = Some(n),
            Limit::Depth(d) => limits.depth = Some(d),
        },
    }
    limits
}

/// Shows a running search's report on every page, unless the search was stopped and
/// forgotten.
pub fn report(shared: &Shared, id: u64, thinking: Value) {
    if shared.current_search.load(Ordering::SeqCst) != id {
        return;
    }
    shared.hub.publish("thinking", &thinking.to_string());
    *shared.thinking.lock().unwrap_or_else(|e| e.into_inner()) = Some(thinking);
}

fn start(shared: &Arc<Shared>, d: &mut Desk, purpose: Purpose) {
    let id = shared.next_search.fetch_add(1, Ordering::SeqCst);
    shared.current_search.store(id, Ordering::SeqCst);
    let control = Arc::new(Control::new(false));
    d.running = Some(Running {
        id,
        purpose,
        control: control.clone(),
        key: d.search_key(),
    });
    *shared.thinking.lock().unwrap_or_else(|e| e.into_inner()) = None;
    let limits = limits_for(purpose, d.limit(), d.mover_clock());
    let lines = match purpose {
        Purpose::Analysis => d.analysis_lines(),
        Purpose::Move => 1,
    };
    let spawned = match &d.board {
        Board::Two(t) => start_two(shared, t, id, (purpose, lines), limits, control),
        Board::Multi(m) => m.spawn_search(shared.clone(), id, purpose, limits, control),
    };
    if let Err(e) = spawned {
        log::error!("cannot start a search thread: {e}");
        d.running = None;
    }
}

fn start_two(
    shared: &Arc<Shared>,
    t: &Table,
    id: u64,
    (purpose, lines): (Purpose, usize),
    limits: Limits,
    control: Arc<Control>,
) -> Result<(), String> {
    let (game, evaluator, tt, pos) = (
        t.game.clone(),
        t.evaluator.clone(),
        t.tt.clone(),
        t.pos.clone(),
    );
    let shared = shared.clone();
    std::thread::Builder::new()
        .name(format!("serve-search-{id}"))
        .spawn(move || {
            let report_shared = shared.clone();
            let (report_game, report_pos) = (game.clone(), pos.clone());
            // With MultiPV the lines of one depth arrive one by one (line 1 first): a set is
            // shown once it is whole, so the lines shown are always of one depth and distinct.
            let set_size = with_game!(&*game, g => {
                let mut legal = Vec::new();
                g.legal_moves(&mut pos.clone(), &mut legal);
                lines.clamp(1, legal.len().max(1))
            });
            let mut set: Vec<(i32, Value)> = Vec::new();
            let mut head: Option<Value> = None;
            let mut on_report = move |r: &Report| {
                let thinking = thinking_json(&report_game, &report_pos, purpose, r);
                if r.line <= 1 {
                    set.clear();
                    head = Some(thinking.clone());
                }
                set.truncate(r.line.max(1) - 1);
                set.push((
                    r.raw_score,
                    json!({
                        "score": thinking["score"],
                        "value": thinking["value"],
                        "pv": thinking["pv"],
                    }),
                ));
                if set.len() < set_size {
                    return;
                }
                // Best first, as Stockfish orders its lines (a later line of one depth may
                // score above the first: each is searched with the ones before excluded).
                let mut sorted = set.clone();
                sorted.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
                let mut shown = head.clone().unwrap_or(thinking);
                for key in ["score", "value", "pv"] {
                    shown[key] = sorted[0].1[key].clone();
                }
                shown["lines"] = json!(sorted.into_iter().map(|(_, l)| l).collect::<Vec<_>>());
                report(&report_shared, id, shown);
            };
            let settings = Settings {
                multi_pv: lines,
                ..Settings::default()
            };
            let result = with_game!(&*game, g => search::search(
                g,
                &evaluator,
                &pos,
                &limits,
                None,
                &settings,
                &tt,
                &control,
                &mut on_report,
            ));
            finished(&shared, id, Done::Move(result.best, result.score));
        })
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// What a finished search chose.
pub enum Done {
    /// A two-player move and its score for the side that moves.
    Move(Option<Move>, i32),
    /// An N-player play (the rest of the turn) in its text.
    Play(Option<String>),
}

/// A search ended: a current move search plays its move, then whatever should run next runs.
pub fn finished(shared: &Arc<Shared>, id: u64, done: Done) {
    let mut d = shared.lock();
    let current = d.running.as_ref().is_some_and(|r| r.id == id);
    if !current {
        return;
    }
    let purpose = d.running.take().map(|r| r.purpose);
    shared.current_search.store(0, Ordering::SeqCst);
    // A flag that fell while the engine thought ended the game: the move comes too late.
    let over = d.outcome().is_some();
    if purpose == Some(Purpose::Move) && !over {
        match (&mut d.board, done) {
            (Board::Two(t), Done::Move(Some(mv), score)) => t.engine_played(mv, score),
            (Board::Multi(m), Done::Play(Some(text))) => {
                if let Err(e) = m.engine_play(&text) {
                    log::error!("the engine's play '{text}' was refused: {e}");
                }
            }
            _ => {}
        }
    }
    shared.publish(&mut d);
    update(shared, &mut d);
}

/// The texts of a line of moves from `pos`.
pub fn line_texts(game: &AnyGame, pos: &Position, moves: &[Move]) -> Vec<String> {
    with_game!(game, g => {
        let mut p = pos.clone();
        let mut out = Vec::new();
        let mut legal = Vec::new();
        for &mv in moves {
            g.legal_moves(&mut p, &mut legal);
            if !legal.contains(&mv) {
                break;
            }
            out.push(move_text(g.variant(), &mv));
            g.make(&mut p, mv);
        }
        out
    })
}

/// A score from White's side as people read it: `+0.35`, `-1.20`, `#3`, `#-2`.
pub fn score_text(score: Score, side: u8) -> (String, Value) {
    let flip = if side == 0 { 1 } else { -1 };
    match score {
        Score::Centipawns(cp) => {
            let cp = cp * flip;
            (format!("{:+.2}", cp as f64 / 100.0), json!({"cp": cp}))
        }
        Score::Mate(n) => {
            let n = n * flip;
            (format!("#{n}"), json!({"mate": n}))
        }
    }
}

fn thinking_json(game: &AnyGame, pos: &Position, purpose: Purpose, r: &Report) -> Value {
    thinking_value(
        purpose,
        pos.side() as usize,
        (r.depth, r.seldepth),
        score_text(r.score, pos.side()),
        (r.nodes, r.time),
        line_texts(game, pos, &r.pv),
    )
}

/// One report of a search for the page: what it is for, whose view, depth and selective
/// depth, the score (text and raw), nodes and time, the line.
pub fn thinking_value(
    purpose: Purpose,
    side: usize,
    (depth, seldepth): (u32, u32),
    (score, raw): (String, Value),
    (nodes, time): (u64, std::time::Duration),
    pv: Vec<String>,
) -> Value {
    let ms = time.as_millis() as u64;
    json!({
        "purpose": purpose.name(),
        "side": side,
        "depth": depth,
        "seldepth": seldepth,
        "score": score,
        "value": raw,
        "nodes": nodes,
        "nps": (nodes * 1000).checked_div(ms).unwrap_or(0),
        "ms": ms,
        "pv": pv,
    })
}
