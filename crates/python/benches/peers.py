"""Per-solve time from Python, same states, same run: rubik against the `kociemba` package (C)
and Kociemba's `RubikTwoPhase` (pure Python), with the `rubik` CLI's own figure
(`rubik bench --file`) on the same states as the baseline.

Install the peers in a virtual environment outside the repository, with the rubik wheel:

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install kociemba RubikTwoPhase target/wheels/rubik-*.whl
    # RubikTwoPhase builds its tables (about 30 min) in ./twophase the first time it is imported.
    cd /tmp/rtp && /tmp/peers/bin/python -c "import twophase.solver"
    cd /tmp/rtp && /tmp/peers/bin/python /path/to/crates/python/benches/peers.py \
        --rubik /path/to/target/release/rubik --count 200 --rounds 3

Every answer is checked by applying it. Rounds interleave the solvers (the machine is noisy);
each solver's figure is the median over rounds of its mean per-solve time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time

import rubik


def timed(solve, states):
    """Mean and median seconds per solve, mean length; answers verified."""
    times, lengths = [], []
    for s in states:
        started = time.perf_counter()
        answer = solve(s)
        times.append(time.perf_counter() - started)
        moves = answer
        if answer.endswith("f)"):  # RubikTwoPhase: "R1 U3 (2f)"
            moves = " ".join(
                m[0] + {"1": "", "2": "2", "3": "'"}[m[1]] for m in answer.split()[:-1]
            )
        assert rubik.Cube(s).apply(moves).is_solved, (s, answer)
        lengths.append(len(moves.split()))
    return statistics.mean(times), statistics.median(times), statistics.mean(lengths), max(lengths)


def cli_bench(binary, path, count):
    out = subprocess.run(
        [binary, "bench", "--file", path, "--max-length", "20", "--json", "-n", str(count)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def report(name, runs, unit=1000.0):
    means = [r[0] * unit for r in runs]
    print(
        f"  {name}: mean ms per solve by round {[round(m, 3) for m in means]}, median of "
        f"rounds {statistics.median(means):.3f}; median solve "
        f"{statistics.median(r[1] * unit for r in runs):.3f} ms; mean length {runs[0][2]:.2f}, "
        f"max {runs[0][3]}"
    )
    return statistics.median(means)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rubik", required=True, help="the rubik CLI binary")
    parser.add_argument("--count", type=int, default=500, help="states for rubik and its CLI")
    parser.add_argument("--kociemba-count", type=int, default=40, help="of those, for kociemba")
    parser.add_argument("--rtp-count", type=int, default=10, help="of those, for RubikTwoPhase")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    import kociemba

    states = [rubik.Cube.random(seed=args.seed * 100_000 + i).facelets for i in range(args.count)]
    with tempfile.NamedTemporaryFile("w", suffix=".cubes", delete=False) as f:
        f.write("".join(s + "\n" for s in states))
        path = f.name
    rubik.load_tables()
    try:
        from twophase import solver as rtp
    except ImportError:
        rtp = None
    kstates, rstates = states[: args.kociemba_count], states[: args.rtp_count]
    runs = {k: [] for k in ("cli", "py", "py_k", "k20", "kdef", "py_r", "rtp")}
    for round_ in range(args.rounds):
        runs["cli"].append(cli_bench(args.rubik, path, args.count))
        runs["py"].append(timed(rubik.solve, states))
        runs["py_k"].append(timed(rubik.solve, kstates))
        runs["k20"].append(timed(lambda s: kociemba.solve(s, max_depth=20), kstates))
        runs["kdef"].append(timed(kociemba.solve, kstates))
        if rtp is not None:
            runs["py_r"].append(timed(rubik.solve, rstates))
            runs["rtp"].append(timed(lambda s: rtp.solve(s, 20, 3), rstates))
        print(f"round {round_ + 1} done", file=sys.stderr)

    cli = [r["mean_millis"] for r in runs["cli"]]
    print(f"{args.count} states (seed {args.seed}), {args.rounds} interleaved rounds:")
    print(
        f"  rubik CLI (rubik bench --file, --max-length 20): mean ms per solve by round {cli}, "
        f"median of rounds {statistics.median(cli):.3f}; median solve "
        f"{statistics.median(r['median_millis'] for r in runs['cli']):.3f} ms; mean length "
        f"{runs['cli'][0]['mean_length']:.2f}, max {runs['cli'][0]['max_length']}"
    )
    py = report("rubik.solve from Python", runs["py"])
    print(f"  ratio Python / CLI: {py / statistics.median(cli):.2f}")
    print(f"first {args.kociemba_count} of them:")
    pyk = report("rubik.solve from Python", runs["py_k"])
    k20 = report("kociemba.solve(max_depth=20)", runs["k20"])
    kdef = report("kociemba.solve (default max_depth 24)", runs["kdef"])
    print(f"  kociemba at <= 20 / rubik: {k20 / pyk:.0f}x; kociemba default / rubik: {kdef / pyk:.0f}x")
    if rtp is not None:
        print(f"first {args.rtp_count} of them:")
        pyr = report("rubik.solve from Python", runs["py_r"])
        r = report("RubikTwoPhase solve(s, 20, 3)", runs["rtp"])
        print(f"  RubikTwoPhase / rubik: {r / pyr:.0f}x")


if __name__ == "__main__":
    main()
