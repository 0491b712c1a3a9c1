//! Menagerie: a multi-variant chess engine. See README.md.

pub mod cli;
pub mod core;
pub mod eval;
pub mod fen;
pub mod fuzz;
pub mod geometry;
pub mod matches;
pub mod perft;
pub mod protocol;
pub mod search;
pub mod serve;
pub mod tune;
pub mod variants;
