// The cube as the page sees it: 54 stickers in URFDLB facelet order, moves as sticker
// permutations derived from 3D geometry (so every turn, slice and rotation uses one rule),
// and a reader for the notation typed in the input box.
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

  class NotationError extends Error {
    constructor(message, column, token) { super(message); this.column = column; this.token = token; }
  }

  /** Most turns an algorithm may expand to, and deepest nesting (as in the Rust parser). */
  const MAX_EXPANDED = 1000000;
  const MAX_DEPTH = 64;
  const PRIMES = "'’′`´";
  const WIDE = { u: "U", r: "R", f: "F", d: "D", l: "L", b: "B" };

  /**
   * Reads notation with the grammar of the Rust parser (rubik_cube::alg::parse), so the page
   * and the server accept and refuse the same texts (e2e/notation cases, shared with the Rust
   * tests): U R F D L B with 1, 2, 3 and a prime (' ’ ′ ` ´), wide Rw / 2Rw / r, slices M E S,
   * rotations x y z, groups (A)n and (A)' with any count from 1 to 1,000,000, commutators
   * [A, B], conjugates [A: B], whitespace optional, comments //. Errors carry the 1-based
   * column of the token at fault.
   */
  function parse(text) {
    const chars = Array.from(text);
    // Column of each character on its line (errors name the column, as the Rust parser does).
    const cols = [];
    let col = 1;
    for (const c of chars) { cols.push(col); col = c === "\n" ? 1 : col + 1; }
    const endCol = col;
    let i = 0;
    const peek = (k = 0) => chars[i + k];
    const isDigit = (c) => c !== undefined && c >= "0" && c <= "9";
    const fail = (start, end, message) => {
      const token = start >= chars.length ? "end of input" : chars.slice(start, Math.max(end, start + 1)).join("");
      throw new NotationError(message, start < cols.length ? cols[start] : endCol, token);
    };
    function skipBlank() {
      while (i < chars.length) {
        const c = chars[i];
        if (/\s/.test(c)) { i++; continue; }
        if (c === "/") {
          if (peek(1) !== "/") fail(i, i + 1, "a comment starts with //");
          while (i < chars.length && chars[i] !== "\n") i++;
          continue;
        }
        break;
      }
    }
    function number() {
      let n = null;
      while (isDigit(peek())) { n = Math.min(1e15, (n || 0) * 10 + Number(peek())); i++; }
      return n;
    }
    const invert = (moves) => moves.slice().reverse().map(inverse);
    const limit = (n, start) => { if (n > MAX_EXPANDED) fail(start, i, "the algorithm expands to more than a million turns"); };
    function alg(depth) {
      const out = [];
      for (;;) {
        skipBlank();
        const c = peek();
        if (c === undefined || c === ")" || c === "]" || c === "," || c === ":") return out;
        if (c === "(") pushAll(out, group(depth));
        else if (c === "[") pushAll(out, bracket(depth));
        else { const m = turn(); if (m) out.push(m); }
        if (out.length > MAX_EXPANDED) fail(0, 1, "the algorithm expands to more than a million turns");
      }
    }
    function pushAll(out, moves) { for (const m of moves) out.push(m); }
    function group(depth) {
      const open = i;
      if (depth >= MAX_DEPTH) fail(open, open + 1, "groups nested too deeply");
      i++;
      const inner = alg(depth + 1);
      if (peek() !== ")") fail(open, open + 1, "this ( is never closed");
      i++;
      if (inner.length === 0 && !sawTurn(open, i)) fail(open, i, "empty group");
      const countStart = i;
      const n = number();
      const repeat = n === null ? 1 : n;
      if (repeat < 1 || repeat > 1000000) fail(countStart, i, "a group must be repeated 1 to 1000000 times");
      const inverted = PRIMES.includes(peek() || "\u0000") ? (i++, true) : false;
      limit(inner.length * repeat, open);
      const once = inverted ? invert(inner) : inner;
      const out = [];
      for (let t = 0; t < repeat; t++) pushAll(out, once);
      return out;
    }
    // Whether the text between `open` and `close` holds a turn (a group of turns that cancel,
    // such as (R4)... is not empty: only a group with nothing in it is).
    function sawTurn(open, close) {
      return chars.slice(open + 1, close - 1).join("").replace(/\/\/[^\n]*/g, "").trim() !== "";
    }
    function bracket(depth) {
      const open = i;
      if (depth >= MAX_DEPTH) fail(open, open + 1, "groups nested too deeply");
      i++;
      const a = alg(depth + 1);
      const sep = peek();
      if (sep !== "," && sep !== ":") fail(open, open + 1, "this [ needs a `,` or `:` and a closing ]");
      i++;
      const b = alg(depth + 1);
      if (peek() !== "]") fail(open, open + 1, "this [ needs a `,` or `:` and a closing ]");
      i++;
      const out = sep === "," ? [...a, ...b, ...invert(a), ...invert(b)] : [...a, ...b, ...invert(a)];
      limit(out.length, open);
      return out;
    }
    const badAmount = (start) => {
      while (isDigit(peek()) || PRIMES.includes(peek() || "\u0000")) i++;
      fail(start, i, "bad turn amount (expected nothing, 2, 3 or a prime: ' 2 2' 3)");
    };
    function turn() {
      const start = i;
      const prefix = number();
      const c = peek();
      if (c === undefined) fail(start, i, "a number before a move is only allowed as 2Rw");
      let family;
      if ("URFDLB".includes(c)) family = c;
      else if (WIDE[c]) family = WIDE[c] + "w";
      else if ("MESxyz".includes(c)) family = c;
      else if (c === "w") fail(i, i + 1, "`w` must follow a face letter (Rw)");
      else if (prefix !== null) fail(start, i, "a number before a move is only allowed as 2Rw");
      else fail(i, i + 1, "not a move (expected U R F D L B, u r f d l b, Rw, M E S, x y z or a group)");
      i++;
      if ("URFDLB".includes(family) && peek() === "w") { i++; family += "w"; }
      if (prefix !== null && !(prefix === 2 && family.endsWith("w"))) fail(start, i, "a number before a move is only allowed as 2Rw");
      const n = number();
      let count = 1;
      if (n !== null) { if (n >= 1 && n <= 3) count = n; else badAmount(start); }
      const prime = PRIMES.includes(peek() || "\u0000") ? (i++, true) : false;
      if (peek() === "w") fail(i, i + 1, "`w` must follow a face letter (Rw)");
      if (isDigit(peek()) || PRIMES.includes(peek() || "\u0000")) badAmount(start);
      const amount = prime ? -count : count;
      return ((amount % 4) + 4) % 4 === 0 ? null : move(family, amount);
    }
    const out = alg(0);
    if (i < chars.length) {
      const c = chars[i];
      fail(i, i + 1, c === ")" ? "this ) has no matching (" : "`,` `:` and `]` belong inside brackets: [A, B] or [A: B]");
    }
    return out;
  }

  function format(moves) { return moves.map((m) => m.name).join(" "); }

  return { FACES, NORMALS, STICKERS, faceletIndex, rotate, FAMILIES, move, inverse, isRotation,
           inLayer, apply, applyAll, solvedState, isSolved, parse, format, NotationError };
})();
