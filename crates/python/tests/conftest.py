import os
import pathlib
import sys

sys.path.insert(0, os.path.dirname(__file__))

ROOT = pathlib.Path(__file__).resolve().parents[3]


def rubik_binary() -> pathlib.Path:
    """The `rubik` command built from this checkout (the tests compare messages with it)."""
    for profile in ("debug", "release"):  # debug: what `cargo test` just built
        path = ROOT / "target" / profile / "rubik"
        if path.exists():
            return path
    raise RuntimeError("build the CLI first (cargo build -p rubik)")
