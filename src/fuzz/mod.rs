//! Fuzzing of every text parser and of both protocol loops, with properties checked on every
//! input (see [`parsers`] and [`protocol`]). Inputs are valid strings of every variant,
//! mutated ([`mutate`]); the runs are reproducible from a seed.
//!
//! Two ways to run it: the property tests (`tests/fuzz.rs`, a few thousand inputs per target in
//! the normal test run) and the long mode, by hand in a release build:
//! `menagerie fuzz --target all --execs 10000000` (docs/testing.md).

pub mod mutate;
pub mod parsers;
pub mod protocol;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use crate::core::random::SplitMix64 as Rng;
use parsers::{VariantCorpus, Verdict};

/// What can be fuzzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Position,
    Move,
    Openings,
    MatchSettings,
    Uci,
    XBoard,
    VariantFile,
}

impl Target {
    pub const ALL: [Target; 7] = [
        Target::Position,
        Target::Move,
        Target::Openings,
        Target::MatchSettings,
        Target::Uci,
        Target::XBoard,
        Target::VariantFile,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Position => "position",
            Target::Move => "move",
            Target::Openings => "openings",
            Target::MatchSettings => "match-settings",
            Target::Uci => "uci",
            Target::XBoard => "xboard",
            Target::VariantFile => "variant-file",
        }
    }

    /// `all` or one target's name.
    pub fn parse_list(text: &str) -> Result<Vec<Target>, String> {
        if text == "all" {
            return Ok(Self::ALL.to_vec());
        }
        text.split(',')
            .map(|name| {
                Self::ALL
                    .into_iter()
                    .find(|t| t.name() == name)
                    .ok_or_else(|| {
                        let names: Vec<&str> = Self::ALL.iter().map(|t| t.name()).collect();
                        format!("unknown fuzz target '{name}' (all, {})", names.join(", "))
                    })
            })
            .collect()
    }
}

/// The result of fuzzing one target.
#[derive(Debug)]
pub struct Report {
    pub target: Target,
    pub execs: u64,
    pub accepted: u64,
    pub elapsed: Duration,
    /// The first broken property or panic, with the input's description.
    pub failure: Option<String>,
}

impl Report {
    pub fn line(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        format!(
            "{:<15} {:>11} execs {:>11} accepted {:>9.1} s {:>10.0} execs/s  {}",
            self.target.name(),
            self.execs,
            self.accepted,
            secs,
            self.execs as f64 / secs,
            self.failure.as_deref().unwrap_or("ok")
        )
    }
}

/// Runs `execs` inputs against `target` from `seed`; stops at the first failure. The protocol
/// loops check the position around every `check_every`-th line (1: every line) and only
/// liveness for the others.
pub fn run(
    target: Target,
    execs: u64,
    seed: u64,
    corpus: &[VariantCorpus],
    check_every: u64,
) -> Report {
    let start = Instant::now();
    let mut rng = Rng::new(seed ^ (target as u64 + 1).wrapping_mul(0x9E37_79B9));
    let mut report = Report {
        target,
        execs: 0,
        accepted: 0,
        elapsed: Duration::ZERO,
        failure: None,
    };
    let mut engine = None;
    if matches!(target, Target::Uci | Target::XBoard) {
        let dialect = if target == Target::Uci {
            protocol::Dialect::Uci
        } else {
            protocol::Dialect::XBoard
        };
        match protocol::Loop::start(dialect) {
            Ok(l) => engine = Some(l),
            Err(e) => report.failure = Some(format!("the loop did not start: {e}")),
        }
    }
    while report.failure.is_none() && report.execs < execs {
        let c = &corpus[rng.below(corpus.len())];
        let state = rng.clone();
        let verdict: Result<Verdict, _> = catch_unwind(AssertUnwindSafe(|| match target {
            Target::Position => parsers::position_string(&mut rng, c),
            Target::Move => parsers::move_string(&mut rng, c),
            Target::Openings => parsers::opening_file(&mut rng, c),
            Target::MatchSettings => parsers::match_setting(&mut rng),
            Target::VariantFile => parsers::variant_file(&mut rng),
            Target::Uci | Target::XBoard => match engine.as_mut() {
                Some(l) => l.exec(
                    &mut rng,
                    corpus,
                    report.execs.is_multiple_of(check_every.max(1)),
                ),
                None => Err("no engine loop".into()),
            },
        }));
        report.execs += 1;
        if report.execs.is_multiple_of(1_000_000) {
            report.elapsed = start.elapsed();
            log::info!("{}", report.line());
        }
        match verdict {
            Ok(Ok(accepted)) => report.accepted += u64::from(accepted),
            Ok(Err(broken)) => report.failure = Some(broken),
            Err(_) => {
                report.failure = Some(format!(
                    "panic in {} (variant {}, rng state {state:?}; the panic message is above)",
                    target.name(),
                    c.name
                ))
            }
        }
    }
    report.elapsed = start.elapsed();
    report
}

/// `menagerie fuzz`: every target in `targets`, `execs` inputs each; the text and whether all
/// passed. The protocol loops check the position around one line in 16 (the tests: every line).
pub fn fuzz_command(targets: &[Target], execs: u64, seed: u64) -> (String, bool) {
    let corpus = parsers::corpus();
    let mut text = format!(
        "fuzz: {} variants, seed {seed}, {execs} executions per target\n",
        corpus.len()
    );
    let mut ok = true;
    for &target in targets {
        let report = run(target, execs, seed, &corpus, 16);
        eprintln!("{}", report.line());
        ok &= report.failure.is_none();
        text.push_str(&report.line());
        text.push('\n');
    }
    (text, ok)
}
