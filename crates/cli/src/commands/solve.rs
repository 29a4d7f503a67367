//! `rubik solve`: one cube from the command line, or a stream of them (continuous mode).

use crate::args::SolveArgs;
use crate::continuous;
use crate::cube_io::{self, Cube, InputError};
use crate::error::{CliError, CliResult};
use crate::input;
use crate::output::{self, ErrorReport, SolveReport};
use crate::solving;
use std::io::IsTerminal;

/// Runs `rubik solve`.
pub fn run(args: &SolveArgs) -> CliResult {
    let given = if let Some(s) = &args.facelets {
        Some((s.clone(), cube_io::parse_facelets(s)))
    } else if let Some(path) = &args.net {
        // The input is reported as the net's facelet string, or the file name when unreadable.
        match cube_io::parse_net(&input::read_text(path)?) {
            Ok(cube) => Some((cube_io::facelets(&cube), Ok(cube))),
            Err(e) => Some((path.display().to_string(), Err(e))),
        }
    } else if !args.alg.is_empty() {
        let text = input::joined(&args.alg);
        let cube = cube_io::parse_state(&text);
        Some((text, cube))
    } else {
        None
    };
    let Some((text, cube)) = given else {
        if args.continuous || !std::io::stdin().is_terminal() {
            return continuous::run(args);
        }
        return Err(CliError::bad_input(anyhow::anyhow!(
            "nothing to solve: give moves, --facelets S, --net FILE, or -c to read stdin"
        )));
    };
    if args.continuous {
        return continuous::run(args);
    }
    solve_one(args, &text, cube)
}

fn solve_one(args: &SolveArgs, text: &str, cube: Result<Cube, InputError>) -> CliResult {
    let cube = match cube {
        Ok(cube) => cube,
        Err(e) => {
            if args.json {
                output::emit_line(&output::json_line(&input_error_report(text, &e)))?;
            }
            let error = CliError::from(e);
            return Err(match &args.net {
                Some(path) => error.context(format!("in the net {}", path.display())),
                None => error,
            });
        }
    };
    let solver = solving::solver(&args.method)?;
    let limits = solving::limits(&args.limits);
    match solving::timed_solve(solver.as_ref(), &cube_io::to_cubie(&cube), &limits) {
        Ok((solution, millis)) => {
            if args.json {
                let report = SolveReport::new(
                    text,
                    &solution,
                    solver.name(),
                    millis,
                    args.metric,
                    args.lang,
                );
                output::emit_line(&output::json_line(&report))?;
            } else {
                output::emit_line(&output::solution_line(
                    &solution,
                    args.metric,
                    args.show_length,
                ))?;
                if args.explain {
                    for line in output::explain_lines(&solution, args.lang, args.metric) {
                        output::emit_line(&line)?;
                    }
                }
            }
            Ok(())
        }
        Err(e) => {
            if args.json {
                let report = ErrorReport {
                    input: text.to_string(),
                    error: e.to_string(),
                    category: None,
                    piece: None,
                };
                output::emit_line(&output::json_line(&report))?;
            }
            Err(e.into())
        }
    }
}

/// The JSON report of an input that is not a cube.
pub fn input_error_report(text: &str, e: &InputError) -> ErrorReport {
    ErrorReport {
        input: text.to_string(),
        error: e.to_string(),
        category: Some(e.category().to_string()),
        piece: e.piece(),
    }
}
