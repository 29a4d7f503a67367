// What every browser test of the page does the same way: the server's URL, calls to its JSON
// API, headless Chromium launched once per file, waiting until a solver is loaded, and opening
// the page with its errors collected. e2e/run.sh starts `rubik serve` and passes its URL in
// RUBIK_URL.
import { mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

/** The page under test. */
export const BASE = process.env.RUBIK_URL || "http://127.0.0.1:8080/";
/** The browser: the system's Chromium unless CHROMIUM names another. */
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
/** Where screenshots go (e2e/screenshots/). */
export const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

/** Calls the API: GET `path`, or POST `body` as JSON. Resolves to `{status, body}`. */
export async function api(path, body) {
  const res = await fetch(new URL(path, BASE), body
    ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }
    : {});
  return { status: res.status, body: await res.json() };
}

/**
 * Launches headless Chromium with `extraArgs` (e.g. the fake camera's) after the common ones,
 * and makes sure the screenshot folder exists. Playwright gives each launch a fresh temporary
 * profile.
 */
export async function launchBrowser(extraArgs = []) {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      ...extraArgs,
    ],
  });
}

/**
 * Waits until the server has loaded `method`'s solver: on a fresh machine the two-phase tables
 * are built at start-up, which can take minutes. Also waits for the server to listen.
 */
export async function waitUntilLoaded(method, limitMs = 15 * 60_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      const { body } = await api("/api/methods");
      if (body.find((m) => m.name === method)?.loaded) return;
    } catch (e) {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the ${method} solver never finished loading`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The page's own readiness: its test hook is there and the method menu is filled. */
const pageReady = () => window.rubik && typeof window.rubik.facelets === "function"
  && document.querySelectorAll("#method option").length > 0;

/**
 * Opens the page in a new browser context (`contextOptions`, e.g. `{ viewport }`), runs `init`
 * in it before the page's scripts when given (auto-play off unless `autoplay`), and waits until the page is ready and `ready`
 * (a function run in the page) holds. Resolves to `{page, context, problems}`: `problems`
 * collects page errors and console errors (refused requests, such as the 400 for an invalid
 * cube, are expected and left out); tests assert it stays empty.
 */
export async function openPage(browser, contextOptions = {}, { ready, init, autoplay = false } = {}) {
  const context = await browser.newContext({ deviceScaleFactor: 1, ...contextOptions });
  const page = await context.newPage();
  // Tests that step through a solution themselves turn the page's auto-play off (a setting kept
  // in localStorage); `autoplay: true` leaves it on, as a new visitor has it.
  if (!autoplay) await page.addInitScript(() => { try { localStorage.setItem("rubik.autoplay", "off"); } catch (e) { /* none */ } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(m.text());
  });
  if (init) await page.addInitScript(init);
  await page.goto(BASE);
  await page.waitForFunction(pageReady);
  if (ready) await page.waitForFunction(ready);
  return { page, context, problems };
}

/** Waits until the page has played every queued turn. */
export const waitIdle = (page) => page.waitForFunction(() => window.rubik.idle(), null, { timeout: 30_000 });

/**
 * Enters `scramble` in the Setup box, picks `method` and solves, as a user does; resolves when
 * the answer is loaded and the search has ended.
 */
export async function solveWith(page, method, scramble) {
  await page.fill("#input", scramble);
  await page.click("#apply");
  await waitIdle(page);
  await page.selectOption("#method", method);
  await page.click("#solve");
  await page.waitForFunction(() => window.rubik.length() > 0 && !window.rubik.solving(), null, { timeout: 90_000 });
}

/** Every face shows a single colour. */
export function isSolved(facelets) {
  for (let f = 0; f < 6; f++) {
    const face = facelets.slice(9 * f, 9 * f + 9);
    if ([...face].some((c) => c !== face[0])) return false;
  }
  return true;
}
