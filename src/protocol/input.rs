//! The stdin reader: one thread turning input bytes into [`Event`]s, so the front-end loop
//! can wait on one channel for both commands and finished searches.

use std::io::{BufRead, Read};
use std::sync::mpsc::Sender;

use super::Event;

/// Longest input line accepted (a Party Chess position with its records fits easily); longer
/// lines are reported as [`Event::TooLong`] and skipped, without holding them in memory.
pub const MAX_LINE: usize = 1 << 16;

pub fn spawn_stdin_reader(tx: Sender<Event>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        read_lines(stdin.lock(), &tx);
    });
}

/// Reads `input` line by line into `tx`, then sends [`Event::Eof`].
pub fn read_lines(mut input: impl BufRead, tx: &Sender<Event>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let read = (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf);
        match read {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let event = if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
            let skipped = skip_rest_of_line(&mut input);
            Event::TooLong(buf.len() + skipped)
        } else {
            let text = String::from_utf8_lossy(&buf);
            Event::Line(text.trim_end_matches(['\n', '\r']).to_string())
        };
        if tx.send(event).is_err() {
            return;
        }
    }
    let _ = tx.send(Event::Eof);
}

fn skip_rest_of_line(input: &mut impl BufRead) -> usize {
    let mut skipped = 0;
    loop {
        let (done, used) = match input.fill_buf() {
            Ok([]) | Err(_) => return skipped,
            Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (false, bytes.len()),
            },
        };
        input.consume(used);
        skipped += used;
        if done {
            return skipped;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_strips_crlf_and_skips_huge_lines() {
        let mut text = b"uci\r\nisready\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        text.extend(b"\nquit");
        let (tx, rx) = std::sync::mpsc::channel();
        read_lines(&text[..], &tx);
        let got: Vec<String> = rx.try_iter().map(|e| format!("{e:?}")).collect();
        assert_eq!(
            got,
            [
                "Line(\"uci\")",
                "Line(\"isready\")",
                &format!("TooLong({})", MAX_LINE + 11),
                "Line(\"quit\")",
                "Eof"
            ]
        );
    }
}
