//! Server-Sent Events: the engine-to-page channel. Each open page holds one event stream
//! (`GET /events`); the server publishes every change (`state`) and the engine's thinking
//! (`thinking`) to all of them.
//!
//! The hub also counts who is watching: a stream's subscription lives as long as its
//! connection, and a write to a closed tab fails at the next keep-alive (one a second), which
//! drops the subscription. The table stops the engine's search when the count stays at zero.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A comment line goes out when nothing else did for this long: it keeps proxies quiet and
/// finds closed connections.
const KEEP_ALIVE: Duration = Duration::from_millis(1000);

/// The most event streams served at once (each holds a thread).
pub const MAX_STREAMS: usize = 32;

/// One formatted event, shared by every subscriber.
pub type Event = Arc<str>;

/// Formats an SSE event: `event:` line, one `data:` line per line of `data`, blank line.
pub fn format_event(name: &str, data: &str) -> Event {
    let mut out = format!("event: {name}\n");
    for line in data.split('\n') {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out.into()
}

/// The publishers' side: every live subscription's sender.
#[derive(Default)]
pub struct Hub {
    senders: Mutex<Vec<Sender<Event>>>,
    live: Arc<AtomicUsize>,
}

/// A subscriber's side; dropping it (the connection ended) counts the watcher out.
pub struct Subscription {
    pub events: Receiver<Event>,
    live: Arc<AtomicUsize>,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.live.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Hub {
    /// A new subscription, or `None` when [`MAX_STREAMS`] are open already.
    pub fn subscribe(&self) -> Option<Subscription> {
        let mut senders = self.senders.lock().unwrap_or_else(|e| e.into_inner());
        if self.live.load(Ordering::SeqCst) >= MAX_STREAMS {
            return None;
        }
        let (tx, rx) = mpsc::channel();
        senders.push(tx);
        self.live.fetch_add(1, Ordering::SeqCst);
        Some(Subscription {
            events: rx,
            live: self.live.clone(),
        })
    }

    /// Sends an event to every subscriber (and forgets the ones that are gone).
    pub fn publish(&self, name: &str, data: &str) {
        let event = format_event(name, data);
        let mut senders = self.senders.lock().unwrap_or_else(|e| e.into_inner());
        senders.retain(|tx| tx.send(event.clone()).is_ok());
    }

    /// How many pages are watching now.
    pub fn watchers(&self) -> usize {
        self.live.load(Ordering::SeqCst)
    }
}

/// Serves one event stream on a raw connection: the response head, `first` (the current
/// state), then events as they come, with keep-alives. Returns when the client is gone or the
/// hub closed.
pub fn serve_stream(mut out: Box<dyn Write + Send>, sub: Subscription, first: &[Event]) {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
                Cache-Control: no-store\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n\
                retry: 1000\n\n";
    if out.write_all(head.as_bytes()).is_err() {
        return;
    }
    for event in first {
        if out.write_all(event.as_bytes()).is_err() {
            return;
        }
    }
    if out.flush().is_err() {
        return;
    }
    loop {
        let chunk: Event = match sub.events.recv_timeout(KEEP_ALIVE) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => ": keep-alive\n\n".into(),
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if out.write_all(chunk.as_bytes()).is_err() || out.flush().is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_have_one_data_line_per_line() {
        assert_eq!(&*format_event("state", "{}"), "event: state\ndata: {}\n\n");
        assert_eq!(
            &*format_event("x", "a\nb"),
            "event: x\ndata: a\ndata: b\n\n"
        );
    }

    #[test]
    fn watchers_are_counted_while_subscribed() {
        let hub = Hub::default();
        let a = hub.subscribe().unwrap();
        let b = hub.subscribe().unwrap();
        assert_eq!(hub.watchers(), 2);
        hub.publish("state", "1");
        assert_eq!(&*a.events.recv().unwrap(), "event: state\ndata: 1\n\n");
        drop(b);
        assert_eq!(hub.watchers(), 1);
        hub.publish("state", "2");
        drop(a);
        assert_eq!(hub.watchers(), 0);
    }
}
