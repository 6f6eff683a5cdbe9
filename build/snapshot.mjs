// A memory snapshot of the interpreter with the engine and the UI ready, for pages to restore
// instead of booting CPython (build/static/restore.mjs; ui/snapshot.py says what it holds).
//
//     node build/snapshot.mjs PYODIDE_DIR ARCHIVE... OUT
//
// Boots the Pyodide in PYODIDE_DIR (the very files the site ships: a snapshot only restores in the
// build that made it) with `_makeSnapshot`, unpacks each ARCHIVE (the engine wheel, ui.zip) where a
// page's PyScript unpacks them, runs ui.snapshot.prepare(), and writes the snapshot gzipped to OUT.
// Prints {"bytes", "gzip_bytes", "prepared", "ms"} on stdout.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
if (args.length < 3) {
  console.error("usage: node build/snapshot.mjs PYODIDE_DIR ARCHIVE... OUT");
  process.exit(2);
}
const [pyodideDir, ...rest] = args;
const out = rest.pop();
const started = performance.now();
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
// HOME is where PyScript unpacks `[files]` on a page: the modules' paths must be the same.
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/", _makeSnapshot: true, env: { HOME: "/home/pyodide" },
  stdout: (line) => console.error(line), stderr: (line) => console.error(line),
});
for (const archive of rest) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), archive.endsWith(".whl") ? "wheel" : "zip",
                        { extractDir: "/home/pyodide" });
}
const prepared = pyodide.runPython(`
import json, os
os.chdir("/home/pyodide")
from ui.snapshot import prepare
json.dumps(prepare())
`);
const snapshot = pyodide.makeMemorySnapshot();
const gzipped = gzipSync(snapshot, { level: 9 });
writeFileSync(out, gzipped);
process.stdout.write(JSON.stringify({ bytes: snapshot.length, gzip_bytes: gzipped.length,
                                      prepared: JSON.parse(prepared), ms: Math.round(performance.now() - started) }));
