// The page's solving worker when there is no server (see core.js): the WebAssembly core
// answers solves and scrambles here, off the page's thread, building each method's tables in
// this worker's memory on first use and reporting their progress.
import init, { local_api_with_progress, prepare } from "./rubik_wasm.js";

const loaded = init({ module_or_path: new URL("rubik_wasm_bg.wasm", import.meta.url) });

self.onmessage = async (e) => {
  const { id } = e.data;
  const tables = (name, done, total) => self.postMessage({ id, tables: [name, done, total] });
  try {
    await loaded;
    if (e.data.prepare) {
      self.postMessage({ id, answer: JSON.parse(prepare(e.data.prepare, tables)) });
      return;
    }
    const { method, path, body } = e.data;
    self.postMessage({ id, answer: JSON.parse(local_api_with_progress(method, path, body, tables)) });
  } catch (err) {
    self.postMessage({ id, failed: String(err && err.message ? err.message : err) });
  }
};
