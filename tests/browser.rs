//! The board page in a real browser: headless Chromium from Debian (`chromium`,
//! `chromium-driver`), driven by Python Selenium (`tests/browser/board_test.py`), plays moves by
//! clicking in chess, Wildebeest, Patricia, a Partonici game and Cubic and checks the drawn
//! board against the engine's position string. Nothing downloads a browser: the script points
//! Selenium at /usr/bin/chromium and /usr/bin/chromedriver.
//!
//! Where Chromium, its driver or Selenium is missing the test says SKIPPED and passes locally;
//! under CI (`.ci/run` installs them) it fails instead.

mod common;

use common::cannot_run;
use std::path::Path;
use std::process::Command;

const ENGINE: &str = env!("CARGO_BIN_EXE_menagerie");

fn missing() -> Vec<String> {
    let mut out = Vec::new();
    for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
        if !Path::new(path).exists() {
            out.push(path.to_string());
        }
    }
    let selenium = Command::new("python3")
        .args(["-c", "import selenium"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !selenium {
        out.push("python3 with selenium".to_string());
    }
    out
}

#[test]
fn the_board_page_in_chromium() {
    if cannot_run("browser tests", &missing()) {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/board_test.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(ENGINE)
        .env("SE_OFFLINE", "true")
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!("{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "browser checks failed:\n{text}");
    assert!(text.contains(" passed, 0 failed"), "{text}");
}
