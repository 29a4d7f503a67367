// A plain static file server for the browser tests of the page with no server: it serves the
// files of one folder (as GitHub Pages or any web host would) and nothing else; /api/ paths
// are 404s like any missing file.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, extname, normalize } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".wasm": "application/wasm",
};

/** Serves `dir` on a free loopback port; resolves to `{url, close, requests}` (`requests`
 * lists the paths asked, for tests that check what reached the network). */
export function serveFolder(dir) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    requests.push(path);
    const file = normalize(join(dir, path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(normalize(dir))) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": TYPES[extname(file)] || "application/octet-stream" }).end(body);
    } catch (e) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        requests,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
      });
    });
  });
}

/**
 * The page with no server, as a user gets it: `rubik serve --export` (the binary `rubik`, with
 * `args` such as `--no-tables`) writes it to a fresh temporary folder, served by `serveFolder`.
 * Resolves to `{url, dir, requests, close}`; `close` stops the server and removes the folder.
 */
export async function exportSite(rubik, prefix, args = []) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const dir = join(work, "site");
  execFileSync(rubik, ["serve", "--export", dir, ...args], { encoding: "utf8" });
  const site = await serveFolder(dir);
  return {
    ...site,
    dir,
    close: async () => {
      await site.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
