//! A small N-player game for testing what is generic over [`MultiGame`]: the searches, the
//! UCI session, the match runner and the records, before and beside Party Chess.
//!
//! Rules ("Ring"): a ring of `L` cells (6..=40) holds each player's King (`K`) and men (`M`).
//! Every piece moves one or two cells either way, jumping freely; landing on an enemy piece
//! captures it. A King within two cells of an enemy piece is in check. A turn is one atom (a
//! move, a capture, `pass`, `surrender`) or two non-capturing moves of different pieces
//! (`3-4,7-9`); the mover may not end a turn in check (pass is therefore illegal in check).
//! Surrender removes the mover's pieces and gives a knife to every player whose piece attacks
//! the surrendering King; a captured King gives its captor a knife and removes its owner's
//! pieces. After a turn the mover goes to the bottom of the play list and the players in check
//! to the top (in their order). The first knife wins the hand (two at once: a draw); after
//! `TURN_CAP` turns the hand is drawn.
//!
//! Position string: `<cells> <play list> <knives> <turns>`, cells `/`-separated (`-` empty,
//! `Ka` = a's King): `Ka/Ma/-/Kb/Mb/- ab 0,0 0`.

use crate::core::multi::{
    MultiGame, MultiNotation, MultiOutcome, PerPlayer, Player, PlayerSet, player_letter,
};
use crate::core::notation_error::{FenError, MoveError, PositionError};

use super::MultiEvaluate;

/// Turns after which the hand is a draw.
pub const TURN_CAP: u32 = 200;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    Move { from: u8, to: u8 },
    Pass,
    Surrender,
    End,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub king: bool,
    pub owner: u8,
}

#[derive(Clone, Debug)]
enum Undo {
    Move {
        from: u8,
        to: u8,
        captured: Option<Piece>,
        /// A King capture: the owner's other pieces removed, and the captor's knife.
        removed: Vec<(u8, Piece)>,
    },
    Pass,
    Surrender {
        removed: Vec<(u8, Piece)>,
        knifed: Vec<Player>,
    },
    End {
        list: Vec<Player>,
        partial: Vec<Atom>,
    },
    Null {
        list: Vec<Player>,
    },
}

#[derive(Clone, Debug)]
pub struct Pos {
    cells: Vec<Option<Piece>>,
    list: Vec<Player>,
    knives: Vec<u32>,
    turns: u32,
    partial: Vec<Atom>,
    undo: Vec<Undo>,
}

/// The game (no options: players and board come from the position).
#[derive(Clone, Copy, Debug, Default)]
pub struct Ring {
    /// Players of the start position.
    pub players: usize,
}

fn dist(a: usize, b: usize, len: usize) -> usize {
    let d = a.abs_diff(b);
    d.min(len - d)
}

impl Pos {
    fn len(&self) -> usize {
        self.cells.len()
    }

    fn king(&self, p: Player) -> Option<usize> {
        self.cells
            .iter()
            .position(|c| c.is_some_and(|c| c.king && c.owner as usize == p))
    }

    /// Players whose piece stands within two cells of `p`'s King.
    fn attackers(&self, p: Player) -> Vec<Player> {
        let Some(k) = self.king(p) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, c) in self.cells.iter().enumerate() {
            if let Some(c) = c
                && c.owner as usize != p
                && dist(i, k, self.len()) <= 2
                && !out.contains(&(c.owner as usize))
            {
                out.push(c.owner as usize);
            }
        }
        out.sort_unstable();
        out
    }

    fn in_check(&self, p: Player) -> bool {
        !self.attackers(p).is_empty()
    }

    fn targets(&self, from: usize) -> impl Iterator<Item = usize> + '_ {
        let len = self.len();
        [1, 2, len - 1, len - 2]
            .into_iter()
            .map(move |d| (from + d) % len)
    }

    fn remove_all(&mut self, p: Player) -> Vec<(u8, Piece)> {
        let mut removed = Vec::new();
        for (i, c) in self.cells.iter_mut().enumerate() {
            if c.is_some_and(|c| c.owner as usize == p) {
                removed.push((i as u8, c.take().expect("checked")));
            }
        }
        removed
    }
}

impl Ring {
    fn mover(pos: &Pos) -> Player {
        pos.list[0]
    }

    /// Moves (and captures when `captures`) of the mover's pieces, excluding the piece that
    /// already moved this turn.
    fn raw_moves(pos: &Pos, captures: bool, out: &mut Vec<Atom>) {
        let me = Self::mover(pos) as u8;
        let moved: Vec<u8> = pos
            .partial
            .iter()
            .filter_map(|a| match a {
                Atom::Move { to, .. } => Some(*to),
                _ => None,
            })
            .collect();
        for from in 0..pos.len() {
            let Some(piece) = pos.cells[from] else {
                continue;
            };
            if piece.owner != me || moved.contains(&(from as u8)) {
                continue;
            }
            let mut seen = Vec::new();
            for to in pos.targets(from) {
                if seen.contains(&to) {
                    continue;
                }
                seen.push(to);
                match pos.cells[to] {
                    None => out.push(Atom::Move {
                        from: from as u8,
                        to: to as u8,
                    }),
                    Some(t) if t.owner != me && captures => out.push(Atom::Move {
                        from: from as u8,
                        to: to as u8,
                    }),
                    _ => {}
                }
            }
        }
    }

    /// Whether the partial turn can be completed legally (by ending it now or with one more
    /// quiet move).
    fn completable(&self, pos: &mut Pos) -> bool {
        let me = Self::mover(pos);
        if !pos.in_check(me) || matches!(pos.partial.last(), Some(Atom::Surrender)) {
            return true;
        }
        if pos.partial.len() != 1 || !self.quiet_first(pos) {
            return false;
        }
        let mut seconds = Vec::new();
        Self::raw_moves(pos, false, &mut seconds);
        seconds.into_iter().any(|a| {
            self.make_atom(pos, a);
            let ok = !pos.in_check(me);
            self.unmake_atom(pos);
            ok
        })
    }

    /// The turn so far is exactly one non-capturing move.
    fn quiet_first(&self, pos: &Pos) -> bool {
        matches!(pos.undo.last(), Some(Undo::Move { captured: None, .. })) && pos.partial.len() == 1
    }
}

impl MultiGame for Ring {
    type Pos = Pos;
    type Atom = Atom;
    const END_TURN: Atom = Atom::End;

    fn players(&self, pos: &Pos) -> usize {
        pos.knives.len()
    }

    fn to_move(&self, pos: &Pos) -> Player {
        pos.list[0]
    }

    fn play_list(&self, pos: &Pos) -> Vec<Player> {
        pos.list.clone()
    }

    fn atoms(&self, pos: &mut Pos, out: &mut Vec<Atom>) {
        out.clear();
        if pos.partial.is_empty() && self.outcome(pos).is_some() {
            return;
        }
        let me = Self::mover(pos);
        let mut candidates = Vec::new();
        match pos.partial.len() {
            0 => {
                Self::raw_moves(pos, true, &mut candidates);
                candidates.push(Atom::Pass);
            }
            1 if self.quiet_first(pos) => {
                if !pos.in_check(me) {
                    out.push(Atom::End);
                }
                Self::raw_moves(pos, false, &mut candidates);
            }
            _ => {
                if !pos.in_check(me) || pos.partial.last() == Some(&Atom::Surrender) {
                    out.push(Atom::End);
                }
                return;
            }
        }
        for a in candidates {
            self.make_atom(pos, a);
            let ok = self.completable(pos);
            self.unmake_atom(pos);
            if ok {
                out.push(a);
            }
        }
        if pos.partial.is_empty() {
            out.push(Atom::Surrender);
        }
    }

    fn make_atom(&self, pos: &mut Pos, atom: Atom) {
        let me = Self::mover(pos);
        let undo = match atom {
            Atom::Move { from, to } => {
                let piece = pos.cells[from as usize].take();
                let captured = pos.cells[to as usize].take();
                pos.cells[to as usize] = piece;
                let mut removed = Vec::new();
                if let Some(c) = captured
                    && c.king
                {
                    removed = pos.remove_all(c.owner as usize);
                    pos.knives[me] += 1;
                }
                Undo::Move {
                    from,
                    to,
                    captured,
                    removed,
                }
            }
            Atom::Pass => Undo::Pass,
            Atom::Surrender => {
                let knifed = pos.attackers(me);
                for &p in &knifed {
                    pos.knives[p] += 1;
                }
                Undo::Surrender {
                    removed: pos.remove_all(me),
                    knifed,
                }
            }
            Atom::End => {
                let list = pos.list.clone();
                let partial = std::mem::take(&mut pos.partial);
                pos.turns += 1;
                let mut rest: Vec<Player> = pos.list[1..].to_vec();
                rest.push(me);
                let (checked, free): (Vec<Player>, Vec<Player>) =
                    rest.into_iter().partition(|&p| pos.in_check(p));
                pos.list = checked.into_iter().chain(free).collect();
                pos.undo.push(Undo::End { list, partial });
                return;
            }
        };
        pos.partial.push(atom);
        pos.undo.push(undo);
    }

    fn unmake_atom(&self, pos: &mut Pos) {
        let Some(undo) = pos.undo.pop() else {
            return;
        };
        match undo {
            Undo::Move {
                from,
                to,
                captured,
                removed,
            } => {
                if captured.is_some_and(|c| c.king) {
                    let me = Self::mover(pos);
                    pos.knives[me] -= 1;
                }
                for (i, p) in removed {
                    pos.cells[i as usize] = Some(p);
                }
                pos.cells[from as usize] = pos.cells[to as usize].take();
                pos.cells[to as usize] = captured;
                pos.partial.pop();
            }
            Undo::Pass => {
                pos.partial.pop();
            }
            Undo::Surrender { removed, knifed } => {
                for (i, p) in removed {
                    pos.cells[i as usize] = Some(p);
                }
                for p in knifed {
                    pos.knives[p] -= 1;
                }
                pos.partial.pop();
            }
            Undo::End { list, partial } => {
                pos.list = list;
                pos.partial = partial;
                pos.turns -= 1;
            }
            Undo::Null { list } => pos.list = list,
        }
    }

    fn make_null_turn(&self, pos: &mut Pos) -> bool {
        if !pos.partial.is_empty() || self.outcome(pos).is_some() {
            return false;
        }
        let list = pos.list.clone();
        let mut rest: Vec<Player> = pos.list[1..].to_vec();
        rest.push(pos.list[0]);
        let (checked, free): (Vec<Player>, Vec<Player>) =
            rest.into_iter().partition(|&p| pos.in_check(p));
        pos.list = checked.into_iter().chain(free).collect();
        pos.undo.push(Undo::Null { list });
        true
    }

    fn turn_open(&self, pos: &Pos) -> bool {
        !pos.partial.is_empty()
    }

    fn hash(&self, pos: &Pos) -> u64 {
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
            h ^= h >> 33;
        };
        for (i, c) in pos.cells.iter().enumerate() {
            if let Some(c) = c {
                mix((i as u64) << 8 | (c.owner as u64) << 1 | c.king as u64);
            }
        }
        for (i, &p) in pos.list.iter().enumerate() {
            mix(0x1000 + (i as u64) * 16 + p as u64);
        }
        for (i, &k) in pos.knives.iter().enumerate() {
            mix(0x2000 + (i as u64) * 64 + k as u64);
        }
        for a in &pos.partial {
            mix(0x3000
                + match a {
                    Atom::Move { from, to } => (*from as u64) << 6 | *to as u64,
                    Atom::Pass => 0xf00,
                    Atom::Surrender => 0xf01,
                    Atom::End => 0xf02,
                });
        }
        mix(0x4000 + pos.partial.len() as u64);
        h
    }

    fn outcome(&self, pos: &Pos) -> Option<MultiOutcome> {
        let best = *pos.knives.iter().max()?;
        let leaders = pos.knives.iter().filter(|&&k| k == best).count();
        if best > 0 {
            return Some(MultiOutcome {
                winner: (leaders == 1)
                    .then(|| pos.knives.iter().position(|&k| k == best))
                    .flatten(),
                reason: "knives",
                knives: pos.knives.clone(),
            });
        }
        (pos.turns >= TURN_CAP).then(|| MultiOutcome {
            winner: None,
            reason: "turn-cap",
            knives: pos.knives.clone(),
        })
    }

    fn in_check_set(&self, pos: &Pos) -> PlayerSet {
        (0..pos.knives.len())
            .filter(|&p| pos.in_check(p))
            .fold(0, |s, p| s | 1 << p)
    }

    fn knives(&self, pos: &Pos) -> PerPlayer<u32> {
        pos.knives.clone()
    }

    fn is_capture(&self, pos: &Pos, atom: Atom) -> bool {
        matches!(atom, Atom::Move { to, .. } if pos.cells[to as usize].is_some())
    }
}

fn syntax(field: &'static str, column: usize, message: impl Into<String>) -> PositionError {
    PositionError::Syntax(FenError {
        field,
        column,
        message: message.into(),
    })
}

impl MultiNotation for Ring {
    fn start_position(&self) -> Pos {
        let n = self.players.clamp(2, 4);
        let cells: Vec<String> = (0..n)
            .flat_map(|p| {
                let o = player_letter(p);
                [format!("K{o}"), format!("M{o}"), "-".into(), "-".into()]
            })
            .collect();
        let list: String = (0..n).map(player_letter).collect();
        let knives = vec!["0"; n].join(",");
        self.read_position(&format!("{} {list} {knives} 0", cells.join("/")))
            .expect("the start position is valid")
    }

    fn read_position(&self, text: &str) -> Result<Pos, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, list, knives, turns] = fields.as_slice() else {
            return Err(syntax("position", 1, "expected 4 fields"));
        };
        let knives: Vec<u32> = knives
            .split(',')
            .map(|k| k.parse().map_err(|_| syntax("knives", 1, "not a number")))
            .collect::<Result<_, _>>()?;
        let n = knives.len();
        if !(2..=4).contains(&n) {
            return Err(syntax("knives", 1, "2 to 4 players"));
        }
        let mut cells = Vec::new();
        for token in board.split('/') {
            let cell = match token.as_bytes() {
                b"-" => None,
                [k @ (b'K' | b'M'), o] if (*o as usize) < b'a' as usize + n && *o >= b'a' => {
                    Some(Piece {
                        king: *k == b'K',
                        owner: o - b'a',
                    })
                }
                _ => return Err(syntax("cells", 1, format!("bad cell '{token}'"))),
            };
            cells.push(cell);
        }
        if !(6..=40).contains(&cells.len()) {
            return Err(syntax("cells", 1, "6 to 40 cells"));
        }
        let list: Vec<Player> = list
            .bytes()
            .map(|b| b.wrapping_sub(b'a') as usize)
            .collect();
        let mut sorted = list.clone();
        sorted.sort_unstable();
        if sorted != (0..n).collect::<Vec<_>>() {
            return Err(syntax("list", 1, "each player once"));
        }
        let turns = turns
            .parse()
            .map_err(|_| syntax("turns", 1, "not a number"))?;
        Ok(Pos {
            cells,
            list,
            knives,
            turns,
            partial: Vec::new(),
            undo: Vec::new(),
        })
    }

    fn write_position(&self, pos: &Pos) -> String {
        let cells: Vec<String> = pos
            .cells
            .iter()
            .map(|c| match c {
                None => "-".to_string(),
                Some(p) => format!(
                    "{}{}",
                    if p.king { 'K' } else { 'M' },
                    player_letter(p.owner as usize)
                ),
            })
            .collect();
        let list: String = pos.list.iter().map(|&p| player_letter(p)).collect();
        let knives: Vec<String> = pos.knives.iter().map(|k| k.to_string()).collect();
        format!(
            "{} {list} {} {}",
            cells.join("/"),
            knives.join(","),
            pos.turns
        )
    }

    fn read_play(&self, pos: &mut Pos, text: &str) -> Result<Vec<Atom>, MoveError> {
        let mut atoms = Vec::new();
        for part in text.split(',') {
            let atom = match part {
                "pass" => Atom::Pass,
                "surrender" => Atom::Surrender,
                _ => {
                    let (a, b) = part
                        .split_once('-')
                        .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
                    let (from, to) = a
                        .parse::<u8>()
                        .ok()
                        .zip(b.parse::<u8>().ok())
                        .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
                    Atom::Move { from, to }
                }
            };
            atoms.push(atom);
        }
        atoms.push(Atom::End);
        let mut made = 0;
        let mut ok = true;
        let mut list = Vec::new();
        for &a in &atoms {
            self.atoms(pos, &mut list);
            if !list.contains(&a) {
                ok = false;
                break;
            }
            self.make_atom(pos, a);
            made += 1;
        }
        for _ in 0..made {
            self.unmake_atom(pos);
        }
        if ok {
            Ok(atoms)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }

    fn atom_text(&self, _pos: &Pos, atom: Atom) -> String {
        match atom {
            Atom::Move { from, to } => format!("{from}-{to}"),
            Atom::Pass => "pass".into(),
            Atom::Surrender => "surrender".into(),
            Atom::End => "end".into(),
        }
    }

    fn default_play(&self, pos: &mut Pos) -> Vec<Atom> {
        self.read_play(pos, "pass")
            .unwrap_or_else(|_| vec![Atom::Surrender, Atom::End])
    }

    fn draw(&self, pos: &Pos) -> String {
        let mut out = String::new();
        for (i, c) in pos.cells.iter().enumerate() {
            let t = match c {
                None => "..".to_string(),
                Some(p) => format!(
                    "{}{}",
                    if p.king { 'K' } else { 'M' },
                    player_letter(p.owner as usize)
                ),
            };
            out.push_str(&format!("{i:>2}:{t} "));
        }
        out.push('\n');
        out.push_str(&format!("Position: {}\n", self.write_position(pos)));
        out
    }
}

impl MultiEvaluate for Ring {
    fn evaluate(&self, pos: &Pos, view: Player) -> i32 {
        let n = pos.knives.len();
        let strength = |p: Player| -> i32 {
            let men = pos
                .cells
                .iter()
                .flatten()
                .filter(|c| c.owner as usize == p)
                .count() as i32;
            let check = if pos.in_check(p) { 40 } else { 0 };
            100 * men + 1000 * pos.knives[p] as i32 - check
        };
        let others: i32 = (0..n).filter(|&p| p != view).map(strength).sum();
        strength(view) - others / (n as i32 - 1)
    }

    fn is_desperate(&self, _pos: &Pos, atom: Atom) -> bool {
        atom == Atom::Surrender
    }

    fn capture_value(&self, pos: &Pos, atom: Atom) -> i32 {
        match atom {
            Atom::Move { to, .. } => match pos.cells[to as usize] {
                Some(p) if p.king => 2000,
                Some(_) => 100,
                None => 0,
            },
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::multi::play_text;

    fn ring(players: usize) -> Ring {
        Ring { players }
    }

    /// Every atom made and unmade restores the position string and the hash.
    fn walk(g: &Ring, pos: &mut Pos, depth: usize, count: &mut u64) {
        let mut atoms = Vec::new();
        g.atoms(pos, &mut atoms);
        if depth == 0 || atoms.is_empty() {
            *count += 1;
            return;
        }
        for a in atoms {
            let (text, hash) = (g.write_position(pos), g.hash(pos));
            let open = g.turn_open(pos);
            g.make_atom(pos, a);
            walk(g, pos, depth - 1, count);
            g.unmake_atom(pos);
            assert_eq!((g.write_position(pos), g.hash(pos)), (text, hash));
            assert_eq!(g.turn_open(pos), open);
        }
    }

    #[test]
    fn make_unmake_restores_and_strings_round_trip() {
        for n in 2..=4 {
            let g = ring(n);
            let mut pos = g.start_position();
            let text = g.write_position(&pos);
            assert_eq!(g.write_position(&g.read_position(&text).unwrap()), text);
            let mut count = 0;
            walk(&g, &mut pos, 5, &mut count);
            assert!(count > 100, "{count}");
        }
    }

    #[test]
    fn plays_read_and_write_back() {
        let g = ring(3);
        let mut pos = g.start_position();
        let atoms = g.read_play(&mut pos, "1-3,0-1").unwrap();
        assert_eq!(play_text(&g, &mut pos, &atoms), "1-3,0-1");
        assert!(g.read_play(&mut pos, "1-2,1-3").is_err());
        assert!(g.read_play(&mut pos, "x").is_err());
        assert_eq!(g.default_play(&mut pos), vec![Atom::Pass, Atom::End]);
    }

    #[test]
    fn surrender_in_check_gives_knives_and_ends_the_hand() {
        let g = ring(3);
        // b's King on 3 is attacked by a's man on 1: b is on move (checked players first).
        assert!(
            g.read_position("-/Ma/-/Kb/-/-/Kc/-/-/-/-/Ka ba 0,0,0 0")
                .is_err()
        );
        let mut pos = g
            .read_position("-/Ma/-/Kb/-/-/Kc/-/-/-/-/Ka bac 0,0,0 0")
            .unwrap();
        let atoms = g.read_play(&mut pos, "surrender").unwrap();
        for a in atoms {
            g.make_atom(&mut pos, a);
        }
        let o = g.outcome(&pos).unwrap();
        assert_eq!((o.winner, o.knives), (Some(0), vec![1, 0, 0]));
    }
}
