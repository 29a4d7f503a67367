//! Continuous mode (`rubik solve -c`): one scramble or facelet string per stdin line, one answer
//! per stdout line in input order, until `QUIT` or end of input. A bad line gets its error on its
//! own line and the stream goes on; `--jobs N` solves N lines at once.
//!
//! Lines are read as bytes in bounded memory ([`crate::lines`]): a line that is not UTF-8 or
//! longer than [`MAX_LINE_BYTES`] gets an error line in its place, and echoed input has its
//! control characters escaped.
//!
//! With `--output FILE` the answers go to a file, each line in one write ([`crate::resume`]);
//! `--resume` keeps the lines already there and skips as many input lines, checking they are
//! the same inputs.

use crate::args::SolveArgs;
use crate::commands::solve::{input_error_report, presentation};
use crate::cube_io;
use crate::error::{
    solve_error_code, CliError, CliResult, EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_NO_SOLUTION,
};
use crate::lines::{describe_bytes, escape_controls, Line, Lines, MAX_LINE_BYTES};
use crate::output::{self, ErrorReport, SolveReport};
use crate::resume::OutputFile;
use crate::solving;
use anyhow::Context;
use rubik_solve::{Limits, Solver};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

/// The answer to one line: the text to print and the exit code it calls for (0 when solved).
struct Answer {
    line: String,
    code: u8,
}

/// Runs continuous mode on stdin and stdout. Exits 0 when every line was solved, else the most
/// severe code seen (2 for a bad line, 1 for a line without a solution within the limits).
pub fn run(args: &SolveArgs) -> CliResult {
    let solver = solving::goal_solver(&args.goal, &args.searching(), false)?;
    if solver.lists() {
        return Err(CliError::bad_input(anyhow::anyhow!(
            "these options make method {} list several solutions per cube; continuous mode \
             answers each line with one",
            solver.name()
        )));
    }
    let limits = solving::limits(&args.limits);
    let mut stdin = std::io::stdin().lock();
    let (mut out, done_worst): (Box<dyn Write + Send>, u8) = match &args.output {
        Some(path) => {
            let (file, done) = OutputFile::open(path, args.resume).map_err(CliError::failure)?;
            skip_done(&mut stdin, &done.inputs, path)?;
            (Box::new(file), done.worst)
        }
        None => (Box::new(std::io::stdout()), 0),
    };
    let worst = if jobs(args) <= 1 {
        sequential(args, solver.as_ref(), &limits, stdin, &mut out)?
    } else {
        parallel(args, solver.as_ref(), &limits, stdin, &mut out)?
    };
    let worst = worse(worst, done_worst);
    match worst {
        0 => Ok(()),
        code => Err(CliError {
            code,
            error: anyhow::anyhow!(match code {
                EXIT_BAD_INPUT => "some lines were not valid cubes",
                EXIT_NO_SOLUTION => "some cubes had no solution within the limits",
                _ => "some cubes could not be solved",
            }),
        }),
    }
}

/// Reads past the input lines a resumed run has already answered, checking each is the input
/// its answer names.
fn skip_done(input: &mut impl BufRead, done: &[String], path: &std::path::Path) -> CliResult {
    let mut read = lines(input);
    for (number, expected) in done.iter().enumerate() {
        let same = match read.next() {
            Some(Ok(Line::Text(text))) => escape_controls(text.trim()) == expected.as_str(),
            Some(Ok(_)) => true, // unreadable lines are answered by a description, not echoed
            Some(Err(e)) => {
                return Err(CliError::bad_input(
                    anyhow::Error::new(e).context("cannot read stdin"),
                ))
            }
            None => false,
        };
        if !same {
            return Err(CliError::bad_input(anyhow::anyhow!(
                "{} does not answer this input: its line {} is for {:?}, not input line {} \
                 (resume with the same input, or drop --resume to start over)",
                path.display(),
                number + 1,
                expected,
                number + 1
            )));
        }
    }
    Ok(())
}

/// Lines solved at once: as asked, else one per CPU thread for a slow method (the optimal one:
/// its solves share the thread pool task by task, so two cubes keep both threads busy through
/// each other's pauses, and a lone last cube gets every thread), else one.
fn jobs(args: &SolveArgs) -> usize {
    match args.jobs {
        Some(n) => usize::from(n),
        None if args.method.method.pace() == rubik_solve::Pace::Slow => {
            std::thread::available_parallelism().map_or(1, usize::from)
        }
        None => 1,
    }
}

/// The input lines up to `QUIT` (any case) or end of input.
fn lines(input: impl BufRead) -> impl Iterator<Item = std::io::Result<Line>> {
    Lines::new(input, MAX_LINE_BYTES).take_while(
        |line| !matches!(line, Ok(Line::Text(l)) if l.trim().eq_ignore_ascii_case("QUIT")),
    )
}

fn sequential(
    args: &SolveArgs,
    solver: &dyn Solver,
    limits: &Limits,
    input: impl BufRead,
    out: &mut impl Write,
) -> CliResult<u8> {
    let mut worst = 0;
    for line in lines(input) {
        let line = line
            .context("cannot read stdin")
            .map_err(CliError::bad_input)?;
        let answer = answer(args, solver, limits, &line);
        worst = worse(worst, answer.code);
        write_line(out, &answer.line)?;
    }
    Ok(worst)
}

fn parallel(
    args: &SolveArgs,
    solver: &dyn Solver,
    limits: &Limits,
    input: impl BufRead,
    out: &mut (dyn Write + Send),
) -> CliResult<u8> {
    let jobs = jobs(args);
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, Line)>(jobs * 4);
    let job_rx = Mutex::new(job_rx);
    let (answer_tx, answer_rx) = mpsc::channel::<(usize, Answer)>();
    let output_closed = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let answer_tx = answer_tx.clone();
            let job_rx = &job_rx;
            let output_closed = &output_closed;
            scope.spawn(move || loop {
                let job = job_rx.lock().unwrap_or_else(|p| p.into_inner()).recv();
                let Ok((index, line)) = job else { break };
                // Once the output is gone, keep draining jobs (unsolved) so the reader never
                // blocks on a full queue.
                if !output_closed.load(Ordering::Relaxed) {
                    let answer = answer(args, solver, limits, &line);
                    if answer_tx.send((index, answer)).is_err() {
                        output_closed.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
        drop(answer_tx);
        let output_closed = &output_closed;
        let printer = scope.spawn(move || -> CliResult<u8> {
            let mut pending = BTreeMap::new();
            let mut next = 0;
            let mut worst = 0;
            for (index, answer) in answer_rx {
                pending.insert(index, answer);
                while let Some(answer) = pending.remove(&next) {
                    worst = worse(worst, answer.code);
                    if let Err(e) = write_line(out, &answer.line) {
                        output_closed.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                    next += 1;
                }
            }
            Ok(worst)
        });
        let mut read_error = None;
        for (index, line) in lines(input).enumerate() {
            if output_closed.load(Ordering::Relaxed) {
                break;
            }
            match line {
                Ok(line) => {
                    if job_tx.send((index, line)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
        }
        drop(job_tx);
        let worst = printer
            .join()
            .unwrap_or_else(|_| Err(CliError::failure(anyhow::anyhow!("output thread failed"))))?;
        match read_error {
            Some(e) => Err(CliError::bad_input(
                anyhow::Error::new(e).context("cannot read stdin"),
            )),
            None => Ok(worst),
        }
    })
}

/// The more severe of two exit codes (bad input over no solution over success).
pub fn worse(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        0 => 0,
        EXIT_NO_SOLUTION => 1,
        EXIT_BAD_INPUT => 2,
        _ => 3,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

fn write_line(out: &mut (impl Write + ?Sized), line: &str) -> CliResult {
    writeln!(out, "{line}")
        .and_then(|_| out.flush())
        .context("cannot write to stdout")
        .map_err(|e| CliError {
            code: EXIT_FAILURE,
            error: e,
        })
}

/// Answers one input line: its solution, or why it has none.
fn answer(args: &SolveArgs, solver: &dyn Solver, limits: &Limits, line: &Line) -> Answer {
    match line {
        Line::Text(text) => answer_text(args, solver, limits, text.trim()),
        Line::NotUtf8(bytes) => unreadable(
            args,
            &describe_bytes(bytes, 80),
            "not_utf8",
            "the line is not UTF-8 text",
        ),
        Line::TooLong(length) => unreadable(
            args,
            "",
            "line_too_long",
            &format!("the line has {length} bytes, more than the {MAX_LINE_BYTES} read per line"),
        ),
    }
}

/// The error line of a line that could not be read as text.
fn unreadable(args: &SolveArgs, input: &str, category: &str, error: &str) -> Answer {
    let line = if args.json {
        output::json_line(&ErrorReport {
            input: input.to_string(),
            error: error.to_string(),
            category: Some(category.to_string()),
            piece: None,
        })
    } else if input.is_empty() {
        format!("error: {error}")
    } else {
        format!("error: {error}: {input}")
    };
    Answer {
        line,
        code: EXIT_BAD_INPUT,
    }
}

/// Solves the cube of one line of text and formats the answer.
fn answer_text(args: &SolveArgs, solver: &dyn Solver, limits: &Limits, text: &str) -> Answer {
    let cube = match cube_io::parse_state(text) {
        Ok(cube) => cube,
        Err(e) => {
            let line = if args.json {
                output::json_line(&input_error_report(text, &e))
            } else {
                format!("error: {}", escape_controls(&e.to_string()))
            };
            return Answer {
                line,
                code: EXIT_BAD_INPUT,
            };
        }
    };
    match solving::timed_solve(solver, &cube_io::to_cubie(&cube), limits) {
        Ok((solution, millis)) => Answer {
            line: if args.json {
                output::json_line(&SolveReport::new(
                    text,
                    &solution,
                    solver.name(),
                    millis,
                    &presentation(args),
                ))
            } else {
                presentation(args).solution_line(&solution)
            },
            code: 0,
        },
        Err(e) => Answer {
            line: if args.json {
                output::json_line(&ErrorReport {
                    input: text.to_string(),
                    error: e.to_string(),
                    category: None,
                    piece: None,
                })
            } else {
                format!("error: {e}")
            },
            code: solve_error_code(&e),
        },
    }
}
