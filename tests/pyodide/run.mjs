// Run pytest inside real Pyodide (CPython 3.14 on WebAssembly) under Node:
//   node tests/pyodide/run.mjs [pytest args...]
// With no arguments (as `make test` calls it) it runs the files listed in tests/pyodide/selection.txt:
// what only Pyodide can break (conformance, golden digests, the pure UI modules, a rule file per
// ruleset, hostile input), not the whole suite that CPython has already run. `--selection` followed
// by pytest options runs that selection with them (`--selection --durations=20`); given paths, it
// runs those (`node tests/pyodide/run.mjs tests` is the whole suite).
// or a script (a benchmark that prints figures), as `python SCRIPT ARGS` would:
//   node tests/pyodide/run.mjs --run SCRIPT [args...]
// Exits with pytest's own exit code (0-5); any other failure (no Pyodide, no deps, a JS error, the
// interpreter crashing mid-run) exits 70 with a message, so a broken run can never look green.
// Deliberately not pytest-pyodide's --run-in-pyodide: it reports tests it never ran as passed.
import { existsSync, realpathSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = realpathSync(join(dirname(fileURLToPath(import.meta.url)), "..", ".."));
const DEPS = join(ROOT, ".pyodide-deps");

function die(message) {
  writeSync(2, `pyodide runner: ${message}\n`);
  process.exit(70);
}
process.on("unhandledRejection", (e) => die(`unhandled rejection: ${e?.stack ?? e}`));

// Write Python's output synchronously: console.log to a pipe is asynchronous in Node, and
// process.exit() below would drop whatever was still queued (the pytest summary, typically).
const writer = (fd) => ({ write: (buf) => writeSync(fd, buf), isatty: false });

async function main() {
  if (!existsSync(join(DEPS, ".stamp"))) {
    die(`${DEPS} is missing: run tests/pyodide/prepare.sh first`);
  }
  let loadPyodide;
  try {
    ({ loadPyodide } = await import("pyodide")); // node_modules/pyodide, pinned in package.json
  } catch (e) {
    die(`cannot import the npm package pyodide (run npm install): ${e.message}`);
  }
  const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide" } });
  pyodide.setStdout(writer(1));
  pyodide.setStderr(writer(2));
  // Same absolute path inside as outside, so paths in tracebacks and tmp files line up.
  // .pyodide-deps lives inside the repo, so this one mount brings the deps along.
  pyodide.mountNodeFS(ROOT, ROOT);

  const run = pyodide.runPython(`
import os, sys

def listed(path):
    """The paths a listing names (comments and blank lines dropped)."""
    with open(path, encoding="utf-8") as listing:
        lines = (line.split("#", 1)[0].strip() for line in listing)
        return [line for line in lines if line]

def selection(root):
    """tests/pyodide/selection.txt's paths, then each game's tests/ID/pyodide.txt (relative to its folder)."""
    tests = os.path.join(root, "tests")
    paths = listed(os.path.join(tests, "pyodide", "selection.txt"))
    for game in sorted(os.listdir(tests)):
        own = os.path.join(tests, game, "pyodide.txt")
        if os.path.isfile(own):
            paths += [f"tests/{game}/{path}" for path in listed(own)]
    return paths

def run(root, deps, args):
    print("Python", sys.version.replace("\\n", " "), "on", sys.platform, flush=True)
    sys.path.insert(0, deps)
    # Bytecode for 3.14 (also pytest's rewritten test modules) goes under .pyodide-deps, not
    # into the work tree's __pycache__ folders; it is still cached between runs.
    sys.pycache_prefix = os.path.join(deps, "__pycache_prefix__")
    sys.dont_write_bytecode = False
    os.chdir(root)
    sys.path.insert(0, root)  # like "python -m pytest": the engine imports from the repo root
    if args[:1] == ["--run"]:
        import runpy
        sys.argv = list(args[1:])
        runpy.run_path(args[1], run_name="__main__")
        return 0
    if not args or args[0] == "--selection":
        paths = selection(root)
        print(f"tests/pyodide/selection.txt and tests/*/pyodide.txt: {len(paths)} paths", flush=True)
        args = [*paths, *args[1:]]
    import pytest
    # no:cacheprovider: nothing needs .pytest_cache from this run, so don't write it.
    return int(pytest.main(["-p", "no:cacheprovider", *args]))
run
`);
  const code = run(ROOT, DEPS, pyodide.toPy(process.argv.slice(2)));
  process.exit(code);
}

main().catch((e) => {
  // A fatal error (e.g. a JS stack overflow from deep C recursion) kills the interpreter before
  // pytest can print a summary; -vv names the test that was running.
  const hint = e?.pyodide_fatal_error ? "\nPyodide crashed during the run; rerun with -vv to see in which test."
    : e?.type === "ModuleNotFoundError" ? "\nA test dependency is missing: rm -rf .pyodide-deps; tests/pyodide/prepare.sh"
    : "";
  // A PythonError's message is the Python traceback; the JS frames under it say nothing more.
  die((e?.type ? e.message : e?.stack ?? String(e)) + hint);
});
