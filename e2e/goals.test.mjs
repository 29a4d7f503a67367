// Goals, move sets and algorithms in the browser: a cube solved to a named goal (the cross) and
// to a goal painted with grey don't-care stickers, each solution played on the page and its end
// checked sticker by sticker (don't-cares ignored); algorithms listed for a last-layer case, one
// played, the cube ending solved up to a turn of U; an algorithm search cancelled; errors shown
// in words; screenshots on a desktop and a phone. Run by e2e/run.sh, which starts `rubik serve`
// and passes its URL in RUBIK_URL.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, launchBrowser, openPage as open, waitIdle, waitUntilLoaded } from "./lib/page.mjs";

const SCRAMBLE = "F2 U2 F2 U2 F2 L2 R' F2 L' U2 F' L D U2 F' R D2 L' R2 F'";
const FACES = "URFDLB";

// Sticker geometry (URFDLB facelet order), as in rubik_cube::piece: written out here, not read
// from the page, so the test's idea of each goal does not depend on the code under test.
const CORNERS = [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];
const EDGES = [[5, 10], [7, 19], [3, 37], [1, 46], [32, 16], [28, 25], [30, 43], [34, 52], [23, 12], [21, 41], [50, 39], [48, 14]];
const CENTRES = [4, 13, 22, 31, 40, 49];
const faceOf = (i) => FACES[Math.floor(i / 9)];

/** The solved cube's stickers on the pieces `keep(faces)` accepts, `?` elsewhere (centres kept). */
function mask(keep) {
  const out = Array(54).fill("?");
  for (const c of CENTRES) out[c] = faceOf(c);
  for (const piece of [...CORNERS, ...EDGES]) {
    const faces = piece.map(faceOf);
    if (keep(faces)) for (const i of piece) out[i] = faceOf(i);
  }
  return out;
}
const CROSS = mask((f) => f.length === 2 && f.includes("D"));
const F2L = mask((f) => !f.includes("U"));

/** Stickers of `facelets` that differ from `pattern` where it cares. */
function misses(facelets, pattern) {
  const out = [];
  for (let i = 0; i < 54; i++) if (pattern[i] !== "?" && facelets[i] !== pattern[i]) out.push(i);
  return out;
}

let browser;

const openPage = (viewport) =>
  open(browser, { viewport }, { ready: () => typeof window.rubik.goal === "function" });

async function enter(page, scramble) {
  await page.fill("#input", scramble);
  await page.click("#apply");
  await waitIdle(page);
  return page.evaluate(() => window.rubik.facelets());
}

/** Clicks Solve to goal and waits for the answer: the move count, or the message shown. */
async function solveToGoal(page) {
  await page.click("#goal-solve");
  await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 90_000 });
  await waitIdle(page);
}

/** Plays the loaded moves to the end with the transport's button; returns the cube shown. */
async function playToEnd(page) {
  await page.click("[data-speed=fast]");
  await page.click("#play");
  await page.waitForFunction(() => window.rubik.position() === window.rubik.length() && window.rubik.idle(),
    null, { timeout: 60_000 });
  return page.evaluate(() => window.rubik.facelets());
}

before(async () => {
  browser = await launchBrowser();
  await waitUntilLoaded("twophase");
});

after(async () => {
  await browser?.close();
});

test("the cube solved to the cross on the page ends in the cross", { timeout: 180_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 860 });
  const start = await enter(page, SCRAMBLE);
  assert.notDeepEqual(misses(start, CROSS), [], "the scramble leaves the cross unsolved");
  await page.selectOption("#goal-name", "cross");
  assert.equal(await page.evaluate(() => window.rubik.goal()), "cross");
  await solveToGoal(page);
  const message = await page.textContent("#goal-message");
  const n = await page.evaluate(() => window.rubik.length());
  assert.ok(n > 0 && n <= 8, `a cross takes 1 to 8 moves, the page loaded ${n}: ${message}`);
  assert.equal(await page.evaluate(() => window.rubik.facelets()), start, "the start is shown before playing");
  const end = await playToEnd(page);
  assert.deepEqual(misses(end, CROSS), [], `the played solution ${await page.evaluate(() => window.rubik.solution())} ends in the cross`);
  assert.ok(!(await page.evaluate(() => window.rubik.isSolved())), "only the cross, not the whole cube, was asked for");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a goal painted with grey stickers, solved with ⟨R,U⟩, ends in the painted goal", { timeout: 180_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 860 });
  await page.click("[data-view=both]");
  // Sune then a U turn and an R turn: all of F2L but the DFR corner's slot is disturbed.
  const start = await enter(page, "R U R' U R U2 R' U R");
  await page.selectOption("#goal-name", "f2l");
  await page.click("#goal-edit");
  // While the goal is edited the cube shows the goal's picture (the F2L's), not the cube.
  const shown = await page.evaluate(() => [...document.querySelectorAll(".net-sticker")]
    .map((e) => getComputedStyle(e).backgroundColor));
  const grey = shown[0];
  F2L.forEach((c, i) => assert.equal(shown[i] === grey, c === "?", `sticker ${i} of the F2L picture`));
  // The DFR corner (stickers 29, 26, 15) made don't-care: F2L but that corner.
  for (const i of [29, 26, 15]) await page.click(`.net-sticker[data-index="${i}"]`);
  const painted = F2L.slice();
  for (const i of [29, 26, 15]) painted[i] = "?";
  assert.equal(await page.evaluate(() => window.rubik.goal()), painted.join(""), "the goal sent is the painted pattern");
  assert.equal(await page.inputValue("#goal-name"), "custom");
  await page.screenshot({ path: join(SHOTS, "goals-paint-desktop.png") });
  await page.click("#moveset-presets [data-moves='R,U']");
  await page.waitForFunction(() => /73/.test(document.getElementById("moveset-info").textContent));
  assert.match(await page.textContent("#moveset-info"), /73[,. \u202f\u00a0]?483[,. \u202f\u00a0]?200/);
  assert.notDeepEqual(misses(start, painted), [], "the start is not in the painted goal");
  await solveToGoal(page);
  const solution = await page.evaluate(() => window.rubik.solution());
  assert.ok(solution, `a solution was loaded: ${await page.textContent("#goal-message")}`);
  for (const token of solution.split(" ")) assert.match(token, /^[RU]['2]?$/, `${solution} uses only R and U`);
  const end = await playToEnd(page);
  assert.deepEqual(misses(end, painted), [], `${solution} ends in the painted goal`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("algorithms for a last-layer case are listed and one plays to solved up to AUF", { timeout: 180_000 }, async () => {
  for (const [label, viewport] of [["desktop", { width: 1280, height: 860 }], ["phone", { width: 390, height: 844 }]]) {
    const { page, context, problems } = await openPage(viewport);
    // A Sune case seen from another side: the algorithm needs a U turn first (pre-AUF).
    const SETUP = "R U2 R' U' R U' R' U";
    const start = await enter(page, SETUP);
    await page.click("#moveset-presets [data-moves='R,U']");
    await page.click("#algs-find");
    await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 90_000 });
    const algs = await page.evaluate(() => window.rubik.algorithms());
    assert.ok(algs.length > 0, `algorithms listed: ${await page.textContent("#goal-message")}`);
    const items = await page.locator("#algs-list .alg").allTextContents();
    assert.equal(items.length, algs.length);
    for (const item of items) assert.match(item, /\d+ moves? · score \d+(\.\d)?$/, item);
    // Every listed algorithm, applied by the page's notation reader, solves the case up to AUF.
    const ends = await page.evaluate(([s, list]) => list.map((a) => window.rubik.parse(`${s} ${a}`).facelets), [SETUP, algs]);
    const aufs = [FACES.split("").map((f) => f.repeat(9)).join(""),
      ...(await page.evaluate(() => ["U", "U2", "U'"].map((m) => window.rubik.parse(m).facelets)))];
    ends.forEach((e, i) => assert.ok(aufs.includes(e), `${algs[i]} does not solve the case up to AUF`));
    // The last one listed is played with a click, then the play button.
    const k = algs.length - 1;
    await page.locator("#algs-list .alg").nth(k).click();
    await page.waitForFunction((want) => window.rubik.solution() === want, algs[k].replace(/\s+/g, " "), { timeout: 10_000 });
    assert.equal(await page.evaluate(() => window.rubik.facelets()), start, "the case is shown before playing");
    const end = await playToEnd(page);
    assert.ok(aufs.includes(end), `${algs[k]} played ends solved up to a U turn: ${end}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${label}: ${overflow}px too wide`);
    await page.locator("#goals-card").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `goals-algs-${label}.png`), fullPage: label === "phone" });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("an algorithm search can be cancelled: its request is aborted and the page is ready again", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 860 });
  // Algorithms for a random state: a search far longer than the test waits.
  await enter(page, SCRAMBLE);
  await page.click("#algs-find");
  await page.waitForFunction(() => window.rubik.goalBusy());
  assert.equal((await page.textContent("#algs-find")).trim(), "Cancel");
  assert.ok(await page.isDisabled("#goal-solve"), "the other search waits");
  await page.waitForTimeout(1000);
  assert.ok(await page.evaluate(() => window.rubik.goalBusy()), "the search is still running after a second");
  const failed = page.waitForEvent("requestfailed", { predicate: (r) => r.url().endsWith("/api/algs"), timeout: 10_000 });
  await page.click("#algs-find");
  // The page aborts its request (the server stops a search whose connection closes).
  assert.equal((await failed).failure().errorText, "net::ERR_ABORTED");
  await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 10_000 });
  assert.match(await page.textContent("#goal-message"), /^Cancelled/);
  assert.deepEqual(await page.evaluate(() => window.rubik.algorithms()), [], "nothing is listed");
  assert.equal((await page.textContent("#algs-find")).trim(), "Algorithms");
  assert.ok(!(await page.isDisabled("#goal-solve")), "Solve to goal is offered again");
  // The next search runs and answers.
  await enter(page, "R U R' U R U2 R'");
  await page.click("#moveset-presets [data-moves='R,U']");
  await page.click("#algs-find");
  await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 90_000 });
  assert.ok((await page.evaluate(() => window.rubik.algorithms())).length > 0, await page.textContent("#goal-message"));
  assert.deepEqual(problems, []);
  await context.close();
});

test("a goal out of reach and an unreadable move set are said in words", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 860 });
  await enter(page, SCRAMBLE);
  await page.fill("#moveset", "R,Q");
  await page.press("#moveset", "Enter");
  await page.waitForFunction(() => document.getElementById("moveset-info").classList.contains("bad"));
  const bad = await page.textContent("#moveset-info");
  assert.match(bad, /^Cannot read the moves allowed: .*Q/, bad);
  // A random cube is not in the ⟨R,U⟩ group: solving it to solved with R and U only is refused.
  await page.click("#moveset-presets [data-moves='R,U']");
  await page.selectOption("#goal-name", "solved");
  await solveToGoal(page);
  const said = await page.textContent("#goal-message");
  assert.equal(await page.getAttribute("#goal-message", "class"), "message bad", said);
  assert.match(said, /⟨R,U⟩|R,U/, said);
  assert.doesNotMatch(said, /[{}]|undefined|Error\(/, said);
  assert.equal(await page.evaluate(() => window.rubik.length()), 0, "nothing is loaded to play");
  assert.deepEqual(problems, []);
  await context.close();
});
