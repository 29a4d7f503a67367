"""Private tables (`load_tables(private_tables=True)`, a robot's session): solves verified by
applying them; asked for too late, refused. Each case in its own interpreter, since the choice
holds for the whole process and pytest's process has solved already."""

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc/self/maps"
)

TESTS = os.path.dirname(os.path.abspath(__file__))


def run(code: str) -> str:
    """Runs `code` in a fresh interpreter with this directory on its path; its stdout."""
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {TESTS!r})\n" + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_solves_with_private_tables_verify():
    out = run(
        """
        import rubik
        from cubemodel import solves
        rubik.load_tables(private_tables=True)
        rubik.load_tables(private_tables=True)  # asked again: already so
        for seed in range(20):
            cube = rubik.Cube.random(seed=3815 + seed).facelets
            answer = rubik.solve(cube, max_depth=20)
            assert solves(cube, answer), (cube, answer)
            assert len(answer.split()) <= 20
        print("solved 20")
        # No table file is mapped: every table is a private copy.
        print("mapped tables:", sum(".tbl" in line for line in open("/proc/self/maps")))
        """
    )
    assert out.splitlines() == ["solved 20", "mapped tables: 0"], out


def test_private_tables_after_a_solve_are_refused():
    out = run(
        """
        import rubik
        cube = rubik.Cube.random(seed=3815).facelets
        rubik.solve(cube)
        # The contrast: by default the largest tables are mapped from their files.
        print("mapped:", any(".tbl" in line for line in open("/proc/self/maps")))
        try:
            rubik.load_tables(private_tables=True)
        except ValueError as e:
            print("refused:", e)
        """
    )
    lines = out.splitlines()
    assert lines[0] == "mapped: True", out
    assert lines[1].startswith("refused: private_tables=True must come before"), out
