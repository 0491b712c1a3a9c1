//! Where protocol lines go: stdout in the engine, a buffer in tests. Every line is written
//! whole and flushed at once (GUIs read line by line and wait for the newline).

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn stdout() -> Self {
        Output {
            sink: Arc::new(Mutex::new(Box::new(std::io::stdout()))),
        }
    }

    /// An output that appends to a shared buffer (for tests).
    pub fn buffer() -> (Self, Arc<Mutex<Vec<u8>>>) {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let out = Output {
            sink: Arc::new(Mutex::new(Box::new(SharedBuffer(buffer.clone())))),
        };
        (out, buffer)
    }

    /// Writes one line and flushes it. A closed stdout (the GUI went away) is only logged.
    pub fn line(&self, text: &str) {
        log::debug!("> {text}");
        let mut sink = match self.sink.lock() {
            Ok(sink) => sink,
            Err(poisoned) => poisoned.into_inner(),
        };
        if writeln!(sink, "{text}").and_then(|_| sink.flush()).is_err() {
            log::warn!("could not write to the GUI: {text}");
        }
    }

    /// Writes several lines (a drawing, a perft listing) as one block.
    pub fn block(&self, text: &str) {
        for line in text.lines() {
            self.line(line);
        }
    }
}

struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self.0.lock() {
            Ok(mut b) => b.extend_from_slice(bytes),
            Err(poisoned) => poisoned.into_inner().extend_from_slice(bytes),
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
