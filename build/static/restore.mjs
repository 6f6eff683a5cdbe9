// PyScript's interpreter (pyscript.toml: `interpreter`): Pyodide, restored from the build's memory
// snapshot when it can be (build/snapshot.mjs, ui/snapshot.py), booted cold when it cannot.
//
// PyScript imports this module when it starts the interpreter: the snapshot downloads and unpacks
// in a worker while Pyodide's own script loads. (Starting the download earlier, as the page is parsed,
// was measured slower: it competes with PyScript's start for the service worker and the main thread.)
// A missing, truncated, corrupt or stale snapshot (another Pyodide or another engine build) is never
// the user's problem: the page boots cold, as without one, and the bad copy is dropped from the
// offline cache so that the next visit fetches a good one. <body data-start> says which happened.
import { loadPyodide as boot, version } from "./pyodide.mjs";

export { version };

// Written by build/build_site.py: the snapshot's file (named by a hash of everything it holds) and
// its size unpacked.
const SNAPSHOT = /*SNAPSHOT*/ { file: "", bytes: 0 };
const url = new URL(SNAPSHOT.file, import.meta.url).href;
// (Under Node, tests/pyodide/restore_check.mjs imports this module for bootFrom() alone.)
const inPage = typeof document !== "undefined";
const snapshot = SNAPSHOT.file && inPage ? readInWorker().catch((error) => error.missing ? Promise.reject(error) : read())
  : Promise.reject(new Error("this build has no snapshot"));
snapshot.catch(() => {});       // awaited in loadPyodide; never an unhandled rejection before then

// Unpacking 30 MB takes the main thread a few hundred milliseconds that PyScript needs to start:
// a worker does it, and hands the bytes over without a copy. Where no worker can start, the page does.
const UNPACK = `onmessage = async ({ data: url }) => {
  try {
    const response = await fetch(url);
    if (!response.ok) return postMessage({ error: "HTTP " + response.status, missing: true });
    const bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    postMessage({ bytes }, [bytes]);
  } catch (error) {
    postMessage({ error: String(error && error.message || error) });
  }
};`;

function readInWorker() {
  return new Promise((resolve, reject) => {
    const source = URL.createObjectURL(new Blob([UNPACK], { type: "text/javascript" }));
    const worker = new Worker(source);
    const done = () => { worker.terminate(); URL.revokeObjectURL(source); };
    worker.onmessage = ({ data }) => {
      done();
      if (!data.bytes) return reject(Object.assign(new Error(data.error), { missing: Boolean(data.missing) }));
      const bytes = new Uint8Array(data.bytes);
      if (bytes.length !== SNAPSHOT.bytes) return reject(new Error(`${bytes.length} bytes, not ${SNAPSHOT.bytes}`));
      resolve(bytes);
    };
    worker.onerror = (event) => { event.preventDefault(); done(); reject(new Error(event.message || "no worker")); };
    worker.postMessage(url);
  });
}

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

// Pyodide copies a snapshot into the runtime's memory as the WebAssembly module declares it (30 MiB
// in Pyodide 314.0.7) and fails when the snapshot is larger, as ours is once the engine is in it:
// its memory is grown to the snapshot's size as soon as the module is instantiated.
async function withMemoryFor(size, start) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grow = (result) => {
    const memory = result && result.instance && result.instance.exports.memory;
    if (memory instanceof WebAssembly.Memory && memory.buffer.byteLength < size) {
      memory.grow(Math.ceil((size - memory.buffer.byteLength) / 65536));
    }
    return result;
  };
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(grow);
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(grow);
  try {
    return await start();
  } finally {
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  }
}

/** Pyodide restored from `bytes` (a snapshot, or a promise of one, of `size` bytes). */
export function bootFrom(bytes, options, size = bytes.length) {
  return withMemoryFor(size, () => boot({ ...options, _loadSnapshot: bytes }));
}

export async function loadPyodide(options) {
  // Pyodide awaits the snapshot only once its own script is loaded: the two overlap.
  let unreadable = null;
  const bytes = snapshot.catch((error) => {
    unreadable = error;
    throw error;
  });
  bytes.catch(() => {});    // Pyodide awaits it later: until then its failure is handled, not a page error
  try {
    const pyodide = await bootFrom(bytes, options, SNAPSHOT.bytes);
    said("snapshot", "");
    return pyodide;
  } catch (error) {
    if (!SNAPSHOT.file) said("cold", "");
    else if (unreadable) said("cold", `snapshot unreadable: ${unreadable.message}`);
    else said("cold", `snapshot refused: ${String(error.message).split("\n")[0]}`);
    if (SNAPSHOT.file && !(unreadable && unreadable.missing)) forget().catch(() => {});
    return boot(options);
  }
}
