//! `rubik repl`: the interactive terminal mode. On a terminal it offers a prompt with line
//! editing and history; with stdin a pipe it reads commands to end of input without prompts.

mod command;
mod iso;
mod session;

use crate::args::ReplArgs;
use crate::error::{CliError, CliResult};
use anyhow::Context;
use rustyline::error::ReadlineError;
use session::{Outcome, Session, View};
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;

/// Runs the terminal mode until `quit` or end of input.
pub fn run(args: &ReplArgs, colour: bool) -> CliResult {
    let view = if args.iso { View::Iso } else { View::Net };
    let mut session = Session::new(args.method, args.tables.clone(), args.lang, view, colour);
    if std::io::stdin().is_terminal() {
        interactive(&mut session)
    } else {
        piped(&mut session)
    }
}

/// Runs one line; returns false when the session should end.
fn step(session: &mut Session, line: &str) -> bool {
    match session.execute(line) {
        // A closed stdout ends the session.
        Ok(Outcome::Print(text)) => crate::output::emit(&text).is_ok(),
        Ok(Outcome::Quit) => false,
        Err(message) => {
            eprintln!("error: {message}");
            true
        }
    }
}

fn interactive(session: &mut Session) -> CliResult {
    let mut editor = rustyline::DefaultEditor::new()
        .context("cannot start the line editor")
        .map_err(CliError::failure)?;
    let _ = crate::output::emit_line(
        "rubik terminal mode — type `help` for the commands, `quit` to leave.",
    );
    let history = history_file();
    if let Some(path) = &history {
        // A missing or unreadable history file just means an empty history.
        let _ = editor.load_history(path);
    }
    let result = prompt_loop(session, &mut editor);
    if let Some(path) = &history {
        if let Err(e) = editor.save_history(path) {
            eprintln!("rubik: cannot save the history to {}: {e}", path.display());
        }
    }
    result
}

/// `$RUBIK_HISTORY` (none when set empty), else `~/.rubik_history`.
fn history_file() -> Option<PathBuf> {
    match std::env::var_os("RUBIK_HISTORY") {
        Some(path) if path.is_empty() => None,
        Some(path) => Some(PathBuf::from(path)),
        None => std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".rubik_history")),
    }
}

fn prompt_loop(session: &mut Session, editor: &mut rustyline::DefaultEditor) -> CliResult {
    loop {
        match editor.readline("rubik> ") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                if !step(session, &line) {
                    return Ok(());
                }
            }
            // Ctrl-C abandons the line being typed; Ctrl-D leaves.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return Ok(()),
            Err(e) => {
                return Err(CliError::failure(
                    anyhow::Error::new(e).context("cannot read the terminal"),
                ))
            }
        }
    }
}

fn piped(session: &mut Session) -> CliResult {
    for line in std::io::stdin().lock().lines() {
        let line = line
            .context("cannot read stdin")
            .map_err(CliError::bad_input)?;
        if !step(session, &line) {
            break;
        }
    }
    Ok(())
}
