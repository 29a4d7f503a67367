// The camera scan over https://, as a phone on the same network would use it: this test starts
// its own `rubik serve --tls` (a self-signed certificate made in a temporary config directory),
// checks that the fingerprint it prints is the certificate it serves, then scans the six faces
// of a rendered cube through Chromium's fake camera on the https page (the browser told to
// accept the self-signed certificate, as a person does once) and solves it. Also: on a page
// that is not secure, the message names `rubik serve --tls` and the https address.
// Needs RUBIK_BIN (the release binary; e2e/run.sh passes it) and RUBIK_URL for the plain server.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "node:tls";
import { writeScanVideo } from "./lib/cube-video.mjs";
import { BASE, SHOTS, api, launchBrowser, openPage } from "./lib/page.mjs";

const SCRAMBLE = "R U2 F' L D2 B R' U F2 D' L2 B' U R2 F D B2 L' U'";
const BIN = process.env.RUBIK_BIN || join(process.cwd(), "..", "target", "release", "rubik");

let browser;
let work;
let server;
let httpsUrl;
let fingerprint;
let cube;

/** Starts `rubik serve --tls` on a free loopback port; resolves when it prints its address
 * and fingerprint (the process's own output, no polling). */
function startTlsServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ["serve", "--tls", "--addr", "127.0.0.1:0"], {
      env: { ...process.env, XDG_CONFIG_HOME: join(work, "config") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    const seen = () => {
      const url = out.match(/listening on (https:\/\/\S+\/)/);
      const print = out.match(/fingerprint ([0-9A-F:]{95})/);
      if (url && print) resolve({ child, url: url[1], fingerprint: print[1] });
    };
    child.stdout.on("data", (d) => { out += d; seen(); });
    child.stderr.on("data", (d) => { err += d; });
    child.on("exit", (code) => reject(new Error(`rubik serve --tls exited (${code}): ${out}${err}`)));
  });
}

/** The SHA-256 fingerprint of the certificate the server presents (`AB:CD:…`). */
function servedFingerprint(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.on("error", reject);
  });
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), "rubik-scan-tls-"));
  ({ child: server, url: httpsUrl, fingerprint } = await startTlsServer());
  const applied = await api("/api/apply", { moves: SCRAMBLE });
  assert.equal(applied.status, 200);
  cube = applied.body.facelets;
  const video = join(work, "cube.y4m");
  writeScanVideo(video, cube);
  browser = await launchBrowser(["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`]);
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

test("rubik serve --tls prints the fingerprint of the certificate it serves", async () => {
  assert.match(httpsUrl, /^https:\/\/127\.0\.0\.1:\d+\/$/);
  assert.equal(await servedFingerprint(httpsUrl), fingerprint);
});

test("over https the six faces are scanned through the fake camera, read exactly and solved", { timeout: 300_000 }, async () => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.grantPermissions(["camera"], { origin: new URL(httpsUrl).origin });
  const page = await context.newPage();
  await page.addInitScript(() => { try { localStorage.setItem("rubik.autoplay", "off"); } catch (e) { /* none */ } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(httpsUrl);
  await page.waitForFunction(() => Boolean(window.rubikScan) && window.isSecureContext && document.querySelectorAll("#method option").length > 0);
  assert.equal(new URL(page.url()).protocol, "https:");

  await page.click("#scan-open");
  await page.waitForFunction(() => window.rubikScan.result() || window.rubikScan.error() || window.rubikScan.problem(), null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => window.rubikScan.problem()), null, "the camera works on the https page");
  assert.equal(await page.evaluate(() => window.rubikScan.error()), null);
  const result = await page.evaluate(() => window.rubikScan.result());
  assert.equal(result.facelets, cube, "the resolved cube is the one in the video");
  await page.screenshot({ path: join(SHOTS, "scan-tls-resolved-phone.png") });

  // Solve over the same https server (it loads its tables on first use); the solution must
  // solve the scanned cube.
  await page.tap("#scan-solve");
  await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 180_000 });
  const solution = await page.evaluate(() => window.rubik.solution());
  const played = await page.evaluate(async ([facelets, moves]) => {
    const res = await fetch("/api/apply", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ facelets, moves }) });
    return res.json();
  }, [cube, solution]);
  assert.equal(played.solved, true, `${solution} solves the scanned cube`);
  await page.screenshot({ path: join(SHOTS, "scan-tls-solved-phone.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("on plain http from another address the page names rubik serve --tls and the https address", { timeout: 60_000 }, async () => {
  // What a phone sees at http://<computer's address>:PORT: not a secure page, no camera API.
  const { page, context } = await openPage(browser, { viewport: { width: 390, height: 844 } }, {
    init: () => {
      Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
      Object.defineProperty(window, "isSecureContext", { value: false, configurable: true });
    },
    ready: () => Boolean(window.rubikScan),
  });
  await page.click("#scan-open");
  await page.waitForFunction(() => window.rubikScan.problem() === "insecure", null, { timeout: 20_000 });
  const text = await page.textContent("#scan-problem-text");
  assert.ok(text.includes("rubik serve --tls"), text);
  const https = `https://${new URL(BASE).host}/`;
  assert.ok(text.includes(https), `${text} should name ${https}`);
  await page.screenshot({ path: join(SHOTS, "scan-tls-insecure-phone.png") });
  await context.close();
});
