//! Turning a section's [`FileRules`] into a [`VariantSpec`] of the Western family (the rules
//! core of orthodox chess and Wildebeest), or refusing it with every reason.
//!
//! What the Western core plays of Fairy-Stockfish's rules: any board up to 16x16 (and
//! [`MAX_SQUARES`] cells), any pieces of Fairy-Stockfish's Betza dialect but initial moves,
//! one royal king, pawns with double and triple steps from whole ranks, en passant everywhere
//! or nowhere, promotion on the last rank to one list of types, castling toward corner rooks
//! with any king destination on each wing, stalemate as draw or loss, checkmate as loss, the
//! n-move and n-fold rules with a draw. Everything else is refused by name.

use std::collections::BTreeSet;

use super::betza;
use super::rules::FileRules;
use crate::core::piece::PieceKind;
use crate::core::tables::Orientation;
use crate::core::variant::{
    CastlingRule, EndRules, FlagRule, PromotionRule, StalemateRule, VariantSpec,
};
use crate::geometry::{Geometry, MAX_SQUARES};
use crate::variants::chess::pawn;

/// A cell as (file, rank), both 0-based, rank 0 White's first.
type Cell = (u8, u8);

/// Builds the spec of the game called `name`, or says every reason it cannot be played.
pub fn build(name: &str, rules: &FileRules) -> Result<VariantSpec, Vec<String>> {
    let mut why: Vec<String> = rules
        .refused
        .iter()
        .map(|r| format!("line {}: {} = {}: {}", r.line, r.key, r.value, r.why))
        .collect();
    let geometry = match board(rules) {
        Ok(g) => Some(g),
        Err(e) => {
            why.push(e);
            None
        }
    };
    let built = geometry.and_then(|g| match spec_on(name, rules, g) {
        Ok(spec) => Some(spec),
        Err(mut e) => {
            why.append(&mut e);
            None
        }
    });
    match built {
        Some(spec) if why.is_empty() => Ok(spec),
        _ => Err(why),
    }
}

fn board(rules: &FileRules) -> Result<Geometry, String> {
    let (files, ranks) = (rules.files as usize, rules.ranks as usize);
    if files * ranks > MAX_SQUARES || files < 2 || ranks < 2 {
        return Err(format!(
            "maxFile/maxRank: a {files}x{ranks} board is outside what Menagerie plays (2 to 16 files and ranks, at most {MAX_SQUARES} cells)"
        ));
    }
    Geometry::flat(files, ranks).map_err(|e| format!("maxFile/maxRank: {e}"))
}

fn spec_on(name: &str, rules: &FileRules, geometry: Geometry) -> Result<VariantSpec, Vec<String>> {
    let mut why = Vec::new();
    let (files, ranks) = (rules.files, rules.ranks);
    // Each side's cells of a `<key>White` / `<key>Black` pair of regions.
    let regions = |key: &str, texts: &[String; 2], why: &mut Vec<String>| {
        [0, 1].map(|side| {
            cells(&texts[side], files, ranks).unwrap_or_else(|e| {
                why.push(format!("{key}{}: {e}", ["White", "Black"][side]));
                BTreeSet::new()
            })
        })
    };
    let double = regions("doubleStepRegion", &rules.double_step_region, &mut why);
    let triple = regions("tripleStepRegion", &rules.triple_step_region, &mut why);
    let en_passant = regions("enPassantRegion", &rules.en_passant_region, &mut why);
    let promotion = regions("promotionRegion", &rules.promotion_region, &mut why);
    let steps = pawn_steps(rules, &double, &triple).unwrap_or_else(|e| {
        why.push(e);
        Vec::new()
    });
    let pieces = kinds(rules, &steps).unwrap_or_else(|mut e| {
        why.append(&mut e);
        Vec::new()
    });
    let kind_of = |type_name: &str| rules.pieces.iter().position(|p| p.name == type_name);
    let all = cells("*", files, ranks).unwrap_or_default();
    let en_passant = if en_passant[0] == all && en_passant[1] == all {
        true
    } else if en_passant[0].is_empty() && en_passant[1].is_empty() {
        false
    } else {
        why.push("enPassantRegion: only everywhere or nowhere is supported".to_string());
        false
    };
    let promotion = promotion_rule(rules, &promotion, &kind_of).unwrap_or_else(|e| {
        why.push(e);
        None
    });
    let start = start_fen(rules).unwrap_or_else(|e| {
        why.push(e);
        String::new()
    });
    let castling = castling_rule(rules, &start, &kind_of).unwrap_or_else(|e| {
        why.push(e);
        None
    });
    let start = if castling.is_none() {
        without_castling_rights(&start)
    } else {
        start
    };
    let end = end_rules(rules).unwrap_or_else(|e| {
        why.push(e);
        EndRules {
            stalemate: StalemateRule::Draw,
            move_limit: None,
            repetitions: None,
            bare_royals_draw: false,
        }
    });
    let flag = flag_rule(rules, &kind_of).unwrap_or_else(|e| {
        why.push(e);
        None
    });
    if !why.is_empty() {
        return Err(why);
    }
    Ok(VariantSpec {
        name: name.to_string().into(),
        title: name.to_string().into(),
        geometry,
        orientation: Orientation::Facing,
        players: 2,
        pieces,
        start: start.into(),
        castling,
        en_passant,
        promotion,
        end,
        holdings: false,
        flag,
    })
}

/// King of the Hill's goal: the flag piece (the same for both sides) and each side's cells.
fn flag_rule(
    rules: &FileRules,
    kind_of: &dyn Fn(&str) -> Option<usize>,
) -> Result<Option<FlagRule>, String> {
    let (files, ranks) = (rules.files, rules.ranks);
    let regions = [
        cells(&rules.flag_region[0], files, ranks).map_err(|e| format!("flagRegionWhite: {e}"))?,
        cells(&rules.flag_region[1], files, ranks).map_err(|e| format!("flagRegionBlack: {e}"))?,
    ];
    if regions.iter().all(|r| r.is_empty()) {
        return Ok(None);
    }
    if rules.flag_piece[0] != rules.flag_piece[1] {
        return Err(
            "flagPieceWhite/Black: a different flag piece for each side is not supported"
                .to_string(),
        );
    }
    let kind = match &rules.flag_piece[0] {
        None => None,
        Some(name) => {
            Some(kind_of(name).ok_or_else(|| format!("flagPiece: the game has no {name}"))? as u8)
        }
    };
    let squares = files as usize * ranks as usize;
    let to_cells = |region: &BTreeSet<Cell>| {
        let mut v = vec![false; squares];
        for &(f, r) in region {
            v[r as usize * files as usize + f as usize] = true;
        }
        v
    };
    Ok(Some(FlagRule {
        kind,
        cells: [to_cells(&regions[0]), to_cells(&regions[1])],
    }))
}

/// The cells of a Fairy-Stockfish region (`*2` a rank, `c*` a file, `e4` a cell, `-` none;
/// `*` alone, our default, is every cell), clipped to the board as Fairy-Stockfish's
/// bitboards are.
pub fn cells(text: &str, files: u8, ranks: u8) -> Result<BTreeSet<Cell>, String> {
    let mut out = BTreeSet::new();
    for token in text.split_whitespace() {
        if token == "-" {
            break;
        }
        let bad = || format!("'{token}' is not a rank (*2), a file (c*) or a cell (e4)");
        if token == "*" {
            out.extend((0..files).flat_map(|f| (0..ranks).map(move |r| (f, r))));
        } else if let Some(rank) = token.strip_prefix('*') {
            let r: u8 = rank.parse().map_err(|_| bad())?;
            if !(1..=16).contains(&r) {
                return Err(bad());
            }
            out.extend((0..files).map(|f| (f, r - 1)).filter(|&(_, r)| r < ranks));
        } else if let Some(file) = token.strip_suffix('*') {
            let f = match file.as_bytes() {
                [c @ b'a'..=b'p'] => c - b'a',
                _ => return Err(bad()),
            };
            out.extend((0..ranks).map(|r| (f, r)).filter(|&(f, _)| f < files));
        } else {
            let mut chars = token.chars();
            let f = match chars.next() {
                Some(c @ 'a'..='p') => c as u8 - b'a',
                _ => return Err(bad()),
            };
            let r: u8 = chars.as_str().parse().map_err(|_| bad())?;
            if !(1..=16).contains(&r) {
                return Err(bad());
            }
            if f < files && r <= ranks {
                out.insert((f, r - 1));
            }
        }
    }
    Ok(out)
}

/// The relative ranks (0-based) a region covers whole, if it is exactly whole ranks, seen
/// from `player` (Black's ranks counted from the top).
fn whole_ranks(region: &BTreeSet<Cell>, files: u8, ranks: u8, player: usize) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for r in 0..ranks {
        let count = region.iter().filter(|&&(_, rr)| rr == r).count();
        if count == files as usize {
            out.push(if player == 0 { r } else { ranks - 1 - r });
        } else if count != 0 {
            return None;
        }
    }
    out.sort_unstable();
    Some(out)
}

/// The pawn's multi-steps: (relative rank, most cells) from the double- and triple-step
/// regions, the same for both players.
fn pawn_steps(
    rules: &FileRules,
    double: &[BTreeSet<Cell>; 2],
    triple: &[BTreeSet<Cell>; 2],
) -> Result<Vec<(u8, u8)>, String> {
    let (files, ranks) = (rules.files, rules.ranks);
    let read = |key: &str, regions: &[BTreeSet<Cell>; 2]| -> Result<Vec<u8>, String> {
        let white = whole_ranks(&regions[0], files, ranks, 0);
        let black = whole_ranks(&regions[1], files, ranks, 1);
        match (white, black) {
            (Some(w), Some(b)) if w == b => Ok(w),
            _ => Err(format!(
                "{key}White/Black: only whole ranks, the same for both sides, are supported"
            )),
        }
    };
    let double = if rules.double_step {
        read("doubleStepRegion", double)?
    } else {
        Vec::new()
    };
    let triple = read("tripleStepRegion", triple)?;
    let mut steps: Vec<(u8, u8)> = double.iter().map(|&r| (r, 2)).collect();
    for r in triple {
        if !double.contains(&r) {
            return Err("tripleStepRegion: a triple step from a rank without the double step is not supported".to_string());
        }
        steps.retain(|&(rank, _)| rank != r);
        steps.push((r, 3));
    }
    steps.sort_unstable();
    Ok(steps)
}

/// Our piece kinds, in the section's type order.
fn kinds(rules: &FileRules, pawn_steps: &[(u8, u8)]) -> Result<Vec<PieceKind>, Vec<String>> {
    let mut why = Vec::new();
    let mut out = Vec::new();
    let mut letters = BTreeSet::new();
    for p in &rules.pieces {
        if !letters.insert(p.letter) {
            why.push(format!(
                "{}: the letter '{}' names two piece types",
                p.name, p.letter
            ));
        }
        let letter = p.letter.to_ascii_uppercase();
        let kind = if p.name == "pawn" {
            let mut k = pawn(pawn_steps, &p.betza);
            k.letter = letter;
            k
        } else {
            match betza::parse(&p.betza) {
                Ok((_, true)) => {
                    why.push(format!(
                        "{}: en passant by other pieces than the pawn is not supported",
                        p.name
                    ));
                    continue;
                }
                Ok((atoms, false)) if atoms.is_empty() => {
                    why.push(format!(
                        "{}: a piece that cannot move is not supported",
                        p.name
                    ));
                    continue;
                }
                Ok((atoms, false)) => {
                    let mut k = PieceKind::from_atoms(&p.name, letter, atoms);
                    k.betza = p.betza.clone();
                    if p.name == "king" { k.royal() } else { k }
                }
                Err(e) => {
                    why.push(format!("{}: {e}", p.name));
                    continue;
                }
            }
        };
        out.push(kind.worth(worth(rules, &p.name, p.letter)));
    }
    if !rules.pieces.iter().any(|p| p.name == "king") {
        why.push(
            "king: a game without a king needs extinction rules, which are not supported yet"
                .to_string(),
        );
    }
    if why.is_empty() { Ok(out) } else { Err(why) }
}

/// Centipawns of a type: the file's `pieceValueMg` scaled to its pawn (Fairy-Stockfish's pawn
/// is 126), else a value for the common types, else one from the number of its moves.
fn worth(rules: &FileRules, name: &str, letter: char) -> i32 {
    let pawn = rules
        .values
        .iter()
        .find(|(c, _)| rules.piece_by_letter(*c).is_some_and(|p| p.name == "pawn"))
        .map_or(126, |&(_, v)| v.max(1));
    if let Some(&(_, v)) = rules.values.iter().find(|(c, _)| *c == letter) {
        return v * 100 / pawn;
    }
    let known = [
        ("pawn", 100),
        ("knight", 320),
        ("bishop", 330),
        ("rook", 500),
        ("queen", 950),
        ("archbishop", 875),
        ("chancellor", 925),
        ("amazon", 1250),
        ("fers", 150),
        ("alfil", 120),
        ("wazir", 150),
        ("commoner", 300),
        ("centaur", 600),
        ("king", 0),
    ];
    if let Some(&(_, v)) = known.iter().find(|(n, _)| *n == name) {
        return v;
    }
    estimate(rules, name)
}

/// A value from the moves of a type on the empty board: about 40 a leap, 110 an
/// unlimited ride (a knight 320, a rook 440, a queen 880).
fn estimate(rules: &FileRules, name: &str) -> i32 {
    let Some(p) = rules.piece(name) else {
        return 100;
    };
    let Ok((atoms, _)) = betza::parse(&p.betza) else {
        return 100;
    };
    atoms
        .iter()
        .map(|a| {
            let each = match a.reach {
                crate::core::piece::Reach::Ride { range: 0 } => 110,
                crate::core::piece::Reach::Ride { range } => 40 * range.min(4) as i32,
                _ => 40,
            };
            let share = if a.mode == crate::core::piece::Mode::BOTH {
                1.0
            } else {
                0.6
            };
            (each as f64 * a.vectors.len() as f64 * share) as i32
        })
        .sum::<i32>()
        .clamp(50, 2000)
}

fn promotion_rule(
    rules: &FileRules,
    regions: &[BTreeSet<Cell>; 2],
    kind_of: &dyn Fn(&str) -> Option<usize>,
) -> Result<Option<PromotionRule>, String> {
    if !rules.pieces.iter().any(|p| p.name == "pawn")
        || (regions[0].is_empty() && regions[1].is_empty())
    {
        return Ok(None);
    }
    let last = cells(&format!("*{}", rules.ranks), rules.files, rules.ranks)?;
    let first = cells("*1", rules.files, rules.ranks)?;
    if regions[0] != last || regions[1] != first {
        return Err("promotionRegionWhite/Black: only the last rank is supported".to_string());
    }
    if rules.promotion_types[0] != rules.promotion_types[1] {
        return Err(
            "promotionPieceTypesWhite/Black: different promotions for each side are not supported"
                .to_string(),
        );
    }
    let choices: Vec<u8> = rules.promotion_types[0]
        .iter()
        .filter_map(|t| kind_of(t).map(|k| k as u8))
        .collect();
    if choices.is_empty() {
        return Err(
            "promotionPieceTypes: pawns reach the last rank with nothing to promote to".to_string(),
        );
    }
    Ok(Some(PromotionRule { choices }))
}

/// The start position in our dialect: the six FEN fields, none of Fairy-Stockfish's
/// extensions (pockets, walls, promoted marks, check counts), which need rules we refuse.
fn start_fen(rules: &FileRules) -> Result<String, String> {
    let fields: Vec<&str> = rules.start_fen.split_whitespace().collect();
    let Some(board) = fields.first() else {
        return Err("startFen: empty".to_string());
    };
    if let Some(c) = board
        .chars()
        .find(|c| matches!(c, '[' | ']' | '*' | '~' | '+'))
    {
        return Err(format!(
            "startFen: '{c}' (pockets, walls or promoted pieces) is not supported"
        ));
    }
    if fields.len() > 6 {
        return Err("startFen: extra fields (check counts) are not supported".to_string());
    }
    let defaults = ["", "w", "-", "-", "0", "1"];
    let all: Vec<&str> = (0..6)
        .map(|i| fields.get(i).copied().unwrap_or(defaults[i]))
        .collect();
    Ok(all.join(" "))
}

/// The FEN with its castling field emptied (a game without castling).
fn without_castling_rights(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() > 2 {
        fields[2] = "-";
    }
    fields.join(" ")
}

fn castling_rule(
    rules: &FileRules,
    start: &str,
    kind_of: &dyn Fn(&str) -> Option<usize>,
) -> Result<Option<CastlingRule>, String> {
    let rooks = &rules.castling_rook_types;
    if !rules.castling || rooks.is_empty() || kind_of("king").is_none() {
        return Ok(None);
    }
    let [rook] = rooks.as_slice() else {
        return Err(
            "castlingRookPieces: more than one castling rook type is not supported".to_string(),
        );
    };
    let Some(rook_kind) = kind_of(rook) else {
        return Ok(None);
    };
    if rules.castling_king_type != "king" {
        return Err("castlingKingPiece: only the king castles in Menagerie".to_string());
    }
    if rules.castling_rank != 0 {
        return Err("castlingRank: only the first rank is supported".to_string());
    }
    let last = rules.files - 1;
    if rules.castling_rook_files[0].is_some_and(|f| f != 0)
        || rules.castling_rook_files[1].is_some_and(|f| f != last)
    {
        return Err("castlingRook*File: only rooks in the corners are supported".to_string());
    }
    let Some(king_file) = king_file(start, rules) else {
        return Ok(None);
    };
    let [to_a, to_last] = rules.castling_king_to;
    if to_a >= king_file || to_last <= king_file || to_last >= last || to_a == 0 {
        return Err(format!(
            "castlingKingsideFile/castlingQueensideFile: the king on file {} cannot castle to files {} and {}",
            (b'a' + king_file) as char,
            (b'a' + to_a) as char,
            (b'a' + to_last) as char
        ));
    }
    let (a, b) = (king_file - to_a, to_last - king_file);
    Ok(Some(CastlingRule {
        steps: [(a, a), (b, b)],
        king_file,
        rook_kind: rook_kind as u8,
    }))
}

/// The file of White's king on the first rank of the start position, when Black's stands on
/// the same file of the last rank (where castling rights can apply).
fn king_file(start: &str, rules: &FileRules) -> Option<u8> {
    let king = rules.piece("king")?.letter;
    let board = start.split_whitespace().next()?;
    let rows: Vec<&str> = board.split('/').collect();
    let find = |row: &str, letter: char| -> Option<u8> {
        let mut file = 0u32;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<u32>().unwrap_or(0);
            digits.clear();
            if c == letter {
                return u8::try_from(file).ok();
            }
            file += 1;
        }
        None
    };
    let white = find(rows.last()?, king.to_ascii_uppercase())?;
    let black = find(rows.first()?, king)?;
    (white == black).then_some(white)
}

fn end_rules(rules: &FileRules) -> Result<EndRules, String> {
    let stalemate = match rules.stalemate_value.as_str() {
        "draw" => StalemateRule::Draw,
        "loss" => StalemateRule::MoverLoses,
        other => {
            return Err(format!(
                "stalemateValue: '{other}' is not supported (draw or loss)"
            ));
        }
    };
    if rules.checkmate_value != "loss" {
        return Err(format!(
            "checkmateValue: '{}' is not supported (loss)",
            rules.checkmate_value
        ));
    }
    Ok(EndRules {
        stalemate,
        move_limit: (rules.n_move_rule > 0).then_some(rules.n_move_rule * 2),
        repetitions: (rules.n_fold_rule > 0).then_some(rules.n_fold_rule),
        bare_royals_draw: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions() {
        assert_eq!(cells("*2", 8, 8).unwrap().len(), 8);
        assert_eq!(cells("a* *1", 8, 8).unwrap().len(), 15);
        assert_eq!(cells("e4 d5 -", 8, 8).unwrap().len(), 2);
        assert_eq!(cells("*9", 8, 8).unwrap().len(), 0, "clipped to the board");
        assert!(cells("x9", 8, 8).is_err());
        assert!(cells("*", 10, 8).unwrap().len() == 80);
    }

    #[test]
    fn kings_file_from_the_start() {
        let mut r = FileRules::empty();
        r.set_piece("king", 'k', "K");
        assert_eq!(
            king_file("rnabqkbcnr/10/10/10/10/10/10/RNABQKBCNR w", &r),
            Some(5)
        );
        assert_eq!(king_file("k7/8/8/8/8/8/8/7K w", &r), None);
    }
}
