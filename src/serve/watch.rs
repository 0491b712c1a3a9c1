//! A `menagerie match` shown live: the referee reports every move, the server shows the game.
//! (Filled in below.)

use std::sync::{Mutex, Weak};

use serde_json::{Value, json};

use super::Shared;

/// The match being watched.
#[derive(Default)]
pub struct Watch {
    shared: Mutex<Weak<Shared>>,
}

impl Watch {
    /// Connects the watch to its server.
    pub fn attach(&self, shared: Weak<Shared>) {
        *self.shared.lock().unwrap_or_else(|e| e.into_inner()) = shared;
    }

    pub fn json(&self) -> Value {
        json!({})
    }
}
