"""Solving releases the GIL, and many threads can solve at once."""

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import rubik
from cubemodel import solves


def test_threads_solve_concurrently_and_correctly():
    cubes = [rubik.Cube.random(seed=s).facelets for s in range(400)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(rubik.solve, cubes))
    for cube, answer in zip(cubes, answers):
        assert solves(cube, answer)


def test_the_gil_is_released_while_solving():
    # A search that runs for its whole timeout (0.6 s) in one call: if it held the GIL, this
    # thread could not run at all meanwhile.
    cube = rubik.Cube.random(seed=1)
    done = threading.Event()

    def long_solve():
        try:
            cube.solve(method="optimal", timeout=0.6)
        except rubik.NoSolutionError:
            pass
        done.set()

    rubik.load_tables("optimal")
    worker = threading.Thread(target=long_solve)
    started = time.perf_counter()
    worker.start()
    last, longest_gap, spins = time.perf_counter(), 0.0, 0
    while not done.is_set():
        now = time.perf_counter()
        longest_gap = max(longest_gap, now - last)
        last = now
        spins += 1
    worker.join()
    elapsed = time.perf_counter() - started
    assert elapsed >= 0.5
    assert longest_gap < 0.25, f"this thread stalled for {longest_gap:.2f} s"
    assert spins > 1000


def test_tables_come_from_rubik_tables(tmp_path):
    env = dict(os.environ, RUBIK_TABLES=str(tmp_path))
    code = "import rubik; print(rubik.solve(rubik.apply('R U F'), method='thistlethwaite'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("thistlethwaite"))
