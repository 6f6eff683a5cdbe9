// The service worker for a built site, by Workbox's generateSW (called by build/offline.py).
//
//     node build/sw.mjs DIST
//
// Precaches every file under DIST (but sw.js itself) with a revision per file and a sha256
// integrity per file, so the worker installs either a whole build or nothing: a file that changed
// on the server while it was downloading fails its integrity check and the install is retried
// later, never mixing two builds. The Workbox runtime is inlined (no CDN, no extra file).
// The new worker waits until the page asks it to take over (SKIP_WAITING, on the reader's
// "Reload" click); it never claims pages it did not load.
// Prints {"count", "size", "warnings", "entries": [{url, revision, integrity}]} on stdout.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateSW } from "workbox-build";

const dist = process.argv[2];
if (!dist) {
  console.error("usage: node build/sw.mjs DIST");
  process.exit(2);
}

let entries = [];
const addIntegrity = async (manifest) => {
  for (const entry of manifest) {
    const bytes = readFileSync(join(dist, entry.url));
    entry.integrity = "sha256-" + createHash("sha256").update(bytes).digest("base64");
  }
  entries = manifest.map(({ url, revision, integrity }) => ({ url, revision, integrity }));
  return { manifest, warnings: [] };
};

try {
  const { count, size, warnings } = await generateSW({
    globDirectory: dist,
    globPatterns: ["**/*"],
    globIgnores: ["sw.js"],
    swDest: join(dist, "sw.js"),
    // The runtime's wasm (~10 MB) and standard library are files like any other here.
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    // The start-up snapshot's name is a hash of its contents (build/snapshot.py): no revision is
    // added to its URL, so the worker's download can be the one the first visit already made.
    dontCacheBustURLsMatching: /snapshot-[0-9a-f]{16}\.bin\.gz$/,
    manifestTransforms: [addIntegrity],
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    skipWaiting: false,
    clientsClaim: false,
    cleanupOutdatedCaches: true,
    directoryIndex: "index.html",
    cacheId: "skirmish",
    disableDevLogs: true,
  });
  process.stdout.write(JSON.stringify({ count, size, warnings, entries }));
} catch (error) {
  console.error(String(error && error.message || error));
  process.exit(1);
}
