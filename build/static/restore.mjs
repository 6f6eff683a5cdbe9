// PyScript's interpreter (pyscript.toml: `interpreter`): Pyodide, restored from the build's memory
// snapshot when it can be (build/snapshot.mjs, ui/snapshot.py), booted cold when it cannot.
//
// The page imports this module as soon as it is parsed, so the snapshot downloads and unpacks while
// PyScript is still starting; PyScript imports the same module later and calls loadPyodide.
// A missing, truncated, corrupt or stale snapshot (another Pyodide or another engine build) is never
// the user's problem: the page boots cold, as without one, and the bad copy is dropped from the
// offline cache so that the next visit fetches a good one. <body data-start> says which happened.
import { loadPyodide as boot, version } from "./pyodide.mjs";

export { version };

// Written by build/build_site.py: the snapshot's file (named by a hash of everything it holds) and
// its size unpacked.
const SNAPSHOT = /*SNAPSHOT*/ { file: "", bytes: 0 };
const url = new URL(SNAPSHOT.file, import.meta.url).href;
const snapshot = SNAPSHOT.file ? read() : Promise.reject(new Error("this build has no snapshot"));
snapshot.catch(() => {});       // awaited in loadPyodide; never an unhandled rejection before then

async function read() {
  const response = await fetch(url);
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { missing: true });
  // gzip's own checksum and length catch a truncated or corrupt file here.
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
  if (bytes.length !== SNAPSHOT.bytes) throw new Error(`${bytes.length} bytes, not ${SNAPSHOT.bytes}`);
  return bytes;
}

function said(start, why) {
  document.body.dataset.start = start;
  if (why) console.info(`skirmish: cold start (${why})`);
}

async function forget() {
  // The offline cache may hold the bad copy (Workbox keys it by URL and revision): drop it, so that
  // the next request goes to the network and puts a good one back.
  if (!("caches" in globalThis)) return;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.split("?")[0] === url) await cache.delete(request);
    }
  }
  fetch(url).then((response) => response.arrayBuffer()).catch(() => {});
}

export async function loadPyodide(options) {
  let bytes;
  try {
    bytes = await snapshot;
  } catch (error) {
    said("cold", SNAPSHOT.file ? `snapshot unreadable: ${error.message}` : "");
    if (SNAPSHOT.file && !error.missing) forget().catch(() => {});
    return boot(options);
  }
  try {
    const pyodide = await boot({ ...options, _loadSnapshot: bytes });
    said("snapshot", "");
    return pyodide;
  } catch (error) {
    said("cold", `snapshot refused: ${String(error.message).split("\n")[0]}`);
    forget().catch(() => {});
    return boot(options);
  }
}
