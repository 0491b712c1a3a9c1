//! Who may talk to the server: only this machine, only the page that knows the token.
//!
//! The server binds to 127.0.0.1, so no other machine reaches it. Web pages from elsewhere run
//! in the same browser, though: a page could send requests to `http://127.0.0.1:port/`
//! (cross-site request forgery) or make its own name resolve to 127.0.0.1 and read the answers
//! (DNS rebinding). Three checks stop both:
//! - the `Host` header must name the loopback address or `localhost` with our port (a rebinding
//!   page's requests carry its own host name);
//! - an `Origin` header, when the browser sends one, must be our own origin;
//! - every API call and event stream must carry the random token printed in the URL (header
//!   `X-Menagerie-Token`, or `token=` in the query for the event stream, which cannot set
//!   headers). The token is compared in constant time.

use std::io::Read;

/// The token's length in bytes (printed as twice as many hex digits).
const TOKEN_BYTES: usize = 16;

/// A fresh random token: from the operating system's generator, or, where that cannot be
/// read, from the standard library's randomly seeded hasher keys mixed with the time.
pub fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    let from_os = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .is_ok();
    if !from_os {
        use std::hash::{BuildHasher, Hasher};
        for chunk in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            h.write_u32(std::process::id());
            let word = h.finish().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The checks of one server: its port and token.
#[derive(Clone, Debug)]
pub struct Guard {
    port: u16,
    token: String,
}

/// Why a request was refused (the status and a short text for the answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub text: &'static str,
}

impl Guard {
    pub fn new(port: u16, token: String) -> Guard {
        Guard { port, token }
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Checks the `Host` and `Origin` headers (every request).
    pub fn check_origin(&self, host: Option<&str>, origin: Option<&str>) -> Result<(), Refusal> {
        let host_ok = host.is_some_and(|h| self.own_authority(h));
        if !host_ok {
            return Err(Refusal {
                status: 421,
                text: "wrong Host: this server answers only http://127.0.0.1 or localhost",
            });
        }
        if let Some(origin) = origin {
            let ok = origin
                .strip_prefix("http://")
                .is_some_and(|rest| self.own_authority(rest));
            if !ok {
                return Err(Refusal {
                    status: 403,
                    text: "requests from other web pages are refused",
                });
            }
        }
        Ok(())
    }

    /// Checks the token (API calls and the event stream).
    pub fn check_token(&self, given: Option<&str>) -> Result<(), Refusal> {
        match given {
            Some(t) if same(t.as_bytes(), self.token.as_bytes()) => Ok(()),
            _ => Err(Refusal {
                status: 403,
                text: "missing or wrong token: open the URL the server printed",
            }),
        }
    }

    /// `127.0.0.1:port`, `localhost:port` or `[::1]:port`.
    fn own_authority(&self, authority: &str) -> bool {
        let Some((name, port)) = authority.rsplit_once(':') else {
            return false;
        };
        port.parse::<u16>().ok() == Some(self.port)
            && matches!(
                name.to_ascii_lowercase().as_str(),
                "127.0.0.1" | "localhost" | "[::1]"
            )
    }
}

/// Equality in time that does not depend on where the texts differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 2 * TOKEN_BYTES);
        assert_ne!(a, b);
    }

    #[test]
    fn host_origin_and_token() {
        let g = Guard::new(8123, "abc".into());
        assert!(g.check_origin(Some("127.0.0.1:8123"), None).is_ok());
        assert!(
            g.check_origin(Some("localhost:8123"), Some("http://localhost:8123"))
                .is_ok()
        );
        assert!(g.check_origin(Some("evil.example:8123"), None).is_err());
        assert!(g.check_origin(Some("127.0.0.1:8124"), None).is_err());
        assert!(g.check_origin(None, None).is_err());
        assert!(
            g.check_origin(Some("127.0.0.1:8123"), Some("http://evil.example"))
                .is_err()
        );
        assert!(
            g.check_origin(Some("127.0.0.1:8123"), Some("https://127.0.0.1:8123"))
                .is_err()
        );
        assert!(g.check_token(Some("abc")).is_ok());
        assert!(g.check_token(Some("abd")).is_err());
        assert!(g.check_token(Some("ab")).is_err());
        assert!(g.check_token(None).is_err());
    }
}
