//! Games written down in Fairy-Stockfish's variant-file format (`variants.ini`), the format
//! variant players share their games in: a reader for the syntax ([`sections`]), the keys
//! Menagerie reads or refuses ([`keys`], [`rules`]), Fairy-Stockfish's pieces and Betza dialect
//! ([`pieces`], [`betza`]), the translation into a game of our Western family ([`spec`]), and
//! the catalog of games from files, ours (`builtin.ini`) and the user's ([`catalog`]).
//! docs/variant-files.md says what is supported and how it was checked.

pub mod betza;
pub mod catalog;
pub mod keys;
pub mod pieces;
pub mod rules;
pub mod sections;
pub mod spec;

pub use catalog::{Definition, FileReport, built_in, find, load, read};
