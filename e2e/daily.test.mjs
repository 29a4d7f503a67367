// The page as a cuber's daily tool, in headless Chromium at a desktop and a phone size: the
// answer in view after Solve, turning by dragging (mouse and touch), the timeline, the timer's
// averages (WCA trimming), a csTimer import, a PLL drill's case pictures, exact counts and
// messages said once, naming what they should. Run by e2e/run.sh (RUBIK_URL).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { SHOTS, api, isSolved, launchBrowser, openPage, waitIdle, waitUntilLoaded } from "./lib/page.mjs";

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

/** Moves the mouse along `points` (screen pixels) with the button held. */
async function mousePath(page, points) {
  await page.mouse.move(...points[0]);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...p);
  await page.mouse.up();
}

/** The same with a finger. */
async function touchPath(page, points) {
  const cdp = await page.context().newCDPSession(page);
  const at = ([x, y]) => [{ x, y }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(points[0]) });
  for (const p of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(p) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/**
 * A circle drawn on screen from the centre of sticker `from` around the centre of sticker
 * `about`, sweeping `degrees` (> 0: clockwise as the viewer sees it, screen y pointing down).
 */
async function circlePath(page, from, about, degrees) {
  const centre = async (i) => {
    const b = await page.locator(`.sticker[data-index="${i}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [sx, sy] = await centre(from);
  const [cx, cy] = await centre(about);
  const r = Math.hypot(sx - cx, sy - cy);
  const a0 = Math.atan2(sy - cy, sx - cx);
  const steps = 24;
  return [...Array(steps + 1).keys()].map((k) => {
    const a = a0 + (degrees * Math.PI / 180) * (k / steps);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}

for (const [name, options, path] of [["desktop mouse", DESKTOP, mousePath], ["phone touch", PHONE, touchPath]]) {
  test(`${name}: a circular drag on the U face turns U, the other sense U', both written down`, { timeout: 60_000 }, async () => {
    const { page, context, problems } = await openPage(browser, options);
    await page.click('[data-view="3d"]');
    await page.locator("#viewport").scrollIntoViewIfNeeded();
    // From the U face's front-right corner sticker (8) around its centre (4), clockwise as the
    // viewer sees it: U.
    await path(page, await circlePath(page, 8, 4, 200));
    await page.waitForFunction(() => window.rubik.lastDrag().move !== null);
    await waitIdle(page);
    assert.deepEqual(await page.evaluate(() => { const d = window.rubik.lastDrag(); return [d.move, d.gesture]; }), ["U", "circle"]);
    assert.equal(await page.evaluate(() => window.rubik.facelets()), (await api("/api/apply", { moves: "U" })).body.facelets);
    assert.equal((await page.inputValue("#input")).trim(), "U");
    // From an edge sticker (1, at the back) the other way round: U'. The cube is solved again.
    await path(page, await circlePath(page, 1, 4, -220));
    await page.waitForFunction(() => window.rubik.lastDrag().move === "U'");
    await waitIdle(page);
    assert.equal(await page.evaluate(() => window.rubik.facelets()), SOLVED);
    assert.equal((await page.inputValue("#input")).trim(), "U U'");
    // A circle on the front face turns F (the face the finger is on, not U).
    await path(page, await circlePath(page, 18, 22, 200));
    await page.waitForFunction(() => window.rubik.lastDrag().move === "F");
    await waitIdle(page);
    assert.equal(await page.evaluate(() => window.rubik.facelets()), (await api("/api/apply", { moves: "U U' F" })).body.facelets);
    assert.equal((await page.inputValue("#input")).trim(), "U U' F");
    await page.screenshot({ path: join(SHOTS, `daily-circle-${name.replace(" ", "-")}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
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
      // A PLL drill has a few hundred states: the next scramble may repeat this one, so the test waits
      // for a new deal, not for a different scramble.
      const dealt = await page.evaluate(() => window.rubik.timerDealt());
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
      await page.waitForFunction((d) => window.rubik.timerScramble() && window.rubik.timerDealt() > d, dealt);
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

/** Each kind of the core's notation errors (rubik_cube::alg::ParseErrorKind), with a text that has it. */
const NOTATION_FAULTS = [
  ["R U Q", "unknown_move", "Q", 5],
  ["R4 U", "bad_amount"],
  ["2R U", "bad_prefix"],
  ["(R U", "unclosed_group"],
  ["R U)", "unmatched_close"],
  ["R () U", "empty_group"],
  ["[R, U", "unclosed_bracket"],
  ["R, U", "misplaced_separator"],
  ["(R U)0", "bad_repeat"],
  ["R / U", "bad_comment"],
];

test("notation errors are said in the page's language, each kind, with the token and its column once", { timeout: 90_000 }, async () => {
  for (const [lang, options] of [["fr", PHONE], ["en", DESKTOP]]) {
    const { page, context, problems } = await openPage(browser, options);
    await page.click(`[data-lang="${lang}"]`);
    for (const [text, kind, token, column] of NOTATION_FAULTS) {
      for (const box of ["#input", "#alg"]) {
        await page.evaluate(() => { document.getElementById("message").textContent = ""; });
        await page.fill(box, text);
        await page.click(box === "#input" ? "#apply" : "#alg-play");
        await page.waitForFunction(() => document.getElementById("message").textContent !== "");
        const shown = await page.textContent("#message");
        // The page's own texts for this language and kind, filled as the page fills them.
        const { template, detail, english } = await page.evaluate(([l, k]) => ({
          template: window.RUBIK_I18N[l].errors.notation_at, detail: window.RUBIK_I18N[l].notationKinds[k],
          english: window.RUBIK_I18N.en.notationKinds[k],
        }), [lang, kind]);
        const [before, after] = template.split("{detail}");
        assert.ok(shown.startsWith(before + detail), `${lang} ${box} ${text}: ${shown}`);
        assert.match(after, /\{token\}.*\{column\}/);
        if (lang === "fr") assert.ok(!shown.includes(english), `no English in the French page: ${shown}`);
        if (token) {
          assert.ok(shown.includes(`“${token}”`), shown);
          assert.ok(shown.endsWith(`${lang === "fr" ? "colonne" : "column"} ${column}.`), shown);
          assert.equal(occurrences(shown, String(column)), 1, shown);
        }
      }
    }
    if (lang === "fr") await page.screenshot({ path: join(SHOTS, "daily-notation-fr-phone.png") });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("algorithms listed for a PLL: the Goal menu names the case's set, in both languages", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(browser, DESKTOP);
  // The inverse of a Ua perm: a U perm, a PLL case in <R,U>.
  await page.fill("#input", "R2 U R U R' U' R' U' R' U R'");
  await page.click("#apply");
  await waitIdle(page);
  assert.equal(await page.evaluate(() => window.rubik.goalShown()), "Cross");
  await page.click("#moveset-presets [data-moves='R,U']");
  await page.click("#algs-find");
  await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 90_000 });
  assert.ok((await page.evaluate(() => window.rubik.algorithms())).length > 0, await page.textContent("#goal-message"));
  assert.equal(await page.evaluate(() => window.rubik.goalShown()), "This PLL case: solved");
  assert.equal(await page.evaluate(() => window.rubik.goal()), "solved", "the goal sent for a listed case is solved");
  await page.click('[data-lang="fr"]');
  assert.equal(await page.evaluate(() => window.rubik.goalShown()), "Ce cas (PLL) : résolu");
  // A case of the last layer with its edges oriented (an anti-Sune): the set the server names it
  // by (ZBLL), else the one its stickers show (OLL).
  await page.click('[data-lang="en"]');
  await page.fill("#input", "R U2 R' U' R U' R'");
  await page.click("#apply");
  await waitIdle(page);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/algs"), { timeout: 90_000 });
  await page.click("#algs-find");
  const named = (await (await answer).json()).case.split(" ")[0];
  await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 90_000 });
  const set = ["OLL", "ZBLL", "COLL", "OLLCP"].includes(named) ? named : "OLL";
  assert.equal(await page.evaluate(() => window.rubik.goalShown()), `This ${set} case: solved`);
  await page.locator("#goals-card").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "daily-algs-case-goal-desktop.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("an algorithm search that runs out of time: what it found is a result (more may exist), else what would help", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(browser, DESKTOP);
  // A T perm searched in <R,U,F>: on this machine kind the search's time (10 s) ends first.
  await page.fill("#input", "R U R' U' R' F R2 U' R' U' R U R' F'");
  await page.click("#apply");
  await waitIdle(page);
  await page.click("#moveset-presets [data-moves='R,U,F']");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/algs"), { timeout: 90_000 });
  await page.click("#algs-find");
  const response = await answer;
  const body = await response.json();
  await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 30_000 });
  const said = await page.textContent("#goal-message");
  const kind = await page.getAttribute("#goal-message", "class");
  if (response.ok()) {
    const n = body.algorithms.length;
    assert.equal(await page.locator("#algs-list .alg").count(), n);
    if (body.timed_out) {
      // Found, then out of time: a result, not a failure.
      assert.ok(n > 0);
      assert.equal(said, `${n} algorithm${n === 1 ? "" : "s"} found in the time allowed; more may exist.`);
      assert.notEqual(kind, "message bad");
    } else {
      assert.equal(said, n ? "" : "No algorithm found within the limits.", "a search that ended by itself adds nothing to its list");
    }
  } else {
    // Nothing found in time: said once, with what would work instead (this card has no method menu).
    assert.equal(body.category, "timeout");
    assert.equal(said, "The time ran out before any algorithm was found. Allow more turns (add D or F to the moves).");
    assert.equal(kind, "message bad");
    assert.doesNotMatch(said, /method/);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

/** The release binary run.sh built, and the table folder every server here shares. */
const RUBIK = process.env.RUBIK_BIN || join(HERE, "..", "target", "release", "rubik");
const TABLES = process.env.RUBIK_TABLES || join(homedir(), ".cache", "rubik");

/**
 * Starts `rubik serve` on a free loopback port with its own table folder `dir`; resolves to
 * `{url, stop}` once it listens (it prints its URL then).
 */
function startServer(dir) {
  const child = spawn(RUBIK, ["serve", "--addr", "127.0.0.1:0"], {
    env: { ...process.env, RUBIK_TABLES: dir }, stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (d) => { log += d; });
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null) { resolve(); return; }
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/[\d.:]+\//);
      if (m) resolve({ url: m[0], stop, log: () => log });
    });
    child.once("exit", (code) => reject(new Error(`rubik serve exited (${code}): ${log}`)));
  });
}

test("a method's first solve shows its tables being built, with progress, and no search before", { timeout: 240_000 }, async () => {
  // A fresh table folder holding the shared folder's tables (linked, so the default two-phase
  // solver loads at once) but not CFOP's: its first solve builds them (about 6 s).
  const dir = mkdtempSync(join(tmpdir(), "rubik-tables-"));
  for (const name of readdirSync(TABLES)) {
    if (name.endsWith(".tbl") && !name.startsWith("cfop_")) symlinkSync(join(TABLES, name), join(dir, name));
  }
  const server = await startServer(dir);
  const context = await browser.newContext({ ...DESKTOP, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(String(e)));
    // Every text the message line and the progress bar take, as the page writes them.
    await page.addInitScript(() => {
      localStorage.setItem("rubik.autoplay", "off");
      window.__said = [];
      window.__bar = [];
      document.addEventListener("DOMContentLoaded", () => {
        const message = document.getElementById("message");
        const bar = document.getElementById("search-progress");
        new MutationObserver(() => {
          if (window.__said[window.__said.length - 1] !== message.textContent) window.__said.push(message.textContent);
        }).observe(message, { childList: true, characterData: true, subtree: true });
        new MutationObserver(() => { if (!bar.hidden) window.__bar.push([bar.value, bar.max]); })
          .observe(bar, { attributes: true });
      });
    });
    await page.goto(server.url);
    await page.waitForFunction(() => window.rubik && document.querySelectorAll("#method option").length > 0);
    assert.ok(!existsSync(join(dir, "cfop_cross.tbl")), "CFOP's tables are not there yet");
    await page.fill("#input", "R U F D2 L' B");
    await page.click("#apply");
    await waitIdle(page);
    await page.selectOption("#method", "cfop");
    // On a busy machine the build can outlast the solve's 10 s: the server then says the tables
    // are still being built, and the next Solve finds them.
    for (let attempt = 0; attempt < 6; attempt++) {
      await page.click("#solve");
      await page.waitForFunction(() => window.rubik.length() > 0 || document.getElementById("message").classList.contains("bad"),
        null, { timeout: 60_000 });
      if (await page.evaluate(() => window.rubik.length() > 0)) break;
    }
    const said = await page.evaluate(() => window.__said);
    const building = said.map((s) => s.match(/^Building the solver's tables \(first use only\): (\d+)% \((\d+) s\)$/)).filter(Boolean);
    assert.ok(building.length >= 2, `the build is shown as a build, more than once: ${JSON.stringify(said)}`);
    const percents = building.map((m) => Number(m[1]));
    assert.ok(new Set(percents).size >= 2 && Math.max(...percents) > 0, `with progress: ${percents}`);
    assert.ok(percents.every((p) => p >= 0 && p <= 100));
    assert.ok((await page.evaluate(() => window.__bar)).some(([v, max]) => v > 0 && v <= max), "the bar moves");
    for (const s of said) assert.doesNotMatch(s, /Searching|0-move/, `no search is said while tables build: ${s}`);
    // The answer is a solution: applied to the setup it solves the cube (in whatever
    // orientation its rotations leave it).
    const solution = await page.evaluate(() => window.rubik.solution());
    const end = await api("/api/apply", { moves: `R U F D2 L' B ${solution}` });
    assert.ok(isSolved(end.body.facelets), `${solution} solves the setup: ${end.body.facelets}`);
    assert.ok(existsSync(join(dir, "cfop_cross.tbl")), "the tables were built in the server's folder");
    await page.screenshot({ path: join(SHOTS, "daily-tables-built-desktop.png") });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("messages: no camera leaves Scan disabled, saying why; a five-face goal solve says what would work, not 'pick another method'", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(browser, PHONE);
  // This browser has no camera (no fake device here): Scan cannot be pressed, and its title says why.
  await page.waitForFunction(() => document.getElementById("scan-open").disabled);
  assert.equal(await page.getAttribute("#scan-open", "title"), "No camera found on this device");
  // A robot without B: solved with U R F D L only.
  const SCRAMBLE = "D2 F' U2 L2 B2 R2 D2 F' L2 F2 U' R' D' L U' F2 R' B D' R F'";
  await page.fill("#input", SCRAMBLE);
  await page.click("#apply");
  await waitIdle(page);
  await page.fill("#moveset", "U,R,F,D,L");
  await page.press("#moveset", "Enter");
  await page.selectOption("#goal-name", "solved");
  await page.click("#goal-solve");
  await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 90_000 });
  const said = await page.textContent("#goal-message");
  const solution = await page.evaluate(() => window.rubik.solution());
  if (solution) {
    for (const token of solution.split(" ")) assert.match(token, /^[URFDL]['2]?$/, `${solution} turns no B`);
    const end = await api("/api/apply", { moves: `${SCRAMBLE} ${solution}` });
    assert.equal(end.body.facelets, SOLVED, `${solution} solves the scramble`);
  } else {
    assert.equal(await page.getAttribute("#goal-message", "class"), "message bad", said);
    assert.doesNotMatch(said, /method/i, "this card has no method menu");
    assert.match(said, /moves|turns/, said);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
