//! The JSON API: solve, scramble, validate, apply, methods, messages and the OpenAPI document
//! (goals, move sets and algorithms: [`crate::goals`]).

use crate::error::ApiError;
/// Kept here for the handlers that take it from this module.
pub(crate) use crate::exec::CHEAP_BUDGET;
use crate::exec::{run_job, JobClock, Lane};
use crate::input::{cube_input, parse_alg};
use crate::scramble::random_scramble;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequest, Query, State};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use rubik_cube::moves::format_moves;
use rubik_cube::Cube;
use rubik_solve::i18n::Lang;
use rubik_solve::options::{OptionDef, OptionKind};
use rubik_solve::registry::messages as catalogue;
use rubik_solve::service::{
    self, Answer, CubeInput, Request, Service, MAX_LENGTH_LIMIT, MAX_SOLUTIONS,
};
use rubik_solve::{Limits, Method, Pace, SolveError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// The OpenAPI 3 description of this API.
pub const OPENAPI_JSON: &str = include_str!("../static/openapi.json");

/// Body of `POST /api/solve`.
#[derive(Debug, Deserialize)]
pub struct SolveRequest {
    /// The cube as a 54-letter facelet string (URFDLB order).
    pub facelets: Option<String>,
    /// The cube as a scramble applied to the solved cube.
    pub scramble: Option<String>,
    /// `twophase` (default), `optimal`, `thistlethwaite` or `cfop`.
    pub method: Option<String>,
    /// Longest acceptable solution (HTM).
    pub max_length: Option<usize>,
    /// Time budget in milliseconds.
    pub timeout_ms: Option<u64>,
    /// Keep searching for shorter solutions until the time budget is spent (two-phase), and
    /// answer with the shortest found.
    pub improve: Option<bool>,
    /// Language of the step texts: `en` (default) or `fr`.
    pub lang: Option<String>,
    /// Threads searching this cube (two-phase in HTM; default 1), at most the server's cores.
    pub threads: Option<usize>,
    /// How many distinct solutions within the bound to give (two-phase; default 1), the
    /// first found: listed in the answer's `solutions`, and each sent as a `found` line by
    /// `POST /api/solve/stream` as it is found.
    pub solutions: Option<usize>,
}

/// One explained step of a solution, in the language asked for. Its moves, applied after the
/// previous steps', do what its explanation says.
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// Catalogue key of the step (`"twophase.phase1"`).
    pub key: &'static str,
    /// The parameters of its name (colours, case names, axes), for programs.
    pub params: BTreeMap<String, String>,
    /// The step's name.
    pub name: String,
    /// The step's moves in outer face turns, one space apart.
    pub moves: String,
    /// Their number (HTM).
    pub length: usize,
    /// What the step's moves achieve.
    pub explanation: String,
    /// The name and explanation in every language (`en`, `fr`), so a page can switch
    /// language without solving again.
    pub translations: BTreeMap<&'static str, StepText>,
    /// The step as a person performs it (rotations, wide and slice moves), when the method
    /// has such a form (CFOP).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human: Option<HumanJson>,
}

/// A step's human form.
#[derive(Debug, Serialize)]
pub struct HumanJson {
    /// The moves with rotations, wide and slice moves.
    pub moves: String,
    /// Their length in HTM (rotations 0, slices 2): the same as the outer turns'.
    pub length: usize,
    /// What they do, sentence by sentence in the order they are done.
    pub explanation: String,
    /// The explanation in every language.
    pub translations: BTreeMap<&'static str, String>,
}

/// A step's text in one language.
#[derive(Debug, Serialize)]
pub struct StepText {
    /// The step's name.
    pub name: String,
    /// What the step achieves.
    pub explanation: String,
}

/// Answer of `POST /api/solve`.
#[derive(Debug, Serialize)]
pub struct SolveResponse {
    /// The solution in outer face turns, one space apart.
    pub solution: String,
    /// Its length in HTM.
    pub length: usize,
    /// Its length in QTM.
    pub qtm: usize,
    /// The explained steps.
    pub steps: Vec<StepJson>,
    /// Time spent solving, in milliseconds.
    pub millis: f64,
    /// The method used.
    pub method: &'static str,
    /// The starting state as a facelet string (centres where they are).
    pub facelets: String,
    /// For the optimal method: whether the solution is proven shortest (`false` when the time
    /// budget ran out first and the answer is the best found).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven_optimal: Option<bool>,
    /// With `solutions` above 1: the distinct solutions, in the order found (the answer's
    /// own `solution` is a solve of its own, explained).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
}

/// `POST /api/solve`.
pub async fn solve(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<SolveRequest>,
) -> Result<Json<SolveResponse>, ApiError> {
    let plan = solve_plan(&state, req)?;
    run_solve(&state, plan).await.map(Json)
}

/// A solve request translated for the service, checked but for its cube (read later, off
/// the async threads), and its time budget.
pub(crate) struct SolvePlan {
    /// The request; its cube is filled in by [`run_solve`].
    pub request: Request,
    /// The cube as sent.
    pub facelets: Option<String>,
    /// The cube as a scramble.
    pub scramble: Option<String>,
    /// The time budget.
    pub timeout: Duration,
}

/// Checks a solve request's method, language and limits and translates them.
pub(crate) fn solve_plan(state: &AppState, req: SolveRequest) -> Result<SolvePlan, ApiError> {
    let timeout = budget(state, req.timeout_ms, req.max_length)?;
    let request = Request {
        method: parse_method(req.method.as_deref())?,
        lang: parse_lang(req.lang.as_deref())?,
        limits: Limits {
            max_length: req.max_length,
            timeout: Some(timeout),
            improve: req.improve.unwrap_or(false),
            threads: threads_within(req.threads)?,
            solutions: counted("solutions", req.solutions, MAX_SOLUTIONS)?,
            ..Limits::default()
        },
        ..Request::new(CubeInput::Text(String::new()))
    };
    Ok(SolvePlan {
        request,
        facelets: req.facelets,
        scramble: req.scramble,
        timeout,
    })
}

/// Solves `plan`'s request through the service in its lane (see [`run_job`]). With a
/// `progress` in the request, an optimal search reports its deepening steps there.
pub(crate) async fn run_solve(
    state: &Arc<AppState>,
    plan: SolvePlan,
) -> Result<SolveResponse, ApiError> {
    let SolvePlan {
        request,
        facelets,
        scramble,
        timeout,
    } = plan;
    let lane = lane_of(state, &request);
    let method: Method = request.method();
    let late_state = Arc::clone(state);
    let late = move || late_text(&late_state, method, timeout);
    run_job(state, lane, timeout, late, move |shared, clock| {
        let cube = cube_input(facelets.as_deref(), scramble.as_deref())?;
        let request = in_job(request, cube, clock);
        if request.limits.solutions() <= 1 {
            return Ok(solve_response(&shared.service.solve(&request)?));
        }
        // The answer is the list's first solution: one search gives both.
        let listing = shared.service.list(&request)?;
        let answer = listing.first_answer().ok_or(SolveError::NoSolution {
            max_length: request.limits.max_length.unwrap_or(MAX_LENGTH_LIMIT),
            timed_out: true,
            lower_bound: None,
        })?;
        Ok(SolveResponse {
            solutions: Some(listing.solutions.iter().map(|s| s.to_string()).collect()),
            ..solve_response(&answer)
        })
    })
    .await
}

/// `request` with its cube, run as the job `clock` says: within the time left, stopped by
/// the job's flag.
pub(crate) fn in_job(request: Request, cube: CubeInput, clock: JobClock) -> Request {
    Request {
        cube,
        limits: Limits {
            timeout: Some(clock.left),
            cancel: Some(clock.cancel),
            ..request.limits.clone()
        },
        ..request
    }
}

/// The answer to a solve.
fn solve_response(answer: &Answer) -> SolveResponse {
    SolveResponse {
        solution: answer.solution.to_string(),
        length: answer.solution.len(),
        qtm: answer.solution.qtm(),
        steps: steps_json(answer),
        millis: answer.millis(),
        method: answer.solver.name(),
        facelets: answer.cube.to_facelets(),
        proven_optimal: answer.proven_optimal,
        solutions: None,
    }
}

/// The threads a request asks for: at least 1, at most the server's cores.
fn threads_within(asked: Option<usize>) -> Result<usize, ApiError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    counted("threads", asked, cores)
}

/// A count a request asks for (`threads`, `solutions`): 1 when absent, refused when 0 or
/// above `limit`.
fn counted(what: &str, asked: Option<usize>, limit: usize) -> Result<usize, ApiError> {
    match asked {
        None => Ok(1),
        Some(n) if (1..=limit).contains(&n) => Ok(n),
        Some(_) => Err(ApiError::bad_request(
            "bad_limit",
            format!("{what} must be between 1 and {limit}"),
        )),
    }
}

/// The lane of a request: the service's pace of it.
pub(crate) fn lane_of(state: &AppState, request: &Request) -> Lane {
    match state.service.pace(request) {
        Pace::Slow => Lane::Slow,
        Pace::Quick => Lane::Fast,
    }
}

/// The request's time budget (its `timeout_ms` within the server's limits), its length
/// limit checked.
pub(crate) fn budget(
    state: &AppState,
    timeout_ms: Option<u64>,
    max_length: Option<usize>,
) -> Result<Duration, ApiError> {
    if max_length.is_some_and(|n| n > MAX_LENGTH_LIMIT) {
        return Err(ApiError::bad_request(
            "bad_limit",
            format!("max_length must be at most {MAX_LENGTH_LIMIT}"),
        ));
    }
    let max = state.limits.max_timeout;
    match timeout_ms {
        Some(0) => Err(ApiError::bad_request(
            "bad_limit",
            "timeout_ms must be positive",
        )),
        Some(ms) if Duration::from_millis(ms) > max => Err(ApiError::bad_request(
            "bad_limit",
            format!("timeout_ms must be at most {}", max.as_millis()),
        )),
        Some(ms) => Ok(Duration::from_millis(ms)),
        None => Ok(state.limits.default_timeout),
    }
}

/// The 504 text of a solve that did not answer in time, saying why when it can tell.
fn late_text(state: &AppState, method: Method, budget: Duration) -> String {
    let base = format!(
        "the {} solver did not answer within {} ms",
        method.name(),
        budget.as_millis()
    );
    if state.is_loaded(method) {
        base
    } else {
        format!("{base}: its tables were still being loaded or built (the first solve of a method does that); try again shortly")
    }
}

const LANGS: [(&str, Lang); 2] = [("en", Lang::En), ("fr", Lang::Fr)];

fn steps_json(answer: &Answer) -> Vec<StepJson> {
    let texts: Vec<(&'static str, Vec<service::StepText>)> = LANGS
        .into_iter()
        .map(|(code, lang)| (code, answer.steps_in(lang)))
        .collect();
    answer
        .steps()
        .into_iter()
        .enumerate()
        .map(|(i, step)| {
            let translations = texts
                .iter()
                .map(|(code, steps)| {
                    let s = &steps[i];
                    (
                        *code,
                        StepText {
                            name: s.name.clone(),
                            explanation: s.explanation.clone(),
                        },
                    )
                })
                .collect();
            let human = step.human.as_ref().map(|h| HumanJson {
                moves: h.moves.clone(),
                length: h.htm,
                explanation: h.explanation.clone(),
                translations: texts
                    .iter()
                    .filter_map(|(code, steps)| {
                        Some((*code, steps[i].human.as_ref()?.explanation.clone()))
                    })
                    .collect(),
            });
            StepJson {
                key: step.key,
                params: step.params.iter().cloned().collect(),
                name: step.name.clone(),
                moves: step.moves_text(),
                length: step.moves.len(),
                explanation: step.explanation.clone(),
                translations,
                human,
            }
        })
        .collect()
}

/// Query of `GET /api/scramble`.
#[derive(Debug, Deserialize)]
pub struct ScrambleQuery {
    /// Seed of the random state; random when absent.
    pub seed: Option<u64>,
    /// A training subset (`pll`, `oll`, `zbll`, `2gen`…): a uniformly random state of it.
    pub subset: Option<String>,
}

/// Answer of `GET /api/scramble`.
#[derive(Debug, Serialize)]
pub struct ScrambleResponse {
    /// Moves that lead from the solved cube to the state.
    pub scramble: String,
    /// The state as a facelet string.
    pub facelets: String,
    /// Whether the state is uniformly random (scramble found by the two-phase solver) rather
    /// than the result of random moves (when the two-phase solver is unavailable).
    pub random_state: bool,
    /// The training subset the state was drawn from, when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subset: Option<String>,
}

/// `GET /api/scramble?seed=&subset=`.
pub async fn scramble(
    State(state): State<Arc<AppState>>,
    query: Result<Query<ScrambleQuery>, QueryRejection>,
) -> Result<Json<ScrambleResponse>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    if let Some(subset) = query.subset {
        let (scramble, facelets, name) =
            crate::scramble::subset_scramble_of(&state, &subset, query.seed).await?;
        return Ok(Json(ScrambleResponse {
            scramble,
            facelets,
            random_state: true,
            subset: Some(name.to_string()),
        }));
    }
    let made = random_scramble(&state, query.seed).await?;
    Ok(Json(ScrambleResponse {
        scramble: format_moves(&made.scramble.moves),
        facelets: made.scramble.cube.to_facelets(),
        random_state: made.random_state,
        subset: None,
    }))
}

/// Body of `POST /api/validate`.
#[derive(Debug, Deserialize)]
pub struct CubeRequest {
    /// The cube as a facelet string.
    pub facelets: Option<String>,
    /// The cube as a scramble.
    pub scramble: Option<String>,
}

/// Answer of `POST /api/validate`.
#[derive(Debug, Serialize)]
pub struct ValidateResponse {
    /// Whether the cube is a real, solvable cube.
    pub valid: bool,
    /// Why it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The kind of fault (`"twisted_corner"`, `"parity"`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<&'static str>,
    /// The piece at fault, if one is named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// The state as a facelet string, when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facelets: Option<String>,
}

/// `POST /api/validate`: 200 with `valid: false` and the fault for an invalid cube; 400 only for
/// a malformed request.
pub async fn validate(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<CubeRequest>,
) -> Result<Json<ValidateResponse>, ApiError> {
    let late = || "validating the cube took too long".to_string();
    run_job(&state, Lane::Fast, CHEAP_BUDGET, late, move |_, _| {
        validated(req)
    })
    .await
}

/// The answer of `POST /api/validate` (blocking: parses and applies the moves). A request
/// without exactly one cube is malformed (400); a cube that is not valid is an answer.
fn validated(req: CubeRequest) -> Result<Json<ValidateResponse>, ApiError> {
    let input = cube_input(req.facelets.as_deref(), req.scramble.as_deref())?;
    Ok(Json(match Service::read_cube(&input) {
        Ok(cube) => ValidateResponse {
            valid: true,
            error: None,
            category: None,
            piece: None,
            facelets: Some(cube.to_facelets()),
        },
        Err(e) => {
            let e = ApiError::from(e);
            ValidateResponse {
                valid: false,
                error: Some(e.error),
                category: Some(e.category),
                piece: e.piece,
                facelets: None,
            }
        }
    }))
}

/// Body of `POST /api/apply`.
#[derive(Debug, Deserialize)]
pub struct ApplyRequest {
    /// Starting state; the solved cube when absent.
    pub facelets: Option<String>,
    /// Moves to apply.
    pub moves: String,
}

/// Answer of `POST /api/apply`.
#[derive(Debug, Serialize)]
pub struct ApplyResponse {
    /// The state after the moves.
    pub facelets: String,
    /// Whether that state is solved.
    pub solved: bool,
}

/// `POST /api/apply`: a state and moves (any notation: slices, wide turns, rotations) to the
/// resulting state.
pub async fn apply(
    State(state): State<Arc<AppState>>,
    JsonBody(req): JsonBody<ApplyRequest>,
) -> Result<Json<ApplyResponse>, ApiError> {
    let late = || "applying the moves took too long".to_string();
    run_job(&state, Lane::Fast, CHEAP_BUDGET, late, move |_, _| {
        let start = match req.facelets.as_deref() {
            Some(f) => Cube::from_facelets(f)?,
            None => Cube::solved(),
        };
        let end = start.apply(&parse_alg(&req.moves)?);
        Ok(Json(ApplyResponse {
            facelets: end.to_facelets(),
            solved: end.is_solved(),
        }))
    })
    .await
}

/// One entry of `GET /api/methods`: a method as the registry declares it.
#[derive(Debug, Serialize)]
pub struct MethodInfo {
    /// The method's name (the `method` of a solve request).
    pub name: &'static str,
    /// What it does, one line.
    pub summary: &'static str,
    /// Whether its solves take seconds (run in the server's slow lane) rather than
    /// milliseconds.
    pub slow: bool,
    /// The options it takes (the CLI's `--NAME`).
    pub options: Vec<OptionInfo>,
    /// Whether its solver is loaded (it is created on first use otherwise).
    pub loaded: bool,
}

/// A method's option in `GET /api/methods`.
#[derive(Debug, Serialize)]
pub struct OptionInfo {
    /// The name.
    pub name: &'static str,
    /// What it does, one line.
    pub help: &'static str,
    /// `flag` (given or not) or `choice` (one of `values`, the first the default).
    pub kind: &'static str,
    /// The values of a choice (empty for a flag).
    pub values: Vec<ChoiceInfo>,
}

/// One value of a choice option.
#[derive(Debug, Serialize)]
pub struct ChoiceInfo {
    /// The value as given.
    pub name: &'static str,
    /// What it does, one line.
    pub help: &'static str,
}

impl From<&OptionDef> for OptionInfo {
    fn from(def: &OptionDef) -> OptionInfo {
        let (kind, values) = match def.kind {
            OptionKind::Flag => ("flag", Vec::new()),
            OptionKind::Choice(choices) => (
                "choice",
                choices
                    .iter()
                    .map(|c| ChoiceInfo {
                        name: c.name,
                        help: c.help,
                    })
                    .collect(),
            ),
        };
        OptionInfo {
            name: def.name,
            help: def.help,
            kind,
            values,
        }
    }
}

/// `GET /api/methods`: every method of the registry, the default first, with its summary and
/// options.
pub async fn methods(State(state): State<Arc<AppState>>) -> Json<Vec<MethodInfo>> {
    Json(
        Method::all()
            .iter()
            .map(|&m| MethodInfo {
                name: m.name(),
                summary: m.summary(),
                slow: m.pace() == Pace::Slow,
                options: m.options().iter().map(|&d| OptionInfo::from(d)).collect(),
                loaded: state.is_loaded(m),
            })
            .collect(),
    )
}

/// Query of `GET /api/messages`.
#[derive(Debug, Deserialize)]
pub struct MessagesQuery {
    /// `en` (default) or `fr`.
    pub lang: Option<String>,
}

/// One catalogue message as templates with `{param}` placeholders.
#[derive(Debug, Serialize)]
pub struct MessageJson {
    /// The key.
    pub key: &'static str,
    /// Name template.
    pub name: &'static str,
    /// Explanation template.
    pub explanation: &'static str,
}

/// `GET /api/messages?lang=`: the step catalogue in one language.
pub async fn messages(
    query: Result<Query<MessagesQuery>, QueryRejection>,
) -> Result<Json<Vec<MessageJson>>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    let lang = parse_lang(query.lang.as_deref())?;
    Ok(Json(
        catalogue()
            .map(|m| {
                let (name, explanation) = m.templates(lang);
                MessageJson {
                    key: m.key,
                    name,
                    explanation,
                }
            })
            .collect(),
    ))
}

/// `GET /api/openapi.json`.
pub async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI_JSON)
}

/// Any other `/api/...` path.
pub async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API endpoint")
}

/// An `/api/...` path asked with a method it does not take.
pub async fn method_not_allowed(method: axum::http::Method) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("this endpoint does not take {method} requests (see /api/openapi.json)"),
    )
}

/// A JSON request body: `Content-Type: application/json` (415 otherwise), sent within
/// [`crate::ServerLimits::body_timeout`] (408 otherwise), at most
/// [`crate::ServerLimits::max_body_bytes`] (413 otherwise), and readable as `T` (400).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned> FromRequest<Arc<AppState>> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(
        request: axum::extract::Request,
        state: &Arc<AppState>,
    ) -> Result<Self, ApiError> {
        let json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "not_json",
                "send the request body as JSON, with Content-Type: application/json",
            ));
        }
        let bytes = tokio::time::timeout(
            state.limits.body_timeout,
            Bytes::from_request(request, state),
        )
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                format!(
                    "the request body did not arrive within {} s",
                    state.limits.body_timeout.as_secs_f64()
                ),
            )
        })?
        .map_err(|rejection| {
            let status = rejection.status();
            let category = if status == StatusCode::PAYLOAD_TOO_LARGE {
                "body_too_large"
            } else {
                "bad_body"
            };
            ApiError::new(status, category, rejection.body_text())
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| {
            let category = match e.classify() {
                serde_json::error::Category::Data => "wrong_type",
                _ => "bad_json",
            };
            ApiError::bad_request(category, format!("unreadable JSON request: {e}"))
        })
    }
}

/// The method named in a request (`None` when none is).
pub(crate) fn parse_method(name: Option<&str>) -> Result<Option<Method>, ApiError> {
    name.map(|n| {
        Method::named(n).map_err(|e| ApiError::bad_request("unknown_method", e.to_string()))
    })
    .transpose()
}

pub(crate) fn parse_lang(name: Option<&str>) -> Result<Lang, ApiError> {
    name.map_or(Ok(Lang::default()), |n| {
        n.parse::<Lang>()
            .map_err(|e| ApiError::bad_request("unknown_lang", e.to_string()))
    })
}
