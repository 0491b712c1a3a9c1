//! Rules that data alone cannot express but that several games share. Each file holds one rule.

pub mod castling;
pub mod compulsion;
pub mod en_passant;
pub mod promotion;
