//! The one scheduling loop of every match, two players or N: worker threads play games (or
//! hands) and send each back; the calling thread takes them one at a time, in the order they
//! finish, so writing records and scoring need no locks.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use super::MatchError;

/// What a worker sends back.
pub(crate) enum Message<T> {
    /// A finished game or hand.
    Done(Box<T>),
    /// Why the match cannot go on (an engine that never started, say).
    Fatal(String),
}

/// Runs `work(worker id, sender)` on `workers` threads and hands every finished item to
/// `on_done` here. The first fatal message sets `stop`, which workers check before each game;
/// later ones are dropped. Returns that first fatal reason, if any.
pub(crate) fn run_workers<T: Send>(
    workers: usize,
    stop: &AtomicBool,
    work: impl Fn(usize, &mpsc::Sender<Message<T>>) + Sync,
    mut on_done: impl FnMut(T),
) -> Option<String> {
    let mut fatal = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for id in 0..workers {
            let tx = tx.clone();
            let work = &work;
            scope.spawn(move || work(id, &tx));
        }
        drop(tx);
        for message in rx {
            match message {
                Message::Fatal(why) => {
                    stop.store(true, Ordering::SeqCst);
                    fatal.get_or_insert(why);
                }
                Message::Done(item) => on_done(*item),
            }
        }
    });
    fatal
}

/// A match that hit a fatal error: an error when nothing was played, else the reason it
/// stopped early (the report keeps the games it has).
pub(crate) fn settle(
    fatal: Option<String>,
    nothing_played: bool,
    stopped: &mut Option<String>,
) -> Result<(), MatchError> {
    match fatal {
        Some(why) if nothing_played => Err(MatchError(why)),
        Some(why) => {
            *stopped = Some(why);
            Ok(())
        }
        None => Ok(()),
    }
}
