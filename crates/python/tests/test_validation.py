"""Every validation category raises its own exception, a ValueError naming the fault with the
words the command line prints."""

import subprocess

import pytest
import rubik
from conftest import rubik_binary

S = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"

# (facelets, exception, category, piece): one solved cube spoiled in each way.
CASES = [
    (S[:53], rubik.WrongLengthError, "wrong_length", None),
    (S[:10] + "X" + S[11:], rubik.BadCharacterError, "bad_character", None),
    (S[:13] + "U" + S[14:], rubik.CentresNotDistinctError, "centres_not_distinct", None),
    ("UUUUUUUUULLLLLLLLLFFFFFFFFFDDDDDDDDDRRRRRRRRRBBBBBBBBB", rubik.MirroredCentresError,
     "mirrored_centres", None),
    (S[:-1] + "R", rubik.ColourCountError, "colour_count", None),
    ("R" + S[1:9] + "U" + S[10:], rubik.ImpossibleCornerError, "impossible_corner", "URF"),
    ("URUUUUUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", rubik.ImpossibleEdgeError,
     "impossible_edge", "UR"),
    ("UUUUUUDUURRRRRRRRLFFFFFFFFFDDDDDDDDULLRLLLLLLBBBBBBBBB", rubik.DuplicateCornerError,
     "duplicate_corner", "DFR"),
    ("URUUUUUUURRRURRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", rubik.DuplicateEdgeError,
     "duplicate_edge", "UF"),
    ("UUBUUUUUURRURRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLRBBBBBBBB", rubik.TwistedCornerError,
     "twisted_corner", "UBR"),
    ("UBUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBUBBBBBBB", rubik.FlippedEdgeError,
     "flipped_edge", "UB"),
    ("URUUUUUUURRRRRURRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", rubik.ParityError, "parity",
     None),
]


@pytest.mark.parametrize("facelets,exception,category,piece", CASES)
def test_each_fault_has_its_exception(facelets, exception, category, piece):
    for call in (rubik.validate, rubik.solve, rubik.Cube, rubik.Cube.from_facelets):
        with pytest.raises(exception) as info:
            call(facelets)
        error = info.value
        assert isinstance(error, rubik.InvalidCubeError)
        assert isinstance(error, ValueError)
        assert type(error) is exception
        assert error.category == category
        assert error.piece == piece


@pytest.mark.parametrize("facelets,exception,category,piece", CASES)
def test_messages_are_the_command_lines(facelets, exception, category, piece):
    with pytest.raises(exception) as info:
        rubik.solve(facelets)
    cli = subprocess.run(
        [str(rubik_binary()), "solve", "--facelets", facelets],
        capture_output=True,
        text=True,
    )
    assert cli.returncode == 2
    assert cli.stderr.strip() == f"rubik: {info.value}"


def test_bad_notation_names_token_and_column_like_the_cli():
    with pytest.raises(rubik.NotationError) as info:
        rubik.Cube("R U Q")
    assert info.value.category == "notation"
    cli = subprocess.run(
        [str(rubik_binary()), "solve", "R U Q"], capture_output=True, text=True
    )
    assert cli.stderr.strip() == f"rubik: {info.value}"
    assert "column 5" in str(info.value)
    with pytest.raises(rubik.NotationError):
        rubik.apply("R U Q")


def test_a_bad_net_is_a_net_format_error():
    with pytest.raises(rubik.NetFormatError) as info:
        rubik.Cube.from_net("W W W\nW W W\n")
    assert info.value.category == "net_format"


def test_every_category_is_covered():
    categories = {c for _, _, c, _ in CASES} | {"net_format", "notation"}
    assert categories == set(rubik.errors._BY_CATEGORY)
