//! What every game shares: pieces as data, positions, moves, tables, generic rules.

pub mod attacks;
pub mod betza;
pub mod board;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod multi;
pub mod notation;
pub mod notation_error;
pub mod outcome;
pub mod piece;
pub mod position;
pub mod random;
pub mod reach_sets;
pub mod rules;
pub mod tables;
pub mod variant;
pub mod zobrist;
