//! Presentation: colour choice (terminal, `NO_COLOR`, `--color`), sticker colours, and the text
//! and JSON forms of a solution.

use crate::args::{ColourWhen, Metric, SolveArgs};
use crate::cube_io::InputError;
use rubik_cube::moves::format_moves;
use rubik_cube::{Alg, Move};
use rubik_solve::i18n::Lang;
use rubik_solve::service::Answer;
use rubik_solve::{Form, Solution};
use serde::Serialize;
use std::io::IsTerminal;

/// Whether to colour what goes to stdout: `--color always|never`, else colour only on a terminal
/// and only when `NO_COLOR` is unset or empty (https://no-color.org).
pub fn use_colour(when: ColourWhen) -> bool {
    match when {
        ColourWhen::Always => true,
        ColourWhen::Never => false,
        ColourWhen::Auto => no_color_unset() && std::io::stdout().is_terminal(),
    }
}

fn no_color_unset() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The ANSI 256-colour (background, letter) of a face in the WCA scheme (U white, R red,
/// F green, D yellow, L orange, B blue), the same as the cube crate's coloured net.
fn face_colours(face: char) -> Option<(u8, u8)> {
    Some(match face {
        'U' => (231, 16),
        'R' => (160, 231),
        'F' => (34, 16),
        'D' => (226, 16),
        'L' => (208, 16),
        'B' => (27, 231),
        _ => return None,
    })
}

/// Columns one sticker takes: a coloured block with its letter, or the letter and a space.
pub fn sticker_width(colour: bool) -> usize {
    if colour {
        3
    } else {
        2
    }
}

/// One sticker, [`sticker_width`] columns wide: a coloured block showing the face letter, or
/// the letter followed by a space.
pub fn sticker(face: char, colour: bool) -> String {
    match face_colours(face) {
        Some((bg, fg)) if colour => format!("\x1b[48;5;{bg};38;5;{fg}m {face} \x1b[0m"),
        _ => format!("{face} "),
    }
}

/// A solution's length in `metric`.
pub fn length(moves: &[Move], metric: Metric) -> usize {
    match metric {
        // Solutions are outer face turns, so a slice-turn count equals the face-turn count.
        Metric::Htm | Metric::Stm => moves.len(),
        Metric::Qtm => moves.iter().map(|m| m.qtm()).sum(),
        Metric::AxialHtm => rubik_solve::RobotMetric::AxialHtm.length(moves),
        Metric::AxialQtm => rubik_solve::RobotMetric::AxialQtm.length(moves),
    }
}

/// The suffix of a length in `metric`: `f`, `q` or `s`.
pub fn metric_suffix(metric: Metric) -> char {
    match metric {
        Metric::Htm => 'f',
        Metric::Qtm => 'q',
        Metric::Stm => 's',
        Metric::AxialHtm => 'a',
        Metric::AxialQtm => 'x',
    }
}

/// How a solution is written: metric of the lengths, language of the step texts, whether to
/// append the length, which form the solution line and the steps take, and the width text
/// wraps to.
#[derive(Clone, Copy, Debug)]
pub struct Presentation {
    /// Metric of the lengths.
    pub metric: Metric,
    /// Language of step names and explanations.
    pub lang: Lang,
    /// Append `(19f)` to the solution line.
    pub show_length: bool,
    /// Write the solution line in the human form (CFOP's rotations and wide moves) where the
    /// method gives one (`--rotations`).
    pub rotations: bool,
    /// The form of the explained steps: the human form where the method has one (the
    /// default), or outer face turns (`--outer-turns`).
    pub steps_form: Form,
    /// Columns to wrap explanations to (`None`: no wrapping).
    pub width: Option<usize>,
}

impl Default for Presentation {
    fn default() -> Self {
        Presentation {
            metric: Metric::Htm,
            lang: Lang::En,
            show_length: false,
            rotations: false,
            steps_form: Form::Human,
            width: None,
        }
    }
}

/// The width to wrap text to on stdout: the terminal's width, else `$COLUMNS` when set (so
/// a pipe can ask for it), else none.
pub fn output_width() -> Option<usize> {
    if std::io::stdout().is_terminal() {
        let width = textwrap::termwidth();
        if width >= 20 {
            return Some(width);
        }
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&w| w >= 20)
}

/// Length of `notation` in `metric`, as written (rotations count 0, slices 2 in HTM and 1 in
/// STM); `None` if it is not notation.
pub fn notation_length(notation: &str, metric: Metric) -> Option<usize> {
    let alg = Alg::parse(notation).ok()?;
    Some(match metric {
        Metric::Htm => alg.htm(),
        Metric::Qtm => alg.qtm(),
        Metric::Stm => alg.stm(),
        Metric::AxialHtm | Metric::AxialQtm => length(&alg.face_turns()?, metric),
    })
}

impl Presentation {
    /// `text` followed by its length, `R U2 F' (3f)`, or just `(0f)`.
    fn with_length(&self, text: &str, n: usize) -> String {
        let suffix = metric_suffix(self.metric);
        if text.is_empty() {
            format!("({n}{suffix})")
        } else {
            format!("{text} ({n}{suffix})")
        }
    }

    /// The solution as one line, `R U2 F'` (or its human form with `--rotations`), with
    /// `(3f)` appended when `show_length`.
    pub fn solution_line(&self, solution: &Solution) -> String {
        let human = solution.human().filter(|_| self.rotations);
        let (text, n) = match human.and_then(|h| Some((notation_length(&h, self.metric)?, h))) {
            Some((n, h)) => (h, n),
            None => (
                match self.metric {
                    Metric::AxialHtm | Metric::AxialQtm => {
                        rubik_solve::format_axial(&solution.moves)
                    }
                    _ => format_moves(&solution.moves),
                },
                length(&solution.moves, self.metric),
            ),
        };
        if self.show_length {
            self.with_length(&text, n)
        } else {
            text
        }
    }

    /// `text` wrapped to the width, each line after the first indented by `indent` (the
    /// first by `first`).
    fn wrap(&self, text: &str, first: &str, indent: &str) -> Vec<String> {
        match self.width {
            Some(width) => {
                let options = textwrap::Options::new(width)
                    .initial_indent(first)
                    .subsequent_indent(indent)
                    .break_words(false);
                textwrap::wrap(text, options)
                    .into_iter()
                    .map(|l| l.into_owned())
                    .collect()
            }
            None => vec![format!("{first}{text}")],
        }
    }

    /// The explained steps, one block each, in the order the moves are made: the step's
    /// number and name, its moves with their length, and what they do, wrapped to the width.
    /// A solved cube gets one sentence saying so.
    pub fn explain_lines(&self, solution: &Solution) -> Vec<String> {
        if solution.steps.is_empty() && solution.is_empty() {
            return vec![match self.lang {
                Lang::Fr => "Le cube est déjà résolu : rien à faire.".to_string(),
                Lang::En => "The cube is already solved: nothing to do.".to_string(),
            }];
        }
        let mut lines = Vec::new();
        let numbers = solution.steps.len().to_string().len();
        for (i, step) in solution.steps.iter().enumerate() {
            let (name, moves, explanation) = step.written(self.steps_form, self.lang);
            let n = notation_length(&moves, self.metric).unwrap_or(0);
            let head = format!("{:>numbers$}. ", i + 1);
            let indent = " ".repeat(head.chars().count());
            lines.extend(self.wrap(&name, &head, &indent));
            lines.extend(self.wrap(&self.with_length(&moves, n), &indent, &indent));
            lines.extend(self.wrap(&explanation, &indent, &indent));
        }
        let shown: usize = solution.steps.iter().map(|s| s.moves.len()).sum();
        if shown != solution.len() {
            let note = match self.lang {
                Lang::Fr => format!(
                    "Les étapes font {shown} mouvements ; la solution en une ligne en fait {} : \
                     les mouvements qui s'annulent ou se combinent d'une étape à l'autre y sont \
                     fusionnés.",
                    solution.len()
                ),
                Lang::En => format!(
                    "The steps add up to {shown} moves; the one-line solution has {}: moves \
                     that cancel or combine across steps are merged there.",
                    solution.len()
                ),
            };
            lines.extend(self.wrap(&note, "", ""));
        }
        if self.steps_form == Form::Human && solution.has_human_form() {
            let note = match self.lang {
                Lang::Fr => {
                    "Étapes écrites comme on les fait à la main (rotations, mouvements \
                             larges et de tranche) ; --outer-turns les écrit en tours de faces \
                             extérieures."
                }
                Lang::En => {
                    "Steps are written as a person does them (rotations, wide and slice \
                             moves); --outer-turns writes them as outer face turns."
                }
            };
            lines.extend(self.wrap(note, "", ""));
        }
        lines
    }
}

/// A step's human form in JSON.
#[derive(Debug, Serialize)]
pub struct HumanReport {
    /// The moves with rotations, wide and slice moves.
    pub moves: String,
    /// Their length in the chosen metric (rotations count 0).
    pub length: usize,
    /// What they do, in the chosen language, in the order they are done.
    pub explanation: String,
}

/// A step in JSON.
#[derive(Debug, Serialize)]
pub struct StepReport {
    /// Catalogue key of the step (`"cfop.oll"`), for programs.
    pub key: &'static str,
    /// The parameters of its name (colours, case names, axes), for programs.
    pub params: std::collections::BTreeMap<String, String>,
    /// Step name, in the chosen language.
    pub name: String,
    /// The step's moves, in outer face turns.
    pub moves: String,
    /// What the step's moves achieve, in the chosen language.
    pub explanation: String,
    /// The step's length in the chosen metric.
    pub length: usize,
    /// The step as a person performs it (rotations, wide moves), when the method gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human: Option<HumanReport>,
}

/// A solved cube in JSON.
#[derive(Debug, Serialize)]
pub struct SolveReport {
    /// The input as given.
    pub input: String,
    /// The solution in outer face turns (moves that cancel across steps merged).
    pub solution: String,
    /// Its length in `metric`.
    pub length: usize,
    /// The metric of the lengths.
    pub metric: &'static str,
    /// The solution as a person performs it (rotations, wide moves), when the method gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human: Option<String>,
    /// The method used.
    pub method: String,
    /// Solve time in milliseconds (table loading excluded).
    pub millis: f64,
    /// The explained steps, in order; their moves one after the other solve the cube.
    pub steps: Vec<StepReport>,
}

impl SolveReport {
    /// The report of `answer` to `input`.
    pub fn new(input: &str, answer: &Answer, presentation: &Presentation) -> SolveReport {
        let (metric, lang) = (presentation.metric, presentation.lang);
        let solution = &answer.solution;
        SolveReport {
            input: input.to_string(),
            solution: format_moves(&solution.moves),
            length: length(&solution.moves, metric),
            metric: metric_name(metric),
            human: solution.human(),
            method: answer.solver.name().to_string(),
            millis: round_millis(answer.millis()),
            steps: answer
                .steps_in(lang)
                .into_iter()
                .map(|s| StepReport {
                    key: s.key,
                    params: s.params.iter().cloned().collect(),
                    name: s.name,
                    moves: format_moves(&s.moves),
                    explanation: s.explanation,
                    length: length(&s.moves, metric),
                    human: s.human.map(|h| HumanReport {
                        length: notation_length(&h.moves, metric).unwrap_or(0),
                        moves: h.moves,
                        explanation: h.explanation,
                    }),
                })
                .collect(),
        }
    }
}

/// An input that could not be solved, in JSON.
#[derive(Debug, Serialize)]
pub struct ErrorReport {
    /// The input as given.
    pub input: String,
    /// What was wrong.
    pub error: String,
    /// A machine-readable category, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// The piece at fault, when the error names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
}

/// The metric's command-line name.
pub fn metric_name(metric: Metric) -> &'static str {
    match metric {
        Metric::Htm => "htm",
        Metric::Qtm => "qtm",
        Metric::Stm => "stm",
        Metric::AxialHtm => "axial-htm",
        Metric::AxialQtm => "axial-qtm",
    }
}

/// Milliseconds rounded to microseconds, for readable JSON.
pub fn round_millis(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// One line of JSON (serialisation of these plain types cannot fail).
pub fn json_line<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// Writes `text` to stdout and flushes. A closed stdout (`rubik ... | head`) becomes an error
/// that [`is_broken_pipe`] recognises, never a panic.
pub fn emit(text: &str) -> crate::error::CliResult {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| {
            crate::error::CliError::failure(anyhow::Error::new(e).context("cannot write to stdout"))
        })
}

/// Writes `line` and a newline to stdout (see [`emit`]).
pub fn emit_line(line: &str) -> crate::error::CliResult {
    emit(&format!("{line}\n"))
}

/// Whether `error` comes from writing to a closed pipe.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Bytes as B, KiB, MiB or GiB.
pub fn human_bytes(bytes: u64) -> String {
    let units = ["B", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", units[unit])
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

/// How `rubik solve` writes solutions, from its flags.
pub fn presentation(args: &SolveArgs) -> Presentation {
    Presentation {
        metric: args.metric,
        lang: args.lang,
        show_length: args.show_length,
        // A move set with slices or wide turns: show the turns as made.
        rotations: args.rotations || args.goal.moves.as_ref().is_some_and(|m| m.moves_centres()),
        steps_form: if args.outer_turns {
            Form::Outer
        } else {
            Form::Human
        },
        width: output_width(),
    }
}
