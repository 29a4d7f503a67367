// Turning the cube by dragging on it (mouse, pen or touch): a drag that starts on a sticker
// turns the layer that carries that sticker in the drag's direction, as a finger pushes a real
// cube's row. The layer and the direction come from the gesture: of the sticker's face's four
// directions (seen on screen), the one closest to the drag is the way the sticker moves; the
// turn's axis is perpendicular to it and to the face. A centre sticker moves its slice (M E S).
// A drag that starts beside the cube still orbits the view (app.js).
"use strict";

(function () {
  const P = window.rubikPage;
  const M = window.RubikModel;
  if (!P || !M) return;
  const vp = document.getElementById("viewport");
  const cubeEl = document.getElementById("cube");
  /** Pixels a pointer must travel before the turn is chosen. */
  const THRESHOLD = 12;
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

  let drag = null; // {id, index, x, y, at}
  const stats = { decided: null, move: null };

  function blocked() {
    const b = document.body.classList;
    return b.contains("painting") || b.contains("goal-editing") || b.contains("scanning");
  }

  vp.addEventListener("pointerdown", (e) => {
    if (drag || blocked() || !e.isPrimary) return;
    const sticker = e.target.closest && e.target.closest(".sticker");
    if (!sticker) return;
    // The drag is ours: the orbit (app.js) does not see it.
    e.stopPropagation();
    drag = { id: e.pointerId, index: Number(sticker.dataset.index), x: e.clientX, y: e.clientY };
    try { vp.setPointerCapture(e.pointerId); } catch (err) { /* already released */ }
  }, true);

  vp.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopPropagation();
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (Math.hypot(dx, dy) < THRESHOLD) return;
    const m = moveFor(drag.index, dx, dy);
    drag = null;
    if (!m) return;
    stats.decided = performance.now();
    stats.move = m.name;
    P.userTurn(m);
  }, true);

  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag = null;
  };
  vp.addEventListener("pointerup", end, true);
  vp.addEventListener("pointercancel", end, true);

  window.rubik = Object.assign(window.rubik || {}, {
    /** The turn a drag from sticker `index` by (dx, dy) pixels would make, by name. */
    dragMove: (index, dx, dy) => { const m = moveFor(index, dx, dy); return m ? m.name : null; },
    /** The last turn chosen by a drag and when (performance.now()), for the benchmarks. */
    lastDrag: () => ({ ...stats }),
  });
})();
