//! `rubik solve`: one cube from the command line, or a stream of them (continuous mode).

use crate::args::SolveArgs;
use crate::continuous;
use crate::cube_io::{self, Cube, InputError};
use crate::error::{CliError, CliResult};
use crate::input;
use crate::output::{self, input_error_report, presentation, ErrorReport, SolveReport};
use crate::solving;
use rubik_solve::service::{Listing, Request, Service};
use rubik_solve::{OnSolution, Solution};
use serde::Serialize;
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};

/// Runs `rubik solve`.
pub fn run(args: &SolveArgs) -> CliResult {
    if let Some(path) = &args.rgb {
        return solve_scanned(args, path);
    }
    if !args.image.is_empty() {
        let (cube, _, _) =
            input::cube_from_images(&args.image, args.rects.as_deref(), args.as_shot)?;
        return solve_one(args, &cube_io::facelets(&cube), Ok(cube));
    }
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
    let service = solving::service(&args.method)?;
    let request = solving::request(args, cube, true)?;
    solving::prepare(&service, &request)?;
    if args.solutions.is_some_and(|n| n > 1) {
        return stream_solutions(args, text, &cube, &service, request);
    }
    if service.lists(&request)? {
        return list_solutions(args, text, &service, &request);
    }
    match service.solve(&request) {
        Ok(answer) => {
            if args.json {
                let report = SolveReport::new(text, &answer, &presentation(args));
                output::emit_line(&output::json_line(&report))?;
            } else {
                output::emit_line(&presentation(args).solution_line(&answer.solution))?;
                if args.explain {
                    for line in presentation(args).explain_lines(&answer.solution) {
                        output::emit_line(&line)?;
                    }
                } else if answer.proven_optimal == Some(false) {
                    // An answer given before its proof (the optimal solver's best so far on
                    // timeout) says so on stderr: its first step tells how far the proof got.
                    if let Some(step) = answer.steps().first() {
                        eprintln!("note: {}", step.explanation);
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

/// `--rgb FILE`: resolve the measured colours, then solve the cube they show.
fn solve_scanned(args: &SolveArgs, path: &std::path::Path) -> CliResult {
    match input::cube_from_rgb_file(path) {
        Ok((cube, _)) => solve_one(args, &cube_io::facelets(&cube), Ok(cube)),
        Err(e) => {
            if args.json {
                let report = ErrorReport {
                    input: path.display().to_string(),
                    error: format!("{:#}", e.error),
                    category: e
                        .error
                        .downcast_ref::<cube_io::ScanError>()
                        .map(|s| s.category().to_string()),
                    piece: None,
                };
                output::emit_line(&output::json_line(&report))?;
            }
            Err(e)
        }
    }
}

/// Every optimal solution, in JSON.
#[derive(Serialize)]
struct AllReport {
    input: String,
    method: &'static str,
    length: usize,
    count: usize,
    millis: f64,
    solutions: Vec<String>,
}

impl AllReport {
    /// The report of `listing`, the solutions of the cube given as `text`.
    fn new(text: &str, listing: &Listing) -> AllReport {
        AllReport {
            input: text.to_string(),
            method: listing.method.name(),
            length: listing.solutions.first().map_or(0, |s| s.len()),
            count: listing.solutions.len(),
            millis: output::round_millis(listing.elapsed.as_secs_f64() * 1000.0),
            solutions: listing.solutions.iter().map(|s| s.to_string()).collect(),
        }
    }
}

/// One of the solutions of `--solutions N`, in JSON, printed as it is found.
#[derive(Serialize)]
struct FoundReport<'a> {
    input: &'a str,
    solution: String,
    length: usize,
}

/// `--solutions N`: each solution printed as it is found (after checking that it solves the
/// cube), then, with `--json`, the whole list as one JSON object.
fn stream_solutions(
    args: &SolveArgs,
    text: &str,
    cube: &Cube,
    service: &Service,
    mut request: Request,
) -> CliResult {
    let style = presentation(args);
    let json = args.json;
    let (input, start) = (text.to_string(), *cube);
    let line = move |solution: &Solution| {
        if json {
            output::json_line(&FoundReport {
                input: &input,
                solution: solution.to_string(),
                length: solution.len(),
            })
        } else {
            style.solution_line(solution)
        }
    };
    // What was printed, and the first error in writing (a closed stdout), after which
    // nothing more is.
    let printed: Arc<Mutex<(Vec<Solution>, Option<CliError>)>> = Arc::default();
    let (sink, line_of) = (printed.clone(), line.clone());
    let print = move |solution: &Solution| {
        let mut printed = sink.lock().unwrap_or_else(|e| e.into_inner());
        if printed.1.is_some() || !start.apply_moves(&solution.moves).is_solved() {
            // A wrong solution is not printed; the service's check of the list says so.
            return;
        }
        match output::emit_line(&line_of(solution)) {
            Ok(()) => printed.0.push(solution.clone()),
            Err(e) => printed.1 = Some(e),
        }
    };
    request.limits.on_solution = Some(OnSolution(Arc::new(print)));
    let listing = service.list(&request);
    let (streamed, failed) =
        std::mem::take(&mut *printed.lock().unwrap_or_else(|e| e.into_inner()));
    if let Some(e) = failed {
        return Err(e);
    }
    let listing = listing?;
    // A method that does not stream its solutions has them printed now.
    for solution in &listing.solutions {
        if !streamed.iter().any(|s| s.moves == solution.moves) {
            output::emit_line(&line(solution))?;
        }
    }
    if args.json {
        let report = AllReport::new(text, &listing);
        output::emit_line(&output::json_line(&report))?;
    }
    Ok(())
}

/// The solutions of a method that lists them (the optimal method's `--all`): one per line,
/// or one JSON object.
fn list_solutions(args: &SolveArgs, text: &str, service: &Service, request: &Request) -> CliResult {
    let listing = service.list(request)?;
    let style = presentation(args);
    if args.json {
        let report = AllReport::new(text, &listing);
        return output::emit_line(&output::json_line(&report));
    }
    for solution in &listing.solutions {
        output::emit_line(&style.solution_line(solution))?;
    }
    Ok(())
}
