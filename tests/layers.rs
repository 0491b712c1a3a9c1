//! The module layers import one way only: geometry -> core -> fen -> variants -> search, and
//! everything else (perft, tune, matches, protocol, fuzz, cli) above them. A lower layer that
//! names a higher one (`crate::search` inside `src/core`, say) fails this test, which is how the
//! rules core stays free of evaluation and protocol concerns.

use std::fs;
use std::path::Path;

/// The layers from the bottom up.
const LAYERS: [&str; 5] = ["geometry", "core", "fen", "variants", "search"];

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
        rust_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "no sources under src/{layer}");
        for file in files {
            let text = fs::read_to_string(&file).expect("readable source");
            for module in named_modules(&text) {
                // Allowed: the same layer, a lower one, and the crate-root macros (`with_game!`).
                let allowed = LAYERS[..=level].contains(&module.as_str()) || module == "with_game";
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

#[test]
fn the_check_sees_a_back_edge() {
    assert_eq!(
        named_modules("use crate::search::Evaluator; x: crate::core::board::Piece"),
        ["search", "core"]
    );
}
