//! Goals, move sets, algorithms and training scrambles over HTTP: `POST /api/goal` (a cube to a
//! goal with a set of turns), `GET /api/moveset` (what a set of turns is and the size of the
//! group it generates) and `POST /api/algs` (algorithms for a case, shortest first). Each answer is checked by applying it before it is sent.

use crate::api::{budget, in_job, lane_of, JsonBody};
use crate::error::ApiError;
use crate::exec::{run_job, Lane, CHEAP_BUDGET};
use crate::input::cube_input;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use rubik_cube::moves::format_moves;
use rubik_cube::subgroup::Subgroup;
use rubik_cube::{Alg, Cube, Goal, MoveSet};
use rubik_solve::algs::cases::Case;
use rubik_solve::algs::{AlgOptions, AlgSearch, FoundAlg};
use rubik_solve::service::{CubeInput, Request};
use rubik_solve::{Limits, SolverConfig};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Most algorithms one `POST /api/algs` lists.
pub const MAX_ALGS: usize = 200;

/// Algorithms listed when the request names no count.
pub const DEFAULT_ALGS: usize = 20;

/// Body of `POST /api/goal`.
#[derive(Debug, Deserialize)]
pub struct GoalRequest {
    /// The cube as a 54-letter facelet string.
    pub facelets: Option<String>,
    /// The cube as a scramble applied to the solved cube.
    pub scramble: Option<String>,
    /// The goal: a name (`cross`, `f2l`, `oll`, `2x2x2`, `cross:U`…), a 54-sticker pattern
    /// with `?` for don't-care stickers, or a full state (facelets or a scramble). Solved when
    /// absent.
    pub goal: Option<String>,
    /// The turns allowed (`R,U`, `M,U`, `R,U,r`…); all 18 face turns when absent.
    pub moves: Option<String>,
    /// For a full goal with all face turns: `twophase` (default) or `optimal`.
    pub method: Option<String>,
    /// Longest acceptable solution, in turns of the set.
    pub max_length: Option<usize>,
    /// Time budget in milliseconds.
    pub timeout_ms: Option<u64>,
}

/// Answer of `POST /api/goal`.
#[derive(Debug, Serialize)]
pub struct GoalResponse {
    /// The turns to make, as made (slices and wide turns as such).
    pub solution: String,
    /// Number of turns (each turn of the set counting one).
    pub length: usize,
    /// The same in outer face turns (what `POST /api/solve` would print).
    pub face_turns: String,
    /// The goal's name.
    pub goal: String,
    /// The set of turns.
    pub moves: String,
    /// Who found it: `goal` (the goal search: shortest within the set), or the method.
    pub solver: &'static str,
    /// The starting state as a facelet string.
    pub facelets: String,
    /// The state the solution ends in.
    pub end: String,
    /// Time spent solving, in milliseconds.
    pub millis: f64,
}

fn bad_goal(e: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request("bad_goal", e.to_string())
}

fn parse_moves(text: Option<&str>) -> Result<MoveSet, ApiError> {
    match text {
        None => Ok(MoveSet::all_faces()),
        Some(t) => t.parse().map_err(|e: rubik_cube::moveset::MoveSetError| {
            ApiError::bad_request("bad_moves", e.to_string())
        }),
    }
}

fn wrong(what: &str) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        format!("{what} did not reach the goal"),
    )
}

/// `POST /api/goal`: through the service, which routes a full goal with all face turns to
/// the method and anything else to the goal search, and checks the answer.
pub async fn goal(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<GoalRequest>,
) -> Result<Json<GoalResponse>, ApiError> {
    let timeout = budget(&state, req.timeout_ms, req.max_length)?;
    let goal = Goal::parse(req.goal.as_deref().unwrap_or("solved")).map_err(bad_goal)?;
    let moves = parse_moves(req.moves.as_deref())?;
    let request = Request {
        method: crate::api::parse_method(req.method.as_deref())?,
        goal: Some(goal),
        moves: Some(moves),
        limits: Limits {
            max_length: req.max_length,
            ..Limits::default()
        },
        ..Request::new(CubeInput::Text(String::new()))
    };
    let lane = lane_of(&state, &request);
    let late = move || format!("no way to the goal found within {} ms", timeout.as_millis());
    run_job(&state, lane, timeout, late, move |shared, clock| {
        let cube = cube_input(req.facelets.as_deref(), req.scramble.as_deref())?;
        let request = in_job(request, cube, clock);
        let answer = shared.service.solve(&request)?;
        let goal = request.goal.as_ref().map_or("solved", |g| g.name());
        let moves = request.moves.as_ref().map(|m| m.to_string());
        Ok(Json(GoalResponse {
            solution: answer.turns.to_string(),
            length: answer.turns.turns().len(),
            face_turns: format_moves(&answer.solution.moves),
            goal: goal.to_string(),
            moves: moves.unwrap_or_default(),
            solver: answer.solver.name(),
            facelets: answer.cube.to_facelets(),
            end: answer.cube.apply(&answer.turns).to_facelets(),
            millis: answer.millis(),
        }))
    })
    .await
}

/// Query of `GET /api/moveset`.
#[derive(Debug, Deserialize)]
pub struct MoveSetQuery {
    /// The set of turns (`R,U`, `M,U`…).
    pub moves: String,
}

/// Answer of `GET /api/moveset`.
#[derive(Debug, Serialize)]
pub struct MoveSetResponse {
    /// The set as it is written back.
    pub moves: String,
    /// Every turn of the set.
    pub turns: Vec<String>,
    /// Number of states the set's turns reach from solved (a decimal string: it can exceed
    /// what a JSON number holds exactly).
    pub states: String,
    /// Whether the set is all 18 face turns (full goals then go through the solving methods).
    pub all_faces: bool,
}

/// `GET /api/moveset?moves=`.
pub async fn moveset(
    State(state): State<Arc<AppState>>,
    query: Result<Query<MoveSetQuery>, QueryRejection>,
) -> Result<Json<MoveSetResponse>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    let moves = parse_moves(Some(&query.moves))?;
    let late = || "describing the move set took too long".to_string();
    run_job(&state, Lane::Fast, CHEAP_BUDGET, late, move |_, _| {
        let group = Subgroup::new(&moves);
        Ok(Json(MoveSetResponse {
            moves: moves.to_string(),
            turns: moves.turns().iter().map(|t| t.to_string()).collect(),
            states: group.order().to_string(),
            all_faces: moves.is_all_faces(),
        }))
    })
    .await
}

/// Body of `POST /api/algs`.
#[derive(Debug, Deserialize)]
pub struct AlgsRequest {
    /// The case: `oll 27`, `pll T`, `zbll T 12`, a scramble, a facelet string or a pattern.
    pub case: String,
    /// The turns allowed; all 18 face turns when absent.
    pub moves: Option<String>,
    /// Longest algorithm (turns).
    pub max_length: Option<usize>,
    /// Algorithms up to the shortest length plus this many turns (2 when neither limit is
    /// given).
    pub extra: Option<usize>,
    /// Most algorithms to list (default 20, at most 200).
    pub count: Option<usize>,
    /// Also list algorithms that are another's rotation.
    pub keep_rotations: Option<bool>,
    /// Also list mirror images.
    pub keep_mirrors: Option<bool>,
    /// Time budget in milliseconds.
    pub timeout_ms: Option<u64>,
}

/// Answer of `POST /api/algs`.
#[derive(Debug, Serialize)]
pub struct AlgsResponse {
    /// The case's name.
    pub case: String,
    /// A state of the case as a facelet string (what the algorithms start from).
    pub facelets: String,
    /// The set of turns.
    pub moves: String,
    /// The algorithms, shortest first, then by score (each serialised as `alg`, `before`,
    /// `after`, `length`, `htm`, `qtm`, `score`).
    pub algorithms: Vec<FoundAlg>,
    /// Whether the time budget ended the search before its length limit.
    pub timed_out: bool,
}

/// `POST /api/algs`.
pub async fn algs(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<AlgsRequest>,
) -> Result<Json<AlgsResponse>, ApiError> {
    let timeout = budget(&state, req.timeout_ms, req.max_length)?;
    let count = req.count.unwrap_or(DEFAULT_ALGS);
    if count == 0 || count > MAX_ALGS {
        return Err(ApiError::bad_request(
            "bad_limit",
            format!("count must be 1 to {MAX_ALGS}"),
        ));
    }
    let moves = parse_moves(req.moves.as_deref())?;
    let late = move || {
        format!(
            "the algorithm search did not answer within {} ms",
            timeout.as_millis()
        )
    };
    run_job(&state, Lane::Slow, timeout, late, move |shared, clock| {
        let case =
            Case::parse(&req.case).map_err(|e| ApiError::bad_request("bad_case", e.to_string()))?;
        let options = AlgOptions {
            moves: moves.clone(),
            max_length: req.max_length,
            extra: req.extra,
            keep_rotations: req.keep_rotations.unwrap_or(false),
            keep_mirrors: req.keep_mirrors.unwrap_or(false),
            timeout: Some(clock.left),
            cancel: Some(clock.cancel.clone()),
        };
        // The request's flag also stops the tables the search loads or builds.
        let config = SolverConfig {
            cancel: Some(clock.cancel),
            ..shared.config().clone()
        };
        let mut search = AlgSearch::new(&case, &options, &config)?;
        let mut algorithms = Vec::new();
        for found in search.by_ref().take(count) {
            let end = Cube::from_cubie(case.state).apply(&Alg::from_turns(found.full()));
            if !case.goal.matches(&end.to_cubie()) {
                return Err(wrong("an algorithm"));
            }
            algorithms.push(found);
        }
        Ok(Json(AlgsResponse {
            case: case.name.clone(),
            facelets: case.state.to_facelets(),
            moves: moves.to_string(),
            algorithms,
            timed_out: search.timed_out(),
        }))
    })
    .await
}
