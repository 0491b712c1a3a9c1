//! The drawing of a Party position for people (`menagerie show --variant party`, UCI `d`):
//! the 20x20 board with each piece as its character and owner letter (`Ra`), ranks 20 down to
//! 1 and files a..t; HarfyBlobs' Hn listed under the board; then one line per player (reserve,
//! Benefyts, knives, echo pattern, Weight, check), the play list, the counters, and last the
//! `Fen:` line with the position string (docs/notation.md).

use super::attack;
use super::board::{self, name};
use super::notation::write_state;
use super::piece::Kind;
use super::state::State;
use super::weight;

pub fn draw(st: &State) -> String {
    let mut out = String::new();
    let files: String = (b'a'..=b't').map(|c| format!(" {} ", c as char)).collect();
    out.push_str(&format!("     {files}\n"));
    let mut harfies = Vec::new();
    for y in (0..20i8).rev() {
        out.push_str(&format!("{:>3} |", y + 1));
        for x in 0..20i8 {
            let sq = board::at(x, y).expect("inside");
            match st.at(sq) {
                None => out.push_str(" . "),
                Some(p) => {
                    out.push(p.kind.char());
                    out.push((b'a' + p.owner) as char);
                    out.push(' ');
                    if p.kind == Kind::Harfy {
                        harfies.push(format!("{} Hn {}", name(sq), p.hn));
                    }
                }
            }
        }
        out.push_str(&format!("| {}\n", y + 1));
    }
    out.push_str(&format!("     {files}\n"));
    if !harfies.is_empty() {
        out.push_str(&format!("HarfyBlobs: {}\n", harfies.join(", ")));
    }
    let checked = attack::check_set(st);
    for p in 0..st.players {
        let reserve: Vec<String> = st
            .reserve_units(p)
            .into_iter()
            .map(|(u, n)| {
                if n > 1 {
                    format!("{}x{n}", u.text())
                } else {
                    u.text()
                }
            })
            .collect();
        let w2 = weight::weight2(st, p);
        let weight = if w2.is_multiple_of(2) {
            format!("{}", w2 / 2)
        } else {
            format!("{}.5", w2 / 2)
        };
        out.push_str(&format!(
            "{}{}: reserve {} | Benefyts {} | knives {} | echo {} | Weight {weight}{}\n",
            (b'a' + p) as char,
            if p == st.mover() { "*" } else { " " },
            if reserve.is_empty() {
                "-".to_string()
            } else {
                reserve.join(" ")
            },
            st.benefyts[p as usize],
            st.knives[p as usize],
            st.echo[p as usize].map_or("-".to_string(), |u| u.text()),
            if checked & (1 << p) != 0 {
                " | in check"
            } else {
                ""
            },
        ));
    }
    let list: String = st.play_list().iter().map(|&p| (b'a' + p) as char).collect();
    out.push_str(&format!(
        "Play list: {list} ({} to move) | quiet {} | turn {}\n",
        (b'a' + st.mover()) as char,
        st.quiet,
        st.turn
    ));
    if let Some(end) = st.ended {
        out.push_str(&format!(
            "Hand over: {} ({})\n",
            end.winner.map_or("draw".to_string(), |w| format!(
                "{} wins",
                (b'a' + w) as char
            )),
            end.reason
        ));
    }
    out.push_str(&format!("Fen: {}\n", write_state(st)));
    out
}
