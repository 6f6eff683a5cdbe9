// A memory snapshot of the interpreter with the engine and the UI ready, for pages to restore
// instead of booting CPython (build/static/restore.mjs; ui/snapshot.py says what it holds).
//
//     node build/snapshot.mjs PYODIDE_DIR PYSCRIPT_CHUNK ARCHIVE... OUT HASH_SEED
//
// Boots the Pyodide in PYODIDE_DIR (the very files the site ships: a snapshot only restores in the
// build that made it) with `_makeSnapshot`, unpacks each ARCHIVE (the engine wheel, ui.zip) where a
// page's PyScript unpacks them, runs ui.snapshot.prepare() with the sources of PyScript's own Python
// package (which each page writes and imports; PYSCRIPT_CHUNK is the PyScript file that holds them),
// and writes the snapshot gzipped to OUT.
// HASH_SEED fixes Python's string hashing (PYTHONHASHSEED) so that the same inputs give the same bytes:
// every page restores the snapshot's hash key whatever it is (docs/performance.md says why that is safe).
// Prints {"bytes", "gzip_bytes", "prepared", "ms"} on stdout.
import crypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
if (args.length < 5 || !/^\d+$/.test(args.at(-1))) {
  console.error("usage: node build/snapshot.mjs PYODIDE_DIR PYSCRIPT_CHUNK ARCHIVE... OUT HASH_SEED");
  process.exit(2);
}
const [pyodideDir, pyscriptChunk, ...rest] = args;
const hashSeed = rest.pop();
const out = rest.pop();
// So that the same inputs give the same bytes, the interpreter's start-up entropy (libc's and the
// allocator's states) comes from HASH_SEED and its clock stands still at SOURCE_DATE_EPOCH (files'
// times, import caches). A page draws fresh entropy for everything that must be secret or differ per
// visit (os.urandom asks the browser each time; ui.snapshot.resume() re-seeds random).
const started = process.hrtime.bigint();
let block = 0;
const fill = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let at = 0; at < bytes.length; at += 32) {
    const digest = crypto.createHash("sha256").update(`${hashSeed}:${block++}`).digest();
    bytes.set(digest.subarray(0, Math.min(32, bytes.length - at)), at);
  }
  return view;
};
crypto.randomFillSync = fill;
globalThis.crypto.getRandomValues = fill;
const epoch = Number(process.env.SOURCE_DATE_EPOCH || 315532800) * 1000;
Date.now = () => epoch;
performance.now = () => 0;
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
// HOME is where PyScript unpacks `[files]` on a page: the modules' paths must be the same.
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/", _makeSnapshot: true, env: { HOME: "/home/pyodide", PYTHONHASHSEED: hashSeed },
  stdout: (line) => console.error(line), stderr: (line) => console.error(line),
});
for (const archive of rest) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), archive.endsWith(".whl") ? "wheel" : "zip",
                        { extractDir: "/home/pyodide" });
}
const pyscript = pyscriptSources(readFileSync(pyscriptChunk, "utf-8"));
pyodide.globals.set("pyscript_json", JSON.stringify(pyscript));
const prepared = pyodide.runPython(`
import json, os
os.chdir("/home/pyodide")
from ui.snapshot import prepare
json.dumps(prepare(pyscript=json.loads(pyscript_json)))
`);
pyodide.globals.delete("pyscript_json");
const snapshot = pyodide.makeMemorySnapshot();
// Level 6: 0.45 s against 2.3 s for level 9 here, for a file 0.8% larger (8.16 MB against 8.10 MB).
const gzipped = gzipSync(snapshot, { level: 6 });
writeFileSync(out, gzipped);
process.stdout.write(JSON.stringify({ bytes: snapshot.length, gzip_bytes: gzipped.length,
                                      prepared: JSON.parse(prepared), ms: Number((process.hrtime.bigint() - started) / 1000000n) }));

// PyScript's Python package, as its bundle writes it on every page: {"__init__.py": source, …}, read
// from the object literal `{pyscript:{…}}` in the bundle (strings skipped while matching braces).
function pyscriptSources(bundle) {
  const start = bundle.indexOf("{pyscript:{");
  if (start < 0) throw new Error("the PyScript bundle holds no {pyscript:{…}} package: was PyScript upgraded?");
  let depth = 0;
  let end = start;
  for (let quote = null; end < bundle.length; end++) {
    const c = bundle[end];
    if (quote) {
      if (c === "\\") end++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
  }
  const files = runInNewContext(`(${bundle.slice(start, end + 1)})`).pyscript;
  return Object.fromEntries(Object.entries(files).filter(([name, text]) => name.endsWith(".py") && typeof text === "string"));
}
