//! `rubik solve -c --output FILE [--resume]`: answers appended to a file one whole line at a
//! time, so a long batch that is killed or crashes loses nothing it has written, and a rerun
//! with `--resume` keeps those lines and solves only the rest.
//!
//! Each answer goes to the file in one `write` of the whole line, newline included, on a file
//! opened for appending: a process killed between two lines leaves only complete lines, and one
//! killed inside a write leaves at most one torn last line, which `--resume` cuts off. (Nothing
//! is fsynced: the lines survive the process, not a power cut.) Answers are written in input
//! order, so the first N lines of the file answer the first N input lines; with `--json` each
//! names its input, and a resumed run checks that its input starts with those lines.

use anyhow::{bail, Context};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The answer file of a batch.
pub struct OutputFile {
    file: File,
    path: PathBuf,
    /// The line being written; it goes to the file, whole, on `flush`.
    line: Vec<u8>,
}

/// What a resumed run found already done: the answers' inputs and the exit codes they called
/// for, in order.
#[derive(Debug, Default)]
pub struct Done {
    /// The `input` of each complete answer line.
    pub inputs: Vec<String>,
    /// The worst exit code among them (0, 1 no solution, 2 bad input).
    pub worst: u8,
}

impl OutputFile {
    /// Opens `path` for the answers: created or emptied, or with `resume`, kept (a torn last
    /// line cut off) with its complete JSON answer lines returned.
    pub fn open(path: &Path, resume: bool) -> anyhow::Result<(OutputFile, Done)> {
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {} for the answers", path.display()))?;
        let done = if resume {
            read_done(&mut file, path)?
        } else {
            file.set_len(0)
                .with_context(|| format!("cannot empty {}", path.display()))?;
            Done::default()
        };
        Ok((
            OutputFile {
                file,
                path: path.to_path_buf(),
                line: Vec::new(),
            },
            done,
        ))
    }
}

/// Bytes are held until `flush`, then written in one `write_all`: continuous mode writes a
/// line and flushes, so each answer line reaches the file whole.
impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.line.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let result = self.file.write_all(&self.line).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("cannot write to {}: {e}", self.path.display()),
            )
        });
        self.line.clear();
        result
    }
}

/// Reads the complete lines of an answer file (cutting off a torn last line) as JSON answers.
fn read_done(file: &mut File, path: &Path) -> anyhow::Result<Done> {
    let mut data = Vec::new();
    file.seek(SeekFrom::Start(0))?;
    file.read_to_end(&mut data)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let complete = data.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if complete < data.len() {
        file.set_len(complete as u64)
            .with_context(|| format!("cannot cut the torn last line of {}", path.display()))?;
    }
    let mut done = Done::default();
    for (number, line) in BufReader::new(&data[..complete]).lines().enumerate() {
        let line = line.with_context(|| format!("{} is not UTF-8 text", path.display()))?;
        let Ok(serde_json::Value::Object(record)) = serde_json::from_str(&line) else {
            bail!(
                "line {} of {} is not a JSON answer: --resume continues a file written by \
                 `rubik solve -c --json --output`",
                number + 1,
                path.display()
            );
        };
        let Some(input) = record.get("input").and_then(|i| i.as_str()) else {
            bail!("line {} of {} has no \"input\"", number + 1, path.display());
        };
        let code = match (record.get("error"), record.get("category")) {
            (None, _) => 0,
            (Some(_), Some(_)) => crate::error::EXIT_BAD_INPUT,
            (Some(_), None) => crate::error::EXIT_NO_SOLUTION,
        };
        done.worst = crate::error::worse(done.worst, code);
        done.inputs.push(input.to_string());
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_torn_last_line_is_cut_and_complete_lines_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.jsonl");
        std::fs::write(
            &path,
            "{\"input\":\"R\",\"solution\":\"R'\"}\n{\"input\":\"Q\",\"error\":\"bad\",\"category\":\"notation\"}\n{\"input\":\"U\",\"sol",
        )
        .unwrap();
        let (mut out, done) = OutputFile::open(&path, true).unwrap();
        assert_eq!(done.inputs, ["R", "Q"]);
        assert_eq!(done.worst, crate::error::EXIT_BAD_INPUT);
        writeln!(out, "{{\"input\":\"U\"}}").unwrap();
        out.flush().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 3);
        assert!(text.ends_with("{\"input\":\"U\"}\n"));
    }

    #[test]
    fn without_resume_the_file_starts_empty() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.jsonl");
        std::fs::write(&path, "old\n").unwrap();
        let (mut out, done) = OutputFile::open(&path, false).unwrap();
        assert!(done.inputs.is_empty());
        write!(out, "new").unwrap();
        writeln!(out).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "",
            "nothing before flush"
        );
        out.flush().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
    }

    #[test]
    fn a_file_that_is_not_json_answers_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, "R U R'\n").unwrap();
        let e = OutputFile::open(&path, true).err().unwrap();
        assert!(e.to_string().contains("is not a JSON answer"), "{e}");
    }
}
