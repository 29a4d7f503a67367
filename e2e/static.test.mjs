// The page with no server: `rubik serve --export DIR` writes it as static files, a plain static
// file server (e2e/lib/static-server.mjs) serves them, and the page answers its own API calls
// with its WebAssembly core. After the first visit the network is cut off (Playwright's
// offline mode) and the page, reloaded from its service worker, scrambles, solves (two-phase,
// CFOP explained step by step), paints, scans with the fake camera and plays a solution.
// Every solution is checked by the command line (`rubik show`), not by the page itself.
// Also: the notation, facelet and net cases the Rust tests read, through the WebAssembly core.
// Run by e2e/run.sh, which passes the release binary in RUBIK_BIN.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { writeScanVideo } from "./lib/cube-video.mjs";
import { SHOTS, isSolved, launchBrowser } from "./lib/page.mjs";
import { serveFolder } from "./lib/static-server.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..");
const RUBIK = process.env.RUBIK_BIN || join(ROOT, "target/release/rubik");
const NOTATION = JSON.parse(readFileSync(join(ROOT, "crates/cube/tests/data/notation_cases.json"), "utf8"));
const INPUTS = JSON.parse(readFileSync(join(ROOT, "crates/cube/tests/data/input_cases.json"), "utf8")).cases;
/** The cube the fake camera shows. */
const SCAN_SCRAMBLE = "D2 F' U2 L2 B' R2 D2 F R2 U2 F L' B D' R U B2 L' D F'";
/** The cube solved with CFOP. */
const CFOP_SCRAMBLE = "F2 U2 F2 U2 F2 L2 R' F2 L' U2 F' L D U2 F' R D2 L' R2 F'";
const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

// Sticker geometry (URFDLB facelet order), as in rubik_cube::piece.
const CORNERS = [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];
const EDGES = [[5, 10], [7, 19], [3, 37], [1, 46], [32, 16], [28, 25], [30, 43], [34, 52], [23, 12], [21, 41], [50, 39], [48, 14]];
const LETTER = { white: "U", red: "R", green: "F", yellow: "D", orange: "L", blue: "B" };

let work;
let site;
let siteDir;
let browser;
let scanCube;

/** The command line's facelets of `moves` applied to the solved cube. */
function cliFacelets(moves) {
  return execFileSync(RUBIK, ["show", "--format", "facelets", "--", moves], { encoding: "utf8" }).trim();
}

/** Whether `solution` solves the cube reached by `scramble`, by the command line. */
function cliSolves(scramble, solution) {
  return isSolved(cliFacelets(`${scramble} ${solution}`));
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), "rubik-static-e2e-"));
  siteDir = join(work, "site");
  execFileSync(RUBIK, ["serve", "--export", siteDir], { encoding: "utf8" });
  site = await serveFolder(siteDir);
  scanCube = cliFacelets(SCAN_SCRAMBLE);
  const video = join(work, "cube.y4m");
  writeScanVideo(video, scanCube);
  browser = await launchBrowser(["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`]);
});

after(async () => {
  await browser?.close();
  await site?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const pageReady = () => window.rubik && typeof window.rubik.facelets === "function"
  && document.querySelectorAll("#method option").length > 0 && Boolean(window.rubikScan);

/** Opens the static page in a new context; resolves to {page, context, problems}. */
async function openStatic(contextOptions, url) {
  const context = await browser.newContext({ deviceScaleFactor: 1, ...contextOptions });
  const page = await context.newPage();
  // The test steps through solutions itself: the page's auto-play is turned off, as openPage does.
  await page.addInitScript(() => { try { localStorage.setItem("rubik.autoplay", "off"); } catch (e) { /* none */ } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(m.text());
  });
  await page.goto(url);
  await page.waitForFunction(pageReady, null, { timeout: 60_000 });
  return { page, context, problems };
}

const waitIdle = (page) => page.waitForFunction(() => window.rubik.idle(), null, { timeout: 30_000 });

async function solveShown(page, method) {
  await page.selectOption("#method", method);
  await page.click("#solve");
  await page.waitForFunction(() => window.rubik.length() > 0 && !window.rubik.solving(), null, { timeout: 120_000 });
}

const centre = (f, i) => f[Math.floor(i / 9) * 9 + 4];
function home(f, colours) {
  const slots = colours.length === 3 ? CORNERS : EDGES;
  const want = [...colours].sort().join("");
  return slots.some((s) => s.map((i) => f[i]).sort().join("") === want && s.every((i) => f[i] === centre(f, i)));
}

test("the static page works offline after its first visit: scramble, solve, explain, paint, scan, play", { timeout: 600_000 }, async () => {
  const { page, context, problems } = await openStatic({ viewport: { width: 1280, height: 860 } }, site.url);
  await context.grantPermissions(["camera"], { origin: new URL(site.url).origin });
  assert.equal(await page.evaluate(() => window.RubikCore.mode()), "browser", "no server: the page answers itself");
  // First visit: the default method's tables are built in the worker, and the service worker
  // keeps the page's files.
  const prepared = await page.evaluate(() => window.RubikCore.prepare());
  assert.deepEqual(prepared, { ok: true });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });

  // The network is cut off, and the static server stopped too (so nothing can be fetched
  // whatever the browser's offline mode covers): the page comes back from the service
  // worker's copy.
  await context.setOffline(true);
  await site.close();
  site = null;
  await page.reload();
  await page.waitForFunction(pageReady, null, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => window.RubikCore.mode()), "browser");
  assert.match(await page.textContent("#message"), /No server|tables/);

  // Scramble (a random state, made in the browser) and solve with two-phase.
  await page.click("#scramble");
  await page.waitForFunction((s) => window.rubik.facelets() !== s, SOLVED, { timeout: 120_000 });
  await waitIdle(page);
  const scramble = await page.inputValue("#input");
  assert.equal(await page.evaluate(() => window.rubik.facelets()), cliFacelets(scramble), "the scramble reaches the shown cube, by the CLI");
  await solveShown(page, "twophase");
  const twophase = await page.evaluate(() => window.rubik.solution());
  const n = await page.evaluate(() => window.rubik.length());
  assert.ok(n > 0 && n <= 20, `two-phase: ${n} moves`);
  assert.ok(cliSolves(scramble, twophase), `${twophase} solves ${scramble} (CLI)`);
  await page.click("[data-speed=fast]");
  await page.click("#play");
  await page.waitForFunction(() => window.rubik.position() === window.rubik.length() && window.rubik.idle(), null, { timeout: 120_000 });
  assert.ok(await page.evaluate(() => window.rubik.isSolved()), "played to the end: solved");
  await page.screenshot({ path: join(SHOTS, "static-offline-twophase.png") });

  // CFOP, explained: each step does what it says, played step by step in the human form.
  await page.fill("#input", CFOP_SCRAMBLE);
  await page.click("#apply");
  await waitIdle(page);
  await solveShown(page, "cfop");
  assert.equal(await page.evaluate(() => window.rubik.form()), "human");
  assert.ok(cliSolves(CFOP_SCRAMBLE, await page.evaluate(() => window.rubik.solution())), "CFOP's solution solves the cube (CLI)");
  const steps = await page.evaluate(() => window.rubik.steps());
  assert.ok(steps.length >= 7, `${steps.length} steps`);
  let cross = null;
  const pairs = [];
  for (const [i, step] of steps.entries()) {
    const count = step.moves.split(" ").filter(Boolean).length;
    for (let k = 0; k < count; k++) {
      await page.click("#step-forward");
      await waitIdle(page);
    }
    const f = await page.evaluate(() => window.rubik.facelets());
    const name = step.name;
    assert.ok(step.explanation.length > 0, `${name}: explained`);
    if (i === 0) {
      // The cross: four edges of one face home.
      const face = [0, 1, 2, 3, 4, 5].find((c) => EDGES.filter((e) => e.some((x) => Math.floor(x / 9) === c))
        .every((e) => e.every((x) => f[x] === centre(f, x))));
      assert.notEqual(face, undefined, `${name}: a cross is solved`);
      cross = face;
      const colour = Object.entries(LETTER).find(([, l]) => l === f[face * 9 + 4])[0];
      assert.match(name.toLowerCase(), new RegExp(colour), `${name} names the ${colour} cross`);
    } else if (/^F2L/.test(name)) {
      // Each F2L step brings one more pair home: its corner (one of the cross colour's) and
      // the edge beside it.
      pairs.push(name);
      const crossLetter = f[cross * 9 + 4];
      const homeCorners = CORNERS.filter((c) => c.some((x) => f[x] === crossLetter) && c.every((x) => f[x] === centre(f, x)));
      assert.ok(homeCorners.length >= pairs.length, `${name}: ${homeCorners.length} corners home after ${pairs.length} pairs`);
      const ring = EDGES.filter((e) => e.some((x) => Math.floor(x / 9) === cross));
      assert.ok(ring.every((e) => e.every((x) => f[x] === centre(f, x))), `${name}: the cross is kept`);
    }
  }
  assert.equal(pairs.length, 4, "four F2L pairs");
  assert.ok(await page.evaluate(() => window.rubik.isSolved()), "CFOP: solved after the last step");
  await page.screenshot({ path: join(SHOTS, "static-offline-cfop.png") });

  // The optimal method needs the server, and says so.
  await page.click("#reset");
  await page.fill("#input", "R U R' U'");
  await page.click("#apply");
  await waitIdle(page);
  await page.selectOption("#method", "optimal");
  await page.click("#solve");
  await page.waitForFunction(() => /rubik serve/.test(document.getElementById("message").textContent), null, { timeout: 30_000 });
  await page.selectOption("#method", "twophase");

  // Paint: an invalid cube is checked by the core, naming the piece.
  await page.click("#reset");
  await page.click("#paint");
  for (const [colour, index] of [["F", 8], ["U", 9], ["R", 20]]) {
    await page.click(`.swatch[data-colour=${colour}]`);
    await page.click(`#net .net-sticker[data-index="${index}"]`);
  }
  await page.waitForFunction(() => /URF/.test(document.getElementById("validation").textContent), null, { timeout: 10_000 });
  assert.match(await page.textContent("#validation"), /twisted/i);
  await page.click("#paint");

  // Scan with the fake camera: read exactly, then solved and played.
  await page.click("#scan-open");
  await page.waitForFunction(() => window.rubikScan.result() || window.rubikScan.error(), null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => window.rubikScan.error()), null);
  assert.equal(await page.evaluate(() => window.rubikScan.result().facelets), scanCube, "the scanned cube is the one in the video");
  await page.click("#scan-solve");
  await page.waitForFunction(() => window.rubik.length() > 0 && !window.rubik.solving(), null, { timeout: 60_000 });
  const scanned = await page.evaluate(() => window.rubik.solution());
  assert.ok(cliSolves(SCAN_SCRAMBLE, scanned), `${scanned} solves the scanned cube (CLI)`);
  await page.click("#to-end");
  await page.waitForFunction(() => window.rubik.idle() && window.rubik.isSolved(), null, { timeout: 60_000 });
  await page.screenshot({ path: join(SHOTS, "static-offline-scan.png") });

  assert.deepEqual(problems, []);
  await context.close();
});

test("the Rust notation, facelet and net cases, through the WebAssembly core, as the command line reads them", { timeout: 120_000 }, async () => {
  const own = await serveFolder(siteDir);
  const { page, context, problems } = await openStatic({ viewport: { width: 1280, height: 860 } }, own.url);
  for (const input of NOTATION.accepted) {
    const mine = await page.evaluate((t) => window.rubik.parse(t), input);
    assert.ok(mine.ok, `the page refuses ${JSON.stringify(input)}: ${mine.message}`);
    assert.equal(mine.facelets, cliFacelets(input), `${JSON.stringify(input)}: page and CLI differ`);
  }
  for (const { input, column } of NOTATION.rejected) {
    const mine = await page.evaluate((t) => window.rubik.parse(t), input);
    assert.ok(!mine.ok, `the page accepts ${JSON.stringify(input)}`);
    assert.equal(mine.column, column, `${JSON.stringify(input)}: column`);
  }
  // Facelet strings and nets: the input box's reader, then the check of what it shows (a
  // painted or typed cube is shown even when invalid, and the fault named beside it).
  for (const c of INPUTS) {
    const read = await page.evaluate(async (text) => {
      const r = window.RubikCore.readInput(text);
      if (!r.ok) return r;
      const res = await window.RubikCore.fetch("/api/validate", { method: "POST", body: JSON.stringify({ facelets: r.facelets }) });
      return { ...r, check: await res.json() };
    }, c.input);
    assert.equal(read.kind, c.kind, c.name);
    if (c.same_as !== undefined) {
      assert.ok(read.ok && read.check.valid, `${c.name}: ${JSON.stringify(read)}`);
      assert.equal(read.facelets, cliFacelets(c.same_as), `${c.name}: page and CLI differ`);
    } else {
      const fault = read.ok ? read.check : read;
      assert.equal(fault.category, c.category, `${c.name}: ${JSON.stringify(read)}`);
      assert.equal(fault.piece || undefined, c.piece, c.name);
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
  await own.close();
});
