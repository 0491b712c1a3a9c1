//! An engine child process. A reader thread turns its stdout into lines stamped with the moment
//! they arrived and sends them over a channel, so every read has a deadline (a hung engine
//! never blocks the runner) and think time is measured when the reply arrived, not when the
//! runner got round to looking. Stopping always ends in `wait`, so no zombie is left behind.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// Nothing (or not the awaited answer) arrived before the deadline.
    Timeout,
    /// The engine closed its output or could not be written to: it died or quit.
    Exited(String),
    /// The engine could not be started, or said something that makes it unusable.
    Failed(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout => f.write_str("no answer in time"),
            EngineError::Exited(why) => write!(f, "engine exited ({why})"),
            EngineError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EngineError {}

/// One line of engine output and when the reader thread got it.
#[derive(Clone, Debug)]
pub struct Line {
    pub text: String,
    pub at: Instant,
}

pub struct EngineProcess {
    /// For log lines.
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Output has ended; every further read fails at once.
    closed: bool,
}

impl EngineProcess {
    /// Starts `argv` with piped stdin/stdout; stderr lines go to the debug log.
    pub fn spawn(label: &str, argv: &[String], dir: Option<&Path>) -> Result<Self, EngineError> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| EngineError::Failed("empty command".into()))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineError::Failed(format!("cannot start '{program}': {e}")))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (tx, rx) = mpsc::channel();
        let name = label.to_string();
        // Not joined: if the engine leaves a grandchild holding the pipe open, the thread
        // lingers harmlessly instead of hanging the runner.
        std::thread::Builder::new()
            .name(format!("{label} stdout"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let at = Instant::now();
                            let text = String::from_utf8_lossy(&buf).trim_end().to_string();
                            log::trace!("{name} > {text}");
                            if tx.send(Line { text, at }).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| EngineError::Failed(format!("cannot start reader thread: {e}")))?;
        let name = label.to_string();
        std::thread::Builder::new()
            .name(format!("{label} stderr"))
            .spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    log::debug!("{name} stderr: {line}");
                }
            })
            .map_err(|e| EngineError::Failed(format!("cannot start reader thread: {e}")))?;
        log::debug!("{label}: started pid {}", child.id());
        Ok(EngineProcess {
            label: label.to_string(),
            stdin: child.stdin.take(),
            child,
            lines: rx,
            closed: false,
        })
    }

    pub fn label(&self) -> &str {
        &self.label
    }

    /// Writes one line and flushes; returns the moment the line was handed over.
    pub fn send(&mut self, line: &str) -> Result<Instant, EngineError> {
        log::trace!("{} < {line}", self.label);
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| EngineError::Exited("input closed".into()))?;
        let result = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        match result {
            Ok(()) => Ok(Instant::now()),
            Err(e) => Err(EngineError::Exited(format!("write failed: {e}"))),
        }
    }

    /// The next line, waiting at most until `deadline`.
    pub fn recv_until(&mut self, deadline: Instant) -> Result<Line, EngineError> {
        if self.closed {
            return Err(self.exit_error());
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(self.exit_error())
            }
        }
    }

    /// Discards the lines that have already arrived.
    pub fn drain(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            log::debug!("{}: discarded '{}'", self.label, line.text);
        }
    }

    fn exit_error(&mut self) -> EngineError {
        // Give a dying process a moment so its exit status can be reported.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return EngineError::Exited(status.to_string());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        EngineError::Exited("output closed".into())
    }

    /// Sends `quit` (if given), closes stdin, waits up to `patience`, then kills; always reaps.
    pub fn stop(&mut self, quit: Option<&str>, patience: Duration) {
        if let Some(q) = quit {
            let _ = self.send(q);
        }
        self.stdin = None;
        let until = Instant::now() + patience;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    log::debug!("{}: exited with {status}", self.label);
                    return;
                }
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        log::debug!("{}: killing pid {}", self.label, self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // `stop` may have run already; then try_wait returns at once.
        self.stop(None, Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> EngineProcess {
        EngineProcess::spawn("test", &["sh".into(), "-c".into(), script.into()], None).unwrap()
    }

    #[test]
    fn echo_round_trip_with_stamps() {
        let mut e = sh("while read l; do echo \"got $l\"; done");
        let sent = e.send("hello").unwrap();
        let line = e
            .recv_until(Instant::now() + Duration::from_secs(5))
            .unwrap();
        assert_eq!(line.text, "got hello");
        assert!(line.at >= sent);
        e.stop(None, Duration::from_secs(1));
    }

    #[test]
    fn silence_times_out_and_exit_is_seen() {
        let mut e = sh("read l; exit 3");
        let t = Instant::now();
        let r = e.recv_until(Instant::now() + Duration::from_millis(100));
        assert_eq!(r.unwrap_err(), EngineError::Timeout);
        assert!(t.elapsed() < Duration::from_secs(2));
        e.send("bye").unwrap();
        let r = e.recv_until(Instant::now() + Duration::from_secs(5));
        assert!(
            matches!(r, Err(EngineError::Exited(ref s)) if s.contains('3')),
            "{r:?}"
        );
    }

    #[test]
    fn stop_kills_an_engine_that_ignores_quit() {
        let mut e = sh("trap '' TERM; exec sleep 30");
        let t = Instant::now();
        e.stop(Some("quit"), Duration::from_millis(50));
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn missing_program_is_a_start_failure() {
        let r = EngineProcess::spawn("x", &["/nonexistent/engine".into()], None);
        assert!(matches!(r, Err(EngineError::Failed(_))));
    }
}
