"""Solve a file of millions of cubes on a Dask cluster, losing nothing.

The input is what ``rubik solve -c`` reads: one facelet string or scramble per line. The output
is what ``rubik solve -c --json`` writes: one JSON object per input line, in input order
(``input``, ``solution``, ``length``, ``metric``, ``method``, ``millis``, without the per-step
explanations; ``error``, ``category`` and ``piece`` for a line that is not a cube, ``error``
alone for one without a solution within the limits).

How it works:

- The input is cut into chunks of lines; each chunk is one Dask task, handed to Rust as one
  text and answered as one text (``rubik.solve_lines``), so Python does nothing per line. The
  lines per task are chosen from the solve time measured on the workers, for tasks of about
  ``task_seconds`` (2 s: Dask's few milliseconds per task are lost in it); ``chunk_size`` fixes
  them instead. Each worker process loads the tables once (a worker plugin, run again on any
  worker that restarts) and keeps its solver for every chunk it gets.
- A task whose worker dies is run again elsewhere by the scheduler; a task that raises is
  retried ``retries`` times.
- Results are written in input order as they arrive, whole lines at a time, and flushed after
  each chunk. A driver that is killed can be run again with ``resume=True``: the lines already
  in the output are kept (a torn last line is cut off) and only the rest is solved.

Command line::

    python -m rubik.cluster INPUT OUTPUT --local 4              # a local cluster of 4 processes
    python -m rubik.cluster INPUT OUTPUT --scheduler tcp://head:8786 --resume

Needs ``dask[distributed]`` (``pip install "dask[distributed]"``).
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import stat
import sys
import time
from dataclasses import dataclass
from typing import List, Optional, Tuple

import rubik

__all__ = ["LoadTables", "QUIET_DASK", "Summary", "TaskSizer", "solve_chunk", "solve_file", "main"]


def solve_chunk(
    lines: List[str],
    method: str = "twophase",
    max_length: Optional[int] = None,
    timeout: Optional[float] = None,
    table: Optional[str] = None,
) -> List[str]:
    """The JSON lines of ``lines`` (one cube per line, without newlines), in order. The lines
    are solved by one call into Rust (``rubik.solve_lines``): nothing is done per line in
    Python."""
    text = "".join(line + "\n" for line in lines)
    return _solve_text(text, method, max_length, timeout, table)[0].split("\n")[:-1]


def _solve_text(
    text: str,
    method: str,
    max_length: Optional[int],
    timeout: Optional[float],
    table: Optional[str],
) -> Tuple[str, float]:
    """One task: the answers to the lines of ``text`` (each ending in a newline, in input
    order) and the seconds they took on the worker. The solver (and its tables) is created once
    per process and reused."""
    started = time.perf_counter()
    answers = rubik.solve_lines(
        text, method=method, max_length=max_length, timeout=timeout, table=table
    )
    return answers, time.perf_counter() - started


class TaskSizer:
    """Lines per task, chosen from the solve time measured so far so that each task takes
    about ``seconds``: long enough that Dask's few milliseconds per task are lost in it, short
    enough that a worker killed mid-task costs little. Until a task has been measured, tasks of
    ``first`` lines. Near the end of the input, tasks shrink so that every worker gets a share
    of what is left (at most half of it per worker and round), and the last tasks end together
    instead of one worker finishing a long task alone."""

    def __init__(
        self, seconds: float = 2.0, first: int = 64, smallest: int = 16, largest: int = 100_000
    ) -> None:
        if not seconds > 0:
            raise ValueError(f"task seconds must be more than 0 (got {seconds})")
        self.seconds = seconds
        self.first = first
        self.smallest = smallest
        self.largest = largest
        self.lines = 0
        self.busy = 0.0

    def measured(self, lines: int, seconds: float) -> None:
        """Records that a task of ``lines`` lines took ``seconds`` on its worker."""
        self.lines += lines
        self.busy += seconds

    def size(self, remaining: Optional[float] = None, workers: int = 1) -> int:
        """The number of lines for the next task, given about ``remaining`` lines left to
        hand out (None: unknown) to ``workers`` worker threads."""
        if self.lines == 0:
            size = self.first
        elif self.busy <= 0:
            size = self.largest
        else:
            size = round(self.seconds * self.lines / self.busy)
        if remaining is not None:
            size = min(size, math.ceil(remaining / (2 * max(1, workers))))
        return max(self.smallest, min(self.largest, size))


class _Input:
    """The input file's lines, taken a chunk at a time, with an estimate of how many are left
    (from the bytes left and the bytes per line so far; None for a pipe)."""

    def __init__(self, file) -> None:
        self.file = file
        status = os.fstat(file.fileno())
        self.size = status.st_size if stat.S_ISREG(status.st_mode) else None
        self.read_bytes = 0
        self.read_lines = 0

    def skip(self, count: int) -> None:
        """Reads past ``count`` lines."""
        for line in itertools.islice(self.file, count):
            self.read_bytes += len(line)
            self.read_lines += 1

    def remaining(self) -> Optional[float]:
        """About how many lines are left, when that can be told."""
        if self.size is None or self.read_lines == 0:
            return None
        return max(0, self.size - self.read_bytes) * self.read_lines / self.read_bytes

    def take(self, count: int) -> Tuple[str, int]:
        """The next ``count`` lines (fewer at the end of the input) as one text, each ending
        in a newline, and how many there are."""
        taken = []
        for line in itertools.islice(self.file, count):
            self.read_bytes += len(line)
            taken.append(line.decode("utf-8", "replace").rstrip("\r\n") + "\n")
        self.read_lines += len(taken)
        return "".join(taken), len(taken)


try:  # The plugin class needs distributed; the rest of this module does not.
    from distributed.diagnostics.plugin import WorkerPlugin as _WorkerPlugin
except ImportError:  # pragma: no cover - only without dask installed
    _WorkerPlugin = object


class LoadTables(_WorkerPlugin):
    """A worker plugin that loads the method's tables when a worker starts (and restarts), so
    no task pays for it and a node with no cached tables builds them once per process."""

    name = "rubik-load-tables"

    def __init__(self, method: str = "twophase", table: Optional[str] = None) -> None:
        self.method = method
        self.table = table

    def setup(self, worker) -> None:  # noqa: D401 - Dask's hook
        rubik.load_tables(self.method, self.table)


@dataclass
class Summary:
    """What a run did: lines found already done, lines solved now, chunks, and seconds."""

    skipped: int
    solved: int
    chunks: int
    seconds: float


def _done_lines(path: str) -> int:
    """The number of complete lines in ``path``, after cutting off a torn last line."""
    if not os.path.exists(path):
        return 0
    with open(path, "rb+") as f:
        data = f.read()
        complete = data.rfind(b"\n") + 1
        if complete < len(data):
            f.truncate(complete)
    return data[:complete].count(b"\n")


def _register(client, plugin) -> None:
    if hasattr(client, "register_plugin"):
        client.register_plugin(plugin)
    else:  # distributed before 2023.9
        client.register_worker_plugin(plugin)


def solve_file(
    input_path: str,
    output_path: str,
    client=None,
    method: str = "twophase",
    max_length: Optional[int] = None,
    timeout: Optional[float] = None,
    table: Optional[str] = None,
    chunk_size: Optional[int] = None,
    retries: int = 3,
    resume: bool = False,
    in_flight: Optional[int] = None,
    progress=None,
    task_seconds: float = 2.0,
) -> Summary:
    """Solves every line of ``input_path`` on the Dask cluster of ``client`` and writes the
    JSON lines to ``output_path`` in input order.

    Each task is a chunk of lines handed to Rust as one text (``rubik.solve_lines``) and
    answered as one text. ``chunk_size`` fixes the lines per task; by default it is chosen
    from the solve time measured on the workers so that a task takes about ``task_seconds``
    (``TaskSizer``). ``resume=True`` keeps the complete lines already in the output and solves
    only the rest; without it an existing output is replaced. ``in_flight`` bounds the chunks
    submitted but not yet written (default: four per worker thread), so memory stays flat for
    any input size. ``progress``, if given, is called with the number of lines written so far.
    """
    from distributed import as_completed

    if chunk_size is not None and chunk_size < 1:
        raise ValueError(f"chunk size must be at least 1 line (got {chunk_size})")
    started = time.perf_counter()
    skip = _done_lines(output_path) if resume else 0
    _register(client, LoadTables(method, table))
    if in_flight is None:
        in_flight = 4 * (sum(client.nthreads().values()) or 1)
    sizer = TaskSizer(task_seconds)
    mode = "a" if resume else "w"
    written = skip
    chunks = 0
    workers = sum(client.nthreads().values()) or 1
    with open(input_path, "rb") as source, open(output_path, mode, encoding="utf-8") as out:
        lines = _Input(source)
        lines.skip(skip)
        pending = {}  # chunk number -> (future, lines in the chunk)
        ready = {}  # chunk number -> (answers, lines), waiting for earlier chunks
        next_to_write = 0
        submitted = 0
        exhausted = False
        done = as_completed()

        def submit_more() -> None:
            nonlocal submitted, exhausted
            while not exhausted and len(pending) + len(ready) < in_flight:
                size = chunk_size or sizer.size(lines.remaining(), workers)
                text, count = lines.take(size)
                if count == 0:
                    exhausted = True
                    return
                future = client.submit(
                    _solve_text,
                    text,
                    method,
                    max_length,
                    timeout,
                    table,
                    retries=retries,
                    pure=False,
                    key=f"rubik-chunk-{skip}-{submitted}-{os.getpid()}-{time.time_ns()}",
                )
                future.chunk_number = submitted
                pending[submitted] = (future, count)
                done.add(future)
                submitted += 1

        submit_more()
        for future in done:
            number = future.chunk_number
            answers, seconds = future.result()
            _, count = pending.pop(number)
            future.release()
            if answers.count("\n") != count:
                raise RuntimeError(
                    f"chunk {number}: {answers.count(chr(10))} answers for {count} lines"
                )
            sizer.measured(count, seconds)
            ready[number] = (answers, count)
            while next_to_write in ready:
                answers, count = ready.pop(next_to_write)
                out.write(answers)
                out.flush()
                written += count
                chunks += 1
                next_to_write += 1
                if progress is not None:
                    progress(written)
            submit_more()
    return Summary(
        skipped=skip,
        solved=written - skip,
        chunks=chunks,
        seconds=time.perf_counter() - started,
    )


#: Dask settings for a cluster that only runs these tasks: its periodic housekeeping (the event
#: loop's tick every 20 ms, the statistical profiler every 10 ms, the system and memory monitors)
#: made less frequent. Each idle process otherwise spends about 3-5% of a core on it, as much
#: CPU as a third of the solving on two workers; ``--local`` clusters use these.
QUIET_DASK = {
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
}


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m rubik.cluster``: see the module docstring."""
    parser = argparse.ArgumentParser(
        prog="python -m rubik.cluster",
        description="Solve a file of cubes (one per line) on a Dask cluster; JSON lines out, "
        "in input order.",
    )
    parser.add_argument("input", help="one facelet string or scramble per line")
    parser.add_argument("output", help="JSON lines, one per input line, in input order")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running Dask scheduler")
    where.add_argument(
        "--local", type=int, metavar="N", help="start a local cluster of N worker processes"
    )
    parser.add_argument("--method", default="twophase")
    parser.add_argument("--max-length", type=int)
    parser.add_argument("--timeout", type=float, help="seconds per cube")
    parser.add_argument("--table", help="the optimal solver's table size")
    parser.add_argument(
        "--chunk-size",
        type=int,
        help="lines per task (default: chosen from the measured solve time, see --task-seconds)",
    )
    parser.add_argument(
        "--task-seconds",
        type=float,
        default=2.0,
        help="the time each task should take when --chunk-size is not given (default 2)",
    )
    parser.add_argument("--retries", type=int, default=3)
    parser.add_argument(
        "--resume", action="store_true", help="keep the lines already in OUTPUT, solve the rest"
    )
    args = parser.parse_args(argv)

    import dask
    from distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        dask.config.set(QUIET_DASK)  # the workers it spawns inherit the settings
        cluster = LocalCluster(
            n_workers=args.local or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        )
        client = Client(cluster)
    try:
        summary = solve_file(
            args.input,
            args.output,
            client=client,
            method=args.method,
            max_length=args.max_length,
            timeout=args.timeout,
            table=args.table,
            chunk_size=args.chunk_size,
            retries=args.retries,
            resume=args.resume,
            task_seconds=args.task_seconds,
        )
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    rate = summary.solved / summary.seconds if summary.seconds > 0 else 0.0
    print(
        f"rubik.cluster: {summary.solved} lines solved ({summary.skipped} already done) "
        f"in {summary.seconds:.1f} s, {rate:.0f} lines/s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
