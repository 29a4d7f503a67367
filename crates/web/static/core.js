// The rubik core in the page: the Rust library compiled to WebAssembly (crates/wasm), so the
// page reads notation, facelet strings and colour nets, and computes colours, exactly as the
// command line does. It also answers the page's API calls when there is no server (the page
// served as static files, or offline): cheap calls here, solves and scrambles in a worker
// (worker.js) that builds the solvers' tables in its own memory.
//
// `RubikCore.ready` resolves once the module is loaded; the page starts after it.
"use strict";

window.RubikCore = (function () {
  const base = new URL(".", document.currentScript.src);
  /** The loaded module (wasm-bindgen's exports), once `ready`. */
  let core = null;
  /** "server" when `rubik serve` answers the API, "browser" when this page answers it. */
  let mode = null;

  class NotationError extends Error {
    constructor(message, column, token, error) { super(message); this.column = column; this.token = token; this.error = error; }
  }

  /** Whether the API is served: GET api/methods answers JSON. */
  async function probeServer() {
    try {
      const res = await fetch(new URL("api/methods", base), { cache: "no-store" });
      if (!res.ok || !(res.headers.get("content-type") || "").includes("json")) return false;
      await res.json();
      return true;
    } catch (e) {
      return false;
    }
  }

  const ready = (async () => {
    const [mod, served] = await Promise.all([import(new URL("rubik_wasm.js", base).href), probeServer()]);
    await mod.default({ module_or_path: new URL("rubik_wasm_bg.wasm", base) });
    core = mod;
    mode = served ? "server" : "browser";
    document.documentElement.dataset.core = mode;
    // Offline after the first visit: the service worker keeps the page's files.
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register(new URL("sw.js", base)).catch(() => {});
    }
  })();

  /**
   * Notation read by the core: `[[family, quarterTurns], ...]` and the facelets they make from
   * solved; a NotationError (message, 1-based column, token, the error's kind key) when the
   * text is not notation.
   */
  function parseMoves(text) {
    const r = JSON.parse(core.parse_moves(text));
    if (!r.ok) throw new NotationError(r.message, r.column, r.token, r.error);
    return r;
  }

  /**
   * The input box read as the command line reads its inputs: `{ok, kind: "facelets" | "net" |
   * "moves", facelets, moves?}` or `{ok: false, kind, category, message, column?, piece?, error?}`
   * (`error`: a notation error's kind key).
   */
  function readInput(text) {
    return JSON.parse(core.read_input(text));
  }

  /** sRGB (0-255 per channel) to CIELAB, as the colour resolver computes it. */
  function lab(rgb) {
    return Array.from(core.srgb_to_lab(rgb[0], rgb[1], rgb[2]));
  }

  let orientationList = null;
  /** The 24 ways to hold a cube: for each, the face letter of the centre at each position. */
  function orientations() {
    if (!orientationList) orientationList = JSON.parse(core.orientations()).map((o) => o.split(""));
    return orientationList;
  }

  // ---------- the API without a server ----------

  /** Calls answered by the worker: they build tables and can take a while. */
  const HEAVY = ["/api/solve", "/api/solve/stream", "/api/scramble"];
  let worker = null;
  let nextId = 1;
  const pending = new Map();
  /** Listeners of table builds: (name, done, total). */
  const tableListeners = new Set();

  function startWorker() {
    if (worker) return worker;
    worker = new Worker(new URL("worker.js", base), { type: "module" });
    worker.onmessage = (e) => {
      const msg = e.data;
      if (msg.tables) {
        for (const f of tableListeners) f(...msg.tables);
        const p = pending.get(msg.id);
        if (p && p.onTables) p.onTables(...msg.tables);
        return;
      }
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.failed) p.reject(new Error(msg.failed));
      else p.resolve(msg.answer);
    };
    worker.onerror = (e) => {
      for (const p of pending.values()) p.reject(new Error(e.message || "the solving worker failed"));
      pending.clear();
    };
    return worker;
  }

  function askWorker(request, onTables) {
    const w = startWorker();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onTables });
      w.postMessage({ id, ...request });
    });
  }

  /** Builds `method`'s tables (the default method's when none is named) in the worker. */
  function prepare(method) {
    return askWorker({ prepare: method || "default" });
  }

  /** The path of an API URL ("/api/solve?x" from "api/solve?x", "/api/solve?x", a full URL). */
  function apiPath(input) {
    const url = new URL(String(input), base);
    const at = url.pathname.indexOf("/api/");
    return (at >= 0 ? url.pathname.slice(at) : url.pathname) + url.search;
  }

  function jsonResponse(answer) {
    return new Response(JSON.stringify(answer.body), {
      status: answer.status, headers: { "Content-Type": "application/json" },
    });
  }

  /** A streamed solve's answer: table builds as `{"event":"tables",…}` lines, then the answer. */
  function streamResponse(path, body, signal) {
    const encoder = new TextEncoder();
    const stream = new ReadableStream({
      start(controller) {
        if (signal) signal.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")), { once: true });
        const line = (obj) => controller.enqueue(encoder.encode(JSON.stringify(obj) + "\n"));
        askWorker({ method: "POST", path, body }, (name, done, total) => line({ event: "tables", name, done, total }))
          .then((answer) => {
            if (signal && signal.aborted) return;
            const b = answer.body;
            line(answer.status === 200 ? b : { event: "error", ...b });
            controller.close();
          }, (e) => { if (!(signal && signal.aborted)) controller.error(e); });
      },
    });
    // An error before the stream starts is the same as the server's: a JSON body and a status.
    return new Response(stream, { status: 200, headers: { "Content-Type": "application/x-ndjson" } });
  }

  /**
   * `fetch` for the page's API calls: the server's when there is one, else answered in the
   * browser with the same statuses and bodies (a `Response`). Methods and searches that need
   * the server answer 503 with the category `needs_server`.
   */
  async function apiFetch(input, init = {}) {
    await ready;
    if (mode === "server") return fetch(input, init);
    const method = (init.method || "GET").toUpperCase();
    const path = apiPath(input);
    const body = typeof init.body === "string" ? init.body : "";
    const signal = init.signal;
    if (signal && signal.aborted) throw new DOMException("aborted", "AbortError");
    const route = path.split("?")[0];
    if (route === "/api/solve/stream") return streamResponse(path, body, signal);
    const answer = HEAVY.includes(route)
      ? askWorker({ method, path, body })
      : Promise.resolve(JSON.parse(core.local_api(method, path, body)));
    if (!signal) return jsonResponse(await answer);
    // A cancelled call stops waiting; the worker's solve (milliseconds here) ends by itself.
    return new Promise((resolve, reject) => {
      const abort = () => reject(new DOMException("aborted", "AbortError"));
      signal.addEventListener("abort", abort, { once: true });
      answer.then((a) => { signal.removeEventListener("abort", abort); resolve(jsonResponse(a)); }, reject);
    });
  }

  return {
    ready,
    mode: () => mode,
    NotationError,
    parseMoves,
    readInput,
    lab,
    orientations,
    fetch: apiFetch,
    prepare,
    onTables: (f) => tableListeners.add(f),
  };
})();
