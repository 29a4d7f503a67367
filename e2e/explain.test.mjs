// Explanations in the browser: a CFOP solution played in the human form (rotations, wide and
// slice moves) step by step, each step's claim checked on the page's stickers; an optimal
// solve cancelled; the page's notation parser against the shared cases and the server's;
// screenshots of the CFOP and two-phase explanations on a desktop and a phone.
// Run by e2e/run.sh, which starts `rubik serve` and passes its URL in RUBIK_URL.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { SHOTS, api, launchBrowser, openPage as open, solveWith, waitIdle, waitUntilLoaded } from "./lib/page.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const CASES = JSON.parse(readFileSync(join(HERE, "../crates/cube/tests/data/notation_cases.json"), "utf8"));
const SCRAMBLE = "F2 U2 F2 U2 F2 L2 R' F2 L' U2 F' L D U2 F' R D2 L' R2 F'";
const LETTER = { white: "U", red: "R", green: "F", yellow: "D", orange: "L", blue: "B" };

// Sticker geometry (URFDLB facelet order), as in rubik_cube::piece.
const CORNERS = [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];
const EDGES = [[5, 10], [7, 19], [3, 37], [1, 46], [32, 16], [28, 25], [30, 43], [34, 52], [23, 12], [21, 41], [50, 39], [48, 14]];

let browser;

const centre = (f, i) => f[Math.floor(i / 9) * 9 + 4];
const solved = (f) => [...f].every((c, i) => c === centre(f, i));
/** The piece with these colour letters sits home (each sticker on its colour's face). */
function home(f, colours) {
  const slots = colours.length === 3 ? CORNERS : EDGES;
  const want = [...colours].sort().join("");
  return slots.some((s) => s.map((i) => f[i]).sort().join("") === want && s.every((i) => f[i] === centre(f, i)));
}
const opposite = { U: "D", D: "U", R: "L", L: "R", F: "B", B: "F" };

const openPage = (viewport) => open(browser, { viewport });

/**
 * Every count the page states is the moves it shows (whole-cube rotations are not moves): each
 * step label's, the "Move n of N" counter's total, and (human form) the summary's.
 */
async function checkCounts(page, form) {
  const shown = await page.evaluate(() => ({
    groups: [...document.querySelectorAll("#move-list .step-group")].map((g) => ({
      label: g.querySelector(".step-label").textContent,
      turns: [...g.querySelectorAll(".mv")].filter((b) => !b.classList.contains("rotation")).length,
      rotations: g.querySelectorAll(".mv.rotation").length,
    })),
    progress: document.getElementById("progress").textContent,
    summary: document.getElementById("summary").textContent,
  }));
  let turns = 0;
  let rotations = 0;
  for (const g of shown.groups) {
    assert.match(g.label, new RegExp(` · ${g.turns} moves?$`), `${form}: ${g.label}`);
    turns += g.turns;
    rotations += g.rotations;
  }
  assert.match(shown.progress, new RegExp(`^Move \\d+ of ${turns}$`), `${form}: ${shown.progress}`);
  if (form === "human") {
    assert.match(shown.summary, new RegExp(`by hand: ${turns} moves?( and ${rotations} turns? of the whole cube)?`), shown.summary);
    assert.equal(shown.summary.includes("whole cube"), rotations > 0, shown.summary);
  }
  return { turns, rotations };
}

before(async () => {
  browser = await launchBrowser();
  await waitUntilLoaded("twophase");
});

after(async () => {
  await browser?.close();
});

test("a CFOP solution played in the human form does what each step says", { timeout: 180_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 860 });
  await solveWith(page, "cfop", SCRAMBLE);
  assert.equal(await page.evaluate(() => window.rubik.form()), "human");
  const server = (await api("/api/solve", { scramble: SCRAMBLE, method: "cfop" })).body;
  const steps = await page.evaluate(() => window.rubik.steps());
  assert.equal(steps.length, server.steps.length);
  // The page shows the human form: rotations, and the server's human moves for each step.
  steps.forEach((s, i) => assert.equal(s.moves, server.steps[i].human.moves.trim().replace(/\s+/g, " ")));
  assert.ok(steps.some((s) => /\by/.test(s.moves)), "some step turns the cube with y");
  const counted = await checkCounts(page, "human");
  assert.ok(counted.rotations > 0, "the human form turns the cube");
  let cross = null;
  const pairs = [];
  let pos = 0;
  await page.click("[data-speed=fast]");
  for (const [i, step] of server.steps.entries()) {
    const count = await page.evaluate((k) => window.rubik.steps()[k].moves.split(" ").filter(Boolean).length, i);
    for (let k = 0; k < count; k++) {
      await page.click("#step-forward");
      await waitIdle(page);
    }
    pos += count;
    assert.equal(await page.evaluate(() => window.rubik.position()), pos);
    const f = await page.evaluate(() => window.rubik.facelets());
    const where = `${step.name} (${step.human.moves})`;
    if (step.key === "cfop.cross") {
      cross = LETTER[step.params.colour];
      const face = [0, 1, 2, 3, 4, 5].find((k) => f[k * 9 + 4] === cross);
      const ring = EDGES.filter((e) => e.some((x) => Math.floor(x / 9) === face));
      assert.equal(ring.length, 4, where);
      assert.ok(ring.every((e) => e.every((x) => f[x] === centre(f, x))), `${where}: the cross is solved`);
    } else if (step.key.startsWith("cfop.f2l")) {
      const colours = (name) => name.split("-").map((c) => LETTER[c]).join("");
      pairs.push([colours(step.params.corner), colours(step.params.edge)]);
      for (const [c, e] of pairs) assert.ok(home(f, c) && home(f, e), `${where}: pair ${c} ${e} is home`);
    } else if (step.key.startsWith("cfop.oll")) {
      const top = opposite[cross];
      const c = [4, 13, 22, 31, 40, 49].find((x) => f[x] === top);
      assert.ok([...f.slice(c - 4, c + 5)].every((x) => x === top), `${where}: the last layer is oriented`);
      for (const [c2, e] of pairs) assert.ok(home(f, c2) && home(f, e), `${where}: F2L kept`);
    } else if (step.key.startsWith("cfop.pll")) {
      assert.ok(solved(f), `${where}: solved`);
    }
    // The step's text on the page is the human form's.
    const name = (await page.textContent("#step-name")).trim();
    assert.ok(name === step.name || name === "Solved!", `${name} / ${step.name}`);
  }
  assert.ok(await page.evaluate(() => window.rubik.isSolved()));
  // Outer turns, one click away, also solve the cube step by step.
  await page.click("[data-form=outer]");
  await waitIdle(page);
  assert.equal(await page.evaluate(() => window.rubik.form()), "outer");
  const outer = await page.evaluate(() => window.rubik.steps());
  outer.forEach((s, i) => assert.equal(s.moves, server.steps[i].moves));
  const outerCount = await checkCounts(page, "outer");
  assert.equal(outerCount.rotations, 0, "outer turns have no rotation");
  assert.equal(outerCount.turns, server.steps.reduce((sum, s) => sum + s.length, 0), "outer turns: the API's step lengths");
  await page.click("#to-end");
  await waitIdle(page);
  assert.ok(await page.evaluate(() => window.rubik.isSolved()));
  assert.deepEqual(problems, []);
  await context.close();
});

test("an optimal solve shows its progress and can be cancelled", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 860 });
  // A random state: the default table needs far longer than the test waits.
  const scramble = (await api("/api/scramble?seed=3")).body.scramble;
  await page.fill("#input", scramble);
  await page.click("#apply");
  await waitIdle(page);
  await page.selectOption("#method", "optimal");
  assert.ok(await page.isVisible("#budget"), "the time budget is offered for optimal");
  await page.selectOption("#budget", "60");
  await page.click("#solve");
  await page.waitForFunction(() => /Searching|No solution of/.test(document.getElementById("message").textContent), null, { timeout: 60_000 });
  await page.waitForFunction(() => /No solution of \d+ moves? or fewer/.test(document.getElementById("message").textContent), null, { timeout: 60_000 });
  assert.equal((await page.textContent("#solve")).trim(), "Cancel");
  await page.screenshot({ path: join(SHOTS, "optimal-progress.png") });
  await page.click("#solve");
  await page.waitForFunction(() => !window.rubik.solving(), null, { timeout: 10_000 });
  assert.match(await page.textContent("#message"), /Cancelled/);
  assert.equal(await page.evaluate(() => window.rubik.length()), 0, "no solution is shown");
  assert.equal((await page.textContent("#solve")).trim(), "Solve");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the page reads notation as the Rust parser does (shared cases)", { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 860 });
  for (const input of CASES.accepted) {
    const mine = await page.evaluate((t) => window.rubik.parse(t), input);
    assert.ok(mine.ok, `the page refuses ${JSON.stringify(input)}: ${mine.message}`);
    const server = await api("/api/apply", { moves: input });
    assert.equal(server.status, 200, input);
    assert.equal(mine.facelets, server.body.facelets, `${JSON.stringify(input)}: page and server differ`);
  }
  for (const { input, column } of CASES.rejected) {
    const mine = await page.evaluate((t) => window.rubik.parse(t), input);
    assert.ok(!mine.ok, `the page accepts ${JSON.stringify(input)}`);
    assert.equal(mine.column, column, `${JSON.stringify(input)}: column`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("screenshots of the CFOP and two-phase explanations, desktop and phone", { timeout: 180_000 }, async () => {
  for (const [label, viewport] of [["desktop", { width: 1280, height: 860 }], ["phone", { width: 390, height: 844 }]]) {
    const { page, context, problems } = await openPage(viewport);
    for (const method of ["cfop", "twophase"]) {
      await solveWith(page, method, SCRAMBLE);
      const n = await page.evaluate(() => window.rubik.length());
      await page.locator("#move-list .mv").nth(Math.floor(n * 0.8)).click();
      await waitIdle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${label} ${method}: ${overflow}px too wide`);
      await page.screenshot({ path: join(SHOTS, `explain-${method}-${label}.png`), fullPage: label === "phone" });
    }
    // "Both" view: the net does not cover the 3D cube.
    if (label === "desktop") {
      await page.click("[data-view=both]");
      const vp = await page.locator("#viewport").boundingBox();
      const net = await page.locator("#net").boundingBox();
      const overlap = !(net.x >= vp.x + vp.width || net.x + net.width <= vp.x || net.y >= vp.y + vp.height || net.y + net.height <= vp.y);
      assert.ok(!overlap, "the net overlaps the 3D view");
      await page.click("#paint");
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, "explain-paint-desktop.png") });
      await page.click("#paint");
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});
