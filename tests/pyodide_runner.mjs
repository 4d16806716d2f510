// rules_core's own tests inside Pyodide, under Node: the runtime and the
// wheel exactly as the site ships them (static/pyodide/, static/wheels/).
//
//   node tests/pyodide_runner.mjs SITE PROJECT MODULE...
//
// PROJECT's tests/ (and ../shared beside it, when there) are mounted
// read-only at the same relative places, so tests that read third-party
// files run too; rules_core itself comes from the wheel only. Prints one
// JSON object: {passed, skipped, failed: [[test, traceback]], python}.

import { readFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [site, project, ...modules] = process.argv.slice(2).map(function (a, i) {
  return i < 2 ? resolve(a) : a;
});
const runtime = join(site, "static", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/", stdout: function () {}, stderr: function () {} });

const bundle = JSON.parse(readFileSync(join(site, "static", "check", "bundle.json"), "utf8"));
const wheel = new Uint8Array(readFileSync(resolve(site, "static", "check", bundle.wheel)));
const sitePackages = pyodide.pyimport("site").getsitepackages().toJs()[0];
pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });

const root = "/project/main";
pyodide.FS.mkdirTree(root + "/tests");
pyodide.mountNodeFS(root + "/tests", join(project, "tests"));
const shared = resolve(project, "..", "shared");
if (existsSync(shared)) {
  pyodide.FS.mkdirTree("/project/shared");
  pyodide.mountNodeFS("/project/shared", shared);
}
pyodide.FS.chdir(root);
const sys = pyodide.pyimport("sys");
sys.path.insert(0, root);
sys.dont_write_bytecode = true;

const runner = pyodide.pyimport("tests.pyodide_runner");
const totals = runner.run(pyodide.toPy(modules));
console.log(JSON.stringify(totals.toJs({ dict_converter: Object.fromEntries })));
