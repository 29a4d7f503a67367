"""Type hints of the ``rubik`` package (see the docstrings of the runtime objects)."""

from typing import Callable, Dict, List, Optional, Union

from .errors import (
    BadCharacterError as BadCharacterError,
    CentresNotDistinctError as CentresNotDistinctError,
    ColourCountError as ColourCountError,
    DuplicateCornerError as DuplicateCornerError,
    DuplicateEdgeError as DuplicateEdgeError,
    FlippedEdgeError as FlippedEdgeError,
    ImpossibleCornerError as ImpossibleCornerError,
    ImpossibleEdgeError as ImpossibleEdgeError,
    InputError as InputError,
    InvalidCubeError as InvalidCubeError,
    MirroredCentresError as MirroredCentresError,
    NetFormatError as NetFormatError,
    NoSolutionError as NoSolutionError,
    NotationError as NotationError,
    ParityError as ParityError,
    TableError as TableError,
    TwistedCornerError as TwistedCornerError,
    WrongLengthError as WrongLengthError,
)

__version__: str

def solve(
    cubestring: str,
    patternstring: Optional[str] = None,
    max_depth: Optional[int] = None,
    timeout: Optional[float] = None,
    method: str = "twophase",
    threads: int = 1,
    solutions: Optional[int] = None,
    on_solution: Optional[Callable[[str], object]] = None,
) -> Union[str, List[str]]:
    """Moves solving ``cubestring`` (to ``patternstring`` when given), space-separated.

    A drop-in for ``kociemba.solve``. ``method``: ``"twophase"``, ``"optimal"``,
    ``"thistlethwaite"`` or ``"cfop"``. ``timeout`` in seconds. ``threads``: threads
    searching the cube (two-phase). ``solutions=N``: a list of N distinct solutions, the
    first found, each also passed to ``on_solution`` as it is found.
    """

def solveto(
    cubestring: str, goalstring: str, max_length: int = 20, timeout: float = 3.0
) -> str:
    """Moves taking ``cubestring`` to ``goalstring``, ``RubikTwoPhase`` style: ``"R U2 (2f)"``."""

def solve_optimal(
    cubestring: str,
    patternstring: Optional[str] = None,
    timeout: Optional[float] = None,
    table: Optional[str] = None,
) -> str:
    """A proven-shortest solution (HTM), space-separated."""

def scramble(seed: Optional[int] = None) -> str:
    """A WCA-style random-state scramble (the first of ``rubik scramble --seed SEED``)."""

def scrambles(count: int, seed: Optional[int] = None) -> list[str]:
    """``count`` WCA-style random-state scrambles (``rubik scramble -n COUNT --seed SEED``)."""

def validate(cubestring: str) -> None:
    """Raises the ``InvalidCubeError`` subclass naming the fault if ``cubestring`` is no cube."""

def apply(alg: str, cubestring: Optional[str] = None) -> str:
    """The facelet string after ``alg`` applied to ``cubestring`` (default: solved)."""

def load_tables(
    method: str = "twophase", table: Optional[str] = None, private_tables: bool = False
) -> None:
    """Loads (or builds and caches) ``method``'s tables now.

    ``private_tables=True``: the tables copied into this process's memory (the large ones in
    2 MiB pages) instead of mapped from their files: slower to start, then searched in 2 MiB
    pages whatever the page cache holds (faster than files cached in 4 KiB pages, as a copied
    table directory is); for a robot's session solving many cubes. Must come before the
    process's first solve.
    """

def solve_lines(
    lines: str,
    method: str = "twophase",
    max_length: Optional[int] = None,
    timeout: Optional[float] = None,
    table: Optional[str] = None,
) -> str:
    """Every line of ``lines`` solved, one JSON object per line (``rubik solve -c --json``'s
    fields without the steps), in input order, each ending in a newline; GIL released."""

class Step:
    """One named step of a solution."""

    @property
    def name(self) -> str: ...
    @property
    def moves(self) -> str: ...
    @property
    def explanation(self) -> str: ...
    @property
    def human(self) -> Optional[str]: ...
    @property
    def key(self) -> str:
        """What kind of step it is, the same in every language ("cfop.oll")."""
    @property
    def params(self) -> Dict[str, str]:
        """The values the step's name is made of ({"number": "27", "case": "Sune"}), in English."""

class Solution:
    """A solution: moves, lengths, and the explained steps."""

    @property
    def moves(self) -> str: ...
    @property
    def length(self) -> int: ...
    @property
    def qtm(self) -> int: ...
    @property
    def method(self) -> str: ...
    @property
    def millis(self) -> float: ...
    @property
    def steps(self) -> list[Step]: ...
    @property
    def human(self) -> Optional[str]: ...
    def __len__(self) -> int: ...

class Cube:
    """A cube as held in the hand: immutable, hashable, comparable."""

    def __init__(self, state: str = "") -> None: ...
    @staticmethod
    def from_facelets(facelets: str) -> Cube: ...
    @staticmethod
    def from_scramble(alg: str) -> Cube: ...
    @staticmethod
    def from_net(text: str) -> Cube: ...
    @staticmethod
    def random(seed: Optional[int] = None) -> Cube: ...
    @property
    def facelets(self) -> str: ...
    @property
    def is_solved(self) -> bool: ...
    def apply(self, alg: str) -> Cube: ...
    def net(self) -> str: ...
    def solve(
        self,
        method: str = "twophase",
        max_length: Optional[int] = None,
        timeout: Optional[float] = None,
        goal: Union[Cube, str, None] = None,
        lang: str = "en",
    ) -> Solution: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
