//! The `menagerie` binary: with no arguments the protocol loop; otherwise tools for people
//! and scripts (perft, show, variants, bench).

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
    /// List the variants and their status; `variants check` builds every table.
    Variants {
        #[arg(value_parser = ["check"])]
        action: Option<String>,
    },
    /// Search fixed positions to fixed depths (one thread): the node total is a signature of
    /// the search; with --perft, perft of fixed positions instead.
    Bench {
        #[arg(long)]
        perft: bool,
    },
}

fn run(args: Args) -> Result<(String, bool), cli::CliError> {
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
        Some(Command::Bench { perft }) => cli::bench_command(perft).map(|s| (s, true)),
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
