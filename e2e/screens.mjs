// Screenshots of every flow of the page, in English and French, at a phone (390×844, touch) and
// a desktop (1366×850) size, for a person to look at (not a test: run by hand against a running
// `rubik serve`):
//   RUBIK_URL=http://127.0.0.1:8080/ node e2e/screens.mjs [flow ...]
// Files: e2e/screenshots/flow-FLOW-LANG-DEVICE.png. Flows: solve, timeline, drag, algs, goals,
// timer, import, drill, paint, scan, errors. Each waits for the page's own events (the hooks of
// window.rubik), never for fixed times.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { SHOTS, launchBrowser, openPage, waitIdle, waitUntilLoaded } from "./lib/page.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 850 } },
};
const SCRAMBLE = "D2 F' U2 L2 B2 R2 D2 F' L2 F2 U' R' D' L U' F2 R' B D' R F'";

/** Solves the scramble with two-phase and waits until the answer is loaded. */
async function solved(page) {
  await page.fill("#input", SCRAMBLE);
  await page.click("#apply");
  await waitIdle(page);
  await page.selectOption("#method", "twophase");
  await page.click("#solve");
  await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 60_000 });
}

/** Finishes a timer solve with the keyboard (inspection off). */
async function timedSolve(page) {
  const n = await page.evaluate(() => window.rubik.timerSolves().length);
  await page.keyboard.down("Space");
  await page.keyboard.up("Space");
  await page.waitForFunction(() => window.rubik.timerPhase() === "running");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.keyboard.down("Space");
  await page.keyboard.up("Space");
  await page.waitForFunction((k) => window.rubik.timerSolves().length === k, n + 1);
}

const FLOWS = {
  // Solve with auto-play: the answer starts playing; shot after the first move.
  async solve(page) {
    await page.check("#autoplay");
    await solved(page);
    await page.waitForFunction(() => window.rubik.position() > 0, null, { timeout: 30_000 });
  },
  // The timeline scrubbed to the middle, paused.
  async timeline(page) {
    await solved(page);
    const mid = Math.floor((await page.evaluate(() => window.rubik.length())) / 2);
    await page.locator("#timeline").fill(String(mid));
    await page.waitForFunction((k) => window.rubik.position() === k && window.rubik.idle(), mid);
  },
  // Two drag turns on the 3D cube, written into the setup box.
  async drag(page) {
    await page.click('[data-view="3d"]');
    const box = await page.locator('.sticker[data-index="19"]').boundingBox();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 80, y, { steps: 6 });
    await page.mouse.up();
    await waitIdle(page);
    await page.keyboard.press("R");
    await waitIdle(page);
  },
  // Algorithms for a Sune in <R,U>, with the case's picture.
  async algs(page) {
    await page.fill("#input", "R U2 R' U' R U' R'");
    await page.click("#apply");
    await waitIdle(page);
    await page.click("#moveset-presets [data-moves='R,U']");
    await page.click("#algs-find");
    await page.waitForFunction(() => !window.rubik.goalBusy(), null, { timeout: 90_000 });
    await page.locator("#algs-title").scrollIntoViewIfNeeded();
  },
  // A named goal (F2L) being edited on the cube's picture.
  async goals(page) {
    await page.selectOption("#goal-name", "f2l");
    await page.click("#goal-edit");
    await page.locator("#goals-card").scrollIntoViewIfNeeded();
  },
  // The timer with three solves.
  async timer(page) {
    await page.click('#modes [data-mode="timer"]');
    await page.waitForFunction(() => window.rubik.timerReady() && window.rubik.timerScramble());
    await page.uncheck("#inspection");
    for (let k = 0; k < 3; k++) await timedSolve(page);
  },
  // A csTimer export read into a session.
  async import(page) {
    await page.click('#modes [data-mode="timer"]');
    await page.waitForFunction(() => window.rubik.timerReady());
    await page.setInputFiles("#timer-import", join(HERE, "data", "cstimer-export.json"));
    await page.waitForFunction(() => window.rubik.timerSession() && window.rubik.timerSession().name === "OH practice");
  },
  // A PLL drill after one solve: the case's picture.
  async drill(page) {
    await page.click('#modes [data-mode="drill"]');
    await page.selectOption("#drill-set", "pll");
    await page.waitForFunction(() => window.rubik.drillSet() === "pll" && window.rubik.timerScramble());
    await page.uncheck("#inspection");
    await timedSolve(page);
    await page.waitForFunction(() => document.querySelector("#timer-case .case-pic"));
  },
  // Painting stickers: the palette open, one sticker painted.
  async paint(page) {
    await page.click("#paint");
    await page.locator("#swatches > *").nth(1).click();
    await page.locator('.sticker[data-index="4"]').first().click({ force: true });
    await page.locator('.sticker[data-index="0"]').first().click({ force: true });
  },
  // The camera scan opened (Chromium's fake camera: a test pattern, no cube).
  async scan(page) {
    await page.click("#scan-open");
    await page.waitForFunction(() => document.body.classList.contains("scanning"));
  },
  // Two errors: a colour count and a bad token.
  async errors(page) {
    await page.fill("#input", "UUUUUUUURRRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    await page.click("#apply");
    await page.waitForFunction(() => document.getElementById("validation").classList.contains("bad"));
    await page.fill("#alg", "R U Q");
    await page.click("#alg-play");
    await page.waitForFunction(() => document.getElementById("message").textContent !== "");
  },
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(FLOWS);
await waitUntilLoaded("twophase");
const browser = await launchBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
const failures = [];
for (const flow of wanted) {
  for (const lang of ["en", "fr"]) {
    for (const [device, options] of Object.entries(DEVICES)) {
      const { page, context, problems } = await openPage(browser, options);
      try {
        await page.click(`[data-lang="${lang}"]`);
        await FLOWS[flow](page);
        const file = join(SHOTS, `flow-${flow}-${lang}-${device}.png`);
        await page.screenshot({ path: file });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        console.log(`${file}${wide > 0 ? ` (${wide}px too wide)` : ""}${problems.length ? ` problems: ${problems.join("; ")}` : ""}`);
      } catch (e) {
        failures.push(`${flow} ${lang} ${device}: ${e.message.split("\n")[0]}`);
      }
      await context.close();
    }
  }
}
await browser.close();
for (const f of failures) console.log("FAILED " + f);
process.exit(failures.length ? 1 : 0);
