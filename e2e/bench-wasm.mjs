// Measures the page's WebAssembly core in headless Chromium (not a test; BENCHMARKS.md):
// - two-phase solves of the states in STATES (one facelet string per line) at max_length 21
//   and 20, through the page's own API path with no server (the solving worker): mean and
//   median of the solve time the core measures, and the wall time of the whole run;
// - first visit to first solve: a fresh browser profile opens the static page, a scramble is
//   typed and Solve pressed as soon as the page is ready; the time until the solution shows;
//   then a second visit in the same profile (tables kept in IndexedDB) the same way (VISITS
//   pairs, 3 by default);
// - the transfer size of the page's WebAssembly and JavaScript, raw, gzip and brotli.
// Usage: node e2e/bench-wasm.mjs STATES [COUNT]   (an empty STATES file: no solves)   (RUBIK_BIN: the rubik binary that exports;
// RUBIK_SITE: an exported folder to use instead)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { launchBrowser } from "./lib/page.mjs";
import { serveFolder } from "./lib/static-server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUBIK = process.env.RUBIK_BIN || join(ROOT, "target/release/rubik");
const [statesFile, countArg] = process.argv.slice(2);
const states = readFileSync(statesFile, "utf8").split("\n").map((l) => l.trim()).filter(Boolean)
  .slice(0, Number(countArg || 1e9));

const work = mkdtempSync(join(tmpdir(), "rubik-bench-wasm-"));
const dir = process.env.RUBIK_SITE || join(work, "site");
if (!process.env.RUBIK_SITE) execFileSync(RUBIK, ["serve", "--export", dir]);
const site = await serveFolder(dir);
const browser = await launchBrowser();
const ready = () => window.rubik && document.querySelectorAll("#method option").length > 0;

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

try {
  // First visit to first solve (fresh profile: nothing cached, tables built in the browser),
  // then a second visit in the same profile (the tables kept in IndexedDB, the page's files in
  // the HTTP cache) to its first solve.
  const visitToSolve = async (page) => {
    const t0 = Date.now();
    await page.goto(site.url);
    await page.waitForFunction(ready, null, { timeout: 120_000 });
    await page.fill("#input", "R U R' U' F2 D L' B2 U F' R2 D");
    await page.click("#apply");
    await page.click("#solve");
    await page.waitForFunction(() => window.rubik.length() > 0, null, { timeout: 120_000 });
    return Date.now() - t0;
  };
  const firsts = [];
  const seconds = [];
  for (let run = 0; run < Number(process.env.VISITS || 3); run++) {
    const context = await browser.newContext();
    firsts.push(await visitToSolve(await context.newPage()));
    seconds.push(await visitToSolve(await context.newPage()));
    await context.close();
  }
  console.log(JSON.stringify({
    first_visit_to_first_solve_ms: firsts, median_ms: median(firsts),
    second_visit_to_first_solve_ms: seconds, second_median_ms: median(seconds),
  }));

  // Solves of the states (none with an empty STATES file: visits and sizes only).
  if (states.length > 0) {
    // Solves of the states, in the worker, through the page's API path.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForFunction(ready, null, { timeout: 120_000 });
    await page.evaluate(() => window.RubikCore.prepare());
    // COUNT_20: how many of the states to solve at max_length 20 (all by default).
    const count20 = Number(process.env.COUNT_20 || states.length);
    for (const maxLength of [21, 20]) {
      const batch = maxLength === 20 ? states.slice(0, count20) : states;
      const result = await page.evaluate(async ({ states, maxLength }) => {
        const millis = [];
        const lengths = [];
        const t0 = performance.now();
        for (const facelets of states) {
          const res = await window.RubikCore.fetch("/api/solve", {
            method: "POST", body: JSON.stringify({ facelets, max_length: maxLength, timeout_ms: 60000 }),
          });
          const body = await res.json();
          if (!res.ok) throw new Error(JSON.stringify(body));
          millis.push(body.millis);
          lengths.push(body.length);
        }
        return { millis, lengths, wall: performance.now() - t0 };
      }, { states: batch, maxLength });
      console.log(JSON.stringify({
        max_length: maxLength, count: batch.length,
        mean_ms: mean(result.millis), median_ms: median(result.millis),
        mean_length: mean(result.lengths), longest: Math.max(...result.lengths),
        wall_ms: result.wall,
      }));
    }
    await context.close();
  }

  // Transfer size: the WebAssembly and JavaScript files of the page.
  const files = readdirSync(dir).filter((f) => /\.(wasm|js)$/.test(f));
  let raw = 0; let gz = 0; let br = 0;
  for (const f of files) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
    br += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  console.log(JSON.stringify({ files, raw_bytes: raw, gzip_bytes: gz, brotli_bytes: br }));
} finally {
  await browser.close();
  await site.close();
  rmSync(work, { recursive: true, force: true });
}
