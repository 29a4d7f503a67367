// The page's solving worker when there is no server (see core.js): the WebAssembly core
// answers solves and scrambles here, off the page's thread, building each method's tables in
// this worker's memory on first use and reporting their progress. Tables built once are kept
// in IndexedDB (under the table format's version) and handed back to the core on the next
// visit, which checks each (size, header, checksum) and builds only what is missing or unsound.
// A site exported with its tables (`rubik serve --export`, tables/index.json) gives a first
// visit the table files to fetch instead of building them; they are checked the same way, and
// kept too.
import init, {
  local_api_with_progress, prepare, table_format, offer_table, keep_built_tables, take_built_tables,
} from "./rubik_wasm.js";

const DB_NAME = "rubik-tables";
const STORE = "tables";

/** The tables database, or null where the browser has none (or refuses it). */
function openDb() {
  return new Promise((resolve) => {
    if (!self.indexedDB) { resolve(null); return; }
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
  });
}

/**
 * Hands every kept table of this format to the core; drops those of other formats. Resolves
 * to the names of the tables handed in.
 */
function offerKept(db, prefix) {
  const offered = new Set();
  return new Promise((resolve) => {
    const tx = db.transaction(STORE, "readwrite");
    const cursor = tx.objectStore(STORE).openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      if (String(c.key).startsWith(prefix)) {
        const name = offer_table(new Uint8Array(c.value));
        if (name) offered.add(name);
      } else {
        c.delete();
      }
      c.continue();
    };
    tx.oncomplete = () => resolve(offered);
    tx.onerror = tx.onabort = () => resolve(offered);
  });
}

/**
 * Fetches the site's exported tables (tables/index.json) of this format that were not kept,
 * hands each to the core and keeps it (in `db`, when there is one). A site without tables,
 * or of another format, or a network failure: nothing, the core builds what it needs.
 */
async function offerExported(db, prefix, kept) {
  let index;
  try {
    const res = await fetch(new URL("tables/index.json", import.meta.url));
    if (!res.ok) return;
    index = await res.json();
  } catch (e) {
    return;
  }
  if (index.format !== table_format() || !Array.isArray(index.tables)) return;
  const wanted = index.tables.filter((t) => !kept.has(t.name));
  const fetched = await Promise.all(wanted.map(async (t) => {
    try {
      const res = await fetch(new URL(`tables/${t.file}`, import.meta.url));
      return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
    } catch (e) {
      return null;
    }
  }));
  const sound = [];
  for (const bytes of fetched) {
    const name = bytes && offer_table(bytes);
    if (name) sound.push([name, bytes]);
  }
  if (!db || sound.length === 0) return;
  await new Promise((resolve) => {
    const tx = db.transaction(STORE, "readwrite");
    for (const [name, bytes] of sound) tx.objectStore(STORE).put(bytes, prefix + name);
    tx.oncomplete = resolve;
    tx.onerror = tx.onabort = resolve;
  });
}

/** Keeps the tables built by the last call; resolves once they are written. */
function saveBuilt(db, prefix) {
  if (!db) return Promise.resolve();
  const built = take_built_tables();
  if (built.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const tx = db.transaction(STORE, "readwrite");
    for (const [name, bytes] of built) tx.objectStore(STORE).put(bytes, prefix + name);
    tx.oncomplete = resolve;
    tx.onerror = tx.onabort = resolve;
  });
}

const loaded = init({ module_or_path: new URL("rubik_wasm_bg.wasm", import.meta.url) }).then(async () => {
  const prefix = `v${table_format()}/`;
  const db = await openDb();
  const kept = db ? await offerKept(db, prefix) : new Set();
  await offerExported(db, prefix, kept);
  if (db) keep_built_tables(true);
  return { db, prefix };
});

self.onmessage = async (e) => {
  const { id } = e.data;
  const tables = (name, done, total) => self.postMessage({ id, tables: [name, done, total] });
  try {
    const { db, prefix } = await loaded;
    let answer;
    if (e.data.prepare) {
      answer = JSON.parse(prepare(e.data.prepare, tables));
    } else {
      const { method, path, body } = e.data;
      answer = JSON.parse(local_api_with_progress(method, path, body, tables));
    }
    await saveBuilt(db, prefix);
    self.postMessage({ id, answer });
  } catch (err) {
    self.postMessage({ id, failed: String(err && err.message ? err.message : err) });
  }
};
