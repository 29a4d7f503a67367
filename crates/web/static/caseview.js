// Case pictures drawn from a cube state (54 letters, URFDLB order) as SVG: the last layer seen
// from above with its side stickers (OLL, PLL, ZBLL, training scrambles), and the F2L slot seen
// from the front-right corner (the U, F and R faces in perspective). Shown beside algorithm
// lists, CFOP's steps and the trainer's scrambles. `window.rubikCaseView` draws them; this
// file also adds them to the page's algorithm list and to CFOP's OLL/PLL/F2L steps.
"use strict";

(function () {
  const COLOURS = { U: "#f4f4f4", R: "#c8102e", F: "#009b48", D: "#ffd500", L: "#ff5800", B: "#0046ad" };
  const GREY = "#5b6170";
  const NS = "http://www.w3.org/2000/svg";

  function svg(width, height, label) {
    const s = document.createElementNS(NS, "svg");
    s.setAttribute("viewBox", `0 0 ${width} ${height}`);
    s.setAttribute("class", "case-pic");
    s.setAttribute("role", "img");
    if (label) s.setAttribute("aria-label", label);
    return s;
  }

  function poly(parent, points, letter, index) {
    const p = document.createElementNS(NS, "polygon");
    p.setAttribute("points", points.map((q) => q.map((v) => v.toFixed(2)).join(",")).join(" "));
    p.setAttribute("fill", COLOURS[letter] || GREY);
    p.setAttribute("stroke", "#0b0c10");
    p.setAttribute("stroke-width", "1.2");
    p.setAttribute("stroke-linejoin", "round");
    p.dataset.index = String(index);
    p.dataset.letter = letter;
    parent.appendChild(p);
  }

  /**
   * Where each sticker of the last-layer picture sits: [facelet index, x, y, w, h] on a 5 × 5
   * grid of unit cells, the U face in the middle 3 × 3 (back at the top), each side's top row
   * as a thin strip beside it.
   */
  const TOP_VIEW = (() => {
    const out = [];
    const strip = 0.38; // the side stickers' depth, in cells
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push([r * 3 + c, c + 1, r + 1, 1, 1]);
    for (let j = 0; j < 3; j++) {
      out.push([18 + j, j + 1, 4.08, 1, strip]); // F, left to right
      out.push([45 + j, 3 - j, 1 - 0.08 - strip, 1, strip]); // B, seen from behind: right to left
      out.push([9 + j, 4.08, 3 - j, strip, 1]); // R, front to back
      out.push([36 + j, 1 - 0.08 - strip, j + 1, strip, 1]); // L, back to front
    }
    return out;
  })();

  /** The last layer seen from above: U's nine stickers and the top row of each side. */
  function topView(state, label) {
    const cell = 20;
    const pad = 2;
    const s = svg(5 * cell + 2 * pad - 2 * cell * 0.54, 5 * cell + 2 * pad - 2 * cell * 0.54, label);
    const shift = cell * 0.54 - pad;
    for (const [index, x, y, w, h] of TOP_VIEW) {
      const x0 = x * cell - shift;
      const y0 = y * cell - shift;
      const inset = 1.2;
      poly(s, [[x0 + inset, y0 + inset], [x0 + w * cell - inset, y0 + inset],
        [x0 + w * cell - inset, y0 + h * cell - inset], [x0 + inset, y0 + h * cell - inset]], state[index], index);
    }
    s.dataset.kind = "ll";
    return s;
  }

  /**
   * The cube seen from the front-right corner: U on top, F at the left, R at the right (an
   * isometric drawing), which shows the front-right F2L slot and its pieces.
   */
  function slotView(state, label) {
    const s = svg(120, 128, label);
    const o = [60, 64]; // the corner nearest the viewer (U F R)
    const k = 17; // one sticker, in pixels
    // Screen directions of the model's −x (up-left), −z (up-right) and −y (down), one sticker long.
    const left = [-Math.cos(Math.PI / 6) * k, -Math.sin(Math.PI / 6) * k];
    const back = [Math.cos(Math.PI / 6) * k, -Math.sin(Math.PI / 6) * k];
    const down = [0, k];
    const at = (a, b, va, vb, base) => [base[0] + a * va[0] + b * vb[0], base[1] + a * va[1] + b * vb[1]];
    const quad = (base, va, vb, a, b) => {
      const m = 0.06;
      return [at(a + m, b + m, va, vb, base), at(a + 1 - m, b + m, va, vb, base),
        at(a + 1 - m, b + 1 - m, va, vb, base), at(a + m, b + 1 - m, va, vb, base)];
    };
    // U facelet row r (0 = back) and column c (0 = left): from o, 2 − c steps left, 2 − r back.
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      poly(s, quad(o, left, back, 2 - c, 2 - r), state[r * 3 + c], r * 3 + c);
    }
    // F facelet row r (0 = top), column c (0 = left): 2 − c steps left, r down.
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      poly(s, quad(o, left, down, 2 - c, r), state[18 + r * 3 + c], 18 + r * 3 + c);
    }
    // R facelet row r, column c (0 = front): c steps back, r down.
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      poly(s, quad(o, back, down, c, r), state[9 + r * 3 + c], 9 + r * 3 + c);
    }
    s.dataset.kind = "f2l";
    return s;
  }

  /** The picture that fits a case: the last layer's when the first two layers are solved. */
  function forState(state, label) {
    return f2lSolved(state) ? topView(state, label) : slotView(state, label);
  }

  /** Whether every sticker outside the U layer matches its centre (F2L done, D on the bottom). */
  function f2lSolved(state) {
    for (let f = 1; f < 6; f++) {
      for (let i = 0; i < 9; i++) {
        const index = f * 9 + i;
        if (f !== 3 && i < 3) continue; // side stickers of the U layer
        if (state[index] !== state[f * 9 + 4]) return false;
      }
    }
    return true;
  }

  window.rubikCaseView = { topView, slotView, forState, f2lSolved, TOP_VIEW };

  // ---------- on the page: beside CFOP's last steps ----------

  const P = window.rubikPage;
  const M = window.RubikModel;
  if (!P || !M) return;

  /** Steps whose case is worth a picture: CFOP's OLL and PLL (and their skips), by their keys. */
  const PICTURED = /(^|\.)(oll|pll)/;
  let pictured = null;

  /** A picture of the case each CFOP OLL or PLL step starts from, in its step's group. */
  function pictureSteps() {
    const sol = P.solution();
    const key = sol ? sol.moves.join(" ") + sol.start.join("") + (sol.stepKeys || []).join() : null;
    if (key === pictured) return;
    pictured = key;
    if (!sol || !sol.stepKeys) return;
    let state = sol.start.slice();
    let at = 0;
    sol.stepKeys.forEach((stepKey, i) => {
      const label = document.querySelector(`#move-list .step-label[data-step="${i}"]`);
      if (label && stepKey && PICTURED.test(stepKey) && !label.parentNode.querySelector(".case-pic")) {
        const pic = topView(state, stepKey);
        pic.classList.add("step-pic");
        label.after(pic);
      }
      while (at < sol.moves.length && sol.stepOf[at] === i) {
        state = M.apply(state, M.parse(sol.moves[at])[0]);
        at++;
      }
    });
  }

  const previous = P.hooks.playback;
  P.hooks.playback = () => { if (previous) previous(); pictureSteps(); };
})();
