//! `rubik algs`: algorithms for a case, shortest first, streamed length by length.

use crate::args::AlgsArgs;
use crate::error::{CliError, CliResult};
use crate::input;
use crate::output;
use rubik_solve::algs::cases::Case;
use rubik_solve::algs::{AlgOptions, AlgSearch, FoundAlg};
use rubik_solve::SolveError;
use serde::Serialize;

/// One algorithm in JSON: the case and the move set, then the algorithm's own fields.
#[derive(Serialize)]
struct AlgReport<'a> {
    case: &'a str,
    moves: &'a str,
    #[serde(flatten)]
    found: &'a FoundAlg,
}

/// Runs `rubik algs`.
pub fn run(args: &AlgsArgs) -> CliResult {
    let text = input::joined(&args.case);
    let case = Case::parse(&text).map_err(CliError::bad_input)?;
    let options = AlgOptions {
        moves: args
            .moves
            .clone()
            .unwrap_or_else(rubik_cube::MoveSet::all_faces),
        max_length: args.max_length,
        extra: args.extra,
        keep_rotations: args.keep_rotations,
        keep_mirrors: args.keep_mirrors,
        timeout: args.timeout,
        cancel: None,
    };
    let config = crate::solving::config(&Default::default())?;
    let mut search = AlgSearch::new(&case, &options, &config)?;
    let moves = options.moves.to_string();
    if !args.json {
        if options.moves.is_all_faces() {
            eprintln!("{} with all face turns:", case.name);
        } else {
            eprintln!("{} with ⟨{moves}⟩:", case.name);
        }
    }
    let mut listed = 0usize;
    while args.count.is_none_or(|c| listed < c) {
        let Some(found) = search.next() else { break };
        listed += 1;
        if args.json {
            output::emit_line(&output::json_line(&AlgReport {
                case: &case.name,
                moves: &moves,
                found: &found,
            }))?;
        } else {
            output::emit_line(&line(&found))?;
        }
    }
    if listed == 0 {
        let e = SolveError::NoSolution {
            max_length: search.limit(),
            timed_out: search.timed_out(),
            lower_bound: None,
        };
        return Err(CliError::from(e).context(format!("no algorithm for {}", case.name)));
    }
    if search.timed_out() {
        eprintln!("note: the timeout ended the search; longer algorithms were not all looked at");
    }
    Ok(())
}

/// `(U') R U R' U R U2 R' (U2)   7 turns, score 7.60`.
fn line(a: &FoundAlg) -> String {
    let mut text = String::new();
    if let Some(m) = a.before {
        text.push_str(&format!("({m}) "));
    }
    text.push_str(&a.notation());
    if let Some(m) = a.after {
        text.push_str(&format!(" ({m})"));
    }
    format!("{text:<40}  {} turns, score {:.2}", a.length, a.score)
}
