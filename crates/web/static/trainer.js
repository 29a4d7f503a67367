// The trainer: drills of one training set (PLL, OLL, ZBLL…), each scramble a uniformly random
// state of the set from the server (GET /api/scramble?subset=, as `rubik scramble --subset`),
// timed with the timer (timer.js). After each solve the case is shown as a picture drawn from
// the scramble's state (caseview.js), and the session keeps the times of each case: cases are
// told apart up to the turns of U before and after (AUF), the way cubers count them.
"use strict";

(function () {
  const P = window.rubikPage;
  const M = window.RubikModel;
  const T = window.rubikTimer;
  const V = window.rubikCaseView;
  if (!P || !M || !T || !V) return;
  const $ = (id) => document.getElementById(id);
  const t = (key, params) => P.t("trainer." + key, params);

  /** The sets offered (the server's subset names), last-layer sets first. */
  const SETS = ["pll", "oll", "coll", "zbll", "ell", "ll", "lsll", "f2l"];
  const U_TURNS = [[], [M.move("U", 1)], [M.move("U", 2)], [M.move("U", 3)]];

  const trainer = { set: "pll", active: false };

  /**
   * The case a scramble makes, up to AUF: the least of the 16 facelet strings of U^a · scramble
   * · U^b. Two scrambles of one case (seen from any side) get the same key.
   */
  function caseKey(scrambleMoves) {
    let best = null;
    for (const pre of U_TURNS) {
      const from = M.applyAll(M.solvedState(), pre);
      const at = M.applyAll(from, scrambleMoves);
      for (const post of U_TURNS) {
        const s = M.applyAll(at, post).join("");
        if (best === null || s < best) best = s;
      }
    }
    return best;
  }

  /** Deals the set's scrambles for the timer. */
  const source = {
    async next() {
      const res = await P.api("GET", `/api/scramble?subset=${encodeURIComponent(trainer.set)}`);
      const moves = M.parse(res.scramble);
      const reached = M.applyAll(M.solvedState(), moves).join("");
      // The page checks the server's word: the scramble makes the state it says.
      if (reached !== res.facelets) throw { category: "other", error: t("mismatch") };
      return { scramble: res.scramble, facelets: res.facelets, case: caseKey(moves) };
    },
  };

  function label(set) {
    return t("sets." + set);
  }

  /** After a solve: the case's picture, from the state the scramble made. */
  function showCase(solve, facelets) {
    const box = $("timer-case");
    box.textContent = "";
    if (!facelets) return;
    const state = facelets.split("");
    const pic = V.forState(state, t("casePicture"));
    pic.dataset.facelets = facelets;
    const caption = document.createElement("p");
    caption.className = "case-caption";
    const same = T.timer.current.solves.filter((s) => s.case === solve.case);
    caption.textContent = t("caseSeen", { n: same.length, time: T.formatSolve(solve) });
    box.append(pic, caption);
  }

  /** Per-case times of the drill's session: picture, count, mean and best, slowest mean first. */
  function renderCases(solves) {
    const card = $("cases-card");
    card.hidden = !trainer.active;
    if (!trainer.active) return;
    $("cases-title").textContent = t("perCase");
    const byCase = new Map();
    for (const s of solves) {
      if (!s.case) continue;
      if (!byCase.has(s.case)) byCase.set(s.case, []);
      byCase.get(s.case).push(s);
    }
    const rows = [...byCase.entries()].map(([key, list]) => {
      const values = list.map(T.value).filter((v) => v !== Infinity);
      const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : Infinity;
      return { key, list, mean, best: values.length ? Math.min(...values) : Infinity };
    }).sort((a, b) => b.mean - a.mean);
    const table = $("timer-cases");
    const head = document.createElement("tr");
    for (const h of [t("case"), t("count"), t("mean"), t("best")]) {
      const th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    }
    table.replaceChildren(head, ...rows.map((r) => {
      const tr = document.createElement("tr");
      const pic = document.createElement("td");
      pic.appendChild(V.forState(r.key.split(""), t("casePicture")));
      tr.appendChild(pic);
      for (const v of [String(r.list.length), T.format(r.mean), T.format(r.best)]) {
        const td = document.createElement("td");
        td.textContent = v;
        tr.appendChild(td);
      }
      return tr;
    }));
  }

  function buildBar() {
    const bar = $("drill-bar");
    const select = document.createElement("select");
    select.id = "drill-set";
    for (const s of SETS) {
      const o = document.createElement("option");
      o.value = s;
      select.appendChild(o);
    }
    const lab = document.createElement("label");
    lab.htmlFor = "drill-set";
    lab.id = "drill-set-label";
    const hint = document.createElement("span");
    hint.id = "drill-hint";
    hint.className = "goal-hint";
    bar.append(lab, select, hint);
    select.addEventListener("change", () => chooseSet(select.value));
  }

  async function chooseSet(set) {
    // The old set's scramble goes at once: no solve is timed under it while the new session opens.
    T.forgetScramble();
    trainer.set = set;
    $("drill-set").value = set;
    try { localStorage.setItem("rubik.drill", set); } catch (e) { /* private */ }
    T.show(await T.sessionFor(`drill:${set}`, t("sessionName", { set: label(set) })));
    $("timer-case").textContent = "";
    T.nextScramble();
  }

  /** The timer's mode: drilling (this file deals the scrambles) or plain timing. */
  async function activate(on) {
    trainer.active = on;
    $("drill-bar").hidden = !on;
    $("timer-case").textContent = "";
    T.timer.source = on ? source : null;
    T.timer.onSolve = on ? showCase : null;
    // The last case's picture stays until the next solve starts.
    T.timer.onStart = on ? () => { $("timer-case").textContent = ""; } : null;
    if (on) await chooseSet(trainer.set);
    else {
      T.show(await T.sessionFor("timer", P.t("timer.sessionName", { n: 1 })));
      T.nextScramble();
    }
  }

  function renderTexts() {
    $("drill-set-label").textContent = t("set");
    for (const o of $("drill-set").options) o.textContent = label(o.value);
    $("drill-hint").textContent = t("hint");
  }

  buildBar();
  try { trainer.set = SETS.includes(localStorage.getItem("rubik.drill")) ? localStorage.getItem("rubik.drill") : "pll"; } catch (e) { trainer.set = "pll"; }
  $("drill-set").value = trainer.set;
  T.timer.renderExtra = renderCases;
  const previous = P.hooks.texts;
  P.hooks.texts = () => { if (previous) previous(); renderTexts(); };
  renderTexts();

  window.rubikTrainer = { activate, caseKey };
  window.rubik = Object.assign(window.rubik || {}, {
    drillSet: () => trainer.set,
    chooseDrill: (set) => chooseSet(set),
  });
})();
