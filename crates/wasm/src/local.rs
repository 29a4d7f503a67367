//! The page's JSON API answered in the browser, for a page with no server (static files,
//! offline): the same paths and answer shapes as `rubik serve` (`crates/web/src/api.rs` and
//! `scan.rs`), for what fits in a browser.
//!
//! Like the server's handlers, this module only translates: a request becomes a
//! `rubik_solve::service::Request`, [`Service::solve`] answers it (routing, solver cache,
//! final check of the answer), and the checked `Answer` becomes the server's JSON. Scrambles
//! and cube reading are the service's too, so the page with no server, the server, the
//! command line and Python answer alike (e2e/same-answers.test.mjs compares them on 200
//! states). The service here makes its solvers on the compact tables, built in memory.
//!
//! Methods the registry marks slow (the optimal one: gigabyte tables) and the goal and
//! algorithm searches answer 503 `needs_server`, saying so in words.

use rubik_cube::moves::format_moves;
use rubik_cube::random::{rng_from_entropy, rng_from_seed};
use rubik_cube::subset::Subset;
use rubik_cube::{Alg, Cube, CubeError, InputError};
use rubik_scan::report::{pinned, PinError, RefusalStickers, ResolveAnswer};
use rubik_scan::ScanError;
use rubik_solve::i18n::Lang;
use rubik_solve::service::{
    Answer as Solved, CubeInput, Refusal as Shared, Request, Service, ServiceError, MAX_CUBE_TEXT,
    MAX_LENGTH_LIMIT,
};
use rubik_solve::{Limits, Method, Options, Pace, Progress, SolverConfig};
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Time budget of a solve when the request names none (the server's default).
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest time budget a request may ask for (the server's default limit).
const MAX_TIMEOUT: Duration = Duration::from_secs(120);

/// A failed request: HTTP-like status, category and sentence (the server's error shape).
struct Refusal {
    status: u16,
    category: &'static str,
    error: String,
    piece: Option<String>,
    column: Option<usize>,
    /// The stickers a refused scan names (in conflict, or in doubt); boxed, as few refusals
    /// have any.
    stickers: Box<RefusalStickers>,
}

impl Refusal {
    fn new(status: u16, category: &'static str, error: impl Into<String>) -> Refusal {
        Refusal {
            status,
            category,
            error: error.into(),
            piece: None,
            column: None,
            stickers: Box::default(),
        }
    }

    fn bad(category: &'static str, error: impl Into<String>) -> Refusal {
        Refusal::new(400, category, error)
    }

    fn needs_server(what: &str) -> Refusal {
        Refusal::new(
            503,
            "needs_server",
            format!("{what} needs the rubik server (`rubik serve`): this page runs without one, in the browser"),
        )
    }

    fn body(&self) -> Value {
        let mut body =
            json!({ "error": self.error, "category": self.category, "piece": self.piece });
        if let Some(c) = self.column {
            body["column"] = json!(c);
        }
        if let Value::Object(named) = json!(self.stickers) {
            body.as_object_mut()
                .expect("the body is an object")
                .extend(named);
        }
        body
    }
}

impl From<CubeError> for Refusal {
    fn from(e: CubeError) -> Refusal {
        Shared::from(e).into()
    }
}

impl From<InputError> for Refusal {
    fn from(e: InputError) -> Refusal {
        Shared::from(e).into()
    }
}

/// A service error as the server says it: the service's one mapping ([`Shared`]).
impl From<ServiceError> for Refusal {
    fn from(e: ServiceError) -> Refusal {
        Shared::from(e).into()
    }
}

impl From<Shared> for Refusal {
    fn from(r: Shared) -> Refusal {
        Refusal {
            status: r.status,
            category: r.category,
            error: r.error,
            piece: r.piece,
            column: r.column,
            stickers: Box::default(),
        }
    }
}

type Answer = Result<Value, Refusal>;

/// Answers one API call: `{"status", "body"}`.
pub fn route(method: &str, path: &str, body: &str, progress: Option<JsProgress>) -> Value {
    let (route, query) = path.split_once('?').unwrap_or((path, ""));
    let answer = reporting(progress, || match (method, route) {
        ("GET", "/api/methods") => Ok(methods()),
        ("GET", "/api/scramble") => scramble(query),
        ("POST", "/api/validate") => request(body).and_then(|r| validate(&r)),
        ("POST", "/api/apply") => request(body).and_then(|r| apply(&r)),
        ("POST", "/api/solve") => request(body).and_then(|r| solve(&r)),
        ("POST", "/api/solve/stream") => request(body).and_then(|r| solve(&r)).map(|mut a| {
            a["event"] = json!("solution");
            a
        }),
        ("POST", "/api/resolve") => request(body).and_then(|r| resolve(&r)),
        ("POST", "/api/goal") | ("GET", "/api/moveset") => {
            Err(Refusal::needs_server("Solving to a goal"))
        }
        ("POST", "/api/algs") => Err(Refusal::needs_server("Searching algorithms")),
        _ => Err(Refusal::new(404, "not_found", "no such API endpoint")),
    });
    match answer {
        Ok(body) => json!({ "status": 200, "body": body }),
        Err(r) => json!({ "status": r.status, "body": r.body() }),
    }
}

fn request(body: &str) -> Answer {
    serde_json::from_str(body)
        .map_err(|e| Refusal::bad("bad_json", format!("unreadable JSON request: {e}")))
}

fn text_field<'a>(req: &'a Value, name: &str) -> Result<Option<&'a str>, Refusal> {
    match &req[name] {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s)),
        _ => Err(Refusal::bad(
            "wrong_type",
            format!("{name} must be a string"),
        )),
    }
}

/// Parses notation, naming the offending token and its column (the server's `parse_alg`).
fn parse_alg(text: &str) -> Result<Alg, Refusal> {
    if text.chars().count() > MAX_CUBE_TEXT {
        return Err(Refusal::bad(
            "notation",
            format!("the move sequence is longer than {MAX_CUBE_TEXT} characters"),
        ));
    }
    Alg::parse(text).map_err(|e| InputError::Notation(e).into())
}

/// The cube of a request, for the service to read: exactly one of `facelets` and `scramble`
/// (the server's `cube_input`).
fn cube_input(req: &Value) -> Result<CubeInput, Refusal> {
    match (text_field(req, "facelets")?, text_field(req, "scramble")?) {
        (Some(f), None) => Ok(CubeInput::Facelets(f.to_string())),
        (None, Some(s)) => Ok(CubeInput::Text(s.to_string())),
        (Some(_), Some(_)) => Err(Refusal::bad(
            "ambiguous_input",
            "give either facelets or scramble, not both",
        )),
        (None, None) => Err(Refusal::bad(
            "missing_input",
            "give the cube as facelets (54 letters) or as a scramble",
        )),
    }
}

/// The service of this page: its solvers on the compact tables (built in memory on first
/// use, reported to the call's progress), shared by every call.
fn service() -> &'static Service {
    static SERVICE: OnceLock<Service> = OnceLock::new();
    SERVICE.get_or_init(|| {
        Service::new(SolverConfig {
            compact: true,
            progress: Some(Arc::new(Relay)),
            ..SolverConfig::default()
        })
    })
}

thread_local! {
    /// Where the call under way reports table builds (`None`: nowhere).
    static REPORTER: RefCell<Option<Arc<JsProgress>>> = const { RefCell::new(None) };
}

/// Runs `f` with table builds reported to `progress`: the service's solvers are shared, so
/// their builds report to whichever call makes them.
fn reporting<T>(progress: Option<JsProgress>, f: impl FnOnce() -> T) -> T {
    let previous = REPORTER.with(|r| r.replace(progress.map(Arc::new)));
    let out = f();
    REPORTER.with(|r| *r.borrow_mut() = previous);
    out
}

/// The service's progress: hands each report to the call under way (see [`reporting`]).
struct Relay;

impl Relay {
    fn with(&self, f: impl FnOnce(&JsProgress)) {
        REPORTER.with(|r| {
            if let Some(p) = r.borrow().as_deref() {
                f(p);
            }
        });
    }
}

impl Progress for Relay {
    fn start(&self, name: &str, total: u64) {
        self.with(|p| p.start(name, total));
    }
    fn advance(&self, units: u64) {
        self.with(|p| p.advance(units));
    }
    fn finish(&self) {
        self.with(|p| p.finish());
    }
}

/// Whether a method runs in the browser: the ones the registry does not mark slow.
fn in_browser(method: Method) -> bool {
    method.pace() != Pace::Slow
}

/// `method`, refused when it needs the server.
fn browser_method(method: Method) -> Result<Method, Refusal> {
    if in_browser(method) {
        Ok(method)
    } else {
        Err(Refusal::needs_server(&format!(
            "The {} method (its tables are gigabytes)",
            method.name()
        )))
    }
}

/// Builds the tables of the method named `name` (`default`: the registry's default) now.
pub fn prepare(name: &str, progress: Option<JsProgress>) -> Value {
    let method = match name {
        "default" => Ok(Method::default()),
        name => Method::named(name).map_err(|e| Refusal::bad("unknown_method", e.to_string())),
    };
    let made = reporting(progress, || {
        let method = browser_method(method?)?;
        service()
            .solver(method, &Options::new(), None)
            .map_err(Refusal::from)
    });
    match made {
        Ok(_) => json!({ "ok": true }),
        Err(r) => json!({ "ok": false, "error": r.error, "category": r.category }),
    }
}

fn methods() -> Value {
    let all: Vec<Value> = Method::all()
        .iter()
        .map(|&m| {
            let options: Vec<Value> = m
                .options()
                .iter()
                .map(|d| {
                    let (kind, values) = match d.kind {
                        rubik_solve::options::OptionKind::Flag => ("flag", vec![]),
                        rubik_solve::options::OptionKind::Choice(choices) => (
                            "choice",
                            choices
                                .iter()
                                .map(|c| json!({ "name": c.name, "help": c.help }))
                                .collect(),
                        ),
                    };
                    json!({ "name": d.name, "help": d.help, "kind": kind, "values": values })
                })
                .collect();
            json!({
                "name": m.name(),
                "summary": m.summary(),
                "slow": m.pace() == Pace::Slow,
                "options": options,
                "loaded": service().is_loaded(m, &Options::new()),
                "needs_server": !in_browser(m),
            })
        })
        .collect();
    Value::Array(all)
}

fn query_value<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// `GET /api/scramble?seed=&subset=`: the service's scramble, as the server's.
fn scramble(query: &str) -> Answer {
    let mut rng = match query_value(query, "seed") {
        Some(s) => rng_from_seed(
            s.parse()
                .map_err(|_| Refusal::bad("bad_query", "seed must be a whole number"))?,
        ),
        None => rng_from_entropy(),
    };
    if let Some(name) = query_value(query, "subset") {
        let subset: Subset = name
            .parse()
            .map_err(|e: String| Refusal::bad("bad_subset", e))?;
        let made = service().subset_scramble(subset, &mut rng, None)?;
        return Ok(json!({
            "scramble": format_moves(&made.moves),
            "facelets": made.cube.to_facelets(),
            "random_state": true,
            "subset": subset.name(),
        }));
    }
    let made = service().scramble(&mut rng, None)?;
    Ok(json!({
        "scramble": format_moves(&made.scramble.moves),
        "facelets": made.scramble.cube.to_facelets(),
        "random_state": made.random_state,
    }))
}

/// `POST /api/validate`: 200 with `valid: false` and the fault for an invalid cube; 400 only
/// for a malformed request.
fn validate(req: &Value) -> Answer {
    let input = cube_input(req)?;
    Ok(match Service::read_cube(&input) {
        Ok(cube) => json!({ "valid": true, "facelets": cube.to_facelets() }),
        Err(e) => {
            let r = Refusal::from(e);
            let mut body = json!({ "valid": false, "error": r.error, "category": r.category });
            if let Some(p) = r.piece {
                body["piece"] = json!(p);
            }
            body
        }
    })
}

fn apply(req: &Value) -> Answer {
    let start = match text_field(req, "facelets")? {
        Some(f) => Cube::from_facelets(f)?,
        None => Cube::solved(),
    };
    let moves = text_field(req, "moves")?
        .ok_or_else(|| Refusal::bad("wrong_type", "moves must be a string"))?;
    let end = start.apply(&parse_alg(moves)?);
    Ok(json!({ "facelets": end.to_facelets(), "solved": end.is_solved() }))
}

/// `POST /api/solve`: the request translated for the service (as the server's `solve_plan`),
/// solved and checked there, and its answer as the server's JSON.
fn solve(req: &Value) -> Answer {
    let method = match text_field(req, "method")? {
        Some(n) => {
            Some(Method::named(n).map_err(|e| Refusal::bad("unknown_method", e.to_string()))?)
        }
        None => None,
    };
    let lang = match text_field(req, "lang")? {
        Some(l) => l
            .parse::<Lang>()
            .map_err(|e| Refusal::bad("unknown_lang", e.to_string()))?,
        None => Lang::default(),
    };
    let max_length = req["max_length"].as_u64().map(|n| n as usize);
    if max_length.is_some_and(|n| n > MAX_LENGTH_LIMIT) {
        return Err(Refusal::bad(
            "bad_limit",
            format!("max_length must be at most {MAX_LENGTH_LIMIT}"),
        ));
    }
    let timeout = match req["timeout_ms"].as_u64() {
        Some(0) => return Err(Refusal::bad("bad_limit", "timeout_ms must be positive")),
        Some(ms) if Duration::from_millis(ms) > MAX_TIMEOUT => {
            return Err(Refusal::bad(
                "bad_limit",
                format!("timeout_ms must be at most {}", MAX_TIMEOUT.as_millis()),
            ))
        }
        Some(ms) => Duration::from_millis(ms),
        None => DEFAULT_TIMEOUT,
    };
    let cube = cube_input(req)?;
    let request = Request {
        method,
        lang,
        limits: Limits {
            max_length,
            timeout: Some(timeout),
            improve: req["improve"].as_bool().unwrap_or(false),
            ..Limits::default()
        },
        ..Request::new(cube)
    };
    browser_method(request.method())?;
    let answer = service().solve(&request)?;
    Ok(solve_json(&answer))
}

/// The server's answer to a solve (`SolveResponse`).
fn solve_json(answer: &Solved) -> Value {
    let mut out = json!({
        "solution": answer.solution.to_string(),
        "length": answer.solution.len(),
        "qtm": answer.solution.qtm(),
        "steps": steps_json(answer),
        "millis": answer.millis(),
        "method": answer.solver.name(),
        "facelets": answer.cube.to_facelets(),
    });
    if let Some(proven) = answer.proven_optimal {
        out["proven_optimal"] = json!(proven);
    }
    out
}

const LANGS: [(&str, Lang); 2] = [("en", Lang::En), ("fr", Lang::Fr)];

/// The answer's steps as the server gives them (`StepJson`): the request's language, and
/// every language's texts beside.
fn steps_json(answer: &Solved) -> Value {
    let texts: Vec<(&str, Vec<_>)> = LANGS
        .into_iter()
        .map(|(code, lang)| (code, answer.steps_in(lang)))
        .collect();
    let steps: Vec<Value> = answer
        .steps()
        .into_iter()
        .enumerate()
        .map(|(i, step)| {
            let translations: BTreeMap<&str, Value> = texts
                .iter()
                .map(|(code, steps)| {
                    let s = &steps[i];
                    (
                        *code,
                        json!({ "name": s.name, "explanation": s.explanation }),
                    )
                })
                .collect();
            let params: BTreeMap<&str, &str> = step
                .params
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let mut out = json!({
                "key": step.key,
                "params": params,
                "name": step.name,
                "moves": step.moves_text(),
                "length": step.moves.len(),
                "explanation": step.explanation,
                "translations": translations,
            });
            if let Some(h) = &step.human {
                let human_texts: BTreeMap<&str, &str> = texts
                    .iter()
                    .filter_map(|(code, steps)| {
                        Some((*code, steps[i].human.as_ref()?.explanation.as_str()))
                    })
                    .collect();
                out["human"] = json!({
                    "moves": h.moves,
                    "length": h.htm,
                    "explanation": h.explanation,
                    "translations": human_texts,
                });
            }
            out
        })
        .collect();
    Value::Array(steps)
}

fn scan_refusal(e: ScanError) -> Refusal {
    Refusal {
        stickers: Box::new(RefusalStickers::from(&e)),
        ..Refusal::bad(e.category(), e.to_string())
    }
}

fn resolve(req: &Value) -> Answer {
    let rgb: Vec<[f64; 3]> = serde_json::from_value(req["rgb"].clone())
        .map_err(|e| Refusal::bad("wrong_type", format!("unreadable JSON request: {e}")))?;
    let pins: BTreeMap<String, String> = match &req["pins"] {
        Value::Null => BTreeMap::new(),
        pins => serde_json::from_value(pins.clone())
            .map_err(|e| Refusal::bad("wrong_type", format!("unreadable JSON request: {e}")))?,
    };
    let resolver = pinned(pins.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|e| Refusal::bad(PinError::CATEGORY, e.to_string()))?;
    let start = web_time::Instant::now();
    let result = resolver.resolve(&rgb);
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    let answer = result.map_err(scan_refusal)?;
    Ok(json!(ResolveAnswer::new(&answer, millis)))
}

/// Table builds reported to a JavaScript function `(name, done, total)`, at most once per
/// hundredth of each table.
pub struct JsProgress {
    callback: js_sys::Function,
    name: RefCell<String>,
    total: Cell<u64>,
    done: Cell<u64>,
    reported: Cell<u64>,
}

impl JsProgress {
    /// A reporter calling `callback(name, done, total)`.
    pub fn new(callback: js_sys::Function) -> JsProgress {
        JsProgress {
            callback,
            name: RefCell::new(String::new()),
            total: Cell::new(0),
            done: Cell::new(0),
            reported: Cell::new(0),
        }
    }

    fn report(&self) {
        let name = self.name.borrow().clone();
        let _ = self.callback.call3(
            &wasm_bindgen::JsValue::NULL,
            &name.into(),
            &(self.done.get() as f64).into(),
            &(self.total.get() as f64).into(),
        );
    }

    fn start(&self, name: &str, total: u64) {
        *self.name.borrow_mut() = name.to_string();
        self.total.set(total);
        self.done.set(0);
        self.reported.set(0);
        self.report();
    }

    fn advance(&self, units: u64) {
        let done = self.done.get() + units;
        self.done.set(done);
        let step = (self.total.get() / 100).max(1);
        if done >= self.reported.get() + step {
            self.reported.set(done);
            self.report();
        }
    }

    fn finish(&self) {
        self.done.set(self.total.get());
        self.report();
    }
}
