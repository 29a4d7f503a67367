// The page as a cuber's daily tool, in headless Chromium at a desktop and a phone size: the
// answer in view after Solve, turning by dragging (mouse and touch), the timeline, the timer's
// averages (WCA trimming), a csTimer import, a PLL drill's case pictures, exact counts and
// messages said once, naming what they should. Run by e2e/run.sh (RUBIK_URL).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { SHOTS, api, launchBrowser, openPage, waitIdle, waitUntilLoaded } from "./lib/page.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const DESKTOP = { viewport: { width: 1366, height: 850 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser;

before(async () => {
  browser = await launchBrowser();
  await waitUntilLoaded("twophase");
});

after(async () => {
  await browser?.close();
});

/** Whether the element's box lies inside the window (nothing cut off), as the page stands. */
const inView = (page, selector) => page.evaluate((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}, selector);

/** The number of times `needle` occurs in `text`. */
const occurrences = (text, needle) => text.split(needle).length - 1;

for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`${name}: after Solve the first move and the controls are in view, and it plays`, { timeout: 120_000 }, async () => {
    const { page, context, problems } = await openPage(browser, options, { autoplay: true });
    // Nothing to play yet: the transport is off.
    assert.equal(await page.isDisabled("#play"), true);
    assert.equal(await page.isDisabled("#timeline"), true);
    await page.click("#scramble");
    await page.waitForFunction((s) => window.rubik.facelets() !== s, SOLVED, { timeout: 30_000 });
    await waitIdle(page);
    await page.selectOption("#method", "twophase");
    await page.click("#solve");
    await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 60_000 });
    // Auto-play (a new visitor's setting) starts the answer: the position moves by itself.
    await page.waitForFunction(() => window.rubik.position() > 0, null, { timeout: 30_000 });
    assert.equal(await page.isDisabled("#play"), false);
    for (const sel of ["#timeline-moves .tl-mv", "#play", "#step-forward", "#timeline", "#step-name", "#viewport"]) {
      assert.ok(await inView(page, sel), `${name}: ${sel} is inside the window after Solve`);
    }
    await page.screenshot({ path: join(SHOTS, `daily-solve-${name}.png`) });
    // Pause, then scrub the timeline to the middle: the cube shows that position and the move
    // before it is highlighted.
    await page.click("#play");
    await waitIdle(page);
    const n = await page.evaluate(() => window.rubik.length());
    const mid = Math.floor(n / 2);
    await page.locator("#timeline").fill(String(mid));
    await page.waitForFunction((k) => window.rubik.position() === k && window.rubik.idle(), mid, { timeout: 10_000 });
    const { current } = await page.evaluate(() => window.rubik.timeline());
    const moves = (await page.evaluate(() => window.rubik.solution())).split(" ");
    assert.equal(current, moves[mid - 1]);
    const start = await page.evaluate(() => window.rubik.facelets());
    const expected = await api("/api/apply", { moves: `${await page.inputValue("#input")} ${moves.slice(0, mid).join(" ")}` });
    assert.equal(start, expected.body.facelets, "the scrubbed position is the scramble and the first moves, by the server's model");
    // The move list shows every move, with no inner scroll box cutting it off.
    const cut = await page.evaluate(() => {
      const list = document.getElementById("move-list");
      return list.scrollHeight > list.clientHeight + 1;
    });
    assert.equal(cut, false);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** Drags from the centre of sticker `index` by (dx, dy) pixels with the mouse. */
async function mouseDrag(page, index, dx, dy) {
  const box = await page.locator(`.sticker[data-index="${index}"]`).boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let k = 1; k <= 6; k++) await page.mouse.move(x + (dx * k) / 6, y + (dy * k) / 6);
  await page.mouse.up();
}

/** The same with a finger (touch events through the DevTools protocol). */
async function touchDrag(page, index, dx, dy) {
  const box = await page.locator(`.sticker[data-index="${index}"]`).boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let k = 1; k <= 6; k++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * k) / 6, y: y + (dy * k) / 6 }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

for (const [name, options, drag] of [["desktop mouse", DESKTOP, mouseDrag], ["phone touch", PHONE, touchDrag]]) {
  test(`${name}: dragging the U layer's row turns U, a U sticker pushed back turns R, both written down`, { timeout: 60_000 }, async () => {
    const { page, context, problems } = await openPage(browser, options);
    await page.click('[data-view="3d"]');
    // The front face's top row (F stickers 18-20 are in the U layer), pushed to the left: U.
    await drag(page, 19, -70, 0);
    await page.waitForFunction(() => window.rubik.facelets() !== "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    await waitIdle(page);
    assert.equal(await page.evaluate(() => window.rubik.facelets()), (await api("/api/apply", { moves: "U" })).body.facelets);
    // A sticker of the U face on the R layer (U 5, right middle), pushed away (up the screen): R.
    await drag(page, 5, 0, -70);
    await page.waitForFunction(() => window.rubik.lastDrag().move === "R");
    await waitIdle(page);
    assert.equal(await page.evaluate(() => window.rubik.facelets()), (await api("/api/apply", { moves: "U R" })).body.facelets);
    assert.equal((await page.inputValue("#input")).trim(), "U R");
    // A key press is written down too.
    await page.locator("#viewport").focus();
    await page.keyboard.press("Shift+F");
    await waitIdle(page);
    assert.equal((await page.inputValue("#input")).trim(), "U R F'");
    // A drag beside the cube orbits the view and turns nothing.
    const before = await page.evaluate(() => window.rubik.facelets());
    const vp = await page.locator("#viewport").boundingBox();
    await page.mouse.move(vp.x + 8, vp.y + 8);
    await page.mouse.down();
    await page.mouse.move(vp.x + 60, vp.y + 20, { steps: 5 });
    await page.mouse.up();
    await waitIdle(page);
    assert.equal(await page.evaluate(() => window.rubik.facelets()), before);
    await page.screenshot({ path: join(SHOTS, `daily-drag-${name.replace(" ", "-")}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** The WCA average of `values` (milliseconds, Infinity = DNF): best and worst removed. */
function wcaAverage(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  const kept = sorted.slice(1, -1);
  return kept.includes(Infinity) ? Infinity : kept.reduce((a, b) => a + b, 0) / kept.length;
}

const show = (ms) => (ms === Infinity ? "DNF" : (Math.round(ms / 10) / 100).toFixed(2));

test("timer: five solves with the keyboard, one made a DNF, give the WCA ao5", { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage(browser, DESKTOP);
  await page.click('[data-mode="timer"]');
  await page.waitForFunction(() => window.rubik.timerReady() && window.rubik.timerScramble());
  await page.uncheck("#inspection");
  for (let k = 0; k < 5; k++) {
    await page.keyboard.down("Space");
    await page.keyboard.up("Space");
    await page.waitForFunction(() => window.rubik.timerPhase() === "running");
    // A few more frames for each solve, so that the five times differ.
    for (let f = 0; f <= k; f++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    await page.keyboard.down("Space");
    await page.keyboard.up("Space");
    await page.waitForFunction((n) => window.rubik.timerSolves().length === n, k + 1);
  }
  // The third solve becomes a DNF, the fourth a +2, with the list's buttons.
  await page.click('#timer-times li[data-i="2"] [data-penalty="-1"]');
  await page.click('#timer-times li[data-i="3"] [data-penalty="2000"]');
  // The list shows both penalties once the page has drawn them.
  await page.waitForFunction(() => document.querySelector('#timer-times li[data-i="3"] .time-value')?.textContent.endsWith("+")
    && document.querySelector('#timer-times li[data-i="2"] .time-value')?.textContent.startsWith("DNF"));
  const solves = await page.evaluate(() => window.rubik.timerSolves());
  assert.equal(solves[2].penalty, -1);
  const values = solves.map((s) => (s.penalty === -1 ? Infinity : s.time + (s.penalty === 2000 ? 2000 : 0)));
  assert.equal(await page.evaluate(() => window.rubik.timerStat("current-ao5")), show(wcaAverage(values)));
  // A second DNF makes the average a DNF.
  await page.click('#timer-times li[data-i="0"] [data-penalty="-1"]');
  await page.waitForFunction(() => window.rubik.timerStat("current-ao5") === "DNF");
  await page.screenshot({ path: join(SHOTS, "daily-timer-desktop.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("timer: a csTimer export is read, its times listed and averaged (a DNF among them)", { timeout: 60_000 }, async () => {
  for (const [lang, options] of [["en", DESKTOP], ["fr", PHONE]]) {
    const { page, context, problems } = await openPage(browser, options);
    await page.click(`[data-lang="${lang}"]`);
    await page.click('[data-mode="timer"]');
    await page.waitForFunction(() => window.rubik.timerReady());
    await page.setInputFiles("#timer-import", join(HERE, "data", "cstimer-export.json"));
    await page.waitForFunction(() => window.rubik.timerSession() && window.rubik.timerSession().name === "OH practice");
    const listed = await page.locator("#timer-times .time-value").allTextContents();
    // Newest first: the file's five times of "OH practice", with their penalties.
    assert.deepEqual(listed, ["10.20+", "11.50", "DNF(9.00)", "10.00", "12.34"]);
    // ao5 of 12.34, 10.00, DNF, 11.50, 10.20: best (10.00) and worst (DNF) removed: 11.35.
    assert.equal(await page.evaluate(() => window.rubik.timerStat("current-ao5")), "11.35");
    assert.equal(await page.evaluate(() => window.rubik.timerStat("best-single")), "10.00");
    await page.screenshot({ path: join(SHOTS, `daily-import-${lang}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("trainer: a PLL drill shows after each solve a picture of the scramble's state", { timeout: 90_000 }, async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, context, problems } = await openPage(browser, options);
    await page.click('[data-mode="drill"]');
    await page.selectOption("#drill-set", "pll");
    await page.waitForFunction(() => window.rubik.drillSet() === "pll" && window.rubik.timerSession().kind === "drill:pll"
      && window.rubik.timerScramble());
    await page.uncheck("#inspection");
    for (let k = 0; k < 3; k++) {
      const scramble = await page.evaluate(() => window.rubik.timerScramble());
      const state = (await api("/api/apply", { moves: scramble })).body.facelets;
      await page.keyboard.down("Space");
      await page.keyboard.up("Space");
      await page.waitForFunction(() => window.rubik.timerPhase() === "running");
      await page.keyboard.down("Space");
      await page.keyboard.up("Space");
      await page.waitForFunction(() => document.querySelector("#timer-case .case-pic"));
      assert.equal(await page.getAttribute("#timer-case .case-pic", "data-facelets"), state);
      // Every sticker drawn has the colour the scramble's state has there.
      const drawn = await page.evaluate(() => [...document.querySelectorAll("#timer-case .case-pic polygon")]
        .map((p) => [Number(p.dataset.index), p.dataset.letter]));
      assert.equal(drawn.length, 21, "a last-layer picture: 9 U stickers and 12 side stickers");
      for (const [index, letter] of drawn) assert.equal(letter, state[index], `${name}: sticker ${index} of ${scramble}`);
      // A PLL state: everything but the U layer's permutation is solved, and U is all U.
      assert.equal(state.slice(0, 9), "UUUUUUUUU");
      if (k === 0) await page.screenshot({ path: join(SHOTS, `daily-drill-${name}.png`) });
      await page.waitForFunction((s) => window.rubik.timerScramble() && window.rubik.timerScramble() !== s, scramble);
    }
    // The per-case table lists the cases seen, each with its picture.
    assert.ok(await page.locator("#timer-cases .case-pic").count() >= 1);
    if (name === "desktop") {
      // An F2L drill's case (cross solved, the rest random) is drawn from the front-right corner:
      // U, F and R, every sticker the scramble's.
      await page.selectOption("#drill-set", "f2l");
      await page.waitForFunction(() => window.rubik.drillSet() === "f2l" && window.rubik.timerSession().kind === "drill:f2l"
        && window.rubik.timerScramble());
      const scramble = await page.evaluate(() => window.rubik.timerScramble());
      const state = (await api("/api/apply", { moves: scramble })).body.facelets;
      await page.keyboard.down("Space");
      await page.keyboard.up("Space");
      await page.waitForFunction(() => window.rubik.timerPhase() === "running");
      await page.keyboard.down("Space");
      await page.keyboard.up("Space");
      await page.waitForFunction(() => document.querySelector("#timer-case .case-pic"));
      const drawn = await page.evaluate(() => [...document.querySelectorAll("#timer-case .case-pic polygon")]
        .map((p) => [Number(p.dataset.index), p.dataset.letter]));
      assert.deepEqual(drawn.map(([i]) => i).sort((a, b) => a - b), [...Array(27).keys()], "U (0-8), R (9-17), F (18-26)");
      for (const [index, letter] of drawn) assert.equal(letter, state[index], `F2L sticker ${index} of ${scramble}`);
      await page.screenshot({ path: join(SHOTS, "daily-drill-f2l-desktop.png") });
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("the <U,R,F,D,L> state count is the server's, digit for digit", { timeout: 60_000 }, async () => {
  const server = await api("/api/moveset?moves=U,R,F,D,L");
  assert.equal(server.status, 200);
  assert.equal(typeof server.body.states, "string", "the server sends the count as a decimal string");
  assert.ok(BigInt(server.body.states) > 2n ** 53n);
  const { page, context, problems } = await openPage(browser, DESKTOP);
  await page.fill("#moveset", "U,R,F,D,L");
  await page.press("#moveset", "Enter");
  await page.waitForFunction(() => /\d{3}/.test(document.getElementById("moveset-info").textContent));
  const shown = (await page.textContent("#moveset-info")).match(/[\d,\s\u202f\u00a0]{10,}/)[0].replace(/\D/g, "");
  assert.equal(shown, server.body.states);
  assert.deepEqual(problems, []);
  await context.close();
});

test("messages are said once and name what they should (colours by name, the bad token)", { timeout: 60_000 }, async () => {
  for (const [lang, white, red] of [["en", "white", "red"], ["fr", "blanc", "rouge"]]) {
    const { page, context, problems } = await openPage(browser, PHONE);
    await page.click(`[data-lang="${lang}"]`);
    // One white sticker painted red: white 8 times, red 10 times.
    await page.fill("#input", SOLVED.slice(0, 8) + "R" + SOLVED.slice(9));
    await page.click("#apply");
    await page.waitForFunction(() => document.getElementById("validation").classList.contains("bad"));
    const text = await page.textContent("#validation");
    assert.equal(occurrences(text.toLowerCase(), lang === "en" ? "exactly 9 times" : "exactement 9 fois"), 1, text);
    assert.match(text, new RegExp(`${white} appara[iî]t 8 fois|${white} appears 8 times`));
    assert.match(text, new RegExp(`${red} appara[iî]t 10 fois|${red} appears 10 times`));
    assert.doesNotMatch(text, /'U'|'R'/);
    // A bad token is named, with its column.
    await page.fill("#input", "R U Q");
    await page.click("#apply");
    await page.waitForFunction(() => /Q/.test(document.getElementById("message").textContent));
    const bad = await page.textContent("#message");
    assert.match(bad, /“Q”/);
    assert.match(bad, lang === "en" ? /column 5/ : /colonne 5/);
    assert.equal(occurrences(bad, "5"), 1, bad);
    await page.screenshot({ path: join(SHOTS, `daily-messages-${lang}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("the share link carries moves and options, not texts, and plays back", { timeout: 90_000 }, async () => {
  const { page, context, problems } = await openPage(browser, DESKTOP);
  await page.fill("#input", "R U R' U'");
  await page.click("#apply");
  await waitIdle(page);
  await page.fill("#alg", "U R U' R'");
  await page.click("#alg-play");
  await page.waitForFunction(() => window.rubik.length() === 4);
  const share = await page.getAttribute("#share", "href");
  const params = new URLSearchParams(new URL(share).hash.slice(1));
  assert.equal(params.get("setup"), "R U R' U'");
  assert.equal(params.get("alg"), "U R U' R'");
  assert.ok(share.length < 200, `a short link: ${share}`);
  const other = await context.newPage();
  await other.goto(share);
  await other.waitForFunction(() => window.rubik && window.rubik.length() === 4);
  assert.equal(await other.inputValue("#input"), "R U R' U'");
  assert.equal(await other.inputValue("#alg"), "U R U' R'");
  await other.click("#to-end");
  await other.waitForFunction(() => window.rubik.position() === 4 && window.rubik.idle());
  assert.equal(await other.evaluate(() => window.rubik.isSolved()), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test("timer: WCA inspection gives +2 when the solve starts after 15 s and DNF after 17 s", { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage(browser, PHONE);
  // From the reload on, the page's clock is Playwright's: seconds of inspection pass without
  // being waited for.
  await page.clock.install();
  await page.reload();
  await page.waitForFunction(() => window.rubik && window.rubik.timerReady && window.rubik.timerReady());
  await page.click('#modes [data-mode="timer"]');
  await page.check("#inspection");
  for (const [inspect, penalty] of [[14_000, 0], [16_000, 2000], [18_000, -1]]) {
    const n = (await page.evaluate(() => window.rubik.timerSolves().length)) + 1;
    await page.keyboard.down("Space");
    await page.keyboard.up("Space");
    await page.waitForFunction(() => window.rubik.timerPhase() === "inspecting");
    await page.clock.runFor(inspect);
    await page.keyboard.down("Space");
    await page.keyboard.up("Space");
    await page.waitForFunction(() => window.rubik.timerPhase() === "running");
    await page.clock.runFor(9_000);
    await page.keyboard.down("Space");
    await page.keyboard.up("Space");
    await page.waitForFunction((k) => window.rubik.timerSolves().length === k, n);
    const solve = (await page.evaluate(() => window.rubik.timerSolves())).pop();
    assert.equal(solve.penalty, penalty, `inspection of ${inspect} ms`);
    assert.ok(Math.abs(solve.time - 9_000) < 100, `the solve's own time: ${solve.time}`);
  }
  await page.screenshot({ path: join(SHOTS, "daily-inspection-phone.png") });
  assert.deepEqual(problems, []);
  await context.close();
});
