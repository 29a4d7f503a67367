//! The page's JSON API answered in the browser, for a page with no server (static files,
//! offline): the same paths and answer shapes as `rubik serve` (`crates/web/src/api.rs` and
//! `scan.rs`), for what fits in a browser.
//!
//! This module is the one place the WebAssembly build calls the solving library
//! (`rubik_solve::solver_for`, `Solution`, `scramble`): when the solving service's request and
//! answer types land in `rubik-solve`, it becomes a translation of them, as the server's
//! handlers do. Until then its answers mirror the server's field by field, and the browser
//! tests compare the two answers for the same requests.
//!
//! Methods the registry marks slow (the optimal one: gigabyte tables) and the goal and
//! algorithm searches answer 503 `needs_server`, saying so in words.

use rubik_cube::moves::format_moves;
use rubik_cube::random::{rng_from_entropy, rng_from_seed};
use rubik_cube::{Alg, Cube, CubeError, Face};
use rubik_scan::{sticker_name, Resolution, Resolver, ScanError};
use rubik_solve::i18n::Lang;
use rubik_solve::scramble::next_scramble;
use rubik_solve::{
    solver_for, Form, Limits, Method, Pace, Progress, Solution, SolveError, Solver, SolverConfig,
};
use serde_json::{json, Value};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// Time budget of a solve when the request names none (the server's default).
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest time budget a request may ask for.
const MAX_TIMEOUT: Duration = Duration::from_secs(120);
/// Longest solution length a request may ask for (as the server).
const MAX_LENGTH_LIMIT: usize = 200;
/// Longest scramble text read.
const MAX_SCRAMBLE_CHARS: usize = 4096;

/// A failed request: HTTP-like status, category and sentence (the server's error shape).
struct Refusal {
    status: u16,
    category: &'static str,
    error: String,
    piece: Option<String>,
    column: Option<usize>,
    /// A refused scan's stickers in conflict.
    conflicts: Vec<Value>,
}

impl Refusal {
    fn new(status: u16, category: &'static str, error: impl Into<String>) -> Refusal {
        Refusal {
            status,
            category,
            error: error.into(),
            piece: None,
            column: None,
            conflicts: Vec::new(),
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
        if !self.conflicts.is_empty() {
            body["conflicts"] = json!(self.conflicts);
        }
        body
    }
}

impl From<CubeError> for Refusal {
    fn from(e: CubeError) -> Refusal {
        Refusal {
            piece: e.piece(),
            ..Refusal::bad(e.category(), e.to_string())
        }
    }
}

impl From<SolveError> for Refusal {
    fn from(e: SolveError) -> Refusal {
        match e {
            SolveError::InvalidCube(c) => c.into(),
            SolveError::NoSolution { .. } => Refusal::new(422, "no_solution", e.to_string()),
            SolveError::Unreachable(_) => Refusal::bad("unreachable", e.to_string()),
            SolveError::Unavailable(_) => Refusal::new(501, "unavailable_method", e.to_string()),
            SolveError::Table(_) => Refusal::new(500, "table", e.to_string()),
        }
    }
}

type Answer = Result<Value, Refusal>;

/// Answers one API call: `{"status", "body"}`.
pub fn route(method: &str, path: &str, body: &str, progress: Option<JsProgress>) -> Value {
    let (route, query) = path.split_once('?').unwrap_or((path, ""));
    let progress = progress.map(|p| Arc::new(p) as Arc<dyn Progress>);
    let answer = match (method, route) {
        ("GET", "/api/methods") => Ok(methods()),
        ("GET", "/api/scramble") => scramble(query, progress),
        ("POST", "/api/validate") => request(body).and_then(|r| validate(&r)),
        ("POST", "/api/apply") => request(body).and_then(|r| apply(&r)),
        ("POST", "/api/solve") => request(body).and_then(|r| solve(&r, progress)),
        ("POST", "/api/solve/stream") => {
            request(body)
                .and_then(|r| solve(&r, progress))
                .map(|mut answer| {
                    answer["event"] = json!("solution");
                    answer
                })
        }
        ("POST", "/api/resolve") => request(body).and_then(|r| resolve(&r)),
        ("POST", "/api/goal") | ("GET", "/api/moveset") => {
            Err(Refusal::needs_server("Solving to a goal"))
        }
        ("POST", "/api/algs") => Err(Refusal::needs_server("Searching algorithms")),
        _ => Err(Refusal::new(404, "not_found", "no such API endpoint")),
    };
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

fn parse_alg(text: &str) -> Result<Alg, Refusal> {
    if text.chars().count() > MAX_SCRAMBLE_CHARS {
        return Err(Refusal::bad(
            "notation",
            format!("the move sequence is longer than {MAX_SCRAMBLE_CHARS} characters"),
        ));
    }
    Alg::parse(text).map_err(|e| Refusal {
        column: Some(e.column),
        ..Refusal::bad("notation", format!("cannot read the moves: {e}"))
    })
}

/// The cube of a request: `facelets` or `scramble`, as the server reads them.
fn cube_of(req: &Value) -> Result<Cube, Refusal> {
    match (text_field(req, "facelets")?, text_field(req, "scramble")?) {
        (Some(f), None) => Ok(Cube::from_facelets(f)?),
        (None, Some(s))
            if s.len() <= MAX_SCRAMBLE_CHARS && rubik_cube::input::looks_like_facelets(s) =>
        {
            Ok(Cube::from_facelets(s)?)
        }
        (None, Some(s)) => Ok(Cube::solved().apply(&parse_alg(s)?)),
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

/// Whether a method runs in the browser: the ones the registry does not mark slow.
fn in_browser(method: Method) -> bool {
    method.pace() != Pace::Slow
}

/// The solvers made so far in this page, by method (each builds its tables once).
fn solvers() -> &'static Mutex<BTreeMap<&'static str, Arc<dyn Solver>>> {
    static SOLVERS: OnceLock<Mutex<BTreeMap<&'static str, Arc<dyn Solver>>>> = OnceLock::new();
    SOLVERS.get_or_init(Default::default)
}

/// The solver of `method` on the compact tables, built in memory on first use (reporting
/// to `progress`).
fn solver(method: Method, progress: Option<Arc<dyn Progress>>) -> Result<Arc<dyn Solver>, Refusal> {
    if !in_browser(method) {
        return Err(Refusal::needs_server(&format!(
            "The {} method (its tables are gigabytes)",
            method.name()
        )));
    }
    let mut made = solvers().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = made.get(method.name()) {
        return Ok(Arc::clone(s));
    }
    let config = SolverConfig {
        compact: true,
        progress,
        ..SolverConfig::default()
    };
    let solver: Arc<dyn Solver> = Arc::from(solver_for(method, &config)?);
    made.insert(method.name(), Arc::clone(&solver));
    Ok(solver)
}

/// Builds the tables of the method named `name` (`default`: the registry's default) now.
pub fn prepare(name: &str, progress: Option<JsProgress>) -> Value {
    let progress = progress.map(|p| Arc::new(p) as Arc<dyn Progress>);
    let method = match name {
        "default" => Ok(Method::default()),
        name => Method::named(name).map_err(|e| Refusal::bad("unknown_method", e.to_string())),
    };
    let made = method.and_then(|m| solver(m, progress));
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
            let loaded = solvers()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .contains_key(m.name());
            json!({
                "name": m.name(),
                "summary": m.summary(),
                "slow": m.pace() == Pace::Slow,
                "options": options,
                "loaded": loaded,
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

fn scramble(query: &str, progress: Option<Arc<dyn Progress>>) -> Answer {
    if query_value(query, "subset").is_some() {
        return Err(Refusal::needs_server("A training scramble"));
    }
    let mut rng = match query_value(query, "seed") {
        Some(s) => rng_from_seed(
            s.parse()
                .map_err(|_| Refusal::bad("bad_query", "seed must be a whole number"))?,
        ),
        None => rng_from_entropy(),
    };
    let solver = solver(Method::Twophase, progress)?;
    let made = next_scramble(solver.as_ref(), &mut rng)?;
    Ok(json!({
        "scramble": format_moves(&made.moves),
        "facelets": Cube::from_cubie(made.cube).to_facelets(),
        "random_state": true,
    }))
}

fn validate(req: &Value) -> Answer {
    Ok(match cube_of(req) {
        Ok(cube) => json!({ "valid": true, "facelets": cube.to_facelets() }),
        Err(r)
            if r.status == 400
                && r.category != "missing_input"
                && r.category != "ambiguous_input" =>
        {
            let mut body = json!({ "valid": false, "error": r.error, "category": r.category });
            if let Some(p) = r.piece {
                body["piece"] = json!(p);
            }
            body
        }
        Err(r) => return Err(r),
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

fn solve(req: &Value, progress: Option<Arc<dyn Progress>>) -> Answer {
    let method = match text_field(req, "method")? {
        Some(n) => Method::named(n).map_err(|e| Refusal::bad("unknown_method", e.to_string()))?,
        None => Method::default(),
    };
    let lang = match text_field(req, "lang")? {
        Some(l) => l
            .parse::<Lang>()
            .map_err(|e| Refusal::bad("unknown_lang", e.to_string()))?,
        None => Lang::default(),
    };
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
    let max_length = req["max_length"].as_u64().map(|n| n as usize);
    if max_length.is_some_and(|n| n > MAX_LENGTH_LIMIT) {
        return Err(Refusal::bad(
            "bad_limit",
            format!("max_length must be at most {MAX_LENGTH_LIMIT}"),
        ));
    }
    let cube = cube_of(req)?;
    let solver = solver(method, progress)?;
    let limits = Limits {
        max_length,
        timeout: Some(timeout),
        improve: req["improve"].as_bool().unwrap_or(false),
        ..Limits::default()
    };
    let start = web_time::Instant::now();
    let solution = solver.solve(&cube.to_cubie(), &limits)?;
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    if !cube.apply_moves(&solution.moves).is_solved() {
        return Err(Refusal::new(
            500,
            "internal",
            format!("the {} solver returned a wrong solution", method.name()),
        ));
    }
    let mut answer = json!({
        "solution": solution.to_string(),
        "length": solution.len(),
        "qtm": solution.qtm(),
        "steps": steps_json(&solution, lang),
        "millis": millis,
        "method": method.name(),
        "facelets": cube.to_facelets(),
    });
    if let Some(proven) = solver.proven_optimal(&solution) {
        answer["proven_optimal"] = json!(proven);
    }
    Ok(answer)
}

const LANGS: [(&str, Lang); 2] = [("en", Lang::En), ("fr", Lang::Fr)];

fn steps_json(solution: &Solution, lang: Lang) -> Value {
    let steps: Vec<Value> = solution
        .steps
        .iter()
        .map(|step| {
            let (name, explanation) = step.text(lang);
            let translations: BTreeMap<&str, Value> = LANGS
                .into_iter()
                .map(|(code, l)| {
                    let (name, explanation) = step.text(l);
                    (code, json!({ "name": name, "explanation": explanation }))
                })
                .collect();
            let params: BTreeMap<String, String> = step.params.iter().cloned().collect();
            let mut out = json!({
                "key": step.key.as_str(),
                "params": params,
                "name": name,
                "moves": format_moves(&step.moves),
                "length": step.moves.len(),
                "explanation": explanation,
                "translations": translations,
            });
            if let Some(h) = &step.human {
                let texts: BTreeMap<&str, String> = LANGS
                    .into_iter()
                    .map(|(code, l)| (code, step.written(Form::Human, l).2))
                    .collect();
                out["human"] = json!({
                    "moves": h.moves,
                    "length": Alg::parse(&h.moves).map_or(step.moves.len(), |a| a.htm()),
                    "explanation": step.written(Form::Human, lang).2,
                    "translations": texts,
                });
            }
            out
        })
        .collect();
    Value::Array(steps)
}

fn sticker_index(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let face = Face::from_letter(chars.next()?)?;
    let place = chars.as_str().parse::<usize>().ok()?;
    (1..=9)
        .contains(&place)
        .then(|| face.index() * 9 + place - 1)
}

fn rounded(p: f64) -> f64 {
    (p * 1e4).round() / 1e4
}

fn hex(rgb: [f64; 3]) -> String {
    let [r, g, b] = rgb.map(|v| v.round().clamp(0.0, 255.0) as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn scan_refusal(e: ScanError) -> Refusal {
    Refusal::bad(e.category(), e.to_string())
}

fn resolve(req: &Value) -> Answer {
    let rgb: Vec<[f64; 3]> = serde_json::from_value(req["rgb"].clone())
        .map_err(|e| Refusal::bad("wrong_type", format!("unreadable JSON request: {e}")))?;
    let mut resolver = Resolver::new();
    if let Some(pins) = req["pins"].as_object() {
        for (name, face) in pins {
            let index = sticker_index(name).ok_or_else(|| {
                Refusal::bad(
                    "bad_pin",
                    format!("no sticker is called {name:?} (names are a face letter and 1-9, e.g. \"R6\")"),
                )
            })?;
            let letter = face
                .as_str()
                .filter(|f| f.chars().count() == 1)
                .and_then(|f| f.chars().next())
                .and_then(Face::from_letter)
                .ok_or_else(|| {
                    Refusal::bad(
                        "bad_pin",
                        format!("{face} is not a face letter (U R F D L B)"),
                    )
                })?;
            resolver = resolver.pin(index, letter).map_err(scan_refusal)?;
        }
    }
    let start = web_time::Instant::now();
    let result = resolver.resolve(&rgb);
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    match result {
        Ok(r) => Ok(resolution_json(&r, millis)),
        Err(e) => {
            let conflicts: Vec<Value> = match &e {
                ScanError::NoValidCube { conflicts } => conflicts
                    .iter()
                    .map(|c| {
                        json!({
                            "index": c.sticker,
                            "sticker": sticker_name(c.sticker),
                            "looks_like": c.looks_like.letter(),
                            "needed": c.needed.letter(),
                        })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            Err(Refusal {
                conflicts,
                ..scan_refusal(e)
            })
        }
    }
}

fn resolution_json(r: &Resolution, millis: f64) -> Value {
    let alternatives: Vec<Value> = r
        .stickers
        .iter()
        .map(|s| match s.alternative {
            Some((face, p)) => json!({ "face": face.letter(), "probability": rounded(p) }),
            None => Value::Null,
        })
        .collect();
    let doubtful: Vec<Value> = r
        .doubtful()
        .into_iter()
        .map(|i| {
            let s = &r.stickers[i];
            json!({
                "index": i,
                "sticker": sticker_name(i),
                "face": s.face.letter(),
                "confidence": rounded(s.confidence),
                "alternative": s.alternative.map(|(f, _)| f.letter()),
                "looks_like": s.looks_like.letter(),
                "overruled": s.overruled,
            })
        })
        .collect();
    let colours: BTreeMap<String, String> = Face::ALL
        .iter()
        .map(|f| (f.letter().to_string(), hex(r.colours[f.index()])))
        .collect();
    json!({
        "facelets": r.facelets(),
        "confidence": r.stickers.iter().map(|s| rounded(s.confidence)).collect::<Vec<_>>(),
        "alternatives": alternatives,
        "doubtful": doubtful,
        "colours": colours,
        "millis": millis,
    })
}

/// Table builds reported to a JavaScript function `(name, done, total)`, at most once per
/// hundredth of each table.
pub struct JsProgress {
    callback: js_sys::Function,
    name: Mutex<String>,
    total: Cell<u64>,
    done: Cell<u64>,
    reported: Cell<u64>,
}

// SAFETY: WebAssembly in the browser (without the atomics feature) has one thread: the page's
// or its worker's. The solving library asks for `Send + Sync` because natively it may report
// from several threads; here every call comes from the thread that made this value.
unsafe impl Send for JsProgress {}
// SAFETY: as above.
unsafe impl Sync for JsProgress {}

impl JsProgress {
    /// A reporter calling `callback(name, done, total)`.
    pub fn new(callback: js_sys::Function) -> JsProgress {
        JsProgress {
            callback,
            name: Mutex::new(String::new()),
            total: Cell::new(0),
            done: Cell::new(0),
            reported: Cell::new(0),
        }
    }

    fn report(&self) {
        let name = self.name.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let _ = self.callback.call3(
            &wasm_bindgen::JsValue::NULL,
            &name.into(),
            &(self.done.get() as f64).into(),
            &(self.total.get() as f64).into(),
        );
    }
}

impl Progress for JsProgress {
    fn start(&self, name: &str, total: u64) {
        *self.name.lock().unwrap_or_else(|e| e.into_inner()) = name.to_string();
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
