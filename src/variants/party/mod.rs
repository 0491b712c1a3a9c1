//! Party Chess: a 20x20 board, two to eight players, 21 piece types, turns of one to three
//! atomic plays, knives instead of checkmate.
//!
//! Source: the Party Chess Rule Suite (Nomic rules 1230 to 1230.40, 1998); our ruling document
//! is docs/party.md, whose numbered DECISIONs (D1-D47) this module follows. Where the
//! spec is silent, the choices made are listed in docs/party.md.
//!
//! Where each rule lives:
//! * `board.rs` the board, squares, zones and rays (§2); `piece.rs` the 21 types (§3.2);
//!   `pieces/` their movement (§3.3), one file per group; `aura.rs` the Cantor aura and
//!   `guard.rs` shielding (§3.4); `attack.rs` capture targets, attack, defence, check (§3.1,
//!   §3.4, §6.1);
//! * `weight.rs` Weight and Mobility (§5); `turn.rs` shapes of a turn and truncation (§4.2,
//!   §4.3); `placement.rs` placement restrictions (§4.4); `moves.rs` Move and Capture atoms with
//!   promotions (§4.1); `legal.rs` which atoms may be made (no dead ends); `make.rs` their
//!   effects (§4.1, §6.3, §6.5); `play_list.rs` the play list (§6.4); `knives.rs` winning a
//!   hand (§8); `count.rs` counting plays for perft;
//! * `state.rs` and `position.rs` the position; `armies.rs` the setup (§7); `notation.rs`
//!   position and play strings (§9); `draw.rs` the drawing for `show` and UCI `d`.
//!
//! The game implements the N-player contract `core::multi::{MultiGame, MultiNotation}`.

pub mod armies;
pub mod atom;
pub mod attack;
pub mod aura;
pub mod board;
pub mod count;
pub mod draw;
pub mod guard;
pub mod knives;
pub mod legal;
pub mod make;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod pieces;
pub mod placement;
pub mod play_list;
pub mod position;
pub mod state;
pub mod turn;
pub mod weight;
mod zobrist;

pub use atom::{Atom, AtomKind};
pub use make::EndRule;
pub use piece::{Kind, Piece, Unit};
pub use position::PartyPosition;

use super::options::OptionValues;
use crate::core::multi::{MultiGame, MultiOutcome, PerPlayer, Player, PlayerSet};
use armies::Army;
use state::State;

/// UCI/CLI option: the number of players (2..8, default 2).
pub const OPT_PLAYERS: &str = "PartyPlayers";
/// UCI/CLI option: the armies (`STANDARD`, `ARCHERY`, `EXOTIC`, a 5-piece string, or
/// `a:RGBCD,b:RABCJ,...`).
pub const OPT_ARMIES: &str = "PartyArmies";
/// UCI/CLI option: Benefyts each player starts with (D1, default 3; 0 switches Specials off).
pub const OPT_BENEFYTS: &str = "PartyBenefyts";
/// UCI/CLI option: how a hand ends, `hand` (the knife rule) or `first-knife` (D44).
pub const OPT_END: &str = "PartyEnd";

/// The Party Chess game under its options.
#[derive(Clone, Debug)]
pub struct Party {
    players: u8,
    armies: Vec<Army>,
    benefyts: u16,
    end: EndRule,
}

impl Party {
    /// A game for `players` players with the given armies (one per player), starting Benefyts
    /// and end rule.
    pub fn new(
        players: usize,
        armies: Vec<Army>,
        benefyts: u16,
        end: EndRule,
    ) -> Result<Party, String> {
        if !(2..=8).contains(&players) {
            return Err(format!("Party Chess is for 2 to 8 players, not {players}"));
        }
        if armies.len() != players {
            return Err(format!(
                "{} armies given for {players} players",
                armies.len()
            ));
        }
        Ok(Party {
            players: players as u8,
            armies,
            benefyts,
            end,
        })
    }

    /// The game the variant options describe.
    pub fn build(options: &OptionValues) -> Result<Party, String> {
        let players = options.number(OPT_PLAYERS) as usize;
        let armies = armies::armies(&options.text(OPT_ARMIES), players)
            .map_err(|e| format!("{OPT_ARMIES}: {e}"))?;
        let end = match options.choice(OPT_END).as_str() {
            "first-knife" => EndRule::FirstKnife,
            _ => EndRule::Hand,
        };
        Party::new(players, armies, options.number(OPT_BENEFYTS) as u16, end)
    }

    /// The default game: two players, STANDARD armies, 3 Benefyts, the knife rule.
    pub fn standard() -> Party {
        Party::build(&OptionValues::default()).expect("the default options are valid")
    }

    /// How hands end in this game.
    pub fn end_rule(&self) -> EndRule {
        self.end
    }

    /// The number of players of the start position.
    pub fn player_count(&self) -> usize {
        self.players as usize
    }

    /// The start position (§7): an empty board, each reserve a King and the player's army.
    pub fn start_state(&self) -> State {
        let mut st = State::empty(self.players);
        for p in 0..self.players {
            st.reserve_add(p, Unit::new(Kind::King, 0));
            for &k in &self.armies[p as usize] {
                st.reserve_add(p, Unit::new(k, 1));
            }
            st.set_benefyts(p, self.benefyts);
        }
        st
    }
}

impl MultiGame for Party {
    type Pos = PartyPosition;
    type Atom = Atom;

    const END_TURN: Atom = Atom::END_TURN;

    fn players(&self, pos: &PartyPosition) -> usize {
        pos.st.players as usize
    }

    fn to_move(&self, pos: &PartyPosition) -> Player {
        pos.st.mover() as Player
    }

    fn play_list(&self, pos: &PartyPosition) -> Vec<Player> {
        pos.play_list()
    }

    fn atoms(&self, pos: &mut PartyPosition, out: &mut Vec<Atom>) {
        legal::atoms(pos.state_mut(), self.end, out);
    }

    fn candidate_atoms(&self, pos: &mut PartyPosition, out: &mut Vec<Atom>) {
        legal::candidate_atoms(pos.state_mut(), self.end, out);
    }

    fn make_atom(&self, pos: &mut PartyPosition, atom: Atom) {
        let end = self.end;
        if atom.kind != AtomKind::EndTurn {
            legal::prepare(pos.state_mut());
        }
        pos.push(atom.kind == AtomKind::EndTurn, |st| {
            make::play(st, atom, end)
        });
    }

    fn unmake_atom(&self, pos: &mut PartyPosition) {
        pos.pop();
    }

    fn forget_undo(&self, pos: &mut PartyPosition) {
        pos.forget_undo();
    }

    fn make_null_turn(&self, pos: &mut PartyPosition) -> bool {
        let st = pos.state();
        if st.turn_state.atoms > 0 || st.ended.is_some() || attack::in_check(st, st.mover()) {
            return false;
        }
        pos.push(false, |st| {
            // A null turn checks nobody new.
            let order = play_list::after_turn(st, attack::check_set(st));
            st.set_list(&order[..st.players as usize]);
            st.turn_state = turn::TurnState::fresh();
        });
        true
    }

    fn turn_open(&self, pos: &PartyPosition) -> bool {
        pos.st.turn_state.atoms > 0
    }

    fn hash(&self, pos: &PartyPosition) -> u64 {
        pos.st.key ^ pos.st.turn_state.hash()
    }

    fn outcome(&self, pos: &PartyPosition) -> Option<MultiOutcome> {
        let st = pos.state();
        if st.turn_state.atoms > 0 {
            return None;
        }
        let knives = self.knives(pos);
        if let Some(end) = st.ended {
            return Some(MultiOutcome {
                winner: end.winner.map(|w| w as Player),
                reason: end.reason,
                knives,
            });
        }
        let s = st.players as u32;
        let draw = |reason| {
            Some(MultiOutcome {
                winner: None,
                reason,
                knives: knives.clone(),
            })
        };
        if pos.repetitions() >= 3 {
            return draw("repetition");
        }
        if st.quiet >= 50 * s {
            return draw("quiet");
        }
        if st.turn > 400 * s {
            let max = knives.iter().copied().max().unwrap_or(0);
            let leaders: Vec<Player> = (0..knives.len()).filter(|&p| knives[p] == max).collect();
            return Some(MultiOutcome {
                winner: (leaders.len() == 1).then(|| leaders[0]),
                reason: "turn-cap",
                knives,
            });
        }
        None
    }

    fn in_check_set(&self, pos: &PartyPosition) -> PlayerSet {
        attack::check_set(pos.state())
    }

    fn knives(&self, pos: &PartyPosition) -> PerPlayer<u32> {
        (0..pos.players()).map(|p| pos.knives_of(p)).collect()
    }

    fn is_capture(&self, _pos: &PartyPosition, atom: Atom) -> bool {
        atom.is_capture()
    }

    /// The condition under which `legal::atoms` offers END, without listing the atoms.
    fn may_end_turn(&self, pos: &mut PartyPosition) -> bool {
        let st = pos.state_mut();
        if st.ended.is_some() {
            return false;
        }
        legal::prepare(st);
        turn::Phase::of(st).may_end() && !attack::in_check(st, st.mover())
    }

    /// At the start of a turn: the Moves and Captures of the mover's pieces (what can capture
    /// or give check; placements may not attack and Specials may not leave a King attacked,
    /// D18), without proving each completable: the search plays them only as whole one-atom
    /// turns. Later in a turn: every candidate.
    fn threat_atoms(&self, pos: &mut PartyPosition, out: &mut Vec<Atom>) {
        out.clear();
        let st = pos.state_mut();
        if st.ended.is_some() {
            return;
        }
        if st.turn_state.atoms > 0 {
            legal::candidate_atoms(st, self.end, out);
            return;
        }
        legal::prepare(st);
        let x = st.mover() as usize;
        let squares: Vec<_> = st.occ[x].iter().collect();
        for s in squares {
            moves::piece_atoms(st, s, true, out);
        }
    }

    /// The viable Captures of the player to move (a Capture is always a single play, so only
    /// at the start of a turn), without generating the placements (the search's quiescence).
    fn capture_atoms(&self, pos: &mut PartyPosition, out: &mut Vec<Atom>) {
        out.clear();
        let st = pos.state_mut();
        if st.ended.is_some() || st.turn_state.atoms > 0 {
            return;
        }
        legal::prepare(st);
        let x = st.mover() as usize;
        let squares: Vec<_> = st.occ[x].iter().collect();
        let mut cands = Vec::new();
        for s in squares {
            moves::piece_atoms(st, s, true, &mut cands);
        }
        out.extend(
            cands
                .into_iter()
                .filter(|a| a.is_capture() && legal::viable(st, *a, self.end)),
        );
    }

    fn count_plays(&self, pos: &mut PartyPosition) -> u64 {
        count::plays(pos.state_mut(), self.end)
    }

    fn check_consistency(&self, pos: &PartyPosition) -> Result<(), String> {
        notation::check_state(pos.state())
    }
}

impl crate::core::multi::MultiNotation for Party {
    fn start_position(&self) -> PartyPosition {
        PartyPosition::new(self.start_state())
    }

    fn read_position(
        &self,
        text: &str,
    ) -> Result<PartyPosition, crate::core::notation_error::PositionError> {
        notation::read_state(text.trim(), self.end).map(PartyPosition::new)
    }

    fn write_position(&self, pos: &PartyPosition) -> String {
        notation::write_state(pos.state())
    }

    fn read_play(
        &self,
        pos: &mut PartyPosition,
        text: &str,
    ) -> Result<Vec<Atom>, crate::core::notation_error::MoveError> {
        notation::read_play(pos.state(), self.end, text.trim())
    }

    fn atom_text(&self, pos: &PartyPosition, atom: Atom) -> String {
        notation::atom_text(pos.state(), atom)
    }

    fn default_play(&self, pos: &mut PartyPosition) -> Vec<Atom> {
        notation::default_play(pos.state_mut(), self.end)
    }

    fn draw(&self, pos: &PartyPosition) -> String {
        draw::draw(pos.state())
    }
}
