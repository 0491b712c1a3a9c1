//! Plays one game between two adapters with the rules core as referee. The core decides every
//! ending by our rules: mate, stalemate, the move-count rule, repetition, bare kings. An engine
//! loses for an illegal move, for running out of time (think time is measured from sending the
//! `go`/move to the reply's arrival), for crashing, and by resigning.
//!
//! Rule differences between engines are not scored as wins or losses: a game where an engine
//! refuses a move that our rules allow (`Illegal move`), or plays a move that our rules forbid
//! only by a rule engines commonly differ in (castling: its conditions and distances; the
//! promotion choices; en passant), or plays a move that is legal only in the position before an
//! earlier castling (a UCI engine drops the moves from a castling its rules lack and answers from
//! there), is a *rules dispute*; any other move our rules forbid (a man moving as it cannot, a
//! royal left in check) loses as an illegal move. A game where an engine announces a result
//! that our rules do not give (it believes the game is over and would otherwise lose on time
//! waiting) is a *claim dispute*. Both are recorded with result `*` and left out of the score.
//! Claims are judged in this order:
//! 1. a claim of one's own loss is a resignation;
//! 2. a draw claim stands when some legal move would draw at once by repetition or the
//!    move-count rule (the player announcing the drawing move, as over the board);
//! 3. any other claim (and a UCI `bestmove (none)`) made when every legal move lets the
//!    opponent win at once is a false claim in a lost position, scored as a loss — Fairy-Max
//!    announces `1/2-1/2 {Stalemate}` or `0-1 {Black mates}` instead of moving when it sees an
//!    unavoidable mate, and excluding those games would hide real losses (XBoard scores every
//!    false claim as a loss);
//! 4. otherwise a claim dispute, excluded: the engine's rules may differ from ours.

use std::time::Duration;

use super::adapter::{Adapter, Claimed, Clocks, GameSetup, Reply, Thinking};
use super::codec::Codec;
use super::config::TimeControl;
use super::engine::EngineError;
use super::openings::Opening;
use crate::core::game::Game;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::outcome::{Outcome, Reason};
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::fen::{move_text, parse_move, parse_position};
use crate::geometry::Sq;

/// One side's engine for this game.
pub struct Seat<'a> {
    pub adapter: &'a mut dyn Adapter,
    pub codec: &'a Codec,
    pub setup: &'a GameSetup,
}

/// The referee's settings.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub tc: TimeControl,
    pub grace: Duration,
    pub max_plies: Option<usize>,
}

/// The score of a game, by colour; `Excluded` games do not count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Excluded,
}

impl GameResult {
    pub fn text(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Excluded => "*",
        }
    }

    fn win_for(side: u8) -> GameResult {
        if side == 0 {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        }
    }
}

/// How a game ended; `side` is the colour (0 = White) the event is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Ended by our rules.
    Rules(Reason),
    /// Draw adjudicated at the ply limit.
    MaxPlies,
    /// `side` claimed a draw that the next move could produce.
    DrawClaim {
        side: u8,
    },
    Resign {
        side: u8,
    },
    IllegalMove {
        side: u8,
    },
    /// `side` ran out of time (a draw if the other side has only its king).
    TimeForfeit {
        side: u8,
    },
    /// `side`'s engine died, or did not get ready.
    Crash {
        side: u8,
    },
    /// `side`'s engine refused a move our rules allow, or played one that only a rule engines
    /// differ in forbids (see `rule_difference`). Excluded.
    RulesDispute {
        side: u8,
    },
    /// `side`'s engine announced a result our rules do not give. Excluded.
    ClaimDispute {
        side: u8,
    },
    /// `side` announced a result instead of moving while every move loses at once.
    FalseClaim {
        side: u8,
    },
}

impl Termination {
    /// The PGN `Termination` tag value.
    pub fn pgn_tag(&self) -> &'static str {
        match self {
            Termination::Rules(_) | Termination::DrawClaim { .. } | Termination::Resign { .. } => {
                "normal"
            }
            Termination::MaxPlies => "adjudication",
            Termination::IllegalMove { .. } | Termination::FalseClaim { .. } => "rules infraction",
            Termination::TimeForfeit { .. } => "time forfeit",
            Termination::Crash { .. } => "abandoned",
            Termination::RulesDispute { .. } | Termination::ClaimDispute { .. } => "unterminated",
        }
    }
}

/// A finished game, from the referee's side.
#[derive(Clone, Debug)]
pub struct Played {
    /// The set-up position the game started from (our notation); `None`: the variant's start.
    pub start: Option<String>,
    /// Every move from the start position, in our notation (opening included).
    pub moves: Vec<String>,
    pub result: GameResult,
    pub termination: Termination,
    /// Human text for the game line and PGN comment.
    pub reason: String,
    /// The least time each colour had left after one of its moves (before the increment).
    pub closest: [Option<Duration>; 2],
    /// Moves each colour answered after its clock ran out but within the grace.
    pub overruns: [u32; 2],
    /// Each colour's thinking time summed over its timed moves, and how many those were (the
    /// average time per move of the match summary).
    pub thinking: [Duration; 2],
    pub timed_moves: [u32; 2],
}

/// A game in progress as people watching it see it (`menagerie match --watch`): after the
/// opening, after every move, and at the end.
#[derive(Clone, Debug)]
pub struct Live<'a> {
    /// The set-up start position (our notation), if the game did not start from the variant's.
    pub start: Option<&'a str>,
    /// Every move so far, in our notation.
    pub moves: &'a [String],
    /// Each colour's clock.
    pub left: [Duration; 2],
    /// The colour that just moved and what its engine said about its search (the line in our
    /// notation).
    pub thinking: Option<(u8, Thinking)>,
    /// The result and the reason, once the game is over.
    pub ended: Option<(&'a str, &'a str)>,
}

fn colour(side: u8) -> &'static str {
    if side == 0 { "White" } else { "Black" }
}

/// A game left out of the score because `side`'s engine follows other rules (`why`, after the
/// colour's name).
fn rules_dispute(side: u8, why: String) -> (GameResult, Termination, String) {
    (
        GameResult::Excluded,
        Termination::RulesDispute { side },
        format!("rules dispute: {} {why}", colour(side)),
    )
}

/// Plays from the opening's start (the variant's start position or a set-up one) through its
/// moves (our notation, already checked), then lets the engines move until the game ends.
/// `seats[0]` plays White.
pub fn play_game<G: Game>(
    game: &G,
    seats: [Seat<'_>; 2],
    opening: &Opening,
    rules: &Rules,
) -> Played {
    play_game_watched(game, seats, opening, rules, &mut |_| {})
}

/// [`play_game`], telling `watch` about the game as it goes.
pub fn play_game_watched<G: Game>(
    game: &G,
    seats: [Seat<'_>; 2],
    opening: &Opening,
    rules: &Rules,
    watch: &mut dyn FnMut(&Live<'_>),
) -> Played {
    let mut seats = seats;
    let v = game.variant();
    let start = opening.start_text(&v.spec.start);
    let mut pos = parse_position(game, start).expect("openings are checked when read");
    let mut moves = Vec::new();
    let mut sent: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut closest = [None, None];
    let mut overruns = [0u32; 2];
    let mut thinking = [Duration::ZERO; 2];
    let mut timed_moves = [0u32; 2];
    let mut list = MoveList::new();

    let ending = 'game: {
        if let Err(ending) = new_game_for_both(&mut seats, opening) {
            break 'game ending;
        }
        for text in &opening.moves {
            let mv = parse_move(game, &mut pos, text).expect("openings are checked when read");
            note_move(v, &seats, &mut sent, &mut moves, mv);
            game.make(&mut pos, mv);
        }
        let mut left = [rules.tc.base; 2];
        watch(&Live {
            start: opening.start.as_deref(),
            moves: &moves,
            left,
            thinking: None,
            ended: None,
        });
        loop {
            game.legal_moves(&mut pos, &mut list);
            if let Some(outcome) = game.outcome(&pos, list.len()) {
                break 'game by_rules(outcome);
            }
            if rules.max_plies.is_some_and(|m| moves.len() >= m) {
                break 'game (
                    GameResult::Draw,
                    Termination::MaxPlies,
                    format!("draw by adjudication after {} plies", moves.len()),
                );
            }
            let side = pos.side();
            let s = side as usize;
            let clocks = Clocks {
                left,
                increment: rules.tc.increment,
                side,
                grace: rules.grace,
            };
            let opponent_bare = pos.occupied(1 - side).len() == 1;
            let reply = seats[s].adapter.think(&sent[s], &clocks);
            let (text, elapsed) = match answered_move(game, &mut pos, side, reply, &moves) {
                Ok(answer) => answer,
                Err(NotAMove::Timeout) => {
                    break 'game time_forfeit(side, None, left[s], opponent_bare);
                }
                Err(NotAMove::Ends(ending)) => break 'game ending,
            };
            log::debug!(
                "ply {}: {} answered '{text}' after {:.1} ms with {:.1} ms on its clock",
                moves.len() + 1,
                colour(side),
                elapsed.as_secs_f64() * 1e3,
                left[s].as_secs_f64() * 1e3
            );
            if elapsed > left[s] + rules.grace {
                break 'game time_forfeit(side, Some(elapsed), left[s], opponent_bare);
            }
            if elapsed > left[s] {
                overruns[s] += 1;
                log::warn!(
                    "game move {}: {} overran its clock by {:.3} s (within the grace)",
                    moves.len() + 1,
                    colour(side),
                    (elapsed - left[s]).as_secs_f64()
                );
            }
            left[s] = left[s].saturating_sub(elapsed);
            thinking[s] += elapsed;
            timed_moves[s] += 1;
            closest[s] = Some(closest[s].map_or(left[s], |c: Duration| c.min(left[s])));
            left[s] += rules.tc.increment;
            let ours = seats[s].codec.decode(&text);
            let parsed = parse_move(game, &mut pos, &ours);
            let mv = match parsed.or_else(|e| castling_alias(game, &mut pos, &ours).ok_or(e)) {
                Ok(mv) => mv,
                Err(e) => {
                    let refused = Refused {
                        start,
                        moves: &moves,
                        side,
                        text: &text,
                        ours: &ours,
                    };
                    break 'game refused_move(game, &mut pos, &refused, &e.to_string());
                }
            };
            note_move(v, &seats, &mut sent, &mut moves, mv);
            game.make(&mut pos, mv);
            let thinking = seats[s]
                .adapter
                .thinking()
                .and_then(Thinking::parse)
                .map(|mut t| {
                    t.pv = t.pv.iter().map(|m| seats[s].codec.decode(m)).collect();
                    (side, t)
                });
            watch(&Live {
                start: opening.start.as_deref(),
                moves: &moves,
                left,
                thinking,
                ended: None,
            });
        }
    };
    let (result, termination, reason) = ending;
    for seat in seats.iter_mut() {
        seat.adapter.game_over(result.text(), &reason);
    }
    watch(&Live {
        start: opening.start.as_deref(),
        moves: &moves,
        left: [Duration::ZERO; 2],
        thinking: None,
        ended: Some((result.text(), &reason)),
    });
    Played {
        start: opening.start.clone(),
        moves,
        result,
        termination,
        reason,
        closest,
        overruns,
        thinking,
        timed_moves,
    }
}

type Ending = (GameResult, Termination, String);

/// Tells both engines a game begins (from the opening's set-up position, if any, in each
/// engine's notation); an engine that is not ready loses the game as a crash.
fn new_game_for_both(seats: &mut [Seat<'_>; 2], opening: &Opening) -> Result<(), Ending> {
    for side in 0..2u8 {
        let seat = &mut seats[side as usize];
        let their_start = opening
            .start
            .as_deref()
            .map(|s| seat.codec.encode_position(s));
        if let Err(e) = seat.adapter.new_game(seat.setup, their_start.as_deref()) {
            return Err(crash(side, &format!("not ready for a new game: {e}")));
        }
    }
    Ok(())
}

/// Records a move before it is made: in each engine's notation for what it is sent, and in
/// ours for the game's move list.
fn note_move(
    v: &Variant,
    seats: &[Seat<'_>; 2],
    sent: &mut [Vec<String>; 2],
    moves: &mut Vec<String>,
    mv: Move,
) {
    for (t, seat) in seats.iter().enumerate() {
        sent[t].push(seat.codec.encode(v, &mv));
    }
    moves.push(move_text(v, &mv));
}

/// An engine's answer that is not a move to play.
enum NotAMove {
    /// No answer in time (the clock decides what that means).
    Timeout,
    /// The answer ends the game: a crash, a resignation, a claim, a refusal.
    Ends(Ending),
}

/// The move text and thinking time of an engine's answer, or what else the answer means.
fn answered_move<G: Game>(
    game: &G,
    pos: &mut Position,
    side: u8,
    reply: Result<Reply, EngineError>,
    moves: &[String],
) -> Result<(String, Duration), NotAMove> {
    let ending = match reply {
        Ok(Reply::Move { text, elapsed }) => return Ok((text, elapsed)),
        Err(EngineError::Timeout) => return Err(NotAMove::Timeout),
        Err(e) => crash(side, &e.to_string()),
        Ok(Reply::Resign) => (
            GameResult::win_for(1 - side),
            Termination::Resign { side },
            format!("{} resigns", colour(side)),
        ),
        Ok(Reply::Claim { result, line }) => judge_claim(game, pos, side, Some(result), &line),
        Ok(Reply::Rejected { line }) => {
            let last = moves.last().map_or("-", String::as_str);
            rules_dispute(
                side,
                format!("refused a move legal by our rules (last move {last}): {line}"),
            )
        }
        Ok(Reply::NoMove { line }) => judge_claim(game, pos, side, None, &line),
    };
    Err(NotAMove::Ends(ending))
}

/// A move our rules refused, with what the referee needs to say why.
struct Refused<'a> {
    /// The game's start position string.
    start: &'a str,
    /// The moves so far, in our notation.
    moves: &'a [String],
    side: u8,
    /// The move as the engine wrote it, and in our notation.
    text: &'a str,
    ours: &'a str,
}

/// How a refused move ends the game: a rules dispute where the engine's rules differ from
/// ours (a rule of its own, or castling it cannot follow), else an illegal move.
fn refused_move<G: Game>(game: &G, pos: &mut Position, r: &Refused<'_>, error: &str) -> Ending {
    let (side, text) = (r.side, r.text);
    let dispute = rule_difference(game, pos, r.ours)
        .map(|rule| format!("played '{text}', which our {rule} rules do not allow"))
        .or_else(|| {
            unfollowed_castling(game, r.start, r.moves, side, r.ours).map(|castling| {
                format!(
                    "played '{text}', legal only before the castling '{castling}', which its castling rules do not allow"
                )
            })
        });
    match dispute {
        Some(why) => rules_dispute(side, why),
        None => (
            GameResult::win_for(1 - side),
            Termination::IllegalMove { side },
            format!("{} plays an illegal move '{text}' ({error})", colour(side)),
        ),
    }
}

fn by_rules(outcome: Outcome) -> Ending {
    let result = match outcome {
        Outcome::Win { winner, .. } => GameResult::win_for(winner),
        Outcome::Draw { .. } => GameResult::Draw,
    };
    let text = outcome.to_string();
    let reason = text
        .split_once('{')
        .map_or(text.as_str(), |(_, r)| r.trim_end_matches('}'))
        .to_string();
    (result, Termination::Rules(outcome.reason()), reason)
}

fn crash(side: u8, why: &str) -> Ending {
    (
        GameResult::win_for(1 - side),
        Termination::Crash { side },
        format!("{}'s engine failed: {why}", colour(side)),
    )
}

fn time_forfeit(side: u8, used: Option<Duration>, had: Duration, opponent_bare: bool) -> Ending {
    let used = match used {
        Some(u) => format!("{:.3} s", u.as_secs_f64()),
        None => "no answer".to_string(),
    };
    let what = format!(
        "{} loses on time ({used} with {:.3} s left)",
        colour(side),
        had.as_secs_f64()
    );
    if opponent_bare {
        (
            GameResult::Draw,
            Termination::TimeForfeit { side },
            format!("{what}; {} has only its king: draw", colour(1 - side)),
        )
    } else {
        (
            GameResult::win_for(1 - side),
            Termination::TimeForfeit { side },
            what,
        )
    }
}

/// A result announced by `side` instead of a move (`None`: "no move"), in a position our rules
/// say is not over. See the module comment for the order of the rules.
fn judge_claim<G: Game>(
    game: &G,
    pos: &mut crate::core::position::Position,
    side: u8,
    claimed: Option<Claimed>,
    line: &str,
) -> Ending {
    let own_loss = matches!(
        (side, claimed),
        (0, Some(Claimed::BlackWins)) | (1, Some(Claimed::WhiteWins))
    );
    if own_loss {
        return (
            GameResult::win_for(1 - side),
            Termination::Resign { side },
            format!("{} resigns ({line})", colour(side)),
        );
    }
    if claimed == Some(Claimed::Draw) && drawing_move_exists(game, pos) {
        return (
            GameResult::Draw,
            Termination::DrawClaim { side },
            format!("draw claimed by {} ({line})", colour(side)),
        );
    }
    if lost_at_once(game, pos) {
        return (
            GameResult::win_for(1 - side),
            Termination::FalseClaim { side },
            format!(
                "{} announced '{line}' instead of moving, but every move loses at once",
                colour(side)
            ),
        );
    }
    (
        GameResult::Excluded,
        Termination::ClaimDispute { side },
        format!(
            "claim dispute: {} announced '{line}' but the game is not over by our rules",
            colour(side)
        ),
    )
}

/// True when the side to move has legal moves and each of them lets the opponent end the game
/// with a win at once (a mate, or a stalemate that wins, by our rules).
pub fn lost_at_once<G: Game>(game: &G, pos: &mut crate::core::position::Position) -> bool {
    let mover = pos.side();
    let mut list = MoveList::new();
    let mut replies = MoveList::new();
    let mut answers = MoveList::new();
    game.legal_moves(pos, &mut list);
    !list.is_empty()
        && list.iter().all(|&mv| {
            game.make(pos, mv);
            game.legal_moves(pos, &mut replies);
            let lost = game.outcome(pos, replies.len()).is_none()
                && replies.iter().any(|&reply| {
                    game.make(pos, reply);
                    game.legal_moves(pos, &mut answers);
                    let won = matches!(
                        game.outcome(pos, answers.len()),
                        Some(Outcome::Win { winner, .. }) if winner != mover
                    );
                    game.unmake(pos);
                    won
                });
            game.unmake(pos);
            lost
        })
}

/// `O-O` / `O-O-O` (or with zeros), which XBoard accepts from engines (Sjaak II sends them in
/// chess): the one legal castling toward the higher files / lower files. `None` when there is
/// not exactly one (in Wildebeest the king can castle by 1 to 4 squares, so it is ambiguous).
fn castling_alias<G: Game>(
    game: &G,
    pos: &mut crate::core::position::Position,
    text: &str,
) -> Option<Move> {
    let long = match text.replace('0', "O").as_str() {
        "O-O" => false,
        "O-O-O" => true,
        _ => return None,
    };
    let geometry = game.variant().geometry();
    let mut list = MoveList::new();
    game.legal_moves(pos, &mut list);
    let mut candidates = list.iter().filter(|m| {
        m.kind == MoveKind::Castle && (geometry.file_of(m.to) < geometry.file_of(m.from)) == long
    });
    match (candidates.next(), candidates.next()) {
        (Some(&mv), None) => Some(mv),
        _ => None,
    }
}

/// The castling (in our notation) after which `side`'s engine stopped following the game, if
/// its move `text`, illegal now, is legal in the position before one of the opponent's
/// castlings among the `moves` (our notation) played from `start`. Such a move moves the
/// opponent's men, which no engine does by mistake: a UCI engine whose castling rules lack a
/// castling (Fairy-Stockfish's Wildebeest castles two cells only) silently drops the rest of
/// the `position` command's moves and answers for the side that castled. Scoring that as an
/// illegal move would hand the game to the side that castled.
fn unfollowed_castling<G: Game>(
    game: &G,
    start: &str,
    moves: &[String],
    side: u8,
    text: &str,
) -> Option<String> {
    let mut pos = parse_position(game, start).ok()?;
    for played in moves {
        let mv = parse_move(game, &mut pos, played).ok()?;
        if mv.kind == MoveKind::Castle
            && pos.side() != side
            && parse_move(game, &mut pos.clone(), text).is_ok()
        {
            return Some(played.clone());
        }
        game.make(&mut pos, mv);
    }
    None
}

/// The rule under which a move our rules refuse may still be legal for the engine that played
/// it: castling (a royal that may still castle moving two or more cells along its rank or onto
/// its own man, `O-O`, the two-leg form), a pawn's promotion choice (the same cells make a
/// legal move with another choice), or en passant (a pawn moving sideways onto an empty cell).
/// `None` when the move breaks rules all engines share.
fn rule_difference<G: Game>(
    game: &G,
    pos: &mut crate::core::position::Position,
    text: &str,
) -> Option<&'static str> {
    let v = game.variant();
    let side = pos.side();
    if matches!(text.replace('0', "O").as_str(), "O-O" | "O-O-O") || text.contains(',') {
        return Some("castling");
    }
    let (from, to) = move_cells(v, text)?;
    let piece = pos.at(from);
    if piece.is_empty() || piece.owner() != side {
        return None;
    }
    let g = v.geometry();
    if piece.is_royal() && pos.castling() & (0b11 << (2 * side)) != 0 && g.axes() == 2 {
        let target = pos.at(to);
        let onto_own = !target.is_empty() && target.owner() == side;
        let along_rank = g.rank_of(from) == g.rank_of(to);
        if along_rank && (onto_own || g.file_of(from).abs_diff(g.file_of(to)) >= 2) {
            return Some("castling");
        }
    }
    if piece.is_pawn() {
        let mut legal = MoveList::new();
        game.legal_moves(pos, &mut legal);
        if legal.iter().any(|m| m.from == from && m.to == to) {
            return Some("promotion");
        }
        if v.spec.en_passant
            && pos.at(to).is_empty()
            && g.axes() == 2
            && g.file_of(from) != g.file_of(to)
        {
            return Some("en passant");
        }
    }
    None
}

/// The from and to cells named by a move text `<from><to>[promotion]`.
fn move_cells(v: &crate::core::variant::Variant, text: &str) -> Option<(Sq, Sq)> {
    let text = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    (1..text.len()).find_map(|i| {
        let (a, b) = (text.get(..i)?, text.get(i..)?);
        Some((v.parse_square(a)?, v.parse_square(b)?))
    })
}

/// True when some legal move ends the game at once in a draw by repetition or move count.
fn drawing_move_exists<G: Game>(game: &G, pos: &mut crate::core::position::Position) -> bool {
    let mut list = MoveList::new();
    let mut replies = MoveList::new();
    game.legal_moves(pos, &mut list);
    list.iter().any(|&mv| {
        game.make(pos, mv);
        game.legal_moves(pos, &mut replies);
        let drawn = matches!(
            game.outcome(pos, replies.len()),
            Some(Outcome::Draw {
                reason: Reason::Repetition | Reason::MoveLimit
            })
        );
        game.unmake(pos);
        drawn
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{self, AnyGame};

    fn chess() -> crate::variants::western::Western {
        match variants::game("chess").unwrap() {
            AnyGame::Western(w) => w,
            _ => panic!("not a Western game"),
        }
    }

    #[test]
    fn lost_at_once_sees_unavoidable_mates_only() {
        let g = chess();
        // White: Ka1, Ph2; Black: Kc2, Rh8. Every White move allows Ra8 mate.
        let mut pos = parse_position(&g, "7r/8/8/8/8/8/2k4P/K7 w - - 0 1").unwrap();
        assert!(lost_at_once(&g, &mut pos));
        // Without the rook nothing is lost.
        let mut pos = parse_position(&g, "8/8/8/8/8/8/2k4P/K7 w - - 0 1").unwrap();
        assert!(!lost_at_once(&g, &mut pos));
        // With a free rook move White can block or escape.
        let mut pos = parse_position(&g, "7r/8/8/8/8/8/2k4P/K5R1 w - - 0 1").unwrap();
        assert!(!lost_at_once(&g, &mut pos));
    }

    #[test]
    fn a_move_legal_only_before_an_earlier_castling_names_that_castling() {
        let g = chess();
        let start = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let mut pos = parse_position(&g, start).unwrap();
        let castle = parse_move(&g, &mut pos, "e1g1").unwrap();
        assert_eq!(castle.kind, MoveKind::Castle);
        let castled = ["e1g1".to_string()];
        // Black's engine did not follow White's castling and answers for White from before it.
        assert_eq!(
            unfollowed_castling(&g, start, &castled, 1, "e1d1").as_deref(),
            Some("e1g1")
        );
        // White's engine played the castling itself: a king move from before it is its error.
        assert_eq!(unfollowed_castling(&g, start, &castled, 0, "e1d1"), None);
        // A move illegal before the castling too stays an illegal move.
        assert_eq!(unfollowed_castling(&g, start, &castled, 1, "e1e3"), None);
        // Without a castling in the game there is nothing to point at.
        let stepped = ["e1f1".to_string()];
        assert_eq!(unfollowed_castling(&g, start, &stepped, 1, "e1d1"), None);
    }

    #[test]
    fn claims_are_judged_in_order() {
        let g = chess();
        let mut pos = parse_position(&g, "7r/8/8/8/8/8/2k4P/K7 w - - 0 1").unwrap();
        let (r, t, _) = judge_claim(&g, &mut pos, 0, Some(Claimed::Draw), "1/2-1/2 {Stalemate}");
        assert_eq!(
            (r, t),
            (GameResult::BlackWins, Termination::FalseClaim { side: 0 })
        );
        let (r, t, _) = judge_claim(&g, &mut pos, 0, Some(Claimed::BlackWins), "0-1 {x}");
        assert_eq!(
            (r, t),
            (GameResult::BlackWins, Termination::Resign { side: 0 })
        );
        let mut start = parse_position(&g, &g.variant().spec.start).unwrap();
        let (r, t, _) = judge_claim(&g, &mut start, 0, Some(Claimed::WhiteWins), "1-0 {x}");
        assert_eq!(
            (r, t),
            (GameResult::Excluded, Termination::ClaimDispute { side: 0 })
        );
        let (r, _, _) = judge_claim(&g, &mut start, 0, None, "bestmove (none)");
        assert_eq!(r, GameResult::Excluded);
    }
}
