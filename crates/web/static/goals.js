// Goals, move sets and algorithms on the page: a goal (named, or painted with grey don't-care
// stickers) the shown cube is solved to (POST /api/goal), the turns allowed (GET /api/moveset),
// and an "Algorithms" list for the shown case (POST /api/algs), each answer playable on the cube.
"use strict";

(function () {
  const P = window.rubikPage;
  const M = window.RubikModel;
  if (!P || !M) return;
  const $ = (id) => document.getElementById(id);
  const t = (key, params) => P.t("goals." + key, params);

  /** The named goals offered (the API takes these names; `:FACE` variants can be painted). */
  const NAMED = ["cross", "f2l", "f2l-1", "oll", "2x2x2", "2x2x3", "eo", "dr", "solved"];
  /** Move-set presets: the text sent as `moves` ("" = all 18 face turns). */
  const PRESETS = [["", "all"], ["R,U", "⟨R,U⟩"], ["R,U,F", "⟨R,U,F⟩"], ["R,U,L", "⟨R,U,L⟩"], ["M,U", "⟨M,U⟩"]];
  /** Algorithms listed per search. */
  const ALG_COUNT = 12;
  const CENTRES = [4, 13, 22, 31, 40, 49];

  const goals = {
    name: "cross", // a NAMED entry, or "custom" for a painted pattern
    pattern: null, // 54 letters, `?` = don't care, when the goal has a sticker picture
    editing: false,
    moves: "",
    busy: null, // "goal" | "algs" while a request runs
    controller: null, // the AbortController of that request (its button reads Cancel meanwhile)
    algs: null, // the last answer of /api/algs with the state it was asked for
  };

  // ---------- sticker pictures of the named goals ----------

  /** The faces of the piece each sticker belongs to (in the solved cube). */
  const PIECE_FACES = M.STICKERS.map((s) =>
    M.STICKERS.filter((o) => o.pos.join() === s.pos.join()).map((o) => o.face));

  /** The solved cube's stickers, keeping those of pieces `keep(faces)` accepts; `?` elsewhere. */
  function keeping(keep) {
    return M.STICKERS.map((s, i) => (CENTRES.includes(i) || keep(PIECE_FACES[i]) ? s.face : "?"));
  }

  /**
   * The picture of a named goal on its default place (as the server reads the bare name), or
   * null for goals stickers cannot show (edge orientation, domino reduction).
   */
  function picture(name) {
    const has = (faces, f) => faces.includes(f);
    switch (name) {
      case "solved": case "case": return keeping(() => true);
      case "cross": return keeping((f) => f.length === 2 && has(f, "D"));
      case "f2l": return keeping((f) => !has(f, "U"));
      case "f2l-1": return keeping((f) => !has(f, "U") && !(has(f, "F") && has(f, "R")));
      case "oll": {
        const p = keeping((f) => !has(f, "U"));
        for (let i = 0; i < 9; i++) p[i] = "U";
        return p;
      }
      case "2x2x2": return keeping((f) => !f.some((x) => ["U", "F", "R"].includes(x)));
      case "2x2x3": return keeping((f) => !f.some((x) => ["U", "R"].includes(x)));
      default: return null;
    }
  }

  /** What the goal is sent as: its name, or the painted pattern (a listed case's is solved). */
  function goalText() {
    if (goals.name === "case") return "solved";
    return goals.name === "custom" ? goals.pattern.join("") : goals.name;
  }

  /**
   * The training set a state's case belongs to, from its stickers: "pll" (first two layers
   * solved, the last layer oriented), "oll" (first two layers solved), "f2l" (the cross on D
   * solved), else "any". A sticker is solved when it has its face centre's colour.
   */
  function caseSet(state) {
    const solved = (i) => state[i] === state[CENTRES[Math.floor(i / 9)]];
    const piecesSolved = (keep) => M.STICKERS.every((st, i) => !keep(PIECE_FACES[i]) || solved(i));
    if (M.isSolved(state)) return "any";
    if (piecesSolved((f) => !f.includes("U"))) {
      return [0, 1, 2, 3, 5, 6, 7, 8].every((i) => state[i] === state[4]) ? "pll" : "oll";
    }
    if (piecesSolved((f) => f.length === 2 && f.includes("D"))) return "f2l";
    return "any";
  }

  /** Training sets the server names cases by ("PLL Ua-perm", "ZBLL S 62"). */
  const SET_NAMES = ["PLL", "OLL", "ZBLL", "COLL", "OLLCP", "CMLL", "CLL", "ELL", "ZBLS", "VLS", "WV", "F2L"];

  /**
   * The set of a listed case: the server's name for it when that opens with a training set's
   * name, else the set its stickers show (`caseSet`). `{key, name}`, key "any" when none.
   */
  function caseSetOf(caseName, state) {
    const first = String(caseName || "").split(/\s+/)[0].toUpperCase();
    if (SET_NAMES.includes(first)) return { key: first.toLowerCase(), name: first };
    const key = caseSet(state);
    return { key, name: key === "any" ? "" : key.toUpperCase() };
  }

  /**
   * While algorithms are listed the Goal menu names the case's set ("PLL case: solved"): the
   * algorithms solve the cube from that case. Gone with the list.
   */
  function showCaseGoal(set) {
    const select = $("goal-name");
    let option = select.querySelector('option[value="case"]');
    if (set === null) {
      if (option) option.remove();
      if (goals.name === "case") chooseGoal(goals.before || "cross");
      return;
    }
    if (!option) {
      option = el("option", { value: "case" });
      select.insertBefore(option, select.firstChild);
    }
    option.dataset.set = set.key;
    option.dataset.name = set.name || "";
    if (goals.name !== "case") goals.before = goals.name;
    chooseGoal("case");
  }

  // ---------- the card ----------

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else e.setAttribute(k, v);
    }
    for (const c of children || []) e.appendChild(c);
    return e;
  }

  function build() {
    const card = el("div", { class: "card goals", id: "goals-card" });
    card.appendChild(el("h2", { id: "goals-title", class: "card-title" }));
    const goalRow = el("div", { class: "goal-row" }, [
      el("label", { for: "goal-name", id: "goal-label" }),
      el("select", { id: "goal-name" }),
      el("button", { type: "button", id: "goal-edit", class: "ghost" }),
    ]);
    card.appendChild(goalRow);
    card.appendChild(el("p", { id: "goal-hint", class: "goal-hint" }));
    card.appendChild(el("div", { class: "goal-row" }, [
      el("label", { for: "moveset", id: "moveset-label" }),
      el("input", { id: "moveset", type: "text", spellcheck: "false", autocomplete: "off", placeholder: "R,U" }),
    ]));
    const presets = el("div", { class: "segmented presets", role: "group", id: "moveset-presets" });
    for (const [moves, label] of PRESETS) {
      const b = el("button", { type: "button", "data-moves": moves });
      b.textContent = label;
      presets.appendChild(b);
    }
    card.appendChild(presets);
    card.appendChild(el("p", { id: "moveset-info", class: "goal-hint" }));
    card.appendChild(el("div", { class: "goal-actions" }, [
      el("button", { type: "button", id: "goal-solve", class: "primary" }),
      el("button", { type: "button", id: "algs-find" }),
    ]));
    card.appendChild(el("p", { id: "goal-message", class: "message", role: "status", "aria-live": "polite" }));
    card.appendChild(el("h3", { id: "algs-title", class: "algs-title", hidden: "" }));
    card.appendChild(el("ol", { id: "algs-list", class: "algs-list" }));
    // After the card holding Solve, before playback.
    const panel = document.querySelector(".panel");
    panel.insertBefore(card, panel.children[1] || null);

    const select = $("goal-name");
    for (const name of [...NAMED, "custom"]) select.appendChild(el("option", { value: name }));
    select.value = goals.name;
    goals.pattern = picture(goals.name);
    select.addEventListener("change", () => chooseGoal(select.value));
    $("goal-edit").addEventListener("click", () => setEditing(!goals.editing));
    $("paint").addEventListener("click", () => setEditing(false));
    $("moveset").addEventListener("change", () => setMoves($("moveset").value));
    $("moveset").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); setMoves($("moveset").value); } });
    presets.addEventListener("click", (e) => {
      const b = e.target.closest("[data-moves]");
      if (b) setMoves(b.dataset.moves);
    });
    $("goal-solve").addEventListener("click", solveToGoal);
    $("algs-find").addEventListener("click", findAlgs);
  }

  function chooseGoal(name) {
    goals.name = name;
    if (name !== "custom") goals.pattern = picture(name);
    else if (!goals.pattern) goals.pattern = picture("solved");
    $("goal-name").value = name;
    P.renderStickers();
    renderTexts();
  }

  /** Goal editing: the cube shows the goal's picture; a click on a sticker greys it or back. */
  function setEditing(on) {
    if (on) {
      P.stopPainting();
      if (!goals.pattern) goals.pattern = picture("solved");
    }
    goals.editing = on;
    document.body.classList.toggle("goal-editing", on);
    $("goal-edit").classList.toggle("on", on);
    P.renderStickers();
    renderTexts();
  }

  function toggleSticker(index) {
    if (!goals.editing) return false;
    if (CENTRES.includes(index)) return true; // centres define the faces
    const p = goals.pattern.slice();
    p[index] = p[index] === "?" ? M.STICKERS[index].face : "?";
    goals.pattern = p;
    goals.name = "custom";
    $("goal-name").value = "custom";
    P.renderStickers();
    renderTexts();
    return true;
  }

  // ---------- move sets ----------

  let movesSeq = 0;
  async function setMoves(text) {
    goals.moves = text.replace(/\s+/g, "");
    $("moveset").value = goals.moves;
    document.querySelectorAll("#moveset-presets [data-moves]").forEach((b) =>
      b.classList.toggle("on", b.dataset.moves === goals.moves));
    const seq = ++movesSeq;
    const info = $("moveset-info");
    info.classList.remove("bad");
    if (!goals.moves) { info.textContent = t("allTurns"); return; }
    try {
      const res = await P.api("GET", "/api/moveset?moves=" + encodeURIComponent(goals.moves));
      if (seq !== movesSeq) return;
      info.textContent = t("movesetInfo", { turns: res.turns.join(" "), states: exactCount(res.states) });
    } catch (e) {
      if (seq !== movesSeq) return;
      info.textContent = P.errorText(e);
      info.classList.add("bad");
    }
  }

  /**
   * The server's count (a decimal string) with the page language's digit grouping, exactly:
   * counts pass 2^53, where a JavaScript number would round them.
   */
  function exactCount(text) {
    if (!/^\d+$/.test(String(text))) return String(text);
    return BigInt(text).toLocaleString(P.lang());
  }

  // ---------- solving to the goal ----------

  function message(text, kind) {
    const m = $("goal-message");
    m.textContent = text || "";
    m.className = "message " + (kind || "");
  }

  /**
   * Marks a request as running (`what`: "goal" or "algs"; null when none) and returns the
   * AbortController its button's Cancel aborts.
   */
  function setBusy(what) {
    goals.busy = what;
    goals.controller = what ? new AbortController() : null;
    renderButtons();
    if (what) message(t(what === "goal" ? "solvingToGoal" : "searchingAlgs"));
    return goals.controller;
  }

  /** The two buttons: the running request's reads Cancel, the other waits; else their names. */
  function renderButtons() {
    for (const [id, what, label] of [["goal-solve", "goal", "solveToGoal"], ["algs-find", "algs", "findAlgs"]]) {
      const running = goals.busy === what;
      $(id).textContent = running ? P.t("cancel") : t(label);
      $(id).classList.toggle("cancel", running);
      $(id).disabled = !!goals.busy && !running;
    }
  }

  /**
   * Starts a request of kind `what` with its button, or cancels it when it is the one running:
   * the request is aborted, which closes the connection and stops the server's search.
   */
  function startOrCancel(what) {
    if (goals.busy === what) {
      goals.controller.abort();
      return false;
    }
    return !goals.busy;
  }

  /** After a failed request: "Cancelled" when it was aborted, else the error in words. */
  function failed(e, controller) {
    if (controller.signal.aborted) message(P.t("cancelled"));
    // This card has no method menu: say what makes its search quicker instead.
    else if (e && e.category === "timeout") message(t(goals.busy === "algs" ? "algsTimeout" : "timeout"), "bad");
    else message(P.errorText(e), "bad");
  }

  function solveToGoal() {
    if (!startOrCancel("goal")) return;
    setEditing(false);
    const controller = setBusy("goal");
    P.enqueue(async () => {
      P.pause();
      const start = P.state();
      const body = { facelets: start.join(""), goal: goalText() };
      if (goals.moves) body.moves = goals.moves;
      try {
        if (controller.signal.aborted) throw new DOMException("cancelled", "AbortError");
        const res = await P.api("POST", "/api/goal", body, controller.signal);
        if (P.state().join("") !== start.join("")) { message(""); return; } // the cube changed meanwhile
        const label = goalLabel();
        P.loadSolution(start, {
          solution: res.solution,
          length: res.length,
          method: res.solver === "goal" ? "goal" : res.solver,
          millis: res.millis,
          end: res.end,
          steps: [{ key: "goal", name: t("stepName", { goal: label }), explanation: t("stepExplanation", { goal: label }), moves: res.solution }],
        });
        message(res.length === 0 ? t("alreadyThere") : t("reached", { goal: label, n: res.length }), "ok");
      } catch (e) {
        failed(e, controller);
      } finally {
        setBusy(null);
      }
    });
  }

  /** The goal's name for people: the menu's text (which names the goal's place). */
  function goalLabel() {
    return t("names." + goals.name);
  }

  // ---------- algorithms ----------

  function findAlgs() {
    if (!startOrCancel("algs")) return;
    setEditing(false);
    const controller = setBusy("algs");
    P.enqueue(async () => {
      P.pause();
      const start = P.state();
      const body = { case: start.join(""), count: ALG_COUNT };
      if (goals.moves) body.moves = goals.moves;
      const started = performance.now();
      try {
        if (controller.signal.aborted) throw new DOMException("cancelled", "AbortError");
        const res = await P.api("POST", "/api/algs", body, controller.signal);
        goals.algs = { start, res, millis: performance.now() - started };
        renderAlgs();
        showCaseGoal(caseSetOf(res.case, start));
        if (!res.algorithms.length) message(t("noAlgs"), "bad");
        // Algorithms found before the time ran out are a result: more may exist.
        else message(res.timed_out ? t("algsFoundMore", { n: res.algorithms.length }) : "", "ok");
      } catch (e) {
        goals.algs = null;
        renderAlgs();
        showCaseGoal(null);
        failed(e, controller);
      } finally {
        setBusy(null);
      }
    });
  }

  /** The algorithm as played: the U turn before, the algorithm, the U turn after. */
  const fullAlg = (a) => [a.before, a.alg, a.after].filter(Boolean).join(" ");

  function renderAlgs() {
    const list = $("algs-list");
    list.textContent = "";
    const title = $("algs-title");
    const found = goals.algs;
    title.hidden = !found;
    if (!found) return;
    title.textContent = t("algsTitle", { n: found.res.algorithms.length, case: found.res.case.length > 30 ? t("thisCase") : found.res.case });
    // The case's picture (caseview.js) beside the list.
    if (window.rubikCaseView) {
      const pic = window.rubikCaseView.forState(found.start, t("thisCase"));
      pic.classList.add("algs-pic");
      pic.id = "algs-pic";
      list.appendChild(el("li", { class: "algs-pic-row" }, [pic]));
    }
    found.res.algorithms.forEach((a, i) => {
      const b = el("button", { type: "button", class: "alg", "data-i": String(i) });
      const text = el("span", { class: "alg-text" });
      text.textContent = [a.before ? `(${a.before})` : "", a.alg, a.after ? `(${a.after})` : ""].filter(Boolean).join(" ");
      const meta = el("span", { class: "alg-meta" });
      meta.textContent = t("algMeta", { n: a.length, score: a.score.toFixed(1) });
      b.appendChild(text);
      b.appendChild(meta);
      b.title = t("playAlg");
      b.addEventListener("click", () => playAlg(i));
      list.appendChild(el("li", {}, [b]));
    });
  }

  function playAlg(i) {
    const found = goals.algs;
    if (!found) return;
    const a = found.res.algorithms[i];
    const moves = fullAlg(a);
    let end, played;
    try {
      played = M.parse(moves);
      end = M.applyAll(found.start, played).join("");
    } catch (e) {
      message(e instanceof M.NotationError ? P.notationText(e) : P.errorText(e), "bad");
      return;
    }
    document.querySelectorAll("#algs-list .alg").forEach((b) => b.classList.toggle("on", Number(b.dataset.i) === i));
    P.enqueue(() => {
      P.loadSolution(found.start, {
        solution: moves,
        length: played.length, // with the AUF turns, as played
        method: "algorithm",
        millis: found.millis, // the search's round trip
        end,
        steps: [{ key: "alg", name: t("algStep", { n: i + 1 }), explanation: t("algExplanation", { score: a.score.toFixed(1) }), moves }],
      });
      message(t("algLoaded"), "ok");
    });
  }

  // ---------- texts ----------

  function renderTexts() {
    if (!$("goals-card")) return;
    $("goals-title").textContent = t("title");
    $("goal-label").textContent = t("goal");
    for (const o of $("goal-name").options) {
      o.textContent = o.value === "case"
        ? t(o.dataset.set === "any" ? "caseGoalAny" : "caseGoal", { set: o.dataset.name }) : t("names." + o.value);
    }
    $("goal-edit").textContent = goals.editing ? P.t("done") : t("edit");
    let hint;
    if (goals.editing) hint = t("editingHint");
    else if (!picture(goals.name) && goals.name !== "custom") hint = t("orientationGoal");
    else hint = t("goalHint");
    $("goal-hint").textContent = hint;
    $("moveset-label").textContent = t("moves");
    $("moveset").title = t("movesTitle");
    document.querySelector('#moveset-presets [data-moves=""]').textContent = t("allPreset");
    if (!goals.moves) $("moveset-info").textContent = t("allTurns");
    renderButtons();
    renderAlgs();
  }

  build();
  P.hooks.overlay = () => (goals.editing ? goals.pattern : null);
  P.hooks.sticker = toggleSticker;
  P.hooks.texts = renderTexts;
  setMoves("");
  renderTexts();

  // For the end-to-end test: the goal being sent and the algorithms listed.
  window.rubik = Object.assign(window.rubik || {}, {
    goal: () => goalText(),
    goalPattern: () => (goals.pattern ? goals.pattern.join("") : null),
    algorithms: () => (goals.algs ? goals.algs.res.algorithms.map(fullAlg) : []),
    goalBusy: () => !!goals.busy,
    /** The Goal menu's shown text. */
    goalShown: () => { const o = $("goal-name").selectedOptions[0]; return o ? o.textContent : null; },
  });
})();
