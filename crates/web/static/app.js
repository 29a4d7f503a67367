// The page: a CSS 3D cube and a flat net showing one sticker state, the controls around it
// (scramble, paint, solve, playback, share) and a small hook for the end-to-end test.
"use strict";

(function () {
  const M = window.RubikModel;
  const I18N = window.RUBIK_I18N;
  const $ = (id) => document.getElementById(id);

  /** WCA colour scheme: letters name the face whose colour a sticker has. */
  const COLOURS = { U: "#f4f4f4", R: "#c8102e", F: "#009b48", D: "#ffd500", L: "#ff5800", B: "#0046ad" };
  /** Milliseconds per quarter turn at each playback speed. */
  const SPEEDS = { instant: 0, fast: 140, normal: 320, slow: 750 };
  /** Duration of a turn made from the keyboard. */
  const KEY_TURN_MS = 160;
  /** Size of one cubie, in CSS pixels, before the view is scaled to fit. */
  const CUBIE = 60;

  const app = {
    state: M.solvedState(),
    lang: pickLanguage(),
    undo: [],
    solution: null, // {start, moves, stepOf, steps, solution, method, millis}
    pos: 0,
    playing: false,
    speed: "normal",
    view: "both",
    painting: false,
    paintColour: "R",
    fault: null, // piece name to highlight
    yaw: -38,
    pitch: -28,
    zoom: 1,
    lastScramble: null,
    busy: 0,
    solving: null, // the AbortController of the solve in flight
    search: null, // its progress: {method, length, done, total, started, budget}
    preferOuter: false, // the user chose outer turns for methods with a human form
    methods: [], // the server's registry (GET /api/methods), the default first
    tables: null, // with no server: the progress of the tables built in this browser {done, total}
  };

  /**
   * Extension points for page modules loaded after this file (goals.js): `overlay()` returns 54
   * sticker letters to show instead of the cube (`?` drawn grey), or null; `sticker(index)`
   * takes a click on a sticker and returns true when it handled it; `texts()` re-renders the
   * module's texts when the language changes. `playback()` follows every change of the shown
   * solution or position (playback.js), `turned(move)` every turn made by hand (keys, drag),
   * `solved()` every answer the Solve button loads.
   */
  const hooks = { overlay: null, sticker: null, texts: null, playback: null, turned: null, solved: null };
  /** Colour of a don't-care sticker (a goal pattern's `?`). */
  const DONT_CARE = "#5b6170";

  // ---------- texts ----------

  function pickLanguage() {
    const stored = safeStorage("rubik.lang");
    if (stored && I18N[stored]) return stored;
    const nav = (navigator.language || "en").slice(0, 2);
    return I18N[nav] ? nav : "en";
  }

  function safeStorage(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(key);
      window.localStorage.setItem(key, value);
    } catch (e) {
      return null;
    }
    return null;
  }

  function t(path, params) {
    let v = path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), I18N[app.lang]);
    if (v === undefined) v = path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), I18N.en);
    // A text with a number: `{count: "n", one: …, other: …}`, chosen by that parameter (French
    // uses the singular for 0 and 1).
    if (v && typeof v === "object" && v.count && params && typeof params[v.count] === "number") {
      const n = params[v.count];
      v = (app.lang === "fr" ? n < 2 : n === 1) ? v.one : v.other;
    }
    if (typeof v !== "string") return path;
    return v.replace(/\{(\w+)\}/g, (m, k) => (params && params[k] !== undefined ? params[k] : m));
  }

  /** "R' — right face, a quarter turn counter-clockwise". */
  function moveMeaning(m) {
    const amounts = M.isRotation(m) ? "rotationAmount" : "amount";
    return `${m.name} — ${t("face." + m.family)}, ${t(amounts + "." + m.amount)}`;
  }

  function applyTexts() {
    document.documentElement.lang = app.lang;
    document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    document.querySelectorAll("[data-i18n-title]").forEach((el) => {
      el.title = t(el.dataset.i18nTitle);
      el.setAttribute("aria-label", el.title);
    });
    renderMethods();
    renderBudget();
    renderSolving();
    $("input").placeholder = t("inputPlaceholder");
    document.querySelectorAll("[data-lang]").forEach((b) => b.classList.toggle("on", b.dataset.lang === app.lang));
    document.querySelectorAll(".swatch").forEach((b) => {
      b.title = t("colours." + b.dataset.colour);
      b.setAttribute("aria-label", b.title);
    });
    $("paint").textContent = app.painting ? t("done") : t("paint");
    renderPlayback();
    if (hooks.texts) hooks.texts();
  }

  // ---------- the 3D cube ----------

  const stickerEls = new Array(54); // 3D sticker elements by facelet index
  const netEls = new Array(54);
  const cubies = []; // {el, pos}
  let layerEl = null;

  // CSS transform placing a face of a cubie, keyed by outward normal.
  function faceTransform(n) {
    const h = CUBIE / 2;
    if (n[0] === 1) return `rotateY(90deg) translateZ(${h}px)`;
    if (n[0] === -1) return `rotateY(-90deg) translateZ(${h}px)`;
    if (n[1] === 1) return `rotateX(90deg) translateZ(${h}px)`;
    if (n[1] === -1) return `rotateX(-90deg) translateZ(${h}px)`;
    if (n[2] === 1) return `translateZ(${h}px)`;
    return `rotateY(180deg) translateZ(${h}px)`;
  }

  function cubieTransform(p) {
    // CSS y grows downwards.
    return `translate3d(${p[0] * CUBIE}px, ${-p[1] * CUBIE}px, ${p[2] * CUBIE}px)`;
  }

  function buildCube() {
    const cube = $("cube");
    const normals = Object.values(M.NORMALS);
    for (let x = -1; x <= 1; x++) for (let y = -1; y <= 1; y++) for (let z = -1; z <= 1; z++) {
      if (x === 0 && y === 0 && z === 0) continue;
      const pos = [x, y, z];
      const el = document.createElement("div");
      el.className = "cubie";
      el.style.transform = cubieTransform(pos);
      for (const n of normals) {
        const outer = pos[0] * n[0] + pos[1] * n[1] + pos[2] * n[2] === 1;
        const face = document.createElement("div");
        face.className = "face";
        face.style.transform = faceTransform(n);
        if (outer) {
          const index = M.STICKERS.findIndex((s) => s.pos.join() === pos.join() && s.normal.join() === n.join());
          const st = document.createElement("div");
          st.className = "sticker";
          st.dataset.index = index;
          face.appendChild(st);
          stickerEls[index] = st;
        }
        el.appendChild(face);
      }
      cube.appendChild(el);
      cubies.push({ el, pos });
    }
    layerEl = document.createElement("div");
    layerEl.className = "layer";
    cube.appendChild(layerEl);
  }

  function buildNet() {
    const net = $("net");
    // Where each face sits on the 12 × 9 grid of the standard net.
    const at = { U: [3, 0], L: [0, 3], F: [3, 3], R: [6, 3], B: [9, 3], D: [3, 6] };
    M.FACES.split("").forEach((face, f) => {
      for (let i = 0; i < 9; i++) {
        const el = document.createElement("div");
        el.className = "net-sticker";
        el.dataset.index = f * 9 + i;
        el.style.gridColumn = at[face][0] + (i % 3) + 1;
        el.style.gridRow = at[face][1] + Math.floor(i / 3) + 1;
        net.appendChild(el);
        netEls[f * 9 + i] = el;
      }
    });
  }

  function faultIndices() {
    if (!app.fault) return new Set();
    const pos = [0, 0, 0];
    for (const ch of app.fault) {
      const n = M.NORMALS[ch];
      if (!n) return new Set();
      for (let k = 0; k < 3; k++) pos[k] += n[k];
    }
    const out = new Set();
    M.STICKERS.forEach((s, i) => { if (s.pos.join() === pos.join()) out.add(i); });
    return out;
  }

  function renderStickers() {
    const fault = faultIndices();
    const overlay = hooks.overlay ? hooks.overlay() : null;
    for (let i = 0; i < 54; i++) {
      const colour = overlay ? COLOURS[overlay[i]] || DONT_CARE : COLOURS[app.state[i]] || "#555";
      for (const el of [stickerEls[i], netEls[i]]) {
        el.style.background = colour;
        el.classList.toggle("fault", fault.has(i));
      }
    }
  }

  function renderCamera() {
    const vp = $("viewport");
    const fit = Math.min(vp.clientWidth, vp.clientHeight) / (CUBIE * 3 * 1.75);
    $("cube").style.transform =
      `scale(${(fit * app.zoom).toFixed(3)}) rotateX(${app.pitch}deg) rotateY(${app.yaw}deg)`;
  }

  const easeInOut = (x) => (x < 0.5 ? 2 * x * x : 1 - Math.pow(-2 * x + 2, 2) / 2);

  /** Turns the displayed cube by `m`, animated over `ms` per quarter turn. */
  function turn(m, ms) {
    if (!ms || document.hidden) {
      app.state = M.apply(app.state, m);
      renderStickers();
      return Promise.resolve();
    }
    const fam = M.FAMILIES[m.family];
    const quarters = m.amount === 3 ? -1 : m.amount;
    const degrees = 90 * fam.q * quarters;
    // Map a rotation about the model's axis (y up) to CSS (y down).
    const css = { x: (d) => `rotateX(${-d}deg)`, y: (d) => `rotateY(${d}deg)`, z: (d) => `rotateZ(${-d}deg)` }[fam.axis];
    const moving = cubies.filter((c) => M.inLayer(m, c.pos));
    moving.forEach((c) => layerEl.appendChild(c.el));
    const duration = ms * Math.abs(quarters) * (Math.abs(quarters) === 2 ? 0.75 : 1);
    app.busy++;
    return new Promise((resolve) => {
      const t0 = performance.now();
      function frame(now) {
        const k = Math.min(1, (now - t0) / duration);
        layerEl.style.transform = css(degrees * easeInOut(k));
        if (k < 1) {
          requestAnimationFrame(frame);
          return;
        }
        const cube = $("cube");
        moving.forEach((c) => cube.insertBefore(c.el, layerEl));
        layerEl.style.transform = "";
        app.state = M.apply(app.state, m);
        renderStickers();
        app.busy--;
        resolve();
      }
      requestAnimationFrame(frame);
    });
  }

  // Actions run one after another so turns never overlap.
  let queue = Promise.resolve();
  function enqueue(fn) {
    queue = queue.then(fn).catch((e) => console.error(e));
    return queue;
  }

  // ---------- orbit, zoom, painting ----------

  function setupPointer() {
    const vp = $("viewport");
    let drag = null;
    const touches = new Map(); // pointerId → {x, y}, for pinch zoom
    let pinch = null;
    const spread = () => {
      const [a, b] = [...touches.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    vp.addEventListener("pointerdown", (e) => {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      vp.setPointerCapture(e.pointerId);
      if (touches.size === 2) {
        drag = null;
        pinch = { spread: spread(), zoom: app.zoom };
        return;
      }
      drag = { x: e.clientX, y: e.clientY, yaw: app.yaw, pitch: app.pitch, moved: false, target: e.target };
    });
    vp.addEventListener("pointermove", (e) => {
      if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && touches.size === 2) {
        app.zoom = Math.max(0.5, Math.min(2.5, pinch.zoom * spread() / Math.max(1, pinch.spread)));
        renderCamera();
        return;
      }
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
      if (!drag.moved) return;
      app.yaw = drag.yaw + dx * 0.5;
      app.pitch = Math.max(-89, Math.min(89, drag.pitch - dy * 0.5));
      renderCamera();
    });
    const end = (e) => {
      touches.delete(e.pointerId);
      if (touches.size < 2) pinch = null;
      if (drag && !drag.moved && drag.target.classList.contains("sticker")) {
        const index = Number(drag.target.dataset.index);
        if (hooks.sticker && hooks.sticker(index)) { /* handled by a module */ } else if (app.painting) paint(index);
      }
      drag = null;
    };
    vp.addEventListener("pointerup", end);
    vp.addEventListener("pointercancel", (e) => {
      touches.delete(e.pointerId);
      pinch = null;
      drag = null;
    });
    vp.addEventListener("wheel", (e) => {
      e.preventDefault();
      app.zoom = Math.max(0.5, Math.min(2.5, app.zoom * Math.exp(-e.deltaY * 0.0015)));
      renderCamera();
    }, { passive: false });
    $("net").addEventListener("click", (e) => {
      if (!e.target.classList.contains("net-sticker")) return;
      const index = Number(e.target.dataset.index);
      if (hooks.sticker && hooks.sticker(index)) return;
      if (app.painting) paint(index);
    });
    window.addEventListener("resize", renderCamera);
  }

  function paint(index) {
    if ([4, 13, 22, 31, 40, 49].includes(index)) return; // centres define the faces
    if (app.state[index] === app.paintColour) return;
    pushUndo();
    const next = app.state.slice();
    next[index] = app.paintColour;
    app.state = next;
    clearSolution();
    showMessage("");
    renderStickers();
    scheduleValidation();
  }

  function buildPalette() {
    const box = $("swatches");
    for (const f of M.FACES) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "swatch";
      b.dataset.colour = f;
      b.style.background = COLOURS[f];
      b.addEventListener("click", () => {
        app.paintColour = f;
        box.querySelectorAll(".swatch").forEach((s) => s.classList.toggle("on", s === b));
      });
      if (f === app.paintColour) b.classList.add("on");
      box.appendChild(b);
    }
  }

  function togglePaint() {
    app.painting = !app.painting;
    $("palette").hidden = !app.painting;
    document.body.classList.toggle("painting", app.painting);
    requestAnimationFrame(renderCamera);
    $("paint").textContent = app.painting ? t("done") : t("paint");
    $("paint").classList.toggle("on", app.painting);
    if (app.painting) scheduleValidation();
  }

  // ---------- validation and messages ----------

  let validationTimer = null;
  let validationSeq = 0;
  function scheduleValidation() {
    clearTimeout(validationTimer);
    validationTimer = setTimeout(validate, 120);
  }

  async function validate() {
    const seq = ++validationSeq;
    const facelets = app.state.join("");
    try {
      const res = await api("POST", "/api/validate", { facelets });
      if (seq !== validationSeq) return;
      if (res.valid) {
        app.fault = null;
        showValidation(t("valid"), "ok");
      } else {
        app.fault = res.piece || null;
        showValidation(errorText(res, facelets.split("")), "bad");
      }
    } catch (e) {
      if (seq === validationSeq) showValidation(errorText(e), "bad");
    }
    renderStickers();
  }

  function showValidation(text, kind) {
    const el = $("validation");
    el.textContent = text;
    el.className = "validation " + (kind || "");
  }

  function errorText(err, facelets) {
    const category = err.category || "other";
    if (category === "colour_count") return colourCountText(facelets || app.state);
    const known = I18N.en.errors[category] !== undefined;
    const detail = err.error || err.message || "";
    return t("errors." + (known ? category : "other"), { piece: err.piece || "?", detail });
  }

  /**
   * "Each colour must appear exactly 9 times: white appears 8 times, red 10 times." counted
   * from the stickers sent, colours named in the page's language (the server's text names
   * them by face letter).
   */
  function colourCountText(state) {
    const counts = {};
    for (const c of state) counts[c] = (counts[c] || 0) + 1;
    const wrong = M.FACES.split("").filter((f) => (counts[f] || 0) !== 9)
      .map((f) => t("colourTimes", { colour: t("colours." + f).toLowerCase(), n: counts[f] || 0 }));
    return t("errors.colour_count_named", { list: wrong.join(", ") });
  }

  /**
   * A notation error in words, in the page's language: what is wrong, the token at fault and
   * its column, each said once.
   */
  function notationText(e) {
    const token = e.token === "end of input" ? t("endOfInput") : `“${e.token}”`;
    // The core names the error's kind in `error` (`unknown_move`…); the page says it in its
    // language. (`kind` is the input box's reading, "moves", not the error.)
    const detail = t("notationKinds." + (e.error || "other"));
    if (!e.column) return t("errors.notation", { detail });
    return t("errors.notation_at", { detail, token, column: e.column });
  }

  function showMessage(text, kind) {
    const el = $("message");
    el.textContent = text || "";
    el.className = "message " + (kind || "");
  }

  /**
   * Calls the JSON API. An aborted `signal` (optional) closes the connection, which stops the
   * server's work; the abort is then thrown as is, for the caller to tell from an error.
   */
  async function api(method, path, body, signal) {
    let res;
    try {
      res = await window.RubikCore.fetch(path, {
        method,
        headers: body ? { "Content-Type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
        signal,
      });
    } catch (e) {
      if (signal && signal.aborted) throw e;
      throw { category: "network", error: String(e) };
    }
    let data;
    try {
      data = await res.json();
    } catch (e) {
      if (signal && signal.aborted) throw e;
      throw { category: "other", error: `HTTP ${res.status}` };
    }
    if (!res.ok) throw data;
    return data;
  }

  // ---------- state changes ----------

  function pushUndo(entry) {
    app.undo.push(entry || { state: app.state.slice() });
    if (app.undo.length > 500) app.undo.shift();
  }

  function setState(state) {
    app.state = state;
    app.fault = null;
    renderStickers();
  }

  function userTurn(m) {
    enqueue(async () => {
      pause();
      pushUndo({ move: m });
      const before = app.state.slice();
      clearSolution();
      writeTurn(m, before);
      await turn(m, KEY_TURN_MS);
      if (app.painting) scheduleValidation();
      if (hooks.turned) hooks.turned(m);
    });
  }

  /**
   * Writes a turn made by hand into the setup box: appended when the box holds the moves that
   * make the cube shown before it, else the box gets the cube's new facelet string.
   */
  function writeTurn(m, before) {
    const box = $("input");
    const text = box.value.trim();
    let moves = null;
    try { moves = M.parse(text); } catch (e) { moves = null; }
    if (moves && M.applyAll(M.solvedState(), moves).join("") === before.join("")) {
      box.value = text ? `${text} ${m.name}` : m.name;
      app.lastScramble = box.value;
    } else {
      box.value = M.apply(before, m).join("");
      app.lastScramble = null;
    }
  }

  /** Takes a turn undone off the end of the setup box, when it is written there. */
  function unwriteTurn(m) {
    const box = $("input");
    const words = box.value.trim().split(/\s+/);
    if (words.length && words[words.length - 1] === m.name) {
      words.pop();
      box.value = words.join(" ");
      app.lastScramble = box.value || null;
    }
  }

  function undo() {
    enqueue(async () => {
      pause();
      const entry = app.undo.pop();
      if (!entry) return;
      clearSolution();
      if (entry.move) { unwriteTurn(entry.move); await turn(M.inverse(entry.move), KEY_TURN_MS); }
      else setState(entry.state);
      showValidation("");
      if (app.painting) scheduleValidation();
    });
  }

  function reset() {
    enqueue(() => {
      pause();
      pushUndo();
      clearSolution();
      setState(M.solvedState());
      app.lastScramble = null;
      $("input").value = "";
      showMessage("");
      showValidation("");
    });
  }

  function scramble() {
    enqueue(async () => {
      pause();
      showMessage(t("scrambling"));
      try {
        const res = await api("GET", "/api/scramble");
        const moves = M.parse(res.scramble);
        const state = M.applyAll(M.solvedState(), moves);
        if (state.join("") !== res.facelets) console.warn("scramble state differs from the server's", res);
        pushUndo();
        clearSolution();
        setState(state);
        app.lastScramble = res.scramble;
        $("input").value = res.scramble;
        showMessage("");
        showValidation("");
      } catch (e) {
        showMessage(errorText(e), "bad");
      }
    });
  }

  /**
   * Reads the input box as the command line reads its inputs (the core's reader, core.js): a
   * 54-letter facelet string, a colour net, or moves from solved; a facelet string of the wrong
   * length is reported by its length, not played as moves.
   */
  function applyInput() {
    const text = $("input").value;
    enqueue(async () => {
      pause();
      const read = window.RubikCore.readInput(text);
      if (!read.ok) {
        if (read.category === "notation" && read.column) {
          showMessage(notationText(read), "bad");
        } else {
          showMessage(read.category === "notation" ? notationText(read)
            : errorText({ category: read.category, error: read.message, piece: read.piece }), "bad");
        }
        return;
      }
      pushUndo();
      clearSolution();
      if (read.kind === "moves") {
        const moves = read.moves.map(([family, amount]) => M.move(family, amount));
        setState(M.applyAll(M.solvedState(), moves));
        app.lastScramble = M.format(moves);
        showMessage("");
        showValidation("");
        return;
      }
      setState(read.facelets.split(""));
      app.lastScramble = null;
      showMessage("");
      await validate();
    });
  }

  // ---------- solving and playback ----------

  /** Time budgets offered for the optimal method, in seconds (the server allows up to 60). */
  const OPTIMAL_BUDGETS = [10, 30, 60];

  /**
   * Solves the displayed cube through the streaming endpoint: the optimal method reports the
   * length it has proven so far, and Cancel (the same button) aborts the request, which stops
   * the server's search.
   */
  async function solve() {
    if (app.solving) { app.solving.abort(); return; }
    pause();
    const start = app.state.slice();
    const method = $("method").value;
    if (!method) { showMessage(t("methodsUnavailable", { detail: "" }), "bad"); return; }
    // Two-phase may spend a second on finding shorter solutions.
    const improve = method === IMPROVABLE && $("improve").checked;
    const budget = isSlow(method) ? Number($("budget").value) * 1000 : improve ? 1000 : 10000;
    const controller = new AbortController();
    app.solving = controller;
    app.search = { method, length: null, done: 0, total: 0, started: performance.now(), budget };
    renderSolving();
    const ticker = setInterval(renderSolving, 500);
    try {
      const res = await solveStream({
        facelets: start.join(""), method, lang: app.lang, timeout_ms: budget, improve,
      }, controller.signal, (event) => {
        if (event.event === "depth") {
          app.search.building = false;
          app.search.length = event.length; app.search.done = 0; app.search.total = 0;
        }
        if (event.event === "progress") {
          // Progress before any search length is the tables being built (first use).
          if (!event.length) app.search.building = true;
          else app.search.length = event.length;
          app.search.done = event.done; app.search.total = event.total;
        }
        renderSolving();
      });
      await queue; // let turns in flight finish before taking over the display
      if (app.state.join("") !== start.join("")) { showMessage(""); return; } // the cube changed meanwhile
      loadSolution(start, res);
      app.solution.options = method === IMPROVABLE ? { improve } : isSlow(method) ? { budget: budget / 1000 } : {};
      updateLinks();
      showMessage(res.length === 0 ? t("alreadySolved") : "");
      if (hooks.solved) hooks.solved();
    } catch (e) {
      if (controller.signal.aborted) showMessage(t("cancelled"));
      else {
        showMessage(errorText(e), "bad");
        if (e.piece) { app.fault = e.piece; renderStickers(); }
      }
    } finally {
      clearInterval(ticker);
      app.solving = null;
      app.search = null;
      renderSolving();
    }
  }

  /** POSTs a solve to the streaming endpoint, calling `onEvent` for each progress line. */
  async function solveStream(body, signal, onEvent) {
    let res;
    try {
      res = await window.RubikCore.fetch("/api/solve/stream", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
      });
    } catch (e) {
      if (signal.aborted) throw e;
      throw { category: "network", error: String(e) };
    }
    if (!res.ok) {
      let data;
      try { data = await res.json(); } catch (e) { data = { category: "other", error: `HTTP ${res.status}` }; }
      throw data;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (!line.trim()) continue;
        const event = JSON.parse(line);
        if (event.event === "solution") return event;
        if (event.event === "error") throw event;
        onEvent(event);
      }
    }
    throw { category: "network", error: "the answer ended early" };
  }

  /** The Solve button (Cancel while solving) and the search's progress. */
  function renderSolving() {
    const solving = !!app.solving;
    $("solve").textContent = solving ? t("cancel") : t("solve");
    $("solve").classList.toggle("cancel", solving);
    document.body.classList.toggle("solving", solving);
    const bar = $("search-progress");
    const s = app.search;
    if (!s) { bar.hidden = true; return; }
    const seconds = Math.round((performance.now() - s.started) / 1000);
    if (s.building) {
      const percent = s.total ? Math.floor((100 * s.done) / s.total) : 0;
      showMessage(t("buildingTables", { percent, seconds }));
      bar.hidden = false;
      bar.max = s.total || 1;
      bar.value = s.done;
    } else if (s.method === "optimal" && s.length !== null) {
      const proven = s.length - 1;
      const params = { length: s.length, proven, seconds, budget: Math.round(s.budget / 1000) };
      showMessage(proven > 0 ? t("searchingProven", params) : t("searchingFrom", params));
      bar.hidden = false;
      bar.max = s.total || 1;
      bar.value = s.done;
    } else if (app.tables && app.tables.done < app.tables.total) {
      // Without a server, the first solve waits for the tables being built in this browser.
      showTables();
    } else {
      showMessage(t("solving"));
      bar.hidden = true;
    }
  }

  /** Reads the steps of an answer in both forms: outer turns, and the human form when given. */
  function loadSolution(start, res) {
    const steps = (res.steps || []).map((s) => ({
      key: s.key,
      name: s.name,
      explanation: s.explanation,
      texts: s.translations || null,
      outer: M.parse(s.moves),
      human: s.human ? M.parseAsWritten(s.human.moves) : null,
      humanTexts: s.human ? s.human.translations : null,
    }));
    const hasHuman = steps.length > 0 && steps.every((s) => s.human);
    app.solution = {
      start, steps, solution: res.solution, length: res.length, method: res.method, millis: res.millis,
      proven: res.proven_optimal, hasHuman, moves: [], stepOf: [],
      end: res.end || null, // the state a goal solution or an algorithm ends in (else solved)
    };
    app.pos = 0;
    setForm(hasHuman && app.preferOuter !== true ? "human" : "outer", true);
    updateLinks();
  }

  /**
   * Shows the solution's steps in `form` ("human": rotations, wide and slice moves, as a person
   * does them; "outer": outer face turns): the moves played are the steps' moves in order, so
   * each step ends where its text says. Keeps the number of steps done.
   */
  function setForm(form, fresh) {
    const sol = app.solution;
    if (!sol) return;
    if (form === "human" && !sol.hasHuman) form = "outer";
    const stepsDone = fresh || app.pos === 0 ? 0 : stepsBefore(sol, app.pos);
    sol.form = form;
    sol.moves = [];
    sol.stepOf = [];
    sol.steps.forEach((s, i) => {
      const moves = form === "human" ? s.human : s.outer;
      moves.forEach((m) => { sol.moves.push(m); sol.stepOf.push(i); });
    });
    // The steps' moves solve the cube (tested); should they not, play the one-line solution.
    const reached = M.applyAll(sol.start, sol.moves);
    if (sol.end ? reached.join("") !== sol.end : !M.isSolved(reached)) {
      sol.moves = M.parse(sol.solution);
      sol.stepOf = sol.moves.map(() => -1);
    }
    let pos = 0;
    while (pos < sol.moves.length && sol.stepOf[pos] < stepsDone) pos++;
    app.pos = pos;
    document.querySelectorAll("[data-form]").forEach((b) => b.classList.toggle("on", b.dataset.form === form));
    renderMoveList();
    if (!fresh) setState(M.applyAll(sol.start, sol.moves.slice(0, pos)));
    renderPlayback();
    updateLinks();
  }

  /** How many whole steps the first `pos` moves complete. */
  function stepsBefore(sol, pos) {
    if (pos >= sol.moves.length) return sol.steps.length;
    const s = sol.stepOf[pos];
    return s < 0 ? 0 : s;
  }

  function clearSolution() {
    app.solution = null;
    app.pos = 0;
    app.playing = false;
    renderMoveList();
    renderPlayback();
    updateLinks();
  }

  function stepText(step) {
    if (!step) return { name: "", explanation: "" };
    const base = step.texts && step.texts[app.lang] ? step.texts[app.lang] : step;
    const sol = app.solution;
    if (sol && sol.form === "human" && step.humanTexts && step.humanTexts[app.lang]) {
      return { name: base.name, explanation: step.humanTexts[app.lang] };
    }
    return base;
  }

  /** Turns in a step's shown moves, rotations not counted. */
  function turnCount(sol, s) {
    return sol.moves.filter((m, i) => sol.stepOf[i] === s && !M.isRotation(m)).length;
  }

  function renderMoveList() {
    const list = $("move-list");
    list.textContent = "";
    const sol = app.solution;
    if (!sol) return;
    // Every step gets its group, even one with nothing to do ("F2L 2 … already placed").
    const groups = new Map();
    const group = (s) => {
      if (groups.has(s)) return groups.get(s);
      const li = document.createElement("li");
      li.className = "step-group";
      const label = document.createElement("span");
      label.className = "step-label";
      label.dataset.step = s;
      li.appendChild(label);
      list.appendChild(li);
      groups.set(s, li);
      return li;
    };
    if (sol.stepOf.every((s) => s >= 0)) sol.steps.forEach((_, i) => group(i));
    sol.moves.forEach((m, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = M.isRotation(m) ? "mv rotation" : "mv";
      b.dataset.i = i;
      b.textContent = m.name;
      b.addEventListener("click", () => goTo(i + 1));
      group(sol.stepOf[i]).appendChild(b);
    });
  }

  function renderPlayback() {
    const sol = app.solution;
    document.body.classList.toggle("has-solution", !!sol);
    $("play").classList.toggle("playing", app.playing);
    $("play").title = app.playing ? t("pause") : t("play");
    const playable = !!sol && sol.moves.length > 0;
    for (const id of ["to-start", "step-back", "play", "step-forward", "to-end"]) $(id).disabled = !playable;
    if (hooks.playback) hooks.playback();
    if (!sol) {
      $("forms").hidden = true;
      $("step-name").textContent = "";
      $("progress").textContent = "";
      $("step-explanation").textContent = t("noSolution");
      $("move-meaning").textContent = "";
      $("summary").textContent = "";
      return;
    }
    const n = sol.moves.length;
    const pos = app.pos;
    document.querySelectorAll("#move-list .step-label").forEach((el) => {
      const s = Number(el.dataset.step);
      el.textContent = s >= 0
        ? `${stepText(sol.steps[s]).name} · ${t("turns", { n: turnCount(sol, s) })}`
        : t("sharedSolution");
    });
    $("forms").hidden = !sol.hasHuman;
    document.querySelectorAll("#move-list .mv").forEach((el) => {
      const i = Number(el.dataset.i);
      el.classList.toggle("done", i < pos - 1);
      el.classList.toggle("current", i === pos - 1);
      el.classList.toggle("next", i === pos);
      el.title = moveMeaning(sol.moves[i]);
    });
    // The move list has no scroll box of its own: the timeline under the cube follows the
    // current move (playback.js), so the page itself never jumps while a solution plays.
    // Moves, not whole-cube rotations, are counted, as in the step labels and the summary.
    const isTurn = (m) => !M.isRotation(m);
    const turnsDone = sol.moves.slice(0, pos).filter(isTurn).length;
    const turnsAll = sol.moves.filter(isTurn).length;
    $("progress").textContent = n ? t("moveOf", { n: turnsDone, total: turnsAll }) : "";
    // Never "Optimal" for an answer the search did not prove shortest.
    const methodName = sol.method === "optimal" && sol.proven === false ? t("notProvenOptimal") : methodLabel(sol.method);
    const length = sol.length !== undefined ? sol.length : n;
    let summary = sol.millis === null
      ? `${t("turns", { n: length })} · ${methodName}`
      : t("solvedIn", { length, method: methodName, millis: Math.round(sol.millis * 10) / 10 });
    if (sol.form === "human") {
      // The human form counts each slice move as one (the outer-turn count counts two).
      const rotations = n - turnsAll;
      summary += " · " + t("byHandMoves", { n: turnsAll });
      if (rotations) summary += t("byHandRotations", { n: rotations });
      if (sol.moves.some((m) => ["M", "E", "S"].includes(m.family))) summary += t("sliceCountsOne");
    } else if (turnsAll !== length) {
      summary += " · " + t("stepsShown", { n: turnsAll });
    }
    $("summary").textContent = summary;
    const stepIndex = pos > 0 ? sol.stepOf[pos - 1] : sol.stepOf[0];
    const step = stepIndex >= 0 ? stepText(sol.steps[stepIndex]) : { name: t("sharedSolution"), explanation: "" };
    if (pos === n && M.isSolved(app.state)) {
      $("step-name").textContent = t("solved");
      $("step-explanation").textContent = n ? stepText(sol.steps[sol.stepOf[n - 1]]).explanation || "" : "";
    } else if (pos === 0) {
      $("step-name").textContent = step.name || "";
      $("step-explanation").textContent = step.explanation || t("start");
    } else {
      $("step-name").textContent = step.name;
      $("step-explanation").textContent = step.explanation;
    }
    if (pos > 0) $("move-meaning").textContent = moveMeaning(sol.moves[pos - 1]);
    else if (n) $("move-meaning").textContent = `${t("next")}: ${moveMeaning(sol.moves[0])}`;
    else $("move-meaning").textContent = "";
    // An explanation longer than its box (phones) scrolls there; the class fades its last line.
    const ex = $("step-explanation");
    ex.classList.toggle("more", ex.scrollHeight > ex.clientHeight + 1 && ex.scrollTop + ex.clientHeight < ex.scrollHeight - 1);
  }

  function pause() {
    app.playing = false;
    renderPlayback();
  }

  function goTo(k) {
    app.playing = false;
    enqueue(() => {
      const sol = app.solution;
      if (!sol) return;
      app.pos = Math.max(0, Math.min(sol.moves.length, k));
      setState(M.applyAll(sol.start, sol.moves.slice(0, app.pos)));
      renderPlayback();
    });
  }

  async function forwardOne() {
    const sol = app.solution;
    if (!sol || app.pos >= sol.moves.length) return false;
    await turn(sol.moves[app.pos], SPEEDS[app.speed]);
    app.pos++;
    renderPlayback();
    return true;
  }

  function stepForward() { app.playing = false; enqueue(forwardOne); }

  function stepBack() {
    app.playing = false;
    enqueue(async () => {
      const sol = app.solution;
      if (!sol || app.pos === 0) return;
      await turn(M.inverse(sol.moves[app.pos - 1]), SPEEDS[app.speed]);
      app.pos--;
      renderPlayback();
    });
  }

  function togglePlay() {
    if (app.playing) { pause(); return; }
    const sol = app.solution;
    if (!sol) return;
    if (app.pos >= sol.moves.length) goTo(0);
    app.playing = true;
    renderPlayback();
    enqueue(async () => {
      while (app.playing && app.solution === sol) {
        if (app.speed === "instant") {
          app.pos = sol.moves.length;
          setState(M.applyAll(sol.start, sol.moves));
        } else if (await forwardOne()) {
          continue;
        }
        break;
      }
      app.playing = false;
      renderPlayback();
    });
  }

  function setSpeed(speed) {
    app.speed = speed;
    document.querySelectorAll("[data-speed]").forEach((b) => b.classList.toggle("on", b.dataset.speed === speed));
    safeStorage("rubik.speed", speed);
  }

  // ---------- the method menu ----------

  /** The method whose solves can spend a second on finding shorter ones (`improve`). */
  const IMPROVABLE = "twophase";

  /** Whether the registry says `name`'s solves take seconds (they get a time budget). */
  function isSlow(name) {
    return app.methods.some((m) => m.name === name && m.slow);
  }

  /** A method's name on the page: the page's translation, else the registry's name. */
  function methodLabel(name) {
    const key = "methods." + name;
    const label = t(key);
    return label === key ? name : label;
  }

  /**
   * Fills the method menu from the server's registry (GET /api/methods): one entry per method,
   * in the registry's order, the default (first) selected.
   */
  async function loadMethods() {
    try {
      app.methods = await api("GET", "/api/methods");
    } catch (e) {
      showMessage(t("methodsUnavailable", { detail: e.error || e.message || String(e) }), "bad");
      return;
    }
    const menu = $("method");
    menu.replaceChildren(...app.methods.map((m) => {
      const o = document.createElement("option");
      o.value = m.name;
      return o;
    }));
    if (app.methods.length) menu.value = app.methods[0].name;
    const pending = app.pendingOptions;
    if (pending && app.methods.some((m) => m.name === pending.method)) {
      menu.value = pending.method;
      if (pending.options.improve !== undefined) $("improve").checked = pending.options.improve === "true";
      if (pending.options.budget) $("budget").value = pending.options.budget;
    }
    renderMethods();
    renderBudget();
  }

  /**
   * The menu's labels in the page's language; the registry's one-line summary (English) as each
   * entry's tooltip where the page has no label of its own or speaks English.
   */
  function renderMethods() {
    for (const opt of $("method").options) {
      const m = app.methods.find((x) => x.name === opt.value);
      opt.textContent = methodLabel(opt.value);
      const own = t("methods." + opt.value) !== "methods." + opt.value;
      opt.title = m && (app.lang === "en" || !own) ? m.summary : "";
    }
    $("improve-choice").title = t("improveTitle");
  }

  /** The time budget is offered for slow methods, the "shortest in 1 s" choice for two-phase. */
  function renderBudget() {
    const method = $("method").value;
    $("budget").hidden = !isSlow(method);
    $("improve-choice").hidden = method !== IMPROVABLE;
    for (const o of $("budget").options) o.textContent = t("budgetSeconds", { n: o.value });
  }

  function setView(view) {
    app.view = view;
    document.body.dataset.view = view;
    document.querySelectorAll("[data-view]").forEach((b) => b.classList.toggle("on", b.dataset.view === view));
    requestAnimationFrame(renderCamera);
  }

  // ---------- links ----------

  /**
   * The share link: the setup (the moves that make the case, else its 54 letters), the moves
   * played, the method and its options, the position and the language; never texts (the page
   * names the steps itself when the link is opened).
   */
  function shareUrl() {
    const params = new URLSearchParams();
    const sol = app.solution;
    const start = sol ? sol.start : app.state;
    params.set("setup", setupText(start));
    if (sol) {
      params.set("alg", M.format(sol.moves));
      params.set("method", sol.method);
      if (sol.options) for (const [k, v] of Object.entries(sol.options)) params.set(k, String(v));
      if (app.pos) params.set("pos", String(app.pos));
    }
    params.set("lang", app.lang);
    return `${location.origin}${location.pathname}#${params.toString()}`;
  }

  /** The moves that make `start` when they are known (the last scramble or setup), else its letters. */
  function setupText(start) {
    if (app.lastScramble) {
      try {
        if (M.applyAll(M.solvedState(), M.parse(app.lastScramble)).join("") === start.join("")) return app.lastScramble;
      } catch (e) { /* not moves */ }
    }
    return M.isSolved(start) && start[4] === "U" && start[13] === "R" ? "" : start.join("");
  }

  function algCubingUrl() {
    const sol = app.solution;
    const enc = (s) => encodeURIComponent(s.replace(/ /g, "_").replace(/'/g, "-"));
    if (!sol) {
      return app.lastScramble ? `https://alg.cubing.net/?setup=${enc(app.lastScramble)}` : "https://alg.cubing.net/";
    }
    const alg = M.format(sol.moves);
    let setup = M.format(sol.moves.slice().reverse().map(M.inverse));
    if (app.lastScramble) {
      const fromScramble = M.applyAll(M.solvedState(), M.parse(app.lastScramble));
      if (fromScramble.join("") === sol.start.join("")) setup = app.lastScramble;
    }
    return `https://alg.cubing.net/?setup=${enc(setup)}&alg=${enc(alg)}&title=rubik`;
  }

  function updateLinks() {
    $("share").href = shareUrl();
    $("algcubing").href = algCubingUrl();
  }

  /**
   * Opens a share link: `setup` (moves or 54 letters; `state` in older links), `alg` (`moves`),
   * `method` and its options, `pos`, `lang`.
   */
  function restoreFromUrl() {
    if (!location.hash || location.hash.length < 2) return;
    const params = new URLSearchParams(location.hash.slice(1));
    const lang = params.get("lang");
    if (lang && I18N[lang]) app.lang = lang;
    const setup = params.has("setup") ? params.get("setup") : params.get("state");
    if (setup === null) return;
    let start;
    if (/^[URFDLB]{54}$/.test(setup)) {
      start = setup.split("");
      app.lastScramble = null;
    } else {
      try { start = M.applyAll(M.solvedState(), M.parse(setup)); } catch (e) { return; }
      app.lastScramble = setup || null;
    }
    $("input").value = setup;
    setState(start);
    const algText = params.get("alg") || params.get("moves");
    if (!algText) { scheduleValidation(); return; }
    let moves;
    try { moves = M.parse(algText); } catch (e) { return; }
    if ($("alg")) $("alg").value = algText;
    const method = params.get("method") || "algorithm";
    const options = {};
    for (const k of ["improve", "budget"]) if (params.has(k)) options[k] = params.get(k);
    app.pendingOptions = { method, options };
    const texts = {};
    for (const l of Object.keys(I18N)) texts[l] = { name: I18N[l].sharedSolution, explanation: "" };
    app.solution = {
      start, moves, stepOf: moves.map(() => 0),
      steps: [{ key: "shared", name: texts.en.name, explanation: "", texts, outer: moves, human: null }],
      solution: algText, method, millis: null, form: "outer", hasHuman: false, shared: true, options,
      end: M.applyAll(start, moves).join(""),
    };
    renderMoveList();
    const pos = Number(params.get("pos") || 0);
    if (pos > 0) goTo(pos);
    else { app.pos = 0; renderPlayback(); }
  }

  // ---------- keyboard ----------

  function setupKeyboard() {
    document.addEventListener("keydown", (e) => {
      const tag = (e.target.tagName || "").toLowerCase();
      if (tag === "input" || tag === "textarea" || tag === "select") return;
      if (e.ctrlKey || e.metaKey || e.altKey) {
        if ((e.ctrlKey || e.metaKey) && e.code === "KeyZ") { e.preventDefault(); undo(); }
        return;
      }
      if (e.code === "Space") { e.preventDefault(); togglePlay(); return; }
      if (e.code === "ArrowRight") { e.preventDefault(); stepForward(); return; }
      if (e.code === "ArrowLeft") { e.preventDefault(); stepBack(); return; }
      if (e.code === "Home") { e.preventDefault(); goTo(0); return; }
      if (e.code === "End") { e.preventDefault(); if (app.solution) goTo(app.solution.moves.length); return; }
      const letter = e.code.startsWith("Key") ? e.code.slice(3) : "";
      const family = { U: "U", D: "D", R: "R", L: "L", F: "F", B: "B", M: "M", E: "E", S: "S", X: "x", Y: "y", Z: "z" }[letter];
      if (!family) return;
      e.preventDefault();
      userTurn(M.move(family, e.shiftKey ? 3 : 1));
    });
  }

  // ---------- wiring ----------

  function init() {
    $("step-explanation").addEventListener("scroll", (e) => {
      const ex = e.target;
      ex.classList.toggle("more", ex.scrollTop + ex.clientHeight < ex.scrollHeight - 1);
    });
    buildCube();
    buildNet();
    buildPalette();
    setupPointer();
    setupKeyboard();
    $("scramble").addEventListener("click", scramble);
    $("reset").addEventListener("click", reset);
    $("undo").addEventListener("click", undo);
    $("solve").addEventListener("click", solve);
    $("method").addEventListener("change", renderBudget);
    for (const seconds of OPTIMAL_BUDGETS) {
      const o = document.createElement("option");
      o.value = String(seconds);
      $("budget").appendChild(o);
    }
    $("budget").value = "30";
    renderBudget();
    document.querySelectorAll("[data-form]").forEach((b) => b.addEventListener("click", () => {
      app.preferOuter = b.dataset.form === "outer";
      enqueue(() => setForm(b.dataset.form));
    }));
    // The 3D view keeps its fit when its box changes size (views, painting, window).
    if (window.ResizeObserver) new ResizeObserver(() => renderCamera()).observe($("viewport"));
    $("paint").addEventListener("click", togglePaint);
    $("input-form").addEventListener("submit", (e) => { e.preventDefault(); applyInput(); });
    $("input").addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); applyInput(); }
    });
    $("to-start").addEventListener("click", () => goTo(0));
    $("to-end").addEventListener("click", () => app.solution && goTo(app.solution.moves.length));
    $("step-back").addEventListener("click", stepBack);
    $("step-forward").addEventListener("click", stepForward);
    $("play").addEventListener("click", togglePlay);
    document.querySelectorAll("[data-speed]").forEach((b) => b.addEventListener("click", () => setSpeed(b.dataset.speed)));
    document.querySelectorAll("[data-view]").forEach((b) => b.addEventListener("click", () => setView(b.dataset.view)));
    document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => {
      app.lang = b.dataset.lang;
      safeStorage("rubik.lang", app.lang);
      applyTexts();
      updateLinks();
      if ($("validation").textContent && app.painting) scheduleValidation();
    }));
    $("share").addEventListener("click", (e) => {
      e.preventDefault();
      const url = shareUrl();
      history.replaceState(null, "", url);
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => showMessage(t("copied"), "ok"), () => {});
    });
    const speed = safeStorage("rubik.speed");
    setSpeed(SPEEDS[speed] !== undefined ? speed : "normal");
    setView(window.innerWidth < 700 ? "3d" : "both");
    restoreFromUrl();
    applyTexts();
    renderStickers();
    renderCamera();
    updateLinks();
    loadMethods();
    if (window.RubikCore.mode() === "browser") startInBrowser();
  }

  /**
   * With no server, the page solves in this browser (core.js): it says so, and builds the
   * default method's tables in the solving worker at once, showing their progress.
   */
  function startInBrowser() {
    showMessage(t("browserMode"));
    const names = [];
    window.RubikCore.onTables((name, done, total) => {
      const first = !app.tables;
      if (!names.includes(name)) names.push(name);
      app.tables = { done, total, n: names.length };
      if (app.search) renderSolving();
      else if (done < total || first) showTables();
      else showMessage(t("browserMode"));
    });
    window.RubikCore.prepare().then(() => {
      if (!app.search && app.tables) showMessage(t("browserMode"));
    }, (e) => showMessage(errorText({ error: e.message }), "bad"));
  }

  /** The progress of the tables being built in this browser. */
  function showTables() {
    const { done, total, n } = app.tables;
    showMessage(t("buildingTables", { n, percent: Math.floor((100 * done) / Math.max(total, 1)) }));
    const bar = $("search-progress");
    bar.hidden = false;
    bar.max = Math.max(total, 1);
    bar.value = done;
    if (done >= total && !app.search) bar.hidden = true;
  }

  // A small hook for tests and the curious: the displayed state and playback position.
  window.rubik = {
    facelets: () => app.state.join(""),
    isSolved: () => M.isSolved(app.state),
    position: () => app.pos,
    length: () => (app.solution ? app.solution.moves.length : 0),
    solution: () => (app.solution ? M.format(app.solution.moves) : null),
    /** The method the shown solution came from (as the server named it), or null. */
    method: () => (app.solution ? app.solution.method : null),
    idle: () => app.busy === 0 && !app.playing,
    apply: (text) => M.format(M.parse(text)),
    /** Shows `facelets` (54 letters) as the current cube, as if typed in, e.g. from the scan. */
    load: (facelets) => new Promise((done) => enqueue(async () => {
      pause();
      pushUndo();
      clearSolution();
      setState(facelets.split(""));
      app.lastScramble = null;
      $("input").value = "";
      showMessage("");
      await validate();
      done();
    })),
    /** The page parser's verdict on `text`: {ok, facelets} or {ok: false, column}. */
    parse: (text) => {
      try {
        return { ok: true, facelets: M.applyAll(M.solvedState(), M.parse(text)).join("") };
      } catch (e) {
        if (e instanceof M.NotationError) return { ok: false, column: e.column, message: e.message };
        throw e;
      }
    },
    form: () => (app.solution ? app.solution.form : null),
    /** The steps as shown: [{name, explanation, moves}] in the current form and language. */
    steps: () => {
      const sol = app.solution;
      if (!sol) return [];
      return sol.steps.map((s, i) => ({
        name: stepText(s).name,
        explanation: stepText(s).explanation,
        moves: M.format(sol.moves.filter((m, k) => sol.stepOf[k] === i)),
      }));
    },
    solving: () => !!app.solving,
  };

  /** What page modules (goals.js) use: texts, the API, messages and playing moves. */
  window.rubikPage = {
    hooks,
    t,
    api,
    errorText,
    notationText,
    enqueue,
    pause,
    state: () => app.state.slice(),
    lang: () => app.lang,
    painting: () => app.painting,
    stopPainting: () => { if (app.painting) togglePaint(); },
    renderStickers,
    /** Playback, for the timeline (playback.js): go to move `k`, play or pause, the position. */
    goTo,
    togglePlay,
    playing: () => app.playing,
    position: () => app.pos,
    /** The shown solution's moves (names), the step of each, and its start: or null. */
    solution: () => (app.solution
      ? {
        moves: app.solution.moves.map((m) => m.name), start: app.solution.start.slice(), method: app.solution.method,
        stepOf: app.solution.stepOf.slice(), stepKeys: app.solution.steps.map((s) => s.key || null),
      }
      : null),
    /** Turns the cube by `move` (a RubikModel move) as a key press does: animated, written down. */
    userTurn,
    /** The current setup's moves, when the cube shown was made by moves (else null). */
    setupMoves: () => app.lastScramble,
    showMessage,
    /** The camera transform of the 3D cube (for drag.js): yaw and pitch in degrees. */
    camera: () => ({ yaw: app.yaw, pitch: app.pitch }),
    isBusy: () => app.busy > 0,
    /**
     * Plays `res` ({solution, length, method, millis, end, steps}) from `start` (54 letters),
     * showing `start` first, as the Solve button's answers are.
     */
    loadSolution: (start, res) => {
      pause();
      if (app.state.join("") !== start.join("")) { pushUndo(); setState(start.slice()); }
      loadSolution(start.slice(), res);
    },
  };

  window.RubikCore.ready.then(init, (e) => showMessage(t("coreUnavailable", { detail: String(e && e.message ? e.message : e) }), "bad"));
})();
