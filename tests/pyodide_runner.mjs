// rules_core's own tests inside Pyodide, under Node: the runtime and the
// wheel exactly as the site ships them (bundle.json names them).
//
//   node tests/pyodide_runner.mjs SITE PROJECT MODULE...
//
// PROJECT's tests/ (and ../shared beside it, when there) are mounted
// read-only at the same relative places, so tests that read third-party
// files run too; rules_core itself comes from the wheel only. Prints one
// JSON object: {passed, skipped, failed: [[test, traceback]], python}.
// A failure of the runner itself prints its message (not the minified
// runtime source Node would show) and exits 1.

import { readFileSync, existsSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [site, project, ...modules] = process.argv.slice(2).map(function (a, i) {
  return i < 2 ? resolve(a) : a;
});

process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

function fail(error) {
  const text = String(error && (error.message || error) || "unknown error");
  const lines = text.split("\n").filter(function (line) { return line.length < 1000; });
  console.error("pyodide_runner: " + lines.slice(-20).join("\n"));
  process.exit(1);
}

const check = join(site, "static", "check");
const bundle = JSON.parse(readFileSync(join(check, "bundle.json"), "utf8"));
const runtime = resolve(check, bundle.pyodide);
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/", lockFileURL: resolve(check, bundle.lock),
                                   stdout: function () {}, stderr: function () {} });

const wheel = new Uint8Array(readFileSync(resolve(site, "static", "check", bundle.wheel)));
const sitePackages = pyodide.pyimport("site").getsitepackages().toJs()[0];
pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });

const root = "/project/main";
pyodide.FS.mkdirTree(root + "/tests");
pyodide.mountNodeFS(root + "/tests", realpathSync(join(project, "tests")));
// mountNodeFS wants a directory, not a symbolic link to one
const shared = resolve(project, "..", "shared");
if (existsSync(shared)) {
  pyodide.FS.mkdirTree("/project/shared");
  pyodide.mountNodeFS("/project/shared", realpathSync(shared));
}
pyodide.FS.chdir(root);
const sys = pyodide.pyimport("sys");
sys.path.insert(0, root);
sys.dont_write_bytecode = true;

const runner = pyodide.pyimport("tests.pyodide_runner");
const totals = runner.run(pyodide.toPy(modules));
console.log(JSON.stringify(totals.toJs({ dict_converter: Object.fromEntries })));
