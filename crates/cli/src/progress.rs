//! Progress of long work (table generation, benchmarks) on stderr: an indicatif bar on a
//! terminal, plain start/finish lines otherwise. Never on stdout.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rubik_solve::Progress;
use std::io::IsTerminal;
use std::sync::RwLock;
use std::time::Instant;

/// A [`Progress`] that draws on stderr.
pub struct StderrProgress {
    terminal: bool,
    current: RwLock<Option<(ProgressBar, String, Instant)>>,
}

impl StderrProgress {
    /// A progress reporter for stderr; draws a bar only when stderr is a terminal.
    pub fn new() -> StderrProgress {
        StderrProgress {
            terminal: std::io::stderr().is_terminal(),
            current: RwLock::new(None),
        }
    }

    /// A bar for `total` units of the CLI's own work (e.g. benchmark cubes), hidden off a
    /// terminal.
    pub fn bar(total: u64, message: &str) -> ProgressBar {
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(style());
        bar.set_message(message.to_string());
        bar
    }
}

impl Default for StderrProgress {
    fn default() -> Self {
        StderrProgress::new()
    }
}

/// The bar: name, bar, percentage, time so far and the time left. The time left is shown only
/// once it means something (after 2 s and 2% of the work): the first readings of a rate are
/// wild ("eta 3w").
fn style() -> ProgressStyle {
    ProgressStyle::with_template("{msg:24} [{bar:30}] {percent:>3}% {elapsed_precise} {left}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "left",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let settled = state.elapsed().as_secs_f64() >= 2.0 && state.fraction() >= 0.02;
                let text = if settled {
                    format!("({} left)", indicatif::HumanDuration(state.eta()))
                } else {
                    String::new()
                };
                let _ = w.write_str(&text);
            },
        )
        .progress_chars("=> ")
}

impl Progress for StderrProgress {
    fn start(&self, name: &str, total: u64) {
        let bar = if self.terminal {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(style());
            bar.set_message(name.to_string());
            bar
        } else {
            eprintln!("rubik: {name}...");
            ProgressBar::hidden()
        };
        let mut current = self.current.write().unwrap_or_else(|p| p.into_inner());
        if let Some((old, _, _)) = current.take() {
            old.finish_and_clear();
        }
        *current = Some((bar, name.to_string(), Instant::now()));
    }

    fn advance(&self, units: u64) {
        let current = self.current.read().unwrap_or_else(|p| p.into_inner());
        if let Some((bar, _, _)) = current.as_ref() {
            bar.inc(units);
        }
    }

    fn note(&self, text: &str) {
        let current = self.current.read().unwrap_or_else(|p| p.into_inner());
        match current.as_ref() {
            Some((bar, _, _)) => bar.suspend(|| eprintln!("rubik: {text}")),
            None => eprintln!("rubik: {text}"),
        }
    }

    fn finish(&self) {
        self.end("done in");
    }

    fn stopped(&self) {
        self.end("stopped by the time limit, not finished, after");
    }
}

impl StderrProgress {
    /// Ends the current task with a line saying how (`done in`, `stopped … after`) and when.
    fn end(&self, how: &str) {
        let mut current = self.current.write().unwrap_or_else(|p| p.into_inner());
        if let Some((bar, name, started)) = current.take() {
            bar.finish_and_clear();
            eprintln!(
                "rubik: {name}: {how} {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
}
