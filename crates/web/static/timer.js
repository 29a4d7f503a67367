// The speedcubing timer: Space (or a touch on the time) starts and stops it, with the WCA's
// 15-second inspection (started later than 15 s: +2; later than 17 s: DNF), penalties, sessions,
// averages of 5, 12 and 100 with the WCA's trimming, the best of each, a list and a plot of the
// times. Sessions are kept in the browser (IndexedDB) and exported or imported as JSON in
// csTimer's format, so a cuber's history comes and goes with them. The trainer (trainer.js)
// uses the same timer with its own scrambles.
"use strict";

(function () {
  const P = window.rubikPage;
  const M = window.RubikModel;
  if (!P || !M) return;
  const $ = (id) => document.getElementById(id);
  const t = (key, params) => P.t("timer." + key, params);

  /** A DNF's penalty value (as csTimer writes it); +2 is 2000 (milliseconds). */
  const DNF = -1;
  const PLUS2 = 2000;
  const INSPECTION_MS = 15000;
  /** Inspection over this long is a DNF (WCA 10f: 15 s + 2 s). */
  const INSPECTION_DNF_MS = 17000;
  /** The averages shown, with the WCA's (and csTimer's) trimming: 1 of 5, 1 of 12, 5 of 100. */
  const AVERAGES = [5, 12, 100];

  // ---------- the numbers (pure; tested through the page) ----------

  /** A solve's result in milliseconds with its penalty: Infinity for a DNF. */
  function value(solve) {
    if (solve.penalty === DNF) return Infinity;
    return solve.time + (solve.penalty === PLUS2 ? PLUS2 : 0);
  }

  /** How many of the best and of the worst an average of `n` leaves out: 5% each, at least one. */
  function trimOf(n) {
    return Math.max(1, Math.ceil(n * 0.05));
  }

  /**
   * The average of the last `n` of `solves` ending at `end` (exclusive), WCA style: the best and
   * the worst `trimOf(n)` removed (a DNF counts as the worst), the mean of the rest; Infinity
   * (DNF) when more DNFs than that; null when fewer than `n` solves.
   */
  function averageOf(solves, n, end = solves.length) {
    if (end < n) return null;
    const values = solves.slice(end - n, end).map(value).sort((a, b) => a - b);
    const trim = trimOf(n);
    const kept = values.slice(trim, n - trim);
    if (kept.some((v) => v === Infinity)) return Infinity;
    return kept.reduce((a, b) => a + b, 0) / kept.length;
  }

  /** The best average of `n` over a session (null when it has fewer than `n` solves). */
  function bestAverage(solves, n) {
    let best = null;
    for (let end = n; end <= solves.length; end++) {
      const a = averageOf(solves, n, end);
      if (best === null || a < best) best = a;
    }
    return best;
  }

  /** The best single (null when none). */
  function bestSingle(solves) {
    return solves.length ? Math.min(...solves.map(value)) : null;
  }

  /** "12.34", "1:02.50", "DNF", "–": times are shown to the hundredth, rounded. */
  function format(ms) {
    if (ms === null || ms === undefined) return "–";
    if (ms === Infinity) return "DNF";
    const cs = Math.round(ms / 10);
    const minutes = Math.floor(cs / 6000);
    const rest = cs - minutes * 6000;
    const seconds = (rest / 100).toFixed(2);
    return minutes ? `${minutes}:${seconds.padStart(5, "0")}` : seconds;
  }

  /** A solve as listed: the time with its penalty ("12.34+", "DNF(12.34)"). */
  function formatSolve(solve) {
    if (solve.penalty === DNF) return `DNF(${format(solve.time)})`;
    if (solve.penalty === PLUS2) return `${format(solve.time + PLUS2)}+`;
    return format(solve.time);
  }

  // ---------- storage: IndexedDB, one record per session ----------

  const DB_NAME = "rubik-timer";
  let db = null;

  function openDb() {
    return new Promise((resolve) => {
      if (!window.indexedDB) { resolve(null); return; }
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore("sessions", { keyPath: "id" });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null); // private browsing: sessions live until the page closes
    });
  }

  function store(mode) {
    return db.transaction("sessions", mode).objectStore("sessions");
  }

  function loadSessions() {
    return new Promise((resolve) => {
      if (!db) { resolve([]); return; }
      const req = store("readonly").getAll();
      req.onsuccess = () => resolve(req.result || []);
      req.onerror = () => resolve([]);
    });
  }

  /** Saves `session` (whole); resolves when written. */
  function save(session) {
    return new Promise((resolve) => {
      if (!db) { resolve(); return; }
      const tx = db.transaction("sessions", "readwrite");
      tx.objectStore("sessions").put(session);
      tx.oncomplete = () => resolve();
      tx.onerror = () => resolve();
    });
  }

  function remove(id) {
    return new Promise((resolve) => {
      if (!db) { resolve(); return; }
      const tx = db.transaction("sessions", "readwrite");
      tx.objectStore("sessions").delete(id);
      tx.oncomplete = () => resolve();
      tx.onerror = () => resolve();
    });
  }

  // ---------- state ----------

  const timer = {
    sessions: [], // {id, name, solves: [{time, penalty, scramble, date, case?}]}
    current: null, // the session shown
    phase: "idle", // idle | inspecting | ready | running
    inspection: true,
    inspectStart: 0,
    inspectPenalty: 0, // the penalty inspection earned (0, +2 or DNF)
    start: 0,
    scramble: "",
    scrambleFacelets: null,
    dealt: 0, // scrambles dealt so far (two in a row may be the same: a drill set is small)
    frame: null,
    mode: "timer", // "timer", or "drill" while the trainer deals the scrambles
    source: null, // the trainer's scramble source: {next(): Promise<{scramble, facelets, case}>}
    onSolve: null, // the trainer's hook after a solve
    onStart: null, // and before the next one starts
  };

  function newId() {
    return `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  }

  async function createSession(name, kind) {
    const session = { id: newId(), name, kind: kind || "timer", solves: [], created: Date.now() };
    timer.sessions.push(session);
    await save(session);
    return session;
  }

  /** The session to show for `kind` ("timer" or a drill's set): the last used, else a new one. */
  async function sessionFor(kind, name) {
    let s = timer.sessions.filter((x) => (x.kind || "timer") === kind).pop();
    if (!s) s = await createSession(name, kind);
    return s;
  }

  // ---------- the section ----------

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const c of children || []) e.appendChild(c);
    return e;
  }

  function build() {
    // The page's modes, in the top bar: solver, timer, trainer.
    const modes = el("div", { class: "segmented modes", role: "group", id: "modes" }, [
      el("button", { type: "button", "data-mode": "solve" }),
      el("button", { type: "button", "data-mode": "timer" }),
      el("button", { type: "button", "data-mode": "drill" }),
    ]);
    const bar = document.querySelector(".topbar");
    bar.insertBefore(modes, bar.querySelector(".lang"));

    const section = el("section", { id: "timer-section", class: "timer-section", hidden: "" }, [
      el("div", { class: "timer-bar" }, [
        el("label", { for: "session", id: "session-label", class: "sr-only" }),
        el("select", { id: "session" }),
        el("button", { type: "button", id: "session-new", class: "ghost" }),
        el("button", { type: "button", id: "session-delete", class: "ghost" }),
        el("button", { type: "button", id: "timer-export", class: "ghost" }),
        el("label", { class: "file-button ghost", id: "timer-import-label" }, [
          el("span", { id: "timer-import-text" }),
          el("input", { type: "file", id: "timer-import", accept: ".json,.txt,application/json" }),
        ]),
        el("label", { class: "inspection-choice" }, [el("input", { type: "checkbox", id: "inspection" }), el("span", { id: "inspection-text" })]),
      ]),
      el("div", { id: "drill-bar", class: "drill-bar", hidden: "" }),
      el("div", { class: "scramble-row" }, [
        el("p", { id: "timer-scramble", class: "timer-scramble" }),
        el("button", { type: "button", id: "timer-next", class: "ghost" }),
      ]),
      el("div", { id: "timer-pad", class: "timer-pad", tabindex: "0" }, [
        el("div", { id: "timer-display", class: "timer-display", text: "0.00" }),
        el("p", { id: "timer-hint", class: "timer-hint" }),
      ]),
      el("div", { id: "timer-case", class: "timer-case" }),
      el("div", { class: "penalties", id: "penalties" }, [
        el("button", { type: "button", "data-penalty": "0" }),
        el("button", { type: "button", "data-penalty": "2000" }),
        el("button", { type: "button", "data-penalty": "-1" }),
        el("button", { type: "button", id: "solve-delete", class: "ghost" }),
      ]),
      el("div", { class: "timer-columns" }, [
        el("div", { class: "card" }, [el("table", { id: "timer-stats", class: "timer-stats" })]),
        el("div", { class: "card" }, [el("div", { id: "timer-plot", class: "timer-plot" })]),
        el("div", { class: "card times-card" }, [
          el("h3", { id: "times-title", class: "algs-title" }),
          el("ol", { id: "timer-times", class: "timer-times", reversed: "" }),
        ]),
        el("div", { class: "card", id: "cases-card", hidden: "" }, [
          el("h3", { id: "cases-title", class: "algs-title" }),
          el("table", { id: "timer-cases", class: "timer-cases" }),
        ]),
      ]),
      el("p", { id: "timer-message", class: "message", role: "status", "aria-live": "polite" }),
    ]);
    document.querySelector("main").after(section);
  }

  function setMode(mode) {
    document.body.dataset.pageMode = mode;
    document.querySelectorAll("#modes [data-mode]").forEach((b) => b.classList.toggle("on", b.dataset.mode === mode));
    $("timer-section").hidden = mode === "solve";
    document.querySelector("main.layout").hidden = mode !== "solve";
    try { localStorage.setItem("rubik.mode", mode); } catch (e) { /* private mode */ }
    if (mode !== "solve") {
      timer.mode = mode;
      if (window.rubikTrainer) window.rubikTrainer.activate(mode === "drill");
      $("timer-pad").focus({ preventScroll: true });
    }
  }

  // ---------- the timer itself ----------

  function now() { return performance.now(); }

  function display(text, cls) {
    const d = $("timer-display");
    d.textContent = text;
    d.className = "timer-display " + (cls || "");
  }

  function tick() {
    if (timer.phase === "running") {
      display(format(now() - timer.start), "running");
    } else if (timer.phase === "inspecting" || (timer.phase === "ready" && timer.inspectStart)) {
      const used = now() - timer.inspectStart;
      const left = Math.ceil((INSPECTION_MS - used) / 1000);
      const text = used >= INSPECTION_DNF_MS ? "DNF" : used >= INSPECTION_MS ? "+2" : String(left);
      display(text, timer.phase === "ready" ? "ready" : "inspecting");
    } else {
      timer.frame = null;
      return;
    }
    timer.frame = requestAnimationFrame(tick);
  }

  function startTicking() {
    if (!timer.frame) timer.frame = requestAnimationFrame(tick);
  }

  /** The inspection's penalty when the solve starts `used` ms into it (WCA 10f). */
  function inspectionPenalty(used) {
    if (used > INSPECTION_DNF_MS) return DNF;
    if (used > INSPECTION_MS) return PLUS2;
    return 0;
  }

  /** A press (Space down, touch start): starts inspection, readies, or stops the timer. */
  function press() {
    if (timer.phase === "running") { stop(); return true; }
    if (timer.phase === "idle" && timer.onStart) timer.onStart();
    if (timer.phase === "idle" && timer.inspection) {
      timer.phase = "inspecting";
      timer.inspectStart = now();
      renderHint();
      startTicking();
      return true;
    }
    if (timer.phase === "idle" || timer.phase === "inspecting") {
      timer.phase = "ready";
      if (!timer.inspection) display(format(0), "ready");
      renderHint();
      return true;
    }
    return false;
  }

  /** A release (Space up, touch end): a readied timer starts. */
  function release() {
    if (timer.phase !== "ready") return false;
    timer.inspectPenalty = timer.inspectStart ? inspectionPenalty(now() - timer.inspectStart) : 0;
    timer.phase = "running";
    timer.start = now();
    renderHint();
    startTicking();
    return true;
  }

  async function stop() {
    const elapsed = now() - timer.start;
    // The state this solve was scrambled into, taken now: the next scramble may come meanwhile.
    const facelets = timer.scrambleFacelets;
    timer.phase = "idle";
    timer.inspectStart = 0;
    const solve = {
      time: Math.round(elapsed),
      penalty: timer.inspectPenalty,
      scramble: timer.scramble,
      date: Date.now(),
    };
    if (timer.case) solve.case = timer.case;
    await addSolve(solve);
    display(formatSolve(solve));
    renderHint();
    if (timer.onSolve) timer.onSolve(solve, facelets);
    nextScramble();
  }

  // The page shows a change at once and stores it after: what is on screen never lags the model.
  async function addSolve(solve) {
    timer.current.solves.push(solve);
    render();
    await save(timer.current);
  }

  async function setPenalty(index, penalty) {
    const s = timer.current.solves[index];
    if (!s) return;
    s.penalty = penalty;
    display(formatSolve(s));
    render();
    await save(timer.current);
  }

  async function deleteSolve(index) {
    if (!timer.current.solves[index]) return;
    timer.current.solves.splice(index, 1);
    render();
    await save(timer.current);
  }

  /** A new scramble: the trainer's when it deals them, else a random state's (GET /api/scramble). */
  /**
   * Forgets the shown scramble at once (a new one is on its way): a solve timed meanwhile is not
   * filed under the old one, and a fetch still under way for it is ignored.
   */
  function forgetScramble() {
    scrambleSeq++;
    timer.scramble = "";
    timer.scrambleFacelets = null;
    timer.case = null;
    $("timer-scramble").textContent = P.t("scrambling");
  }

  async function nextScramble() {
    forgetScramble();
    const seq = scrambleSeq;
    try {
      let next;
      if (timer.source) next = await timer.source.next();
      else {
        const res = await P.api("GET", "/api/scramble");
        next = { scramble: res.scramble, facelets: res.facelets };
      }
      if (seq !== scrambleSeq) return;
      timer.scramble = next.scramble;
      timer.scrambleFacelets = next.facelets;
      timer.dealt++;
      timer.case = next.case || null;
      $("timer-scramble").textContent = next.scramble;
      message("");
    } catch (e) {
      if (seq !== scrambleSeq) return;
      timer.scramble = "";
      $("timer-scramble").textContent = "";
      message(P.errorText(e), "bad");
    }
  }
  let scrambleSeq = 0;

  function message(text, kind) {
    const m = $("timer-message");
    m.textContent = text || "";
    m.className = "message " + (kind || "");
  }

  // ---------- rendering ----------

  function renderHint() {
    const key = { idle: timer.inspection ? "hintInspect" : "hintStart", inspecting: "hintInspecting", ready: "hintReady", running: "hintRunning" }[timer.phase];
    $("timer-hint").textContent = t(key);
    document.body.classList.toggle("timing", timer.phase === "running" || timer.phase === "ready");
  }

  function renderSessions() {
    const select = $("session");
    const kind = timer.current ? timer.current.kind || "timer" : "timer";
    const shown = timer.sessions.filter((s) => (s.kind || "timer") === kind);
    select.replaceChildren(...shown.map((s) => {
      const o = el("option", { value: s.id });
      o.textContent = `${s.name} (${s.solves.length})`;
      return o;
    }));
    if (timer.current) select.value = timer.current.id;
  }

  function render() {
    if (!timer.current) return;
    renderSessions();
    const solves = timer.current.solves;
    $("penalties").hidden = solves.length === 0;
    // Statistics: current and best of single, mo3-free ao5, ao12, ao100.
    const rows = [["", t("current"), t("best")], [t("single"), solves.length ? formatSolve(solves[solves.length - 1]) : "–", format(bestSingle(solves))]];
    for (const n of AVERAGES) rows.push([`ao${n}`, format(averageOf(solves, n)), format(bestAverage(solves, n))]);
    const valid = solves.filter((s) => value(s) !== Infinity);
    const mean = valid.length ? valid.reduce((a, s) => a + value(s), 0) / valid.length : null;
    rows.push([t("mean"), format(mean), t("count", { n: solves.length })]);
    const table = $("timer-stats");
    table.replaceChildren(...rows.map((r, i) => el("tr", {}, r.map((c, j) => {
      const cell = el(i === 0 || j === 0 ? "th" : "td", { text: c });
      if (i > 0 && j > 0) cell.dataset.stat = `${j === 1 ? "current" : "best"}-${rows[i][0] === t("single") ? "single" : rows[i][0] === t("mean") ? "mean" : rows[i][0]}`;
      return cell;
    }))));
    // The list, newest first, with each solve's ao5 and its penalty buttons.
    $("times-title").textContent = t("times", { n: solves.length });
    const list = $("timer-times");
    const items = [];
    for (let i = solves.length - 1; i >= 0 && items.length < 200; i--) {
      const s = solves[i];
      const li = el("li", { "data-i": String(i) }, [
        el("span", { class: "time-value", text: formatSolve(s) }),
        el("span", { class: "time-ao5", text: i >= 4 ? `ao5 ${format(averageOf(solves, 5, i + 1))}` : "" }),
        el("button", { type: "button", class: "mini", "data-penalty": "2000", "data-i": String(i), text: "+2", title: t("plus2") }),
        el("button", { type: "button", class: "mini", "data-penalty": "-1", "data-i": String(i), text: "DNF", title: t("dnf") }),
        el("button", { type: "button", class: "mini", "data-delete": String(i), text: "×", title: t("delete") }),
      ]);
      li.title = s.scramble || "";
      items.push(li);
    }
    list.replaceChildren(...items);
    renderPlot(solves);
    if (timer.renderExtra) timer.renderExtra(solves);
  }

  /** The times (dots and line) and the running ao5 over the session, as SVG. */
  function renderPlot(solves) {
    const box = $("timer-plot");
    box.textContent = "";
    const points = solves.map((s, i) => [i, value(s)]).filter(([, v]) => v !== Infinity);
    if (points.length < 2) { box.textContent = t("plotEmpty"); return; }
    const W = 320;
    const H = 150;
    const pad = 28;
    const vals = points.map((p) => p[1]);
    const lo = Math.min(...vals);
    const hi = Math.max(...vals);
    const span = hi - lo || 1;
    const x = (i) => pad + ((W - pad - 6) * i) / Math.max(1, solves.length - 1);
    const y = (v) => H - 18 - ((H - 30) * (v - lo)) / span;
    const NS = "http://www.w3.org/2000/svg";
    const s = document.createElementNS(NS, "svg");
    s.setAttribute("viewBox", `0 0 ${W} ${H}`);
    s.setAttribute("class", "plot");
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", t("plotLabel"));
    const line = (pts, cls) => {
      const p = document.createElementNS(NS, "polyline");
      p.setAttribute("points", pts.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
      p.setAttribute("class", cls);
      s.appendChild(p);
    };
    line(points, "plot-times");
    const ao5 = [];
    for (let end = 5; end <= solves.length; end++) {
      const a = averageOf(solves, 5, end);
      if (a !== Infinity && a !== null) ao5.push([end - 1, a]);
    }
    if (ao5.length > 1) line(ao5, "plot-ao5");
    for (const [v, label] of [[hi, format(hi)], [lo, format(lo)]]) {
      const tx = document.createElementNS(NS, "text");
      tx.setAttribute("x", "2");
      tx.setAttribute("y", String(y(v) + 4));
      tx.setAttribute("class", "plot-label");
      tx.textContent = label;
      s.appendChild(tx);
    }
    box.appendChild(s);
  }

  function renderTexts() {
    document.querySelectorAll("#modes [data-mode]").forEach((b) => { b.textContent = t("modes." + b.dataset.mode); });
    $("session-label").textContent = t("session");
    $("session-new").textContent = t("newSession");
    $("session-delete").textContent = t("deleteSession");
    $("timer-export").textContent = t("export");
    $("timer-import-text").textContent = t("import");
    $("inspection-text").textContent = t("inspection");
    $("timer-next").textContent = t("nextScramble");
    document.querySelector('#penalties [data-penalty="0"]').textContent = t("ok");
    document.querySelector('#penalties [data-penalty="2000"]').textContent = "+2";
    document.querySelector('#penalties [data-penalty="-1"]').textContent = "DNF";
    $("solve-delete").textContent = t("delete");
    $("penalties").setAttribute("aria-label", t("penaltyLast"));
    renderHint();
    render();
  }

  // ---------- export and import (csTimer's format) ----------

  /**
   * The sessions in csTimer's export format: `session1`… each a list of
   * `[[penalty, milliseconds], scramble, comment, unix seconds]`, and `properties.sessionData`
   * (a JSON text) naming them.
   */
  function exportJson() {
    const out = {};
    const data = {};
    timer.sessions.forEach((s, i) => {
      out[`session${i + 1}`] = s.solves.map((x) => [[x.penalty, x.time], x.scramble || "", x.case || "", Math.round((x.date || 0) / 1000)]);
      data[i + 1] = { name: s.name, opt: {}, rank: i + 1, stat: [s.solves.length, 0, -1], date: [s.created || null, null], rubikKind: s.kind || "timer" };
    });
    out.properties = { sessionData: JSON.stringify(data) };
    return JSON.stringify(out);
  }

  /**
   * Reads csTimer's export (or ours, the same format): one session per non-empty `sessionN`,
   * named from `properties.sessionData`. Returns the sessions read.
   */
  function parseExport(text) {
    const json = JSON.parse(text);
    if (!json || typeof json !== "object") throw new Error(t("importBad"));
    let names = {};
    const props = json.properties;
    if (props && props.sessionData) {
      try {
        names = typeof props.sessionData === "string" ? JSON.parse(props.sessionData) : props.sessionData;
      } catch (e) {
        names = {};
      }
    }
    const sessions = [];
    for (const key of Object.keys(json)) {
      const m = /^session(\d+)$/.exec(key);
      if (!m || !Array.isArray(json[key])) continue;
      const solves = [];
      for (const row of json[key]) {
        if (!Array.isArray(row) || !Array.isArray(row[0]) || row[0].length < 2) continue;
        const penalty = Number(row[0][0]);
        const time = Number(row[0][1]);
        if (!Number.isFinite(time) || time < 0) continue;
        solves.push({
          time,
          penalty: penalty === DNF ? DNF : penalty === PLUS2 ? PLUS2 : 0,
          scramble: typeof row[1] === "string" ? row[1] : "",
          date: Number(row[3]) * 1000 || 0,
          ...(typeof row[2] === "string" && row[2] ? { case: row[2] } : {}),
        });
      }
      if (!solves.length) continue;
      const info = names[m[1]] || {};
      sessions.push({ name: info.name ? String(info.name) : t("importedSession", { n: m[1] }), kind: info.rubikKind || "timer", solves });
    }
    if (!sessions.length) throw new Error(t("importEmpty"));
    return sessions;
  }

  async function importText(text) {
    let read;
    try {
      read = parseExport(text);
    } catch (e) {
      message(e instanceof SyntaxError ? t("importBad") : e.message, "bad");
      return;
    }
    let last = null;
    for (const s of read) {
      const session = { id: newId(), name: s.name, kind: s.kind, solves: s.solves, created: Date.now() };
      timer.sessions.push(session);
      await save(session);
      if ((s.kind || "timer") === (timer.current.kind || "timer")) last = session;
    }
    if (last) timer.current = last;
    render();
    const solves = read.reduce((a, s) => a + s.solves.length, 0);
    message(t("imported", { n: solves, sessions: read.length }), "ok");
  }

  function download() {
    const blob = new Blob([exportJson()], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `rubik-times-${new Date().toISOString().slice(0, 10)}.json` });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 0);
  }

  // ---------- wiring ----------

  function inTimer() {
    return document.body.dataset.pageMode === "timer" || document.body.dataset.pageMode === "drill";
  }

  /** Whether `target` takes typed text (Space is then a space, not the timer). */
  function typing(target) {
    const tag = (target.tagName || "").toLowerCase();
    if (tag === "select" || tag === "textarea") return true;
    return tag === "input" && !["checkbox", "radio", "button", "file"].includes(target.type);
  }

  function wire() {
    document.querySelectorAll("#modes [data-mode]").forEach((b) => b.addEventListener("click", () => setMode(b.dataset.mode)));
    // Space works anywhere in the timer but in its form fields; the page's turn keys are not for it.
    document.addEventListener("keydown", (e) => {
      if (!inTimer() || typing(e.target)) return;
      if (e.code === "Space") {
        e.preventDefault();
        e.stopPropagation();
        if (!e.repeat) press();
        return;
      }
      // Any key stops a running timer (as on a stackmat, a hand on it).
      if (timer.phase === "running" && !e.repeat) { e.preventDefault(); e.stopPropagation(); stop(); return; }
      if (!e.ctrlKey && !e.metaKey && !e.altKey) e.stopPropagation();
    }, true);
    document.addEventListener("keyup", (e) => {
      if (!inTimer() || e.code !== "Space" || typing(e.target)) return;
      e.preventDefault();
      release();
    }, true);
    const pad = $("timer-pad");
    pad.addEventListener("touchstart", (e) => { e.preventDefault(); press(); }, { passive: false });
    pad.addEventListener("touchend", (e) => { e.preventDefault(); release(); }, { passive: false });
    pad.addEventListener("mousedown", (e) => { if (e.button === 0) press(); });
    pad.addEventListener("mouseup", (e) => { if (e.button === 0) release(); });
    $("inspection").addEventListener("change", () => {
      timer.inspection = $("inspection").checked;
      try { localStorage.setItem("rubik.inspection", timer.inspection ? "on" : "off"); } catch (e) { /* private */ }
      renderHint();
    });
    $("penalties").addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      const last = timer.current.solves.length - 1;
      if (b.id === "solve-delete") deleteSolve(last);
      else setPenalty(last, Number(b.dataset.penalty));
    });
    $("timer-times").addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      if (b.dataset.delete !== undefined) { deleteSolve(Number(b.dataset.delete)); return; }
      const i = Number(b.dataset.i);
      const p = Number(b.dataset.penalty);
      setPenalty(i, timer.current.solves[i].penalty === p ? 0 : p);
    });
    $("session").addEventListener("change", () => {
      timer.current = timer.sessions.find((s) => s.id === $("session").value) || timer.current;
      render();
    });
    $("session-new").addEventListener("click", async () => {
      const kind = timer.current.kind || "timer";
      const n = timer.sessions.filter((s) => (s.kind || "timer") === kind).length + 1;
      timer.current = await createSession(kind === "timer" ? t("sessionName", { n }) : `${timer.current.name.replace(/ \d+$/, "")} ${n}`, kind);
      render();
    });
    $("session-delete").addEventListener("click", async () => {
      const s = timer.current;
      if (s.solves.length && !window.confirm(t("confirmDelete", { name: s.name, n: s.solves.length }))) return;
      timer.sessions = timer.sessions.filter((x) => x !== s);
      await remove(s.id);
      const kind = s.kind || "timer";
      timer.current = await sessionFor(kind, kind === "timer" ? t("sessionName", { n: 1 }) : s.name);
      render();
    });
    $("timer-export").addEventListener("click", download);
    $("timer-import").addEventListener("change", async () => {
      const file = $("timer-import").files[0];
      if (!file) return;
      await importText(await file.text());
      $("timer-import").value = "";
    });
    $("timer-next").addEventListener("click", nextScramble);
  }

  async function init() {
    build();
    try { timer.inspection = localStorage.getItem("rubik.inspection") !== "off"; } catch (e) { timer.inspection = true; }
    $("inspection").checked = timer.inspection;
    db = await openDb();
    timer.sessions = await loadSessions();
    timer.sessions.sort((a, b) => (a.created || 0) - (b.created || 0));
    timer.current = await sessionFor("timer", t("sessionName", { n: 1 }));
    wire();
    const previous = P.hooks.texts;
    P.hooks.texts = () => { if (previous) previous(); renderTexts(); };
    renderTexts();
    let mode = "solve";
    try { mode = localStorage.getItem("rubik.mode") || "solve"; } catch (e) { mode = "solve"; }
    const hashMode = /(^|[#&])mode=(\w+)/.exec(location.hash);
    if (hashMode) mode = hashMode[2];
    ready = true;
    setMode(["solve", "timer", "drill"].includes(mode) ? mode : "solve");
  }
  let ready = false;

  /** What the trainer (trainer.js) uses. */
  window.rubikTimer = {
    timer,
    format,
    formatSolve,
    value,
    averageOf,
    render,
    nextScramble,
    forgetScramble,
    message,
    sessionFor,
    /** Shows `session` (one of `timer.sessions`). */
    show: (session) => { timer.current = session; render(); },
    DNF,
    PLUS2,
  };

  // For the end-to-end tests: the session's numbers as shown, and the import without a file picker.
  window.rubik = Object.assign(window.rubik || {}, {
    timerReady: () => ready,
    timerPhase: () => timer.phase,
    timerSolves: () => (timer.current ? timer.current.solves.map((s) => ({ ...s })) : []),
    timerStat: (name) => { const c = document.querySelector(`#timer-stats [data-stat="${name}"]`); return c ? c.textContent : null; },
    timerImport: (text) => importText(text),
    timerExport: () => exportJson(),
    timerSession: () => (timer.current ? { name: timer.current.name, kind: timer.current.kind, count: timer.current.solves.length } : null),
    timerScramble: () => timer.scramble,
    timerDealt: () => timer.dealt,
  });

  init();
})();
