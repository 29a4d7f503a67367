//! The terminal mode's commands, parsed from one input line.

use rubik_solve::Method;
use std::path::PathBuf;

/// One command of the terminal mode.
#[derive(Debug, PartialEq)]
pub enum ReplCommand {
    /// Do nothing (blank line or comment).
    Nothing,
    /// List the commands.
    Help,
    /// Apply moves (`scramble <moves>` or bare moves).
    Apply(String),
    /// A random-state scramble (`None`) or this many random moves.
    Random(Option<usize>),
    /// Apply the moves written in a file.
    Read(PathBuf),
    /// Load a colour net from a file.
    See(PathBuf),
    /// Back to the solved cube.
    Reset,
    /// Take back the last change.
    Undo,
    /// Solve with this method (the session's default when `None`), print and apply.
    Solve(Option<Method>),
    /// Print the net.
    Print,
    /// Switch to the isometric view and print it.
    Iso,
    /// Switch to the net view and print it.
    Net,
    /// Print the facelet string.
    Facelets,
    /// Leave.
    Quit,
}

/// The help text.
pub const HELP: &str = "\
Commands:
  <moves>             apply moves, e.g. R U R' U' or (R U R' U')3
  scramble <moves>    apply moves
  random [n]          a random-state scramble, or n random moves
  read <file>         apply the moves written in a file
  see <file>          load a colour net from a file
  reset               back to the solved cube
  undo                take back the last change
  solve [method]      solve (twophase, optimal, thistlethwaite, cfop), print the steps, apply
  print               print the net
  iso                 show the isometric view (U, F, R) after each change
  net                 show the net after each change
  facelets            print the 54-letter facelet string
  help                this list
  quit                leave (also exit or end of input)";

/// Parses one line. Lines that start with no command word are moves.
pub fn parse(line: &str) -> Result<ReplCommand, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(ReplCommand::Nothing);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let no_argument = |cmd: ReplCommand| {
        if rest.is_empty() {
            Ok(cmd)
        } else {
            Err(format!("`{word}` takes no argument"))
        }
    };
    let path = |what: &str| {
        if rest.is_empty() {
            Err(format!("`{word}` needs {what}"))
        } else {
            Ok(PathBuf::from(rest))
        }
    };
    match word.to_ascii_lowercase().as_str() {
        "help" | "?" => no_argument(ReplCommand::Help),
        "scramble" => Ok(ReplCommand::Apply(rest.to_string())),
        "random" => {
            if rest.is_empty() {
                Ok(ReplCommand::Random(None))
            } else {
                rest.parse()
                    .map(|n| ReplCommand::Random(Some(n)))
                    .map_err(|_| format!("`random` takes a number of moves, not {rest:?}"))
            }
        }
        "read" => path("a file of moves").map(ReplCommand::Read),
        "see" => path("a colour-net file").map(ReplCommand::See),
        "reset" => no_argument(ReplCommand::Reset),
        "undo" => no_argument(ReplCommand::Undo),
        "solve" => {
            if rest.is_empty() {
                Ok(ReplCommand::Solve(None))
            } else {
                Method::named(rest)
                    .map(|m| ReplCommand::Solve(Some(m)))
                    .map_err(|e| e.to_string())
            }
        }
        "print" => no_argument(ReplCommand::Print),
        "iso" => no_argument(ReplCommand::Iso),
        "net" => no_argument(ReplCommand::Net),
        "facelets" => no_argument(ReplCommand::Facelets),
        "quit" | "exit" | "q" => no_argument(ReplCommand::Quit),
        _ => Ok(ReplCommand::Apply(line.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse("  "), Ok(ReplCommand::Nothing));
        assert_eq!(parse("R U R'"), Ok(ReplCommand::Apply("R U R'".into())));
        assert_eq!(parse("scramble F2"), Ok(ReplCommand::Apply("F2".into())));
        assert_eq!(parse("random"), Ok(ReplCommand::Random(None)));
        assert_eq!(parse("random 25"), Ok(ReplCommand::Random(Some(25))));
        assert!(parse("random lots").is_err());
        assert_eq!(
            parse("solve cfop"),
            Ok(ReplCommand::Solve(Some(Method::Cfop)))
        );
        assert!(parse("solve magic").is_err());
        assert_eq!(
            parse("read a b.txt"),
            Ok(ReplCommand::Read("a b.txt".into()))
        );
        assert!(parse("see").is_err());
        assert!(parse("undo 3").is_err());
        assert_eq!(parse("QUIT"), Ok(ReplCommand::Quit));
    }
}
