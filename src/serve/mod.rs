//! `menagerie serve`: a board in the browser for every game Menagerie plays.
//!
//! A small web server on 127.0.0.1 (our own, `server`: one thread per connection, every
//! resource a client can spend bounded, no async runtime)
//! serves one page and a JSON API; the page draws any variant from the geometry the server
//! sends and offers the legal moves the server computes, so no rules live in JavaScript.
//! Engine-to-page updates are Server-Sent Events.
//!
//! One job per file: `server` (HTTP/1.1 and its limits), `guard` (token, Host and Origin
//! checks), `http` (routing), `sse` (event
//! streams and who watches), `clock` (the seats' clocks), `view` (the JSON of geometry and positions), `table` (the
//! two-player game: line, cursor, seats, records), `multi` (the N-player game of compound
//! turns, Party Chess: its view and table), `desk` (whichever of the two is on the table),
//! `engine` (the searches at the table), `record` (PGN reading), `assets` (the page, built
//! into the binary), `watch` (a `menagerie match` shown live).

pub mod assets;
pub mod clock;
pub mod desk;
pub mod engine;
pub mod guard;
pub mod http;
pub mod multi;
pub mod record;
pub mod server;
pub mod sse;
pub mod table;
pub mod view;
pub mod watch;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::Value;

use desk::Desk;
use guard::Guard;
use sse::Hub;

use crate::variants::OptionValues;

/// What the server shares between its request threads and the engine's search threads.
pub struct Shared {
    table: Mutex<Desk>,
    pub hub: Hub,
    /// The running search's latest report (sent to pages that connect mid-search).
    pub thinking: Mutex<Option<Value>>,
    next_search: AtomicU64,
    /// The id of the search whose reports are shown (0: none); a stopped search's late
    /// reports are dropped.
    current_search: AtomicU64,
    /// Set when the server stops: no new searches.
    closing: AtomicBool,
    /// The match being watched, when the server shows one (`menagerie match --watch`).
    pub watch: Option<Arc<watch::Watch>>,
}

impl Shared {
    /// The table (a panic elsewhere never locks the page out).
    pub fn lock(&self) -> MutexGuard<'_, Desk> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The state the page shows.
    pub fn state(&self, t: &mut Desk) -> Value {
        let searching = t.running.as_ref().map(|r| r.purpose.name());
        let mut state = t.state(searching, self.hub.watchers());
        if let Some(thinking) = self
            .thinking
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
        {
            state["thinking"] = thinking;
        }
        if let Some(w) = &self.watch {
            state["watch"] = w.json();
        }
        state
    }

    /// Sends the state to every page.
    pub fn publish(&self, t: &mut Desk) {
        let state = self.state(t);
        self.hub.publish("state", &state.to_string());
    }
}

/// How to start a server.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// 0: any free port.
    pub port: u16,
    pub variant: String,
    /// Variant rule options, NAME=VALUE.
    pub options: Vec<(String, String)>,
}

/// A running server.
pub struct Server {
    pub url: String,
    pub port: u16,
    pub token: String,
    pub shared: Arc<Shared>,
    http: Arc<server::Listener>,
    threads: Vec<JoinHandle<()>>,
}

impl Server {
    /// Serves until the process ends.
    pub fn wait(mut self) {
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }

    /// Stops accepting requests, stops the engine, and returns (event streams end within a
    /// second).
    pub fn stop(mut self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        {
            let mut t = self.shared.lock();
            engine::cancel(&self.shared, &mut t);
        }
        self.http.unblock();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Starts a server for `config` on 127.0.0.1 (a watched match, when `watch` is given).
pub fn start(config: &ServeConfig, watch: Option<Arc<watch::Watch>>) -> Result<Server, String> {
    let mut options = OptionValues::default();
    for (name, value) in &config.options {
        options.set(name, value)?;
    }
    let table = Desk::new(&config.variant, options)?;
    let http = server::Listener::bind(config.port)
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", config.port))?;
    let port = http.port();
    let http = Arc::new(http);
    let token = guard::new_token();
    let guard = Arc::new(Guard::new(port, token.clone()));
    let shared = Arc::new(Shared {
        table: Mutex::new(table),
        hub: Hub::default(),
        thinking: Mutex::new(None),
        next_search: AtomicU64::new(1),
        current_search: AtomicU64::new(0),
        closing: AtomicBool::new(false),
        watch,
    });
    if let Some(w) = &shared.watch {
        w.attach(Arc::downgrade(&shared));
    }
    let mut threads = Vec::new();
    let (accept_http, accept_shared) = (http.clone(), shared.clone());
    threads.push(
        std::thread::Builder::new()
            .name("serve-accept".into())
            .spawn(move || {
                accept_http.serve(Arc::new(move |request| {
                    if !accept_shared.closing.load(Ordering::SeqCst) {
                        http::handle(&accept_shared, &guard, request);
                    }
                }));
            })
            .map_err(|e| e.to_string())?,
    );
    let watchdog_shared = shared.clone();
    threads.push(
        std::thread::Builder::new()
            .name("serve-watchdog".into())
            .spawn(move || watchdog(&watchdog_shared))
            .map_err(|e| e.to_string())?,
    );
    Ok(Server {
        url: format!("http://127.0.0.1:{port}/?token={token}"),
        port,
        token,
        shared,
        http,
        threads,
    })
}

/// How long nobody may watch before the engine stops thinking (a reload reconnects sooner).
const NOBODY_GRACE: Duration = Duration::from_millis(1000);

/// Stops the engine when no page has watched for a while, keeps it in step otherwise, and
/// applies a fallen flag (a person's clock runs out without any request coming).
fn watchdog(shared: &Arc<Shared>) {
    let tick = Duration::from_millis(100);
    let mut alone_for = Duration::ZERO;
    while !shared.closing.load(Ordering::SeqCst) {
        std::thread::sleep(tick);
        {
            let mut t = shared.lock();
            if t.tick() {
                engine::update(shared, &mut t);
                shared.publish(&mut t);
            }
        }
        if shared.hub.watchers() > 0 {
            alone_for = Duration::ZERO;
            continue;
        }
        alone_for += tick;
        if alone_for >= NOBODY_GRACE {
            let mut t = shared.lock();
            if t.running.is_some() {
                log::info!("nobody is watching: the engine stops");
                engine::update(shared, &mut t);
            }
        }
    }
}

/// `menagerie serve`: prints the URL, then serves until the process is ended.
pub fn serve_command(config: &ServeConfig) -> Result<String, String> {
    let server = start(config, None)?;
    println!("Menagerie is at {}", server.url);
    println!("(open it in a browser on this machine; Ctrl-C stops the server)");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    server.wait();
    Ok(String::new())
}
