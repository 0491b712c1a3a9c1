//! `menagerie serve` over real HTTP on 127.0.0.1: the guard (token, Host, Origin), the JSON of
//! layouts and positions (insta snapshots in `snapshots/`), commands and their refusals, the
//! event stream, the engine at the table, and the engine stopping when nobody watches; Party
//! Chess at a three-player table (turns built atom by atom, takebacks, atoms with their cells,
//! the N-player engine, Party records).

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

use menagerie::serve::{ServeConfig, Server, start};
use serde_json::{Value, json};

fn server(variant: &str) -> Server {
    start(
        &ServeConfig {
            port: 0,
            variant: variant.to_string(),
            options: Vec::new(),
        },
        None,
    )
    .expect("the server starts")
}

/// One HTTP exchange: the status and the body.
fn raw(port: u16, request: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

fn request(s: &Server, method: &str, path: &str, body: Option<&str>, extra: &str) -> (u16, String) {
    let body = body.unwrap_or("");
    raw(
        s.port,
        &format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Menagerie-Token: {}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            s.port,
            s.token,
            body.len()
        ),
    )
}

fn get(s: &Server, path: &str) -> Value {
    let (status, body) = request(s, "GET", path, None, "");
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).expect("JSON")
}

fn post(s: &Server, command: &str, args: Value) -> Result<Value, (u16, String)> {
    let (status, body) = request(
        s,
        "POST",
        &format!("/api/{command}"),
        Some(&args.to_string()),
        "",
    );
    let value: Value = serde_json::from_str(&body).expect("JSON answer");
    if status == 200 {
        Ok(value)
    } else {
        Err((status, value["error"].as_str().unwrap_or("").to_string()))
    }
}

/// The state without what changes from run to run (clocks, watchers).
fn stable(mut state: Value) -> Value {
    state["clocks"] = json!("...");
    state["watchers"] = json!("...");
    state
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap()
}

/// An event stream: reads `event:`/`data:` pairs.
struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    fn open(s: &Server) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "GET /events?token={} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            s.token, s.port
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        Events { reader }
    }

    /// The next event of this name: its data.
    fn next(&mut self, name: &str) -> Value {
        let mut current = String::new();
        loop {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).expect("an event in time");
            assert!(n > 0, "the stream ended");
            let line = line.trim_end();
            if let Some(e) = line.strip_prefix("event: ") {
                current = e.to_string();
            } else if let Some(d) = line.strip_prefix("data: ")
                && current == name
            {
                return serde_json::from_str(d).unwrap();
            }
        }
    }
}

#[test]
fn the_guard_refuses_strangers() {
    let s = server("chess");
    let port = s.port;
    // The page itself is served; the API needs the token.
    let (status, body) = raw(
        port,
        &format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!(status, 200);
    assert!(body.contains("<svg id=\"board\""));
    let (status, _) = raw(
        port,
        &format!("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!(status, 403, "no token");
    let (status, _) = raw(
        port,
        &format!(
            "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Menagerie-Token: 00{}\r\nConnection: close\r\n\r\n",
            &s.token[2..]
        ),
    );
    assert_eq!(status, 403, "wrong token");
    // DNS rebinding: another host name with our port.
    let (status, _) = raw(
        port,
        &format!(
            "GET /api/state HTTP/1.1\r\nHost: evil.example:{port}\r\nX-Menagerie-Token: {}\r\nConnection: close\r\n\r\n",
            s.token
        ),
    );
    assert_eq!(status, 421, "foreign Host");
    // A request sent by another web page.
    let (status, _) = request(
        &s,
        "POST",
        "/api/move",
        Some(r#"{"move":"e2e4"}"#),
        "Origin: http://evil.example\r\n",
    );
    assert_eq!(status, 403, "foreign Origin");
    let (status, _) = request(
        &s,
        "POST",
        "/api/move",
        Some(r#"{"move":"e2e4"}"#),
        &format!("Origin: http://localhost:{port}\r\n"),
    );
    assert_eq!(status, 200, "own Origin");
    let (status, _) = raw(
        port,
        &format!("GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
    );
    assert_eq!(status, 403, "event stream without token");
    let (status, _) = request(&s, "GET", "/api/nothing", None, "");
    assert_eq!(status, 404);
    s.stop();
}

#[test]
fn layouts_and_positions_as_json() {
    let s = server("chess");
    let chess = get(&s, "/api/layout");
    assert_eq!(chess["cells"].as_array().unwrap().len(), 64);
    snap!("serve_layout_chess", pretty(&chess));
    assert_eq!(
        get(&s, "/api/state")["position"]["legal"]
            .as_array()
            .unwrap()
            .len(),
        20
    );
    // Patricia after a capture: the hand, the flipped face of the capturer.
    post(&s, "new", json!({"variant": "patricia"})).unwrap();
    snap!("serve_layout_patricia", pretty(&get(&s, "/api/layout")));
    for m in ["b1c2", "b5c4", "c2c4"] {
        post(&s, "move", json!({"move": m})).unwrap();
    }
    snap!(
        "serve_state_patricia",
        pretty(&stable(get(&s, "/api/state")))
    );
    // Partonici: a move capturing away from its destination, capture counts.
    post(
        &s,
        "new",
        json!({"variant": "pawn-partonici-8", "fen": "8/8/2p5/Ppp5/2P1p3/8/8/8 w 0:0 0 1"}),
    )
    .unwrap();
    let state = post(&s, "move", json!({"move": "c4d5"})).unwrap();
    assert_eq!(state["moves"], json!(["c4d5xe4xb5xc5xc6"]));
    assert_eq!(state["counters"][0]["values"], json!([4, 0]));
    snap!("serve_state_partonici", pretty(&stable(state)));
    // Cubic: six panels, every cell placed once.
    post(&s, "new", json!({"variant": "cubic"})).unwrap();
    let cubic = get(&s, "/api/layout");
    let titles: Vec<&str> = cubic["panels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["A", "B", "C", "D", "E", "F"]);
    snap!("serve_layout_cubic", pretty(&cubic));
    s.stop();
}

/// Every playable variant has a layout in which no two cells overlap and every cell lies in
/// its panel; its state lists legal moves whose cells exist.
#[test]
fn every_variant_is_drawn_whole() {
    let s = server("chess");
    let variants = get(&s, "/api/variants");
    for v in variants["variants"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let state = post(&s, "new", json!({"variant": name})).unwrap();
        let layout = get(&s, "/api/layout");
        let cells = layout["cells"].as_array().unwrap();
        let panels = layout["panels"].as_array().unwrap();
        let mut seen = std::collections::HashSet::new();
        for c in cells {
            let (x, y) = (c["x"].as_f64().unwrap(), c["y"].as_f64().unwrap());
            assert!(
                seen.insert(((x * 10.0) as i64, (y * 10.0) as i64)),
                "{name}: two cells at {x},{y}"
            );
            let p = &panels[c["panel"].as_u64().unwrap() as usize];
            let inside = |v: f64, lo: &Value, len: &Value| {
                v >= lo.as_f64().unwrap() - 1e-6
                    && v + 1.0 <= lo.as_f64().unwrap() + len.as_f64().unwrap() + 1e-6
            };
            assert!(
                inside(x, &p["x"], &p["w"]) && inside(y, &p["y"], &p["h"]),
                "{name}: {c} outside {p}"
            );
        }
        let board = state["position"]["board"].as_array().unwrap();
        assert_eq!(board.len(), cells.len(), "{name}");
        let kinds = layout["kinds"].as_array().unwrap().len() as u64;
        for code in board.iter().filter_map(Value::as_u64) {
            assert!(code % 64 < kinds, "{name}: piece code {code}");
        }
        let legal = state["position"]["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "{name}: no legal moves at the start");
        for m in legal {
            for key in ["from", "to"] {
                if let Some(cell) = m.get(key).and_then(Value::as_u64) {
                    assert!((cell as usize) < cells.len(), "{name}: {m}");
                }
            }
        }
    }
    s.stop();
}

#[test]
fn bad_input_changes_nothing() {
    let s = server("chess");
    let before = get(&s, "/api/state");
    let refusals = [
        ("move", json!({"move": "e2e5"}), "illegal"),
        ("move", json!({"move": "zz"}), "syntax"),
        ("move", json!({}), "missing"),
        ("position", json!({"fen": "8/8/8 w"}), "bad position"),
        ("new", json!({"variant": "nonesuch"}), "unknown variant"),
        (
            "new",
            json!({"variant": "party", "options": {"PartyPlayers": "9"}}),
            "too many players",
        ),
        (
            "new",
            json!({"variant": "party", "options": {"PartyArmies": "XYZ"}}),
            "bad army",
        ),
        ("end_turn", json!({}), "no compound turns in chess"),
        (
            "new",
            json!({"variant": "patricia", "options": {"PatriciaPawnFlips": "maybe"}}),
            "bad option",
        ),
        ("seats", json!({"seats": ["human"]}), "two seats"),
        (
            "seats",
            json!({"limit": {"kind": "time", "value": 0}}),
            "zero time",
        ),
        ("goto", json!({"ply": 3}), "no such ply"),
        ("undo", json!({}), "nothing to take back"),
        (
            "record",
            json!({"pgn": "1. e2e4 e7e5 2. e1e3"}),
            "illegal record move",
        ),
        (
            "record",
            json!({"pgn": "[Variant \"nonesuch\"]\n1. e2e4"}),
            "unknown record variant",
        ),
        ("fly", json!({}), "unknown command"),
    ];
    for (command, args, why) in refusals {
        let err = post(&s, command, args.clone()).expect_err(why);
        assert!(!err.1.is_empty(), "{why}: an error text");
        assert!(err.0 == 400 || err.0 == 404, "{why}: status {}", err.0);
    }
    // Not JSON, not an object, too large.
    let (status, _) = request(&s, "POST", "/api/move", Some("{move"), "");
    assert_eq!(status, 400);
    let (status, _) = request(&s, "POST", "/api/move", Some("[1]"), "");
    assert_eq!(status, 400);
    let huge = format!("{{\"pgn\": \"{}\"}}", "e2e4 ".repeat(300_000));
    let (status, _) = request(&s, "POST", "/api/record", Some(&huge), "");
    assert_eq!(status, 413);
    let after = get(&s, "/api/state");
    assert_eq!(stable(before), stable(after), "the state is unchanged");
    s.stop();
}

#[test]
fn events_follow_every_change() {
    let s = server("wildebeest");
    let mut events = Events::open(&s);
    let first = events.next("state");
    assert_eq!(first["variant"], "wildebeest");
    assert_eq!(first["watchers"], 1);
    post(&s, "move", json!({"move": "e2e4"})).unwrap();
    let next = events.next("state");
    assert_eq!(next["moves"], json!(["e2e4"]));
    assert!(next["version"].as_u64() > first["version"].as_u64());
    assert_eq!(next["last"]["text"], "e2e4");
    s.stop();
}

#[test]
fn the_engine_answers_and_takebacks_return_to_the_person() {
    let s = server("chess");
    let mut events = seated(
        &s,
        json!({"seats": ["human", "engine"], "limit": {"kind": "nodes", "value": 2000}}),
    );
    post(&s, "move", json!({"move": "e2e4"})).unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let replied = loop {
        let state = events.next("state");
        if state["moves"].as_array().unwrap().len() == 2 {
            break state;
        }
        assert!(Instant::now() < deadline, "the engine did not answer");
    };
    assert_eq!(replied["position"]["side"], 0);
    // Takeback: both plies, back to the person's turn.
    let state = post(&s, "undo", json!({})).unwrap();
    assert_eq!(state["cursor"], 0);
    assert_eq!(state["moves"], json!([]));
    s.stop();
}

#[test]
fn nobody_watching_stops_the_search() {
    let s = server("chess");
    let events = Events::open(&s);
    let state = post(&s, "analyse", json!({"on": true})).unwrap();
    assert_eq!(state["searching"], "analysis");
    drop(events); // the tab is closed
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let state = get(&s, "/api/state");
        if state["searching"].is_null() {
            assert_eq!(state["watchers"], 0);
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the search still runs: {}",
            state["searching"]
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // A page that comes back resumes the analysis.
    let mut events = Events::open(&s);
    let state = events.next("state");
    assert_eq!(state["searching"], "analysis");
    s.stop();
}

#[test]
fn records_replay_and_branch() {
    let s = server("chess");
    let pgn = "[Event \"menagerie match\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Variant \"wildebeest\"]\n\n1. e2e4 e9e7 2. b1c3 {opening} {Black wins by x} 0-1\n";
    let state = post(&s, "record", json!({"pgn": pgn})).unwrap();
    assert_eq!(state["variant"], "wildebeest");
    assert_eq!(state["mode"], "replay");
    assert_eq!(state["cursor"], 0);
    assert_eq!(state["moves"], json!(["e2e4", "e9e7", "b1c3"]));
    assert_eq!(state["tags"]["White"], "A");
    let state = post(&s, "goto", json!({"ply": 2})).unwrap();
    assert_eq!(state["last"]["text"], "e9e7");
    // Playing from the middle of the line replaces the rest.
    let state = post(&s, "move", json!({"move": "d2d4"})).unwrap();
    assert_eq!(state["moves"], json!(["e2e4", "e9e7", "d2d4"]));
    assert_eq!(state["cursor"], 3);
    s.stop();
}

/// A PGN from another program (lichess writes SAN) loads; the move list is offered in SAN.
#[test]
fn a_san_record_loads() {
    let s = server("chess");
    let pgn = "[Event \"Rated blitz game\"]\n[Site \"https://lichess.org/x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6?? 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. O-O 1-0\n";
    let state = post(&s, "record", json!({"pgn": pgn})).unwrap();
    assert_eq!(state["variant"], "chess");
    assert_eq!(
        state["moves"],
        json!([
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5", "f6d5", "g5f7",
            "e8f7", "d1f3", "f7e6", "e1g1"
        ])
    );
    assert_eq!(state["san"][14], "O-O");
    assert_eq!(state["san"][12], "Qf3+");
    // Exported back: SAN, the tags, the game not over yet.
    let exported = get(&s, "/api/pgn");
    let text = exported["pgn"].as_str().unwrap();
    assert!(
        text.contains("[Variant \"chess\"]") && text.contains("[Result \"*\"]"),
        "{text}"
    );
    assert!(
        text.contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5"),
        "{text}"
    );
    assert!(
        text.contains("7. Qf3+ Ke6") && text.contains("8. O-O *"),
        "{text}"
    );
    assert!(!text.contains("[FEN"), "{text}");
    let bad = post(&s, "record", json!({"pgn": "1. e4 e5 2. Nf6"}));
    assert!(bad.is_err(), "an illegal SAN move is refused: {bad:?}");
    s.stop();
}

#[test]
fn a_match_is_watched_live() {
    use menagerie::matches::config::{EngineSpec, MatchConfig, OpeningSource, TimeControl};
    use menagerie::serve::watch::Watch;
    let engine = env!("CARGO_BIN_EXE_menagerie");
    let spec = |name: &str| EngineSpec::parse(&format!("name={name},cmd={engine}")).unwrap();
    let config = MatchConfig {
        variant: "wildebeest".into(),
        engines: [spec("A"), spec("B")],
        games: 2,
        tc: TimeControl::parse("10+0.1").unwrap(),
        depth: Some(1),
        nodes: None,
        concurrency: 1,
        openings: OpeningSource::Random { plies: 0, seed: 1 },
        pgn: None,
        max_plies: Some(12),
        grace: Duration::ZERO,
        startup_timeout: Duration::from_secs(10),
        sprt: None,
    };
    let watch = Arc::new(Watch::new("A vs B"));
    let s = start(
        &ServeConfig {
            port: 0,
            variant: "wildebeest".into(),
            options: Vec::new(),
        },
        Some(watch.clone()),
    )
    .unwrap();
    let mut events = Events::open(&s);
    events.next("state");
    let observer = |n: usize, names: &[String; 2], live: &menagerie::matches::referee::Live<'_>| {
        watch.live(n, names, live)
    };
    let report =
        menagerie::matches::run_match_watched(&config, &mut |_| {}, Some(&observer)).unwrap();
    eprintln!("{}", report.summary());
    for g in &report.games {
        eprintln!("{} {:?}", g.line(), g.played.moves);
    }
    watch.finish(report.summary());
    // Every move was shown as it came.
    let mut seen = 0;
    let mut last_version = 0;
    loop {
        let state = events.next("state");
        if state["mode"] == "watch" {
            seen += 1;
        }
        let version = state["version"].as_u64().unwrap();
        if !state["watch"]["summary"].is_null() {
            // The page shows only states newer than its own: the summary must be one.
            assert!(version > last_version, "summary at version {version}");
            break;
        }
        last_version = version;
    }
    assert!(seen >= 12, "only {seen} states of the watched games");
    let state = get(&s, "/api/state");
    assert_eq!(state["mode"], "watch");
    let games = state["watch"]["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    for (g, record) in games.iter().zip(&report.games) {
        assert_eq!(
            g["moves"].as_u64().unwrap() as usize,
            record.played.moves.len()
        );
        assert!(
            g["result"]
                .as_str()
                .unwrap()
                .starts_with(record.played.result.text())
        );
    }
    let shown = state["watch"]["shown"].as_u64().unwrap() as usize;
    let record = report.games.iter().find(|g| g.number == shown).unwrap();
    assert_eq!(
        state["moves"].as_array().unwrap().len(),
        record.played.moves.len()
    );
    // People watch; they do not move. They may pick the other game.
    assert!(post(&s, "move", json!({"move": "e2e4"})).is_err());
    let other = if shown == 1 { 2 } else { 1 };
    let state = post(&s, "watch", json!({"game": other})).unwrap();
    assert_eq!(state["watch"]["shown"], other);
    assert!(post(&s, "watch", json!({"game": 9})).is_err());
    s.stop();
}

// ---------------------------------------------------------------- Party Chess (N players)

/// A Party position for the atom tests (three players, `a` to move with an empty reserve,
/// so every atom is a piece's): an Archer in Defensive Position with a ranged capture on
/// j16, a Qball on b2 that may scratch through a1, a Rook with Specials, a pawn one step from
/// the promotion squares, a Kamikaze with two captures, a HarfyBlob with Hn 3.
const PARTY_PIECES: &str = "Kc18Kb/20/12Gc7/20/9Pb10/6Cb13/20/9Aa10/4Za15/20/9Ka10/10Pa9/20/20/20/4Ra10Ha[3]4/20/20/1Qa18/20 abc a:-:3:0:-/b:RD:3:1:-/c:B:0:0:R 0 12";

/// The cell number of a Party square (`a1` = 0, files a..t, ranks 1..20).
fn party_cell(name: &str) -> u64 {
    let file = (name.as_bytes()[0] - b'a') as u64;
    let rank: u64 = name[1..].parse().unwrap();
    (rank - 1) * 20 + file
}

/// A three-player Party table with every seat a person.
fn party_server() -> Server {
    let s = start(
        &ServeConfig {
            port: 0,
            variant: "party".into(),
            options: vec![("PartyPlayers".into(), "3".into())],
        },
        None,
    )
    .expect("the server starts");
    post(&s, "seats", json!({"seats": ["human", "human", "human"]})).unwrap();
    s
}

/// A Party state for a snapshot: stable, with the (long) legal list summarised.
fn party_summary(state: &Value) -> Value {
    let mut state = stable(state.clone());
    let legal = state["position"]["legal"].as_array().unwrap().clone();
    let mut kinds = std::collections::BTreeMap::new();
    for m in &legal {
        *kinds
            .entry(m["kind"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    let n = legal.len();
    let mut sample: Vec<Value> = legal.iter().take(3).cloned().collect();
    sample.extend(legal.iter().skip(n.saturating_sub(2).max(3)).cloned());
    state["position"]["legal"] = json!({"count": n, "kinds": kinds, "sample": sample});
    let occupied: serde_json::Map<String, Value> = state["position"]["board"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, code)| !code.is_null())
        .map(|(cell, code)| (cell.to_string(), code.clone()))
        .collect();
    state["position"]["board"] = json!({"occupied": occupied});
    state
}

fn texts(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|a| a["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn party_layout_and_start() {
    let s = party_server();
    let layout = get(&s, "/api/layout");
    assert_eq!(layout["cells"].as_array().unwrap().len(), 400);
    assert_eq!(layout["cells"][0]["name"], "a1");
    assert_eq!(layout["cells"][399]["name"], "t20");
    assert_eq!(layout["multi"], true);
    let arts: Vec<&str> = layout["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["art"].as_str().unwrap())
        .collect();
    assert_eq!(arts.len(), 21);
    assert_eq!(layout["kinds"][10]["labels"], json!(["Ha", "Hb", "Hc"]));
    let mut summary = layout.clone();
    summary["cells"] =
        json!({"count": 400, "first": layout["cells"][0], "last": layout["cells"][399]});
    summary["labels"] = json!(layout["labels"].as_array().unwrap().len());
    snap!("serve_party_layout", pretty(&summary));
    let state = get(&s, "/api/state");
    assert_eq!(state["seats"], json!(["human", "human", "human"]));
    assert_eq!(state["position"]["play_list"], json!([0, 1, 2]));
    assert_eq!(state["position"]["knives"], json!([0, 0, 0]));
    // Every placement of every reserve piece on every square the rules allow, pass and
    // surrender: as many atoms as perft counts plays of one atom.
    let legal = state["position"]["legal"].as_array().unwrap();
    assert!(legal.len() > 2000, "{}", legal.len());
    assert!(
        legal
            .iter()
            .any(|m| m["text"] == "K@j10" && m["to"] == party_cell("j10"))
    );
    snap!("serve_party_state_start", pretty(&party_summary(&state)));
    s.stop();
}

#[test]
fn party_turns_are_built_part_by_part() {
    let s = party_server();
    let mut events = Events::open(&s);
    events.next("state");
    // A lone placement is a whole turn: it closes by itself.
    let state = post(&s, "move", json!({"move": "K@j10"})).unwrap();
    assert_eq!(state["moves"], json!(["K@j10"]));
    assert_eq!(state["position"]["side"], 1);
    assert_eq!(state["position"]["turn_open"], false);
    assert_eq!(events.next("state")["moves"], json!(["K@j10"]));
    post(&s, "move", json!({"move": "K@c3"})).unwrap();
    post(&s, "move", json!({"move": "K@q17"})).unwrap();
    // a moves its King: the turn stays open, may end, and offers only placements now.
    let state = post(&s, "move", json!({"move": "j10j11"})).unwrap();
    assert_eq!(state["position"]["turn_open"], true);
    assert_eq!(state["position"]["end_turn"], true);
    assert_eq!(state["position"]["side"], 0);
    assert_eq!(texts(&state["partial"]), ["j10j11"]);
    assert!(
        state["position"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["kind"] == "place")
    );
    snap!(
        "serve_party_state_open_turn",
        pretty(&party_summary(&state))
    );
    let state = post(&s, "move", json!({"move": "R@a20"})).unwrap();
    assert_eq!(texts(&state["partial"]), ["j10j11", "R@a20"]);
    assert_eq!(state["position"]["end_turn"], true);
    // Refused: a second move of the King, a square off the board, a whole play mid-turn,
    // and ending a turn of another game kind; nothing changes.
    let before = get(&s, "/api/state");
    for bad in ["j11j12", "R@a21", "K@j10", "j10j11,R@a20", ""] {
        let err = post(&s, "move", json!({"move": bad})).expect_err(bad);
        assert_eq!(err.0, 400, "{bad}");
        assert!(!err.1.is_empty());
    }
    assert!(post(&s, "undo", json!({"unit": "half"})).is_err());
    assert_eq!(
        stable(before),
        stable(get(&s, "/api/state")),
        "refusals change nothing"
    );
    // End turn: the play is recorded whole, b is to move.
    let state = post(&s, "end_turn", json!({})).unwrap();
    assert_eq!(
        state["moves"],
        json!(["K@j10", "K@c3", "K@q17", "j10j11,R@a20"])
    );
    assert_eq!(state["movers"], json!([0, 1, 2, 0]));
    assert_eq!(state["position"]["side"], 1);
    assert_eq!(texts(&state["last_turn"]), ["j10j11", "R@a20"]);
    assert!(post(&s, "end_turn", json!({})).is_err(), "no turn is open");
    // Take back one atom: the last turn reopens without it.
    let state = post(&s, "undo", json!({"unit": "atom"})).unwrap();
    assert_eq!(texts(&state["partial"]), ["j10j11"]);
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);
    assert_eq!(state["position"]["side"], 0);
    // Take back the turn: a is at the start of its turn, its King on j10 again.
    let state = post(&s, "undo", json!({"unit": "turn"})).unwrap();
    assert_eq!(texts(&state["partial"]), Vec::<String>::new());
    assert_eq!(state["position"]["turn_open"], false);
    assert!(state["position"]["fen"].as_str().unwrap().contains("9Ka10"));
    let state = post(&s, "undo", json!({"unit": "turn"})).unwrap();
    assert_eq!(state["moves"], json!(["K@j10", "K@c3"]));
    assert_eq!(state["position"]["side"], 2);
    // A whole play between turns is accepted too (checked by the rules), and goto steps
    // through whole turns.
    let state = post(&s, "move", json!({"move": "K@q17"})).unwrap();
    let state2 = post(&s, "move", json!({"move": "j10j11,R@a20,C@t20"})).unwrap();
    assert_eq!(state2["moves"][3], "j10j11,R@a20,C@t20");
    let back = post(&s, "goto", json!({"ply": 3})).unwrap();
    assert_eq!(back["position"]["fen"], state["position"]["fen"]);
    s.stop();
}

#[test]
fn party_atoms_name_their_cells() {
    let s = party_server();
    let state = post(&s, "position", json!({"fen": PARTY_PIECES})).unwrap();
    let legal = state["position"]["legal"].as_array().unwrap();
    let lines: Vec<String> = legal.iter().map(Value::to_string).collect();
    snap!("serve_party_atoms", lines.join("\n"));
    let find = |text: &str| {
        legal
            .iter()
            .find(|m| m["text"] == text)
            .unwrap_or_else(|| panic!("{text} offered"))
            .clone()
    };
    let shot = find("j13>j16");
    assert_eq!(shot["kind"], "ranged");
    assert_eq!(
        (shot["from"].as_u64(), shot["to"].as_u64()),
        (Some(party_cell("j13")), Some(party_cell("j16")))
    );
    let scratch = find("b2-off");
    assert_eq!(scratch["kind"], "scratch");
    assert_eq!(
        scratch["from"], scratch["to"],
        "clicked on the Qball itself"
    );
    let promotion = find("k9k10=G");
    assert_eq!(promotion["promotion"], true);
    assert_eq!(promotion["becomes"], 17, "a's Gess");
    assert_eq!(find("^e5d1")["kind"], "special");
    let badges = state["position"]["badges"].as_object().unwrap();
    assert_eq!(badges.len(), 1);
    assert_eq!(
        badges[&party_cell("p5").to_string()],
        3,
        "the HarfyBlob's Hn"
    );
    // The ranged capture: the Archer stays, the pawn joins a's reserve.
    let after = post(&s, "move", json!({"move": "j13>j16"})).unwrap();
    let board = &after["position"]["board"];
    assert_eq!(board[party_cell("j13") as usize], 11, "the Archer stays");
    assert!(board[party_cell("j16") as usize].is_null());
    assert_eq!(after["position"]["players"][0]["reserve"][0]["kind"], "P");
    assert_eq!(
        after["last"],
        json!({"from": party_cell("j13"), "to": party_cell("j16"), "text": "j13>j16"})
    );
    // The Kamikaze that captures is gone with its victim.
    post(&s, "undo", json!({})).unwrap();
    let after = post(&s, "move", json!({"move": "e12g15"})).unwrap();
    let board = &after["position"]["board"];
    assert!(board[party_cell("e12") as usize].is_null());
    assert!(board[party_cell("g15") as usize].is_null());
    // The scratch: the Qball leaves for a's reserve; the last atom has no destination.
    post(&s, "undo", json!({})).unwrap();
    let after = post(&s, "move", json!({"move": "b2-off"})).unwrap();
    assert!(after["position"]["board"][party_cell("b2") as usize].is_null());
    assert_eq!(after["last"]["to"], Value::Null);
    assert_eq!(after["position"]["players"][0]["reserve"][0]["kind"], "Q");
    s.stop();
}

#[test]
fn party_engine_plays_its_seats() {
    let s = party_server();
    let mut events = seated(
        &s,
        json!({"seats": ["human", "engine", "engine"], "limit": {"kind": "nodes", "value": 2000}}),
    );
    post(&s, "move", json!({"move": "K@j10"})).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let replied = loop {
        let state = events.next("state");
        if state["moves"].as_array().unwrap().len() == 3 {
            break state;
        }
        assert!(Instant::now() < deadline, "the engines did not play");
    };
    assert_eq!(replied["movers"], json!([0, 1, 2]));
    assert_eq!(replied["position"]["side"], 0);
    assert_eq!(replied["searching"], Value::Null);
    // Taking back a turn returns to the person's turn (before the engines' turns).
    let state = post(&s, "undo", json!({})).unwrap();
    assert_eq!(state["moves"], json!([]));
    assert_eq!(state["position"]["side"], 0);
    // The engine completes a turn a person began.
    post(&s, "seats", json!({"seats": ["human", "human", "human"]})).unwrap();
    for m in ["K@j10", "K@c3", "K@q17", "j10j11"] {
        post(&s, "move", json!({"move": m})).unwrap();
    }
    post(&s, "go", json!({})).unwrap();
    let done = loop {
        let state = events.next("state");
        if state["moves"].as_array().unwrap().len() == 4 {
            break state;
        }
        assert!(
            Instant::now() < deadline,
            "the engine did not finish the turn"
        );
    };
    assert!(
        done["moves"][3].as_str().unwrap().starts_with("j10j11"),
        "{}",
        done["moves"][3]
    );
    s.stop();
}

#[test]
fn party_records_replay() {
    let s = server("chess");
    let start = "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 abc a:KRCBDG:3:0:-/b:KRCBDG:3:0:-/c:KRCBDG:3:0:- 0 1";
    let record = format!(
        "[Event \"menagerie match\"]\n[Round \"1\"]\n[Variant \"party\"]\n[VariantOptions \"PartyPlayers=3\"]\n[Players \"3\"]\n[PlayerA \"Alpha\"]\n[PlayerB \"Beta\"]\n[PlayerC \"Gamma\"]\n[StartPosition \"{start}\"]\n[Result \"*\"]\n\n1. a K@j10 {{opening}}\n2. b K@c3\n3. c K@q17\n4. a j10j11,R@a20\n{{unfinished}}\n\n"
    );
    let state = post(&s, "record", json!({"pgn": record})).unwrap();
    assert_eq!(state["variant"], "party");
    assert_eq!(state["mode"], "replay");
    assert_eq!(state["cursor"], 0);
    assert_eq!(state["names"], json!(["Alpha", "Beta", "Gamma"]));
    assert_eq!(state["notes"][0], "opening");
    assert_eq!(state["moves"][3], "j10j11,R@a20");
    assert_eq!(
        get(&s, "/api/layout")["players"].as_array().unwrap().len(),
        3
    );
    let state = post(&s, "goto", json!({"ply": 4})).unwrap();
    assert_eq!(state["position"]["side"], 1);
    assert_eq!(texts(&state["last_turn"]), ["j10j11", "R@a20"]);
    // A record whose play list disagrees is refused and changes nothing.
    let before = get(&s, "/api/state");
    let wrong = record.replace("2. b K@c3", "2. c K@c3");
    let err = post(&s, "record", json!({"pgn": wrong})).unwrap_err();
    assert!(err.1.contains("turn 2"), "{}", err.1);
    assert_eq!(stable(before), stable(get(&s, "/api/state")));
    // Back to a two-player game from the Party table.
    let state = post(&s, "new", json!({"variant": "chess"})).unwrap();
    assert_eq!(state["position"]["legal"].as_array().unwrap().len(), 20);
    assert_eq!(
        get(&s, "/api/layout")["cells"].as_array().unwrap().len(),
        64
    );
    s.stop();
}

/// The resident memory of this process (Linux), in KiB.
fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Everything a local process can throw at the server, no token needed: a lying or huge
/// `Content-Length`, huge headers, a slow sender, pipelined and half-closed connections,
/// hundreds of idle connections and more event streams than are served. After all of it the
/// server answers at once, and its memory grew by a bounded amount.
#[test]
fn the_server_survives_abuse() {
    let s = server("chess");
    let port = s.port;
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    let before = resident_kib();
    let started = Instant::now();

    // A body of 99,999,999,999 bytes announced: refused unread (this once aborted the process).
    for path in ["/", "/api/new", "/events"] {
        let (status, _) = raw(
            port,
            &format!("POST {path} HTTP/1.1\r\n{host}Content-Length: 99999999999\r\n\r\n"),
        );
        assert!((400..500).contains(&status), "{path}: {status}");
    }
    let (status, _) = raw(
        port,
        &format!(
            "POST /api/new HTTP/1.1\r\n{host}X-Menagerie-Token: {}\r\nContent-Length: 99999999999\r\n\r\n{{}}",
            s.token
        ),
    );
    assert_eq!(status, 413);
    // A body shorter than announced, then the sender stops: 400 once the body time is up
    // would take seconds, so the client closes its side instead: 400 at once.
    let (status, _) = {
        let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            c,
            "POST /api/new HTTP/1.1\r\n{host}X-Menagerie-Token: {}\r\nContent-Length: 50\r\n\r\n{{",
            s.token
        )
        .unwrap();
        c.shutdown(std::net::Shutdown::Write).unwrap();
        let mut text = String::new();
        c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let _ = c.read_to_string(&mut text);
        (
            text.split_whitespace()
                .nth(1)
                .and_then(|c| c.parse::<u16>().ok())
                .unwrap_or(0),
            text,
        )
    };
    assert_eq!(status, 400);
    // Huge headers: 431.
    let big = "a".repeat(200_000);
    let (status, _) = raw(
        port,
        &format!("GET / HTTP/1.1\r\n{host}X-Big: {big}\r\n\r\n"),
    );
    assert_eq!(status, 431);
    // Garbage: 400.
    let (status, _) = raw(port, "\u{1}\u{2} nonsense\r\n\r\n");
    assert_eq!(status, 400);
    // Pipelined: the first request is answered, the connection then closes.
    let (status, body) = raw(
        port,
        &format!(
            "GET /api/state HTTP/1.1\r\n{host}X-Menagerie-Token: {0}\r\n\r\nGET /api/state HTTP/1.1\r\n{host}X-Menagerie-Token: {0}\r\n\r\n",
            s.token
        ),
    );
    assert_eq!(status, 200);
    assert_eq!(body.matches("\"game_id\"").count(), 1, "one answer");
    // Half-closed: the request, then the client's side shut; the answer still arrives.
    {
        let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(c, "GET / HTTP/1.1\r\n{host}\r\n").unwrap();
        c.shutdown(std::net::Shutdown::Write).unwrap();
        let mut text = String::new();
        c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        c.read_to_string(&mut text).unwrap();
        assert!(
            text.starts_with("HTTP/1.1 200"),
            "{}",
            &text[..text.len().min(80)]
        );
    }
    // A slow sender holds its own connection only.
    let mut slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
    slow.write_all(b"GET / HT").unwrap();
    // Hundreds of idle connections and more event streams than the server serves.
    let idle: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    let mut streams = Vec::new();
    let mut refused_streams = 0;
    for _ in 0..40 {
        let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(c, "GET /events?token={} HTTP/1.1\r\n{host}\r\n", s.token).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut reader = BufReader::new(c);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line.starts_with("HTTP/1.1 200") {
            streams.push(reader);
        } else {
            assert!(line.starts_with("HTTP/1.1 503"), "{line}");
            refused_streams += 1;
        }
    }
    assert!(refused_streams > 0 && !streams.is_empty());
    // Through all of it, the server answers at once.
    let asked = Instant::now();
    let state = get(&s, "/api/state");
    assert!(state["position"]["fen"].is_string(), "{state}");
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    slow.write_all(b"TP/1.1\r\n").unwrap();
    drop((idle, streams, slow));
    if let (Some(before), Some(after)) = (before, resident_kib()) {
        let grown = after.saturating_sub(before);
        eprintln!(
            "resident memory grew by {grown} KiB; abuse took {:?}",
            started.elapsed()
        );
        assert!(grown < 200 * 1024, "memory grew by {grown} KiB");
    }
    s.stop();
}

/// A mated royal is marked in check: hot seat `f2f3 e7e5 g2g4 d8h4`.
#[test]
fn a_mated_king_is_marked() {
    let s = server("chess");
    post(&s, "seats", json!({"seats": ["human", "human"]})).unwrap();
    let mut state = Value::Null;
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        state = post(&s, "move", json!({"move": mv})).unwrap();
    }
    assert!(
        state["position"]["outcome"].is_string(),
        "{}",
        state["position"]
    );
    assert_eq!(state["position"]["check"], true);
    s.stop();
}

/// *New game* forgets the last game's engine line, even when its search has finished.
#[test]
fn a_new_game_forgets_the_engine_line() {
    let s = server("chess");
    let _events = Events::open(&s);
    let limit = json!({"kind": "nodes", "value": 3000});
    post(
        &s,
        "seats",
        json!({"seats": ["human", "engine"], "limit": limit}),
    )
    .unwrap();
    post(&s, "move", json!({"move": "e2e4"})).unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let state = get(&s, "/api/state");
        if state["moves"].as_array().is_some_and(|m| m.len() == 2) && state["searching"].is_null() {
            assert!(
                !state["thinking"].is_null(),
                "the engine's line is shown after its move"
            );
            break;
        }
        assert!(Instant::now() < deadline, "the engine did not answer");
        std::thread::sleep(Duration::from_millis(50));
    }
    let state = post(&s, "new", json!({"variant": "wildebeest"})).unwrap();
    assert!(state["thinking"].is_null(), "{}", state["thinking"]);
    assert!(get(&s, "/api/state")["thinking"].is_null());
    s.stop();
}

/// A variant's rule options stay with it: another variant starts from its own defaults, and
/// coming back starts from the defaults too; a new game of the same variant keeps them.
#[test]
fn rule_options_do_not_carry_over_to_another_variant() {
    let s = server("chess");
    let options = |state: &Value| state["options"].clone();
    let flips = json!({"variant": "patricia", "options": {"PatriciaPawnFlips": "true"}});
    let state = post(&s, "new", flips).unwrap();
    assert_eq!(options(&state), json!([["PatriciaPawnFlips", "true"]]));
    let state = post(&s, "new", json!({})).unwrap();
    assert_eq!(
        options(&state),
        json!([["PatriciaPawnFlips", "true"]]),
        "same variant"
    );
    let state = post(&s, "new", json!({"variant": "chess"})).unwrap();
    assert_eq!(options(&state), json!([]));
    let state = post(&s, "new", json!({"variant": "patricia"})).unwrap();
    assert_eq!(options(&state), json!([]));
    s.stop();
}

/// *New game* while a match is watched stays on the table: the match's next moves do not
/// replace it (they go on in the list), until the person picks a game of the match again.
#[test]
fn a_new_game_beside_a_watched_match_stays() {
    use menagerie::matches::referee::Live;
    use menagerie::serve::watch::Watch;
    let watch = Arc::new(Watch::new("test match"));
    let s = start(
        &ServeConfig {
            port: 0,
            variant: "chess".into(),
            options: Vec::new(),
        },
        Some(watch.clone()),
    )
    .unwrap();
    let names = ["A".to_string(), "B".to_string()];
    fn live(moves: &[String]) -> Live<'_> {
        Live {
            start: None,
            moves,
            left: [Duration::from_secs(5); 2],
            thinking: None,
            ended: None,
        }
    }
    let first = ["e2e4".to_string()];
    watch.live(1, &names, &live(&first));
    assert_eq!(get(&s, "/api/state")["mode"], "watch");
    post(&s, "seats", json!({"seats": ["human", "human"]})).unwrap();
    let state = post(&s, "new", json!({"variant": "chess"})).unwrap();
    assert_eq!(state["mode"], "play");
    let later = ["e2e4".to_string(), "e7e5".to_string()];
    watch.live(1, &names, &live(&later));
    let state = get(&s, "/api/state");
    assert_eq!(
        state["mode"], "play",
        "the match's move replaced the new game"
    );
    assert_eq!(state["moves"], json!([]));
    post(&s, "move", json!({"move": "d2d4"})).expect("the new game goes on");
    let state = post(&s, "watch", json!({"game": 1})).unwrap();
    assert_eq!(state["mode"], "watch");
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2));
    s.stop();
}

/// Opens an event stream (its first state read), then seats the players (and sets the limit
/// or clock) as `seats` says.
fn seated(s: &Server, seats: Value) -> Events {
    let mut events = Events::open(s);
    events.next("state");
    post(s, "seats", seats).unwrap();
    events
}

/// Waits (on the event stream) for a state that `done` accepts.
fn state_where(events: &mut Events, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let state = events.next("state");
        if done(&state) {
            return state;
        }
        assert!(Instant::now() < deadline, "no such state came: {state}");
    }
}

/// Clocks count down from the base, earn the increment, and a person's flag falls with no
/// request coming: the game is over, moves are refused and the PGN says why.
#[test]
fn clocks_count_down_and_a_flag_ends_the_game() {
    let s = server("chess");
    let mut events = Events::open(&s);
    events.next("state");
    let state = post(
        &s,
        "seats",
        json!({"seats": ["human", "human"], "clock": {"base": 600, "increment": 200}}),
    )
    .unwrap();
    assert_eq!(state["clock"], json!({"base": 600, "increment": 200}));
    assert_eq!(state["clock_running"], 0);
    assert!(state["clocks"][1] == 600 && state["clocks"][0].as_u64().unwrap() <= 600);
    let state = post(&s, "move", json!({"move": "e2e4"})).unwrap();
    assert_eq!(state["clock_running"], 1);
    let white = state["clocks"][0].as_u64().unwrap();
    assert!(
        white > 600 && white <= 800,
        "the increment is earned: {white}"
    );
    let over = state_where(&mut events, 10, |st| !st["position"]["outcome"].is_null());
    assert_eq!(
        over["position"]["outcome"],
        "1-0 {White wins by time forfeit}"
    );
    assert_eq!(over["clocks"][1], 0);
    assert_eq!(over["clock_running"], Value::Null);
    assert_eq!(over["position"]["legal"], json!([]));
    let refused = post(&s, "move", json!({"move": "e7e5"})).unwrap_err();
    assert!(refused.1.contains("over"), "{}", refused.1);
    let pgn = get(&s, "/api/pgn")["pgn"].as_str().unwrap().to_string();
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.contains("time forfeit"),
        "{pgn}"
    );
    // Bad clocks are refused and change nothing.
    for clock in [
        json!({"base": 5}),
        json!({"base": 1000, "increment": -1}),
        json!(7),
    ] {
        let e = post(&s, "seats", json!({ "clock": clock })).unwrap_err();
        assert_eq!(e.0, 400, "{clock}: {}", e.1);
    }
    // A new game starts both clocks again from the base; no clock: they count time spent.
    let state = post(&s, "new", json!({})).unwrap();
    assert!(state["position"]["outcome"].is_null());
    assert_eq!(state["clocks"][1], 600);
    let state = post(&s, "seats", json!({"clock": null})).unwrap();
    assert_eq!(state["clock"], Value::Null);
    assert!(state["clocks"][0].as_u64().unwrap() < 600);
    s.stop();
}

/// Under a time control the engine plays by the clock, not by the limit per move.
#[test]
fn the_engine_keeps_to_the_clock() {
    let s = server("chess");
    let mut events = seated(
        &s,
        json!({"seats": ["human", "engine"], "limit": {"kind": "time", "value": 600000},
               "clock": {"base": 3000, "increment": 0}}),
    );
    post(&s, "move", json!({"move": "d2d4"})).unwrap();
    let replied = state_where(&mut events, 20, |st| {
        st["moves"].as_array().unwrap().len() == 2
    });
    let black = replied["clocks"][1].as_u64().unwrap();
    assert!(black > 1500 && black < 3000, "black spent a share: {black}");
    assert!(replied["position"]["outcome"].is_null());
    s.stop();
}

/// Resigning, and draws offered, accepted, declined and lapsed, in a game of two people; the
/// engine answers an offer itself and is never resigned for.
#[test]
fn resignations_and_draw_offers() {
    let s = server("chess");
    post(&s, "seats", json!({"seats": ["human", "human"]})).unwrap();
    let state = post(&s, "draw", json!({"action": "offer"})).unwrap();
    assert_eq!(state["draw_offer"], 0);
    assert_eq!(state["notice"], "draw offered");
    let e = post(&s, "draw", json!({"action": "accept"})).unwrap_err();
    assert!(
        e.1.contains("no draw"),
        "one's own offer is not accepted: {}",
        e.1
    );
    // White moves: the offer stands until Black moves.
    let state = post(&s, "move", json!({"move": "e2e4"})).unwrap();
    assert_eq!(state["draw_offer"], 0);
    let state = post(&s, "move", json!({"move": "e7e5"})).unwrap();
    assert_eq!(state["draw_offer"], Value::Null, "moving on declines");
    post(&s, "draw", json!({"action": "offer"})).unwrap();
    let state = post(&s, "draw", json!({"action": "accept", "side": 1})).unwrap();
    assert_eq!(state["position"]["outcome"], "1/2-1/2 {draw by agreement}");
    assert!(
        post(&s, "resign", json!({})).is_err(),
        "a finished game is not resigned"
    );
    // Taking back reopens the game.
    let state = post(&s, "undo", json!({})).unwrap();
    assert!(state["position"]["outcome"].is_null());
    let state = post(&s, "resign", json!({"side": 1})).unwrap();
    assert_eq!(
        state["position"]["outcome"],
        "1-0 {White wins by resignation}"
    );
    assert_eq!(state["position"]["legal"], json!([]));
    // Against the engine: it answers at once, and its side is never given up by a person.
    post(&s, "new", json!({})).unwrap();
    post(&s, "seats", json!({"seats": ["human", "engine"]})).unwrap();
    let state = post(&s, "draw", json!({"action": "offer"})).unwrap();
    assert_eq!(state["notice"], "the engine declines the draw");
    assert!(state["position"]["outcome"].is_null());
    for (command, args) in [
        ("resign", json!({"side": 1})),
        ("draw", json!({"action": "offer", "side": 1})),
        ("draw", json!({"action": "shake hands"})),
        ("resign", json!({"side": 7})),
        ("resign", json!({"side": "black"})),
    ] {
        let e = post(&s, command, args.clone()).unwrap_err();
        assert_eq!(e.0, 400, "{command} {args}: {}", e.1);
    }
    s.stop();
}

/// Analysis shows up to three lines, each with its own first move.
#[test]
fn analysis_shows_several_lines() {
    let s = server("chess");
    let mut events = Events::open(&s);
    events.next("state");
    let state = post(&s, "analyse", json!({"on": true, "lines": 3})).unwrap();
    assert_eq!(state["analysis_lines"], 3);
    let deadline = Instant::now() + Duration::from_secs(20);
    let lines = loop {
        let t = events.next("thinking");
        let lines = t["lines"].as_array().cloned().unwrap_or_default();
        if lines.len() == 3 && t["depth"].as_u64().unwrap_or(0) >= 4 {
            break lines;
        }
        assert!(Instant::now() < deadline, "no three lines: {t}");
    };
    let firsts: Vec<&str> = lines.iter().map(|l| l["pv"][0].as_str().unwrap()).collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    assert!(lines.iter().all(|l| l["score"].is_string()));
    // Best first (White to move: White's scores fall down the list).
    let cps: Vec<i64> = lines
        .iter()
        .map(|l| l["value"]["cp"].as_i64().unwrap())
        .collect();
    assert!(cps.windows(2).all(|w| w[0] >= w[1]), "{cps:?}");
    for lines in [0, 4] {
        assert!(post(&s, "analyse", json!({ "lines": lines })).is_err());
    }
    s.stop();
}

/// Party Chess: a player whose clock runs out makes the referee's default play and plays on;
/// resigning and draw offers are the game's own plays there.
#[test]
fn party_clocks_default_a_player_out_of_time() {
    let s = party_server();
    let mut events = seated(
        &s,
        json!({"seats": ["human", "human", "human"], "clock": {"base": 300, "increment": 0}}),
    );
    let state = state_where(&mut events, 10, |st| {
        !st["moves"].as_array().unwrap().is_empty()
    });
    assert_eq!(state["notes"][0], "time out: default play");
    assert_eq!(state["movers"][0], 0);
    assert_eq!(state["clocks"].as_array().unwrap().len(), 3);
    let e = post(&s, "resign", json!({})).unwrap_err();
    assert!(e.1.contains("Surrender"), "{}", e.1);
    s.stop();
}
