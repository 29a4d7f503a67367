// The cube as the page sees it: 54 stickers in URFDLB facelet order, moves as sticker
// permutations derived from 3D geometry (so every turn, slice and rotation uses one rule),
// and the notation typed in the input box read by the core (core.js).
//
// Coordinates: x to the right, y up, z towards the viewer; each cubie sits at a point of
// {-1,0,1}^3 and each sticker is (cubie position, outward normal).
"use strict";

window.RubikModel = (function () {
  const FACES = "URFDLB";
  const NORMALS = { U: [0, 1, 0], R: [1, 0, 0], F: [0, 0, 1], D: [0, -1, 0], L: [-1, 0, 0], B: [0, 0, -1] };
  const AXIS_INDEX = { x: 0, y: 1, z: 2 };

  // Facelet index of the sticker of `face` on the cubie at p, following the standard net:
  // U read back to front, D front to back, side faces top to bottom as seen from outside.
  function faceletIndex(face, p) {
    const [x, y, z] = p;
    let row, col;
    switch (face) {
      case "U": row = z + 1; col = x + 1; break;
      case "R": row = 1 - y; col = 1 - z; break;
      case "F": row = 1 - y; col = x + 1; break;
      case "D": row = 1 - z; col = x + 1; break;
      case "L": row = 1 - y; col = z + 1; break;
      case "B": row = 1 - y; col = 1 - x; break;
      default: throw new Error("bad face " + face);
    }
    return FACES.indexOf(face) * 9 + row * 3 + col;
  }

  function faceOfNormal(n) {
    for (const f of FACES) {
      const m = NORMALS[f];
      if (m[0] === n[0] && m[1] === n[1] && m[2] === n[2]) return f;
    }
    throw new Error("no face with normal " + n);
  }

  // STICKERS[i] = {face, pos, normal} for facelet i.
  const STICKERS = new Array(54);
  for (const face of FACES) {
    const n = NORMALS[face];
    for (let x = -1; x <= 1; x++) for (let y = -1; y <= 1; y++) for (let z = -1; z <= 1; z++) {
      const p = [x, y, z];
      if (p[0] * n[0] + p[1] * n[1] + p[2] * n[2] !== 1) continue;
      const pAxis = n.findIndex((v) => v !== 0);
      if (p[pAxis] !== n[pAxis]) continue;
      STICKERS[faceletIndex(face, p)] = { face, pos: p, normal: n };
    }
  }

  // A quarter turn counter-clockwise (right-hand rule) about the positive `axis`, q times.
  function rotate(v, axis, q) {
    let [x, y, z] = v;
    for (let i = 0; i < ((q % 4) + 4) % 4; i++) {
      if (axis === "x") [y, z] = [-z, y];
      else if (axis === "y") [x, z] = [z, -x];
      else [x, y] = [-y, x];
    }
    return [x, y, z];
  }

  // Every move family: the axis, the quarter turns about the positive axis of one clockwise
  // turn, and which layers (coordinates along the axis) it carries.
  const FAMILIES = {};
  const OUTER = { U: ["y", 1], D: ["y", -1], R: ["x", 1], L: ["x", -1], F: ["z", 1], B: ["z", -1] };
  for (const [f, [axis, sign]] of Object.entries(OUTER)) {
    FAMILIES[f] = { axis, q: -sign, layers: [sign] };
    FAMILIES[f + "w"] = { axis, q: -sign, layers: [sign, 0] };
  }
  FAMILIES.M = { axis: "x", q: 1, layers: [0] };
  FAMILIES.E = { axis: "y", q: 1, layers: [0] };
  FAMILIES.S = { axis: "z", q: -1, layers: [0] };
  FAMILIES.x = { axis: "x", q: -1, layers: [-1, 0, 1] };
  FAMILIES.y = { axis: "y", q: -1, layers: [-1, 0, 1] };
  FAMILIES.z = { axis: "z", q: -1, layers: [-1, 0, 1] };

  const SUFFIX = { 1: "", 2: "2", 3: "'" };

  /** A move: family name (`R`, `Rw`, `M`, `x`…) and clockwise quarter turns 1, 2 or 3. */
  function move(family, amount) {
    if (!FAMILIES[family]) throw new Error("unknown move family " + family);
    const a = ((amount % 4) + 4) % 4;
    return { family, amount: a, name: family + SUFFIX[a] };
  }

  function inverse(m) { return move(m.family, 4 - m.amount); }

  function isRotation(m) { return m.family === "x" || m.family === "y" || m.family === "z"; }

  /** Which cubie positions `m` carries. */
  function inLayer(m, pos) {
    const f = FAMILIES[m.family];
    return f.layers.includes(pos[AXIS_INDEX[f.axis]]);
  }

  const permCache = {};
  // perm[j] = i: after the move, facelet j shows what facelet i showed before.
  function permutation(m) {
    const key = m.name;
    if (permCache[key]) return permCache[key];
    const f = FAMILIES[m.family];
    const q = f.q * m.amount;
    const perm = new Array(54);
    for (let i = 0; i < 54; i++) {
      const s = STICKERS[i];
      if (!inLayer(m, s.pos)) { perm[i] = perm[i] === undefined ? i : perm[i]; continue; }
      const p = rotate(s.pos, f.axis, q);
      const n = rotate(s.normal, f.axis, q);
      perm[faceletIndex(faceOfNormal(n), p)] = i;
    }
    for (let i = 0; i < 54; i++) if (perm[i] === undefined) perm[i] = i;
    permCache[key] = perm;
    return perm;
  }

  /** The state (array of 54 colour letters) after `m`. */
  function apply(state, m) {
    if (m.amount === 0) return state.slice();
    const perm = permutation(m);
    return perm.map((i) => state[i]);
  }

  function applyAll(state, moves) { return moves.reduce(apply, state); }

  function solvedState() { return FACES.split("").flatMap((f) => Array(9).fill(f)); }

  /** Whether every face shows one colour (whatever the cube's orientation). */
  function isSolved(state) {
    for (let f = 0; f < 6; f++) {
      for (let i = 1; i < 9; i++) if (state[f * 9 + i] !== state[f * 9]) return false;
    }
    return true;
  }

  /**
   * Reads notation with the Rust parser itself (rubik_cube::alg::parse, in WebAssembly through
   * core.js), so the page and the command line accept and refuse the same texts: the moves as
   * this model's moves, or a RubikCore.NotationError carrying the 1-based column and token.
   */
  function parse(text) {
    return window.RubikCore.parseMoves(text).moves.map(([family, amount]) => move(family, amount));
  }

  /**
   * `parse`, keeping the text's spelling of each move when it writes one token per move (no
   * groups or repeats): the server writes the human form as cubers write algorithms (`r U R'`,
   * SiGN's lowercase wide moves), and the page shows it as written, not respelled `Rw`.
   */
  function parseAsWritten(text) {
    const moves = parse(text);
    const tokens = text.trim().split(/\s+/).filter(Boolean);
    if (tokens.length !== moves.length) return moves;
    return moves.map((m, i) => (tokens[i] === m.name ? m : Object.assign({}, m, { name: tokens[i] })));
  }

  function format(moves) { return moves.map((m) => m.name).join(" "); }

  return { FACES, NORMALS, STICKERS, faceletIndex, rotate, FAMILIES, move, inverse, isRotation,
           inLayer, apply, applyAll, solvedState, isSolved, parse, parseAsWritten, format,
           NotationError: window.RubikCore.NotationError };
})();
