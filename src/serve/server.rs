//! The board page's HTTP/1.1 server: our own, on `std::net`, because the page needs little
//! (one request per connection, bodies of a known length, event streams) and must survive
//! whatever a local process sends. Every resource a client can make us spend is bounded:
//!
//! - connections: at most [`MAX_CONNECTIONS`] at once, one thread each; more are answered
//!   503 and closed;
//! - time: the request head must arrive within [`HEAD_TIME`] (idle and slow senders are
//!   dropped), a body within [`BODY_TIME`];
//! - memory: a head of at most [`MAX_HEAD`] bytes (else 431), and a body only when the
//!   handler asks for it, up to the handler's limit, read after its own checks (a declared
//!   length over the limit is answered 413 without reading a byte of it);
//! - after an answer the connection is closed; what the client still sends is read into a
//!   fixed buffer for a moment (so the answer is not lost to a reset) and dropped.
//!
//! One request per connection (`Connection: close`): pipelined requests after the first are
//! not served, which HTTP/1.1 allows and browsers handle.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The most connections served at once (each holds a thread until it ends).
pub const MAX_CONNECTIONS: usize = 1024;
/// The largest request head (request line and headers).
pub const MAX_HEAD: usize = 16 * 1024;
/// How long a client may take to send its request head.
pub const HEAD_TIME: Duration = Duration::from_secs(10);
/// How long a client may take to send a body it announced.
pub const BODY_TIME: Duration = Duration::from_secs(10);
/// After an answer: how much of what the client still sends is read and dropped, and for how
/// long, before the connection closes.
const LINGER_BYTES: usize = 256 * 1024;
const LINGER_TIME: Duration = Duration::from_millis(500);
/// A connection thread's stack: the handlers need little.
const THREAD_STACK: usize = 256 * 1024;

/// The request methods the page uses; anything else is `Other`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Other(String),
}

/// Why a body could not be had.
#[derive(Debug, PartialEq, Eq)]
pub enum BodyError {
    /// The declared length is over the limit (413).
    TooLarge,
    /// The body did not arrive in time or the connection broke (400).
    Unreadable,
}

/// One request: its head, read and checked, and the connection to read its body from and to
/// answer on.
pub struct Request {
    method: Method,
    url: String,
    headers: Vec<(String, String)>,
    /// The declared body length (0 without `Content-Length`).
    body_length: u64,
    /// Body bytes that arrived with the head.
    early_body: Vec<u8>,
    stream: TcpStream,
}

impl Request {
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// The request target: path and query.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The value of header `name` (case-insensitive), the first if repeated.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Reads the body, at most `limit` bytes: a longer declared length is refused unread.
    pub fn read_body(&mut self, limit: usize) -> Result<Vec<u8>, BodyError> {
        if self.body_length > limit as u64 {
            return Err(BodyError::TooLarge);
        }
        let length = self.body_length as usize;
        let mut body = std::mem::take(&mut self.early_body);
        body.truncate(length);
        let deadline = Instant::now() + BODY_TIME;
        let mut chunk = [0u8; 8192];
        while body.len() < length {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || self.stream.set_read_timeout(Some(left)).is_err() {
                return Err(BodyError::Unreadable);
            }
            let want = (length - body.len()).min(chunk.len());
            match self.stream.read(&mut chunk[..want]) {
                Ok(0) | Err(_) => return Err(BodyError::Unreadable),
                Ok(n) => body.extend_from_slice(&chunk[..n]),
            }
        }
        Ok(body)
    }

    /// Answers with `status`, `headers` and `body` (a `Content-Length` and `Connection: close`
    /// are added), then closes the connection.
    pub fn respond(mut self, status: u16, headers: &[(&str, &str)], body: &[u8]) {
        let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        ));
        let written = self
            .stream
            .write_all(head.as_bytes())
            .and_then(|_| self.stream.write_all(body))
            .and_then(|_| self.stream.flush());
        if let Err(e) = written {
            log::debug!("answer not delivered: {e}");
        }
        close(&mut self.stream);
    }

    /// The connection, for an answer the handler writes itself (an event stream). Writes
    /// time out, so a client that stopped reading cannot hold the thread.
    pub fn into_writer(self) -> Box<dyn Write + Send> {
        let _ = self.stream.set_write_timeout(Some(Duration::from_secs(5)));
        Box::new(self.stream)
    }
}

/// Closes a connection politely: no more writes, then a bounded read of what the client still
/// sends, so that the answer is not lost to a reset.
fn close(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + LINGER_TIME;
    let mut drained = 0;
    let mut chunk = [0u8; 8192];
    while drained < LINGER_BYTES {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

/// Answers a request that never reached the handler, and closes.
fn refuse(mut stream: TcpStream, status: u16, text: &str) {
    let body = format!("{{\"error\":\"{text}\"}}");
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: application/json; charset=utf-8\r\n\
         Cache-Control: no-store\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        reason(status),
        body.len()
    );
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|_| stream.write_all(body.as_bytes()));
    close(&mut stream);
}

/// Why a request head was refused: the status and the text of the answer.
type HeadError = (u16, &'static str);

/// Reads and parses one request head within [`HEAD_TIME`] and [`MAX_HEAD`].
fn read_head(stream: &mut TcpStream) -> Result<Option<Request>, HeadError> {
    let deadline = Instant::now() + HEAD_TIME;
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    let end = loop {
        if let Some(at) = find(&buffer, b"\r\n\r\n") {
            break at;
        }
        if buffer.len() > MAX_HEAD {
            return Err((431, "the request head is too large"));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return Err((408, "the request head did not arrive in time"));
        }
        match stream.read(&mut chunk) {
            // The client left before finishing its request: nothing to answer.
            Ok(0) => return Ok(None),
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err((408, "the request head did not arrive in time"));
            }
            Err(_) => return Ok(None),
        }
    };
    if end > MAX_HEAD {
        return Err((431, "the request head is too large"));
    }
    let head =
        std::str::from_utf8(&buffer[..end]).map_err(|_| (400, "the request head is not text"))?;
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or("");
    let mut parts = request_line.split(' ');
    let (Some(method), Some(url), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err((400, "a malformed request line"));
    };
    if !version.starts_with("HTTP/1.") || !url.starts_with('/') {
        return Err((400, "a malformed request line"));
    }
    let mut headers = Vec::new();
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err((400, "a malformed header"));
        };
        if name.is_empty() || name.contains(|c: char| c.is_whitespace()) {
            return Err((400, "a malformed header"));
        }
        headers.push((name.to_string(), value.trim().to_string()));
    }
    let value_of = |wanted: &str| {
        headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(wanted))
            .map(|(_, v)| v.as_str())
            .collect::<Vec<_>>()
    };
    if !value_of("Transfer-Encoding").is_empty() {
        return Err((501, "chunked request bodies are not accepted"));
    }
    let lengths = value_of("Content-Length");
    let body_length = match lengths.as_slice() {
        [] => 0,
        [one] => one
            .parse::<u64>()
            .map_err(|_| (400, "a malformed Content-Length"))?,
        _ => return Err((400, "more than one Content-Length")),
    };
    let method = match method {
        "GET" => Method::Get,
        "POST" => Method::Post,
        other => Method::Other(other.to_string()),
    };
    let stream = stream
        .try_clone()
        .map_err(|_| (503, "the connection failed"))?;
    Ok(Some(Request {
        method,
        url: url.to_string(),
        headers,
        body_length,
        early_body: buffer[end + 4..].to_vec(),
        stream,
    }))
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A listening server on 127.0.0.1.
pub struct Listener {
    listener: TcpListener,
    port: u16,
    closing: AtomicBool,
    live: Arc<AtomicUsize>,
}

impl Listener {
    /// Listens on 127.0.0.1:`port` (0: any free port).
    pub fn bind(port: u16) -> io::Result<Listener> {
        let listener = TcpListener::bind(("127.0.0.1", port))?;
        let port = listener.local_addr()?.port();
        Ok(Listener {
            listener,
            port,
            closing: AtomicBool::new(false),
            live: Arc::new(AtomicUsize::new(0)),
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Connections being served now.
    pub fn connections(&self) -> usize {
        self.live.load(Ordering::SeqCst)
    }

    /// Accepts connections until [`unblock`](Self::unblock), each on its own thread: reads
    /// its request head and passes the request to `handle`, or answers the error itself.
    pub fn serve(&self, handle: Arc<dyn Fn(Request) + Send + Sync>) {
        for stream in self.listener.incoming() {
            if self.closing.load(Ordering::SeqCst) {
                break;
            }
            let Ok(stream) = stream else { continue };
            if self.live.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
                refuse(stream, 503, "too many connections");
                continue;
            }
            self.live.fetch_add(1, Ordering::SeqCst);
            let live = Counted(self.live.clone());
            let handle = handle.clone();
            let spawned = std::thread::Builder::new()
                .name("serve-connection".into())
                .stack_size(THREAD_STACK)
                .spawn(move || {
                    let _live = live;
                    connection(stream, &*handle);
                });
            if let Err(e) = spawned {
                log::error!("cannot start a connection thread: {e}");
            }
        }
    }

    /// Makes [`serve`](Self::serve) return: marks the listener closing and wakes its accept.
    pub fn unblock(&self) {
        self.closing.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// Counts a connection out when its thread ends, however it ends.
struct Counted(Arc<AtomicUsize>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn connection(mut stream: TcpStream, handle: &(dyn Fn(Request) + Send + Sync)) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
    match read_head(&mut stream) {
        Ok(Some(request)) => handle(request),
        Ok(None) => {}
        Err((status, text)) => refuse(stream, status, text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sends `raw` to a server whose handler answers 200 with the body it read (limit 100),
    /// and returns the whole answer.
    fn exchange(raw: &[u8]) -> String {
        let listener = Arc::new(Listener::bind(0).unwrap());
        let port = listener.port();
        let serving = listener.clone();
        let server = std::thread::spawn(move || {
            serving.serve(Arc::new(|mut req: Request| {
                let answer = match req.read_body(100) {
                    Ok(body) => (200, body),
                    Err(BodyError::TooLarge) => (413, b"too large".to_vec()),
                    Err(BodyError::Unreadable) => (400, b"unreadable".to_vec()),
                };
                req.respond(answer.0, &[("Content-Type", "text/plain")], &answer.1);
            }))
        });
        let mut client = TcpStream::connect(("127.0.0.1", port)).unwrap();
        client.write_all(raw).unwrap();
        let _ = client.shutdown(Shutdown::Write);
        client
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut text = String::new();
        let _ = client.read_to_string(&mut text);
        listener.unblock();
        server.join().unwrap();
        text
    }

    #[test]
    fn a_body_is_read_up_to_its_length() {
        let answer = exchange(b"POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello");
        assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
        assert!(answer.ends_with("\r\n\r\nhello"), "{answer}");
    }

    #[test]
    fn a_huge_declared_length_is_refused_unread() {
        let answer =
            exchange(b"POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999\r\n\r\nab");
        assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    }

    #[test]
    fn malformed_heads_are_answered_400() {
        for raw in [
            &b"GARBAGE\r\n\r\n"[..],
            b"GET /x HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            b"GET /x HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            b"GET /x HTTP/1.1\r\nno colon\r\n\r\n",
            b"GET x HTTP/1.1\r\n\r\n",
        ] {
            let answer = exchange(raw);
            assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
        }
    }

    #[test]
    fn a_huge_head_is_refused() {
        let mut raw = b"GET /x HTTP/1.1\r\nX-Big: ".to_vec();
        raw.extend(std::iter::repeat_n(b'a', MAX_HEAD * 2));
        raw.extend_from_slice(b"\r\n\r\n");
        assert!(exchange(&raw).starts_with("HTTP/1.1 431"));
    }

    #[test]
    fn chunked_bodies_are_not_accepted() {
        let answer = exchange(b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
        assert!(answer.starts_with("HTTP/1.1 501"), "{answer}");
    }

    #[test]
    fn a_short_body_is_unreadable() {
        let answer = exchange(b"POST /x HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc");
        assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    }
}
