//! The module layers import one way only, from the bottom up: geometry -> core -> fen ->
//! variants -> eval -> search -> perft -> tune -> protocol -> matches -> serve -> fuzz -> cli.
//! A lower layer that names a higher one (`crate::search` inside `src/core`, say) fails this
//! test, which is how the rules core stays free of evaluation and protocol concerns and the
//! evaluation free of the search. Every top-level module must have its place here.

use std::fs;
use std::path::Path;

/// The layers from the bottom up.
const LAYERS: [&str; 13] = [
    "geometry", "core", "fen", "variants", "eval", "search", "perft", "tune", "protocol",
    "matches", "serve", "fuzz", "cli",
];

/// Every top-level module a Rust source file names as `crate::<module>`.
fn named_modules(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect();
        if !name.is_empty() && !found.contains(&name) {
            found.push(name);
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("source directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn lower_layers_never_name_higher_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    for (level, layer) in LAYERS.iter().enumerate() {
        let mut files = Vec::new();
        if src.join(layer).is_dir() {
            rust_files(&src.join(layer), &mut files);
        }
        let single = src.join(format!("{layer}.rs"));
        if single.is_file() {
            files.push(single);
        }
        assert!(!files.is_empty(), "no sources for layer {layer}");
        for file in files {
            let text = fs::read_to_string(&file).expect("readable source");
            for module in named_modules(&text) {
                // Allowed: the same layer, a lower one, and the crate-root macros (`with_game!`).
                let allowed = LAYERS[..=level].contains(&module.as_str())
                    || module == "with_game"
                    || module == "with_multi_game";
                if !allowed {
                    violations.push(format!("{} names crate::{module}", file.display()));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "imports against the layers:\n{}",
        violations.join("\n")
    );
}

/// Every module `src/lib.rs` declares is one of the layers, so a new folder cannot escape the
/// check above.
#[test]
fn every_top_level_module_is_a_layer() {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let text = fs::read_to_string(lib).expect("src/lib.rs");
    let declared: Vec<&str> = text
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(';'))
        .collect();
    assert!(declared.len() >= LAYERS.len(), "modules read: {declared:?}");
    for module in declared {
        assert!(
            LAYERS.contains(&module),
            "src/lib.rs declares `{module}`, which no layer names"
        );
    }
}

#[test]
fn the_check_sees_a_back_edge() {
    assert_eq!(
        named_modules("use crate::search::Control; x: crate::core::board::Piece"),
        ["search", "core"]
    );
}
