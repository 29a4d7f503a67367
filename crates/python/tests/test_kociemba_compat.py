"""The `kociemba` package's documented examples, and what its users rely on, behave the same
or better."""

import pytest
import rubik
from cubemodel import SOLVED, apply, is_solved, solves

MOVE_TOKENS = {f + s for f in "URFDLB" for s in ("", "'", "2")}

# The examples of the kociemba package's README, with the answers it prints.
EXAMPLE = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD"
EXAMPLE_KOCIEMBA = "D2 R' D' F2 B D R2 D2 R' F2 D' F2 U' B2 L2 U2 D R2 U"
PATTERN_FROM = "FLBUULFFLFDURRDBUBUUDDFFBRDDBLRDRFLLRLRULFUDRRBDBBBUFL"
PATTERN_TO = "BBURUDBFUFFFRRFUUFLULUFUDLRRDBBDBDBLUDDFLLRRBRLLLBRDDF"
PATTERN_KOCIEMBA = "R' D2 R' U2 R F2 D B2 U' R F' U R2 D L2 D' B2 R2 B2 U' B2"


def test_kociemba_answers_are_right_in_the_independent_model():
    # The model is checked against a third party's published answers.
    assert solves(EXAMPLE, EXAMPLE_KOCIEMBA)
    assert apply(PATTERN_FROM, PATTERN_KOCIEMBA) == PATTERN_TO


def test_readme_example_is_solved_in_at_most_20_moves():
    answer = rubik.solve(EXAMPLE)
    assert isinstance(answer, str)
    assert set(answer.split()) <= MOVE_TOKENS
    assert solves(EXAMPLE, answer)
    assert len(answer.split()) <= 20


def test_as_short_as_kociemba_when_asked_for_its_length():
    bound = len(EXAMPLE_KOCIEMBA.split())
    answer = rubik.solve(EXAMPLE, max_depth=bound)
    assert solves(EXAMPLE, answer)
    assert len(answer.split()) <= bound


def test_pattern_example_reaches_the_pattern():
    answer = rubik.solve(PATTERN_FROM, PATTERN_TO)
    assert apply(PATTERN_FROM, answer) == PATTERN_TO
    assert len(answer.split()) <= len(PATTERN_KOCIEMBA.split())


def test_keyword_arguments_as_in_kociemba():
    answer = rubik.solve(cubestring=EXAMPLE, patternstring=None, max_depth=20)
    assert solves(EXAMPLE, answer)


def test_solved_cube_gives_an_empty_solution():
    # kociemba returns moves for a solved cube (its issues #40, #44, #56).
    assert rubik.solve(SOLVED) == ""
    assert rubik.solve(SOLVED, SOLVED) == ""


def test_invalid_cubes_raise_value_error_like_kociemba():
    for bad in ["", "U" * 54, SOLVED[:-1], SOLVED[:-1] + "R", "x" * 54]:
        with pytest.raises(ValueError):
            rubik.solve(bad)


def test_too_small_max_depth_raises_value_error_and_says_why():
    with pytest.raises(rubik.NoSolutionError) as info:
        rubik.solve(EXAMPLE, max_depth=10)
    assert isinstance(info.value, ValueError)
    assert info.value.max_length == 10
    assert "no solution of at most 10 moves" in str(info.value)


def from_twophase_notation(answer):
    """RubikTwoPhase's answer ("R1 U3 F2 (3f)") as standard moves, checking its length."""
    *moves, suffix = answer.split()
    assert suffix == f"({len(moves)}f)"
    return " ".join(m[0] + {"1": "", "2": "2", "3": "'"}[m[1]] for m in moves)


def test_solveto_speaks_rubiktwophase():
    answer = rubik.solveto(PATTERN_FROM, PATTERN_TO)
    assert all(len(m) == 2 and m[1] in "123" for m in answer.split()[:-1]), answer
    assert apply(PATTERN_FROM, from_twophase_notation(answer)) == PATTERN_TO
    assert rubik.solveto(SOLVED, SOLVED) == "(0f)"
    assert rubik.solveto(SOLVED, rubik.apply("R'")) == "R3 (1f)"


def test_an_invalid_goal_is_named_as_the_goal():
    with pytest.raises(rubik.ColourCountError, match="^invalid goal: "):
        rubik.solve(SOLVED, SOLVED[:-1] + "R")


def test_other_methods_through_the_same_call():
    for method in ("twophase", "thistlethwaite", "cfop"):
        answer = rubik.solve(EXAMPLE, method=method)
        assert solves(EXAMPLE, answer), method
    with pytest.raises(ValueError, match="unknown method"):
        rubik.solve(EXAMPLE, method="beginner")


def test_timeout_is_accepted_and_checked():
    assert solves(EXAMPLE, rubik.solve(EXAMPLE, timeout=5))
    with pytest.raises(ValueError, match="timeout"):
        rubik.solve(EXAMPLE, timeout=-1)


def test_apply_and_validate():
    assert rubik.apply("R U R' U'") == apply(SOLVED, "R U R' U'")
    assert rubik.apply("U", EXAMPLE) == apply(EXAMPLE, "U")
    assert is_solved(rubik.apply("(R U R' U')6"))
    assert rubik.validate(EXAMPLE) is None
