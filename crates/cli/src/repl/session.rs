//! The terminal mode's state: the cube, the undo history, the view, and the solvers loaded so
//! far. Each command returns the text to print or an error message; nothing here ends the
//! session but `quit`.

use super::command::{ReplCommand, HELP};
use super::iso;
use crate::args::TableArgs;
use crate::cube_io::{self, Cube};
use crate::output::Presentation;
use crate::scrambler::Scrambler;
use crate::solving;
use rubik_cube::moves::format_moves;
use rubik_cube::random::{random_moves, rng_from_entropy};
use rubik_solve::i18n::Lang;
use rubik_solve::service::{CubeInput, Request, Service};
use rubik_solve::{Method, Options, SolverConfig};

/// How the cube is shown after each change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The flat net.
    Net,
    /// The oblique drawing of U, F, R.
    Iso,
}

/// What a command did.
pub enum Outcome {
    /// Print this text and go on.
    Print(String),
    /// Leave the session.
    Quit,
}

/// A terminal-mode session.
pub struct Session {
    cube: Cube,
    history: Vec<Cube>,
    view: View,
    colour: bool,
    method: Method,
    lang: Lang,
    tables: TableArgs,
    service: Option<Service>,
}

impl Session {
    /// A session on the solved cube.
    pub fn new(method: Method, tables: TableArgs, lang: Lang, view: View, colour: bool) -> Session {
        Session {
            cube: cube_io::solved(),
            history: Vec::new(),
            view,
            colour,
            method,
            lang,
            tables,
            service: None,
        }
    }

    /// Runs one input line.
    pub fn execute(&mut self, line: &str) -> Result<Outcome, String> {
        let command = super::command::parse(line)?;
        let text = match command {
            ReplCommand::Nothing => String::new(),
            ReplCommand::Help => format!("{HELP}\n"),
            ReplCommand::Quit => return Ok(Outcome::Quit),
            ReplCommand::Apply(text) => {
                let alg = cube_io::parse_alg(&text).map_err(|e| not_moves(&text, &e))?;
                self.change(cube_io::apply(&self.cube, &alg))
            }
            ReplCommand::Random(None) => {
                let mut scrambler = Scrambler::new(None, true).map_err(|e| e.to_string())?;
                let moves = scrambler.moves().map_err(|e| e.to_string())?;
                let shown = format!("scramble: {}\n", format_moves(&moves));
                shown + &self.change(cube_io::apply_moves(&cube_io::solved(), &moves))
            }
            ReplCommand::Random(Some(n)) => {
                let moves = random_moves(&mut rng_from_entropy(), n);
                let shown = format!("moves: {}\n", format_moves(&moves));
                shown + &self.change(cube_io::apply_moves(&self.cube, &moves))
            }
            ReplCommand::Read(path) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let alg =
                    cube_io::parse_alg(&text).map_err(|e| format!("in {}: {e}", path.display()))?;
                self.change(cube_io::apply(&self.cube, &alg))
            }
            ReplCommand::See(path) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let cube =
                    cube_io::parse_net(&text).map_err(|e| format!("in {}: {e}", path.display()))?;
                self.change(cube)
            }
            ReplCommand::Reset => self.change(cube_io::solved()),
            ReplCommand::Undo => match self.history.pop() {
                Some(previous) => {
                    self.cube = previous;
                    self.show()
                }
                None => return Err("nothing to undo".to_string()),
            },
            ReplCommand::Solve(method) => self.solve(method.unwrap_or(self.method))?,
            ReplCommand::Print => cube_io::render_net(&self.cube, self.colour),
            ReplCommand::Iso => {
                self.view = View::Iso;
                self.show()
            }
            ReplCommand::Net => {
                self.view = View::Net;
                self.show()
            }
            ReplCommand::Facelets => format!("{}\n", cube_io::facelets(&self.cube)),
        };
        Ok(Outcome::Print(text))
    }

    /// Replaces the cube (remembering the old one for `undo`) and shows the new one.
    fn change(&mut self, cube: Cube) -> String {
        self.history.push(std::mem::replace(&mut self.cube, cube));
        self.show()
    }

    /// The cube in the current view.
    fn show(&self) -> String {
        let drawing = match self.view {
            View::Net => cube_io::render_net(&self.cube, self.colour),
            View::Iso => iso::draw(&cube_io::facelets(&self.cube), self.colour),
        };
        if cube_io::is_solved(&self.cube) {
            drawing + "(solved)\n"
        } else {
            drawing
        }
    }

    /// How solutions are explained: the session's language, the steps as a person does them,
    /// wrapped to the terminal's width (less the two columns of indent).
    fn presentation(&self) -> Presentation {
        Presentation {
            lang: self.lang,
            width: crate::output::output_width().map(|w| w.saturating_sub(2).max(20)),
            ..Presentation::default()
        }
    }

    fn solve(&mut self, method: Method) -> Result<String, String> {
        let service = match &mut self.service {
            Some(service) => service,
            None => {
                let config = solving::config(&self.tables).map_err(|e| e.to_string())?;
                self.service.insert(Service::new(SolverConfig {
                    options: Options::new(),
                    ..config
                }))
            }
        };
        let request = Request {
            method: Some(method),
            options: solving::options(&self.tables).map_err(|e| e.to_string())?,
            ..Request::new(CubeInput::Cube(self.cube))
        };
        let answer = service.solve(&request).map_err(|e| e.to_string())?;
        let (solution, millis) = (answer.solution, answer.elapsed.as_secs_f64() * 1000.0);
        let mut text = format!(
            "{} ({} moves, {method}, {millis:.1} ms)\n",
            Presentation::default().solution_line(&solution),
            solution.len()
        );
        for line in self.presentation().explain_lines(&solution) {
            text += &format!("  {line}\n");
        }
        Ok(text + &self.change(cube_io::apply_moves(&self.cube, &solution.moves)))
    }
}

/// The message for a line that is neither a command nor valid moves: names the first word when
/// it is the culprit, else the notation error.
fn not_moves(text: &str, error: &cube_io::InputError) -> String {
    let first = text.split_whitespace().next().unwrap_or("");
    if cube_io::parse_alg(first).is_err() {
        format!("`{first}` is neither a command nor a move (type `help` for the commands)")
    } else {
        format!("{error} (type `help` for the commands)")
    }
}
