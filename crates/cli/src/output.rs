//! Presentation: colour choice (terminal, `NO_COLOR`, `--color`), sticker colours, and the text
//! and JSON forms of a solution.

use crate::args::{ColourWhen, Metric};
use rubik_cube::moves::format_moves;
use rubik_cube::{Alg, Move};
use rubik_solve::i18n::Lang;
use rubik_solve::Solution;
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
    }
}

/// The suffix of a length in `metric`: `f`, `q` or `s`.
pub fn metric_suffix(metric: Metric) -> char {
    match metric {
        Metric::Htm => 'f',
        Metric::Qtm => 'q',
        Metric::Stm => 's',
    }
}

/// How a solution is written: metric of the lengths, language of the step texts, whether to
/// append the length, and whether to use the method's human form (rotations, wide moves).
#[derive(Clone, Copy, Debug)]
pub struct Presentation {
    /// Metric of the lengths.
    pub metric: Metric,
    /// Language of step names and explanations.
    pub lang: Lang,
    /// Append `(19f)` to the solution line.
    pub show_length: bool,
    /// Use the human form (CFOP's rotations and wide moves) where the method gives one.
    pub rotations: bool,
}

impl Default for Presentation {
    fn default() -> Self {
        Presentation {
            metric: Metric::Htm,
            lang: Lang::En,
            show_length: false,
            rotations: false,
        }
    }
}

impl Presentation {
    /// `moves` (outer face turns), or `human` when asked for and given, with its length in the
    /// chosen metric (a human form is measured as written: rotations count 0).
    fn written(&self, moves: &[Move], human: Option<&str>) -> (String, usize) {
        if self.rotations {
            if let Some(alg) = human.and_then(|h| Alg::parse(h).ok()) {
                let n = match self.metric {
                    Metric::Htm => alg.htm(),
                    Metric::Qtm => alg.qtm(),
                    Metric::Stm => alg.stm(),
                };
                return (alg.to_string(), n);
            }
        }
        (format_moves(moves), length(moves, self.metric))
    }

    /// `text` followed by its length, `R U2 F' (3f)`, or just `(0f)`.
    fn with_length(&self, text: &str, n: usize) -> String {
        let suffix = metric_suffix(self.metric);
        if text.is_empty() {
            format!("({n}{suffix})")
        } else {
            format!("{text} ({n}{suffix})")
        }
    }

    /// The solution as one line, `R U2 F'`, with `(3f)` appended when `show_length`.
    pub fn solution_line(&self, solution: &Solution) -> String {
        let human = solution.human();
        let (text, n) = self.written(&solution.moves, human.as_deref());
        if self.show_length {
            self.with_length(&text, n)
        } else {
            text
        }
    }

    /// One line per step: name, moves with their length, explanation, aligned in columns.
    pub fn explain_lines(&self, solution: &Solution) -> Vec<String> {
        let rows: Vec<(String, String, String)> = solution
            .steps
            .iter()
            .map(|s| {
                let (name, explanation) = s.text(self.lang);
                let (text, n) = self.written(&s.moves, s.human.as_deref());
                (name, self.with_length(&text, n), explanation)
            })
            .collect();
        let name_w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
        let moves_w = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
        rows.into_iter()
            .map(|(name, moves, explanation)| {
                format!("{name:<name_w$}  {moves:<moves_w$}  {explanation}")
                    .trim_end()
                    .to_string()
            })
            .collect()
    }
}

/// A step in JSON.
#[derive(Debug, Serialize)]
pub struct StepReport {
    /// Step name, in the chosen language.
    pub name: String,
    /// The step's moves.
    pub moves: String,
    /// What the step achieves, in the chosen language.
    pub explanation: String,
    /// The step's length in the chosen metric.
    pub length: usize,
    /// The step as a person performs it (rotations, wide moves), when the method gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human: Option<String>,
}

/// A solved cube in JSON.
#[derive(Debug, Serialize)]
pub struct SolveReport {
    /// The input as given.
    pub input: String,
    /// The solution in outer face turns.
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
    /// The explained steps.
    pub steps: Vec<StepReport>,
}

impl SolveReport {
    /// The report of `solution` found for `input` in `millis`.
    pub fn new(
        input: &str,
        solution: &Solution,
        method: &str,
        millis: f64,
        presentation: &Presentation,
    ) -> SolveReport {
        let (metric, lang) = (presentation.metric, presentation.lang);
        SolveReport {
            input: input.to_string(),
            solution: format_moves(&solution.moves),
            length: length(&solution.moves, metric),
            metric: metric_name(metric),
            human: solution.human(),
            method: method.to_string(),
            millis: round_millis(millis),
            steps: solution
                .steps
                .iter()
                .map(|s| {
                    let (name, explanation) = s.text(lang);
                    StepReport {
                        name,
                        moves: format_moves(&s.moves),
                        explanation,
                        length: length(&s.moves, metric),
                        human: s.human.clone(),
                    }
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
