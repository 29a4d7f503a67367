"""An independent sticker model of the cube, written from geometry alone, to check the
package's answers without trusting any of its code.

Each of the 54 facelets is a (position, normal) pair in 3D (x towards R, y towards U, z towards
F; positions in {-1, 0, 1}), numbered in the URFDLB facelet-string order. A face turn rotates
the stickers of one layer by -90 degrees about the face's outward normal (clockwise seen from
that face).
"""

from __future__ import annotations

FACES = "URFDLB"
NORMALS = {
    "U": (0, 1, 0),
    "R": (1, 0, 0),
    "F": (0, 0, 1),
    "D": (0, -1, 0),
    "L": (-1, 0, 0),
    "B": (0, 0, -1),
}
SOLVED = "".join(f * 9 for f in FACES)


def _facelet_position(face: str, row: int, col: int) -> tuple[int, int, int]:
    """Where sticker (row, col) of `face`'s 3x3 (read as on the standard net) sits."""
    a, b = row - 1, col - 1  # -1, 0, 1
    return {
        "U": (b, 1, a),  # back row first
        "R": (1, -a, -b),  # front column first
        "F": (b, -a, 1),
        "D": (b, -1, -a),  # front row first
        "L": (-1, -a, b),  # back column first
        "B": (-b, -a, -1),  # right column first
    }[face]


FACELETS = [
    (_facelet_position(f, r, c), NORMALS[f]) for f in FACES for r in range(3) for c in range(3)
]
INDEX = {fl: i for i, fl in enumerate(FACELETS)}


def _cross(a, v):
    return (a[1] * v[2] - a[2] * v[1], a[2] * v[0] - a[0] * v[2], a[0] * v[1] - a[1] * v[0])


def _clockwise(axis, v):
    """`v` rotated by -90 degrees about the unit vector `axis` (right-hand rule)."""
    c = _cross(axis, v)
    d = sum(x * y for x, y in zip(axis, v))
    return tuple(-c[i] + axis[i] * d for i in range(3))


def _quarter_turn_permutation(face: str) -> list[int]:
    """perm[i] = where the sticker now at facelet i goes."""
    axis = NORMALS[face]
    perm = list(range(54))
    for i, (pos, normal) in enumerate(FACELETS):
        if sum(p * a for p, a in zip(pos, axis)) == 1:
            perm[i] = INDEX[(_clockwise(axis, pos), _clockwise(axis, normal))]
    return perm


_PERMS = {f: _quarter_turn_permutation(f) for f in FACES}


def turn(state: str, face: str, quarters: int) -> str:
    for _ in range(quarters % 4):
        out = [""] * 54
        for i, j in enumerate(_PERMS[face]):
            out[j] = state[i]
        state = "".join(out)
    return state


def apply(state: str, moves: str) -> str:
    """`state` after outer face turns written `R`, `R'`, `R2` (one space apart)."""
    for token in moves.split():
        face, suffix = token[0], token[1:]
        quarters = {"": 1, "'": 3, "2": 2, "2'": 2}[suffix]
        state = turn(state, face, quarters)
    return state


def is_solved(state: str) -> bool:
    return all(len(set(state[i * 9 : i * 9 + 9])) == 1 for i in range(6))


def solves(state: str, moves: str, goal: str = SOLVED) -> bool:
    """Whether `moves` take `state` to `goal` (to any solved cube when goal is SOLVED)."""
    after = apply(state, moves)
    return is_solved(after) if goal == SOLVED else after == goal


def colour_face(state: str, i: int) -> str:
    """The face whose centre has the colour of sticker i (colours named by centres)."""
    centres = {state[f * 9 + 4]: FACES[f] for f in range(6)}
    return centres[state[i]]


def in_g1(state: str, axis_face: str) -> bool:
    """Whether the cube is in Kociemba's G1 for the axis through `axis_face`: every sticker of
    the two axis faces has an axis colour, and each middle-layer edge has its stickers on the
    faces of their own axes (so it is oriented)."""
    a = NORMALS[axis_face]
    axis_faces = {f for f, n in NORMALS.items() if abs(sum(x * y for x, y in zip(n, a))) == 1}
    for i, (pos, normal) in enumerate(FACELETS):
        face = FACES[i // 9]
        on_axis = face in axis_faces
        if on_axis and colour_face(state, i) not in axis_faces:
            return False
        in_middle = sum(p * x for p, x in zip(pos, a)) == 0
        is_edge = sum(1 for p in pos if p != 0) == 2
        if in_middle and is_edge:
            home = NORMALS[colour_face(state, i)]
            if abs(sum(x * y for x, y in zip(home, normal))) != 1:
                return False
    return True
