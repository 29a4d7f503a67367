//! What a front end asks the solving service: one [`Request`] per cube.

use crate::i18n::Lang;
use crate::{Limits, Method, Options, Progress};
use rubik_cube::{Cube, Goal, MoveSet};
use std::sync::Arc;

/// The longest cube text a request may hold (characters); longer texts are refused before
/// they are read, so a request cannot ask for unbounded parsing.
pub const MAX_CUBE_TEXT: usize = 4096;

/// The longest solution a request may ask for (`Limits::max_length`).
pub const MAX_LENGTH_LIMIT: usize = 200;

/// The most threads one request may search one cube with (`Limits::threads`).
pub const MAX_THREADS: usize = 256;

/// The most solutions one request may ask for (`Limits::solutions`).
pub const MAX_SOLUTIONS: usize = 1000;

/// Below this many moves (God's number) a full-cube search has to work for its answer: a
/// solve asking for fewer, or asking to improve until its timeout, takes seconds whatever
/// its method ([`super::Service::pace`]).
pub const GODS_NUMBER: usize = 20;

/// The cube a request is about.
#[derive(Clone, Debug)]
pub enum CubeInput {
    /// Text in any form one line holds: a 54-letter facelet string (the cube in any
    /// whole-cube orientation), or moves (any notation) applied to the solved cube.
    Text(String),
    /// A 54-letter facelet string, read as one only (a request field meant for facelets).
    Facelets(String),
    /// A cube the front end has read itself (a colour net from a file, a scan).
    Cube(Cube),
}

/// One solve: the cube, how to solve it, to what, within which limits, and the language of
/// the step texts. Build it with `..Request::new(cube)` so that fields added later (typed
/// options of new methods) stay optional.
#[derive(Clone)]
pub struct Request {
    /// The cube.
    pub cube: CubeInput,
    /// The method; `None` is the default method (and the goal search, for goals the methods
    /// do not solve).
    pub method: Option<Method>,
    /// The method's options, checked against its declarations.
    pub options: Options,
    /// The goal; `None` is the solved cube.
    pub goal: Option<Goal>,
    /// The turns allowed; `None` is all 18 face turns.
    pub moves: Option<MoveSet>,
    /// Length, time, improvement and cancellation. Its [`Limits::cancel`] also stops table
    /// loads and builds made for this request.
    pub limits: Limits,
    /// The language of the answer's texts.
    pub lang: Lang,
    /// Where a long search reports how it goes (the optimal solver's deepening steps), and
    /// where tables built for this request report; `None`: the service's own progress.
    pub progress: Option<Arc<dyn Progress>>,
}

impl Request {
    /// A request to solve `cube` with the default method, no limits, in English.
    pub fn new(cube: CubeInput) -> Request {
        Request {
            cube,
            method: None,
            options: Options::new(),
            goal: None,
            moves: None,
            limits: Limits::default(),
            lang: Lang::default(),
            progress: None,
        }
    }

    /// The method that solves with the methods (the default when none is named).
    pub fn method(&self) -> Method {
        self.method.unwrap_or_default()
    }
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("cube", &self.cube)
            .field("method", &self.method)
            .field("options", &self.options)
            .field("goal", &self.goal.as_ref().map(Goal::name))
            .field("moves", &self.moves.as_ref().map(MoveSet::to_string))
            .field("limits", &self.limits)
            .field("lang", &self.lang)
            .finish_non_exhaustive()
    }
}
