//! What the repository itself must keep true: no large files (raw match logs, PGNs and data sets
//! live in git history, not in the tree), a README for users of at most 400 lines, and links
//! between the documentation pages that lead somewhere.

use std::fs;
use std::path::{Path, PathBuf};

/// The largest file the tree may hold (the built-in evaluation weights are the largest).
const MAX_FILE_BYTES: u64 = 2 * 1024 * 1024;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's files: `git ls-files` where git and a checkout are there, else every file
/// under the root but for build output and git's own folder.
fn tracked_files() -> Vec<PathBuf> {
    let listed = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output();
    if let Ok(out) = listed
        && out.status.success()
        && !out.stdout.is_empty()
    {
        return out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| root().join(String::from_utf8_lossy(name).as_ref()))
            .filter(|path| path.is_file())
            .collect();
    }
    let mut files = Vec::new();
    walk(&root(), &mut files);
    files
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("folder entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "target" && name != ".git" {
                walk(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

#[test]
fn no_file_is_larger_than_two_megabytes() {
    let large: Vec<String> = tracked_files()
        .into_iter()
        .filter_map(|path| {
            let size = fs::metadata(&path).ok()?.len();
            (size > MAX_FILE_BYTES).then(|| format!("{} ({size} bytes)", path.display()))
        })
        .collect();
    assert!(large.is_empty(), "files over 2 MB:\n{}", large.join("\n"));
}

#[test]
fn the_readme_stays_a_page_for_users() {
    let text = fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = text.lines().count();
    assert!(lines <= 400, "README.md has {lines} lines (at most 400)");
    assert!(
        text.contains("cargo test --all-targets"),
        "README.md names the test command .ci/run runs"
    );
}

/// Relative links `](path)` or `](path#anchor)` in a Markdown text.
fn relative_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    for (at, _) in text.match_indices("](") {
        let rest = &text[at + 2..];
        let Some(end) = rest.find(')') else { continue };
        let target = rest[..end].split('#').next().unwrap_or("");
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            links.push(target.to_string());
        }
    }
    links
}

#[test]
fn documentation_links_lead_to_files() {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    for entry in fs::read_dir(root().join("docs")).expect("docs/") {
        let path = entry.expect("docs entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let mut broken = Vec::new();
    for page in &pages {
        let text = fs::read_to_string(page).expect("readable page");
        let dir = page.parent().expect("page folder");
        for link in relative_links(&text) {
            if !dir.join(&link).exists() {
                broken.push(format!("{}: {link}", page.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_link_reader_finds_relative_links_only() {
    let text = "[a](docs/a.md#x) [b](https://example.org/) ![c](pic.png) [d](#here)";
    assert_eq!(relative_links(text), ["docs/a.md", "pic.png"]);
}
