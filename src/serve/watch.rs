//! A `menagerie match` shown live (`menagerie match --watch PORT ...`): the referee reports
//! every move of every game (`matches::referee::Live`), this file keeps the games' lines,
//! clocks and the engines' last thinking, and puts the game being watched on the table. The
//! page shows the board, the move list (steppable), both clocks, each engine's score and line,
//! the list of games (click one to watch it) and the summary at the end.
//!
//! Until the person picks a game, the newest game still being played is shown.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use serde_json::{Value, json};

use super::{ServeConfig, Shared};
use crate::matches::adapter::Thinking;
use crate::matches::config::MatchArgs;
use crate::matches::referee::Live;
use crate::matches::{GameRecord, run_match_watched};

/// One game of the match as watched.
struct Watched {
    names: [String; 2],
    start: Option<String>,
    moves: Vec<String>,
    left_ms: [u64; 2],
    thinking: [Option<Value>; 2],
    result: Option<String>,
}

#[derive(Default)]
struct Inner {
    title: String,
    games: BTreeMap<usize, Watched>,
    shown: Option<usize>,
    /// The person picked the shown game (no more following the newest).
    chosen: bool,
    /// The person put something else on the table (a new game, a position, a record): the
    /// match's moves no longer replace it until a game is chosen again.
    left: bool,
    summary: Option<String>,
}

/// The match being watched.
#[derive(Default)]
pub struct Watch {
    shared: Mutex<Weak<Shared>>,
    inner: Mutex<Inner>,
}

/// What an engine said, for people: the score from White's side, depth, nodes, line.
fn thinking_json(side: u8, t: &Thinking) -> Value {
    let flip = if side == 0 { 1 } else { -1 };
    let score = match (t.mate, t.cp) {
        (Some(m), _) => format!("#{}", m * flip),
        (None, Some(cp)) => format!("{:+.2}", (cp * flip) as f64 / 100.0),
        _ => "?".to_string(),
    };
    json!({"score": score, "depth": t.depth, "nodes": t.nodes, "pv": t.pv})
}

impl Watch {
    pub fn new(title: &str) -> Watch {
        Watch {
            inner: Mutex::new(Inner {
                title: title.to_string(),
                ..Inner::default()
            }),
            ..Watch::default()
        }
    }

    fn inner(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Connects the watch to its server.
    pub fn attach(&self, shared: Weak<Shared>) {
        *self.shared.lock().unwrap_or_else(|e| e.into_inner()) = shared;
    }

    /// The referee's report of game `number` (from a match worker thread).
    pub fn live(&self, number: usize, names: &[String; 2], live: &Live<'_>) {
        let show = {
            let mut inner = self.inner();
            let game = inner.games.entry(number).or_insert_with(|| Watched {
                names: names.clone(),
                start: live.start.map(str::to_string),
                moves: Vec::new(),
                left_ms: [0; 2],
                thinking: [None, None],
                result: None,
            });
            game.moves = live.moves.to_vec();
            match live.ended {
                Some((result, reason)) => game.result = Some(format!("{result} {{{reason}}}")),
                None => game.left_ms = live.left.map(|d| d.as_millis() as u64),
            }
            if let Some((side, t)) = &live.thinking {
                game.thinking[(*side).min(1) as usize] = Some(thinking_json(*side, t));
            }
            let shown_over = inner
                .shown
                .and_then(|n| inner.games.get(&n))
                .is_none_or(|g| g.result.is_some());
            if !inner.chosen && live.ended.is_none() && shown_over {
                inner.shown = Some(number);
            }
            inner.shown == Some(number) && !inner.left
        };
        if show {
            self.put_on_table(number);
        }
    }

    /// Shows game `number` (the person's choice).
    pub fn choose(&self, number: usize) -> Result<(), String> {
        {
            let mut inner = self.inner();
            if !inner.games.contains_key(&number) {
                return Err(format!("there is no game {number} yet"));
            }
            inner.shown = Some(number);
            inner.chosen = true;
            inner.left = false;
        }
        self.put_on_table(number);
        Ok(())
    }

    /// The person put something else on the table: the match goes on in the list only.
    pub fn leave(&self) {
        self.inner().left = true;
    }

    /// The match is over: its summary.
    pub fn finish(&self, summary: String) {
        self.inner().summary = Some(summary);
        if let Some(shared) = self
            .shared
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .upgrade()
        {
            let mut t = shared.lock();
            // A new version: the page redraws only what is newer than what it shows.
            t.touch();
            shared.publish(&mut t);
        }
    }

    /// Puts the game's line on the table and tells every page.
    fn put_on_table(&self, number: usize) {
        let Some(shared) = self
            .shared
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .upgrade()
        else {
            return;
        };
        let (start, moves, names) = {
            let inner = self.inner();
            let Some(g) = inner.games.get(&number) else {
                return;
            };
            (g.start.clone(), g.moves.clone(), g.names.clone())
        };
        let mut t = shared.lock();
        let shown = match &mut t.board {
            super::desk::Board::Two(table) => {
                table.show_watched(number, start.as_deref(), &moves, &names)
            }
            super::desk::Board::Multi(_) => Err("the table holds an N-player game".into()),
        };
        if let Err(e) = shown {
            log::warn!("game {number} cannot be shown: {e}");
        }
        shared.publish(&mut t);
    }

    pub fn json(&self) -> Value {
        let inner = self.inner();
        let games: Vec<Value> = inner
            .games
            .iter()
            .map(|(n, g)| {
                json!({
                    "number": n,
                    "white": g.names[0],
                    "black": g.names[1],
                    "moves": g.moves.len(),
                    "clocks": g.left_ms,
                    "result": g.result,
                })
            })
            .collect();
        let thinking: Vec<Value> = inner
            .shown
            .and_then(|n| inner.games.get(&n))
            .map(|g| {
                g.thinking
                    .iter()
                    .map(|t| match t {
                        Some(t) => Value::String(format!(
                            "{} depth {} {}",
                            t["score"].as_str().unwrap_or("?"),
                            t["depth"],
                            t["pv"]
                                .as_array()
                                .map(|pv| pv
                                    .iter()
                                    .filter_map(Value::as_str)
                                    .collect::<Vec<_>>()
                                    .join(" "))
                                .unwrap_or_default()
                        )),
                        None => Value::Null,
                    })
                    .collect()
            })
            .unwrap_or_default();
        json!({
            "title": inner.title,
            "games": games,
            "shown": inner.shown,
            "thinking": thinking,
            "summary": inner.summary,
        })
    }
}

/// `menagerie match --watch PORT ...`: serves the board page, prints its URL, plays the match
/// (game lines and the summary on stdout as without `--watch`), then keeps serving so the
/// games can be looked at until the process is ended.
pub fn watch_command(args: &MatchArgs) -> Result<String, String> {
    if crate::variants::is_multi(&args.variant) {
        return Err(format!(
            "--watch shows matches of two engines; '{}' is a game of several players: run the \
             match without --watch (it writes --pgn records the board page replays), or let the \
             engine play every seat in `menagerie serve`",
            args.variant
        ));
    }
    let config = args.to_config().map_err(|e| e.to_string())?;
    let watch = Arc::new(Watch::new(&format!(
        "{} vs {}, {} games of {} at {}",
        config.engines[0].name, config.engines[1].name, config.games, config.variant, config.tc
    )));
    let server = super::start(
        &ServeConfig {
            port: args.watch.unwrap_or(0),
            variant: config.variant.clone(),
            options: Vec::new(),
        },
        Some(watch.clone()),
    )?;
    use std::io::Write;
    println!("Watch the match at {}", server.url);
    let _ = std::io::stdout().flush();
    let mut print = |g: &GameRecord| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", g.line());
        let _ = out.flush();
    };
    let observer = |n: usize, names: &[String; 2], live: &Live<'_>| watch.live(n, names, live);
    let report = run_match_watched(&config, &mut print, Some(&observer)).map_err(|e| e.0)?;
    let summary = report.summary();
    watch.finish(summary.clone());
    print!("{summary}");
    println!("(the games stay on the page; Ctrl-C stops the server)");
    let _ = std::io::stdout().flush();
    server.wait();
    Ok(String::new())
}
