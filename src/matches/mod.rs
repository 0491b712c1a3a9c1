//! `menagerie match`: engine-versus-engine matches over UCI or XBoard in any variant the core
//! knows, with the core as referee.
//!
//! Layout, one job per module: `config` (command-line values), `engine` (child process with a
//! time-stamping reader thread), `adapter` + `uci` + `xboard` (the protocols behind one small
//! trait), `codec` (move text at the engine edge), `referee` (one game), `openings`, `stats`,
//! `pgn`. This file schedules games over worker threads, restarts engines that crashed or lost
//! on time, and collects the report.

pub mod adapter;
pub mod codec;
pub mod config;
pub mod engine;
pub mod multi;
pub mod openings;
pub mod pgn;
pub mod record;
pub mod referee;
mod schedule;
pub mod stats;
pub mod uci;
pub mod xboard;

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use adapter::{Adapter, Clocks, GameSetup, Reply};
use codec::Codec;
use config::{MatchConfig, OpeningSource, SprtConfig};
use engine::EngineError;
use openings::Opening;
use referee::{GameResult, Played, Rules, Seat, Termination};
use stats::{Score, SprtState};

use crate::core::game::Game;
use crate::variants;
use crate::with_game;

/// Why a match could not be run (or had to stop).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchError(pub String);

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MatchError {}

/// An engine start-up is given up (the match stops) after this many failures in a row.
const MAX_START_FAILURES: u32 = 3;

/// One finished game of the match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based, in scheduling order: games 2k-1 and 2k share an opening.
    pub number: usize,
    /// White's and Black's names.
    pub names: [String; 2],
    /// The first engine of the command line played White.
    pub first_white: bool,
    pub opening_plies: usize,
    pub played: Played,
}

impl GameRecord {
    /// `game N: White - Black RESULT {reason}`.
    pub fn line(&self) -> String {
        format!(
            "game {}: {} - {} {} {{{}}}",
            self.number,
            self.names[0],
            self.names[1],
            self.played.result.text(),
            self.played.reason
        )
    }

    /// The engine (0 = first on the command line) playing `side`.
    pub fn engine_of(&self, side: u8) -> usize {
        usize::from((side == 0) != self.first_white)
    }
}

/// What a match produced.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The engines' names, first engine first.
    pub names: [String; 2],
    pub variant: String,
    pub planned: usize,
    /// In the order they finished.
    pub games: Vec<GameRecord>,
    /// From the first engine's view, scored games only.
    pub score: Score,
    pub sprt: Option<SprtConfig>,
    /// Why the match ended before the planned number of games.
    pub stopped: Option<String>,
}

/// Per-engine event counts for the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineTally {
    pub time_losses: u32,
    pub illegal_moves: u32,
    pub crashes: u32,
    pub resignations: u32,
    pub rules_disputes: u32,
    pub claim_disputes: u32,
    /// Result claims in a lost position, scored as losses.
    pub false_claims: u32,
    /// The least clock time left after any of its moves.
    pub closest: Option<Duration>,
    /// Moves answered after the clock ran out, saved by the grace.
    pub overruns: u32,
    /// Thinking time over all its timed moves, and their number.
    pub thinking: Duration,
    pub timed_moves: u32,
}

impl EngineTally {
    /// The mean thinking time of its moves, if it made any.
    pub fn average_move_time(&self) -> Option<Duration> {
        (self.timed_moves > 0).then(|| self.thinking / self.timed_moves)
    }
}

impl MatchReport {
    pub fn tally(&self, engine: usize) -> EngineTally {
        let mut t = EngineTally::default();
        for g in &self.games {
            for side in 0..2u8 {
                if g.engine_of(side) != engine {
                    continue;
                }
                t.overruns += g.played.overruns[side as usize];
                t.thinking += g.played.thinking[side as usize];
                t.timed_moves += g.played.timed_moves[side as usize];
                if let Some(c) = g.played.closest[side as usize] {
                    t.closest = Some(t.closest.map_or(c, |x| x.min(c)));
                }
            }
            let about = |side: &u8| g.engine_of(*side) == engine;
            match &g.played.termination {
                Termination::TimeForfeit { side } if about(side) => t.time_losses += 1,
                Termination::IllegalMove { side } if about(side) => t.illegal_moves += 1,
                Termination::Crash { side } if about(side) => t.crashes += 1,
                Termination::Resign { side } if about(side) => t.resignations += 1,
                Termination::RulesDispute { side } if about(side) => t.rules_disputes += 1,
                Termination::ClaimDispute { side } if about(side) => t.claim_disputes += 1,
                Termination::FalseClaim { side } if about(side) => t.false_claims += 1,
                _ => {}
            }
        }
        t
    }

    pub fn excluded(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.played.result == GameResult::Excluded)
            .count()
    }

    /// The closing summary printed after the game lines.
    pub fn summary(&self) -> String {
        let s = &self.score;
        let mut out = format!(
            "Finished {} of {} games ({}); {} scored, {} excluded\n",
            self.games.len(),
            self.planned,
            self.variant,
            s.games(),
            self.excluded()
        );
        out.push_str(&format!(
            "Score of {} vs {}: {} - {} - {} (W-L-D) [{:.3}]\n",
            self.names[0],
            self.names[1],
            s.wins,
            s.losses,
            s.draws,
            s.ratio()
        ));
        out.push_str(&format!(
            "Elo difference: {} +/- {} (95%), LOS {:.1}%\n",
            signed(s.elo()),
            unsigned(s.elo_error()),
            s.los() * 100.0
        ));
        for e in 0..2 {
            let t = self.tally(e);
            let mut closest = t
                .closest
                .map_or("-".to_string(), |c| format!("{:.3} s", c.as_secs_f64()));
            if t.overruns > 0 {
                closest.push_str(&format!(
                    ", {} moves over the clock within the grace",
                    t.overruns
                ));
            }
            let average = t
                .average_move_time()
                .map_or("-".to_string(), |a| format!("{:.3} s", a.as_secs_f64()));
            out.push_str(&format!(
                "{}: {} time losses, {} illegal moves, {} crashes, {} resignations, {} false claims, {} rules disputes, {} claim disputes; least time left {closest}; average time per move {average}\n",
                self.names[e],
                t.time_losses,
                t.illegal_moves,
                t.crashes,
                t.resignations,
                t.false_claims,
                t.rules_disputes,
                t.claim_disputes
            ));
        }
        if let Some(sprt) = &self.sprt {
            let (lo, hi) = sprt.bounds();
            let state = match sprt.state(s) {
                SprtState::Continue => "continue",
                SprtState::AcceptH0 => "H0 accepted",
                SprtState::AcceptH1 => "H1 accepted",
            };
            out.push_str(&format!(
                "SPRT (elo0 {}, elo1 {}, alpha {}, beta {}): LLR {:.2} ({:.2}, {:.2}) {state}\n",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.llr(s),
                lo,
                hi
            ));
        }
        if let Some(why) = &self.stopped {
            out.push_str(&format!("Stopped early: {why}\n"));
        }
        out
    }
}

fn signed(x: f64) -> String {
    if x.is_finite() {
        let x = if x.abs() < 0.05 { 0.0 } else { x }; // no "-0.0"
        format!("{x:+.1}")
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

fn unsigned(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "inf".into()
    }
}

/// Stands in for an engine that could not be (re)started: the game is lost as a crash.
struct Unstarted(String);

impl Adapter for Unstarted {
    fn new_game(&mut self, _: &GameSetup, _: Option<&str>) -> Result<(), EngineError> {
        Err(EngineError::Failed(self.0.clone()))
    }
    fn think(&mut self, _: &[String], _: &Clocks) -> Result<Reply, EngineError> {
        Err(EngineError::Failed(self.0.clone()))
    }
    fn game_over(&mut self, _: &str, _: &str) {}
    fn quit(&mut self) {}
}

type Message = schedule::Message<GameRecord>;

/// Runs the match; `on_game` sees each game as it finishes (the CLI prints its line).
pub fn run_match(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<MatchReport, MatchError> {
    run_match_watched(config, on_game, None)
}

/// Someone watching the games as they are played: called with the game's number, White's and
/// Black's names, and the game so far (from the worker threads, so it must be `Sync`).
pub type Watcher<'a> = &'a (dyn Fn(usize, &[String; 2], &referee::Live<'_>) + Sync);

/// [`run_match`], with every move of every game shown to `watch` as it is played.
pub fn run_match_watched(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&GameRecord),
    watch: Option<Watcher<'_>>,
) -> Result<MatchReport, MatchError> {
    let game = variants::game(&config.variant).map_err(|e| MatchError(e.to_string()))?;
    with_game!(&game, g => run_with(g, config, on_game, watch))
}

fn run_with<G: Game>(
    game: &G,
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&GameRecord),
    watch: Option<Watcher<'_>>,
) -> Result<MatchReport, MatchError> {
    let file_openings = match &config.openings {
        OpeningSource::File(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| MatchError(format!("cannot read {}: {e}", path.display())))?;
            Some(openings::read_openings(game, &text).map_err(MatchError)?)
        }
        OpeningSource::Random { .. } => None,
    };
    let mut pgn = match &config.pgn {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| MatchError(format!("cannot write {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let mut names = [
        config.engines[0].name.clone(),
        config.engines[1].name.clone(),
    ];
    if names[0] == names[1] {
        names[1].push_str(" (2)");
    }
    let v = game.variant();
    let codecs = [
        Codec::new(&config.engines[0], v),
        Codec::new(&config.engines[1], v),
    ];
    let setups = [0, 1].map(|e| GameSetup {
        variant: config.engines[e].variant_name(&config.variant).to_string(),
        tc: config.tc,
        depth: config.depth,
        nodes: config.engines[e].nodes.or(config.nodes),
    });
    let rules = Rules {
        tc: config.tc,
        grace: config.grace,
        max_plies: config.max_plies,
    };
    let opening_for = |index: usize| -> Opening {
        match (&config.openings, &file_openings) {
            (_, Some(list)) => list[index % list.len()].clone(),
            (OpeningSource::Random { plies, seed }, None) => {
                openings::random_opening(game, *plies, *seed, index)
            }
            (OpeningSource::File(_), None) => unreachable!("file openings are read first"),
        }
    };
    let shared = Shared {
        config,
        names: &names,
        codecs: &codecs,
        setups: &setups,
        rules: &rules,
        watch,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        sent: AtomicUsize::new(0),
        scored: AtomicUsize::new(0),
    };
    let date = pgn::today();
    let tc_text = config.tc.to_string();
    let mut report = MatchReport {
        names: names.clone(),
        variant: config.variant.clone(),
        planned: config.games,
        games: Vec::new(),
        score: Score::default(),
        sprt: config.sprt,
        stopped: None,
    };
    let workers = config.concurrency.clamp(1, config.games.max(1));
    let fatal = schedule::run_workers(
        workers,
        &shared.stop,
        |w, tx| worker(game, &shared, w, &opening_for, tx),
        |record: GameRecord| {
            on_game(&record);
            if let Some(file) = pgn.as_mut() {
                let header = pgn::PgnHeader {
                    event: "menagerie match",
                    date: &date,
                    round: record.number,
                    white: &record.names[0],
                    black: &record.names[1],
                    variant: &config.variant,
                    time_control: &tc_text,
                    opening_plies: record.opening_plies,
                    variant_start: &game.variant().spec.start,
                };
                let played = &record.played;
                let moves = pgn::san_line(game, played.start.as_deref(), &played.moves)
                    .unwrap_or_else(|| played.moves.clone());
                let text = pgn::write_game(&header, played, &moves);
                if let Err(e) = file.write_all(text.as_bytes()).and_then(|_| file.flush()) {
                    log::error!("cannot write the PGN file: {e}");
                }
            }
            add_to_score(&mut report.score, &record);
            report.games.push(record);
            if let Some(sprt) = &config.sprt {
                let state = sprt.state(&report.score);
                if state != SprtState::Continue && report.stopped.is_none() {
                    let what = match state {
                        SprtState::AcceptH0 => "H0 accepted",
                        _ => "H1 accepted",
                    };
                    report.stopped = Some(format!("SPRT decided: {what}"));
                    shared.stop.store(true, Ordering::SeqCst);
                }
            }
            shared.scored.fetch_add(1, Ordering::SeqCst);
        },
    );
    schedule::settle(fatal, report.games.is_empty(), &mut report.stopped)?;
    Ok(report)
}

fn add_to_score(score: &mut Score, record: &GameRecord) {
    let first_side = if record.first_white { 0 } else { 1 };
    match record.played.result {
        GameResult::Excluded => {}
        GameResult::Draw => score.draws += 1,
        GameResult::WhiteWins if first_side == 0 => score.wins += 1,
        GameResult::BlackWins if first_side == 1 => score.wins += 1,
        _ => score.losses += 1,
    }
}

/// What the workers share.
struct Shared<'a> {
    config: &'a MatchConfig,
    names: &'a [String; 2],
    codecs: &'a [Codec; 2],
    setups: &'a [GameSetup; 2],
    rules: &'a Rules,
    watch: Option<Watcher<'a>>,
    /// The next game index to play.
    next: AtomicUsize,
    /// Set when no further game should start (SPRT decided, or a fatal error).
    stop: AtomicBool,
    /// Games the workers have sent, and games the receiver has scored: under SPRT a worker
    /// starts a game only once every finished game is scored, so that a decision stops the
    /// match at once however far the receiver lags (with games a few milliseconds long, a
    /// loaded machine once let a worker play 35 games before the first decision was read).
    sent: AtomicUsize,
    scored: AtomicUsize,
}

impl Shared<'_> {
    /// Waits until the receiver has scored every game sent so far (or the match stops).
    fn wait_until_scored(&self) {
        while self.scored.load(Ordering::SeqCst) < self.sent.load(Ordering::SeqCst)
            && !self.stop.load(Ordering::SeqCst)
        {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

/// Plays games until none are left, with its own pair of engine processes.
fn worker<G: Game>(
    game: &G,
    sh: &Shared<'_>,
    id: usize,
    opening_for: &(dyn Fn(usize) -> Opening + Sync),
    tx: &mpsc::Sender<Message>,
) {
    let cfg = sh.config;
    let mut engines: [Option<Box<dyn Adapter>>; 2] = [None, None];
    let mut ever_started = [false; 2];
    let mut failures = [0u32; 2];
    'games: while !sh.stop.load(Ordering::SeqCst) {
        if cfg.sprt.is_some() {
            sh.wait_until_scored();
            if sh.stop.load(Ordering::SeqCst) {
                break;
            }
        }
        let index = sh.next.fetch_add(1, Ordering::SeqCst);
        if index >= cfg.games {
            break;
        }
        for e in 0..2 {
            if engines[e].is_some() {
                continue;
            }
            let label = format!("{}@{}", sh.names[e], id + 1);
            match adapter::connect(
                &cfg.engines[e],
                &sh.setups[e].variant,
                &label,
                cfg.startup_timeout,
            ) {
                Ok(a) => {
                    engines[e] = Some(a);
                    ever_started[e] = true;
                    failures[e] = 0;
                }
                Err(err) => {
                    failures[e] += 1;
                    let why = format!("{} could not be started: {err}", sh.names[e]);
                    if !ever_started[e] || failures[e] >= MAX_START_FAILURES {
                        let _ = tx.send(schedule::Message::Fatal(why));
                        break 'games;
                    }
                    log::warn!("{why}");
                    engines[e] = Some(Box::new(Unstarted(why)));
                }
            }
        }
        let first_white = index.is_multiple_of(2);
        let (w, b) = if first_white { (0, 1) } else { (1, 0) };
        let opening = opening_for(index / 2);
        if opening.start.is_some()
            && let Some(e) =
                (0..2).find(|&e| engines[e].as_deref().is_some_and(|a| !a.can_set_up()))
        {
            let why = format!(
                "{} cannot start from a set-up position (an XBoard engine without the setboard feature): use move-list openings",
                sh.names[e]
            );
            let _ = tx.send(schedule::Message::Fatal(why));
            break 'games;
        }
        let [e0, e1] = &mut engines;
        let (a0, a1) = (
            e0.as_deref_mut().expect("started"),
            e1.as_deref_mut().expect("started"),
        );
        let (white, black) = if first_white { (a0, a1) } else { (a1, a0) };
        let seats = [
            Seat {
                adapter: white,
                codec: &sh.codecs[w],
                setup: &sh.setups[w],
            },
            Seat {
                adapter: black,
                codec: &sh.codecs[b],
                setup: &sh.setups[b],
            },
        ];
        let names = [sh.names[w].clone(), sh.names[b].clone()];
        let played = match sh.watch {
            Some(watch) => {
                referee::play_game_watched(game, seats, &opening, sh.rules, &mut |live| {
                    watch(index + 1, &names, live)
                })
            }
            None => referee::play_game(game, seats, &opening, sh.rules),
        };
        // An engine that crashed or overran its clock may be hung: start a fresh one.
        if let Termination::Crash { side } | Termination::TimeForfeit { side } = played.termination
        {
            let e = if side == 0 { w } else { b };
            if let Some(mut a) = engines[e].take() {
                a.quit();
            }
        }
        let record = GameRecord {
            number: index + 1,
            names,
            first_white,
            opening_plies: opening.moves.len(),
            played,
        };
        sh.sent.fetch_add(1, Ordering::SeqCst);
        if tx.send(schedule::Message::Done(Box::new(record))).is_err() {
            break;
        }
    }
    for a in engines.iter_mut().flatten() {
        a.quit();
    }
}

/// `menagerie match`: prints one line per game as it finishes (stdout, flushed), returns the
/// summary; a match that could not start at all is an error.
pub fn match_command(args: &config::MatchArgs) -> Result<String, MatchError> {
    if crate::variants::is_multi(&args.variant) {
        let config = args
            .to_multi_config()
            .map_err(|e| MatchError(e.to_string()))?;
        return multi::multi_match_command(&config);
    }
    let config = args.to_config().map_err(|e| MatchError(e.to_string()))?;
    log::info!(
        "match: {} vs {}, {} games of {} at {}",
        config.engines[0].name,
        config.engines[1].name,
        config.games,
        config.variant,
        config.tc
    );
    let mut print = |g: &GameRecord| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", g.line());
        let _ = out.flush();
    };
    run_match(&config, &mut print).map(|r| r.summary())
}
