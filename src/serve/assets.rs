//! The page and everything it needs, built into the binary (no CDN, no network, no build
//! step): plain HTML, CSS and JavaScript, and the piece pictures as SVG drawn by the script.

const INDEX: &str = include_str!("assets/index.html");
const STYLE: &str = include_str!("assets/style.css");
const APP: &str = include_str!("assets/app.js");
const PIECES: &str = include_str!("assets/pieces.js");
const ICON: &str = include_str!("assets/icon.svg");

/// The content type and body of a static file, by path.
pub fn asset(path: &str) -> Option<(&'static str, &'static [u8])> {
    Some(match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX.as_bytes()),
        "/style.css" => ("text/css; charset=utf-8", STYLE.as_bytes()),
        "/app.js" => ("text/javascript; charset=utf-8", APP.as_bytes()),
        "/pieces.js" => ("text/javascript; charset=utf-8", PIECES.as_bytes()),
        "/favicon.ico" | "/icon.svg" => ("image/svg+xml", ICON.as_bytes()),
        _ => return None,
    })
}
