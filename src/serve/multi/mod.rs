//! The browser board for games of more than two players whose turns are built from several
//! atomic plays (Party Chess, `core::multi`): `view` says what the page needs of such a game,
//! `party` answers it for Party Chess, and `table` is the game on the table (line of turns,
//! the turn being built, seats, clocks, records, the N-player search).

pub mod party;
pub mod table;
pub mod view;

pub use table::{Ids, MultiBoard, MultiTable};
pub use view::MultiView;
