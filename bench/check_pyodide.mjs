// The call of bench/check.py inside Pyodide under Node (bench/check.py --pyodide).
//   node check_pyodide.mjs RUNTIME_DIR SOURCES_DIR FILE RUNS
// Starts Pyodide from RUNTIME_DIR, copies SOURCES_DIR (rules_core/, the
// worker as inbrowser.py, sitegen's figures as sitegen_figures.py, as the
// site ships them) into its file system, then runs the same Python as
// bench/check.py: one warm-up call of handle("check", ...), RUNS timed
// calls, and a plain-Python loop timed here and in CPython to know
// WebAssembly's own slowdown.  Prints one line of JSON.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, sources, file, runs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(runtime) + "/",
                                    env: { PYTHONHASHSEED: "0" }, stdout: console.log });

function copy(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) copy(path, to + "/" + name);
    else pyodide.FS.writeFile(to + "/" + name, readFileSync(path));
  }
}
copy(resolve(sources), "/bench");
pyodide.FS.writeFile("/bench/the_file", readFileSync(file));
pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import bench_check
print(json.dumps(bench_check.measure("/bench/the_file", ${Number(runs)})))
`);
