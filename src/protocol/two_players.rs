//! The two-player game as the UCI loop plays it ([`Front`] over the game the [`Session`]
//! keeps): `go` with every standard limit (clocks, `movestogo`, `depth`, `nodes`, `mate`,
//! `movetime`, `infinite`, `ponder`, `searchmoves`, and `go perft N`), `info` lines while it
//! searches and `bestmove` at the end.

use std::collections::VecDeque;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use super::Event;
use super::front::{Front, GoOptions, Went, report_error};
use super::session::Session;
use super::uci::clip;
use crate::core::game::Game;
use crate::fen::move_text;
use crate::search::{Clock, Limits, Report, Score, SearchResult};
use crate::variants::AnyGame;
use crate::with_game;

/// Largest perft depth `go perft` accepts (deeper would run for days on any variant).
const MAX_PERFT: u32 = 12;

/// The two-player front: the game itself lives in the session, which the XBoard front-end
/// shares.
pub struct TwoPlayers;

/// What `go` asked for, parsed from its tokens.
#[derive(Debug, Default)]
struct Go {
    limits: Limits,
    times: [Option<u64>; 2],
    increments: [Option<u64>; 2],
    moves_to_go: Option<u32>,
    search_moves: Vec<String>,
    ponder: bool,
    perft: Option<u32>,
}

impl Front for TwoPlayers {
    fn searching(&self, session: &Session) -> bool {
        session.searching()
    }

    fn stop_search(&self, session: &Session) {
        session.stop_search();
    }

    fn ponder_hit(&self, session: &Session) {
        session.ponder_hit();
    }

    fn reset(&mut self, session: &mut Session) {
        session.reset();
    }

    fn drawing(&self, session: &Session) -> String {
        session.drawing()
    }

    fn set_position(
        &mut self,
        session: &mut Session,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), String> {
        session.set_position(fen, moves)
    }

    fn go(
        &mut self,
        session: &mut Session,
        words: &[&str],
        _options: &GoOptions,
    ) -> Result<Went, String> {
        let go = parse_go(words)?;
        if let Some(depth) = go.perft {
            return Ok(Went::Answered(session.perft(depth)));
        }
        let mut limits = go.limits;
        let side = session.position().side() as usize;
        if let Some(t) = go.times.get(side).copied().flatten() {
            limits.clock = Some(Clock {
                remaining: Duration::from_millis(t),
                increment: Duration::from_millis(go.increments[side.min(1)].unwrap_or(0)),
                moves_to_go: go.moves_to_go,
            });
        }
        let root = if go.search_moves.is_empty() {
            None
        } else {
            let mut allowed = Vec::new();
            for text in &go.search_moves {
                match session.parse_move(text) {
                    Ok(mv) => allowed.push(mv),
                    Err(e) => report_error(session, &format!("searchmoves: {e} (move skipped)")),
                }
            }
            Some(allowed)
        };
        let out = session.out.clone();
        let game = session.shared_game();
        let report = Box::new(move |r: &Report| out.line(&info_line(r, &game)));
        let open_ended = limits.infinite || go.ponder;
        session.start_search(limits, root, go.ponder, report);
        Ok(Went::Searching { open_ended })
    }

    fn search_done(&mut self, session: &mut Session, event: Event) -> Option<Vec<String>> {
        let Event::SearchDone { token, result } = event else {
            return None;
        };
        let result = session.finish_search(token, result)?;
        Some(best_move_lines(session, &result))
    }

    fn stop_and_wait(
        &mut self,
        session: &mut Session,
        events: &Receiver<Event>,
        deferred: &mut VecDeque<Event>,
    ) -> Vec<String> {
        match session.stop_and_wait(events, deferred) {
            Some(result) => best_move_lines(session, &result),
            None => Vec::new(),
        }
    }

    /// The session rebuilt its game when the option was stored.
    fn option_changed(&mut self, _session: &Session, _option: &str) -> Result<Vec<String>, String> {
        Ok(Vec::new())
    }
}

/// The closing lines of a search: `bestmove` (with `ponder`), or `bestmove (none)` with the
/// score and result of a finished game.
fn best_move_lines(session: &mut Session, result: &SearchResult) -> Vec<String> {
    let mut lines = Vec::new();
    match result.best {
        Some(best) => {
            if let Some(record) = session.move_record(&best) {
                // Captures away from the destination are named for the GUI
                // (notation.md: `info string` lines may list them as x<square>).
                lines.push(format!("info string bestmove {record}"));
            }
            let mut line = format!("bestmove {}", session.move_text(&best));
            if let Some(p) = result.ponder {
                // The ponder move is named in the position after the best move.
                session.play(best);
                line.push_str(&format!(" ponder {}", session.move_text(&p)));
                session.take_back();
            }
            lines.push(line);
        }
        None => {
            // Lost for the side to move (checkmate, a flag reached, stalemate where it
            // loses): mate 0; otherwise a draw.
            let side = session.side();
            let lost = matches!(
                session.outcome(),
                Some(crate::core::outcome::Outcome::Win { winner, .. }) if winner != side
            );
            let score = if lost || session.in_check() {
                "mate 0"
            } else {
                "cp 0"
            };
            lines.push(format!("info depth 0 score {score}"));
            if let Some(result) = session.result_note() {
                lines.push(format!("info string result {result}"));
            }
            lines.push("bestmove (none)".to_string());
        }
    }
    lines
}

fn info_line(r: &Report, game: &AnyGame) -> String {
    let score = match r.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let ms = r.time.as_millis().max(1) as u64;
    let pv: Vec<String> =
        with_game!(game, g => r.pv.iter().map(|m| move_text(g.variant(), m)).collect());
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        r.depth,
        r.seldepth,
        r.line,
        score,
        r.nodes,
        r.nodes * 1000 / ms,
        r.time.as_millis(),
        r.hashfull,
        pv.join(" ")
    )
}

/// Parses the tokens after `go`. Numbers saturate (a GUI's `wtime 99999999999999` is just a
/// long time); negative times count as zero; unknown tokens are an error.
fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    let number = |i: usize| -> Result<i128, String> {
        let w = words
            .get(i + 1)
            .ok_or_else(|| format!("'{}' needs a number", words[i]))?;
        w.parse::<i128>()
            .map_err(|_| format!("'{}' is not a number after '{}'", clip(w), words[i]))
    };
    let clamp_u64 = |n: i128| n.clamp(0, u64::MAX as i128) as u64;
    while i < words.len() {
        let w = words[i];
        match w {
            "infinite" => go.limits.infinite = true,
            "ponder" => go.ponder = true,
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate"
            | "movetime" | "perft" => {
                let n = number(i)?;
                i += 1;
                match w {
                    "wtime" => go.times[0] = Some(clamp_u64(n)),
                    "btime" => go.times[1] = Some(clamp_u64(n)),
                    "winc" => go.increments[0] = Some(clamp_u64(n)),
                    "binc" => go.increments[1] = Some(clamp_u64(n)),
                    "movestogo" => go.moves_to_go = Some(n.clamp(1, 1000) as u32),
                    "depth" => go.limits.depth = Some(n.clamp(1, 100) as u32),
                    "nodes" => go.limits.nodes = Some(clamp_u64(n).max(1)),
                    "mate" => go.limits.mate = Some(n.clamp(1, 500) as u32),
                    "movetime" => go.limits.move_time = Some(Duration::from_millis(clamp_u64(n))),
                    _ => {
                        if !(1..=MAX_PERFT as i128).contains(&n) {
                            return Err(format!("perft depth must be 1 to {MAX_PERFT}"));
                        }
                        go.perft = Some(n as u32);
                    }
                }
            }
            "searchmoves" => {
                while let Some(m) = words.get(i + 1) {
                    if is_go_keyword(m) {
                        break;
                    }
                    go.search_moves.push(m.to_string());
                    i += 1;
                }
            }
            other => return Err(format!("unknown parameter '{}'", clip(other))),
        }
        i += 1;
    }
    Ok(go)
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "infinite"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "perft"
            | "searchmoves"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parsing_saturates_and_rejects_garbage() {
        let go = parse_go(&[
            "wtime",
            "-5",
            "btime",
            "99999999999999999999",
            "movestogo",
            "0",
        ])
        .unwrap();
        assert_eq!(go.times, [Some(0), Some(u64::MAX)]);
        assert_eq!(go.moves_to_go, Some(1));
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["depth", "x"]).is_err());
        assert!(parse_go(&["frobnicate"]).is_err());
        assert!(parse_go(&["perft", "300"]).is_err());
        let go = parse_go(&["searchmoves", "e2e4", "d2d4", "depth", "3"]).unwrap();
        assert_eq!(go.search_moves, ["e2e4", "d2d4"]);
        assert_eq!(go.limits.depth, Some(3));
    }
}
