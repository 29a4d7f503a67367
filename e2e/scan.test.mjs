// The camera scan in real headless Chromium, fed by its fake camera: a video this test renders
// of the six faces of a scrambled cube (e2e/lib/cube-video.mjs), each face under its own light.
// The page must capture the six faces by itself when the grid is steady, resolve the colours
// into exactly the rendered cube, let a sticker be fixed by hand, and hand the cube to Solve,
// whose solution must solve it. Also: the messages without permission or without a secure page.
// Screenshots of each stage on a desktop and a phone land in e2e/screenshots/scan-*.png.
// Run by e2e/run.sh, which starts `rubik serve` and passes its URL in RUBIK_URL.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeScanVideo } from "./lib/cube-video.mjs";
import { BASE, SHOTS, api, isSolved, launchBrowser, openPage as open, waitUntilLoaded } from "./lib/page.mjs";

/** The scrambled cube the video shows (held as usual: white on top, green in front). */
const SCRAMBLE = "D2 F' U2 L2 B' R2 D2 F R2 U2 F L' B D' R U B2 L' D F'";

let browser;
let video;
let work;
let cube; // the rendered cube's facelets

const openPage = (options, init) =>
  open(browser, options, { init, ready: () => Boolean(window.rubikScan) });

before(async () => {
  work = mkdtempSync(join(tmpdir(), "rubik-scan-e2e-"));
  const applied = await api("/api/apply", { moves: SCRAMBLE });
  assert.equal(applied.status, 200);
  cube = applied.body.facelets;
  video = join(work, "cube.y4m");
  writeScanVideo(video, cube);
  browser = await launchBrowser(["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`]);
  // Solve needs the two-phase tables: on a fresh machine they are built at start-up.
  await waitUntilLoaded("twophase");
});

after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Lets the page paint what it just changed before a screenshot. */
const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Opens the scan, lets it capture the six faces from the video by itself, and returns the
 * resolver's answer. Screenshots: the camera just after the third face (the net half filled,
 * the guide showing the fourth), then the result. */
async function scanAll(page, name, midway) {
  await page.click("#scan-open");
  await page.waitForFunction(() => window.rubikScan.captured() === 3, null, { timeout: 60_000 });
  // Past the capture's flash; the video still shows the third face for a second or more.
  await page.waitForTimeout(600);
  await painted(page);
  await page.screenshot({ path: join(SHOTS, `scan-1-camera-${name}.png`) });
  if (midway) await midway();
  await page.waitForFunction(() => window.rubikScan.result() || window.rubikScan.error(), null, { timeout: 60_000 });
  const error = await page.evaluate(() => window.rubikScan.error());
  assert.equal(error, null, `the resolver refused the scan: ${JSON.stringify(error)}`);
  await painted(page);
  await page.screenshot({ path: join(SHOTS, `scan-2-resolved-${name}.png`) });
  return page.evaluate(() => window.rubikScan.result());
}

test("desktop: the six faces are captured by themselves, read exactly, fixed by a click and solved", { timeout: 240_000 }, async () => {
  const { page, context, problems } = await openPage({ viewport: { width: 1280, height: 820 } });
  await context.grantPermissions(["camera"], { origin: new URL(BASE).origin });
  const result = await scanAll(page, "desktop");
  assert.equal(result.facelets, cube, "the resolved cube is the one in the video");
  assert.equal(await page.evaluate(() => window.rubikScan.pageFacelets()), cube,
    "held white on top, green in front: the page's letters are the same");
  // Every face was captured once, in order, and the camera is off again.
  assert.equal(await page.evaluate(() => window.rubikScan.captured()), 6);
  assert.equal(await page.evaluate(() => document.getElementById("scan-video").srcObject), null);

  // A fix by hand: pick the blue (B) colour, click sticker F2; the resolver answers with the
  // most probable valid cube that has B there. Undoing the fix gives the scan back.
  await page.click('.scan-swatch[data-face="B"]');
  await page.click('.scan-sticker[data-index="19"]');
  await page.waitForFunction(() => window.rubikScan.result() && window.rubikScan.result().facelets[19] === "B", null, { timeout: 20_000 });
  const fixed = await page.evaluate(() => window.rubikScan.result().facelets);
  assert.equal((await api("/api/validate", { facelets: fixed })).body.valid, true, "still a valid cube");
  assert.ok(await page.isVisible(".scan-sticker.pinned"));
  await painted(page);
  await page.screenshot({ path: join(SHOTS, "scan-3-fix-desktop.png") });
  // One click with no colour picked switches a sticker to its next most likely colour (the
  // fix offered for doubtful stickers, outlined on the net).
  await page.click('.scan-swatch[data-face="B"]');
  const pick = await page.evaluate(() => {
    const r = window.rubikScan.result();
    const doubt = r.doubtful.find((d) => d.index !== 19);
    const index = doubt ? doubt.index : 10;
    return { index, face: r.alternatives[index].face, outlined: !!doubt };
  });
  if (pick.outlined) assert.ok(await page.isVisible(`.scan-sticker.doubtful[data-index="${pick.index}"]`));
  await page.click(`.scan-sticker[data-index="${pick.index}"]`);
  await page.waitForFunction((p) => window.rubikScan.result() && window.rubikScan.result().facelets[p.index] === p.face, pick, { timeout: 20_000 });
  await page.click("#scan-clear");
  await page.waitForFunction((c) => window.rubikScan.result() && window.rubikScan.result().facelets === c, cube, { timeout: 20_000 });

  // Solve: the cube goes to the page, the solution is played to the end and solves it.
  await page.click("#scan-solve");
  await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 60_000 });
  assert.equal(await page.isHidden("#scan"), true);
  const solution = await page.evaluate(() => window.rubik.solution());
  const played = await api("/api/apply", { facelets: cube, moves: solution });
  assert.equal(played.body.solved, true, `${solution} solves the scanned cube`);
  await page.click("#to-end");
  await page.waitForFunction(() => window.rubik.idle() && window.rubik.isSolved(), null, { timeout: 60_000 });
  await painted(page);
  await page.screenshot({ path: join(SHOTS, "scan-4-solved-desktop.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("phone: rear camera, stacked layout, the same cube read exactly", { timeout: 240_000 }, async () => {
  const { page, context, problems } = await openPage({
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
  });
  await context.grantPermissions(["camera"], { origin: new URL(BASE).origin });
  // While scanning, the camera view fills the phone's width above the guide and the net.
  const layout = async () => {
    const camera = await page.locator("#scan-camera").boundingBox();
    const net = await page.locator("#scan-net").boundingBox();
    assert.ok(camera.width > 330 && net.y > camera.y + camera.height - 1, JSON.stringify({ camera, net }));
  };
  const result = await scanAll(page, "phone", layout);
  assert.equal(result.facelets, cube);
  await page.tap("#scan-solve");
  await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 60_000 });
  const solution = await page.evaluate(() => window.rubik.solution());
  assert.equal((await api("/api/apply", { facelets: cube, moves: solution })).body.solved, true);
  await painted(page);
  await page.screenshot({ path: join(SHOTS, "scan-4-solve-phone.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("without camera permission the page says how to allow it, and offers painting", { timeout: 60_000 }, async () => {
  const { page, context } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.clearPermissions();
  // Chromium asks; headless, nobody answers yes. Make the refusal explicit either way.
  await page.evaluate(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await page.click("#scan-open");
  await page.waitForFunction(() => window.rubikScan.problem() === "denied", null, { timeout: 20_000 });
  const text = await page.textContent("#scan-problem-text");
  assert.match(text, /permission/i);
  assert.match(text, /allow/i);
  await painted(page);
  await page.screenshot({ path: join(SHOTS, "scan-denied-phone.png") });
  await page.click("#scan-paint");
  assert.equal(await page.isHidden("#scan"), true);
  assert.equal(await page.evaluate(() => document.body.classList.contains("painting")), true);
  await context.close();
});

test("on a page that is not secure the page says where the camera works", { timeout: 60_000 }, async () => {
  // What a phone sees at http://<computer's address>:8080: no camera API at all.
  const { page, context } = await openPage({ viewport: { width: 1280, height: 820 } }, () => {
    Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
    Object.defineProperty(window, "isSecureContext", { value: false, configurable: true });
  });
  await page.click("#scan-open");
  await page.waitForFunction(() => window.rubikScan.problem() === "insecure", null, { timeout: 20_000 });
  assert.match(await page.textContent("#scan-problem-text"), /localhost.*https|https.*localhost/);
  await page.keyboard.press("Escape");
  assert.equal(await page.isHidden("#scan"), true);
  await context.close();
});
