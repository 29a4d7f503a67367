// Turning the cube by dragging on it (mouse, pen or touch). Two gestures start on a sticker:
// - a straight drag turns the layer that carries that sticker in the drag's direction, as a
//   finger pushes a real cube's row. Of the sticker's face's four directions (seen on screen),
//   the one closest to the drag is the way the sticker moves; the turn's axis is perpendicular
//   to it and to the face. A centre sticker moves its slice (M E S);
// - a circular drag around the centre of the face the finger is on turns that face: the angle
//   swept about the face's centre as drawn on screen, well beyond what a straight drag of a
//   sticker or two sweeps, on a path that bends; clockwise as the viewer sees it is the face's
//   clockwise turn (a visible face is seen from outside, so screen and face agree).
// The gesture is chosen at release, or earlier once it cannot be the other one.
// A drag that starts beside the cube still orbits the view (app.js).
"use strict";

(function () {
  const P = window.rubikPage;
  const M = window.RubikModel;
  if (!P || !M) return;
  const vp = document.getElementById("viewport");
  const cubeEl = document.getElementById("cube");
  /** Pixels a pointer must travel before a straight drag turns anything. */
  const THRESHOLD = 12;
  /**
   * Degrees a circular drag sweeps about its face's centre. A straight drag of one sticker
   * sweeps at most 45° (from a corner sticker along its row), of one and a half about 72°.
   */
  const CIRCLE_DEGREES = 100;
  /**
   * Straightness (distance from the start over the length of the path) below which a path
   * bends: an arc of 100° has 0.88, a hand's straight drag stays above 0.95.
   */
  const BENT = 0.92;
  /**
   * A straight drag is taken before release once it is this many sticker widths long, nearly
   * straight (above STRAIGHT) and has swept less than EARLY_MAX_DEGREES: an arc that far would
   * already bend (an arc of 1.2 sticker widths about a corner sticker has 0.97).
   */
  const EARLY_STICKERS = 1.2;
  const STRAIGHT = 0.985;
  const EARLY_MAX_DEGREES = 75;
  const AXES = ["x", "y", "z"];
  /** The outer face at coordinate +1 / -1 of each axis, and the slice at 0. */
  const LAYER_FAMILY = { x: { 1: "R", "-1": "L", 0: "M" }, y: { 1: "U", "-1": "D", 0: "E" }, z: { 1: "F", "-1": "B", 0: "S" } };

  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

  /** Where a direction of the model (x right, y up, z to the viewer) points on screen. */
  function onScreen(v) {
    const m = new DOMMatrix(cubeEl.style.transform || "none");
    // CSS's y grows downwards; a direction ignores translation (w = 0).
    const p = m.transformPoint(new DOMPoint(v[0], -v[1], v[2], 0));
    return [p.x, p.y];
  }

  /**
   * The turn a drag of (dx, dy) screen pixels from sticker `index` asks for: the face direction
   * `t` closest to the drag on screen is how the sticker moves; the turn is about n × t (n the
   * sticker's normal), on the layer holding the sticker.
   */
  function moveFor(index, dx, dy) {
    const s = M.STICKERS[index];
    const n = s.normal;
    let best = null;
    for (let k = 0; k < 3; k++) {
      if (n[k] !== 0) continue;
      for (const sign of [1, -1]) {
        const t = [0, 0, 0];
        t[k] = sign;
        const [sx, sy] = onScreen(t);
        const len = Math.hypot(sx, sy);
        if (len < 1e-6) continue;
        const score = (sx * dx + sy * dy) / len;
        if (!best || score > best.score) best = { score, t };
      }
    }
    if (!best) return null;
    const a = cross(n, best.t);
    const k = a.findIndex((v) => v !== 0);
    const axis = AXES[k];
    const family = LAYER_FAMILY[axis][s.pos[k]];
    // The sticker moves counter-clockwise about `a`: a[k] quarter turns about the positive axis.
    const quarters = a[k];
    const q = M.FAMILIES[family].q;
    return M.move(family, ((quarters * q) % 4 + 4) % 4);
  }

  let drag = null; // {id, index, face, x, y, cx, cy, size, last, angle, swept, path}
  const stats = { decided: null, move: null, gesture: null };

  function blocked() {
    const b = document.body.classList;
    return b.contains("painting") || b.contains("goal-editing") || b.contains("scanning");
  }

  /** The centre of an element's box on screen. */
  function centreOf(el) {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, r];
  }

  /** The face turn a sweep of `swept` radians (screen angles: y down, so > 0 is clockwise). */
  function faceTurn(face, swept) {
    return M.move(face, swept > 0 ? 1 : 3);
  }

  /** Follows the pointer to (x, y): the path's length and the angle swept about the centre. */
  function follow(d, x, y) {
    d.path += Math.hypot(x - d.last[0], y - d.last[1]);
    d.last = [x, y];
    // Near the centre the angle is meaningless: it is read again once the pointer leaves.
    if (Math.hypot(x - d.cx, y - d.cy) < d.size * 0.3) { d.angle = null; return; }
    const a = Math.atan2(y - d.cy, x - d.cx);
    if (d.angle !== null) {
      let delta = a - d.angle;
      if (delta > Math.PI) delta -= 2 * Math.PI;
      if (delta < -Math.PI) delta += 2 * Math.PI;
      d.swept += delta;
    }
    d.angle = a;
  }

  /**
   * The gesture so far: "circle" (it swept far enough about the face's centre on a bent path),
   * "straight" (long and straight enough that it cannot become a circle), or null (not yet
   * known; at release `final` takes a straight drag past the threshold).
   */
  function classify(d, final) {
    const dx = d.last[0] - d.x;
    const dy = d.last[1] - d.y;
    const dist = Math.hypot(dx, dy);
    const straightness = d.path > 0 ? dist / d.path : 1;
    const degrees = Math.abs(d.swept) * 180 / Math.PI;
    if (degrees >= CIRCLE_DEGREES && straightness < BENT) return "circle";
    if (dist >= EARLY_STICKERS * d.size && straightness >= STRAIGHT && degrees < EARLY_MAX_DEGREES) return "straight";
    if (final && dist >= THRESHOLD) return "straight";
    return null;
  }

  /** Turns what the gesture asks for, once; true when a gesture was decided. */
  function decide(final) {
    const d = drag;
    const gesture = classify(d, final);
    if (!gesture) return false;
    drag = null;
    const m = gesture === "circle" ? faceTurn(d.face, d.swept)
      : moveFor(d.index, d.last[0] - d.x, d.last[1] - d.y);
    if (!m) return true;
    stats.decided = performance.now();
    stats.move = m.name;
    stats.gesture = gesture;
    P.userTurn(m);
    return true;
  }

  vp.addEventListener("pointerdown", (e) => {
    if (drag || blocked() || !e.isPrimary) return;
    const sticker = e.target.closest && e.target.closest(".sticker");
    if (!sticker) return;
    // The drag is ours: the orbit (app.js) does not see it.
    e.stopPropagation();
    const index = Number(sticker.dataset.index);
    const face = M.STICKERS[index].face;
    const centre = cubeEl.querySelector(`.sticker[data-index="${M.FACES.indexOf(face) * 9 + 4}"]`);
    const [cx, cy] = centreOf(centre || sticker);
    const r = sticker.getBoundingClientRect();
    drag = {
      id: e.pointerId, index, face, x: e.clientX, y: e.clientY, cx, cy,
      size: Math.max(8, Math.sqrt(r.width * r.height)), last: [e.clientX, e.clientY], angle: null, swept: 0, path: 0,
    };
    follow(drag, e.clientX, e.clientY);
    try { vp.setPointerCapture(e.pointerId); } catch (err) { /* already released */ }
  }, true);

  vp.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopPropagation();
    // A touch screen may send several positions in one event: each counts for the angle.
    const points = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    for (const p of points.length ? points : [e]) follow(drag, p.clientX, p.clientY);
    decide(false);
  }, true);

  vp.addEventListener("pointerup", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    follow(drag, e.clientX, e.clientY);
    if (!decide(true)) drag = null;
  }, true);
  vp.addEventListener("pointercancel", (e) => {
    if (drag && e.pointerId === drag.id) drag = null;
  }, true);

  window.rubik = Object.assign(window.rubik || {}, {
    /** The turn a drag from sticker `index` by (dx, dy) pixels would make, by name. */
    dragMove: (index, dx, dy) => { const m = moveFor(index, dx, dy); return m ? m.name : null; },
    /** The last turn chosen by a drag, its gesture and when (performance.now()), for the benchmarks. */
    lastDrag: () => ({ ...stats }),
  });
})();
