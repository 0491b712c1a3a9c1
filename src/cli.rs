//! The command-line tools: perft, show, variants, bench. Each returns its text so tests can
//! run them without a process.

use std::io::IsTerminal;
use std::time::Instant;

use crate::core::game::Game;
use crate::core::multi::MultiNotation;
use crate::core::position::Position;
use crate::fen::{draw_board, parse_move, parse_position, write_position};
use crate::perft::{divide, divide_report, perft};
use crate::variants::{self, AnyGame, OptionValues, Status, VARIANTS};
use crate::{with_game, with_multi_game};

/// A failure of a CLI command, printed on stderr with exit code 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// The position given by an optional position string and moves played from it.
pub fn setup_position<G: Game>(
    game: &G,
    fen: Option<&str>,
    moves: &[String],
) -> Result<Position, CliError> {
    let text = fen.unwrap_or(&game.variant().spec.start);
    let mut pos = parse_position(game, text)?;
    for m in moves.iter().flat_map(|m| m.split_whitespace()) {
        let mv = parse_move(game, &mut pos, m)?;
        game.make(&mut pos, mv);
    }
    Ok(pos)
}

/// Variant option settings written `NAME=VALUE` (CLI `--option`, suite `# option:` lines).
pub fn option_values(settings: &[String]) -> Result<OptionValues, CliError> {
    let mut values = OptionValues::default();
    for setting in settings {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| CliError(format!("option '{setting}' is not NAME=VALUE")))?;
        values.set(name.trim(), value.trim()).map_err(CliError)?;
    }
    Ok(values)
}

/// `menagerie perft`: total (and per root move with `divide`).
pub fn perft_command(
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
    depth: u32,
    show_divide: bool,
) -> Result<String, CliError> {
    perft_command_with(variant, &[], fen, moves, depth, show_divide)
}

/// [`perft_command`] with variant options (`NAME=VALUE`).
pub fn perft_command_with(
    variant: &str,
    options: &[String],
    fen: Option<&str>,
    moves: &[String],
    depth: u32,
    show_divide: bool,
) -> Result<String, CliError> {
    if depth > 20 {
        return Err(CliError(format!("depth {depth} is absurd (at most 20)")));
    }
    if variants::is_multi(variant) {
        return multi_perft_command(variant, options, fen, moves, depth, show_divide);
    }
    let game = variants::game_with(variant, &option_values(options)?)?;
    with_game!(&game, g => {
        let mut pos = setup_position(g, fen, moves)?;
        let start = Instant::now();
        if show_divide {
            let (lines, total) = divide(g, &mut pos, depth);
            Ok(divide_report(&lines, total))
        } else {
            let total = perft(g, &mut pos, depth);
            let secs = start.elapsed().as_secs_f64();
            Ok(format!("Nodes searched: {total}\nTime: {:.3} s\nNodes/second: {:.0}\n", secs, total as f64 / secs.max(1e-9)))
        }
    })
}

/// The position of an N-player game given by an optional position string and plays made
/// from it (one play per item).
pub fn setup_multi_position<G: MultiNotation>(
    game: &G,
    fen: Option<&str>,
    plays: &[String],
) -> Result<G::Pos, CliError> {
    let mut pos = match fen {
        Some(text) => game.read_position(text)?,
        None => game.start_position(),
    };
    crate::perft::multi::play_all(game, &mut pos, plays).map_err(CliError)?;
    Ok(pos)
}

/// `menagerie perft` for an N-player game: complete plays per turn (`perft::multi`).
fn multi_perft_command(
    variant: &str,
    options: &[String],
    fen: Option<&str>,
    plays: &[String],
    depth: u32,
    show_divide: bool,
) -> Result<String, CliError> {
    let game = variants::multi_game_with(variant, &option_values(options)?)?;
    with_multi_game!(&game, g => {
        let mut pos = setup_multi_position(g, fen, plays)?;
        let start = Instant::now();
        if show_divide {
            let mut out = String::new();
            let total = crate::perft::multi::divide(g, &mut pos, depth, |play, n| {
                out.push_str(&format!("{play}: {n}\n"));
            });
            out.push_str(&format!("\nNodes searched: {total}\n"));
            Ok(out)
        } else {
            let total = crate::perft::multi::perft(g, &mut pos, depth);
            let secs = start.elapsed().as_secs_f64();
            Ok(format!("Nodes searched: {total}\nTime: {:.3} s\nNodes/second: {:.0}\n", secs, total as f64 / secs.max(1e-9)))
        }
    })
}

/// One line of a perft suite: a position string and expected counts per depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    pub line: usize,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// The `# option: NAME=VALUE` lines of a suite file (variant options for all its positions).
fn suite_options(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix('#')?.trim().strip_prefix("option:"))
        .map(|o| o.trim().to_string())
        .collect()
}

/// Reads `FEN ; D1 n ; D2 n ...` lines; `#` starts a comment; `# variant: NAME` names the game.
pub fn read_suite(text: &str) -> Result<(Option<String>, Vec<SuiteEntry>), CliError> {
    let mut variant = None;
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(name) = comment.trim().strip_prefix("variant:") {
                variant = Some(name.trim().to_string());
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let mut words = part.split_whitespace();
            let (Some(d), Some(n), None) = (words.next(), words.next(), words.next()) else {
                return Err(CliError(format!(
                    "suite line {}: expected 'Dn count', got '{}'",
                    i + 1,
                    part.trim()
                )));
            };
            let depth = d.strip_prefix('D').and_then(|d| d.parse().ok());
            let Some(depth) = depth else {
                return Err(CliError(format!(
                    "suite line {}: '{d}' is not a depth like D3",
                    i + 1
                )));
            };
            let n: u64 = n
                .parse()
                .map_err(|_| CliError(format!("suite line {}: '{n}' is not a count", i + 1)))?;
            counts.push((depth, n));
        }
        entries.push(SuiteEntry {
            line: i + 1,
            fen,
            counts,
        });
    }
    Ok((variant, entries))
}

/// Picks the first playable variant that reads `fen` (suites without a variant line).
fn infer_variant(fen: &str, options: &OptionValues) -> Option<AnyGame> {
    VARIANTS
        .iter()
        .filter(|v| v.status == Status::Playable)
        .find_map(|info| {
            let game = variants::game_with(info.name, options).ok()?;
            let ok = with_game!(&game, g => parse_position(g, fen).is_ok());
            ok.then_some(game)
        })
}

/// `menagerie perft --suite`: every count checked; the report ends with `N passed, M failed`.
/// `# option: NAME=VALUE` lines set variant options for the whole file.
pub fn suite_command(
    text: &str,
    variant: Option<&str>,
    max_nodes: u64,
) -> Result<(String, bool), CliError> {
    let (named, entries) = read_suite(text)?;
    let options = option_values(&suite_options(text))?;
    let chosen = variant.map(str::to_string).or(named);
    if let Some(name) = chosen.as_deref()
        && variants::is_multi(name)
    {
        return multi_suite(name, &options, &entries, max_nodes);
    }
    let fixed = match &chosen {
        Some(name) => Some(variants::game_with(name, &options)?),
        None => None,
    };
    let mut report = SuiteReport::new();
    for entry in &entries {
        let inferred;
        let game = match &fixed {
            Some(g) => g,
            None => match infer_variant(&entry.fen, &options) {
                Some(g) => {
                    inferred = g;
                    &inferred
                }
                None => {
                    report.fail(entry.line, format!("no variant reads '{}'", entry.fen));
                    continue;
                }
            },
        };
        with_game!(game, g => {
            match parse_position(g, &entry.fen) {
                Ok(mut pos) => {
                    let written = write_position(g.variant(), &pos);
                    report.check(entry, &written, max_nodes, |depth| perft(g, &mut pos, depth));
                }
                Err(e) => report.fail(entry.line, e),
            }
        });
    }
    Ok(report.finish())
}

/// [`suite_command`] for an N-player game: every count is perft over complete plays.
fn multi_suite(
    name: &str,
    options: &OptionValues,
    entries: &[SuiteEntry],
    max_nodes: u64,
) -> Result<(String, bool), CliError> {
    let game = variants::multi_game_with(name, options)?;
    let mut report = SuiteReport::new();
    with_multi_game!(&game, g => {
        for entry in entries {
            match g.read_position(&entry.fen) {
                Ok(mut pos) => {
                    let written = g.write_position(&pos);
                    report.check(entry, &written, max_nodes, |depth| {
                        crate::perft::multi::perft(g, &mut pos, depth)
                    });
                }
                Err(e) => report.fail(entry.line, e),
            }
        }
    });
    Ok(report.finish())
}

/// The report of a perft suite, for two players and for N alike: a line per count checked,
/// then `N passed, M failed, K skipped`.
struct SuiteReport {
    out: String,
    passed: usize,
    failed: usize,
    skipped: usize,
    /// Whether to show which line is being counted (only on a terminal).
    progress: bool,
}

impl SuiteReport {
    fn new() -> Self {
        SuiteReport {
            out: String::new(),
            passed: 0,
            failed: 0,
            skipped: 0,
            progress: std::io::stderr().is_terminal(),
        }
    }

    fn fail(&mut self, line: usize, why: impl std::fmt::Display) {
        self.failed += 1;
        self.out.push_str(&format!("FAIL line {line}: {why}\n"));
    }

    /// Checks one entry: its position string as the engine writes it back (`written`), and
    /// each count up to `max_nodes` (larger ones are skipped) against `count(depth)`.
    fn check(
        &mut self,
        entry: &SuiteEntry,
        written: &str,
        max_nodes: u64,
        mut count: impl FnMut(u32) -> u64,
    ) {
        if written != entry.fen {
            self.fail(
                entry.line,
                format!("position string written back as '{written}'"),
            );
        }
        for &(depth, expected) in &entry.counts {
            if expected > max_nodes {
                self.skipped += 1;
                continue;
            }
            if self.progress {
                eprint!("\rline {} depth {depth}...", entry.line);
            }
            let got = count(depth);
            if got == expected {
                self.passed += 1;
                self.out
                    .push_str(&format!("ok   line {} D{depth} {got}\n", entry.line));
            } else {
                self.failed += 1;
                self.out.push_str(&format!(
                    "FAIL line {} D{depth}: expected {expected}, got {got} ({})\n",
                    entry.line, entry.fen
                ));
            }
        }
    }

    /// The report's text with its totals, and whether nothing failed.
    fn finish(mut self) -> (String, bool) {
        if self.progress {
            eprintln!();
        }
        self.out.push_str(&format!(
            "{} passed, {} failed, {} skipped\n",
            self.passed, self.failed, self.skipped
        ));
        (self.out, self.failed == 0)
    }
}

/// `menagerie show`: the board drawing and position string.
pub fn show_command(
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
) -> Result<String, CliError> {
    show_command_with(variant, &[], fen, moves)
}

/// [`show_command`] with variant options (`NAME=VALUE`).
pub fn show_command_with(
    variant: &str,
    options: &[String],
    fen: Option<&str>,
    moves: &[String],
) -> Result<String, CliError> {
    if variants::is_multi(variant) {
        let game = variants::multi_game_with(variant, &option_values(options)?)?;
        return with_multi_game!(&game, g => {
            let pos = setup_multi_position(g, fen, moves)?;
            Ok(g.draw(&pos))
        });
    }
    let game = variants::game_with(variant, &option_values(options)?)?;
    with_game!(&game, g => {
        let pos = setup_position(g, fen, moves)?;
        Ok(draw_board(g.variant(), &pos))
    })
}

/// `menagerie variants`: every name of the notation contract with its status.
pub fn variants_command() -> String {
    let mut out = String::new();
    for v in VARIANTS {
        let status = match v.status {
            Status::Playable => "playable",
            Status::Unsupported => "not implemented yet",
        };
        out.push_str(&format!("{:<26} {:<12} {status}\n", v.name, v.family));
    }
    let loaded = variants::ini::catalog::loaded_names();
    let file_games = variants::ini::built_in()
        .iter()
        .filter(|d| !loaded.contains(&d.name.as_str()))
        .cloned()
        .chain(
            loaded
                .iter()
                .filter_map(|n| variants::ini::catalog::find_loaded(n)),
        );
    for d in file_games {
        if d.origin == "builtin.ini" && VARIANTS.iter().any(|v| v.name == d.name) {
            continue;
        }
        let status = match &d.playable {
            Ok(_) => "playable".to_string(),
            Err(why) => format!("needs {}", needed_rules(why)),
        };
        out.push_str(&format!(
            "{:<26} {:<12} {status}\n",
            d.name,
            file_family(&d)
        ));
    }
    out
}

/// The family column of a game from a variant file: the file it comes from.
fn file_family(d: &variants::ini::Definition) -> String {
    if d.origin == "builtin.ini" {
        "file".to_string()
    } else {
        format!("file {}", d.origin.rsplit('/').next().unwrap_or(&d.origin))
    }
}

/// The keys named by the reasons a file game is refused (`pieceDrops, capturesToHand`).
fn needed_rules(why: &[String]) -> String {
    let mut keys: Vec<&str> = Vec::new();
    for w in why {
        let text = match w.strip_prefix("line ") {
            Some(rest) => rest.split_once(": ").map_or(rest, |(_, after)| after),
            None => w.as_str(),
        };
        if let Some(key) = text.split([' ', ':']).next()
            && !keys.contains(&key)
        {
            keys.push(key);
        }
    }
    keys.join(", ")
}

/// Loads a variant file for this command (`--variant-file`); its problems go to the log.
pub fn load_variant_file(path: &str) -> Result<(), CliError> {
    let report = variants::ini::load(path).map_err(CliError)?;
    for line in report.problem_lines() {
        log::warn!("{line}");
    }
    Ok(())
}

/// `menagerie variants check FILE`: each section with its status, then every problem with
/// its file and line (as Fairy-Stockfish's `check`). Fails when the file has errors or no
/// section can be played.
pub fn check_variant_file_command(path: &str) -> Result<(String, bool), CliError> {
    let text = variants::ini::catalog::read_text(path).map_err(CliError)?;
    let report = variants::ini::read(&text, path);
    let mut out = String::new();
    let mut playable = 0;
    for d in &report.definitions {
        let head = match &d.parent {
            Some(p) => format!("[{}:{p}]", d.name),
            None => format!("[{}]", d.name),
        };
        match &d.playable {
            Ok(spec) => {
                playable += 1;
                out.push_str(&format!(
                    "{path}:{}: {head} playable: {}x{} board, {} piece types\n",
                    d.line,
                    spec.geometry.files(),
                    spec.geometry.ranks(),
                    spec.pieces.len()
                ));
            }
            Err(why) => {
                out.push_str(&format!("{path}:{}: {head} refused:\n", d.line));
                for w in why {
                    out.push_str(&format!("    {w}\n"));
                }
            }
        }
    }
    for line in report.problem_lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!(
        "{} sections, {playable} playable, {} errors, {} warnings\n",
        report.definitions.len(),
        report.errors.len(),
        report.warnings.len()
    ));
    Ok((out, report.errors.is_empty() && playable > 0))
}

/// Positions and depths of `menagerie bench`: fixed, so the node total is a signature.
pub const BENCH: &[(&str, &str, u32)] = &[
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("wildebeest", crate::variants::wildebeest::START, 4),
    (
        "wildebeest",
        "rnccwkqb1nr/1pp2pp1pb1/7p2p/p8p1/3pp2B3/7P3/3PP3P2/P10/1PP2PPN1PP/RN1BQKWCC1R b - - 1 8",
        3,
    ),
];

/// Positions of the search bench: each searched to a fixed depth with one thread and a fresh
/// hash table, so the node total is a signature of the search (it changes only when the
/// search or evaluation does).
pub const SEARCH_BENCH: &[(&str, &str, u32)] = &[
    ("chess", crate::variants::chess::START, 11),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        9,
    ),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14),
    ("wildebeest", crate::variants::wildebeest::START, 10),
    (
        "wildebeest",
        "rnccwkqb1nr/1pp2pp1pb1/7p2p/p8p1/3pp2B3/7P3/3PP3P2/P10/1PP2PPN1PP/RN1BQKWCC1R b - - 1 8",
        9,
    ),
    ("almost-wildebeest", crate::variants::wildebeest::START, 9),
    ("patricia", crate::variants::patricia::START, 11),
    ("patricia", "5/k4/1pB2/p4/2Q2[PPBRr] b - - 1 10", 10),
    (
        "pawn-partonici-8",
        "sssppsss/sppsspps/p2pp2p/8/8/P2PP2P/SPPSSPPS/SSSPPSSS w 0:0 0 1",
        7,
    ),
    (
        "royal-partonici-9",
        "ppppppppp/pppxxxppp/9/9/9/9/9/PPPXXXPPP/PPPPPPPPP w 0:0 0 1",
        6,
    ),
];

/// `menagerie bench`: searches of fixed positions (or, with `perft`, perft of fixed
/// positions); prints nodes and nodes per second, and the node total last.
pub fn bench_command(perft_only: bool) -> Result<String, CliError> {
    let mut out = String::new();
    let (mut total, start) = (0u64, Instant::now());
    let list = if perft_only { BENCH } else { SEARCH_BENCH };
    for &(variant, fen, depth) in list {
        let game = variants::game(variant)?;
        let t = Instant::now();
        let n = with_game!(&game, g => {
            let mut pos = parse_position(g, fen)?;
            if perft_only {
                perft(g, &mut pos, depth)
            } else {
                bench_search(g, &pos, depth)
            }
        });
        let secs = t.elapsed().as_secs_f64();
        out.push_str(&format!(
            "{variant:<18} d{depth:<2} {n:>12} nodes {:>12.0} nps  {fen}\n",
            n as f64 / secs.max(1e-9)
        ));
        total += n;
    }
    let secs = start.elapsed().as_secs_f64();
    out.push_str(&format!(
        "Total: {total} nodes in {secs:.3} s, {:.0} nodes/second\n",
        total as f64 / secs.max(1e-9)
    ));
    Ok(out)
}

fn bench_search<G: crate::eval::Evaluate>(game: &G, pos: &Position, depth: u32) -> u64 {
    use crate::eval::Evaluator;
    use crate::search::{self, Control, Limits, Settings, TranspositionTable};
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let result = search::search(
        game,
        &Evaluator::for_game(game),
        pos,
        &limits,
        None,
        &Settings::default(),
        &TranspositionTable::new(16),
        &Control::default(),
        &mut |_| {},
    );
    result.nodes
}

/// `menagerie tune selfplay`: plays the games and writes the samples file.
pub fn tune_selfplay_command(
    variant: &str,
    plan: &crate::tune::selfplay::SelfPlay,
    out_path: &str,
) -> Result<String, CliError> {
    use crate::eval::Evaluator;
    let game = variants::game(variant)?;
    let start = Instant::now();
    let lines = with_game!(&game, g => {
        crate::tune::selfplay::play(g, &Evaluator::for_game(g), plan)
    });
    let mut text = format!(
        "# variant: {variant}\n# menagerie tune selfplay: {} games, {} nodes per move, {} random plies, seed {}\n",
        plan.games, plan.nodes, plan.random_plies, plan.seed
    );
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    std::fs::write(out_path, text)
        .map_err(|e| CliError(format!("cannot write {out_path}: {e}")))?;
    Ok(format!(
        "{} positions from {} games in {:.1} s written to {out_path}\n",
        lines.len(),
        plan.games,
        start.elapsed().as_secs_f64()
    ))
}

/// `menagerie tune datagen`: plays one shard of a data plan into its file (resuming it).
pub fn tune_datagen_command(
    variant: &str,
    plan: &crate::tune::selfplay::SelfPlay,
    shard: &str,
    out_path: &str,
) -> Result<String, CliError> {
    use crate::eval::Evaluator;
    use crate::tune::datagen::{Shard, run_shard};
    let shard = Shard::parse(shard).map_err(CliError)?;
    let game = variants::game(variant)?;
    let start = Instant::now();
    let run = with_game!(&game, g => {
        run_shard(g, &Evaluator::for_game(g), variant, plan, shard, out_path, |n| {
            log::info!("game {n} written");
        })
    })
    .map_err(CliError)?;
    Ok(format!(
        "shard {}/{}: {} games played ({} positions) in {:.1} s, {} found finished; {out_path}\n",
        shard.index,
        shard.count,
        run.played,
        run.positions,
        start.elapsed().as_secs_f64(),
        run.kept
    ))
}

/// `menagerie tune merge-data`: checks and merges the shard files of one plan.
pub fn tune_merge_data_command(
    variant: &str,
    shards: &[String],
    out_path: &str,
) -> Result<String, CliError> {
    let game = variants::game(variant)?;
    let mut files = Vec::new();
    for path in shards {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError(format!("cannot read {path}: {e}")))?;
        files.push((path.clone(), text));
    }
    let (text, report) =
        with_game!(&game, g => crate::tune::datagen::merge(g, &files)).map_err(CliError)?;
    std::fs::write(out_path, text)
        .map_err(|e| CliError(format!("cannot write {out_path}: {e}")))?;
    Ok(format!(
        "{} games, {} positions ({} repeated positions dropped); {} games of the plan missing, \
         {} unfinished games left out; {out_path}\n",
        report.games, report.positions, report.duplicates, report.missing, report.unfinished
    ))
}

/// `menagerie tune train-network`: reads the scored positions, trains, writes the network.
pub fn tune_train_network_command(
    variant: &str,
    paths: &[String],
    validate: Option<&str>,
    plan: &crate::tune::network::Plan,
    out_path: &str,
) -> Result<String, CliError> {
    let game = variants::game(variant)?;
    let start = Instant::now();
    with_game!(&game, g => {
        let mut data = crate::tune::network::Data::new();
        let mut bad = 0;
        for path in paths {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("cannot read {path}: {e}")))?;
            bad += crate::tune::network::read_data(g, &text, &mut data);
        }
        eprintln!("{} positions ({bad} unreadable lines) read in {:.1} s", data.len(), start.elapsed().as_secs_f64());
        let validation = match validate {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| CliError(format!("cannot read {path}: {e}")))?;
                let mut valid = crate::tune::network::Data::new();
                crate::tune::network::read_data(g, &text, &mut valid);
                Some(valid)
            }
            None => None,
        };
        let file = crate::tune::network::train(g, &data, validation.as_ref(), plan, &mut |line| eprintln!("{line}"))
            .map_err(CliError)?;
        std::fs::write(out_path, file.to_bytes())
            .map_err(|e| CliError(format!("cannot write {out_path}: {e}")))?;
        Ok(format!(
            "{variant}: network {}x{} with {} buckets trained on {} positions in {:.0} s, written to {out_path}\n",
            plan.hidden, 2, plan.buckets, data.len(), start.elapsed().as_secs_f64()
        ))
    })
}

/// `menagerie tune check-network`: how far a network's (or the engine's) scores are from the
/// scores of training lines: mean absolute difference in centipawns, correlation, and the
/// trainer's error (squared difference of the logistic functions).
pub fn tune_check_network_command(
    variant: &str,
    path: &str,
    network: Option<&str>,
    limit: usize,
) -> Result<String, CliError> {
    use crate::eval::Evaluator;
    use crate::eval::network::{Network, SCALE};
    let game = variants::game(variant)?;
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError(format!("cannot read {path}: {e}")))?;
    with_game!(&game, g => {
        let net = match network {
            Some(file) => {
                let bytes = std::fs::read(file)
                    .map_err(|e| CliError(format!("cannot read {file}: {e}")))?;
                Some(Network::from_bytes(&bytes, g.variant()).map_err(|e| CliError(e.0))?)
            }
            None => None,
        };
        let ev = Evaluator::for_game(g);
        let sigmoid = |x: f64| 1.0 / (1.0 + (-x / SCALE as f64).exp());
        let (mut n, mut abs, mut sq) = (0usize, 0f64, 0f64);
        let (mut sx, mut sy, mut sxx, mut syy, mut sxy) = (0f64, 0f64, 0f64, 0f64, 0f64);
        for line in text.lines().filter(|l| !l.starts_with('#')).take(limit) {
            let mut fields = line.split('|').map(str::trim);
            let (Some(fen), Some(score)) = (fields.next(), fields.next()) else { continue };
            let (Ok(pos), Ok(score)) = (crate::fen::parse_position(g, fen), score.parse::<f64>())
            else { continue };
            let mine = match &net {
                Some(net) => net.evaluate_afresh(&pos),
                None => ev.evaluate(g.variant(), &pos),
            } as f64;
            let mine = if pos.side() == 0 { mine } else { -mine };
            n += 1;
            abs += (mine - score).abs();
            sq += (sigmoid(mine) - sigmoid(score)).powi(2);
            sx += mine; sy += score; sxx += mine * mine; syy += score * score; sxy += mine * score;
        }
        if n == 0 {
            return Err(CliError("no readable lines".into()));
        }
        let nf = n as f64;
        let corr = (sxy / nf - sx * sy / (nf * nf))
            / ((sxx / nf - (sx / nf).powi(2)).sqrt() * (syy / nf - (sy / nf).powi(2)).sqrt());
        // How many of the lines' centipawns one of ours is worth (1 when the scales agree).
        let slope = (sxy / nf - sx * sy / (nf * nf)) / (sxx / nf - (sx / nf).powi(2));
        Ok(format!(
            "{n} positions: mean |difference| {:.1} cp, correlation {corr:.4}, slope {slope:.3}, error {:.6}\n",
            abs / nf,
            sq / nf
        ))
    })
}

/// The tuner fits the data-driven evaluator's weights; families with an evaluation of their
/// own (Partonici) would be "tuned" without effect, so they are refused.
fn refuse_own_evaluation(game: &AnyGame) -> Result<(), CliError> {
    match game {
        AnyGame::Partonici(_) => Err(CliError(
            "this variant has its own evaluation, which the tuner does not fit".into(),
        )),
        _ => Ok(()),
    }
}

/// How `menagerie tune fit` fits.
pub struct FitHow<'a> {
    /// Rounds of coordinate descent at most.
    pub rounds: usize,
    /// Only the weights whose names start with this.
    pub only: Option<&'a str>,
    /// The per-square corrections and board terms by gradient descent instead.
    pub squares: Option<crate::tune::texel::SquareModel>,
    /// Fit nothing; write the samples as training rows for a learned correction to this file.
    pub dump: Option<&'a str>,
}

/// `menagerie tune fit`: fits the evaluation weights to samples files of one variant; with
/// `write`, the fitted weights also go to that file (`name = value` lines).
pub fn tune_fit_command(
    paths: &[String],
    how: &FitHow,
    write: Option<&str>,
) -> Result<String, CliError> {
    use crate::eval::evaluator::EvalParams;
    let mut text = String::new();
    for path in paths {
        text.push_str(
            &std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("cannot read {path}: {e}")))?,
        );
    }
    let variant = text
        .lines()
        .find_map(|l| l.strip_prefix("# variant:"))
        .map(|s| s.trim().to_string())
        .ok_or_else(|| CliError("the samples file has no '# variant: NAME' line".into()))?;
    let game = variants::game(&variant)?;
    refuse_own_evaluation(&game)?;
    with_game!(&game, g => {
        let (samples, bad) = crate::tune::texel::read_samples(g, &text);
        if samples.is_empty() {
            return Err(CliError("no usable samples".into()));
        }
        let start = EvalParams::defaults(g.variant());
        if let Some(path) = how.dump {
            let ev = crate::eval::Evaluator::with_params(g.variant(), &start);
            std::fs::write(path, crate::tune::texel::training_rows(&ev, &samples))
                .map_err(|e| CliError(format!("cannot write {path}: {e}")))?;
            let rows = samples.len();
            return Ok(format!(
                "{variant}: {rows} training rows ({bad} unreadable samples) written to {path}\n"
            ));
        }
        let log = |line: &str| {
            if std::io::stderr().is_terminal() {
                eprintln!("{line}");
            } else {
                log::info!("{line}");
            }
        };
        let fit = if let Some(model) = how.squares {
            let epochs = crate::tune::texel::SQUARE_EPOCHS;
            crate::tune::texel::fit_squares(g, &start, &samples, model, epochs, log)
                .map_err(CliError)?
        } else {
            crate::tune::texel::fit(g, &start, &samples, how.rounds, how.only, log)
        };
        let mut out = format!(
            "{variant}: {} samples ({bad} unreadable), k = {:.2}, error {:.6} -> {:.6}\n",
            samples.len(),
            fit.k,
            fit.error_before,
            fit.error_after
        );
        let names = start.names(g.variant());
        for ((name, old), new) in names.iter().zip(start.to_vec()).zip(fit.params.to_vec()) {
            if old != new || !name.starts_with(crate::eval::evaluator::SQUARE_NAMES) {
                out.push_str(&format!("{name:<24} {old:>6} -> {new:>6}\n"));
            }
        }
        if let Some(path) = write {
            let text = crate::tune::params::write_params(g.variant(), &fit.params);
            std::fs::write(path, text)
                .map_err(|e| CliError(format!("cannot write {path}: {e}")))?;
        }
        Ok(out)
    })
}

/// `menagerie tune compare`: weights file A against weights file B (`default` = the
/// variant's own), at a fixed number of nodes per move.
pub fn tune_compare_command(
    variant: &str,
    a: &str,
    b: &str,
    pairs: usize,
    nodes: u64,
    threads: usize,
) -> Result<String, CliError> {
    use crate::eval::Evaluator;
    use crate::eval::evaluator::EvalParams;
    let game = variants::game(variant)?;
    refuse_own_evaluation(&game)?;
    with_game!(&game, g => {
        let v = g.variant();
        let load = |which: &str| -> Result<Evaluator, CliError> {
            let params = if which == "default" {
                EvalParams::defaults(v)
            } else {
                let text = std::fs::read_to_string(which)
                    .map_err(|e| CliError(format!("cannot read {which}: {e}")))?;
                crate::tune::params::read_params(v, &text).map_err(CliError)?
            };
            Ok(Evaluator::with_params(v, &params).oriented(g))
        };
        let (ea, eb) = (load(a)?, load(b)?);
        let start = Instant::now();
        let plan = crate::tune::compare::Plan {
            pairs,
            nodes,
            random_plies: 8,
            seed: 7,
            threads,
        };
        let t = crate::tune::compare::compare(g, &ea, &eb, plan);
        Ok(format!(
            "{a} vs {b} at {variant}, {nodes} nodes per move: +{} ={} -{} score {:.1}% Elo {:+.0} ({:.0} s)\n",
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            t.elo(),
            start.elapsed().as_secs_f64()
        ))
    })
}
