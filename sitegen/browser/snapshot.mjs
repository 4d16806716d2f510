// Build-time memory snapshot of the checker's Python (sitegen/snapshot.py).
//   node snapshot.mjs RUNTIME_DIR LOCK_FILE PYTHON_DIR OUT
// Starts Pyodide from RUNTIME_DIR with a fixed hash seed, installs
// rules_core through LOCK_FILE (the site's pyodide-lock.json), imports
// inbrowser.py from PYTHON_DIR with all it imports, and writes the
// interpreter's memory to OUT: the browser restores it instead of starting
// Python from scratch.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [runtime, lock, python, out] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL: runtime + "/", lockFileURL: lock, _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0" }, stdout: () => {}, stderr: (m) => console.error(m)
});
try {
  // the wheel the lock file names, unpacked by Python: loadPackage would
  // leave JavaScript objects in the interpreter, which a snapshot refuses
  const wheel = JSON.parse(readFileSync(lock, "utf-8")).packages["rules-core"].file_name;
  pyodide.FS.mkdirTree("/snapshot");
  pyodide.FS.writeFile("/snapshot/rules_core.whl", readFileSync(python + "/" + wheel));
  for (const name of readdirSync(python).filter((n) => n.endsWith(".py"))) {
    pyodide.FS.writeFile("/snapshot/" + name, readFileSync(python + "/" + name));
  }
  pyodide.runPython(`
import sys, site, zipfile
zipfile.ZipFile("/snapshot/rules_core.whl").extractall(site.getsitepackages()[0])
sys.path.insert(0, "/snapshot")
import inbrowser, rules_core.check, rules_core.fmjd.norms, rules_core.fmjd.standings
sys.path.remove("/snapshot")
del sys.modules["inbrowser"], sys.modules["sitegen_figures"]
import gc
gc.collect()
`);
  pyodide.FS.unlink("/snapshot/rules_core.whl");
  writeFileSync(out, pyodide.makeMemorySnapshot());
} catch (error) {
  // one line, not the minified source node would print
  const lines = String(error && error.message || error).trim().split("\n");
  console.error(lines[lines.length - 1]);
  process.exit(1);
}
