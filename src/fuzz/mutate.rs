//! Turns a valid input into a nearly valid one: the inputs that find parser bugs are the ones
//! that get past the first checks. Each call applies one to four edits chosen from what breaks
//! parsers in practice: a wrong character, a lost or doubled piece of text, fields swapped or
//! dropped, numbers at the edge of their type, a word from the input language in the wrong
//! place, and now and then something that is not the language at all (control characters,
//! multi-byte letters, a huge line).

use crate::core::random::SplitMix64 as Rng;

/// Characters a mutation may write: the notations' own alphabet first (so edits stay close to
/// valid input), then separators, then what no notation uses.
const ALPHABET: &[char] = &[
    'a',
    'b',
    'c',
    'd',
    'e',
    'f',
    'g',
    'h',
    'i',
    'j',
    'k',
    'l',
    'p',
    'n',
    'r',
    'q',
    'w',
    'z',
    'P',
    'N',
    'B',
    'R',
    'Q',
    'K',
    'W',
    'C',
    'G',
    'S',
    'U',
    'X',
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '/',
    '-',
    '+',
    '@',
    '[',
    ']',
    '(',
    ')',
    ',',
    ';',
    '.',
    ':',
    '=',
    '*',
    '~',
    '#',
    '"',
    ' ',
    '\t',
    '\0',
    '\u{7f}',
    'é',
    'ß',
    '♞',
    '\u{10ffff}',
    '\u{202e}',
];

/// Numbers at the edges: zero, negative, one past a 32-bit and a 64-bit limit, long digits.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "65536",
    "2147483648",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999",
    "-9223372036854775809",
    "1e9",
    "0x10",
    "00000000000000000000000001",
];

/// Returns a mutated copy of `seed`; `words` are tokens of the input language to splice in.
pub fn mutate(rng: &mut Rng, seed: &str, words: &[&str]) -> String {
    let mut text: Vec<char> = seed.chars().collect();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        edit(rng, &mut text, words);
    }
    text.into_iter().collect()
}

fn edit(rng: &mut Rng, text: &mut Vec<char>, words: &[&str]) {
    let len = text.len();
    let at = |rng: &mut Rng| if len == 0 { 0 } else { rng.below(len + 1) };
    match rng.below(12) {
        // A character replaced, inserted or removed.
        0 if len > 0 => {
            let i = rng.below(len);
            text[i] = ALPHABET[rng.below(ALPHABET.len())];
        }
        1 => {
            let i = at(rng);
            text.insert(i, ALPHABET[rng.below(ALPHABET.len())]);
        }
        2 if len > 0 => {
            let i = rng.below(len);
            text.remove(i);
        }
        // A stretch removed or doubled.
        3 if len > 1 => {
            let (a, b) = span(rng, len);
            text.drain(a..b);
        }
        4 if len > 1 => {
            let (a, b) = span(rng, len);
            let copy: Vec<char> = text[a..b].to_vec();
            let i = at(rng);
            text.splice(i..i, copy);
        }
        // Whitespace-separated fields swapped, dropped or repeated.
        5 => {
            let mut fields: Vec<String> = split_fields(text);
            if fields.len() > 1 {
                let (i, j) = (rng.below(fields.len()), rng.below(fields.len()));
                match rng.below(3) {
                    0 => fields.swap(i, j),
                    1 => {
                        fields.remove(i);
                    }
                    _ => {
                        let f = fields[i].clone();
                        fields.insert(j, f);
                    }
                }
                *text = fields.join(" ").chars().collect();
            }
        }
        // A number replaced by an edge value.
        6 => {
            let digits: Vec<usize> = (0..len).filter(|&i| text[i].is_ascii_digit()).collect();
            let number: Vec<char> = NUMBERS[rng.below(NUMBERS.len())].chars().collect();
            if digits.is_empty() {
                let i = at(rng);
                text.splice(i..i, number);
            } else {
                let start = digits[rng.below(digits.len())];
                let mut end = start;
                while end < len && text[end].is_ascii_digit() {
                    end += 1;
                }
                text.splice(start..end, number);
            }
        }
        // A word of the language spliced in.
        7 | 8 if !words.is_empty() => {
            let word: Vec<char> = words[rng.below(words.len())].chars().collect();
            let i = at(rng);
            let mut piece = vec![' '];
            piece.extend(word);
            piece.push(' ');
            text.splice(i..i, piece);
        }
        // Cut short.
        9 if len > 0 => text.truncate(rng.below(len)),
        // Something long: a repeated stretch (parsers that count or nest).
        10 if len > 0 => {
            let (a, b) = span(rng, len);
            let copy: Vec<char> = text[a..b].to_vec();
            let times = 1 + rng.below(200);
            for _ in 0..times {
                text.extend_from_slice(&copy);
            }
        }
        // Noise.
        _ => {
            let n = rng.below(16);
            *text = (0..n)
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect();
        }
    }
}

fn span(rng: &mut Rng, len: usize) -> (usize, usize) {
    let a = rng.below(len);
    let b = a + 1 + rng.below((len - a).min(12));
    (a, b)
}

fn split_fields(text: &[char]) -> Vec<String> {
    let s: String = text.iter().collect();
    s.split(' ').map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_differ_and_are_reproducible() {
        let seed = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let run = |s: u64| {
            let mut rng = Rng::new(s);
            (0..200)
                .map(|_| mutate(&mut rng, seed, &["e2e4"]))
                .collect::<Vec<_>>()
        };
        let a = run(1);
        assert_eq!(a, run(1));
        assert!(a.iter().filter(|m| m.as_str() != seed).count() > 150);
    }
}
