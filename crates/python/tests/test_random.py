"""Random cubes, solved and checked in the independent sticker model."""

import rubik
from cubemodel import apply, solves
from test_kociemba_compat import from_twophase_notation


def test_1000_random_cubes_solved_in_at_most_20_moves():
    for seed in range(1000):
        cube = rubik.Cube.random(seed=seed).facelets
        answer = rubik.solve(cube)
        assert solves(cube, answer), (seed, cube, answer)
        assert len(answer.split()) <= 20, (seed, answer)


def test_scrambles_produce_their_states_and_repeat_with_a_seed():
    scrambles = rubik.scrambles(20, seed=5)
    assert scrambles == rubik.scrambles(20, seed=5)
    assert scrambles[0] == rubik.scramble(seed=5)
    assert len(set(scrambles)) == 20
    for s in scrambles:
        state = apply(rubik.apply(""), s)
        assert rubik.Cube(s).facelets == state
        assert 2 <= len(s.split()) <= 20


def test_solveto_between_random_states():
    for seed in range(50):
        a = rubik.Cube.random(seed=2 * seed).facelets
        b = rubik.Cube.random(seed=2 * seed + 1).facelets
        answer = rubik.solveto(a, b)
        assert apply(a, from_twophase_notation(answer)) == b


def test_optimal_solutions_are_no_longer_than_the_scramble():
    for seed in range(5):
        scramble = " ".join(rubik.scramble(seed=seed).split()[:9])
        cube = rubik.apply(scramble)
        answer = rubik.solve_optimal(cube)
        assert solves(cube, answer)
        assert len(answer.split()) <= len(scramble.split())
        # Proven shortest: one move shorter has no solution.
        length = len(answer.split())
        if length > 0:
            try:
                rubik.solve(cube, max_depth=length - 1, method="optimal")
            except rubik.NoSolutionError:
                pass
            else:
                raise AssertionError(f"shorter than optimal for {scramble}")
