// End-to-end test of the web app in real headless Chromium: keyboard turns, scramble, solve,
// playback to the end, painting an invalid cube, the language switch and the share link.
// Run by e2e/run.sh, which starts `rubik serve` and passes its URL in RUBIK_URL.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, api, isSolved, launchBrowser, openPage as open, waitIdle, waitUntilLoaded } from "./lib/page.mjs";

const METHOD = process.env.RUBIK_E2E_METHOD || "twophase";
const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

let browser;

const openPage = (viewport) => open(browser, { viewport });

const facelets = (page) => page.evaluate(() => window.rubik.facelets());

async function scrambleAndSolve(page) {
  await page.click("#scramble");
  await page.waitForFunction((s) => window.rubik.facelets() !== s, SOLVED, { timeout: 30_000 });
  await waitIdle(page);
  await page.selectOption("#method", METHOD);
  await page.click("#solve");
  await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 60_000 });
}

before(async () => {
  browser = await launchBrowser();
  // On a fresh machine the two-phase tables are built at start-up: wait until they are loaded.
  await waitUntilLoaded(METHOD);
});

after(async () => {
  await browser?.close();
});

test("keyboard turns change the state as the server's model says", { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 820 });
  assert.equal(await facelets(page), SOLVED);
  await page.locator("#viewport").focus();
  await page.keyboard.press("r");
  await waitIdle(page);
  const afterR = await facelets(page);
  assert.notEqual(afterR, SOLVED);
  const server = await api("/api/apply", { moves: "R" });
  assert.equal(server.status, 200);
  assert.equal(afterR, server.body.facelets, "the page's R agrees with the server's R");
  for (const key of ["u", "Shift+F", "d", "Shift+L", "b"]) {
    await page.keyboard.press(key);
    await waitIdle(page);
  }
  const five = await api("/api/apply", { moves: "R U F' D L' B" });
  assert.equal(await facelets(page), five.body.facelets);
  // Slices and rotations agree with the server's cube model too (centres move).
  await page.keyboard.press("m");
  await waitIdle(page);
  assert.equal(await facelets(page), (await api("/api/apply", { moves: "R U F' D L' B M" })).body.facelets);
  await page.keyboard.press("Shift+E");
  await page.keyboard.press("s");
  await page.keyboard.press("x");
  await page.keyboard.press("Shift+y");
  await page.keyboard.press("z");
  await waitIdle(page);
  const turned = await facelets(page);
  assert.equal(turned, (await api("/api/apply", { moves: "R U F' D L' B M E' S x y' z" })).body.facelets);
  // Undo six times returns to the state before z, y', x, S, E' and M.
  for (let i = 0; i < 6; i++) await page.click("#undo");
  await waitIdle(page);
  assert.equal(await facelets(page), five.body.facelets);
  // Dragging beside the cube orbits the view (a drag on it turns a layer: daily.test.mjs) and
  // the wheel zooms; neither changes the cube.
  const camera = () => page.evaluate(() => document.getElementById("cube").style.transform);
  const before = await camera();
  const box = await page.locator("#viewport").boundingBox();
  await page.mouse.move(box.x + 12, box.y + 12);
  await page.mouse.down();
  await page.mouse.move(box.x + 132, box.y + 52, { steps: 8 });
  await page.mouse.up();
  const orbited = await camera();
  assert.notEqual(orbited, before);
  await page.mouse.wheel(0, -400);
  assert.notEqual(await camera(), orbited);
  assert.equal(await facelets(page), five.body.facelets);
  // Typed notation (groups, wide turns, slices, rotations, juxtaposed moves) reads as the server reads it.
  const typed = "(R U R' U')2 M2 x' Rw 2Fw' b E S' y2 RU' [R, U] [F: [L, D2]]";
  await page.fill("#input", typed);
  await page.click("#apply");
  await waitIdle(page);
  assert.equal(await facelets(page), (await api("/api/apply", { moves: typed })).body.facelets);
  assert.deepEqual(problems, []);
  await context.close();
});

test("scramble, solve, play to the end: the cube is solved", { timeout: 180_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 820 });
  await scrambleAndSolve(page);
  // The scramble shown in the input box reaches the displayed state, by the server's model.
  const scramble = await page.inputValue("#input");
  const start = await facelets(page);
  assert.equal((await api("/api/apply", { moves: scramble })).body.facelets, start);
  const n = await page.evaluate(() => window.rubik.length());
  assert.ok(n > 0 && n <= 60, `solution of ${n} moves`);
  assert.ok(await page.locator("#move-list .mv").count() === n);
  // Step forward and back, then jump into the middle with the move list.
  await page.click("[data-speed=fast]");
  await page.click("#step-forward");
  await waitIdle(page);
  assert.equal(await page.evaluate(() => window.rubik.position()), 1);
  assert.match(await page.textContent("#move-meaning"), /—/);
  await page.click("#step-back");
  await waitIdle(page);
  assert.equal(await facelets(page), start);
  const mid = Math.floor(n / 2);
  await page.locator("#move-list .mv").nth(mid - 1).click();
  await waitIdle(page);
  assert.equal(await page.evaluate(() => window.rubik.position()), mid);
  assert.equal(await page.locator("#move-list .mv.current").count(), 1);
  assert.notEqual((await page.textContent("#step-name")).trim(), "");
  await page.screenshot({ path: join(SHOTS, "desktop.png") });
  // Play to the end.
  await page.click("#play");
  await page.waitForFunction(() => window.rubik.position() === window.rubik.length() && window.rubik.idle(),
    null, { timeout: 120_000 });
  const end = await facelets(page);
  assert.ok(isSolved(end), `the page's cube is solved after playback: ${end}`);
  assert.ok(await page.evaluate(() => window.rubik.isSolved()));
  // Jump to start restores the scrambled state; jump to end solves again.
  await page.click("#to-start");
  await waitIdle(page);
  assert.equal(await facelets(page), start);
  await page.click("#to-end");
  await waitIdle(page);
  assert.ok(isSolved(await facelets(page)));
  // The share link restores the state and the solution in a new page.
  const share = await page.getAttribute("#share", "href");
  const alg = await page.getAttribute("#algcubing", "href");
  assert.match(alg, /^https:\/\/alg\.cubing\.net\/\?setup=.+&alg=.+/);
  const other = await context.newPage();
  await other.goto(share);
  await other.waitForFunction(() => window.rubik && window.rubik.length() > 0);
  assert.equal(await facelets(other), start);
  assert.equal(await other.evaluate(() => window.rubik.length()), n);
  assert.deepEqual(problems, []);
  await context.close();
});

test("Thistlethwaite, CFOP and improved two-phase solutions play to solved, step by step", { timeout: 180_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 820 });
  const sent = [];
  page.on("request", (r) => { if (r.url().endsWith("/api/solve/stream")) sent.push(JSON.parse(r.postData())); });
  for (const [method, improve] of [["thistlethwaite", false], ["cfop", false], ["twophase", true]]) {
    await page.click("#scramble");
    await page.waitForFunction((s) => window.rubik.facelets() !== s && window.rubik.idle(), SOLVED, { timeout: 30_000 });
    await page.selectOption("#method", method);
    // "Shortest in 1 s" is offered with two-phase only.
    assert.equal(await page.isVisible("#improve"), method === "twophase", `${method}: the improve choice`);
    if (improve) await page.check("#improve");
    await page.click("#solve");
    await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 60_000 });
    assert.deepEqual([sent.at(-1).method, sent.at(-1).improve], [method, improve], `${method}: the request`);
    const name = improve ? "twophase, shortest in 1 s" : method;
    const steps = await page.locator("#move-list .step-label").allTextContents();
    assert.ok(steps.length >= (improve ? 2 : 3), `${name}: ${steps.length} named steps`);
    if (improve) {
      assert.ok(await page.evaluate(() => window.rubik.length()) <= 20, "improved two-phase: at most 20 moves");
    }
    assert.ok(steps.every((s) => s.trim() !== ""), `${method}: every step is named`);
    if (method === "cfop") {
      assert.ok(steps.some((s) => /cross/i.test(s)), `CFOP has a cross step: ${steps}`);
      assert.ok(steps.some((s) => /F2L/.test(s)), `CFOP has F2L steps: ${steps}`);
    }
    await page.locator("#move-list .mv").nth(Math.floor((await page.evaluate(() => window.rubik.length())) / 2)).click();
    await waitIdle(page);
    await page.screenshot({ path: join(SHOTS, `${improve ? "twophase-improve" : method}.png`) });
    await page.click("[data-speed=instant]");
    await page.click("#play");
    await page.waitForFunction(() => window.rubik.position() === window.rubik.length() && window.rubik.idle(),
      null, { timeout: 30_000 });
    assert.ok(isSolved(await facelets(page)), `${name}: solved after playback`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("the method menu is the server's registry, labelled in each language, and each choice solves with its method", { timeout: 300_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 820 });
  const registry = await api("/api/methods");
  assert.equal(registry.status, 200);
  const names = registry.body.map((m) => m.name);
  const menu = () => page.$$eval("#method option", (os) => os.map((o) => ({ name: o.value, label: o.textContent })));
  const english = await menu();
  assert.deepEqual(english.map((o) => o.name), names, "the menu lists the registry's methods, in its order");
  assert.equal(await page.inputValue("#method"), names[0], "the registry's default (first) is chosen");
  for (const o of english) assert.ok(o.label.trim() && !o.label.startsWith("methods."), `a label for ${o.name}: ${o.label}`);
  assert.equal(english.find((o) => o.name === "twophase").label, "Two-phase (Kociemba)");
  await page.click("[data-lang=fr]");
  const french = await menu();
  assert.deepEqual(french.map((o) => o.name), names);
  assert.equal(french.find((o) => o.name === "twophase").label, "Deux phases (Kociemba)");
  assert.equal(french.find((o) => o.name === "optimal").label, "Optimale");
  await page.click("[data-lang=en]");
  // Each choice: the request names it, the answer comes from it, and played to the end it solves
  // the cube. A short scramble keeps the optimal search quick.
  const sent = [];
  page.on("request", (r) => { if (r.url().endsWith("/api/solve/stream")) sent.push(JSON.parse(r.postData()).method); });
  for (const name of names) {
    await page.fill("#input", "R U F' L2 D B'");
    await page.click("#apply");
    await waitIdle(page);
    const start = await facelets(page);
    assert.ok(!isSolved(start));
    await page.selectOption("#method", name);
    await page.click("#solve");
    await page.waitForFunction((n) => window.rubik.method() === n && window.rubik.length() > 0
      || document.getElementById("message").classList.contains("bad"), name, { timeout: 240_000 });
    assert.equal(await page.evaluate(() => window.rubik.method()), name, `${name}: ${await page.textContent("#message")}`);
    assert.equal(sent.at(-1), name, `${name}: the request's method`);
    await page.click("[data-speed=instant]");
    await page.click("#to-end");
    await page.waitForFunction(() => window.rubik.position() === window.rubik.length() && window.rubik.idle(),
      null, { timeout: 30_000 });
    assert.ok(isSolved(await facelets(page)), `${name}: ${await page.evaluate(() => window.rubik.solution())} solves ${start}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("painting an invalid cube shows the error naming the piece", { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 1280, height: 820 });
  await page.click("#paint");
  // Twist the URF corner clockwise: U9 (index 8) ← F colour, R1 (9) ← U colour, F3 (20) ← R colour.
  for (const [colour, index] of [["F", 8], ["U", 9], ["R", 20]]) {
    await page.click(`.swatch[data-colour=${colour}]`);
    await page.click(`#net .net-sticker[data-index="${index}"]`);
  }
  await page.waitForFunction(() => /URF/.test(document.getElementById("validation").textContent), null, { timeout: 10_000 });
  assert.match(await page.textContent("#validation"), /twisted/i);
  assert.ok(await page.locator(".net-sticker.fault").count() === 3, "the corner's three stickers are marked");
  await page.screenshot({ path: join(SHOTS, "paint.png"), fullPage: true });
  // Solving it is refused with the same reason.
  await page.click("#solve");
  await page.waitForFunction(() => /URF/.test(document.getElementById("message").textContent), null, { timeout: 10_000 });
  // Twisting the corner back makes the cube valid again.
  for (const [colour, index] of [["U", 8], ["R", 9], ["F", 20]]) {
    await page.click(`.swatch[data-colour=${colour}]`);
    await page.click(`#net .net-sticker[data-index="${index}"]`);
  }
  await page.waitForFunction(() => document.getElementById("validation").classList.contains("ok"), null, { timeout: 10_000 });
  assert.equal(await facelets(page), SOLVED);
  assert.deepEqual(problems, []);
  await context.close();
});

test("French texts and a phone-sized screen", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage({ width: 390, height: 844 });
  // Both languages of the UI catalogue have the same keys.
  const missing = await page.evaluate(() => {
    const keys = (o, p = "") => Object.entries(o).flatMap(([k, v]) =>
      typeof v === "object" ? keys(v, p + k + ".") : [p + k]);
    const en = keys(window.RUBIK_I18N.en);
    const fr = keys(window.RUBIK_I18N.fr);
    return en.filter((k) => !fr.includes(k)).concat(fr.filter((k) => !en.includes(k)));
  });
  assert.deepEqual(missing, []);
  await page.click("[data-lang=fr]");
  assert.equal((await page.textContent("#scramble")).trim(), "Mélanger");
  // No untranslated placeholder keys are left on the page.
  assert.doesNotMatch(await page.textContent("body"), /\b(speeds|methods|errors|colours)\.[a-z]/);
  await scrambleAndSolve(page);
  await page.click("[data-speed=instant]");
  for (let i = 0; i < 3; i++) await page.click("#step-forward");
  await waitIdle(page);
  assert.match(await page.textContent("#move-meaning"), /tour|rotation/);
  // Nothing overflows the screen sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  await page.screenshot({ path: join(SHOTS, "phone.png"), fullPage: true });
  await page.click("#to-end");
  await waitIdle(page);
  assert.ok(isSolved(await facelets(page)));
  assert.deepEqual(problems, []);
  await context.close();
});
