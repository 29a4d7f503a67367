"""The cluster recipe on a real local Dask cluster (worker processes on this machine): every
line solved once, in input order, even when a worker is killed mid-job or the driver is killed
and resumed."""

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

from rubik.cluster import solve_file  # noqa: E402


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


def test_a_worker_killed_mid_job_loses_nothing(tmp_path, client):
    lines = _write_input(tmp_path / "in.txt", 12000)
    out = tmp_path / "out.jsonl"
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    result = {}

    def run():
        result["summary"] = solve_file(
            str(tmp_path / "in.txt"), str(out), client=client, chunk_size=250
        )

    job = threading.Thread(target=run)
    job.start()
    # Wait until the job is well under way, then kill one worker process outright.
    deadline = time.time() + 120
    while (not out.exists() or out.stat().st_size < 100_000) and time.time() < deadline:
        time.sleep(0.05)
    assert job.is_alive(), "the job ended before the worker could be killed"
    os.kill(victim, signal.SIGKILL)
    job.join(timeout=600)
    assert not job.is_alive()
    summary = result["summary"]
    assert summary.solved == len(lines) and summary.skipped == 0
    _check_output(out, lines)
    # The killed worker is gone; the cluster carried on with a replacement.
    assert victim not in client.run(os.getpid).values()


def test_a_killed_driver_resumes_where_it_stopped(tmp_path):
    lines = _write_input(tmp_path / "in.txt", 6000)
    out = tmp_path / "out.jsonl"
    command = [
        sys.executable, "-m", "rubik.cluster", str(tmp_path / "in.txt"), str(out),
        "--local", "2", "--chunk-size", "200", "--resume",
    ]
    driver = subprocess.Popen(command, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + 120
    while (not out.exists() or out.stat().st_size < 50_000) and time.time() < deadline:
        time.sleep(0.05)
    os.killpg(driver.pid, signal.SIGKILL)  # the driver and its local cluster, at once
    driver.wait()
    done_before = len(out.read_text().splitlines())
    assert 0 < done_before < len(lines)
    # Tear the last line, as a crash in the middle of a write would.
    with open(out, "ab") as f:
        f.write(b'{"input": "torn')
    rerun = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert "already done" in rerun.stderr
    records = _check_output(out, lines)
    assert len(records) == len(lines)
