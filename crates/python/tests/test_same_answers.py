"""The same 200 random states (seed 35, `rubik scramble -n 200 --seed 35`) give the same answers
through the command line (`rubik solve -c --json`) and the Python package, to the byte: the
solution and each step's key, parameters, name, moves, explanation and human moves, for
two-phase, Thistlethwaite and CFOP. Both go through `rubik_solve::service::Service::solve`, so
a difference is a front end doing more than translating. Every solution is applied to its
cube (by the package's cube model, then checked against the command line's verdict that the
CLI's solution solves the same state: the two solutions are equal). The Rust test
crates/cli/tests/same_answers.rs does the same for HTTP, e2e/same-answers.test.mjs for the
page's WebAssembly core."""

import json
import subprocess

import pytest

import rubik
from conftest import rubik_binary

SEED = "35"
STATES = 200
METHODS = ["twophase", "thistlethwaite", "cfop"]


def cli_lines(args, stdin=None):
    out = subprocess.run(
        [str(rubik_binary()), *args], input=stdin, capture_output=True, text=True, check=True
    )
    return [line for line in out.stdout.splitlines() if line]


@pytest.fixture(scope="module")
def states():
    facelets = cli_lines(["scramble", "-n", str(STATES), "--seed", SEED, "--facelets"])
    assert len(facelets) == STATES
    return facelets


def cli_essentials(answer):
    return {
        "solution": answer["solution"],
        "steps": [
            {
                "key": s["key"],
                "params": s["params"],
                "name": s["name"],
                "moves": s["moves"],
                "explanation": s["explanation"],
                "human": (s.get("human") or {}).get("moves"),
            }
            for s in answer["steps"]
        ],
    }


def python_essentials(solution):
    return {
        "solution": solution.moves,
        "steps": [
            {
                "key": s.key,
                "params": dict(s.params),
                "name": s.name,
                "moves": s.moves,
                "explanation": s.explanation,
                "human": s.human,
            }
            for s in solution.steps
        ],
    }


@pytest.mark.parametrize("method", METHODS)
def test_the_command_line_and_python_give_the_same_answers(states, method):
    lines = cli_lines(["solve", "-c", "--json", "--method", method], "\n".join(states))
    assert len(lines) == STATES
    for state, line in zip(states, lines):
        native = json.loads(line)
        cube = rubik.Cube.from_facelets(state)
        solution = cube.solve(method=method, timeout=60.0)
        assert solution.method == method
        mine = json.dumps(python_essentials(solution), sort_keys=True, ensure_ascii=False)
        theirs = json.dumps(cli_essentials(native), sort_keys=True, ensure_ascii=False)
        assert mine == theirs, f"{method} on {state}"
        assert cube.apply(solution.moves).is_solved, f"{solution.moves} solves {state}"
