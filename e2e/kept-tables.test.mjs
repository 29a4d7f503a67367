// The page with no server keeps the tables it builds: on a site exported without its tables
// (`--no-tables`) the first visit builds the two-phase compact tables in its worker and stores
// them in IndexedDB (under the table format's version); the next visit hands them back to the
// WebAssembly core, which checks each (size, header, checksum) and builds nothing. A kept table
// damaged in IndexedDB is refused and built again (and kept again, the same bytes). On a site
// exported with its tables (the default), the first visit fetches them instead and builds
// nothing; a damaged table file on the site is refused and that table alone built. Every
// solution is applied by the command line.
// Run by e2e/run.sh, which passes the release binary in RUBIK_BIN.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { isSolved, launchBrowser } from "./lib/page.mjs";
import { exportSite } from "./lib/static-server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUBIK = process.env.RUBIK_BIN || join(ROOT, "target/release/rubik");
const SCRAMBLE = "R U R' U' F2 D L' B2 U F' R2 D";

let site;
let withTables;
let browser;

before(async () => {
  site = await exportSite(RUBIK, "rubik-kept-tables-", ["--no-tables"]);
  withTables = await exportSite(RUBIK, "rubik-exported-tables-");
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await withTables?.close();
});

const ready = () => window.RubikCore && document.querySelectorAll("#method option").length > 0;

/** Prepares the default method's tables; the names of the tables built meanwhile. */
async function prepareCountingBuilds(page) {
  return page.evaluate(async () => {
    const built = new Set();
    window.RubikCore.onTables((name) => built.add(name));
    const answer = await window.RubikCore.prepare();
    return { answer, built: [...built] };
  });
}

/** The kept tables: key → SHA-256 of its bytes and their length (tables are megabytes). */
function keptTables(page) {
  return page.evaluate(async () => {
    const records = await new Promise((resolve, reject) => {
      const open = indexedDB.open("rubik-tables");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const out = [];
        const tx = open.result.transaction("tables", "readonly");
        const cursor = tx.objectStore("tables").openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return;
          out.push([String(c.key), new Uint8Array(c.value)]);
          c.continue();
        };
        tx.oncomplete = () => { open.result.close(); resolve(out); };
        tx.onerror = () => reject(tx.error);
      };
    });
    const out = {};
    for (const [key, bytes] of records) {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      out[key] = `${bytes.length}:${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
    }
    return out;
  });
}

/** Solves `SCRAMBLE` through the page's API path; the solution, checked by the command line. */
async function solveChecked(page) {
  const body = await page.evaluate(async (scramble) => {
    const res = await window.RubikCore.fetch("/api/solve", { method: "POST", body: JSON.stringify({ scramble }) });
    return res.json();
  }, SCRAMBLE);
  const end = execFileSync(RUBIK, ["show", "--format", "facelets", "--", `${SCRAMBLE} ${body.solution}`], { encoding: "utf8" }).trim();
  assert.ok(isSolved(end), `${body.solution} solves ${SCRAMBLE} (CLI)`);
}

test("a second visit builds no table: the first visit's are kept in IndexedDB and checked", { timeout: 600_000 }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(site.url);
  await page.waitForFunction(ready, null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => window.RubikCore.mode()), "browser");

  const first = await prepareCountingBuilds(page);
  assert.deepEqual(first.answer, { ok: true });
  assert.ok(first.built.length > 0, "the first visit builds the tables");
  const kept = await keptTables(page);
  const keys = Object.keys(kept);
  assert.ok(keys.length > 0 && keys.every((k) => /^v\d+\//.test(k)), `kept under the format version: ${keys}`);
  await solveChecked(page);

  // The second visit: nothing is built, and solves work.
  await page.reload();
  await page.waitForFunction(ready, null, { timeout: 120_000 });
  const second = await prepareCountingBuilds(page);
  assert.deepEqual(second.answer, { ok: true });
  assert.deepEqual(second.built, [], "the second visit builds nothing");
  await solveChecked(page);

  // A kept table damaged (one byte of its payload) is refused and built again, the same bytes.
  const size = (key) => Number(kept[key].split(":")[0]);
  const victim = keys.reduce((a, b) => (size(a) >= size(b) ? a : b));
  await page.evaluate((key) => new Promise((resolve, reject) => {
    const open = indexedDB.open("rubik-tables");
    open.onsuccess = () => {
      const tx = open.result.transaction("tables", "readwrite");
      const store = tx.objectStore("tables");
      const get = store.get(key);
      get.onsuccess = () => {
        const bytes = new Uint8Array(get.result);
        bytes[bytes.length - 1] ^= 0x5a;
        store.put(bytes, key);
      };
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }), victim);
  await page.reload();
  await page.waitForFunction(ready, null, { timeout: 120_000 });
  const third = await prepareCountingBuilds(page);
  assert.deepEqual(third.answer, { ok: true });
  assert.ok(third.built.length > 0 && third.built.length < first.built.length,
    `only the damaged table is built again: ${third.built} (first visit: ${first.built})`);
  assert.deepEqual((await keptTables(page))[victim], kept[victim], "kept again, sound");
  await solveChecked(page);
  await context.close();
});

test("a site exported with its tables: the first visit fetches them, builds none, keeps them; a damaged file is built", { timeout: 600_000 }, async () => {
  const index = JSON.parse(readFileSync(join(withTables.dir, "tables", "index.json"), "utf8"));
  assert.ok(index.tables.length > 0, "the export lists its tables");
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(withTables.url);
  await page.waitForFunction(ready, null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => window.RubikCore.mode()), "browser");
  const first = await prepareCountingBuilds(page);
  assert.deepEqual(first.answer, { ok: true });
  assert.deepEqual(first.built, [], "the first visit builds nothing: the site's tables pass the core's checks");
  for (const t of index.tables) {
    assert.ok(withTables.requests.includes(`/tables/${t.file}`), `${t.file} fetched`);
  }
  // Kept as they were fetched, the same bytes as the site's files.
  const kept = await keptTables(page);
  for (const t of index.tables) {
    const key = Object.keys(kept).find((k) => k.endsWith(`/${t.name}`));
    assert.ok(key, `${t.name} kept`);
    assert.equal(Number(kept[key].split(":")[0]), t.bytes, `${t.name}: the file's size`);
  }
  await solveChecked(page);
  await context.close();

  // A fresh visitor of a site whose largest table file is damaged: that table is built.
  const victim = index.tables.reduce((a, b) => (a.bytes >= b.bytes ? a : b));
  const file = join(withTables.dir, "tables", victim.file);
  const bytes = readFileSync(file);
  bytes[bytes.length - 1] ^= 0x5a;
  writeFileSync(file, bytes);
  const fresh = await browser.newContext();
  const page2 = await fresh.newPage();
  await page2.goto(withTables.url);
  await page2.waitForFunction(ready, null, { timeout: 120_000 });
  const second = await prepareCountingBuilds(page2);
  assert.deepEqual(second.answer, { ok: true });
  // (Builds are reported by their labels, e.g. "compact table, twist × flip", not file names.)
  assert.equal(second.built.length, 1, `only the damaged ${victim.name} is built: ${second.built}`);
  await solveChecked(page2);
  await fresh.close();
});
