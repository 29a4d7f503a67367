"""The exceptions of the ``rubik`` package.

Every fault in the input is a ``ValueError`` (as in the ``kociemba`` package), of a class that
names it and with the same message as the ``rubik`` command line prints::

    try:
        rubik.solve(cubestring)
    except rubik.TwistedCornerError as e:
        print(e)          # invalid cube: a corner is twisted (total twist 1 mod 3; ...)
        print(e.piece)    # URF
    except ValueError as e:   # any other bad input, or no solution within the limits
        ...
"""

from __future__ import annotations

from typing import Optional


class InputError(ValueError):
    """The text describes no cube: bad notation or an invalid cube.

    ``category`` is the fault's machine-readable name (the ``category`` field of the CLI's
    and the HTTP API's JSON errors: ``"parity"``, ``"twisted_corner"``, ...); ``piece`` the
    piece at fault (``"URF"``, ``"UF"``) when the fault names one, else None.
    """

    def __init__(self, message: str, category: str, piece: Optional[str] = None) -> None:
        super().__init__(message)
        self.category = category
        self.piece = piece


class NotationError(InputError):
    """A move sequence that is not valid notation; the message names the token and column."""


class InvalidCubeError(InputError):
    """A facelet string, colour net or state that is not a real, solvable cube."""


class WrongLengthError(InvalidCubeError):
    """The facelet string does not have 54 stickers."""


class BadCharacterError(InvalidCubeError):
    """A character that names no face (or a net colour no centre has)."""


class CentresNotDistinctError(InvalidCubeError):
    """Two centres have the same colour."""


class MirroredCentresError(InvalidCubeError):
    """Six distinct centres in an arrangement no real cube has (a mirror image)."""


class NetFormatError(InvalidCubeError):
    """A colour net with the wrong number of rows or stickers in a row."""


class ColourCountError(InvalidCubeError):
    """A colour appears a number of times other than 9."""


class ImpossibleCornerError(InvalidCubeError):
    """The stickers at a corner position form no real corner."""


class ImpossibleEdgeError(InvalidCubeError):
    """The stickers at an edge position form no real edge."""


class DuplicateCornerError(InvalidCubeError):
    """The same corner appears twice."""


class DuplicateEdgeError(InvalidCubeError):
    """The same edge appears twice."""


class TwistedCornerError(InvalidCubeError):
    """The corner twists do not add up: a corner is twisted in place."""


class FlippedEdgeError(InvalidCubeError):
    """The edge flips do not add up: an edge is flipped in place."""


class ParityError(InvalidCubeError):
    """Corner and edge permutation parities differ: two pieces are swapped."""


class NoSolutionError(ValueError):
    """No solution within the limits given (``max_depth``/``max_length``, ``timeout``).

    ``max_length`` is the limit, ``timed_out`` whether the timeout cut the search short, and
    ``lower_bound`` the largest length proven to have no solution, when the method knows it.
    """

    def __init__(
        self, message: str, max_length: int, timed_out: bool, lower_bound: Optional[int]
    ) -> None:
        super().__init__(message)
        self.max_length = max_length
        self.timed_out = timed_out
        self.lower_bound = lower_bound


class TableError(OSError):
    """A table could not be read, built or written (the environment failed, not the input).

    Tables live in ``$RUBIK_TABLES``, else the user cache directory (``~/.cache/rubik``),
    shared with the ``rubik`` command line.
    """


_BY_CATEGORY = {
    "notation": NotationError,
    "wrong_length": WrongLengthError,
    "bad_character": BadCharacterError,
    "centres_not_distinct": CentresNotDistinctError,
    "mirrored_centres": MirroredCentresError,
    "net_format": NetFormatError,
    "colour_count": ColourCountError,
    "impossible_corner": ImpossibleCornerError,
    "impossible_edge": ImpossibleEdgeError,
    "duplicate_corner": DuplicateCornerError,
    "duplicate_edge": DuplicateEdgeError,
    "twisted_corner": TwistedCornerError,
    "flipped_edge": FlippedEdgeError,
    "parity": ParityError,
}


def _input_error(message: str, category: str, piece: Optional[str]) -> InputError:
    """The exception for an input fault of ``category`` (called by the native module)."""
    return _BY_CATEGORY.get(category, InvalidCubeError)(message, category, piece)


def _no_solution(
    message: str, max_length: int, timed_out: bool, lower_bound: Optional[int]
) -> NoSolutionError:
    return NoSolutionError(message, max_length, timed_out, lower_bound)


def _table_error(message: str) -> TableError:
    return TableError(message)
