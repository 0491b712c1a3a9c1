//! The games defined in variant files: the ones shipped inside the binary (`builtin.ini`,
//! Fairy-Stockfish's built-in names written in its own format) and the ones a user loads
//! (`VariantPath`, `--variant-file`). Loaded games are process-wide, as Fairy-Stockfish's
//! are; a loaded section named like a built-in game replaces it until the process ends.

use std::sync::{LazyLock, RwLock};

use super::rules::FileRules;
use super::sections::{FileProblem, split};
use super::spec;
use crate::core::variant::VariantSpec;

/// One section of a file, read and checked.
#[derive(Clone, Debug)]
pub struct Definition {
    pub name: String,
    pub parent: Option<String>,
    /// The file it came from (`builtin.ini` for ours) and the line of its head.
    pub origin: String,
    pub line: usize,
    pub rules: FileRules,
    /// The game, or every reason Menagerie cannot play it.
    pub playable: Result<VariantSpec, Vec<String>>,
}

/// What reading a file found: its sections and its problems (errors and warnings, by line).
#[derive(Clone, Debug, Default)]
pub struct FileReport {
    pub origin: String,
    pub definitions: Vec<Definition>,
    pub errors: Vec<FileProblem>,
    pub warnings: Vec<FileProblem>,
}

impl FileReport {
    /// `file:line: message` lines, errors first.
    pub fn problem_lines(&self) -> Vec<String> {
        let at = |kind: &str, p: &FileProblem| {
            format!("{}:{}: {kind}: {}", self.origin, p.line, p.message)
        };
        self.errors
            .iter()
            .map(|p| at("error", p))
            .chain(self.warnings.iter().map(|p| at("warning", p)))
            .collect()
    }
}

/// The biggest variant file read (Fairy-Stockfish's own `variants.ini` is about 60 KB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads a file's text. Parents are earlier sections of the same file, then loaded games,
/// then our built-in ones.
pub fn read(text: &str, origin: &str) -> FileReport {
    let (sections, syntax) = split(text);
    let mut report = FileReport {
        origin: origin.to_string(),
        errors: syntax,
        ..FileReport::default()
    };
    if sections.is_empty() {
        report.warnings.push(FileProblem {
            line: 1,
            message: "no section ([name] or [name:parent]) in the file: nothing to read"
                .to_string(),
        });
    }
    for section in &sections {
        let base = match &section.parent {
            None => Some(FileRules::empty()),
            Some(parent) => report
                .definitions
                .iter()
                .rev()
                .find(|d| &d.name == parent)
                .map(|d| d.rules.clone())
                .or_else(|| parent_rules(parent)),
        };
        let Some(mut rules) = base else {
            report.errors.push(FileProblem {
                line: section.line,
                message: format!(
                    "[{}:{}]: unknown parent '{}' (a parent must be an earlier section or a built-in name of `menagerie variants`)",
                    section.name,
                    section.parent.as_deref().unwrap_or(""),
                    section.parent.as_deref().unwrap_or("")
                ),
            });
            continue;
        };
        match rules.apply(section) {
            Ok(mut warnings) => report.warnings.append(&mut warnings),
            Err(problem) => {
                report.errors.push(problem);
                continue;
            }
        }
        let playable =
            spec::build(&section.name, &rules).and_then(|s| check_game(s, &rules, section));
        report.definitions.retain(|d| d.name != section.name);
        report.definitions.push(Definition {
            name: section.name.clone(),
            parent: section.parent.clone(),
            origin: origin.to_string(),
            line: section.line,
            rules,
            playable,
        });
    }
    report
}

/// Builds the tables and reads the start position, so that a file's mistakes show when it is
/// read, not when its game is chosen.
fn check_game(
    spec: VariantSpec,
    rules: &FileRules,
    section: &super::sections::Section,
) -> Result<VariantSpec, Vec<String>> {
    let at = |key: &str| section.get(key).map_or(section.line, |e| e.line);
    let variant = spec
        .clone()
        .conclude()
        .map_err(|e| vec![format!("line {}: {e}", section.line)])?;
    let game = crate::variants::western::Western::new(variant);
    if let Err(e) = crate::fen::parse_position(&game, &spec.start) {
        return Err(vec![format!(
            "line {}: startFen = {}: {e}",
            at("startFen"),
            rules.start_fen
        )]);
    }
    Ok(spec)
}

/// Our built-in games written as variant sections (`builtin.ini`).
static BUILT_IN: LazyLock<Vec<Definition>> = LazyLock::new(|| {
    let report = read(include_str!("builtin.ini"), "builtin.ini");
    debug_assert!(report.errors.is_empty(), "{:?}", report.problem_lines());
    report.definitions
});

/// Loaded games, the newest last, each with its name kept for the life of the process.
static LOADED: RwLock<Vec<(&'static str, Definition)>> = RwLock::new(Vec::new());

/// The rules of a game a section may name as its parent.
fn parent_rules(name: &str) -> Option<FileRules> {
    find(name).map(|d| d.rules)
}

/// The built-in games of `builtin.ini`.
pub fn built_in() -> &'static [Definition] {
    &BUILT_IN
}

/// A game defined by a loaded file or `builtin.ini`, loaded ones first.
pub fn find(name: &str) -> Option<Definition> {
    find_loaded(name).or_else(|| BUILT_IN.iter().find(|d| d.name == name).cloned())
}

/// A game defined by a loaded file.
pub fn find_loaded(name: &str) -> Option<Definition> {
    let loaded = LOADED.read().unwrap_or_else(|e| e.into_inner());
    loaded
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .map(|(_, d)| d.clone())
}

/// The name of a loaded or built-in file game as a `'static` string.
pub fn static_name(name: &str) -> Option<&'static str> {
    let loaded = LOADED.read().unwrap_or_else(|e| e.into_inner());
    if let Some((n, _)) = loaded.iter().find(|(n, _)| *n == name) {
        return Some(n);
    }
    BUILT_IN
        .iter()
        .find(|d| d.name == name)
        .map(|d| d.name.as_str())
}

/// The names of loaded games, in loading order.
pub fn loaded_names() -> Vec<&'static str> {
    let loaded = LOADED.read().unwrap_or_else(|e| e.into_inner());
    loaded.iter().map(|(n, _)| *n).collect()
}

/// Reads the file at `path` and makes its games known to every later command of the process.
/// The report tells which sections were read and what is wrong with the others.
pub fn load(path: &str) -> Result<FileReport, String> {
    let text = read_text(path)?;
    let mut report = read(&text, path);
    for d in &report.definitions {
        let compiled = crate::variants::VARIANTS.iter().any(|v| v.name == d.name);
        if compiled || BUILT_IN.iter().any(|b| b.name == d.name) {
            report.warnings.push(FileProblem {
                line: d.line,
                message: format!(
                    "[{}] replaces the built-in game of that name while the file is loaded",
                    d.name
                ),
            });
        }
    }
    let mut loaded = LOADED.write().unwrap_or_else(|e| e.into_inner());
    for d in &report.definitions {
        let name: &'static str = match loaded.iter().find(|(n, _)| *n == d.name) {
            Some((n, _)) => n,
            None => Box::leak(d.name.clone().into_boxed_str()),
        };
        loaded.retain(|(n, _)| *n != name);
        loaded.push((name, d.clone()));
    }
    Ok(report)
}

/// The text of a variant file, refusing what cannot be one.
pub fn read_text(path: &str) -> Result<String, String> {
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot read variant file '{path}': {e}"))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "variant file '{path}' is {} bytes, more than the {MAX_FILE_BYTES} a variant file may have",
            meta.len()
        ));
    }
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read variant file '{path}': {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("variant file '{path}' is not UTF-8 text"))
}
