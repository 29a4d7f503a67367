//! `rubik man`: manual pages in roff, generated from the clap definition (options and their
//! help), with each command's examples and notes (its `--help` epilogue) kept line for line.

use crate::args::{Cli, ManArgs};
use crate::error::{CliError, CliResult};
use anyhow::Context;
use clap::CommandFactory;
use clap_mangen::Man;
use std::io::Write;

/// Prints `rubik.1`, or writes `rubik.1` and `rubik-<command>.1` for each subcommand into
/// `args.dir`.
pub fn run(args: &ManArgs) -> CliResult {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    match &args.dir {
        None => {
            let page = page(&command)
                .context("cannot render the manual page")
                .map_err(CliError::failure)?;
            let mut out = std::io::stdout().lock();
            out.write_all(&page)
                .and_then(|_| out.flush())
                .context("cannot write to stdout")
                .map_err(CliError::failure)
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))
                .map_err(CliError::failure)?;
            write_pages(&command, dir)
                .with_context(|| format!("cannot write the manual pages into {}", dir.display()))
                .map_err(CliError::failure)
        }
    }
}

/// Writes the page of `command` and of each of its (visible) subcommands, recursively.
fn write_pages(command: &clap::Command, dir: &std::path::Path) -> anyhow::Result<()> {
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir)?;
    }
    let man = Man::new(command.clone());
    std::fs::write(dir.join(man.get_filename()), page(command)?)?;
    Ok(())
}

/// One manual page: clap_mangen's sections, with the `--help` epilogue as a section of its own
/// in no-fill mode, so examples keep their lines.
fn page(command: &clap::Command) -> anyhow::Result<Vec<u8>> {
    let man = Man::new(command.clone());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if command.has_subcommands() {
        man.render_subcommands_section(&mut out)?;
    }
    if let Some(epilogue) = command.get_after_help() {
        out.extend_from_slice(preformatted(&epilogue.to_string()).as_bytes());
    }
    if command.get_version().is_some() {
        man.render_version_section(&mut out)?;
    }
    Ok(out)
}

/// `text` as roff sections in no-fill mode: a line ending in `:` that starts a paragraph
/// (`Examples:`) becomes a section heading; everything else is kept as written.
fn preformatted(text: &str) -> String {
    let mut out = String::new();
    let mut open = false;
    let mut previous_blank = true;
    for line in text.lines() {
        let heading = previous_blank && line.ends_with(':') && !line.starts_with(' ');
        if heading || !open {
            if open {
                out.push_str(".fi\n");
            }
            let title = if heading {
                line.trim_end_matches(':').to_uppercase()
            } else {
                "NOTES".to_string()
            };
            out.push_str(&format!(".SH \"{}\"\n.nf\n", escape(&title)));
            open = true;
            previous_blank = false;
            if heading {
                continue;
            }
        }
        previous_blank = line.trim().is_empty();
        out.push_str(&escape_line(line));
        out.push('\n');
    }
    if open {
        out.push_str(".fi\n");
    }
    out
}

/// Escapes roff's escape character.
fn escape(text: &str) -> String {
    text.replace('\\', "\\e")
}

/// A text line that roff will not read as a request (a leading `.` or `'`).
fn escape_line(line: &str) -> String {
    let line = escape(line).replace('-', "\\-");
    if line.starts_with('.') || line.starts_with('\'') {
        format!("\\&{line}")
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epilogue_keeps_lines_and_makes_headings() {
        let roff =
            preformatted("Examples:\n  rubik \"R U\"   solve\n.odd line\n\nExit codes: 0 ok");
        assert_eq!(
            roff,
            ".SH \"EXAMPLES\"\n.nf\n  rubik \"R U\"   solve\n\\&.odd line\n\nExit codes: 0 ok\n.fi\n"
        );
    }
}
