//! Errors of position and move strings, worded for the person who typed them. They live in
//! the core because a family's own notation hook ([`super::notation::FamilyNotation`]) returns
//! them; the readers that produce them are in `src/fen`.

/// A syntax error: which field of the position string, at which column (1-based), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub field: &'static str,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "field '{}', column {}: {}",
            self.field, self.column, self.message
        )
    }
}

/// A position string that cannot be played: bad syntax, or a placement the rules forbid
/// (every reason is listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Syntax(FenError),
    Illegal(Vec<String>),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Syntax(e) => write!(f, "invalid position string: {e}"),
            PositionError::Illegal(reasons) => {
                write!(f, "illegal position: {}", reasons.join("; "))
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A move string that is not a move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move string of this variant's notation at all.
    Syntax(String),
    /// Well formed, but not a legal move in the position.
    Illegal(String),
    /// Not a move string of the notation; `reason` says where (N-player plays of several
    /// atoms, `core::multi`).
    SyntaxAt { text: String, reason: String },
    /// Well formed, but not legal here; `reason` says which part and why.
    IllegalBecause { text: String, reason: String },
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Syntax(m) => write!(f, "unparsable move '{m}'"),
            MoveError::Illegal(m) => write!(f, "illegal move '{m}'"),
            MoveError::SyntaxAt { text, reason } => write!(f, "unparsable move '{text}': {reason}"),
            MoveError::IllegalBecause { text, reason } => {
                write!(f, "illegal move '{text}': {reason}")
            }
        }
    }
}

impl std::error::Error for MoveError {}
