//! Records of N-player hands (Party Chess) in a PGN4-like text, written by `menagerie match`
//! and read back by `menagerie replay`.
//!
//! ```text
//! [Event "menagerie match"]
//! [Date "2026.11.25"]
//! [Round "1"]
//! [Variant "party"]
//! [VariantOptions "PartyPlayers=3"]
//! [Players "3"]
//! [PlayerA "Menagerie"]
//! [PlayerB "Greedy"]
//! [PlayerC "Random"]
//! [TimeControl "5+0.05"]
//! [StartPosition "20/20/... abc a:KRCBDG:3:0:-/b:KRCBDG:3:0:-/c:KRCBDG:3:0:- 0 1"]
//! [Result "a wins (knives) a:2 b:0 c:0"]
//! [Termination "knives"]
//! [Turns "57"]
//!
//! 1. a K@j10 {opening}
//! 2. b R@c3
//! 3. c pass {time out: default play}
//! ...
//! {a wins (knives)}
//! ```
//!
//! One turn per line: its number, the letter of the player who made it (the play list decides,
//! so it is not a fixed rotation) and the play; a comment in braces may follow. Hands are
//! separated by a blank line. The result tag names the winner (or `draw`), the reason, and
//! every player's knives; an unfinished hand (adjudicated, or stopped) has `*`.

use crate::core::multi::{MultiNotation, play_text, player_letter};

/// One turn of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordTurn {
    /// The player who made it (0 = `a`).
    pub player: usize,
    pub play: String,
    pub comment: Option<String>,
}

/// One hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandRecord {
    /// Tags in order (`StartPosition`, `Result`, ... included).
    pub tags: Vec<(String, String)>,
    pub turns: Vec<RecordTurn>,
    /// The closing comment (the result in words).
    pub closing: Option<String>,
}

impl HandRecord {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The record as text, ending with a blank line.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        out.push('\n');
        for (i, t) in self.turns.iter().enumerate() {
            out.push_str(&format!(
                "{}. {} {}",
                i + 1,
                player_letter(t.player),
                t.play
            ));
            if let Some(c) = &t.comment {
                out.push_str(&format!(" {{{}}}", brace_free(c)));
            }
            out.push('\n');
        }
        if let Some(c) = &self.closing {
            out.push_str(&format!("{{{}}}\n", brace_free(c)));
        }
        out.push('\n');
        out
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn brace_free(s: &str) -> String {
    s.replace('{', "(").replace('}', ")")
}

/// Reads every hand of a record file. Errors name the line.
pub fn read_records(text: &str) -> Result<Vec<HandRecord>, String> {
    let mut hands = Vec::new();
    let mut current = HandRecord::default();
    let mut in_turns = false;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = |msg: String| format!("line {}: {msg}", n + 1);
        if line.is_empty() {
            continue;
        }
        if line.starts_with('[') {
            if in_turns {
                hands.push(std::mem::take(&mut current));
                in_turns = false;
            }
            let (k, v) = read_tag(line).map_err(at)?;
            current.tags.push((k, v));
            continue;
        }
        in_turns = true;
        if let Some(c) = line.strip_prefix('{') {
            let c = c
                .strip_suffix('}')
                .ok_or_else(|| at("unclosed comment".into()))?;
            current.closing = Some(c.to_string());
            continue;
        }
        let (head, comment) = match line.split_once('{') {
            Some((h, c)) => (
                h.trim(),
                Some(
                    c.strip_suffix('}')
                        .ok_or_else(|| at("unclosed comment".into()))?
                        .to_string(),
                ),
            ),
            None => (line, None),
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let [number, letter, play] = words.as_slice() else {
            return Err(at(format!(
                "expected '<number>. <player> <play>', got '{line}'"
            )));
        };
        let expected = format!("{}.", current.turns.len() + 1);
        if *number != expected {
            return Err(at(format!("turn number '{number}', expected '{expected}'")));
        }
        let player = match letter.as_bytes() {
            [c @ b'a'..=b'h'] => (c - b'a') as usize,
            _ => return Err(at(format!("'{letter}' is not a player letter a..h"))),
        };
        current.turns.push(RecordTurn {
            player,
            play: play.to_string(),
            comment,
        });
    }
    if !current.tags.is_empty() || !current.turns.is_empty() {
        hands.push(current);
    }
    Ok(hands)
}

fn read_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("bad tag line '{line}'"))?;
    let (name, rest) = inner
        .split_once(' ')
        .ok_or_else(|| format!("bad tag line '{line}'"))?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("tag {name}: the value needs quotes"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.extend(chars.next());
        } else {
            value.push(c);
        }
    }
    Ok((name.to_string(), value))
}

/// What a replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub turns: usize,
    /// The final position string.
    pub position: String,
    /// The result in the record's form (`a wins (knives) a:2 b:0`), `*` if unfinished.
    pub result: String,
}

/// The result tag's text for a finished or unfinished hand.
pub fn result_text(outcome: Option<&crate::core::multi::MultiOutcome>) -> String {
    match outcome {
        Some(o) => format!(
            "{} {}",
            crate::protocol::multi::outcome_text(o),
            crate::protocol::multi::knives_text(&o.knives)
        ),
        None => "*".to_string(),
    }
}

/// Replays a hand with the rules: every play must be legal and made by the player the record
/// names, and the result must be the one the rules give. `pos` is the start position.
pub fn replay<G: MultiNotation>(
    game: &G,
    mut pos: G::Pos,
    record: &HandRecord,
) -> Result<Replayed, String> {
    for (i, turn) in record.turns.iter().enumerate() {
        let at = |msg: String| format!("turn {}: {msg}", i + 1);
        if game.outcome(&pos).is_some() {
            return Err(at("the hand was already over".into()));
        }
        let mover = game.to_move(&pos);
        if mover != turn.player {
            return Err(at(format!(
                "the record says {} plays, the play list says {}",
                player_letter(turn.player),
                player_letter(mover)
            )));
        }
        let atoms = game
            .read_play(&mut pos, &turn.play)
            .map_err(|e| at(format!("'{}': {e}", turn.play)))?;
        let canonical = play_text(game, &mut pos, &atoms);
        if canonical != turn.play {
            log::debug!("turn {}: '{}' is written '{canonical}'", i + 1, turn.play);
        }
        for a in atoms {
            game.make_atom(&mut pos, a);
        }
    }
    let result = result_text(game.outcome(&pos).as_ref());
    if let Some(tag) = record.tag("Result")
        && tag != result
    {
        return Err(format!(
            "the record's result is '{tag}', the rules give '{result}'"
        ));
    }
    Ok(Replayed {
        turns: record.turns.len(),
        position: game.write_position(&pos),
        result,
    })
}

/// `menagerie replay FILE`: replays every hand of a record file with the rules of its
/// `Variant` and `VariantOptions` tags from its `StartPosition`, one line per hand (with
/// `show`, the final position drawn under it). The flag is false when a hand did not replay
/// as recorded (an illegal play, a wrong player, a different result).
pub fn replay_text(text: &str, show: bool) -> Result<(String, bool), String> {
    let hands = read_records(text)?;
    if hands.is_empty() {
        return Err("no hand in the record file".into());
    }
    let mut out = String::new();
    let mut all_ok = true;
    for (i, hand) in hands.iter().enumerate() {
        let label = format!("hand {}", hand.tag("Round").unwrap_or(&(i + 1).to_string()));
        match replay_hand(hand, show) {
            Ok((r, drawing)) => {
                out.push_str(&format!(
                    "{label}: {} turns replayed, {} (as recorded)\n",
                    r.turns, r.result
                ));
                out.push_str(&drawing);
            }
            Err(e) => {
                all_ok = false;
                out.push_str(&format!("{label}: {e}\n"));
            }
        }
    }
    Ok((out, all_ok))
}

/// Replays one hand under the rules its tags name; the drawing of its end when `show`.
fn replay_hand(hand: &HandRecord, show: bool) -> Result<(Replayed, String), String> {
    let variant = hand.tag("Variant").ok_or("no Variant tag")?;
    let mut options = crate::variants::OptionValues::default();
    for item in hand.tag("VariantOptions").unwrap_or("").split_whitespace() {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| format!("VariantOptions: '{item}' is not NAME=VALUE"))?;
        options.set(k, v)?;
    }
    let any = crate::variants::multi_game_with(variant, &options).map_err(|e| e.to_string())?;
    crate::with_multi_game!(&any, g => {
        let start = match hand.tag("StartPosition") {
            Some(text) => g
                .read_position(text)
                .map_err(|e| format!("StartPosition: {e}"))?,
            None => g.start_position(),
        };
        let r = replay(g, start, hand)?;
        let drawing = if show {
            let end = g.read_position(&r.position).map_err(|e| e.to_string())?;
            g.draw(&end)
        } else {
            String::new()
        };
        Ok((r, drawing))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::multi::MultiGame;
    use crate::search::multi::toy::Ring;

    fn sample() -> HandRecord {
        HandRecord {
            tags: vec![
                ("Event".into(), "test \"quoted\"".into()),
                ("Variant".into(), "ring".into()),
                ("Result".into(), "a wins (knives) a:1 b:0 c:0".into()),
            ],
            turns: vec![RecordTurn {
                player: 0,
                play: "0-2".into(),
                comment: Some("a {brace}".into()),
            }],
            closing: Some("a wins (knives)".into()),
        }
    }

    #[test]
    fn records_round_trip() {
        let r = sample();
        let text = r.write();
        assert!(text.contains("1. a 0-2 {a (brace)}\n"), "{text}");
        let back = read_records(&(text.clone() + &text)).unwrap();
        assert_eq!(back.len(), 2);
        let mut expected = r;
        expected.turns[0].comment = Some("a (brace)".into());
        assert_eq!(back[0], expected);
        assert!(read_records("[Event \"x\"]\n\n2. a pass\n").is_err());
        assert!(read_records("[Event x]\n").is_err());
        assert!(read_records("1. z pass\n").is_err());
    }

    #[test]
    fn replay_checks_players_plays_and_result() {
        let game = Ring { players: 3 };
        let start = "Ma/-/Kb/-/-/Mc/-/Kc/-/-/-/-/Ka/-/-/- abc 0,0,0 0";
        let pos = game.read_position(start).unwrap();
        let r = sample();
        let done = replay(&game, pos.clone(), &r).unwrap();
        assert_eq!(done.result, "a wins (knives) a:1 b:0 c:0");
        assert_eq!(done.turns, 1);
        let mut wrong = r.clone();
        wrong.turns[0].player = 1;
        assert!(replay(&game, pos.clone(), &wrong).is_err());
        let mut wrong = r.clone();
        wrong.turns[0].play = "0-1".into();
        wrong.set_tag("Result", "draw (turn-cap) a:0 b:0 c:0");
        let e = replay(&game, pos.clone(), &wrong).unwrap_err();
        assert!(e.contains("the rules give '*'"), "{e}");
        let mut wrong = r;
        wrong.turns[0].play = "0-9".into();
        assert!(replay(&game, pos.clone(), &wrong).is_err());
        assert_eq!(game.to_move(&pos), 0);
    }
}
