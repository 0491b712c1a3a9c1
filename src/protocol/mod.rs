//! The protocol front-ends: `menagerie` with no arguments reads commands on stdin and answers on
//! stdout in UCI or XBoard/CECP v2, whichever the first command names.
//!
//! The data flows one way: a reader thread turns stdin into [`Event`]s on a channel
//! ([`input`]); the front-end ([`uci`] or [`xboard`]) handles them one at a time against a
//! [`session::Session`] (the game, its position and history, options, the running search);
//! searches run on their own thread and come back as events too, so the loop never blocks and
//! `stop`, `isready`, `?` or `quit` are obeyed at once. Everything printed goes through
//! [`output::Output`], one flushed line at a time; logs go to stderr.

pub mod front;
pub mod input;
pub mod multi;
pub mod output;
pub mod session;
pub mod two_players;
pub mod uci;
pub mod xboard;
pub mod xboard_variants;

use std::sync::mpsc::{Receiver, Sender};

use crate::search::SearchResult;
pub use output::Output;

/// What the front-end loop reacts to.
#[derive(Debug)]
pub enum Event {
    /// One input line, without its line ending.
    Line(String),
    /// A line longer than the limit; only its length is kept.
    TooLong(usize),
    /// End of input: finish what is running and leave.
    Eof,
    /// A search finished; `token` tells which one.
    SearchDone { token: u64, result: SearchResult },
    /// An N-player search finished ([`multi`]): the lines to print, `bestmove` last.
    MultiDone { token: u64, lines: Vec<String> },
}

/// Runs the protocol loop on stdin/stdout until `quit` or end of input.
pub fn run_stdio() {
    ignore_interrupts();
    let (tx, rx) = std::sync::mpsc::channel();
    input::spawn_stdin_reader(tx.clone());
    run(rx, tx, Output::stdout());
}

/// Runs the loop on any event source (tests feed a channel and read a buffer).
pub fn run(events: Receiver<Event>, sender: Sender<Event>, out: Output) {
    loop {
        let line = match events.recv() {
            Ok(Event::Line(line)) => line,
            Ok(Event::TooLong(n)) => {
                log::warn!("ignored an input line of {n} bytes before any protocol was chosen");
                continue;
            }
            Ok(Event::SearchDone { .. } | Event::MultiDone { .. }) => continue,
            Ok(Event::Eof) | Err(_) => return,
        };
        match line.split_whitespace().next() {
            Some("uci") => return uci::Uci::new(out, sender).run(events),
            Some("xboard") => return xboard::XBoard::new(out, sender).run(events),
            Some("quit") => return,
            Some(other) => {
                log::warn!("waiting for `uci` or `xboard`, ignored: {other}");
                out.line(&format!(
                    "info string error unknown command '{other}': send 'uci' or 'xboard' first"
                ));
            }
            None => {}
        }
    }
}

/// XBoard sends SIGINT to interrupt thinking and SIGTERM before killing the engine; by default
/// a Rust process would die on either. We asked for `sigint=0 sigterm=0` in the handshake, and
/// ignore both signals here as well for GUIs that send them anyway.
fn ignore_interrupts() {
    #[cfg(unix)]
    {
        unsafe extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGINT: i32 = 2;
        const SIGTERM: i32 = 15;
        const SIG_IGN: usize = 1;
        // SAFETY: installing SIG_IGN for these signals has no preconditions and touches no
        // Rust state.
        unsafe {
            signal(SIGINT, SIG_IGN);
            signal(SIGTERM, SIG_IGN);
        }
    }
}
