//! Reading a stream line by line in bounded memory: bytes up to each newline, never more than
//! a cap per line. A line that is too long or not UTF-8 is reported as such, and reading goes
//! on with the next line, so one bad line never ends a stream.

use std::io::{self, BufRead};

/// Longest line continuous mode reads, in bytes (a scramble of several thousand moves fits;
/// a facelet string is 54).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of input, without its line ending (`\n` or `\r\n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of UTF-8 text.
    Text(String),
    /// A line that is not UTF-8: its bytes (for the error message).
    NotUtf8(Vec<u8>),
    /// A line longer than the cap: its full length in bytes (only the cap was kept).
    TooLong(usize),
}

/// Lines of `input`, each at most `max` bytes kept in memory.
pub struct Lines<R> {
    input: R,
    max: usize,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// Reads `input` with lines of at most `max` bytes.
    pub fn new(input: R, max: usize) -> Lines<R> {
        Lines {
            input,
            max,
            done: false,
        }
    }

    /// The next line, `None` at the end of input.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        let mut kept: Vec<u8> = Vec::new();
        let mut length = 0usize;
        let mut seen_any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                self.done = true;
                if !seen_any {
                    return Ok(None);
                }
                break;
            }
            seen_any = true;
            let (chunk, ends_line) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], true),
                None => (available, false),
            };
            let room = (self.max + 1).saturating_sub(kept.len());
            kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
            length += chunk.len();
            let used = chunk.len() + usize::from(ends_line);
            self.input.consume(used);
            if ends_line {
                break;
            }
        }
        if kept.last() == Some(&b'\r') && length <= self.max + 1 {
            kept.pop();
            length -= 1;
        }
        if length > self.max {
            return Ok(Some(Line::TooLong(length)));
        }
        Ok(Some(match String::from_utf8(kept) {
            Ok(text) => Line::Text(text),
            Err(e) => Line::NotUtf8(e.into_bytes()),
        }))
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.read_line().transpose()
    }
}

/// `text` with every control character (C0, DEL, C1) written as a Rust escape (`\u{1b}`,
/// `\t`), so echoing user input cannot move the cursor, retitle the terminal or hide text.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// The bytes of a line that is not UTF-8, readable: valid parts as text, each bad byte as
/// `\xHH`, at most `max_chars` characters (then `…`).
pub fn describe_bytes(bytes: &[u8], max_chars: usize) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.push_str(&escape_controls(chunk.valid()));
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    if out.chars().count() > max_chars {
        out = out.chars().take(max_chars).collect::<String>() + "…";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &[u8], max: usize) -> Vec<Line> {
        Lines::new(input, max).map(Result::unwrap).collect()
    }

    #[test]
    fn lines_with_either_ending_and_a_last_line_without_one() {
        assert_eq!(
            read(b"R U\r\nF2\n\nD", 100),
            vec![
                Line::Text("R U".into()),
                Line::Text("F2".into()),
                Line::Text(String::new()),
                Line::Text("D".into()),
            ]
        );
        assert_eq!(read(b"", 100), vec![]);
        assert_eq!(read(b"\n", 100), vec![Line::Text(String::new())]);
    }

    #[test]
    fn a_bad_line_is_reported_and_the_next_ones_are_read() {
        assert_eq!(
            read(b"R U\n\xff\xfe\nF2\n", 100),
            vec![
                Line::Text("R U".into()),
                Line::NotUtf8(vec![0xff, 0xfe]),
                Line::Text("F2".into()),
            ]
        );
        let long = format!("{}\nD\n", "R ".repeat(100));
        assert_eq!(
            read(long.as_bytes(), 10),
            vec![Line::TooLong(200), Line::Text("D".into())]
        );
        // Exactly the cap is fine, with or without a carriage return.
        assert_eq!(
            read(b"0123456789\r\n0123456789\n", 10),
            vec![
                Line::Text("0123456789".into()),
                Line::Text("0123456789".into()),
            ]
        );
    }

    #[test]
    fn a_long_line_is_read_in_small_buffers_without_keeping_it() {
        // A reader with an 8-byte buffer: the line arrives in many pieces.
        let text = format!("{}\nU\n", "x".repeat(10_000));
        let input = std::io::BufReader::with_capacity(8, text.as_bytes());
        let lines: Vec<Line> = Lines::new(input, 64).map(Result::unwrap).collect();
        assert_eq!(lines, vec![Line::TooLong(10_000), Line::Text("U".into())]);
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_controls("R U"), "R U");
        assert_eq!(escape_controls("R \x1b]0;X\x07"), "R \\u{1b}]0;X\\u{7}");
        assert_eq!(escape_controls("a\u{9b}b\u{7f}"), "a\\u{9b}b\\u{7f}");
        assert_eq!(describe_bytes(b"R\xff\x1b", 40), "R\\xff\\u{1b}");
        assert_eq!(describe_bytes(&[b'a'; 50], 5), "aaaaa…");
    }
}
