//! Routing: the page and its assets, the JSON API, the event stream. Every request passes the
//! Host/Origin checks of [`super::guard`]; the API and the stream need the token too.
//!
//! API (token in the `X-Menagerie-Token` header; bodies are JSON objects):
//!
//! | request | body | does |
//! |---|---|---|
//! | `GET /api/state` | | the state (position, legal moves, line, seats, engine) |
//! | `GET /api/layout` | | the variant's geometry and piece kinds |
//! | `GET /api/variants` | | the playable variants and their rule options |
//! | `POST /api/new` | `{variant?, options?: {NAME: VALUE}, fen?}` | a new game |
//! | `POST /api/position` | `{fen}` | the same variant and options from this position, a new line |
//! | `POST /api/move` | `{move}` | plays a move (our notation) at the shown position; in an N-player game one atom of the turn (or, between turns, a whole play) |
//! | `POST /api/end_turn` | | closes the turn being built (N-player games) |
//! | `POST /api/undo` | `{unit?: "turn"\|"atom"}` | takes back a turn (to the person's turn when playing the engine) or the last atom |
//! | `POST /api/goto` | `{ply}` | shows the position after `ply` moves of the line |
//! | `POST /api/seats` | `{seats?: ["human"\|"engine", ...], limit?: {kind: time\|nodes\|depth, value}}` | who plays (one seat per player) |
//! | `POST /api/go` | | the engine takes the side to move |
//! | `POST /api/stop` | | the engine moves now; analysis stops |
//! | `POST /api/analyse` | `{on}` | analysis of the shown position on or off |
//! | `POST /api/record` | `{pgn}` | loads a record to step through (PGN, or a Party hand record) |
//! | `POST /api/watch` | `{game}` | shows that game of the match being watched |
//! | `GET /events?token=...` | | Server-Sent Events: `state`, `thinking` |
//!
//! A refused command answers 400 with `{"error": "..."}` and changes nothing; a good one
//! answers the new state (which also goes to every page as an event).

use std::sync::Arc;

use serde_json::{Value, json};

use super::clock::TimeControl;
use super::guard::{Guard, Refusal};
use super::server::{BodyError, Method, Request};
use super::table::{Limit, Seat};
use super::{Shared, assets, engine, sse};
use crate::variants::{OptionKind, Status, VARIANT_OPTIONS, VARIANTS};

/// The largest request body (a game record).
const MAX_BODY: usize = super::record::MAX_RECORD + 4096;

/// Headers every answer carries: no caching, no sniffing, no framing, this origin only.
const COMMON_HEADERS: [(&str, &str); 4] = [
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    (
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
         connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
];

fn respond(req: Request, status: u16, content_type: &str, body: Vec<u8>) {
    let mut headers = COMMON_HEADERS.to_vec();
    headers.push(("Content-Type", content_type));
    req.respond(status, &headers, &body);
}

fn json_answer(req: Request, status: u16, value: &Value) {
    respond(
        req,
        status,
        "application/json; charset=utf-8",
        value.to_string().into_bytes(),
    );
}

fn refuse(req: Request, r: Refusal) {
    json_answer(req, r.status, &json!({"error": r.text}));
}

fn error(req: Request, status: u16, text: &str) {
    json_answer(req, status, &json!({"error": text}));
}

/// The value of `name` in a query string (`a=1&token=x`), percent-decoding not needed for
/// the hex token.
fn query_value<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// Handles one request (on its own thread).
pub fn handle(shared: &Arc<Shared>, guard: &Guard, mut req: Request) {
    if let Err(r) = guard.check_origin(req.header("Host"), req.header("Origin")) {
        return refuse(req, r);
    }
    let url = req.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let method = req.method().clone();
    if method == Method::Get
        && let Some((content_type, body)) = assets::asset(path)
    {
        return respond(req, 200, content_type, body.to_vec());
    }
    if path == "/events" && method == Method::Get {
        if let Err(r) = guard.check_token(query_value(query, "token")) {
            return refuse(req, r);
        }
        return events(shared, req);
    }
    if !path.starts_with("/api/") {
        return error(req, 404, "no such page");
    }
    if let Err(r) = guard.check_token(req.header("X-Menagerie-Token")) {
        return refuse(req, r);
    }
    let command = &path["/api/".len()..];
    match method {
        Method::Get => {
            let answer = match command {
                "state" => {
                    let mut t = shared.lock();
                    shared.state(&mut t)
                }
                "layout" => shared.lock().layout(),
                "pgn" => match shared.lock().pgn() {
                    Ok(text) => json!({ "pgn": text }),
                    Err(e) => return error(req, 400, &e),
                },
                "variants" => variants_json(),
                _ => return error(req, 404, "no such request"),
            };
            json_answer(req, 200, &answer);
        }
        Method::Post => {
            let body = match req.read_body(MAX_BODY) {
                Ok(body) => body,
                Err(BodyError::TooLarge) => return error(req, 413, "the request is too large"),
                Err(BodyError::Unreadable) => {
                    return error(req, 400, "the request body could not be read");
                }
            };
            let args: Value = if body.iter().all(u8::is_ascii_whitespace) {
                json!({})
            } else {
                match serde_json::from_slice(&body) {
                    Ok(v @ Value::Object(_)) => v,
                    Ok(_) => return error(req, 400, "the request body must be a JSON object"),
                    Err(e) => return error(req, 400, &format!("the request is not JSON: {e}")),
                }
            };
            match command_result(shared, command, &args) {
                Ok(state) => json_answer(req, 200, &state),
                Err((status, text)) => error(req, status, &text),
            }
        }
        _ => error(req, 405, "only GET and POST"),
    }
}

fn text_arg<'a>(args: &'a Value, name: &str) -> Result<&'a str, String> {
    args.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("'{name}' (a string) is missing"))
}

fn opt_text<'a>(args: &'a Value, name: &str) -> Result<Option<&'a str>, String> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("'{name}' must be a string")),
    }
}

/// The person puts something of their own on the table: a watched match stops replacing it.
fn leave_watch(shared: &Shared) {
    if let Some(watch) = &shared.watch {
        watch.leave();
    }
}

/// Runs a command on the table; on success publishes and returns the new state.
fn command_result(
    shared: &Arc<Shared>,
    command: &str,
    args: &Value,
) -> Result<Value, (u16, String)> {
    let bad = |e: String| (400u16, e);
    let mut notice = None;
    let mut t = shared.lock();
    match command {
        "new" => {
            let variant = opt_text(args, "variant").map_err(bad)?;
            let fen = opt_text(args, "fen").map_err(bad)?;
            let options: Option<Vec<(String, String)>> = match args.get("options") {
                None | Some(Value::Null) => None,
                Some(Value::Object(map)) => Some(
                    map.iter()
                        .map(|(k, v)| {
                            let value = match v {
                                Value::String(s) => s.clone(),
                                Value::Bool(b) => b.to_string(),
                                Value::Number(n) => n.to_string(),
                                _ => {
                                    return Err(format!("option {k}: a string, number or boolean"));
                                }
                            };
                            Ok((k.clone(), value))
                        })
                        .collect::<Result<_, _>>()
                        .map_err(bad)?,
                ),
                Some(_) => return Err(bad("'options' must be an object".into())),
            };
            t.new_game(variant, options.as_deref(), fen).map_err(bad)?;
            leave_watch(shared);
            engine::cancel(shared, &mut t);
            // The last game's engine line is not this game's, finished search or not.
            engine::forget_thinking(shared);
            t.analysis_off();
        }
        "position" => {
            let fen = text_arg(args, "fen").map_err(bad)?;
            t.new_game(None, None, Some(fen)).map_err(bad)?;
            leave_watch(shared);
            engine::cancel(shared, &mut t);
        }
        "move" => {
            let text = text_arg(args, "move").map_err(bad)?;
            if t.running
                .as_ref()
                .is_some_and(|r| r.purpose == engine::Purpose::Move)
            {
                return Err(bad("the engine is thinking about its move".into()));
            }
            t.play_text(text).map_err(bad)?;
        }
        "undo" => {
            let whole = match opt_text(args, "unit").map_err(bad)? {
                None | Some("turn") => true,
                Some("atom") => false,
                Some(other) => {
                    return Err(bad(format!("'unit' is 'atom' or 'turn', not '{other}'")));
                }
            };
            t.take_back(whole).map_err(bad)?;
            engine::cancel(shared, &mut t);
        }
        "end_turn" => {
            if t.running
                .as_ref()
                .is_some_and(|r| r.purpose == engine::Purpose::Move)
            {
                return Err(bad("the engine is thinking about its play".into()));
            }
            t.end_turn().map_err(bad)?;
        }
        "goto" => {
            let ply = args
                .get("ply")
                .and_then(Value::as_u64)
                .ok_or_else(|| bad("'ply' (a number) is missing".into()))?;
            engine::cancel(shared, &mut t);
            t.goto(usize::try_from(ply).unwrap_or(usize::MAX))
                .map_err(bad)?;
        }
        "seats" => {
            let seats = match args.get("seats") {
                None | Some(Value::Null) => None,
                Some(list) => {
                    let list = list
                        .as_array()
                        .ok_or_else(|| bad("'seats' must be a list".into()))?;
                    let seats: Vec<Seat> = list
                        .iter()
                        .map(|v| Seat::parse(v.as_str().unwrap_or("")))
                        .collect::<Result<_, _>>()
                        .map_err(bad)?;
                    Some(seats)
                }
            };
            let mut limit = None;
            if let Some(l) = args.get("limit") {
                let kind = text_arg(l, "kind").map_err(bad)?;
                let value = l
                    .get("value")
                    .and_then(Value::as_u64)
                    .ok_or_else(|| bad("the limit's 'value' must be a positive number".into()))?;
                limit = Some(Limit::parse(kind, value).map_err(bad)?);
            }
            t.set_seats(seats, limit).map_err(bad)?;
            match args.get("clock") {
                None => {}
                Some(Value::Null) => t.set_time_control(None),
                Some(c) => {
                    let ms = |name: &str| {
                        c.get(name).and_then(Value::as_u64).ok_or_else(|| {
                            bad(format!("the clock's '{name}' (ms) must be a number"))
                        })
                    };
                    let control =
                        TimeControl::from_ms(ms("base")?, ms("increment")?).map_err(bad)?;
                    t.set_time_control(Some(control));
                }
            }
        }
        "resign" => {
            let side = side_arg(args).map_err(bad)?;
            t.resign(side).map_err(bad)?;
        }
        "draw" => {
            let action = text_arg(args, "action").map_err(bad)?;
            let side = side_arg(args).map_err(bad)?;
            notice = Some(t.draw(action, side).map_err(bad)?);
        }
        "go" => {
            t.go().map_err(bad)?;
        }
        "stop" => {
            engine::move_now(shared, &mut t);
            t.set_analysis(false);
        }
        "analyse" => {
            let on = args.get("on").map(|v| {
                v.as_bool()
                    .ok_or_else(|| bad("'on' must be true or false".into()))
            });
            let lines = args.get("lines").map(|v| {
                v.as_u64()
                    .ok_or_else(|| bad("'lines' must be a number".into()))
            });
            if on.is_none() && lines.is_none() {
                return Err(bad("'on' (true or false) or 'lines' is missing".into()));
            }
            if let Some(lines) = lines {
                t.set_analysis_lines(usize::try_from(lines?).unwrap_or(usize::MAX))
                    .map_err(bad)?;
            }
            if let Some(on) = on {
                t.set_analysis(on?);
            }
        }
        "record" => {
            let text = text_arg(args, "pgn").map_err(bad)?;
            t.load_record(text).map_err(bad)?;
            leave_watch(shared);
            engine::cancel(shared, &mut t);
            t.analysis_off();
        }
        "watch" => {
            let Some(watch) = &shared.watch else {
                return Err(bad("no match is being watched".into()));
            };
            let game = args
                .get("game")
                .and_then(Value::as_u64)
                .ok_or_else(|| bad("'game' (a number) is missing".into()))?;
            drop(t);
            watch.choose(game as usize).map_err(bad)?;
            t = shared.lock();
        }
        _ => return Err((404, format!("no such command '{command}'"))),
    }
    engine::update(shared, &mut t);
    let mut state = shared.state(&mut t);
    shared.hub.publish("state", &state.to_string());
    if let Some(text) = notice {
        // For the one who asked only (a draw declined, say).
        state["notice"] = json!(text);
    }
    Ok(state)
}

/// The optional `side` a person acts for (0 White, 1 Black).
fn side_arg(args: &Value) -> Result<Option<usize>, String> {
    match args.get("side") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(|n| Some(usize::try_from(n).unwrap_or(usize::MAX)))
            .ok_or_else(|| "'side' must be a number".into()),
    }
}

/// The variants the tables can play: playable two-player games and N-player games (Party
/// Chess). Found once by building each.
fn table_variants() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        VARIANTS
            .iter()
            .filter(|v| {
                v.status == Status::Playable
                    && if v.is_multi() {
                        crate::variants::multi_game_with(v.name, &Default::default()).is_ok()
                    } else {
                        crate::variants::game(v.name).is_ok()
                    }
            })
            .map(|v| v.name)
            .collect()
    })
}

/// The playable variants with their families and rule options.
fn variants_json() -> Value {
    let list: Vec<Value> = VARIANTS
        .iter()
        .filter(|v| table_variants().contains(&v.name))
        .map(|v| {
            let options: Vec<Value> = VARIANT_OPTIONS
                .iter()
                .filter(|o| o.variants.contains(&v.name))
                .map(|o| match o.kind {
                    OptionKind::Check { default } => {
                        json!({"name": o.name, "type": "check", "default": default})
                    }
                    OptionKind::Spin { default, min, max } => {
                        json!({"name": o.name, "type": "spin", "default": default, "min": min, "max": max})
                    }
                    OptionKind::Combo { default, choices } => {
                        json!({"name": o.name, "type": "combo", "default": default, "choices": choices})
                    }
                    OptionKind::Text { default } => {
                        json!({"name": o.name, "type": "string", "default": default})
                    }
                })
                .collect();
            json!({"name": v.name, "family": v.family, "options": options})
        })
        .collect();
    json!({ "variants": list })
}

/// Serves an event stream: the state first, then every event.
fn events(shared: &Arc<Shared>, req: Request) {
    let Some(sub) = shared.hub.subscribe() else {
        return error(req, 503, "too many open pages");
    };
    let first = {
        let mut t = shared.lock();
        engine::update(shared, &mut t);
        let state = shared.state(&mut t);
        vec![sse::format_event("state", &state.to_string())]
    };
    let writer = req.into_writer();
    sse::serve_stream(writer, sub, &first);
}
