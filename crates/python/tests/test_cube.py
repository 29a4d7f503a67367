"""The Cube class, solutions as values, and explanations that say what each step does."""

import re

import pytest
import rubik
from cubemodel import FACES, SOLVED, apply, in_g1, is_solved

SCRAMBLE = "R U R' U' F2 D L' B2 U' R2 F"


def test_cube_reads_moves_and_facelets_alike():
    by_moves = rubik.Cube(SCRAMBLE)
    assert by_moves == rubik.Cube(by_moves.facelets)
    assert by_moves == rubik.Cube.from_scramble(SCRAMBLE)
    assert by_moves == rubik.Cube.from_facelets(by_moves.facelets)
    assert by_moves.facelets == apply(SOLVED, SCRAMBLE)
    assert hash(by_moves) == hash(rubik.Cube(SCRAMBLE))
    assert rubik.Cube() == rubik.Cube(SOLVED) and rubik.Cube().is_solved
    assert not by_moves.is_solved
    assert repr(by_moves) == f"Cube('{by_moves.facelets}')"


def test_apply_returns_a_new_cube():
    cube = rubik.Cube()
    turned = cube.apply("R")
    assert cube.is_solved and not turned.is_solved
    assert turned.apply("R'") == cube
    assert rubik.Cube("x").is_solved  # a rotation moves no piece relative to the centres


def test_net_round_trip():
    cube = rubik.Cube(SCRAMBLE)
    assert rubik.Cube.from_net(cube.net()) == cube


def test_solution_value():
    cube = rubik.Cube(SCRAMBLE)
    solution = cube.solve()
    assert solution.method == "twophase"
    assert str(solution) == solution.moves
    assert len(solution) == solution.length == len(solution.moves.split())
    assert solution.qtm >= solution.length
    assert solution.millis >= 0
    assert cube.apply(solution.moves).is_solved


def _steps_in_order(facelets, solution):
    """The state after each step, checking the steps' moves add up to a solution."""
    states = []
    for step in solution.steps:
        facelets = apply(facelets, step.moves)
        states.append((step, facelets))
    assert is_solved(facelets)
    return states


def test_two_phase_steps_do_what_they_say():
    opposite = dict(zip("URFDLB", "DLBURF"))
    for seed in range(30):
        cube = rubik.Cube.random(seed=seed)
        solution = cube.solve()
        states = _steps_in_order(cube.facelets, solution)
        assert len(states) == 2
        (first, after_first), (second, _) = states
        # Both orders name the axis: "... oriented for the F–B axis ...".
        found = re.search(r"(\w)[-–](\w) axis", first.explanation)
        assert found, first.explanation
        axis = found.group(1)
        assert opposite[axis] == found.group(2)
        assert first.name.startswith("Phase 1") and second.name.startswith("Phase 2"), states
        in_group = lambda step: all(
            move[0] in (axis, opposite[axis]) or move.endswith("2") for move in step.moves.split()
        )
        if "half turns" in first.name:
            # Found on the inverse scramble (NISS) and listed in the order played: first moves
            # of G1 only, then the finish, which undoes the inverse's phase 1 (that took the
            # inverse scramble, the state the whole solution makes from solved, into G1).
            assert in_group(first), first
            inverse_scramble = apply(SOLVED, solution.moves)
            undo = " ".join(_inverse_move(m) for m in reversed(second.moves.split()))
            assert in_g1(apply(inverse_scramble, undo), axis)
        else:
            # Phase 1 brings the cube into G1 for that axis; phase 2 finishes within G1.
            assert in_g1(after_first, axis), (first, after_first)
            assert in_group(second), second


def _inverse_move(move):
    return move[0] + {"": "'", "'": "", "2": "2"}[move[1:]]


def _cross_solved(f, face="D"):
    d = FACES.index(face)
    assert face == "D"
    edges = [(28, 25), (30, 43), (32, 16), (34, 52)]  # D2-F8, D4-L8, D6-R8, D8-B8
    return all(f[a] == f[d * 9 + 4] and f[b] == f[(b // 9) * 9 + 4] for a, b in edges)


def _first_two_layers(f):
    d = all(c == f[31] for c in f[27:36])
    sides = all(f[s * 9 + i] == f[s * 9 + 4] for s in (1, 2, 4, 5) for i in range(3, 9))
    return d and sides


def _unmerged(step):
    """Whether the step's moves are exactly its algorithm: as many moves as its human form has
    turns. Where a step's last move and the next one's first share a face, the solution merges
    them (R + R = R2) and counts the merged move in the earlier step, so neither step then
    shows its own algorithm alone."""
    turns = [t for t in (step.human or step.moves).split() if t[0] not in "xyz"]
    return len(turns) == len(step.moves.split())


def _clean_boundary(before, after):
    return _unmerged(before) and _unmerged(after)


def test_cfop_steps_do_what_they_say():
    checked = {"cross": 0, "f2l": 0, "oll": 0}
    for seed in range(30):
        cube = rubik.Cube.random(seed=100 + seed)
        solution = cube.solve(method="cfop")
        states = _steps_in_order(cube.facelets, solution)
        names = [s.name for s, _ in states]
        assert names[0].startswith("Cross") and "yellow" in names[0], names
        assert sum(n.startswith("F2L") for n in names) == 4, names
        for i, (step, state) in enumerate(states[:-1]):
            assert step.explanation
            if not _clean_boundary(step, states[i + 1][0]):
                continue
            if step.name.startswith("Cross"):
                assert _cross_solved(state), (step, state)
                checked["cross"] += 1
            elif step.name.startswith("F2L 4"):
                assert _first_two_layers(state), (step, state)
                checked["f2l"] += 1
            elif step.name.startswith("OLL"):
                assert all(c == state[4] for c in state[0:9]), (step, state)
                checked["oll"] += 1
    assert min(checked.values()) >= 5, checked


def test_step_keys_and_params_name_the_step_in_any_language():
    for seed in range(5):
        cube = rubik.Cube.random(seed=200 + seed)
        english = cube.solve(method="cfop")
        french = cube.solve(method="cfop", lang="fr")
        assert [(s.key, s.params) for s in english.steps] == [
            (s.key, s.params) for s in french.steps
        ]
        keys = [s.key for s in english.steps]
        assert keys[0] == "cfop.cross" and keys.count("cfop.f2l") == 4, keys
        for step in english.steps:
            if step.key == "cfop.f2l":
                assert step.name.startswith(f"F2L {step.params['n']}"), step
                assert step.params["corner"] in step.name, step
            if step.key == "cfop.oll":
                assert step.name.startswith(f"OLL {step.params['number']}"), step
            if step.key == "cfop.pll":
                assert step.params["case"] in step.name, step
    phases = rubik.Cube(SCRAMBLE).solve().steps
    assert [s.key for s in phases] in (
        ["twophase.phase1", "twophase.phase2"],
        ["twophase.inverse_phase1", "twophase.inverse_phase2"],
    )


def test_explanations_in_french():
    solution = rubik.Cube(SCRAMBLE).solve(method="cfop", lang="fr")
    assert solution.steps[0].name.startswith("Croix")
    with pytest.raises(ValueError, match="language"):
        rubik.Cube(SCRAMBLE).solve(lang="xx")


def test_solve_to_a_goal_cube():
    cube = rubik.Cube(SCRAMBLE)
    goal = rubik.Cube("R2 L2 U2 D2 F2 B2")  # checkerboard
    for g in (goal, goal.facelets):
        solution = cube.solve(goal=g)
        assert cube.apply(solution.moves) == goal
        assert [s.name for s in solution.steps] == ["Goal reached"]
    with pytest.raises(ValueError, match="goal"):
        cube.solve(goal=42)
