//! Armies (spec §7, D43): each player's reserve starts with a King and exactly five other
//! pieces of total value at most 30 (a Locust counts 6), no King among the five.
//!
//! The `PartyArmies` setting is `STANDARD` (`RGBCD`, the default), `ARCHERY` (`RABCJ`),
//! `EXOTIC` (`H+OZJ`), one 5-piece string for every player, or per player
//! `a:RGBCD,b:RABCJ,...` (each entry a named army or a string; players not listed get
//! `STANDARD`). Invalid settings are refused with the reason.

use super::piece::Kind;

/// Five pieces.
pub type Army = [Kind; 5];

/// The named armies of D43.
pub const NAMED: [(&str, &str); 3] = [
    ("STANDARD", "RGBCD"),
    ("ARCHERY", "RABCJ"),
    ("EXOTIC", "H+OZJ"),
];

/// Reads one army: a name of [`NAMED`] (any case) or five piece characters.
pub fn army(text: &str) -> Result<Army, String> {
    let text = text.trim();
    let pieces = NAMED
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(text))
        .map_or(text, |(_, army)| army);
    let kinds: Vec<Kind> = pieces
        .chars()
        .map(|c| {
            Kind::from_char(c).ok_or_else(|| {
                format!("army '{text}': '{c}' is not a piece character (K R C B P O E J M Q H A Z ! D % * G L & +)")
            })
        })
        .collect::<Result<_, _>>()?;
    if kinds.len() != 5 {
        return Err(format!(
            "army '{text}' has {} pieces; an army is exactly 5 (the King comes with it)",
            kinds.len()
        ));
    }
    if kinds.contains(&Kind::King) {
        return Err(format!(
            "army '{text}' names a King; every player gets exactly one King besides the five"
        ));
    }
    let value: u32 = kinds.iter().map(|k| k.value(0)).sum();
    if value > 30 {
        return Err(format!(
            "army '{text}' is worth {value}; at most 30 is allowed"
        ));
    }
    Ok([kinds[0], kinds[1], kinds[2], kinds[3], kinds[4]])
}

/// Reads a `PartyArmies` setting for `players` players (letters beyond them are refused).
pub fn armies(setting: &str, players: usize) -> Result<Vec<Army>, String> {
    let setting = setting.trim();
    if !setting.contains(':') {
        return Ok(vec![army(setting)?; players]);
    }
    let standard = army("STANDARD").expect("the standard army is valid");
    let mut out = vec![standard; players];
    let mut seen = [false; 8];
    for entry in setting.split(',') {
        let (letter, text) = entry
            .split_once(':')
            .ok_or_else(|| format!("'{entry}' is not LETTER:ARMY (as in a:RGBCD)"))?;
        let letter = letter.trim();
        let player = match letter.as_bytes() {
            [c @ b'a'..=b'h'] => (c - b'a') as usize,
            _ => return Err(format!("'{letter}' is not a player letter a..h")),
        };
        if player >= players {
            return Err(format!(
                "player letter '{letter}' is out of range: {players} players are a..{}",
                (b'a' + players as u8 - 1) as char
            ));
        }
        if std::mem::replace(&mut seen[player], true) {
            return Err(format!("player '{letter}' is given two armies"));
        }
        out[player] = army(text)?;
    }
    Ok(out)
}

/// Checks a setting's syntax and armies without the player count (letters up to `h`).
pub fn check_setting(setting: &str) -> Result<String, String> {
    armies(setting, 8)?;
    Ok(setting.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_armies_are_worth_thirty() {
        for (name, _) in NAMED {
            let a = army(name).unwrap();
            assert_eq!(a.iter().map(|k| k.value(0)).sum::<u32>(), 30, "{name}");
        }
    }

    #[test]
    fn invalid_armies_say_why() {
        assert!(army("RGBC").unwrap_err().contains("4 pieces"));
        assert!(army("RGBCK").unwrap_err().contains("King"));
        assert!(army("RRRRR").unwrap_err().contains("worth 45"));
        assert!(army("RGBCX").unwrap_err().contains("'X'"));
        assert!(
            armies("a:RGBCD,e:RABCJ", 4)
                .unwrap_err()
                .contains("out of range")
        );
        assert!(
            armies("a:RGBCD,a:RABCJ", 4)
                .unwrap_err()
                .contains("two armies")
        );
    }

    #[test]
    fn per_player_settings() {
        let a = armies("a:ARCHERY,c:H+OZJ", 3).unwrap();
        assert_eq!(a[0], army("RABCJ").unwrap());
        assert_eq!(a[1], army("STANDARD").unwrap());
        assert_eq!(a[2], army("EXOTIC").unwrap());
        assert_eq!(armies("&&&&&", 2).unwrap()[1], [Kind::Locust; 5]);
    }
}
