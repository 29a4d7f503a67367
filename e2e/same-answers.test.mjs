// The same 200 random states (seed 35, `rubik scramble -n 200 --seed 35`) give the same answers
// through the command line (`rubik solve -c --json`) and through the page with no server (its
// WebAssembly core answering `POST /api/solve` in its worker, on the compact tables), to the
// byte: the solution and each step's key, parameters, name, moves, explanation and human form,
// for two-phase, Thistlethwaite and CFOP. Both go through `rubik_solve::service::Service::solve`,
// so a difference is a front end doing more than translating. The command line solves on the
// full tables, the browser on the compact ones: two-phase's answer does not depend on which tables
// are loaded (crates/solve/tests/same_tables.rs), so this checks that across front ends too. Every
// solution is applied to its scramble by the command line (`rubik show`). The Rust test
// crates/cli/tests/same_answers.rs does the same for HTTP, and
// crates/python/tests/test_same_answers.py for Python. A second test sends the same colour scans
// (read, refused as unclear, refused as no valid cube, with pins and bad pins) to `rubik serve`
// and to the page with no server: the same status and the same body.
// Run by e2e/run.sh, which passes the release binary in RUBIK_BIN.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { api, isSolved, launchBrowser } from "./lib/page.mjs";
import { exportSite } from "./lib/static-server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUBIK = process.env.RUBIK_BIN || join(ROOT, "target/release/rubik");
/** The seed and number of the states (the same as crates/cli/tests/same_answers.rs). */
const SEED = "35";
const STATES = 200;
const METHODS = ["twophase", "thistlethwaite", "cfop"];

let site;
let browser;

before(async () => {
  site = await exportSite(RUBIK, "rubik-same-answers-");
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

/** Lines the command line prints for `args` (with `input` on its standard input). */
function cli(args, input) {
  return execFileSync(RUBIK, args, { encoding: "utf8", input, maxBuffer: 64 << 20 })
    .split("\n").filter(Boolean);
}

/** The fields both front ends give, as JSON text (the same as same_answers.rs's). */
function essentials(answer) {
  const steps = answer.steps.map((s) => ({
    key: s.key, name: s.name, moves: s.moves, explanation: s.explanation, params: s.params,
    human_moves: s.human?.moves ?? null, human_explanation: s.human?.explanation ?? null,
  }));
  return JSON.stringify({ solution: answer.solution, steps });
}

test("the command line and the page with no server (WebAssembly) give the same answers on 200 states", { timeout: 900_000 }, async () => {
  const scrambles = cli(["scramble", "-n", String(STATES), "--seed", SEED]);
  const states = cli(["scramble", "-n", String(STATES), "--seed", SEED, "--facelets"]);
  assert.equal(states.length, STATES);
  assert.equal(scrambles.length, STATES);

  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(site.url);
  await page.waitForFunction(() => window.RubikCore && document.querySelectorAll("#method option").length > 0, null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => window.RubikCore.mode()), "browser", "no server: the page answers itself");

  for (const method of METHODS) {
    // The full tables here, the compact ones in the browser: the same answers all the same.
    const lines = cli(["solve", "-c", "--json", "--method", method], states.join("\n"));
    assert.equal(lines.length, STATES, method);
    const browserAnswers = await page.evaluate(async ({ states, method }) => {
      const out = [];
      for (const facelets of states) {
        const res = await window.RubikCore.fetch("/api/solve", {
          method: "POST", body: JSON.stringify({ facelets, method, timeout_ms: 60_000 }),
        });
        out.push({ status: res.status, body: await res.json() });
      }
      return out;
    }, { states, method });
    for (const [i, state] of states.entries()) {
      const native = JSON.parse(lines[i]);
      const { status, body } = browserAnswers[i];
      assert.equal(status, 200, `${method} on ${state}: ${JSON.stringify(body)}`);
      assert.equal(body.method, method);
      assert.equal(body.facelets, state);
      assert.equal(essentials(body), essentials(native), `${method} on ${state}`);
      const end = execFileSync(RUBIK, ["show", "--format", "facelets", "--", `${scrambles[i]} ${body.solution}`], { encoding: "utf8" }).trim();
      assert.ok(isSolved(end), `${method}: ${body.solution} solves ${scrambles[i]} (CLI)`);
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});

/** A real robot scan's colours, darkened by `gain` with noise of a fixed seed. */
function darkened(name, gain, seed) {
  const path = join(ROOT, "crates/scan/tests/data", `${name}.json`);
  const { rgb } = JSON.parse(readFileSync(path, "utf8"));
  let a = seed >>> 0;
  const noise = () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return (a / 2 ** 32 - 0.5) * 8;
  };
  return rgb.map((px) => px.map((v) => Math.max(0, Math.min(255, Math.round(v * gain + noise())))));
}

test("the server and the page with no server read colour scans alike, refusals included", { timeout: 300_000 }, async () => {
  const clean = darkened("3x3x3-random-01", 1, 1);
  // R's face read a quarter turn off: no valid cube is within reach.
  const rotated = clean.map((px, i) => (i >= 9 && i < 18 ? clean[9 + (2 - ((i - 9) % 3)) * 3 + Math.floor((i - 9) / 3)] : px));
  const requests = [
    { rgb: clean },
    { rgb: darkened("3x3x3-tracker-03", 0.3, 2) },
    { rgb: darkened("3x3x3-random-01", 0.3, 3) },
    { rgb: darkened("3x3x3-random-01", 0.08, 4) },
    { rgb: darkened("3x3x3-dark-01", 1, 5) },
    { rgb: rotated },
    { rgb: clean, pins: { R6: "L" } },
    { rgb: clean, pins: { R10: "L" } },
    { rgb: clean, pins: { R6: "LL" } },
    { rgb: clean, pins: { R5: "L" } },
    { rgb: clean.slice(1) },
  ];
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(site.url);
  // The core's mode is set once its module has loaded and the API probe has answered.
  await page.waitForFunction(() => window.RubikCore && window.RubikCore.mode() !== null, null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => window.RubikCore.mode()), "browser");
  const inBrowser = await page.evaluate(async (requests) => {
    const out = [];
    for (const r of requests) {
      const res = await window.RubikCore.fetch("/api/resolve", { method: "POST", body: JSON.stringify(r) });
      out.push({ status: res.status, body: await res.json() });
    }
    return out;
  }, requests);
  const categories = new Set();
  for (const [i, request] of requests.entries()) {
    const served = await api("/api/resolve", request);
    const here = inBrowser[i];
    delete served.body.millis;
    delete here.body.millis;
    assert.equal(here.status, served.status, `request ${i}: ${JSON.stringify(here.body)}`);
    assert.deepEqual(here.body, served.body, `request ${i}`);
    categories.add(served.status === 200 ? "read" : served.body.category);
  }
  // The cases cover a read scan and the refusals the page shows differently.
  for (const c of ["read", "no_valid_cube", "bad_pin", "wrong_count"]) assert.ok(categories.has(c), `${c} in ${[...categories]}`);
  assert.deepEqual(problems, []);
  await context.close();
});
