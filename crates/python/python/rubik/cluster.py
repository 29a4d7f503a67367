"""Solve a file of millions of cubes on a Dask cluster, losing nothing.

The input is what ``rubik solve -c`` reads: one facelet string or scramble per line. The output
is what ``rubik solve -c --json`` writes: one JSON object per input line, in input order
(``input``, ``solution``, ``length``, ``metric``, ``method``, ``millis``, without the per-step
explanations; ``error``, ``category`` and ``piece`` for a line that is not a cube, ``error``
alone for one without a solution within the limits).

How it works:

- The input is cut into chunks of ``chunk_size`` lines; each chunk is one Dask task. Each worker
  process loads the tables once (a worker plugin, run again on any worker that restarts) and
  keeps its solver for every chunk it gets.
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
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Iterator, List, Optional

import rubik

__all__ = ["LoadTables", "Summary", "solve_chunk", "solve_file", "main"]


def solve_chunk(
    lines: List[str],
    method: str = "twophase",
    max_length: Optional[int] = None,
    timeout: Optional[float] = None,
    table: Optional[str] = None,
) -> List[str]:
    """Solves each line (a facelet string or a scramble) and returns one JSON line per input
    line, as ``rubik solve -c --json`` writes them. Runs on a worker; the solver (and its
    tables) is created once per process and reused."""
    if table is not None:
        rubik.load_tables(method, table)
    out = []
    for line in lines:
        text = line.strip()
        try:
            cube = rubik.Cube(text)
        except rubik.InputError as e:
            record = {"input": text, "error": str(e), "category": e.category}
            if e.piece is not None:
                record["piece"] = e.piece
            out.append(json.dumps(record, ensure_ascii=False))
            continue
        try:
            solution = cube.solve(method=method, max_length=max_length, timeout=timeout)
        except rubik.NoSolutionError as e:
            out.append(json.dumps({"input": text, "error": str(e)}, ensure_ascii=False))
            continue
        record = {
            "input": text,
            "solution": solution.moves,
            "length": solution.length,
            "metric": "htm",
            "method": solution.method,
            "millis": round(solution.millis, 3),
        }
        out.append(json.dumps(record, ensure_ascii=False))
    return out


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


def _chunks(path: str, skip: int, size: int) -> Iterator[List[str]]:
    with open(path, encoding="utf-8", errors="replace") as f:
        chunk: List[str] = []
        for number, line in enumerate(f):
            if number < skip:
                continue
            chunk.append(line.rstrip("\r\n"))
            if len(chunk) == size:
                yield chunk
                chunk = []
        if chunk:
            yield chunk


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
    chunk_size: int = 1000,
    retries: int = 3,
    resume: bool = False,
    in_flight: Optional[int] = None,
    progress=None,
) -> Summary:
    """Solves every line of ``input_path`` on the Dask cluster of ``client`` and writes the
    JSON lines to ``output_path`` in input order.

    ``resume=True`` keeps the complete lines already in the output and solves only the rest;
    without it an existing output is replaced. ``in_flight`` bounds the chunks submitted but
    not yet written (default: four per worker thread), so memory stays flat for any input
    size. ``progress``, if given, is called with the number of lines written so far.
    """
    from distributed import as_completed

    started = time.perf_counter()
    skip = _done_lines(output_path) if resume else 0
    _register(client, LoadTables(method, table))
    if in_flight is None:
        threads = sum(client.nthreads().values()) or 1
        in_flight = 4 * threads
    mode = "a" if resume else "w"
    written = skip
    chunks = 0
    with open(output_path, mode, encoding="utf-8") as out:
        pending = {}  # chunk number -> future
        ready = {}  # chunk number -> lines, waiting for earlier chunks
        next_to_write = 0
        submitted = 0
        source = _chunks(input_path, skip, chunk_size)
        done = as_completed()

        def submit_more() -> bool:
            nonlocal submitted
            while len(pending) + len(ready) < in_flight:
                chunk = next(source, None)
                if chunk is None:
                    return False
                future = client.submit(
                    solve_chunk,
                    chunk,
                    method,
                    max_length,
                    timeout,
                    table,
                    retries=retries,
                    pure=False,
                    key=f"rubik-chunk-{skip}-{submitted}-{os.getpid()}-{time.time_ns()}",
                )
                future.chunk_number = submitted
                pending[submitted] = future
                done.add(future)
                submitted += 1
            return True

        submit_more()
        for future in done:
            number = future.chunk_number
            ready[number] = future.result()
            del pending[number]
            future.release()
            while next_to_write in ready:
                lines = ready.pop(next_to_write)
                out.write("".join(line + "\n" for line in lines))
                out.flush()
                written += len(lines)
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
    parser.add_argument("--chunk-size", type=int, default=1000)
    parser.add_argument("--retries", type=int, default=3)
    parser.add_argument(
        "--resume", action="store_true", help="keep the lines already in OUTPUT, solve the rest"
    )
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
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
