// The input box in real headless Chromium: a facelet string with a letter missing is reported by
// its length, not played as 53 moves (issue 13, item 5). Run by e2e/run.sh.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const BASE = process.env.RUBIK_URL || "http://127.0.0.1:8080/";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const SUPERFLIP = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

let browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
});

test("a facelet string one letter short is an error naming its length", { timeout: 60_000 }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForFunction(() => window.rubik && typeof window.rubik.facelets === "function");
  await page.fill("#input", SUPERFLIP.slice(0, 53));
  await page.click("#apply");
  await page.waitForFunction(() => /53/.test(document.getElementById("message").textContent), null, { timeout: 10_000 });
  const message = await page.textContent("#message");
  assert.match(message, /54/);
  // Nothing was played: the cube is still solved.
  assert.equal(await page.evaluate(() => window.rubik.facelets()), SOLVED);
  // The whole string is still read as the superflip.
  await page.fill("#input", SUPERFLIP);
  await page.click("#apply");
  await page.waitForFunction((s) => window.rubik.facelets() === s, SUPERFLIP, { timeout: 10_000 });
  await context.close();
});
