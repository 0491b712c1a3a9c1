//! `menagerie match` for games of more than two players (Party Chess): 2..8 UCI engines, one
//! seat each, the rules core as referee.
//!
//! - Each hand starts from the variant's start position after `random_plies` random turns
//!   (seeded; the same opening is played once per seat rotation), then every engine is asked
//!   in turn: `position startpos moves <play> ...` and `go atime .. btime .. ainc .. binc ..`
//!   with every player's clock (plus `depth`/`nodes` when set).
//! - The referee checks a submitted play with [`MultiNotation::read_play`] (no list of every
//!   legal play is made). A play that comes too late (clock plus grace), never comes, is
//!   illegal or unreadable, or an engine that crashed, is replaced by the rules' default play
//!   (D4: pass if legal, else surrender) and counted against the engine. A late player's clock
//!   is then empty: it plays on its increments alone. A silent or crashed engine is restarted
//!   for its next turn.
//! - Seats rotate between hands: in hand `i` player `p` is engine `(p + i) mod N`.
//! - The report gives per engine: hands won, drawn and lost, knives, time losses, illegal
//!   plays, crashes and the average time per play; records go to a PGN4-like file
//!   ([`super::record`]).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::MatchError;
use super::adapter::{Adapter, GameSetup, Reply};
use super::config::{EngineSpec, TimeControl};
use super::engine::EngineError;
use super::record::{HandRecord, RecordTurn, result_text};
use super::schedule;
use super::uci::Uci;
use crate::core::multi::random_play;
use crate::core::multi::{MultiNotation, MultiOutcome, play_text, player_letter};
use crate::protocol::multi::outcome_text;
use crate::variants::{OptionValues, multi_game_with};

/// Everything an N-engine match needs.
#[derive(Clone, Debug)]
pub struct MultiMatchConfig {
    pub variant: String,
    /// One engine per seat (2..=8); the number of engines is the number of players.
    pub engines: Vec<EngineSpec>,
    pub hands: usize,
    pub tc: TimeControl,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub concurrency: usize,
    /// Random turns at the start of each hand (0: the start position).
    pub random_plies: usize,
    pub seed: u64,
    pub record: Option<PathBuf>,
    /// Variant rule options (NAME, VALUE): the referee's rules, also sent to every engine.
    pub options: Vec<(String, String)>,
    pub grace: Duration,
    pub startup_timeout: Duration,
    /// Stop a hand (unfinished, `*`) after this many turns.
    pub max_turns: Option<usize>,
}

/// One finished hand.
#[derive(Clone, Debug)]
pub struct HandResult {
    /// 1-based.
    pub number: usize,
    /// The engine in each seat (index = player).
    pub seats: Vec<usize>,
    pub names: Vec<String>,
    pub outcome: Option<MultiOutcome>,
    pub turns: usize,
    /// Per seat.
    pub time_losses: Vec<u32>,
    pub illegal: Vec<u32>,
    pub crashes: Vec<u32>,
    pub thinking: Vec<Duration>,
    pub timed: Vec<u32>,
    pub record: HandRecord,
}

impl HandResult {
    /// `hand 3: a=Menagerie b=Greedy c=Random: a wins (knives) a:2 b:0 c:0, 57 turns`.
    pub fn line(&self) -> String {
        let seats: Vec<String> = self
            .names
            .iter()
            .enumerate()
            .map(|(p, n)| format!("{}={n}", player_letter(p)))
            .collect();
        format!(
            "hand {}: {}: {}, {} turns",
            self.number,
            seats.join(" "),
            result_text(self.outcome.as_ref()),
            self.turns
        )
    }
}

/// Per-engine totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineStats {
    pub hands: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub unfinished: u32,
    pub knives: u32,
    pub time_losses: u32,
    pub illegal: u32,
    pub crashes: u32,
    pub thinking: Duration,
    pub timed: u32,
}

/// What a match produced.
#[derive(Clone, Debug)]
pub struct MultiMatchReport {
    pub names: Vec<String>,
    pub variant: String,
    pub planned: usize,
    pub hands: Vec<HandResult>,
    pub stopped: Option<String>,
}

impl MultiMatchReport {
    pub fn stats(&self, engine: usize) -> EngineStats {
        let mut s = EngineStats::default();
        for h in &self.hands {
            for (seat, &e) in h.seats.iter().enumerate() {
                if e != engine {
                    continue;
                }
                s.hands += 1;
                match &h.outcome {
                    None => s.unfinished += 1,
                    Some(o) => {
                        s.knives += o.knives.get(seat).copied().unwrap_or(0);
                        match o.winner {
                            Some(w) if w == seat => s.won += 1,
                            Some(_) => s.lost += 1,
                            None => s.drawn += 1,
                        }
                    }
                }
                s.time_losses += h.time_losses[seat];
                s.illegal += h.illegal[seat];
                s.crashes += h.crashes[seat];
                s.thinking += h.thinking[seat];
                s.timed += h.timed[seat];
            }
        }
        s
    }

    pub fn summary(&self) -> String {
        let mut out = format!(
            "Finished {} of {} hands ({}, {} players, seats rotated)\n",
            self.hands.len(),
            self.planned,
            self.variant,
            self.names.len()
        );
        for (e, name) in self.names.iter().enumerate() {
            let s = self.stats(e);
            let share = if s.hands > 0 {
                100.0 * s.won as f64 / s.hands as f64
            } else {
                0.0
            };
            let average = if s.timed > 0 {
                format!("{:.3} s", (s.thinking / s.timed).as_secs_f64())
            } else {
                "-".into()
            };
            out.push_str(&format!(
                "{name}: {} hands, won {} ({share:.1}%), drawn {}, lost {}, unfinished {}; knives {}; time losses {}, illegal plays {}, crashes {}; average time per play {average}\n",
                s.hands, s.won, s.drawn, s.lost, s.unfinished, s.knives, s.time_losses, s.illegal, s.crashes
            ));
        }
        if let Some(why) = &self.stopped {
            out.push_str(&format!("Stopped early: {why}\n"));
        }
        out
    }
}

/// Runs the match; `on_hand` sees each hand as it finishes.
pub fn run_multi_match(
    config: &MultiMatchConfig,
    on_hand: &mut dyn FnMut(&HandResult),
) -> Result<MultiMatchReport, MatchError> {
    let n = config.engines.len();
    if !(2..=8).contains(&n) {
        return Err(MatchError(format!(
            "give 2 to 8 --engine specs for {} (got {n})",
            config.variant
        )));
    }
    let mut values = OptionValues::default();
    for (k, v) in &config.options {
        values.set(k, v).map_err(MatchError)?;
    }
    if let Some(name) = players_option(&config.variant) {
        values.set(name, &n.to_string()).map_err(MatchError)?;
    }
    let any = multi_game_with(&config.variant, &values).map_err(|e| MatchError(e.to_string()))?;
    crate::with_multi_game!(&any, g => run_with(g, config, on_hand))
}

/// The variant option that sets the number of players, if the game has one (the match sets it
/// to the number of engines).
pub fn players_option(variant: &str) -> Option<&'static str> {
    (variant == "party").then_some(crate::variants::party::OPT_PLAYERS)
}

/// Names made unique (`Greedy`, `Greedy (2)`, ...).
fn unique_names(engines: &[EngineSpec]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for e in engines {
        let same = names
            .iter()
            .filter(|n| **n == e.name || n.starts_with(&format!("{} (", e.name)))
            .count();
        names.push(if same == 0 {
            e.name.clone()
        } else {
            format!("{} ({})", e.name, same + 1)
        });
    }
    names
}

struct Shared<'a> {
    config: &'a MultiMatchConfig,
    /// Engine specs with the variant options appended (sent before `UCI_Variant`).
    specs: Vec<EngineSpec>,
    names: Vec<String>,
    options_tag: String,
    date: String,
    next: AtomicUsize,
    stop: AtomicBool,
}

type Message = schedule::Message<HandResult>;

pub(crate) fn run_with<G: MultiNotation>(
    game: &G,
    config: &MultiMatchConfig,
    on_hand: &mut dyn FnMut(&HandResult),
) -> Result<MultiMatchReport, MatchError> {
    let n = config.engines.len();
    let mut options = config.options.clone();
    if let Some(name) = players_option(&config.variant) {
        options.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
        options.push((name.to_string(), n.to_string()));
    }
    let specs: Vec<EngineSpec> = config
        .engines
        .iter()
        .map(|e| {
            let mut e = e.clone();
            e.options.extend(options.iter().cloned());
            e
        })
        .collect();
    let options_tag = options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut file = match &config.record {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| MatchError(format!("cannot write {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let shared = Shared {
        config,
        specs,
        names: unique_names(&config.engines),
        options_tag,
        date: super::pgn::today(),
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    };
    let mut report = MultiMatchReport {
        names: shared.names.clone(),
        variant: config.variant.clone(),
        planned: config.hands,
        hands: Vec::new(),
        stopped: None,
    };
    let fatal = schedule::run_workers(
        config.concurrency.clamp(1, config.hands.max(1)),
        &shared.stop,
        |w, tx| worker(game, &shared, w, tx),
        |hand: HandResult| {
            on_hand(&hand);
            if let Some(f) = file.as_mut() {
                let text = hand.record.write();
                if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.flush()) {
                    log::error!("cannot write the record file: {e}");
                }
            }
            report.hands.push(hand);
        },
    );
    schedule::settle(fatal, report.hands.is_empty(), &mut report.stopped)?;
    Ok(report)
}

/// Starts engine `e` of the match (handshake, options, `UCI_Variant`).
fn start_engine(sh: &Shared<'_>, e: usize, worker: usize) -> Result<Uci, EngineError> {
    let spec = &sh.specs[e];
    let label = format!("{}@{}", sh.names[e], worker + 1);
    Uci::start(
        spec,
        spec.variant_name(&sh.config.variant),
        &label,
        sh.config.startup_timeout,
    )
}

fn worker<G: MultiNotation>(game: &G, sh: &Shared<'_>, id: usize, tx: &mpsc::Sender<Message>) {
    let n = sh.specs.len();
    let mut engines: Vec<Option<Uci>> = (0..n).map(|_| None).collect();
    // Every engine must start once, or the match cannot be played.
    for (e, slot) in engines.iter_mut().enumerate() {
        match start_engine(sh, e, id) {
            Ok(u) => *slot = Some(u),
            Err(err) => {
                let _ = tx.send(schedule::Message::Fatal(format!(
                    "{} could not be started: {err}",
                    sh.names[e]
                )));
                return;
            }
        }
    }
    while !sh.stop.load(Ordering::SeqCst) {
        let index = sh.next.fetch_add(1, Ordering::SeqCst);
        if index >= sh.config.hands {
            break;
        }
        let hand = play_hand(game, sh, &mut engines, index, id);
        if tx.send(schedule::Message::Done(Box::new(hand))).is_err() {
            break;
        }
    }
    for u in engines.iter_mut().flatten() {
        u.quit();
    }
}

/// The opening of hand `index`: `random_plies` random turns from the start, the same for the
/// N hands of one seat rotation.
fn opening<G: MultiNotation>(game: &G, plies: usize, seed: u64, round: usize) -> Vec<String> {
    let mut pos = game.start_position();
    let mut plays = Vec::new();
    for t in 0..plies {
        if game.outcome(&pos).is_some() {
            break;
        }
        let mix = seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add((round as u64) << 20 | t as u64);
        let atoms = random_play(game, &mut pos, mix);
        plays.push(play_text(game, &mut pos, &atoms));
        for a in atoms {
            game.make_atom(&mut pos, a);
        }
    }
    plays
}

/// The `go` line for an engine whose own node limit (its spec's `nodes=`) is `nodes`.
fn go_command(config: &MultiMatchConfig, clocks: &[Duration], nodes: Option<u64>) -> String {
    let mut go = String::from("go");
    for (p, c) in clocks.iter().enumerate() {
        go.push_str(&format!(" {}time {}", player_letter(p), c.as_millis()));
    }
    let inc = config.tc.increment.as_millis();
    for p in 0..clocks.len() {
        go.push_str(&format!(" {}inc {inc}", player_letter(p)));
    }
    if let Some(d) = config.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(nodes) = nodes.or(config.nodes) {
        go.push_str(&format!(" nodes {nodes}"));
    }
    go
}

fn play_hand<G: MultiNotation>(
    game: &G,
    sh: &Shared<'_>,
    engines: &mut [Option<Uci>],
    index: usize,
    worker: usize,
) -> HandResult {
    let cfg = sh.config;
    let n = engines.len();
    let seats: Vec<usize> = (0..n).map(|p| (p + index) % n).collect();
    let names: Vec<String> = seats.iter().map(|&e| sh.names[e].clone()).collect();
    let setup = GameSetup {
        variant: cfg.variant.clone(),
        tc: cfg.tc,
        depth: cfg.depth,
        nodes: cfg.nodes,
    };
    ready_engines(sh, engines, &setup, worker);
    let mut pos = game.start_position();
    let mut record = HandRecord::default();
    let mut time_losses = vec![0u32; n];
    let mut illegal = vec![0u32; n];
    let mut crashes = vec![0u32; n];
    let mut thinking = vec![Duration::ZERO; n];
    let mut timed = vec![0u32; n];
    let mut clocks = vec![cfg.tc.base; n];
    let mut plays: Vec<String> = Vec::new();
    let opening_plays = opening(game, cfg.random_plies, cfg.seed, index / n);
    play_opening(game, &mut pos, &opening_plays, &mut plays, &mut record);
    let start_text = game.write_position(&game.start_position());
    loop {
        if game.outcome(&pos).is_some() {
            break;
        }
        if cfg.max_turns.is_some_and(|m| plays.len() >= m) {
            break;
        }
        let mover = game.to_move(&pos);
        let e = seats[mover];
        if engines[e].is_none() {
            engines[e] = start_engine(sh, e, worker).ok();
            if let Some(u) = engines[e].as_mut() {
                let _ = u.new_game(&setup, None);
            }
        }
        let position = if plays.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", plays.join(" "))
        };
        let go = go_command(cfg, &clocks, sh.specs[e].nodes);
        let allowed = clocks[mover] + cfg.grace;
        let reply = match engines[e].as_mut() {
            Some(u) => u.ask(&position, &go, allowed),
            None => Err(EngineError::Failed("could not be restarted".into())),
        };
        let mut chosen: Option<(Vec<G::Atom>, String)> = None;
        let mut note = None;
        match reply {
            Ok(Reply::Move { text, elapsed }) => {
                thinking[mover] += elapsed;
                timed[mover] += 1;
                if elapsed > clocks[mover] + cfg.grace {
                    time_losses[mover] += 1;
                    clocks[mover] = Duration::ZERO;
                    note = Some(format!("{} over the clock: default play", text));
                } else {
                    clocks[mover] = clocks[mover].saturating_sub(elapsed);
                    match game.read_play(&mut pos, &text) {
                        Ok(atoms) => chosen = Some((atoms, text)),
                        Err(err) => {
                            illegal[mover] += 1;
                            note = Some(format!("{text}: {err}: default play"));
                        }
                    }
                }
            }
            Ok(other) => {
                illegal[mover] += 1;
                note = Some(format!("no play ({other:?}): default play"));
            }
            Err(EngineError::Timeout) => {
                time_losses[mover] += 1;
                clocks[mover] = Duration::ZERO;
                note = Some("time out: default play".to_string());
                let hung = !engines[e]
                    .as_mut()
                    .is_some_and(|u| u.stop_thinking(Duration::from_secs(2)));
                if hung && let Some(mut u) = engines[e].take() {
                    u.quit();
                }
            }
            Err(err) => {
                crashes[mover] += 1;
                note = Some(format!("engine failed ({err}): default play"));
                if let Some(mut u) = engines[e].take() {
                    u.quit();
                }
            }
        }
        clocks[mover] += cfg.tc.increment;
        let atoms = match chosen {
            Some((atoms, _)) => atoms,
            None => game.default_play(&mut pos),
        };
        let text = play_text(game, &mut pos, &atoms);
        for a in atoms {
            game.make_atom(&mut pos, a);
        }
        if let Some(why) = &note {
            log::info!("hand {}: {}: {why}", index + 1, names[mover]);
        }
        log::debug!(
            "hand {} turn {}: {} ({}) {text}",
            index + 1,
            plays.len() + 1,
            player_letter(mover),
            names[mover]
        );
        plays.push(text.clone());
        record.turns.push(RecordTurn {
            player: mover,
            play: text,
            comment: note,
        });
    }
    let outcome = game.outcome(&pos);
    record.tags = hand_tags(sh, index, &names, start_text, outcome.as_ref(), plays.len());
    record.closing = Some(
        outcome
            .as_ref()
            .map_or("unfinished".to_string(), outcome_text),
    );
    HandResult {
        number: index + 1,
        seats,
        names,
        turns: plays.len(),
        outcome,
        time_losses,
        illegal,
        crashes,
        thinking,
        timed,
        record,
    }
}

/// Plays the hand's opening turns from the start, into `plays` and the record (the last one
/// marked as the end of the opening).
fn play_opening<G: MultiNotation>(
    game: &G,
    pos: &mut G::Pos,
    opening_plays: &[String],
    plays: &mut Vec<String>,
    record: &mut HandRecord,
) {
    for (i, text) in opening_plays.iter().enumerate() {
        let mover = game.to_move(pos);
        let atoms = game
            .read_play(pos, text)
            .expect("opening plays are made by the rules");
        for a in atoms {
            game.make_atom(pos, a);
        }
        plays.push(text.clone());
        record.turns.push(RecordTurn {
            player: mover,
            play: text.clone(),
            comment: (i + 1 == opening_plays.len()).then(|| "opening".to_string()),
        });
    }
}

/// Every engine started and told a new hand begins; one that is not ready is started again.
fn ready_engines(sh: &Shared<'_>, engines: &mut [Option<Uci>], setup: &GameSetup, worker: usize) {
    for (e, slot) in engines.iter_mut().enumerate() {
        if slot.is_none() {
            *slot = start_engine(sh, e, worker).ok();
        }
        if let Some(u) = slot
            && let Err(err) = u.new_game(setup, None)
        {
            log::warn!("{}: not ready for a new hand: {err}", sh.names[e]);
            u.quit();
            *slot = start_engine(sh, e, worker).ok();
        }
    }
}

/// The record's tags of hand `index`: event, players by seat, time control, start, result.
fn hand_tags(
    sh: &Shared<'_>,
    index: usize,
    names: &[String],
    start_text: String,
    outcome: Option<&MultiOutcome>,
    turns: usize,
) -> Vec<(String, String)> {
    let cfg = sh.config;
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), "menagerie match".into()),
        ("Date".into(), sh.date.clone()),
        ("Round".into(), (index + 1).to_string()),
        ("Variant".into(), cfg.variant.clone()),
        ("VariantOptions".into(), sh.options_tag.clone()),
        ("Players".into(), names.len().to_string()),
    ];
    for (p, name) in names.iter().enumerate() {
        let letter = player_letter(p).to_ascii_uppercase();
        tags.push((format!("Player{letter}"), name.clone()));
    }
    tags.push(("TimeControl".into(), cfg.tc.to_string()));
    tags.push(("StartPosition".into(), start_text));
    tags.push(("Result".into(), result_text(outcome)));
    tags.push((
        "Termination".into(),
        outcome.map_or("unterminated".to_string(), |o| o.reason.to_string()),
    ));
    tags.push(("Turns".into(), turns.to_string()));
    tags
}

/// `menagerie match` for an N-player variant: one line per hand, then the summary.
pub fn multi_match_command(config: &MultiMatchConfig) -> Result<String, MatchError> {
    let mut print = |h: &HandResult| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", h.line());
        let _ = out.flush();
    };
    run_multi_match(config, &mut print).map(|r| r.summary())
}
