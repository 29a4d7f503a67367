// Page timings in headless Chromium, measured in the page with the Performance API (not a
// test: run by hand against a running `rubik serve`, see BENCHMARKS.md):
//   RUBIK_URL=http://127.0.0.1:8080/ node e2e/bench/page-timings.mjs [runs]
// (ONLY_LOAD=1: the load only, e.g. for an older page served by another server).
// - load to usable: navigation start to the moment the method menu is filled (the page's last
//   start-up step: every button works from then on);
// - Solve to first animated move: the Solve click's event time to the first frame that turns a
//   layer of the answer (auto-play on, two-phase, a new random scramble each run);
// - drag to turn start: the handling of the pointer event that decides the gesture (the turn is
//   chosen then: the release of a short straight drag, or the move that makes a circle around a
//   face's centre unambiguous) to the first frame that turns the layer; a straight drag and a
//   circular one (U) are timed apart.
// Each figure is the median of `runs` (default 21) fresh page loads, with the spread (min-max).
import { launchBrowser, BASE, waitUntilLoaded } from "../lib/page.mjs";

const RUNS = Number(process.argv[2] || 21);
/** Only the load (for a page without drag turning or auto-play, such as an older one). */
const ONLY_LOAD = process.env.ONLY_LOAD === "1";

/** Installed before the page's scripts: records when the menu fills and when a layer first turns. */
function instrument() {
  const timing = { usable: null, solveClick: null, firstTurn: null };
  window.__timing = timing;
  let layer = null;
  let solve = null;
  // Watches the document as it is built: the menu may fill before DOMContentLoaded.
  new MutationObserver(() => {
    const menu = document.getElementById("method");
    if (timing.usable === null && menu && menu.options.length) timing.usable = performance.now();
    if (!layer && (layer = document.querySelector(".layer"))) {
      new MutationObserver(() => {
        if (layer.style.transform && window.__timing.firstTurn === null) window.__timing.firstTurn = performance.now();
      }).observe(layer, { attributes: true, attributeFilter: ["style"] });
    }
    if (!solve && (solve = document.getElementById("solve"))) {
      solve.addEventListener("click", (e) => { timing.solveClick = e.timeStamp; }, true);
    }
  }).observe(document, { childList: true, subtree: true });
}

const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const summary = (name, xs) => `${name}: median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, ${xs.length} runs)`;

await waitUntilLoaded("twophase");
const browser = await launchBrowser();
const version = browser.version();
const load = [];
const solve = [];
const drag = [];
const circle = [];
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  await page.goto(BASE);
  await page.waitForFunction(() => window.__timing.usable !== null);
  load.push(await page.evaluate(() => window.__timing.usable));
  if (ONLY_LOAD) { await context.close(); continue; }
  // Drag: the front face's top row pushed left turns U.
  const box = await page.locator('.sticker[data-index="19"]').boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.evaluate(() => { window.__timing.firstTurn = null; });
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 30, y, { steps: 3 });
  await page.mouse.up();
  await page.waitForFunction(() => window.__timing.firstTurn !== null && window.rubik.idle());
  const d = await page.evaluate(() => ({ decided: window.rubik.lastDrag().decided, first: window.__timing.firstTurn }));
  drag.push(d.first - d.decided);
  // A circle around the U face's centre, clockwise on screen: U.
  const c = await page.locator('.sticker[data-index="4"]').boundingBox();
  const s = await page.locator('.sticker[data-index="8"]').boundingBox();
  const [cx, cy] = [c.x + c.width / 2, c.y + c.height / 2];
  const [sx, sy] = [s.x + s.width / 2, s.y + s.height / 2];
  const r = Math.hypot(sx - cx, sy - cy);
  const a0 = Math.atan2(sy - cy, sx - cx);
  await page.evaluate(() => { window.__timing.firstTurn = null; });
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  for (let k = 1; k <= 24; k++) {
    const a = a0 + (200 * Math.PI / 180) * (k / 24);
    await page.mouse.move(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  await page.mouse.up();
  await page.waitForFunction(() => window.__timing.firstTurn !== null && window.rubik.idle());
  const cd = await page.evaluate(() => ({ ...window.rubik.lastDrag(), first: window.__timing.firstTurn }));
  if (cd.move !== "U" || cd.gesture !== "circle") throw new Error(`the circle turned ${cd.move} (${cd.gesture})`);
  circle.push(cd.first - cd.decided);
  // Solve: a fresh scramble, two-phase, auto-play on (the default).
  await page.click("#scramble");
  await page.waitForFunction(() => window.rubik.idle() && !window.rubik.isSolved());
  await page.selectOption("#method", "twophase");
  await page.evaluate(() => { window.__timing.firstTurn = null; });
  await page.click("#solve");
  await page.waitForFunction(() => window.__timing.firstTurn !== null, null, { timeout: 60_000 });
  solve.push(await page.evaluate(() => window.__timing.firstTurn - window.__timing.solveClick));
  await context.close();
}
await browser.close();
console.log(`Chromium ${version} at ${BASE}, 1366x850`);
console.log(summary("page load to usable", load));
if (!ONLY_LOAD) {
  console.log(summary("Solve to first animated move (two-phase)", solve));
  console.log(summary("drag to turn start (straight drag, decided at release)", drag));
  console.log(summary("drag to turn start (circle around U's centre, decided mid-gesture)", circle));
}
console.log(JSON.stringify({ load, solve, drag, circle }));
