"""Fast Rubik's Cube solving: a drop-in for the ``kociemba`` package, and more.

    >>> import rubik
    >>> rubik.solve("DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD")   # doctest: +SKIP
    "D2 R' D' F2 B D R2 D2 R' F2 D' F2 U' B2 L2 U2 D R2 U"

Cubes are 54-letter facelet strings in URFDLB order (the ``kociemba`` format) or, for
``Cube``, move sequences. Solving releases the GIL, so threads solve in parallel. Tables are
shared with the ``rubik`` command line: ``$RUBIK_TABLES``, else ``~/.cache/rubik``; they are
built on first use (about 10 s for two-phase) and loaded in milliseconds afterwards.

Functions: ``solve`` (``kociemba.solve``), ``solveto`` (``RubikTwoPhase``'s), ``solve_optimal``,
``scramble``/``scrambles``, ``validate``, ``apply``, ``load_tables``, ``solve_lines`` (many
cubes as text, JSON lines back: the cluster recipe's batch call). Classes: ``Cube``,
``Solution``, ``Step``. Exceptions: ``rubik.errors`` (all re-exported here).
"""

from ._native import (
    Cube,
    Solution,
    Step,
    __version__,
    apply,
    load_tables,
    scramble,
    scrambles,
    solve,
    solve_lines,
    solve_optimal,
    solveto,
    validate,
)
from .errors import (
    BadCharacterError,
    CentresNotDistinctError,
    ColourCountError,
    DuplicateCornerError,
    DuplicateEdgeError,
    FlippedEdgeError,
    ImpossibleCornerError,
    ImpossibleEdgeError,
    InputError,
    InvalidCubeError,
    MirroredCentresError,
    NetFormatError,
    NoSolutionError,
    NotationError,
    ParityError,
    TableError,
    TwistedCornerError,
    WrongLengthError,
)

__all__ = [
    "BadCharacterError",
    "CentresNotDistinctError",
    "ColourCountError",
    "Cube",
    "DuplicateCornerError",
    "DuplicateEdgeError",
    "FlippedEdgeError",
    "ImpossibleCornerError",
    "ImpossibleEdgeError",
    "InputError",
    "InvalidCubeError",
    "MirroredCentresError",
    "NetFormatError",
    "NoSolutionError",
    "NotationError",
    "ParityError",
    "Solution",
    "Step",
    "TableError",
    "TwistedCornerError",
    "WrongLengthError",
    "__version__",
    "apply",
    "load_tables",
    "scramble",
    "scrambles",
    "solve",
    "solve_lines",
    "solve_optimal",
    "solveto",
    "validate",
]
