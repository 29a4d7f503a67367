// Playback around the cube: the timeline under it (a slider to scrub and the moves in a row,
// the current one highlighted), auto-play after Solve, the algorithm box (the setup box makes
// the case, this one plays on it) and the camera button's availability.
"use strict";

(function () {
  const P = window.rubikPage;
  const M = window.RubikModel;
  if (!P || !M) return;
  const $ = (id) => document.getElementById(id);

  // ---------- the timeline ----------

  let shownMoves = null; // the move names the row was built for

  /** Rebuilds the row of moves when the solution changes, then marks the position. */
  function renderTimeline() {
    const sol = P.solution();
    const slider = $("timeline");
    const row = $("timeline-moves");
    const key = sol ? sol.moves.join(" ") + "|" + sol.start.join("") : null;
    if (key !== shownMoves) {
      shownMoves = key;
      row.textContent = "";
      if (sol) {
        sol.moves.forEach((name, i) => {
          const li = document.createElement("li");
          const b = document.createElement("button");
          b.type = "button";
          b.className = "tl-mv";
          b.dataset.i = String(i);
          b.textContent = name;
          li.appendChild(b);
          row.appendChild(li);
        });
      }
    }
    const n = sol ? sol.moves.length : 0;
    const pos = P.position();
    slider.max = String(n);
    slider.value = String(pos);
    slider.disabled = n === 0;
    slider.style.setProperty("--fill", n ? `${(100 * pos) / n}%` : "0%");
    row.querySelectorAll(".tl-mv").forEach((b) => {
      const i = Number(b.dataset.i);
      b.classList.toggle("done", i < pos - 1);
      b.classList.toggle("current", i === pos - 1);
      b.classList.toggle("next", i === pos);
    });
    const focus = row.querySelector(".tl-mv.current") || row.querySelector(".tl-mv.next");
    if (focus) {
      // Scroll the row only (never the page) so the current move is in view.
      const left = focus.offsetLeft - row.clientWidth / 2 + focus.offsetWidth / 2;
      row.scrollLeft = Math.max(0, left);
    }
    markRowEdges(row);
  }

  /**
   * A row of moves wider than the screen scrolls sideways: its edge fades on each side where
   * more moves are hidden, so that a phone user sees there is more to swipe to.
   */
  function markRowEdges(row) {
    const hiddenLeft = row.scrollLeft > 1;
    const hiddenRight = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    row.classList.toggle("more-left", hiddenLeft);
    row.classList.toggle("more-right", hiddenRight);
  }

  function wireTimeline() {
    const slider = $("timeline");
    // Scrubbing shows each position at once (no animation), as a video player's slider does.
    slider.addEventListener("input", () => P.goTo(Number(slider.value)));
    const row = $("timeline-moves");
    row.addEventListener("scroll", () => markRowEdges(row), { passive: true });
    window.addEventListener("resize", () => markRowEdges(row));
    row.addEventListener("click", (e) => {
      const b = e.target.closest(".tl-mv");
      if (b) P.goTo(Number(b.dataset.i) + 1);
    });
  }

  // ---------- after Solve: in view, and playing ----------

  function autoplayOn() {
    try { return window.localStorage.getItem("rubik.autoplay") !== "off"; } catch (e) { return true; }
  }

  /** The cube, the controls and the first move in view; playing when auto-play is on. */
  function afterSolve() {
    const dock = $("dock");
    const rect = dock.getBoundingClientRect();
    const stage = document.querySelector(".stage");
    if (rect.top < 0 || rect.bottom > window.innerHeight) {
      stage.scrollIntoView({ block: "start", behavior: "instant" });
    }
    const sol = P.solution();
    if (autoplayOn() && sol && sol.moves.length && !P.playing()) P.togglePlay();
  }

  // ---------- the algorithm box ----------

  /** Plays the algorithm box's moves on the cube as it is (the setup's case). */
  function playAlgorithm() {
    const text = $("alg").value.trim();
    if (!text) return;
    let moves;
    try {
      moves = M.parse(text);
    } catch (e) {
      if (e instanceof M.NotationError) {
        P.showMessage(P.notationText(e), "bad");
        return;
      }
      throw e;
    }
    P.enqueue(() => {
      const start = P.state();
      const names = {};
      const explanations = {};
      for (const l of Object.keys(window.RUBIK_I18N)) {
        names[l] = window.RUBIK_I18N[l].algStepName;
        explanations[l] = window.RUBIK_I18N[l].algStepExplanation;
      }
      const texts = {};
      for (const l of Object.keys(names)) texts[l] = { name: names[l], explanation: explanations[l] };
      P.loadSolution(start, {
        solution: M.format(moves),
        length: moves.length,
        method: "algorithm",
        millis: 0,
        end: M.applyAll(start, moves).join(""),
        steps: [{ key: "alg", name: names.en, explanation: explanations.en, translations: texts, moves: M.format(moves) }],
      });
      P.showMessage("");
      afterSolve();
    });
  }

  // ---------- the camera button ----------

  /**
   * Capture is turned off when the browser lists its devices and no camera is among them. Where
   * there is no camera API at all (a page that is not secure), it stays on: the scan then says
   * how to reach the camera.
   */
  async function checkCamera() {
    const open = $("scan-open");
    if (!open) return;
    let has = true;
    try {
      if (navigator.mediaDevices && navigator.mediaDevices.enumerateDevices) {
        const devices = await navigator.mediaDevices.enumerateDevices();
        has = devices.some((d) => d.kind === "videoinput");
      }
    } catch (e) {
      has = true;
    }
    open.disabled = !has;
    document.body.classList.toggle("no-camera", !has);
    // The title says why Scan is disabled; a camera found later takes that back (the scan
    // dialog's own title, scan.js, is set while a camera is there).
    if (!has) open.title = P.t("noCamera");
    else if (open.title === P.t("noCamera")) open.title = "";
  }

  // ---------- texts and wiring ----------

  function renderTexts() {
    $("autoplay").checked = autoplayOn();
    if ($("scan-open") && $("scan-open").disabled) $("scan-open").title = P.t("noCamera");
  }

  const previous = { playback: P.hooks.playback, solved: P.hooks.solved, texts: P.hooks.texts };
  P.hooks.playback = () => { if (previous.playback) previous.playback(); renderTimeline(); };
  P.hooks.solved = () => { if (previous.solved) previous.solved(); afterSolve(); };
  P.hooks.texts = () => { if (previous.texts) previous.texts(); renderTexts(); };

  wireTimeline();
  $("autoplay").addEventListener("change", () => {
    try { window.localStorage.setItem("rubik.autoplay", $("autoplay").checked ? "on" : "off"); } catch (e) { /* private mode */ }
  });
  $("alg-form").addEventListener("submit", (e) => { e.preventDefault(); playAlgorithm(); });
  $("alg").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); playAlgorithm(); }
  });
  if (navigator.mediaDevices && navigator.mediaDevices.addEventListener) {
    navigator.mediaDevices.addEventListener("devicechange", checkCamera);
  }
  checkCamera();
  renderTexts();
  renderTimeline();

  window.rubik = Object.assign(window.rubik || {}, {
    /** The timeline's state: its slider's maximum and value, and the highlighted move. */
    timeline: () => {
      const cur = document.querySelector("#timeline-moves .tl-mv.current");
      const row = $("timeline-moves");
      return {
        max: Number($("timeline").max), value: Number($("timeline").value), current: cur ? cur.textContent : null,
        moreLeft: row.classList.contains("more-left"), moreRight: row.classList.contains("more-right"),
      };
    },
  });
})();
