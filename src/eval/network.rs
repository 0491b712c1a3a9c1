//! An evaluation network ("NNUE"): one hidden layer per point of view, updated move by move.
//!
//! Why: the hand-made terms with the learned correction ([`super::learned`]) left chess at
//! about a sixth of the points against Fairy-Stockfish after many screened search and
//! evaluation changes (docs/experiments.md). A network trained on millions of positions
//! scored by a strong engine says what the terms could not, and, kept up to date move by move
//! ([`accumulators`]), costs less per node than the board terms' attack maps.
//!
//! Shape: inputs are (man relative to the point of view, kind, cell as that side sees it), so
//! one set of weights serves both players; each side's hidden layer (the *accumulator*,
//! `hidden` 16-bit sums) is the bias plus the weight rows of the men on the board. The output
//! squares each hidden value clipped to [0, 1] ("SCReLU"), weighs the side to move's layer and
//! the other's, and picks the output weights by how many men are left (buckets).
//!
//! Integers as in the usual quantisation: feature weights times [`QA`], output weights times
//! [`QB`], so a position's score is the same on every machine, with or without AVX2.
//! The trainer (`menagerie tune train-network`, `src/tune/network.rs`) writes the file.

pub mod accumulators;
mod simd;

use crate::core::board::Piece;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::geometry::Sq;
use std::sync::{Arc, OnceLock};

pub use accumulators::Accumulators;

/// Scale of the feature weights and hidden biases: a hidden value of 1.0 is `QA`.
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output (the trainer's sigmoid divides by this).
pub const SCALE: i32 = 400;
/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"MNGNET01";
/// Hidden layers must be a multiple of this (the sums run in whole vector registers).
pub const HIDDEN_STEP: usize = 32;
/// The widest hidden layer a file may have.
pub const MAX_HIDDEN: usize = 2048;

/// The networks built into the engine, by variant name (`src/eval/network/*.nnue`; each
/// has a `.md` beside it saying how it was trained).
const BUILT_IN: &[(&str, &[u8])] = &[("chess", include_bytes!("network/chess.nnue"))];

/// How the second player's view of the board is made from the first's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Ranks mirrored (chess: the start is symmetric across the middle rank).
    MirrorRanks = 0,
    /// Turned half a turn (Wildebeest: the start is symmetric about the centre).
    Rotate = 1,
}

#[derive(Debug)]
pub struct Network {
    kinds: usize,
    squares: usize,
    hidden: usize,
    buckets: usize,
    /// How many men more each output bucket covers: bucket = (men - 2) / men_per_bucket.
    men_per_bucket: usize,
    view: View,
    /// Whether a side whose royal stands on the right half of the board (as it sees it)
    /// sees the board mirrored left to right ("horizontal mirroring"): the royal is then
    /// always on the left, so what a position teaches serves both wings.
    mirror_files: bool,
    /// The cell as the second player sees it, per cell.
    mirrored: Vec<u16>,
    /// The cell mirrored left to right, per cell.
    flipped: Vec<u16>,
    files: usize,
    /// `hidden` weights per input, input `(relative owner * kinds + kind) * squares + cell`.
    feature_weights: Vec<i16>,
    feature_bias: Vec<i16>,
    /// Per bucket: `hidden` weights for the side to move's layer, then `hidden` for the other.
    output_weights: Vec<i16>,
    output_bias: Vec<i32>,
}

/// Why a network file is refused.
#[derive(Debug, PartialEq, Eq)]
pub struct NetworkError(pub String);

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads little-endian numbers off a byte slice, failing at its end.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], NetworkError> {
        let (head, rest) = self
            .0
            .split_first_chunk::<N>()
            .ok_or_else(|| NetworkError("the file ends early".into()))?;
        self.0 = rest;
        Ok(*head)
    }
    fn u16(&mut self) -> Result<usize, NetworkError> {
        Ok(u16::from_le_bytes(self.take()?) as usize)
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, NetworkError> {
        (0..n)
            .map(|_| Ok(i16::from_le_bytes(self.take()?)))
            .collect()
    }
    fn i32s(&mut self, n: usize) -> Result<Vec<i32>, NetworkError> {
        (0..n)
            .map(|_| Ok(i32::from_le_bytes(self.take()?)))
            .collect()
    }
}

/// What a network file holds, in the order written: the trainer builds one of these.
pub struct NetworkFile {
    pub kinds: usize,
    pub squares: usize,
    pub hidden: usize,
    pub buckets: usize,
    pub men_per_bucket: usize,
    pub view: View,
    pub mirror_files: bool,
    pub feature_weights: Vec<i16>,
    pub feature_bias: Vec<i16>,
    pub output_weights: Vec<i16>,
    pub output_bias: Vec<i32>,
}

impl NetworkFile {
    /// The bytes of the file: [`MAGIC`], seven 16-bit numbers (kinds, cells, hidden, buckets,
    /// men per bucket, view, mirror files), then the weights, all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for n in [
            self.kinds,
            self.squares,
            self.hidden,
            self.buckets,
            self.men_per_bucket,
            self.view as usize,
            self.mirror_files as usize,
        ] {
            out.extend_from_slice(&(n as u16).to_le_bytes());
        }
        for w in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// Reads the bytes [`to_bytes`](Self::to_bytes) writes, checking every size.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, NetworkError> {
        let mut r = Reader(bytes);
        if &r.take::<8>()? != MAGIC {
            return Err(NetworkError("not a Menagerie network file".into()));
        }
        let (kinds, squares, hidden) = (r.u16()?, r.u16()?, r.u16()?);
        let (buckets, men_per_bucket, view) = (r.u16()?, r.u16()?, r.u16()?);
        let mirror_files = match r.u16()? {
            0 => false,
            1 => true,
            other => return Err(NetworkError(format!("mirror files {other}, not 0 or 1"))),
        };
        let view = match view {
            0 => View::MirrorRanks,
            1 => View::Rotate,
            other => return Err(NetworkError(format!("unknown view {other}"))),
        };
        if hidden == 0 || hidden % HIDDEN_STEP != 0 || hidden > MAX_HIDDEN {
            return Err(NetworkError(format!(
                "{hidden} hidden values (a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN})"
            )));
        }
        if buckets == 0 || men_per_bucket == 0 || kinds == 0 || squares == 0 {
            return Err(NetworkError("an empty dimension".into()));
        }
        let inputs = 2 * kinds * squares;
        let file = NetworkFile {
            kinds,
            squares,
            hidden,
            buckets,
            men_per_bucket,
            view,
            mirror_files,
            feature_weights: r.i16s(inputs * hidden)?,
            feature_bias: r.i16s(hidden)?,
            output_weights: r.i16s(buckets * 2 * hidden)?,
            output_bias: r.i32s(buckets)?,
        };
        if !r.0.is_empty() {
            return Err(NetworkError("bytes after the output biases".into()));
        }
        Ok(file)
    }
}

impl Network {
    /// The built-in network of `v`, if it has one (read once per process). Only two-player
    /// games without holdings on a flat board have one.
    pub fn built_in(v: &Variant) -> Option<Arc<Network>> {
        static PARSED: [OnceLock<Option<Arc<Network>>>; BUILT_IN.len()] =
            [const { OnceLock::new() }; BUILT_IN.len()];
        if v.spec.players != 2 || v.spec.holdings || v.geometry().axes() != 2 {
            return None;
        }
        if let Some(net) = Self::from_environment(v) {
            return net;
        }
        let index = BUILT_IN.iter().position(|(name, _)| *name == v.name())?;
        let (name, bytes) = BUILT_IN[index];
        PARSED[index]
            .get_or_init(|| {
                Self::from_bytes(bytes, v)
                    .map_err(|e| log::error!("the built-in network for {name}: {e}"))
                    .ok()
                    .map(Arc::new)
            })
            .clone()
    }

    /// The network named by `MENAGERIE_NETWORK` (`VARIANT=FILE`, or `VARIANT=none` for
    /// none), read once per process: for trying a trained network without building it in.
    fn from_environment(v: &Variant) -> Option<Option<Arc<Network>>> {
        static READ: OnceLock<Option<Arc<Network>>> = OnceLock::new();
        let setting = std::env::var("MENAGERIE_NETWORK").ok()?;
        let (name, path) = setting.split_once('=')?;
        if name != v.name() {
            return None;
        }
        let net = READ.get_or_init(|| {
            if path == "none" {
                return None;
            }
            std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| Self::from_bytes(&bytes, v).map_err(|e| e.0))
                .map_err(|e| log::error!("MENAGERIE_NETWORK {path}: {e}"))
                .ok()
                .map(Arc::new)
        });
        Some(net.clone())
    }

    /// A network from a file's bytes, for the board of `v`.
    pub fn from_bytes(bytes: &[u8], v: &Variant) -> Result<Network, NetworkError> {
        let file = NetworkFile::from_bytes(bytes)?;
        let g = v.geometry();
        if g.axes() != 2 || file.kinds != v.kinds() || file.squares != g.squares() {
            return Err(NetworkError(format!(
                "the file is for {} kinds on {} cells, this game has {} on {}",
                file.kinds,
                file.squares,
                v.kinds(),
                g.squares()
            )));
        }
        // Output weights beyond what an i16 times a clipped hidden value squared can sum
        // without overflow would need wider sums; the trainer clips far below this.
        let mirrored = (0..g.squares() as Sq)
            .map(|sq| mirror(v, file.view, sq))
            .collect();
        let flipped = (0..g.squares() as Sq)
            .map(|sq| {
                let (f, r) = (g.file_of(sq), g.rank_of(sq));
                g.square(&[(g.files() - 1 - f) as i32, r as i32])
                    .unwrap_or(sq)
            })
            .collect();
        Ok(Network {
            kinds: file.kinds,
            squares: file.squares,
            hidden: file.hidden,
            buckets: file.buckets,
            men_per_bucket: file.men_per_bucket,
            view: file.view,
            mirror_files: file.mirror_files,
            mirrored,
            flipped,
            files: g.files(),
            feature_weights: file.feature_weights,
            feature_bias: file.feature_bias,
            output_weights: file.output_weights,
            output_bias: file.output_bias,
        })
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    pub fn view(&self) -> View {
        self.view
    }

    /// The cell `sq` as `player` sees it, before any left-right mirroring.
    #[inline]
    fn seen(&self, player: u8, sq: Sq) -> usize {
        if player == 0 {
            sq as usize
        } else {
            self.mirrored[sq as usize] as usize
        }
    }

    /// Whether `player` sees `pos` mirrored left to right: its royal stands on the right
    /// half as it sees the board (never without [`mirror_files`](Self::mirror_files) or a
    /// royal).
    #[inline]
    pub fn mirrors(&self, pos: &Position, player: u8) -> bool {
        self.mirrors_with_royal_on(player, pos.royals(player).first())
    }

    /// [`mirrors`](Self::mirrors) for a player whose (first) royal stands on `royal`.
    #[inline]
    pub fn mirrors_with_royal_on(&self, player: u8, royal: Option<Sq>) -> bool {
        self.mirror_files
            && royal.is_some_and(|royal| {
                let file = self.seen(player, royal) % self.files;
                2 * file >= self.files
            })
    }

    /// The input index of `piece` on `sq` seen by `player` (0 or 1), mirrored left to right
    /// when `flip`.
    #[inline]
    pub fn input(&self, player: u8, flip: bool, piece: Piece, sq: Sq) -> usize {
        let mut cell = self.seen(player, sq);
        if flip {
            cell = self.flipped[cell] as usize;
        }
        let relative = (piece.owner() != player) as usize;
        (relative * self.kinds + piece.kind() as usize) * self.squares + cell
    }

    /// The weight row of an input.
    #[inline]
    fn row(&self, input: usize) -> &[i16] {
        &self.feature_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// `player`'s hidden layer of `pos` from scratch, into `out` (`hidden` values).
    pub fn refresh(&self, pos: &Position, player: u8, flip: bool, out: &mut [i16]) {
        out.copy_from_slice(&self.feature_bias);
        for owner in 0..2u8 {
            for sq in pos.occupied(owner).iter() {
                simd::add(out, self.row(self.input(player, flip, pos.at(sq), sq)));
            }
        }
    }

    /// `player`'s layer updated (`out`, from `from`) for cells whose content changed. A
    /// move's few changes are applied in one pass; longer lists (layers caught up over
    /// several plies) row by row.
    pub fn update(
        &self,
        player: u8,
        flip: bool,
        from: &[i16],
        out: &mut [i16],
        changes: &[(Sq, Piece, Piece)],
    ) {
        /// The most changed cells applied in one pass.
        const FUSED: usize = 4;
        if changes.len() > FUSED {
            out.copy_from_slice(from);
            for &(sq, then, now) in changes {
                if !then.is_empty() {
                    simd::sub(out, self.row(self.input(player, flip, then, sq)));
                }
                if !now.is_empty() {
                    simd::add(out, self.row(self.input(player, flip, now, sq)));
                }
            }
            return;
        }
        let mut adds: [&[i16]; FUSED] = [&[]; FUSED];
        let mut subs: [&[i16]; FUSED] = [&[]; FUSED];
        let (mut na, mut ns) = (0, 0);
        for &(sq, then, now) in changes {
            if !then.is_empty() {
                subs[ns] = self.row(self.input(player, flip, then, sq));
                ns += 1;
            }
            if !now.is_empty() {
                adds[na] = self.row(self.input(player, flip, now, sq));
                na += 1;
            }
        }
        simd::apply(out, from, &adds[..na], &subs[..ns]);
    }

    /// The output bucket for a position with `men` men on the board.
    #[inline]
    pub fn bucket(&self, men: usize) -> usize {
        (men.saturating_sub(2) / self.men_per_bucket).min(self.buckets - 1)
    }

    /// The score in centipawns for `side` (0 or 1) from both players' layers.
    pub fn output(&self, layers: &[i16], side: u8, men: usize) -> i32 {
        let (first, second) = layers.split_at(self.hidden);
        let (us, them) = if side == 0 {
            (first, second)
        } else {
            (second, first)
        };
        let bucket = self.bucket(men);
        let weights = &self.output_weights[bucket * 2 * self.hidden..][..2 * self.hidden];
        let (ours, theirs) = weights.split_at(self.hidden);
        let sum = simd::screlu_dot(us, ours) + simd::screlu_dot(them, theirs);
        let out = sum / QA as i64 + self.output_bias[bucket] as i64;
        (out * SCALE as i64 / (QA * QB) as i64) as i32
    }

    /// The score of `pos` for the side to move, computed from scratch (tests, tools).
    pub fn evaluate_afresh(&self, pos: &Position) -> i32 {
        let h = self.hidden;
        let mut layers = vec![0; 2 * h];
        for player in 0..2u8 {
            let flip = self.mirrors(pos, player);
            let range = player as usize * h..(player as usize + 1) * h;
            self.refresh(pos, player, flip, &mut layers[range]);
        }
        self.output(&layers, pos.side(), men(pos))
    }
}

/// How many men stand on the board.
#[inline]
pub fn men(pos: &Position) -> usize {
    pos.occupied(0).len() + pos.occupied(1).len()
}

/// The cell `sq` as the second player sees it.
fn mirror(v: &Variant, view: View, sq: Sq) -> u16 {
    let g = v.geometry();
    match view {
        View::Rotate => (g.squares() - 1 - sq as usize) as u16,
        View::MirrorRanks => {
            let (file, rank) = (g.file_of(sq), g.rank_of(sq));
            g.square(&[file as i32, (g.ranks() - 1 - rank) as i32])
                .unwrap_or(sq)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::fen::parse_position;
    use crate::variants::western_by_name as western;

    fn chess_bytes() -> &'static [u8] {
        BUILT_IN
            .iter()
            .find(|(name, _)| *name == "chess")
            .unwrap()
            .1
    }

    /// The file built in is the one trained: it reads, and it knows what a queen is worth
    /// (scores are the side to move's).
    #[test]
    fn the_built_in_chess_network_reads_and_judges_material() {
        let g = western("chess");
        let net = Network::from_bytes(chess_bytes(), g.variant()).unwrap();
        let score = |fen: &str| net.evaluate_afresh(&parse_position(&g, fen).unwrap());
        let start = score(crate::variants::chess::START);
        assert!(start.abs() < 100, "start {start}");
        let without_queen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR";
        let white = score(&format!("{without_queen} w kq - 0 1"));
        let black = score(&format!("{without_queen} b kq - 0 1"));
        assert!(white < -400 && black > 400, "{white} {black}");
    }

    /// A file reads back to its own bytes, and every damage is refused with a reason,
    /// never a panic: cut short, too long, wrong magic, sizes or flags, another board.
    #[test]
    fn files_round_trip_and_damaged_ones_are_refused() {
        let chess = western("chess");
        let v = chess.variant();
        let bytes = chess_bytes();
        assert_eq!(NetworkFile::from_bytes(bytes).unwrap().to_bytes(), bytes);
        let damaged = |at: usize, value: u8| {
            let mut b = bytes.to_vec();
            b[at] = value;
            b
        };
        let mut longer = bytes.to_vec();
        longer.push(0);
        // Header: magic (8 bytes), then kinds, cells, hidden, buckets, men per bucket, view,
        // mirror files (2 bytes each).
        for bad in [
            Vec::new(),
            bytes[..bytes.len() - 1].to_vec(),
            longer,
            damaged(0, b'X'),
            damaged(12, 33),
            damaged(14, 0),
            damaged(18, 7),
            damaged(20, 2),
        ] {
            let error = Network::from_bytes(&bad, v).err();
            assert!(error.is_some_and(|e| !e.0.is_empty()));
        }
        let wildebeest = western("wildebeest");
        let error = Network::from_bytes(bytes, wildebeest.variant()).unwrap_err();
        assert!(error.0.contains("cells"), "{error}");
    }
}
