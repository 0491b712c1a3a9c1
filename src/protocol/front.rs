//! What the UCI loop plays, whatever the number of players: one [`Front`] for the two-player
//! game kept in the [`Session`] (every family but Party, [`super::two_players`]) and one for
//! an N-player game of compound turns (Party Chess, [`super::multi`]). The loop holds a
//! `Box<dyn Front>` and never asks which kind it is; dynamic dispatch stops here, at the
//! protocol edge, and each search below it is monomorphized for its game.

use std::collections::VecDeque;
use std::sync::mpsc::Receiver;

use super::Event;
use super::session::Session;
use crate::search::multi::MultiSettings;

/// The UCI options a `go` needs beyond the session's own settings.
pub struct GoOptions<'a> {
    /// The N-player search's settings (`PartySearch`, `Move Overhead`).
    pub multi: &'a MultiSettings,
}

/// What a `go` did.
pub enum Went {
    /// A search runs; `open_ended` when it ends only when told (`infinite`, `ponder`).
    Searching { open_ended: bool },
    /// Answered at once (`go perft N`): the text to print.
    Answered(String),
}

/// The game the UCI loop plays. The session holds what both kinds share: the output, the hash
/// table, the options and (for two players) the game itself.
pub trait Front {
    fn searching(&self, session: &Session) -> bool;
    /// Asks the running search (if any) to stop; its answer still arrives as an event.
    fn stop_search(&self, session: &Session);
    fn ponder_hit(&self, session: &Session);
    /// `ucinewgame`: back to the start position.
    fn reset(&mut self, session: &mut Session);
    /// `d`: the position drawn.
    fn drawing(&self, session: &Session) -> String;
    /// `position`: on error nothing changes.
    fn set_position(
        &mut self,
        session: &mut Session,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), String>;
    /// `go` with its words; an error leaves nothing running.
    fn go(
        &mut self,
        session: &mut Session,
        words: &[&str],
        options: &GoOptions,
    ) -> Result<Went, String>;
    /// An event that may close this front's search: the lines to print (`bestmove` last), or
    /// None when the event is not this front's running search.
    fn search_done(&mut self, session: &mut Session, event: Event) -> Option<Vec<String>>;
    /// Stops the running search and waits for it (other events go to `deferred`): its
    /// closing lines.
    fn stop_and_wait(
        &mut self,
        session: &mut Session,
        events: &Receiver<Event>,
        deferred: &mut VecDeque<Event>,
    ) -> Vec<String>;
    /// A variant rule option changed (already stored in the session): the front rebuilds its
    /// game if the option is one of its rules. Lines to print, or an error.
    fn option_changed(&mut self, session: &Session, option: &str) -> Result<Vec<String>, String>;
}

/// Reports a problem the UCI way (`info string error ...`, and a warning in the log).
pub fn report_error(session: &Session, text: &str) {
    log::warn!("{text}");
    session.out.line(&format!("info string error {text}"));
}
