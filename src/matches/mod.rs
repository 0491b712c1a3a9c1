//! `menagerie match`: engine-versus-engine matches over UCI or XBoard in any variant the core
//! knows, with the core as referee. This commit brings the building blocks; the runner follows.

pub mod adapter;
pub mod codec;
pub mod config;
pub mod engine;
pub mod openings;
pub mod stats;
pub mod uci;
pub mod xboard;
