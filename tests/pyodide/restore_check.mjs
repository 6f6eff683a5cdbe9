// Restore a built site's start-up snapshot under Node, twice, as a page does (build/static/restore.mjs
// then PyScript's [files]), and report what the restored interpreter does:
//   node tests/pyodide/restore_check.mjs DIST GOLDEN.json...
// Prints one JSON line per restore: {restored, draw, page_modules, precompiled, digests: {name: digest}}.
// tests/test_snapshot.py compares them with the golden digests and with each other.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

const [dist, ...goldenFiles] = process.argv.slice(2);
const runtime = resolve(dist, "pyodide");
const restore = readFileSync(join(runtime, "restore.mjs"), "utf-8");
const named = restore.match(/const SNAPSHOT = \{"file": "([^"]+)", "bytes": (\d+)\}/);
if (!named) {
  console.error("restore.mjs names no snapshot");
  process.exit(70);
}
// The page's own restore code (build/static/restore.mjs, as the build wrote it).
const { bootFrom } = await import(join(runtime, "restore.mjs"));
const golden = goldenFiles.flatMap((file) => JSON.parse(readFileSync(file, "utf-8")));
const wheel = readFileSync(join(dist, "pyscript.toml"), "utf-8").match(/"\.\/(skirmish-[^"]+\.whl)"/)[1];

for (let visit = 0; visit < 2; visit++) {
  const bytes = new Uint8Array(gunzipSync(readFileSync(join(runtime, named[1]))));
  if (bytes.length !== Number(named[2])) throw new Error(`snapshot is ${bytes.length} bytes, not ${named[2]}`);
  const pyodide = await bootFrom(bytes, { indexURL: runtime + "/", env: { HOME: "/home/pyodide" } });
  for (const archive of [wheel, "ui.zip"]) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(join(dist, archive))), archive.endsWith(".whl") ? "wheel" : "zip",
                          { extractDir: "/home/pyodide" });
  }
  pyodide.globals.set("golden_json", JSON.stringify(golden));
  const report = pyodide.runPython(`
import json, random, sys
import ui.snapshot as snapshot
restored = snapshot.RESTORED
snapshot.resume()
draw = random.random()
from engine.core import Record, Session
digests = {case["name"] + "@" + case["record"]["ruleset"]: Session.replay(Record.from_data(case["record"])).digest()
           for case in json.loads(golden_json)}
json.dumps({"restored": restored, "draw": draw, "page_modules": sorted(n for n in ("ui.dom", "ui.app", "pyscript") if n in sys.modules),
            "precompiled": sorted(snapshot.PRECOMPILED.code), "digests": digests})
`);
  console.log(report);
}
