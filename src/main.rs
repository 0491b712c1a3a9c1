//! The `menagerie` binary: with no arguments the protocol loop; otherwise tools for people
//! and scripts (perft, show, variants, bench, match).

use clap::{Args as ClapArgs, Parser, Subcommand};
use menagerie::cli;
use menagerie::tune::texel::SquareModel;

#[derive(Parser)]
#[command(name = "menagerie", version, about = "A multi-variant chess engine")]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// A variant file in Fairy-Stockfish's format (repeatable): its games join the built-in
    /// ones for this command (as `setoption name VariantPath` does in the protocol loop).
    #[arg(long = "variant-file", global = true)]
    variant_files: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf nodes of the legal move tree (or check a suite file).
    Perft {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Position string (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        #[arg(long, default_value_t = 1)]
        depth: u32,
        /// One line per root move, then the total.
        #[arg(long)]
        divide: bool,
        /// A suite file of `FEN ; D1 n ; D2 n ...` lines.
        #[arg(long, conflicts_with_all = ["fen", "moves", "divide"])]
        suite: Option<String>,
        /// With --suite: skip counts above this many nodes.
        #[arg(long, default_value_t = u64::MAX)]
        max_nodes: u64,
        /// A variant option, NAME=VALUE (repeatable), e.g. PatriciaPawnFlips=true.
        #[arg(long = "option", conflicts_with = "suite")]
        options: Vec<String>,
    },
    /// Draw a position.
    Show {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// A variant option, NAME=VALUE (repeatable).
        #[arg(long = "option")]
        options: Vec<String>,
    },
    /// List the variants and their status; `variants check` builds every table;
    /// `variants check FILE` reads a variant file and reports each section and problem.
    Variants {
        #[arg(value_parser = ["check"])]
        action: Option<String>,
        /// With `check`: a variant file in Fairy-Stockfish's format.
        file: Option<String>,
    },
    /// Fit the evaluation to self-play games (texel method).
    Tune {
        #[command(subcommand)]
        step: TuneStep,
    },
    /// Search fixed positions to fixed depths (one thread): the node total is a signature of
    /// the search; with --perft, perft of fixed positions instead.
    Bench {
        #[arg(long)]
        perft: bool,
    },
    /// Engine-versus-engine match over UCI/XBoard with the rules core as referee.
    Match(menagerie::matches::config::MatchArgs),
    /// Replay the hands of an N-player record file (Party Chess, as `match --pgn` writes it)
    /// with the rules, checking every play and the result.
    Replay {
        /// The record file.
        file: String,
        /// Draw the final position of each hand.
        #[arg(long)]
        show: bool,
    },
    /// A board in the browser: play the engine or each other, analyse, replay records.
    /// Prints the URL (127.0.0.1 only, with a random token) and serves until stopped.
    Serve {
        /// The port (0: any free one).
        #[arg(long, default_value_t = 8400)]
        port: u16,
        #[arg(long, default_value = "chess")]
        variant: String,
        /// A variant option, NAME=VALUE (repeatable).
        #[arg(long = "option")]
        options: Vec<String>,
    },
    /// Fuzz the parsers and protocol loops with mutated inputs (properties checked on each).
    Fuzz {
        /// `all`, or targets separated by commas: position, move, openings, match-settings,
        /// uci, xboard.
        #[arg(long, default_value = "all")]
        target: String,
        /// Executions per target.
        #[arg(long, default_value_t = 100_000)]
        execs: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// How self-play games are played (`tune selfplay` and `tune datagen`).
#[derive(ClapArgs)]
struct PlayArgs {
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random moves at the start of each game (opening variety).
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each on its own thread (the games do not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl PlayArgs {
    /// The plan of `games` games of at most `max_plies` plies, numbers kept to sane ranges.
    fn plan(&self, games: usize, max_plies: usize) -> menagerie::tune::selfplay::SelfPlay {
        menagerie::tune::selfplay::SelfPlay {
            games: games.min(1_000_000_000),
            nodes: self.nodes.clamp(1, 100_000_000),
            random_plies: self.random_plies.min(1000),
            seed: self.seed,
            threads: self.threads.clamp(1, 64),
            max_plies: max_plies.clamp(1, 100_000),
        }
    }
}

#[derive(Subcommand)]
enum TuneStep {
    /// Play the engine against itself and write quiet positions with the game results.
    Selfplay {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long, default_value_t = 200)]
        games: usize,
        #[command(flatten)]
        play: PlayArgs,
        #[arg(long)]
        out: String,
    },
    /// Play self-play games scored by the engine's search into one shard of a data set
    /// (`POSITION | SCORE | RESULT` lines for train-network); a killed run resumes where it
    /// stopped when run again with the same settings.
    Datagen {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Games of the whole plan (all shards together).
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[command(flatten)]
        play: PlayArgs,
        /// Games longer than this are scored as draws.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// This run's part of the plan: K/N plays the games g with g % N == K - 1.
        #[arg(long, default_value = "1/1")]
        shard: String,
        #[arg(long)]
        out: String,
    },
    /// Merge the shard files of one datagen plan: checks every line, puts the games in order,
    /// drops repeated positions.
    MergeData {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        out: String,
        /// The shard files, in any order.
        #[arg(required = true)]
        shards: Vec<String>,
    },
    /// Fit the evaluation weights to samples files (all of one variant).
    Fit {
        #[arg(required = true)]
        data: Vec<String>,
        /// Rounds of coordinate descent at most.
        #[arg(long, default_value_t = 200)]
        rounds: usize,
        /// Fit only the weights whose names start with this (e.g. `value`).
        #[arg(long)]
        only: Option<String>,
        /// Write the fitted weights to this file.
        #[arg(long)]
        write: Option<String>,
        /// Fit per-square corrections and the board terms' weights by gradient descent
        /// instead (two-player games on files and ranks): `square`, one correction per kind
        /// and square, or `rank-file`, one per kind and rank plus one per kind and distance
        /// from the edge file (fewer, so less prone to fitting noise).
        #[arg(long, value_parser = ["square", "rank-file"])]
        squares: Option<String>,
        /// Fit nothing: write the samples to this file as training rows for a learned
        /// correction (label, static evaluation, men; `tools/train_learned_eval.py` reads them).
        #[arg(long)]
        dump: Option<String>,
    },
    /// Train an evaluation network on scored positions (lines `POSITION | SCORE | RESULT`,
    /// the score in centipawns and the result for the first player; `tools/nnue/datagen.py`
    /// writes them) and write the network file.
    TrainNetwork {
        #[arg(required = true)]
        data: Vec<String>,
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        out: String,
        /// Hidden values per side (a multiple of 32).
        #[arg(long, default_value_t = 256)]
        hidden: usize,
        /// Output buckets by men on the board.
        #[arg(long, default_value_t = 8)]
        buckets: usize,
        /// Men each bucket covers.
        #[arg(long, default_value_t = 4)]
        men_per_bucket: usize,
        /// How the second player's view is made: `mirror-ranks` (chess) or `rotate`.
        #[arg(long, default_value = "mirror-ranks", value_parser = ["mirror-ranks", "rotate"])]
        view: String,
        /// Mirror each side's view left to right when its royal is on the right half.
        #[arg(long)]
        mirror_files: bool,
        #[arg(long, default_value_t = 20)]
        epochs: usize,
        #[arg(long, default_value_t = 16384)]
        batch: usize,
        #[arg(long, default_value_t = 0.001)]
        lr: f32,
        /// The share of the game's result in the target (the rest is the score).
        #[arg(long, default_value_t = 0.2)]
        result_weight: f32,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Every how many'th position is held out to measure the error (0: none).
        #[arg(long, default_value_t = 100)]
        hold_out_every: usize,
        /// Lines scored apart (not trained on): their error on scores alone is logged each
        /// epoch, and the epoch with the least is kept.
        #[arg(long)]
        validate: Option<String>,
    },
    /// Score training lines (as `train-network` reads them) with a network file, or with the
    /// evaluation the engine uses when none is given, and compare with their scores.
    CheckNetwork {
        data: String,
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        network: Option<String>,
        /// Read at most this many lines.
        #[arg(long, default_value_t = 100_000)]
        limit: usize,
    },
    /// Play weights file A against B (`default`: the variant's own) at fixed nodes per move.
    Compare {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        a: String,
        #[arg(long, default_value = "default")]
        b: String,
        /// Openings, each played twice with colours swapped.
        #[arg(long, default_value_t = 50)]
        pairs: usize,
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

fn run(args: Args) -> Result<(String, bool), cli::CliError> {
    for file in &args.variant_files {
        cli::load_variant_file(file)?;
    }
    match args.command {
        None => {
            menagerie::protocol::run_stdio();
            Ok((String::new(), true))
        }
        Some(Command::Perft {
            variant,
            fen,
            moves,
            depth,
            divide,
            suite,
            max_nodes,
            options,
        }) => match suite {
            Some(path) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| cli::CliError(format!("cannot read {path}: {e}")))?;
                let explicit = std::env::args().any(|a| a == "--variant");
                cli::suite_command(&text, explicit.then_some(variant.as_str()), max_nodes)
            }
            None => {
                cli::perft_command_with(&variant, &options, fen.as_deref(), &moves, depth, divide)
                    .map(|s| (s, true))
            }
        },
        Some(Command::Show {
            variant,
            fen,
            moves,
            options,
        }) => cli::show_command_with(&variant, &options, fen.as_deref(), &moves).map(|s| (s, true)),
        Some(Command::Variants {
            action: Some(_),
            file: Some(file),
        }) => cli::check_variant_file_command(&file),
        Some(Command::Variants { action, .. }) => match action {
            Some(_) => menagerie::variants::check_all()
                .map(|names| {
                    (
                        format!("{} variants checked: {}\n", names.len(), names.join(", ")),
                        true,
                    )
                })
                .map_err(cli::CliError),
            None => Ok((cli::variants_command(), true)),
        },
        Some(Command::Tune { step }) => run_tune(step),
        Some(Command::Bench { perft }) => cli::bench_command(perft).map(|s| (s, true)),
        Some(Command::Fuzz {
            target,
            execs,
            seed,
        }) => menagerie::fuzz::Target::parse_list(&target)
            .map(|targets| menagerie::fuzz::fuzz_command(&targets, execs, seed))
            .map_err(cli::CliError),
        Some(Command::Replay { file, show }) => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| cli::CliError(format!("cannot read {file}: {e}")))?;
            menagerie::matches::record::replay_text(&text, show).map_err(cli::CliError)
        }
        Some(Command::Serve {
            port,
            variant,
            options,
        }) => {
            let options = options
                .iter()
                .map(|o| {
                    o.split_once('=')
                        .map(|(n, v)| (n.to_string(), v.to_string()))
                        .ok_or_else(|| cli::CliError(format!("--option {o}: expected NAME=VALUE")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let config = menagerie::serve::ServeConfig {
                port,
                variant,
                options,
            };
            menagerie::serve::serve_command(&config)
                .map(|s| (s, true))
                .map_err(cli::CliError)
        }
        Some(Command::Match(args)) if args.watch.is_some() => {
            menagerie::serve::watch::watch_command(&args)
                .map(|s| (s, true))
                .map_err(cli::CliError)
        }
        Some(Command::Match(args)) => menagerie::matches::match_command(&args)
            .map(|s| (s, true))
            .map_err(|e| cli::CliError(e.0)),
    }
}

/// `menagerie tune ...`: self-play, fitting, network training and checks, comparisons.
fn run_tune(step: TuneStep) -> Result<(String, bool), cli::CliError> {
    match step {
        TuneStep::Selfplay {
            variant,
            games,
            play,
            out,
        } => cli::tune_selfplay_command(&variant, &play.plan(games, 400), &out).map(|s| (s, true)),
        TuneStep::Datagen {
            variant,
            games,
            play,
            max_plies,
            shard,
            out,
        } => cli::tune_datagen_command(&variant, &play.plan(games, max_plies), &shard, &out)
            .map(|s| (s, true)),
        TuneStep::MergeData {
            variant,
            out,
            shards,
        } => cli::tune_merge_data_command(&variant, &shards, &out).map(|s| (s, true)),
        TuneStep::Fit {
            data,
            rounds,
            only,
            write,
            squares,
            dump,
        } => {
            let how = cli::FitHow {
                rounds,
                only: only.as_deref(),
                dump: dump.as_deref(),
                squares: squares.map(|m| match m.as_str() {
                    "square" => SquareModel::PerSquare,
                    _ => SquareModel::RankAndFile,
                }),
            };
            cli::tune_fit_command(&data, &how, write.as_deref()).map(|s| (s, true))
        }
        TuneStep::TrainNetwork {
            data,
            variant,
            out,
            hidden,
            buckets,
            men_per_bucket,
            view,
            mirror_files,
            epochs,
            batch,
            lr,
            result_weight,
            threads,
            seed,
            hold_out_every,
            validate,
        } => {
            let plan = menagerie::tune::network::Plan {
                hidden,
                buckets,
                men_per_bucket,
                view: if view == "rotate" {
                    menagerie::eval::network::View::Rotate
                } else {
                    menagerie::eval::network::View::MirrorRanks
                },
                mirror_files,
                epochs: epochs.clamp(1, 10_000),
                batch: batch.clamp(1, 1 << 24),
                learning_rate: lr,
                result_weight: result_weight.clamp(0.0, 1.0),
                threads: threads.clamp(1, 64),
                seed,
                hold_out_every,
            };
            cli::tune_train_network_command(&variant, &data, validate.as_deref(), &plan, &out)
                .map(|s| (s, true))
        }
        TuneStep::CheckNetwork {
            data,
            variant,
            network,
            limit,
        } => cli::tune_check_network_command(&variant, &data, network.as_deref(), limit)
            .map(|s| (s, true)),
        TuneStep::Compare {
            variant,
            a,
            b,
            pairs,
            nodes,
            threads,
        } => cli::tune_compare_command(
            &variant,
            &a,
            &b,
            pairs.clamp(1, 100_000),
            nodes.clamp(1, 100_000_000),
            threads.clamp(1, 64),
        )
        .map(|s| (s, true)),
    }
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    match run(Args::parse()) {
        Ok((text, ok)) => {
            print!("{text}");
            if !ok {
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}
