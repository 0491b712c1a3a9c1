//! The `menagerie` binary: with no arguments the protocol loop; otherwise tools for people
//! and scripts (perft, show, variants, bench, match).

use clap::{Parser, Subcommand};
use menagerie::cli;

#[derive(Parser)]
#[command(name = "menagerie", version, about = "A multi-variant chess engine")]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
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
    },
    /// Draw a position.
    Show {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
    },
    /// List the variants and their status; `variants check` builds every table.
    Variants {
        #[arg(value_parser = ["check"])]
        action: Option<String>,
    },
    /// Perft of fixed positions: nodes and nodes/second.
    Bench,
    /// Engine-versus-engine match over UCI/XBoard with the rules core as referee.
    Match(menagerie::matches::config::MatchArgs),
}

fn run(args: Args) -> Result<(String, bool), cli::CliError> {
    match args.command {
        None => Err(cli::CliError(
            "the protocol loop (uci/xboard) is not implemented yet; see `menagerie --help`".into(),
        )),
        Some(Command::Perft {
            variant,
            fen,
            moves,
            depth,
            divide,
            suite,
            max_nodes,
        }) => match suite {
            Some(path) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| cli::CliError(format!("cannot read {path}: {e}")))?;
                let explicit = std::env::args().any(|a| a == "--variant");
                cli::suite_command(&text, explicit.then_some(variant.as_str()), max_nodes)
            }
            None => cli::perft_command(&variant, fen.as_deref(), &moves, depth, divide)
                .map(|s| (s, true)),
        },
        Some(Command::Show {
            variant,
            fen,
            moves,
        }) => cli::show_command(&variant, fen.as_deref(), &moves).map(|s| (s, true)),
        Some(Command::Variants { action }) => match action {
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
        Some(Command::Bench) => cli::bench_command().map(|s| (s, true)),
        Some(Command::Match(args)) => menagerie::matches::match_command(&args)
            .map(|s| (s, true))
            .map_err(|e| cli::CliError(e.0)),
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
