//! The syntax of a variant file: `[name]` or `[name:parent]` section heads, `key = value`
//! lines, and comment lines starting with `#` or `;`, as Fairy-Stockfish reads them. Lines
//! before the first section are ignored; a later value of a key replaces an earlier one.

/// One `key = value` line of a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    /// 1-based line number in the file.
    pub line: usize,
}

/// One section of a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    pub line: usize,
    pub entries: Vec<Entry>,
}

impl Section {
    /// The entry that sets `key` (the last one, as Fairy-Stockfish keeps the last).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// A problem in a file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    pub line: usize,
    pub message: String,
}

/// Longest line accepted: a line longer than this is not a variant file's.
const MAX_LINE: usize = 4096;

/// Splits a file into sections. Syntax errors (a line without `=`, a bad section head) are
/// returned beside the sections: Fairy-Stockfish warns about them and reads on, and so do we.
pub fn split(text: &str) -> (Vec<Section>, Vec<FileProblem>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut problems = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.len() > MAX_LINE {
            problems.push(FileProblem {
                line,
                message: format!("line longer than {MAX_LINE} characters"),
            });
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(head) = trimmed.strip_prefix('[') {
            match section_head(head) {
                Ok((name, parent)) => sections.push(Section {
                    name,
                    parent,
                    line,
                    entries: Vec::new(),
                }),
                Err(message) => problems.push(FileProblem { line, message }),
            }
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        let Some((key, value)) = trimmed.split_once('=') else {
            problems.push(FileProblem {
                line,
                message: format!("invalid syntax '{trimmed}' (expected key = value)"),
            });
            continue;
        };
        let key = key.trim();
        if key.is_empty() {
            problems.push(FileProblem {
                line,
                message: "a value without a key".to_string(),
            });
            continue;
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    (sections, problems)
}

/// The name and parent of `name]` or `name:parent]`.
fn section_head(head: &str) -> Result<(String, Option<String>), String> {
    let Some(inside) = head.strip_suffix(']') else {
        return Err(format!("section head '[{head}' lacks its ']'"));
    };
    let (name, parent) = match inside.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
        None => (inside.trim(), None),
    };
    let valid = |s: &str| {
        !s.is_empty()
            && s.len() <= 64
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if !valid(name) {
        return Err(format!(
            "bad variant name '{name}' (letters, digits, '-' and '_', at most 64)"
        ));
    }
    if let Some(p) = &parent
        && !valid(p)
    {
        return Err(format!("bad parent name '{p}'"));
    }
    Ok((name.to_string(), parent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_comments() {
        let text =
            "intro ignored\n[a]\n# comment\nmaxRank = 6\n; other\n[b:a]\nmaxFile=f\nbad line\n[c\n";
        let (sections, problems) = split(text);
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].get("maxRank").unwrap().value, "6");
        assert_eq!(sections[0].get("maxRank").unwrap().line, 4);
        assert_eq!(sections[1].parent.as_deref(), Some("a"));
        assert_eq!(sections[1].get("maxFile").unwrap().value, "f");
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(problems[0].line, 8);
        assert_eq!(problems[1].line, 9);
    }
}
