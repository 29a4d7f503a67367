// Scanning a real cube with the camera: a live view with a 3×3 grid, a guided order of the six
// faces with a picture of how to hold the cube, automatic capture when the grid is steady (or
// Space / a tap), robust sampling (per channel median of each cell's inner part), a preview net
// filling up, then the server's colour resolver (POST /api/resolve, on this machine), doubtful
// stickers outlined for a one-click fix, and Solve. The video never leaves the page: only the 54
// sampled colours go to the local server.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const FACES = "URFDLB";

  /** The guided order. Each face image is read row by row as on the standard net: the four
   * sides with the top face up, the top face with the back on top of the picture, the bottom
   * face with the front on top. `top`/`left` name the faces seen above and left of it then. */
  const ORDER = [
    { face: "F", top: "U", left: "L", key: "first" },
    { face: "R", top: "U", left: "F", key: "turn" },
    { face: "B", top: "U", left: "R", key: "turn" },
    { face: "L", top: "U", left: "B", key: "turn" },
    { face: "U", top: "B", left: "L", key: "top" },
    { face: "D", top: "F", left: "L", key: "bottom" },
  ];

  /** Share of the shorter visible side of the video the grid covers. */
  const GRID = 0.7;
  /** Sampling canvas: the grid square at this many pixels (a multiple of 3). */
  const SAMPLE = 96;
  /** Milliseconds between samples. */
  const TICK_MS = 100;
  /** The grid must stay this long without change before a face is captured by itself. */
  const STEADY_MS = 900;
  /** Largest change of a cell's colour between samples that still counts as steady (RGB). */
  const STEADY_DELTA = 12;
  /** A change this large, or a view that is not a face, counts as moving the cube. */
  const MOVE_DELTA = 30;
  /** A cell is one sticker when its pixels' lightness spreads less than this (interquartile). */
  const CELL_SPREAD = 30;
  /** The grid is on a face when this many cells are one sticker each (a glare spot may spoil
   * one or two; their medians still read the sticker). */
  const UNIFORM_CELLS = 7;
  /** A face whose nine colours are this close (mean RGB distance) to one already captured is
   * that face again, not the next one. */
  const SAME_FACE = 22;
  /** Below this mean brightness the picture is too dark to be a face (a camera starting up). */
  const MIN_BRIGHTNESS = 14;
  /** The picture's light: the brightest channel of its 95th-percentile pixel. Below this, even
   * a white sticker is a dim grey and red, orange and yellow are one brown: too dark to read,
   * whatever the face logic would make of it (a white sticker in full light is about 225; at
   * 10% of that light about 75; at 3.5% about 45). */
  const MIN_LIGHT = 60;
  /** Centre stickers: they name the faces and are never changed. */
  const CENTRES = [4, 13, 22, 31, 40, 49];

  const TEXT = {
    en: {
      open: "Scan",
      openTitle: "Scan a real cube with the camera",
      title: "Scan your cube",
      close: "Close",
      faceOf: "Face {n} of 6",
      first: "Show any face to the camera so it fills the grid. Keep the face that is on top now on top for the next three faces (white on top and green in front is the usual way).",
      turn: "Turn the whole cube a quarter turn so the face on the right of the screen comes to the camera. Keep the same face on top: the face you just scanned goes to the left.",
      top: "Turn once more so the first face is in front again, then tip the top of the cube towards the camera: the top face now faces it and the first face is at the bottom.",
      bottom: "Tip the cube half a turn the other way: the bottom face now faces the camera and the first face is on top.",
      steady: "Hold still…",
      align: "Line the stickers up with the grid.",
      moveOn: "Captured. Now turn the cube.",
      again: "This is the {face} face again: turn the cube as the picture shows.",
      tooDark: "The picture is too dark to read the colours. Turn on a light or move to a brighter place, with the light falling on the face you show (not behind the cube).",
      capture: "Capture",
      captureHint: "Captured automatically when the grid is steady; Space, Enter or a tap on the picture captures at once.",
      redo: "Redo last face",
      restart: "Start again",
      resolving: "Reading the colours…",
      resolved: "Read with confidence. Press Solve, or click a sticker to correct it.",
      doubtfulOne: "1 sticker outlined was hard to read: click it to switch it to its next most likely colour, or pick a colour below and click stickers. Then Solve.",
      doubtful: "{n} stickers outlined were hard to read: click one to switch it to its next most likely colour, or pick a colour below and click stickers. Then Solve.",
      conflict: "These colours fit no real cube: {detail}. Rescan the {face} face, or fix the outlined stickers.",
      unsure: "The light is too poor to read this cube: {n} stickers outlined could be another colour. Rescan the {face} face in more even light, or pick a colour below and click the outlined stickers.",
      unsureAll: "The light is too poor to read this cube: {n} stickers outlined could be another colour. Start again in brighter, more even light, or pick a colour below and click the outlined stickers.",
      rescan: "Rescan the {face} face",
      pinHint: "Colour picked: each sticker you click takes it; click the colour again to stop.",
      solve: "Solve",
      use: "Use without solving",
      clearFixes: "Undo fixes",
      insecure: "The camera can only be used on a secure page (browsers block it elsewhere). To scan with a phone, start the server with `rubik serve --tls` and open {https} (accept its self-signed certificate once); on this computer, http://localhost:… works too.",
      noApi: "This browser gives no access to cameras.",
      denied: "The camera permission was refused. Allow the camera for this page (the icon in the address bar, or the browser's site settings), then try again.",
      none: "No camera was found. Connect one, or paint the cube by hand.",
      busy: "The camera is in use by another program, or could not start. Close that program and try again.",
      other: "The camera could not start: {detail}",
      retry: "Try again",
      paintInstead: "Paint by hand instead",
      privacy: "The video stays in this page; only the 54 colours go to the rubik server on this machine.",
      faceNames: { U: "top", R: "right", F: "front", D: "bottom", L: "left", B: "back" },
      schemeNote: "Colours shown as the standard scheme: this cube's colours do not match it.",
      unknown: "?",
    },
    fr: {
      open: "Scanner",
      openTitle: "Scanner un vrai cube avec la caméra",
      title: "Scanner votre cube",
      close: "Fermer",
      faceOf: "Face {n} sur 6",
      first: "Montrez une face à la caméra pour qu'elle remplisse la grille. Gardez la face du dessus en haut pour les trois faces suivantes (blanc en haut et vert devant, comme d'habitude).",
      turn: "Tournez tout le cube d'un quart de tour pour amener face à la caméra la face de droite de l'écran. Gardez la même face en haut : la face que vous venez de scanner passe à gauche.",
      top: "Tournez encore une fois pour ramener la première face devant, puis basculez le haut du cube vers la caméra : la face du dessus lui fait face et la première face est en bas.",
      bottom: "Basculez le cube d'un demi-tour dans l'autre sens : la face du dessous fait face à la caméra et la première face est en haut.",
      steady: "Ne bougez plus…",
      align: "Alignez les autocollants sur la grille.",
      moveOn: "Capturé. Tournez maintenant le cube.",
      again: "C'est de nouveau la face {face} : tournez le cube comme le montre l'image.",
      tooDark: "L'image est trop sombre pour lire les couleurs. Allumez une lumière ou allez dans un endroit plus éclairé, la lumière tombant sur la face montrée (pas derrière le cube).",
      capture: "Capturer",
      captureHint: "Capture automatique quand la grille est stable ; Espace, Entrée ou un toucher sur l'image capture aussitôt.",
      redo: "Refaire la dernière face",
      restart: "Recommencer",
      resolving: "Lecture des couleurs…",
      resolved: "Lu avec confiance. Appuyez sur Résoudre, ou cliquez un autocollant pour le corriger.",
      doubtfulOne: "1 autocollant entouré était difficile à lire : cliquez-le pour le passer à sa couleur suivante la plus probable, ou choisissez une couleur ci-dessous et cliquez des autocollants. Puis Résoudre.",
      doubtful: "{n} autocollants entourés étaient difficiles à lire : cliquez-en un pour le passer à sa couleur suivante la plus probable, ou choisissez une couleur ci-dessous et cliquez des autocollants. Puis Résoudre.",
      conflict: "Ces couleurs ne correspondent à aucun vrai cube : {detail}. Rescannez la face {face}, ou corrigez les autocollants entourés.",
      unsure: "La lumière est trop faible pour lire ce cube : {n} autocollants entourés pourraient être d'une autre couleur. Rescannez la face {face} sous une lumière plus égale, ou choisissez une couleur ci-dessous et cliquez les autocollants entourés.",
      unsureAll: "La lumière est trop faible pour lire ce cube : {n} autocollants entourés pourraient être d'une autre couleur. Recommencez sous une lumière plus vive et plus égale, ou choisissez une couleur ci-dessous et cliquez les autocollants entourés.",
      rescan: "Rescanner la face {face}",
      pinHint: "Couleur choisie : chaque autocollant cliqué la prend ; cliquez de nouveau la couleur pour arrêter.",
      solve: "Résoudre",
      use: "Utiliser sans résoudre",
      clearFixes: "Annuler les corrections",
      insecure: "La caméra n'est utilisable que sur une page sécurisée (ailleurs, les navigateurs la bloquent). Pour scanner avec un téléphone, lancez le serveur avec `rubik serve --tls` et ouvrez {https} (acceptez une fois son certificat auto-signé) ; sur cet ordinateur, http://localhost:… fonctionne aussi.",
      noApi: "Ce navigateur ne donne pas accès aux caméras.",
      denied: "L'autorisation de la caméra a été refusée. Autorisez la caméra pour cette page (l'icône de la barre d'adresse ou les réglages du site), puis réessayez.",
      none: "Aucune caméra trouvée. Branchez-en une, ou peignez le cube à la main.",
      busy: "La caméra est utilisée par un autre programme, ou n'a pas pu démarrer. Fermez ce programme et réessayez.",
      other: "La caméra n'a pas pu démarrer : {detail}",
      retry: "Réessayer",
      paintInstead: "Peindre à la main",
      privacy: "La vidéo reste dans cette page ; seules les 54 couleurs vont au serveur rubik de cette machine.",
      faceNames: { U: "du dessus", R: "de droite", F: "avant", D: "du dessous", L: "de gauche", B: "arrière" },
      schemeNote: "Couleurs affichées selon le schéma standard : celles de ce cube n'y correspondent pas.",
      unknown: "?",
    },
  };

  const scan = {
    open: false,
    stream: null,
    timer: null,
    step: 0,
    only: null, // when rescanning one face: its step index
    samples: {}, // face letter → 9 [r, g, b]
    prev: null,
    steady: [], // samples since the grid became steady
    steadySince: null,
    moved: true,
    result: null, // the last /api/resolve answer
    error: null, // the last refusal
    pins: {}, // sticker name → face letter
    brush: null, // face letter picked for fixing
    busy: false,
  };

  // ---------- texts ----------

  function lang() {
    const l = (document.documentElement.lang || "en").slice(0, 2);
    return TEXT[l] ? l : "en";
  }

  function t(key, params) {
    let v = key.split(".").reduce((o, k) => (o == null ? undefined : o[k]), TEXT[lang()]);
    if (v === undefined) v = key.split(".").reduce((o, k) => (o == null ? undefined : o[k]), TEXT.en);
    if (typeof v !== "string") return key;
    return v.replace(/\{(\w+)\}/g, (m, k) => (params && params[k] !== undefined ? params[k] : m));
  }

  const stickerName = (i) => FACES[Math.floor(i / 9)] + (i % 9 + 1);

  // ---------- the dialog ----------

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

  function svg(tag, attrs) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }

  function build() {
    const cells = [];
    for (let i = 0; i < 9; i++) cells.push(el("div", { class: "scan-cell" }));
    const netCells = [];
    const at = { U: [3, 0], L: [0, 3], F: [3, 3], R: [6, 3], B: [9, 3], D: [3, 6] };
    for (let i = 0; i < 54; i++) {
      const f = FACES[Math.floor(i / 9)];
      const c = el("button", { class: "scan-sticker", type: "button", "data-index": String(i) });
      c.style.gridColumn = at[f][0] + (i % 3) + 1;
      c.style.gridRow = at[f][1] + Math.floor((i % 9) / 3) + 1;
      netCells.push(c);
    }
    const root = el("div", { id: "scan", class: "scan", hidden: "", role: "dialog", "aria-modal": "true", "aria-labelledby": "scan-title" }, [
      el("div", { class: "scan-box" }, [
        el("header", { class: "scan-head" }, [
          el("h2", { id: "scan-title" }),
          el("button", { id: "scan-close", class: "ghost scan-close", type: "button" }),
        ]),
        el("div", { class: "scan-body" }, [
          el("div", { id: "scan-camera", class: "scan-camera" }, [
            el("video", { id: "scan-video", playsinline: "", muted: "", autoplay: "" }),
            el("div", { id: "scan-grid", class: "scan-grid", "aria-hidden": "true" }, cells),
            // The too-dark message over the picture too: on a phone the status is below the fold.
            el("p", { id: "scan-dark", class: "scan-dark", "aria-hidden": "true", hidden: "" }),
            el("div", { id: "scan-problem", class: "scan-problem", hidden: "" }, [
              el("p", { id: "scan-problem-text" }),
              el("div", { class: "scan-actions" }, [
                el("button", { id: "scan-retry", type: "button" }),
                el("button", { id: "scan-paint", type: "button" }),
              ]),
            ]),
          ]),
          el("div", { class: "scan-side" }, [
            el("p", { id: "scan-step", class: "scan-step" }),
            el("div", { class: "scan-guide" }, [
              el("div", { id: "scan-picture", class: "scan-picture", "aria-hidden": "true" }),
              el("p", { id: "scan-instruction", class: "scan-instruction" }),
            ]),
            el("div", { id: "scan-net", class: "scan-net" }, netCells),
            el("div", { id: "scan-swatches", class: "scan-swatches", hidden: "" }),
            el("p", { id: "scan-status", class: "scan-status", role: "status", "aria-live": "polite" }),
            el("div", { class: "scan-actions" }, [
              el("button", { id: "scan-capture", type: "button" }),
              el("button", { id: "scan-redo", type: "button" }),
              el("button", { id: "scan-rescan", type: "button", hidden: "" }),
              el("button", { id: "scan-clear", type: "button", hidden: "" }),
              el("button", { id: "scan-restart", type: "button" }),
              el("button", { id: "scan-use", type: "button", hidden: "" }),
              el("button", { id: "scan-solve", class: "primary", type: "button", hidden: "" }),
            ]),
            el("p", { id: "scan-privacy", class: "scan-privacy" }),
          ]),
        ]),
      ]),
    ]);
    document.body.appendChild(root);
    scan.cells = cells;
    scan.netCells = netCells;
    scan.canvas = document.createElement("canvas");
    scan.canvas.width = SAMPLE;
    scan.canvas.height = SAMPLE;
    scan.ctx = scan.canvas.getContext("2d", { willReadFrequently: true });
  }

  function applyTexts() {
    const open = $("scan-open");
    if (open) {
      open.textContent = t("open");
      // With no camera the title says so (playback.js checkCamera), whichever runs last.
      if (!document.body.classList.contains("no-camera")) open.title = t("openTitle");
    }
    $("scan-title").textContent = t("title");
    $("scan-close").textContent = "×";
    $("scan-close").setAttribute("aria-label", t("close"));
    $("scan-close").title = t("close");
    $("scan-capture").textContent = t("capture");
    $("scan-capture").title = t("captureHint");
    $("scan-redo").textContent = t("redo");
    $("scan-restart").textContent = t("restart");
    $("scan-use").textContent = t("use");
    $("scan-solve").textContent = t("solve");
    $("scan-clear").textContent = t("clearFixes");
    $("scan-retry").textContent = t("retry");
    $("scan-paint").textContent = t("paintInstead");
    $("scan-privacy").textContent = t("privacy");
    render();
  }

  // ---------- the picture: the cube as the camera should see it ----------

  /** The colour of a face's centre once scanned, else null. */
  function centreColour(face) {
    const s = scan.samples[face];
    return s ? rgbCss(s[4]) : null;
  }

  const rgbCss = (c) => `rgb(${Math.round(c[0])}, ${Math.round(c[1])}, ${Math.round(c[2])})`;

  /** An oblique drawing: the face to show in front (outlined), the faces above and left of it
   * in their colours when known. */
  function drawPicture(stepIndex) {
    const box = $("scan-picture");
    box.textContent = "";
    const step = ORDER[stepIndex];
    const s = 34; // sticker size on the front face
    const d = 34; // how far the top and left faces recede (up and to the left)
    const x0 = 6 + d;
    const y0 = 6 + d;
    const pic = svg("svg", { viewBox: `0 0 ${x0 + 3 * s + 6} ${y0 + 3 * s + 6}`, class: "scan-cube" });
    const quad = (pts, fill, cls) => pic.appendChild(svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill, class: cls || "" }));
    const known = (f) => centreColour(f);
    // Top face: rows recede towards the back (up and to the left).
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      const back = (3 - r) / 3;
      const front = (2 - r) / 3;
      quad([
        [x0 + c * s - d * back, y0 - d * back], [x0 + (c + 1) * s - d * back, y0 - d * back],
        [x0 + (c + 1) * s - d * front, y0 - d * front], [x0 + c * s - d * front, y0 - d * front],
      ], r === 1 && c === 1 && known(step.top) ? known(step.top) : "#4a5265", "top");
    }
    // Left face: columns recede towards the back (to the left and up).
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      const back = (3 - c) / 3;
      const front = (2 - c) / 3;
      quad([
        [x0 - d * back, y0 + r * s - d * back], [x0 - d * front, y0 + r * s - d * front],
        [x0 - d * front, y0 + (r + 1) * s - d * front], [x0 - d * back, y0 + (r + 1) * s - d * back],
      ], r === 1 && c === 1 && known(step.left) ? known(step.left) : "#353c4c", "left");
    }
    // Front: the face to show, outlined; its centre colour once known.
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      const x = x0 + c * s;
      const y = y0 + r * s;
      quad([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], r === 1 && c === 1 && known(step.face) ? known(step.face) : "#5a6378", "front");
    }
    pic.appendChild(svg("rect", { x: x0, y: y0, width: 3 * s, height: 3 * s, class: "scan-cube-outline" }));
    if (!scan.samples[step.face]) {
      const q = svg("text", { x: x0 + 1.5 * s, y: y0 + 1.5 * s + 8, "text-anchor": "middle", class: "scan-cube-q" });
      q.textContent = t("unknown");
      pic.appendChild(q);
    }
    box.appendChild(pic);
  }

  // ---------- camera ----------

  function problem(kind, detail) {
    $("scan-problem").hidden = false;
    const https = `https://${location.host}${location.pathname}`;
    $("scan-problem-text").textContent = t(kind, { detail: detail || "", https });
    $("scan-grid").hidden = true;
    scan.problem = kind;
  }

  function errorKind(e) {
    const name = (e && e.name) || "";
    if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
    if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "none";
    if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
    return "other";
  }

  async function startCamera() {
    $("scan-problem").hidden = true;
    $("scan-grid").hidden = false;
    scan.problem = null;
    if (scan.stream) return true;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      problem(window.isSecureContext === false ? "insecure" : "noApi");
      return false;
    }
    try {
      scan.stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
    } catch (e) {
      problem(errorKind(e), e && e.message);
      return false;
    }
    if (!scan.open) { stopCamera(); return false; }
    const video = $("scan-video");
    video.srcObject = scan.stream;
    try {
      await video.play();
    } catch (e) {
      // Autoplay of a muted inline video is allowed; a refusal here leaves the frames coming.
    }
    scan.timer = setInterval(tick, TICK_MS);
    return true;
  }

  function stopCamera() {
    clearInterval(scan.timer);
    scan.timer = null;
    if (scan.stream) scan.stream.getTracks().forEach((track) => track.stop());
    scan.stream = null;
    const video = $("scan-video");
    if (video) video.srcObject = null;
  }

  // ---------- sampling ----------

  /** The part of the video frame the grid covers, in frame pixels, and where that is on screen
   * (the video fills its box, cropped: object-fit cover). */
  function gridGeometry() {
    const video = $("scan-video");
    const vw = video.videoWidth;
    const vh = video.videoHeight;
    const box = $("scan-camera").getBoundingClientRect();
    if (!vw || !vh || !box.width || !box.height) return null;
    const scale = Math.max(box.width / vw, box.height / vh);
    const visibleW = box.width / scale;
    const visibleH = box.height / scale;
    const side = GRID * Math.min(visibleW, visibleH);
    return {
      frame: { x: (vw - side) / 2, y: (vh - side) / 2, side },
      screen: { x: (box.width - side * scale) / 2, y: (box.height - side * scale) / 2, side: side * scale },
    };
  }

  function placeGrid(geo) {
    const grid = $("scan-grid");
    grid.style.left = `${geo.screen.x}px`;
    grid.style.top = `${geo.screen.y}px`;
    grid.style.width = `${geo.screen.side}px`;
    grid.style.height = `${geo.screen.side}px`;
  }

  const median = (values) => {
    const v = values.slice().sort((a, b) => a - b);
    const n = v.length;
    return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  };

  /** The nine cells now: each the per-channel median of its inner half, and how much its
   * lightness spreads (interquartile range). */
  function sampleCells() {
    const geo = gridGeometry();
    if (!geo) return null;
    placeGrid(geo);
    const { x, y, side } = geo.frame;
    scan.ctx.drawImage($("scan-video"), x, y, side, side, 0, 0, SAMPLE, SAMPLE);
    const data = scan.ctx.getImageData(0, 0, SAMPLE, SAMPLE).data;
    const cell = SAMPLE / 3;
    const cells = [];
    let brightness = 0;
    for (let row = 0; row < 3; row++) for (let col = 0; col < 3; col++) {
      const r = [];
      const g = [];
      const b = [];
      const l = [];
      for (let py = row * cell + cell / 4; py < (row + 1) * cell - cell / 4; py++) {
        for (let px = col * cell + cell / 4; px < (col + 1) * cell - cell / 4; px++) {
          const k = (py * SAMPLE + px) * 4;
          r.push(data[k]);
          g.push(data[k + 1]);
          b.push(data[k + 2]);
          l.push(0.299 * data[k] + 0.587 * data[k + 1] + 0.114 * data[k + 2]);
        }
      }
      l.sort((a1, a2) => a1 - a2);
      const spread = l[Math.floor(l.length * 0.75)] - l[Math.floor(l.length * 0.25)];
      const rgb = [median(r), median(g), median(b)];
      brightness += (rgb[0] + rgb[1] + rgb[2]) / 27;
      cells.push({ rgb, spread });
    }
    const uniform = cells.filter((c) => c.spread < CELL_SPREAD).length;
    const brightest = [];
    for (let k = 0; k < data.length; k += 4) brightest.push(Math.max(data[k], data[k + 1], data[k + 2]));
    brightest.sort((a1, a2) => a1 - a2);
    const light = brightest[Math.floor(brightest.length * 0.95)];
    return { cells, light, faceLike: brightness > MIN_BRIGHTNESS && uniform >= UNIFORM_CELLS };
  }

  const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

  function tick() {
    if (!scan.open || scan.busy || scan.step >= ORDER.length) return;
    const now = performance.now();
    const s = sampleCells();
    if (!s) return;
    // Too dark to read: said before any face logic, which would take the dark faces for one
    // another ("this is the … face again"). Nothing is captured until the light is back.
    scan.dark = s.light < MIN_LIGHT;
    $("scan-dark").hidden = !scan.dark;
    if (scan.dark) {
      $("scan-dark").textContent = t("tooDark");
      scan.prev = s.cells;
      scan.steadySince = null;
      scan.steady = [];
      scan.moved = true;
      scan.cells.forEach((c, i) => { c.style.backgroundColor = rgbCss(s.cells[i].rgb); });
      setHint("tooDark");
      $("scan-status").className = "scan-status warn";
      setProgress(0);
      return;
    }
    // How much the view changed since the last sample: the second largest change of a cell,
    // so one cell flickering under a glare spot (its median jumping between the sticker and
    // the reflection) does not hold the capture back.
    const changes = scan.prev ? s.cells.map((c, i) => dist(c.rgb, scan.prev[i].rgb)).sort((a, b) => b - a) : [Infinity, Infinity];
    const change = changes[1];
    scan.prev = s.cells;
    scan.cells.forEach((c, i) => { c.style.backgroundColor = rgbCss(s.cells[i].rgb); });
    if (!s.faceLike || change > MOVE_DELTA) scan.moved = true;
    if (!s.faceLike || change > STEADY_DELTA) {
      scan.steadySince = null;
      scan.steady = [];
      setHint(scan.moved ? (s.faceLike ? "" : "align") : "moveOn");
      setProgress(0);
      return;
    }
    if (scan.steadySince === null) scan.steadySince = now;
    scan.steady.push(s.cells.map((c) => c.rgb));
    if (!scan.moved) {
      setHint("moveOn");
      setProgress(0);
      return;
    }
    const again = capturedAlready(s.cells.map((c) => c.rgb));
    if (again) {
      setHint("again", { face: t("faceNames." + again) });
      setProgress(0);
      return;
    }
    const progress = Math.min(1, (now - scan.steadySince) / STEADY_MS);
    setProgress(progress);
    setHint("steady");
    if (progress >= 1) capture(averaged(scan.steady));
  }

  /** The face already captured that `cells` (nine colours) show again, if any. */
  function capturedAlready(cells) {
    const current = ORDER[scan.step].face;
    for (const [face, sample] of Object.entries(scan.samples)) {
      if (face === current) continue;
      const mean = sample.reduce((sum, c, i) => sum + dist(c, cells[i]), 0) / 9;
      if (mean < SAME_FACE) return face;
    }
    return null;
  }

  /** The mean of several samples of the nine cells. */
  function averaged(samples) {
    return [...Array(9).keys()].map((i) => [0, 1, 2].map((c) => samples.reduce((sum, s) => sum + s[i][c], 0) / samples.length));
  }

  function setHint(key, params) {
    const status = $("scan-status");
    status.textContent = key ? t(key, params) : "";
    status.className = "scan-status";
  }

  function setProgress(p) {
    $("scan-grid").style.setProperty("--steady", String(p));
    $("scan-grid").classList.toggle("steady", p > 0);
  }

  /** Captures the current step's face from `cells` (9 colours, image order). */
  function capture(cells) {
    if (scan.step >= ORDER.length) return;
    const step = ORDER[scan.step];
    scan.samples[step.face] = cells.map((c) => c.map((v) => Math.round(v)));
    scan.moved = false;
    scan.steady = [];
    scan.steadySince = null;
    setProgress(0);
    const grid = $("scan-grid");
    grid.classList.remove("flash");
    void grid.offsetWidth; // restart the animation
    grid.classList.add("flash");
    if (scan.only !== null) {
      scan.only = null;
      scan.step = ORDER.length;
    } else {
      scan.step++;
    }
    render();
    if (scan.step >= ORDER.length) finish();
  }

  function captureNow() {
    if (!scan.open || scan.step >= ORDER.length || !scan.stream) return;
    const s = sampleCells();
    if (s) capture(s.cells.map((c) => c.rgb));
  }

  // ---------- resolving ----------

  /** The 54 sampled colours in URFDLB order. */
  function allColours() {
    const out = [];
    for (const f of FACES) out.push(...scan.samples[f]);
    return out;
  }

  async function finish() {
    stopCamera();
    await resolve();
  }

  async function resolve() {
    scan.busy = true;
    $("scan-status").textContent = t("resolving");
    try {
      const res = await window.RubikCore.fetch("/api/resolve", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ rgb: allColours(), pins: scan.pins }),
      });
      const body = await res.json();
      if (res.ok) {
        scan.result = body;
        scan.error = null;
      } else {
        scan.result = null;
        scan.error = body;
      }
    } catch (e) {
      scan.result = null;
      scan.error = { error: String(e), category: "network" };
    } finally {
      scan.busy = false;
    }
    render();
  }

  /** One click on a sticker of the resolved net: with a colour picked, fix it to that
   * colour; else switch a doubtful sticker to its next most likely colour. */
  function fixSticker(index) {
    if (scan.step < ORDER.length || CENTRES.includes(index) || scan.busy) return;
    const name = stickerName(index);
    let face = scan.brush;
    if (!face && scan.result) {
      const alt = scan.result.alternatives[index];
      if (!alt) return;
      face = alt.face;
    }
    if (!face && scan.error) return;
    scan.pins[name] = face;
    resolve();
  }

  // ---------- the cube handed to the page ----------

  /** The standard (WCA) colours, as the page draws them, in CIELAB. */
  const WCA = { U: [244, 244, 244], R: [200, 16, 46], F: [0, 155, 72], D: [255, 213, 0], L: [255, 88, 0], B: [0, 70, 173] };

  /** sRGB to CIELAB and the 24 ways to hold a cube: the core's (core.js), not copies. */
  const lab = (rgb) => window.RubikCore.lab(rgb);
  const orientations = () => window.RubikCore.orientations();

  /** The page's letters for the resolved cube: when the scanned colours are the standard
   * scheme held some way, letters name each colour's home face (so the page draws the real
   * colours); otherwise the resolver's letters (faces as held). */
  function pageFacelets(result) {
    const rgb = (f) => [1, 3, 5].map((i) => parseInt(result.colours[f].slice(i, i + 2), 16));
    // A dim room darkens every colour alike: brighten the scan so that its brightest channel
    // is where a well-lit white's is before comparing it with the standard colours.
    const brightest = Math.max(...[...FACES].flatMap(rgb));
    const gain = Math.min(8, Math.max(1, 235 / Math.max(brightest, 1)));
    const colour = (f) => lab(rgb(f).map((v) => Math.min(255, v * gain)));
    const d = (a, b) => Math.hypot((a[0] - b[0]) * 0.5, a[1] - b[1], a[2] - b[2]);
    const ranked = orientations()
      .map((o) => ({ o, cost: [...FACES].reduce((sum, f, i) => sum + d(colour(f), lab(WCA[o[i]])), 0) }))
      .sort((a, b) => a.cost - b.cost);
    const best = ranked[0];
    const worst = Math.max(...[...FACES].map((f, i) => d(colour(f), lab(WCA[best.o[i]]))));
    if (worst > 45 || ranked[1].cost - best.cost < 20) return { facelets: result.facelets, standard: false };
    const letters = result.facelets.split("").map((c) => best.o[FACES.indexOf(c)]);
    return { facelets: letters.join(""), standard: true };
  }

  async function handToPage(andSolve) {
    if (!scan.result || !window.rubik || !window.rubik.load) return;
    const { facelets } = pageFacelets(scan.result);
    close();
    await window.rubik.load(facelets);
    if (andSolve) {
      const solve = $("solve");
      if (solve) solve.click();
    }
  }

  // ---------- rendering ----------

  function render() {
    if (!scan.cells) return;
    const capturing = scan.step < ORDER.length;
    const stepIndex = capturing ? scan.step : ORDER.length - 1;
    $("scan-step").textContent = capturing ? t("faceOf", { n: scan.step + 1 }) : "";
    $("scan-step").hidden = !capturing;
    $("scan-picture").hidden = !capturing;
    $("scan-instruction").hidden = !capturing;
    if (capturing) {
      drawPicture(stepIndex);
      const step = ORDER[stepIndex];
      $("scan-instruction").textContent = scan.only !== null ? t("rescan", { face: t("faceNames." + step.face) }) : t(step.key);
    }
    $("scan").classList.toggle("done", !capturing);
    $("scan-capture").hidden = !capturing;
    $("scan-redo").hidden = !capturing || Object.keys(scan.samples).length === 0 || scan.only !== null;
    $("scan-solve").hidden = capturing || !scan.result;
    $("scan-use").hidden = capturing || !scan.result;
    $("scan-clear").hidden = capturing || Object.keys(scan.pins).length === 0;
    renderNet(capturing);
    renderOutcome(capturing);
  }

  function renderNet(capturing) {
    const result = !capturing ? scan.result : null;
    // A refused scan's stickers in doubt are outlined as a read one's are.
    const unsure = !capturing && scan.error && scan.error.unsure ? scan.error.unsure : [];
    const doubtful = new Set(result ? result.doubtful.map((d) => d.index) : unsure.map((u) => u.index));
    const conflicts = new Set(scan.error && scan.error.conflicts ? scan.error.conflicts.map((c) => c.index) : []);
    const pinned = new Set(Object.keys(scan.pins));
    scan.netCells.forEach((c, i) => {
      const face = FACES[Math.floor(i / 9)];
      let colour = null;
      if (result) colour = result.colours[result.facelets[i]];
      else if (scan.samples[face]) colour = rgbCss(scan.samples[face][i % 9]);
      c.style.background = colour || "";
      c.classList.toggle("empty", !colour);
      c.classList.toggle("doubtful", doubtful.has(i));
      c.classList.toggle("conflict", conflicts.has(i));
      c.classList.toggle("pinned", pinned.has(stickerName(i)));
      c.classList.toggle("next", capturing && face === ORDER[Math.min(scan.step, 5)].face);
      c.disabled = capturing || CENTRES.includes(i);
      c.title = stickerName(i);
      if (result && doubtful.has(i)) {
        const d = result.doubtful.find((x) => x.index === i);
        c.title = `${stickerName(i)}: ${Math.round(d.confidence * 100)}%` + (d.alternative ? ` → ${d.alternative}` : "");
      }
    });
  }

  function renderOutcome(capturing) {
    const sw = $("scan-swatches");
    const rescan = $("scan-rescan");
    rescan.hidden = true;
    if (capturing || (!scan.result && !scan.error)) {
      sw.hidden = true;
      if (!capturing && scan.busy) $("scan-status").textContent = t("resolving");
      return;
    }
    const status = $("scan-status");
    // The colour picker for fixes: the scanned colours (or the sampled centres after a refusal).
    sw.hidden = false;
    sw.textContent = "";
    for (const f of FACES) {
      const colour = scan.result ? scan.result.colours[f] : rgbCss(scan.samples[f][4]);
      const b = el("button", { class: "scan-swatch", type: "button", "data-face": f, title: f });
      b.style.background = colour;
      b.classList.toggle("on", scan.brush === f);
      b.addEventListener("click", () => {
        scan.brush = scan.brush === f ? null : f;
        render();
      });
      sw.appendChild(b);
    }
    if (scan.result) {
      const n = scan.result.doubtful.length;
      status.textContent = n === 1 ? t("doubtfulOne") : n ? t("doubtful", { n }) : t("resolved");
      status.className = "scan-status " + (n ? "warn" : "ok");
      if (!pageFacelets(scan.result).standard) status.textContent += " " + t("schemeNote");
    } else {
      const conflicts = scan.error.conflicts || [];
      const unsure = scan.error.unsure || [];
      // The face with the most stickers named is the one worth scanning again.
      const counts = {};
      for (const c of conflicts.length ? conflicts : unsure) counts[c.sticker[0]] = (counts[c.sticker[0]] || 0) + 1;
      const worst = Object.keys(counts).sort((a, b) => counts[b] - counts[a])[0];
      const face = t("faceNames." + (worst || "F"));
      // Doubt all over the cube is the light's fault, not one face's: no face to rescan then.
      const everywhere = !conflicts.length && unsure.length >= 24;
      if (unsure.length && !conflicts.length) {
        status.textContent = t(everywhere ? "unsureAll" : "unsure", { n: unsure.length, face });
      } else {
        const detail = conflicts.length ? conflicts.map((c) => c.sticker).join(", ") : scan.error.error;
        status.textContent = t("conflict", { detail, face });
      }
      status.className = "scan-status bad";
      if (worst && !everywhere) {
        rescan.hidden = false;
        rescan.textContent = t("rescan", { face: t("faceNames." + worst) });
        rescan.dataset.face = worst;
      }
    }
    if (scan.brush) status.textContent += " " + t("pinHint");
  }

  // ---------- opening and closing ----------

  function reset() {
    scan.step = 0;
    scan.only = null;
    scan.samples = {};
    scan.prev = null;
    scan.steady = [];
    scan.steadySince = null;
    scan.moved = true;
    scan.result = null;
    scan.error = null;
    scan.pins = {};
    scan.brush = null;
  }

  async function openScan() {
    if (scan.open) return;
    reset();
    scan.open = true;
    $("scan").hidden = false;
    document.body.classList.add("scanning");
    render();
    $("scan-close").focus();
    await startCamera();
  }

  function close() {
    scan.open = false;
    stopCamera();
    $("scan").hidden = true;
    document.body.classList.remove("scanning");
    const open = $("scan-open");
    if (open) open.focus();
  }

  async function rescanFace(face) {
    scan.only = ORDER.findIndex((s) => s.face === face);
    scan.step = scan.only;
    scan.result = null;
    scan.error = null;
    scan.moved = true;
    render();
    await startCamera();
  }

  function redoLast() {
    if (scan.step === 0) return;
    scan.step--;
    delete scan.samples[ORDER[scan.step].face];
    scan.moved = true;
    render();
  }

  function wire() {
    $("scan-close").addEventListener("click", close);
    $("scan-capture").addEventListener("click", captureNow);
    $("scan-camera").addEventListener("click", (e) => {
      if (e.target.closest("button")) return;
      captureNow();
    });
    $("scan-redo").addEventListener("click", redoLast);
    $("scan-restart").addEventListener("click", async () => {
      reset();
      render();
      await startCamera();
    });
    $("scan-rescan").addEventListener("click", (e) => rescanFace(e.target.dataset.face));
    $("scan-clear").addEventListener("click", () => {
      scan.pins = {};
      scan.brush = null;
      resolve();
    });
    $("scan-retry").addEventListener("click", startCamera);
    $("scan-paint").addEventListener("click", () => {
      close();
      const paint = $("paint");
      if (paint && !document.body.classList.contains("painting")) paint.click();
    });
    $("scan-solve").addEventListener("click", () => handToPage(true));
    $("scan-use").addEventListener("click", () => handToPage(false));
    $("scan-net").addEventListener("click", (e) => {
      const b = e.target.closest(".scan-sticker");
      if (b) fixSticker(Number(b.dataset.index));
    });
    document.addEventListener("keydown", (e) => {
      if (!scan.open) return;
      if (e.key === "Escape") { e.preventDefault(); close(); return; }
      const tag = (e.target.tagName || "").toLowerCase();
      if ((e.code === "Space" || e.key === "Enter") && tag !== "button" && scan.step < ORDER.length) {
        e.preventDefault();
        captureNow();
      }
      // The page's own keys (turns, playback) are not for this dialog.
      e.stopPropagation();
    }, true);
    window.addEventListener("resize", () => {
      const geo = scan.open && gridGeometry();
      if (geo) placeGrid(geo);
    });
    // Follow the page's language.
    new MutationObserver(applyTexts).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  }

  function init() {
    build();
    wire();
    applyTexts();
    const open = $("scan-open");
    if (open) open.addEventListener("click", openScan);
  }

  // For tests and the curious: the flow's state.
  window.rubikScan = {
    open: openScan,
    close,
    step: () => scan.step,
    captured: () => Object.keys(scan.samples).length,
    samples: () => JSON.parse(JSON.stringify(scan.samples)),
    result: () => scan.result,
    error: () => scan.error,
    pageFacelets: () => (scan.result ? pageFacelets(scan.result).facelets : null),
    problem: () => scan.problem || null,
    steady: () => scan.steadySince !== null && scan.moved,
    dark: () => Boolean(scan.dark),
  };

  init();
})();
