//! The notation parser: a hand-written recursive descent over characters, so every error can
//! name the offending token and its line and column (1-based, counted in characters).
//!
//! Grammar (whitespace between items optional, `//` starts a comment to the end of the line):
//! ```text
//! alg    := item*
//! item   := turn | group | bracket
//! group  := "(" alg ")" count? prime?
//! bracket:= "[" alg "," alg "]"  (commutator A B A' B')  |  "[" alg ":" alg "]"  (conjugate A B A')
//! turn   := face amount | ("2")? face "w" amount | wide amount | slice amount | rotation amount
//! face   := U R F D L B          wide := u r f d l b
//! slice  := M E S                rotation := x y z
//! amount := count? prime?        count := 1 | 2 | 3     (groups: any count ≥ 1)
//! prime  := ' | ’ (U+2019) | ′ (U+2032) | ` | ´
//! ```

use super::ast::{Alg, Layer, Node, Slice, Turn};
use crate::face::Face;
use crate::rotation::Axis;
use std::fmt;
use thiserror::Error;

/// Deepest nesting of parentheses accepted (keeps recursion bounded on hostile input).
pub const MAX_DEPTH: usize = 64;
/// Most turns an algorithm may expand to (keeps `((R)999)999…` from exhausting memory).
pub const MAX_EXPANDED_TURNS: u64 = 1_000_000;

/// What is wrong at the place a [`ParseError`] points to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that starts no move.
    UnknownMove,
    /// A turn amount other than 1, 2 or 3 (optionally primed), e.g. `R4` or `R22`.
    BadAmount,
    /// A number before a move that is not a wide turn (`2R`), or a layer count other than 2
    /// (`3Rw`).
    BadPrefix,
    /// A `w` after something that is not a face letter.
    MisplacedWide,
    /// A `(` without its `)`.
    UnclosedGroup,
    /// A `)` without its `(`.
    UnmatchedClose,
    /// `()` with nothing inside.
    EmptyGroup,
    /// A `[` without its `]`, or without the `,` or `:` between its two parts.
    UnclosedBracket,
    /// A `]`, `,` or `:` outside brackets.
    MisplacedSeparator,
    /// A group repeated 0 times or more times than fit.
    BadRepeat,
    /// Parentheses nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// The algorithm expands to more than [`MAX_EXPANDED_TURNS`] turns.
    TooLong,
    /// A single `/` that does not start a `//` comment.
    BadComment,
}

impl ParseErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ParseErrorKind; 13] = [
        ParseErrorKind::UnknownMove,
        ParseErrorKind::BadAmount,
        ParseErrorKind::BadPrefix,
        ParseErrorKind::MisplacedWide,
        ParseErrorKind::UnclosedGroup,
        ParseErrorKind::UnmatchedClose,
        ParseErrorKind::EmptyGroup,
        ParseErrorKind::UnclosedBracket,
        ParseErrorKind::MisplacedSeparator,
        ParseErrorKind::BadRepeat,
        ParseErrorKind::TooDeep,
        ParseErrorKind::TooLong,
        ParseErrorKind::BadComment,
    ];

    /// A stable snake_case name for the kind (`unknown_move`…), for front ends that say the
    /// error in another language (the page's message catalogue is keyed by it).
    pub fn key(self) -> &'static str {
        match self {
            ParseErrorKind::UnknownMove => "unknown_move",
            ParseErrorKind::BadAmount => "bad_amount",
            ParseErrorKind::BadPrefix => "bad_prefix",
            ParseErrorKind::MisplacedWide => "misplaced_wide",
            ParseErrorKind::UnclosedGroup => "unclosed_group",
            ParseErrorKind::UnmatchedClose => "unmatched_close",
            ParseErrorKind::EmptyGroup => "empty_group",
            ParseErrorKind::UnclosedBracket => "unclosed_bracket",
            ParseErrorKind::MisplacedSeparator => "misplaced_separator",
            ParseErrorKind::BadRepeat => "bad_repeat",
            ParseErrorKind::TooDeep => "too_deep",
            ParseErrorKind::TooLong => "too_long",
            ParseErrorKind::BadComment => "bad_comment",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            ParseErrorKind::UnknownMove => {
                "not a move (expected U R F D L B, u r f d l b, Rw, M E S, x y z or a group in parentheses)"
            }
            ParseErrorKind::BadAmount => "bad turn amount (expected nothing, 2, 3 or a prime: ' 2 2' 3)",
            ParseErrorKind::BadPrefix => "a number before a move is only allowed as 2Rw (the two outer layers)",
            ParseErrorKind::MisplacedWide => "`w` must follow a face letter (Rw)",
            ParseErrorKind::UnclosedGroup => "this ( is never closed",
            ParseErrorKind::UnmatchedClose => "this ) has no matching (",
            ParseErrorKind::EmptyGroup => "empty group",
            ParseErrorKind::UnclosedBracket => {
                "this [ needs a `,` (commutator [A, B]) or `:` (conjugate [A: B]) and a closing ]"
            }
            ParseErrorKind::MisplacedSeparator => "`,` `:` and `]` belong inside brackets: [A, B] or [A: B]",
            ParseErrorKind::BadRepeat => "a group must be repeated 1 to 1000000 times",
            ParseErrorKind::TooDeep => "groups nested too deeply",
            ParseErrorKind::TooLong => "the algorithm expands to more than a million turns",
            ParseErrorKind::BadComment => "a comment starts with //",
        }
    }
}

/// Why a text is not an algorithm: the token at fault, where it is, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ParseError {
    /// The offending text (`"Q"`, `"R4"`, `")"`), or `"end of input"`.
    pub token: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column within the line, counted in characters (not bytes).
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` at ", self.token)?;
        if self.line > 1 {
            write!(f, "line {}, ", self.line)?;
        }
        write!(f, "column {}: {}", self.column, self.kind.describe())
    }
}

impl Alg {
    /// Parses notation (see the [module docs](self) for the grammar).
    ///
    /// ```
    /// use rubik_cube::alg::Alg;
    /// let a = Alg::parse("(R U R' U')3 // three sexy moves").unwrap();
    /// assert_eq!(a.to_string(), "(R U R' U')3");
    /// assert_eq!(a.htm(), 12);
    /// let e = Alg::parse("R U Q").unwrap_err();
    /// assert_eq!((e.token.as_str(), e.column), ("Q", 5));
    /// ```
    pub fn parse(text: &str) -> Result<Alg, ParseError> {
        let mut p = Parser::new(text);
        let alg = p.alg(0)?;
        if let Some(c) = p.peek() {
            // Only a stray closing or separating character can stop the top-level sequence.
            let kind = if c == ')' {
                ParseErrorKind::UnmatchedClose
            } else {
                ParseErrorKind::MisplacedSeparator
            };
            return Err(p.error_here(&c.to_string(), kind));
        }
        if alg.expanded_len() > MAX_EXPANDED_TURNS {
            return Err(ParseError {
                token: text.chars().take(20).collect(),
                line: 1,
                column: 1,
                kind: ParseErrorKind::TooLong,
            });
        }
        Ok(alg)
    }
}

impl std::str::FromStr for Alg {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Alg, ParseError> {
        Alg::parse(s)
    }
}

/// Whether `c` is one of the accepted prime marks.
pub fn is_prime(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{2032}' | '`' | '\u{b4}')
}

struct Parser {
    chars: Vec<char>,
    /// (line, column) of each character.
    pos: Vec<(usize, usize)>,
    at: usize,
    end: (usize, usize),
}

impl Parser {
    fn new(text: &str) -> Parser {
        let chars: Vec<char> = text.chars().collect();
        let mut pos = Vec::with_capacity(chars.len());
        let (mut line, mut col) = (1, 1);
        for &c in &chars {
            pos.push((line, col));
            if c == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
        Parser {
            chars,
            pos,
            at: 0,
            end: (line, col),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.at + k).copied()
    }

    fn where_(&self, i: usize) -> (usize, usize) {
        self.pos.get(i).copied().unwrap_or(self.end)
    }

    fn error_span(&self, start: usize, end: usize, kind: ParseErrorKind) -> ParseError {
        let (line, column) = self.where_(start);
        let token = if start >= self.chars.len() {
            "end of input".to_string()
        } else {
            self.chars[start..end.clamp(start + 1, self.chars.len())]
                .iter()
                .collect()
        };
        ParseError {
            token,
            line,
            column,
            kind,
        }
    }

    fn error_here(&self, token: &str, kind: ParseErrorKind) -> ParseError {
        let (line, column) = self.where_(self.at);
        ParseError {
            token: token.to_string(),
            line,
            column,
            kind,
        }
    }

    /// Skips whitespace and `//` comments.
    fn skip_blank(&mut self) -> Result<(), ParseError> {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.at += 1;
            } else if c == '/' {
                if self.peek_at(1) != Some('/') {
                    return Err(self.error_span(self.at, self.at + 1, ParseErrorKind::BadComment));
                }
                while let Some(c) = self.peek() {
                    if c == '\n' {
                        break;
                    }
                    self.at += 1;
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    fn alg(&mut self, depth: usize) -> Result<Alg, ParseError> {
        let mut alg = Alg::new();
        loop {
            self.skip_blank()?;
            match self.peek() {
                None | Some(')' | ']' | ',' | ':') => return Ok(alg),
                Some('(') => alg.push(self.group(depth)?),
                Some('[') => alg.push(self.bracket(depth)?),
                Some(_) => alg.push(Node::Turn(self.turn()?)),
            }
        }
    }

    fn group(&mut self, depth: usize) -> Result<Node, ParseError> {
        let open = self.at;
        if depth >= MAX_DEPTH {
            return Err(self.error_span(open, open + 1, ParseErrorKind::TooDeep));
        }
        self.at += 1;
        let inner = self.alg(depth + 1)?;
        if self.peek() != Some(')') {
            return Err(self.error_span(open, open + 1, ParseErrorKind::UnclosedGroup));
        }
        self.at += 1;
        if inner.is_empty() {
            return Err(self.error_span(open, self.at, ParseErrorKind::EmptyGroup));
        }
        let count_start = self.at;
        let repeat = match self.number() {
            None => 1,
            Some(n) if (1..=1_000_000).contains(&n) => n as u32,
            Some(_) => {
                return Err(self.error_span(count_start, self.at, ParseErrorKind::BadRepeat))
            }
        };
        let inverted = self.prime();
        if inner.expanded_len().saturating_mul(repeat as u64) > MAX_EXPANDED_TURNS {
            return Err(self.error_span(open, self.at, ParseErrorKind::TooLong));
        }
        Ok(Node::Group {
            alg: inner,
            repeat,
            inverted,
        })
    }

    fn bracket(&mut self, depth: usize) -> Result<Node, ParseError> {
        let open = self.at;
        if depth >= MAX_DEPTH {
            return Err(self.error_span(open, open + 1, ParseErrorKind::TooDeep));
        }
        self.at += 1;
        let a = self.alg(depth + 1)?;
        let separator = self.peek();
        if !matches!(separator, Some(',' | ':')) {
            return Err(self.error_span(open, open + 1, ParseErrorKind::UnclosedBracket));
        }
        self.at += 1;
        let b = self.alg(depth + 1)?;
        if self.peek() != Some(']') {
            return Err(self.error_span(open, open + 1, ParseErrorKind::UnclosedBracket));
        }
        self.at += 1;
        let node = if separator == Some(',') {
            Node::Commutator(a, b)
        } else {
            Node::Conjugate(a, b)
        };
        if Alg::from_nodes(vec![node.clone()]).expanded_len() > MAX_EXPANDED_TURNS {
            return Err(self.error_span(open, self.at, ParseErrorKind::TooLong));
        }
        Ok(node)
    }

    /// Reads a decimal number (saturating), if one is here.
    fn number(&mut self) -> Option<u64> {
        let mut n: Option<u64> = None;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = Some(n.unwrap_or(0).saturating_mul(10).saturating_add(d as u64));
            self.at += 1;
        }
        n
    }

    fn prime(&mut self) -> bool {
        if self.peek().is_some_and(is_prime) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn turn(&mut self) -> Result<Turn, ParseError> {
        let start = self.at;
        let prefix = self.number();
        let Some(c) = self.peek() else {
            return Err(self.error_span(start, self.at, ParseErrorKind::BadPrefix));
        };
        let mut layer = match c {
            _ if Face::from_letter(c).is_some() => Layer::Face(Face::from_letter(c).unwrap()),
            'u' | 'r' | 'f' | 'd' | 'l' | 'b' => {
                Layer::Wide(Face::from_letter(c.to_ascii_uppercase()).expect("face letter"))
            }
            'M' => Layer::Slice(Slice::M),
            'E' => Layer::Slice(Slice::E),
            'S' => Layer::Slice(Slice::S),
            'x' => Layer::Rotation(Axis::X),
            'y' => Layer::Rotation(Axis::Y),
            'z' => Layer::Rotation(Axis::Z),
            'w' => {
                return Err(self.error_span(self.at, self.at + 1, ParseErrorKind::MisplacedWide))
            }
            _ if prefix.is_some() => {
                return Err(self.error_span(start, self.at, ParseErrorKind::BadPrefix))
            }
            _ => return Err(self.error_span(self.at, self.at + 1, ParseErrorKind::UnknownMove)),
        };
        self.at += 1;
        if let Layer::Face(f) = layer {
            if self.peek() == Some('w') {
                self.at += 1;
                layer = Layer::Wide(f);
            }
        }
        match (prefix, layer) {
            (None, _) | (Some(2), Layer::Wide(_)) => {}
            _ => return Err(self.error_span(start, self.at, ParseErrorKind::BadPrefix)),
        }
        let count = match self.number() {
            None => 1,
            Some(n @ 1..=3) => n as i64,
            Some(_) => {
                // Point at the whole token, e.g. `R4`.
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_digit() || is_prime(c))
                {
                    self.at += 1;
                }
                return Err(self.error_span(start, self.at, ParseErrorKind::BadAmount));
            }
        };
        let quarter_turns = if self.prime() { -count } else { count };
        if self.peek() == Some('w') {
            return Err(self.error_span(self.at, self.at + 1, ParseErrorKind::MisplacedWide));
        }
        if self
            .peek()
            .is_some_and(|c| c.is_ascii_digit() || is_prime(c))
        {
            while self
                .peek()
                .is_some_and(|c| c.is_ascii_digit() || is_prime(c))
            {
                self.at += 1;
            }
            return Err(self.error_span(start, self.at, ParseErrorKind::BadAmount));
        }
        Ok(Turn::new(layer, quarter_turns).expect("count 1..=3 is never 0 mod 4"))
    }
}
