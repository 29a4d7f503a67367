// The camera scan in the dark: Chromium's fake camera plays the scan video of
// e2e/lib/cube-video.mjs with the room at 3.5% of its light. The page must say the picture is
// too dark (and what to do), in English and in French, before any face logic: no face is
// captured and it never claims a face was shown again. Screenshots on a phone (390×844) and a
// desktop land in e2e/screenshots/scan-dark-*.png. Run by e2e/run.sh (RUBIK_URL).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeScanVideo, LEAD_IN, HOLD, MOVE, SHOTS as FACES } from "./lib/cube-video.mjs";
import { BASE, SHOTS, api, launchBrowser, openPage as open } from "./lib/page.mjs";

const SCRAMBLE = "R U R' F2 D L' B2 U' F R2";
/** The room's light as a share of the usual one. */
const LIGHT = 0.035;

let browser;
let work;

const openPage = (options) => open(browser, options, { ready: () => Boolean(window.rubikScan) });
const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

before(async () => {
  work = mkdtempSync(join(tmpdir(), "rubik-scan-dark-"));
  const applied = await api("/api/apply", { moves: SCRAMBLE });
  assert.equal(applied.status, 200);
  const video = join(work, "dark.y4m");
  writeScanVideo(video, applied.body.facelets, { light: LIGHT });
  browser = await launchBrowser(["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`]);
});

after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Opens the scan and keeps every status the page shows from then on (in `window.statuses`). */
async function openScan(page) {
  await page.evaluate(() => {
    window.statuses = [];
    const keep = () => {
      const text = document.getElementById("scan-status")?.textContent;
      if (text && window.statuses[window.statuses.length - 1] !== text) window.statuses.push(text);
    };
    new MutationObserver(keep).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.click("#scan-open");
  await page.waitForFunction(() => window.rubikScan.dark(), null, { timeout: 30_000 });
}

test("phone, English: the whole dark video is 'too dark', no face captured, never 'again'", { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage({
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-GB",
  });
  await context.grantPermissions(["camera"], { origin: new URL(BASE).origin });
  await openScan(page);
  const status = await page.textContent("#scan-status");
  assert.match(status, /too dark/i);
  assert.match(status, /light/i, "it says what to do");
  assert.match(await page.getAttribute("#scan-status", "class"), /warn/);
  // The status is below the fold on a phone: the same words are over the picture, in view.
  assert.equal(await page.textContent("#scan-dark"), status);
  const over = await page.locator("#scan-dark").boundingBox();
  assert.ok(over && over.y >= 0 && over.y + over.height <= 844, JSON.stringify(over));
  await painted(page);
  await page.screenshot({ path: join(SHOTS, "scan-dark-phone.png") });
  // The video plays every face once (the fake camera's clock): wait for it to have played
  // past the last face.
  const length = LEAD_IN + FACES.length * (HOLD + MOVE);
  await page.waitForFunction((s) => document.getElementById("scan-video").currentTime > s, length + 0.5, { timeout: 90_000 });
  assert.equal(await page.evaluate(() => window.rubikScan.captured()), 0, "no face captured in the dark");
  const statuses = await page.evaluate(() => window.statuses);
  assert.ok(statuses.length > 0);
  for (const text of statuses) {
    assert.doesNotMatch(text, /again|Captured|Hold still/i, `said in the dark: ${text}`);
  }
  assert.ok(await page.isVisible("#scan-dark"), "still too dark at the end");
  assert.deepEqual(problems, []);
  await context.close();
});

test("desktop, French: « trop sombre » and what to do", { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage({ viewport: { width: 1280, height: 820 }, locale: "fr-FR" });
  await context.grantPermissions(["camera"], { origin: new URL(BASE).origin });
  await openScan(page);
  const status = await page.textContent("#scan-status");
  assert.match(status, /trop sombre/);
  assert.match(status, /lumière/);
  assert.ok(await page.isVisible("#scan-dark"));
  await painted(page);
  await page.screenshot({ path: join(SHOTS, "scan-dark-desktop-fr.png") });
  assert.deepEqual(problems, []);
  await context.close();
});
