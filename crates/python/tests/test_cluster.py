"""The cluster recipe on a real local Dask cluster (worker processes on this machine): every
line solved once, in input order, even when a worker is killed mid-job or the driver is killed
and resumed; and its batch call, `rubik.solve_lines`, and the task sizes it chooses."""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
import rubik
from cubemodel import solves

distributed = pytest.importorskip("distributed")

from distributed import Client, LocalCluster  # noqa: E402

from rubik.cluster import TaskSizer, solve_chunk, solve_file  # noqa: E402


def _write_input(path, count):
    """`count` lines: random facelet strings and scrambles, with a bad line every 997."""
    lines = []
    for i in range(count):
        if i % 997 == 500:
            lines.append("R U Q" if i % 2 else "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBR")
        elif i % 3 == 0:
            lines.append(rubik.apply(f"R U F D L B R2 U' F{i % 7 and 2 or ''}"))
        else:
            lines.append(rubik.Cube.random(seed=i).facelets)
    path.write_text("".join(line + "\n" for line in lines))
    return lines


def _check_output(path, lines):
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == len(lines)
    for line, record in zip(lines, records):
        assert record["input"] == line
        if "error" in record:
            assert record["category"] in ("notation", "colour_count"), record
            continue
        facelets = line if len(line) == 54 else rubik.apply(line)
        assert solves(facelets, record["solution"]), record
        assert record["length"] <= 20
    return records


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(
        n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with Client(cluster) as c:
        yield c
    cluster.close()


def test_solve_lines_answers_every_line_in_order():
    lines = [
        rubik.Cube.random(seed=5).facelets,
        "R U Q",
        "",
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBR",
        "  R U R' U' F2  ",
        rubik.Cube.random(seed=6).facelets,
    ]
    answers = rubik.solve_lines("\n".join(lines))  # no final newline: the last line still counts
    assert answers.endswith("\n")
    records = [json.loads(line) for line in answers.split("\n")[:-1]]
    assert [r["input"] for r in records] == [line.strip() for line in lines]
    assert records[1]["category"] == "notation" and "solution" not in records[1]
    assert records[3]["category"] == "colour_count"
    assert records[2]["solution"] == "" and records[2]["length"] == 0
    for i in (0, 4, 5):
        facelets = lines[i] if len(lines[i]) == 54 else rubik.apply(lines[i])
        assert solves(facelets, records[i]["solution"]), records[i]
        assert records[i]["length"] == len(records[i]["solution"].split()) <= 20
        assert records[i]["method"] == "twophase" and records[i]["metric"] == "htm"
    # The same answers through the list form (all but the time each solve took).
    as_list = [json.loads(line) for line in solve_chunk(lines)]
    assert [{**r, "millis": 0} for r in as_list] == [{**r, "millis": 0} for r in records]
    assert rubik.solve_lines("") == ""
    (empty,) = [json.loads(x) for x in rubik.solve_lines("\n").splitlines()]
    assert empty == {"input": "", "solution": "", "length": 0, "metric": "htm",
                     "method": "twophase", "millis": empty["millis"]}


def test_solve_lines_reports_a_cube_without_solution_in_its_line():
    cube = rubik.Cube.random(seed=1).facelets
    (record,) = [json.loads(x) for x in rubik.solve_lines(cube, max_length=12).splitlines()]
    assert record["input"] == cube and "no solution" in record["error"]
    assert "category" not in record
    with pytest.raises(ValueError):
        rubik.solve_lines(cube, method="no-such-method")


def test_the_task_size_follows_the_measured_solve_time():
    sizer = TaskSizer(seconds=2.0, first=64)
    assert sizer.size() == 64  # nothing measured yet
    sizer.measured(64, 0.064)  # 1 ms per line
    assert sizer.size() == 2000
    # Near the end, each of 2 workers gets at most a quarter of what is left per task.
    assert sizer.size(remaining=10_000, workers=2) == 2000
    assert sizer.size(remaining=1000, workers=2) == 250
    assert sizer.size(remaining=10, workers=2) == sizer.smallest
    sizer.measured(936, 9.936)  # now 10 ms per line overall (1,000 lines, 10 s)
    assert sizer.size() == 200
    slow = TaskSizer(seconds=2.0)
    slow.measured(10, 60.0)  # 6 s per line: never fewer than the smallest task
    assert slow.size() == slow.smallest
    with pytest.raises(ValueError):
        TaskSizer(seconds=0)


def test_tasks_sized_from_the_solve_time_solve_every_line(tmp_path, client):
    lines = _write_input(tmp_path / "in.txt", 3000)
    out = tmp_path / "out.jsonl"
    written = []
    summary = solve_file(
        str(tmp_path / "in.txt"), str(out), client=client, task_seconds=0.05,
        progress=written.append,
    )
    assert summary.solved == len(lines) and summary.chunks == len(written) > 1
    sizes = [b - a for a, b in zip([0] + written, written)]
    assert sizes[0] == TaskSizer().first
    _check_output(out, lines)


def test_a_worker_killed_mid_job_loses_nothing(tmp_path, client):
    lines = _write_input(tmp_path / "in.txt", 12000)
    out = tmp_path / "out.jsonl"
    killed = {}

    def kill_a_busy_worker(written):
        # Called by the driver after it writes a chunk, so the job cannot end meanwhile: the
        # first time, kill outright a worker that is running or holding a task.
        if killed:
            return
        busy = [w for w, tasks in client.processing().items() if tasks]
        assert busy, "no worker had a task left to lose"
        killed["written"] = written
        killed["pid"] = client.run(os.getpid, workers=[busy[0]])[busy[0]]
        os.kill(killed["pid"], signal.SIGKILL)

    summary = solve_file(
        str(tmp_path / "in.txt"), str(out), client=client, chunk_size=250,
        progress=kill_a_busy_worker,
    )
    assert killed and killed["written"] < len(lines)
    assert summary.solved == len(lines) and summary.skipped == 0
    _check_output(out, lines)
    # The killed worker is gone; the cluster carried on with a replacement.
    assert killed["pid"] not in client.run(os.getpid).values()


def test_a_killed_driver_resumes_where_it_stopped(tmp_path):
    lines = _write_input(tmp_path / "in.txt", 6000)
    out = tmp_path / "out.jsonl"
    # The first run reads a pipe that gets only the first half of the input and then stays
    # open, so the driver is certainly killed mid-job however fast the cubes are solved.
    fifo = tmp_path / "in.fifo"
    os.mkfifo(fifo)
    command = [
        sys.executable, "-m", "rubik.cluster", str(fifo), str(out),
        "--local", "2", "--chunk-size", "200", "--resume",
    ]
    log = open(tmp_path / "driver.log", "w")
    driver = subprocess.Popen(command, stderr=log, start_new_session=True)
    feed = {}

    def write_half():
        feed["pipe"] = open(fifo, "w")  # waits for the driver to open its input
        feed["pipe"].write("".join(line + "\n" for line in lines[:3000]))
        feed["pipe"].flush()

    threading.Thread(target=write_half, daemon=True).start()
    # With 8 chunks in flight at most, at least 3000 - 8 * 200 lines are written before the
    # driver waits for more input.
    deadline = time.time() + 300
    while (not out.exists() or out.read_text().count("\n") < 1400) and time.time() < deadline:
        assert driver.poll() is None, (tmp_path / "driver.log").read_text()
        time.sleep(0.05)
    os.killpg(driver.pid, signal.SIGKILL)  # the driver and its local cluster, at once
    driver.wait()
    log.close()
    try:
        feed["pipe"].close()
    except BrokenPipeError:
        pass
    done_before = out.read_text().count("\n")
    assert 1400 <= done_before <= 3000
    # Tear the last line, as a crash in the middle of a write would.
    with open(out, "ab") as f:
        f.write(b'{"input": "torn')
    command[3] = str(tmp_path / "in.txt")  # the whole input this time
    rerun = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert f"({done_before} already done)" in rerun.stderr
    records = _check_output(out, lines)
    assert len(records) == len(lines)
