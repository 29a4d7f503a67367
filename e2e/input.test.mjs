// The input box in real headless Chromium: a facelet string with a letter missing is reported by
// its length, not played as 53 moves (issue 13, item 5). Run by e2e/run.sh.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openPage } from "./lib/page.mjs";

const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const SUPERFLIP = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test("a facelet string one letter short is an error naming its length", { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage(browser);
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
  assert.deepEqual(problems, []);
  await context.close();
});
