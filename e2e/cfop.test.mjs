// CFOP as a person solves it, in headless Chromium: the page solves a scramble with CFOP
// explained (the hand form), names each F2L step's standard case as the API does, and no B
// turn appears among the F2L moves it shows. Run by e2e/run.sh (RUBIK_URL).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, api, launchBrowser, openPage, solveWith, waitIdle, waitUntilLoaded } from "./lib/page.mjs";

// Not one of the scrambles the other browser tests use.
const SCRAMBLE = "D2 B2 L2 U' F2 U B2 R2 U' L2 F' R' B' D L' U2 F' R B U'";

let browser;

before(async () => {
  browser = await launchBrowser();
  await waitUntilLoaded("twophase");
});

after(async () => {
  await browser?.close();
});

test("CFOP explained: the F2L steps name their cases as the API does, with no B turn", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(browser, { viewport: { width: 1280, height: 860 } });
  await solveWith(page, "cfop", SCRAMBLE);
  assert.equal(await page.evaluate(() => window.rubik.form()), "human");

  const server = (await api("/api/solve", { scramble: SCRAMBLE, method: "cfop" })).body;
  const shown = await page.evaluate(() => window.rubik.steps());
  assert.equal(shown.length, server.steps.length);
  const f2l = server.steps
    .map((s, i) => ({ ...s, i }))
    .filter((s) => s.key === "cfop.f2l");
  assert.ok(f2l.length > 0, "the scramble needs F2L pairs solved by case");
  for (const s of f2l) {
    // The API names the case (one of the 41 standard ones) and the page shows that name.
    const n = Number(s.params.case);
    assert.ok(Number.isInteger(n) && n >= 1 && n <= 41, `case number ${s.params.case}`);
    assert.match(s.name, new RegExp(`case ${n}\\b`));
    assert.equal(shown[s.i].name, s.name);
    // The moves shown are the hand form's, and none turns the back face.
    assert.equal(shown[s.i].moves, s.human.moves.trim().replace(/\s+/g, " "));
    assert.ok(!shown[s.i].moves.split(" ").some((m) => m.startsWith("B")), `${s.name}: ${shown[s.i].moves}`);
  }
  // The case names are on the page itself, in the move list's step labels.
  const labels = await page.$$eval("#move-list .step-group .step-label", (ls) => ls.map((l) => l.textContent));
  for (const s of f2l) {
    assert.ok(labels.some((l) => l.includes(`case ${s.params.case}`)), `a label names case ${s.params.case}`);
  }
  const pllIndex = server.steps.findIndex((s) => s.key.startsWith("cfop.pll"));
  assert.ok(pllIndex > 0, "the solve ends with PLL");
  // Played to the end, the page's cube is solved.
  await page.click("#to-end");
  await waitIdle(page);
  assert.ok(await page.evaluate(() => window.rubik.isSolved()));
  await page.screenshot({ path: join(SHOTS, "cfop-cases.png") });
  assert.deepEqual(problems, []);
  await context.close();
});
