"""One cube on several threads, and several solutions streamed: each answer checked."""

import rubik
from cubemodel import solves


def test_several_threads_solve_each_cube():
    for seed in range(40):
        cube = rubik.Cube.random(seed=1000 + seed).facelets
        answer = rubik.solve(cube, max_depth=20, threads=2)
        assert solves(cube, answer)
        assert len(answer.split()) <= 20


def test_several_solutions_are_distinct_checked_and_streamed():
    for seed in range(10):
        cube = rubik.Cube.random(seed=2000 + seed).facelets
        seen = []
        listed = rubik.solve(cube, max_depth=20, solutions=4, on_solution=seen.append)
        assert len(listed) == 4
        assert len(set(listed)) == 4
        assert seen == listed
        for answer in listed:
            assert solves(cube, answer)
            assert len(answer.split()) <= 20


def test_an_exception_in_the_callback_is_raised_after_the_search():
    cube = rubik.Cube.random(seed=3000).facelets

    def fail(_moves):
        raise KeyError("stop")

    try:
        rubik.solve(cube, solutions=2, on_solution=fail)
    except KeyError as e:
        assert "stop" in str(e)
    else:
        raise AssertionError("the callback's exception was not raised")
