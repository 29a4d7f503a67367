//! The CLI in a shell: completion scripts that a real bash completes with, and manual pages
//! that groff renders.

mod common;

use common::*;
use std::process::Command;

fn output(args: &[&str]) -> String {
    let out = rubik().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// What bash's completion offers for the words of `line`, with the script `rubik completions
/// bash` printed loaded.
fn bash_completes(line: &[&str]) -> Vec<String> {
    let script = output(&["completions", "bash"]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rubik.bash");
    std::fs::write(&path, script).unwrap();
    let words = line.join(" ");
    let program = format!(
        "source {path}; COMP_WORDS=({words}); COMP_CWORD={cword}; COMP_LINE='{words}'; \
         COMP_POINT=${{#COMP_LINE}}; _rubik rubik '{cur}' '{prev}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path = path.display(),
        cword = line.len() - 1,
        cur = line[line.len() - 1],
        prev = line[line.len() - 2],
    );
    let out = Command::new("bash")
        .args(["-c", &program])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_commands_flags_and_values() {
    let commands = bash_completes(&["rubik", "s"]);
    for c in ["solve", "show", "scramble", "serve"] {
        assert!(commands.contains(&c.to_string()), "{commands:?}");
    }
    assert!(!commands.contains(&"bench".to_string()), "{commands:?}");
    let flags = bash_completes(&["rubik", "solve", "--me"]);
    assert!(flags.contains(&"--method".to_string()), "{flags:?}");
    assert!(flags.contains(&"--metric".to_string()), "{flags:?}");
    let metrics = bash_completes(&["rubik", "solve", "--metric", ""]);
    for m in ["htm", "qtm", "stm"] {
        assert!(metrics.contains(&m.to_string()), "{metrics:?}");
    }
    let options = bash_completes(&["rubik", "scramble", "--"]);
    assert!(options.contains(&"--seed".to_string()), "{options:?}");
}

#[test]
fn every_shell_gets_a_script_naming_every_command() {
    for (shell, marker) in [
        ("bash", "complete -F _rubik"),
        ("zsh", "#compdef rubik"),
        ("fish", "complete -c rubik"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[rubik]"),
    ] {
        let script = output(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: no {marker:?}");
        for command in [
            "solve", "scramble", "bench", "tables", "repl", "serve", "man",
        ] {
            assert!(script.contains(command), "{shell}: no {command}");
        }
        assert!(script.contains("max-length"), "{shell}: no max-length");
    }
    rubik()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("invalid value 'tcsh'"));
}

/// `page` rendered as text by groff (man's formatter), failing on any warning.
fn render(page: &[u8]) -> String {
    use std::io::Write;
    let mut groff = Command::new("groff")
        .args(["-k", "-man", "-Tutf8", "-ww", "-z"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("groff is installed");
    groff.stdin.take().unwrap().write_all(page).unwrap();
    let check = groff.wait_with_output().unwrap();
    assert!(
        check.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let out = Command::new("sh")
        .args(["-c", "groff -k -man -Tutf8 -P-c -P-b -P-u"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(page)?;
            child.wait_with_output()
        })
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_manual_page_renders_and_documents_the_commands() {
    let page = rubik().arg("man").output().unwrap();
    assert!(page.status.success());
    assert!(page.stdout.starts_with(b".ie \\n(.g .ds Aq") || page.stdout.starts_with(b".TH"));
    let text = render(&page.stdout);
    assert!(text.contains("Solve, scramble, show and explain"), "{text}");
    for command in [
        "solve",
        "scramble",
        "bench",
        "tables",
        "repl",
        "serve",
        "completions",
    ] {
        assert!(
            text.contains(&format!("rubik-{command}(1)")),
            "no {command} in {text}"
        );
    }
    assert!(text.contains("Exit codes"), "{text}");
    // The examples keep their lines (no-fill), each command with its comment.
    assert!(text.contains("EXAMPLES"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("rubik scramble -n 5 --seed 42")),
        "{text}"
    );
}

#[test]
fn man_dir_writes_a_page_per_command() {
    let dir = tempfile::tempdir().unwrap();
    rubik()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    let solve = std::fs::read(dir.path().join("rubik-solve.1")).unwrap();
    let text = render(&solve);
    assert!(text.contains("--max-length"), "{text}");
    assert!(text.contains("--continuous"), "{text}");
    for command in [
        "rubik.1",
        "rubik-scramble.1",
        "rubik-tables.1",
        "rubik-man.1",
    ] {
        assert!(dir.path().join(command).exists(), "no {command}");
    }
}
