// Build-time memory snapshot of the checker's Python (sitegen/browser/snapshot.py).
//   node snapshot.mjs RUNTIME_DIR LOCK_FILE PYTHON_DIR OUT
// Starts Pyodide from RUNTIME_DIR with a fixed hash seed, installs
// rules_core through LOCK_FILE (the site's pyodide-lock.json), imports
// inbrowser.py from PYTHON_DIR with all it imports and every module of
// rules_core, checks a made-up file once (inbrowser.warm_up), puts PYTHON_DIR/python_stdlib.zip (the standard library the
// browser will give the restored interpreter) in place of the runtime's,
// zeroes the heap's free memory, and writes the interpreter's memory to
// OUT: the browser restores it instead of starting Python from scratch.
// The first bytes of the memory are what the wasm's data segments write
// at instantiation (3.8 MB, most of them unchanged later): OUT carries
// them XORed with that image, mostly zeros (1.25 MB less as Brotli), and
// OUT.json their length and the image's SHA-256, which the worker checks
// before it XORs them back (templates/check/worker.js).
import nodeCrypto, { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [runtime, lock, python, out] = process.argv.slice(2).map((p) => resolve(p));
sameRandomBytes();
sameClock();
sameArguments();
const image = captureImage();
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
  // Everything a check may import is imported now, so that nothing is
  // compiled from source after the restore and the browser needs neither
  // the wheel nor loadPackage (which imports importlib.metadata, tarfile
  // and email: a second): every module of rules_core (named by the wheel's
  // files), inbrowser.py (kept: the page's Python is the one imported here)
  // and the codecs a file may be decoded with.
  const stdlib = pyodide.runPython(`
import sys, site, zipfile, importlib
with zipfile.ZipFile("/snapshot/rules_core.whl") as wheel:
    wheel.extractall(site.getsitepackages()[0])
    modules = sorted(n[:-3].replace("/", ".").removesuffix(".__init__")
                     for n in wheel.namelist() if n.endswith(".py"))
sys.path.insert(0, "/snapshot")
import inbrowser
for name in modules:
    importlib.import_module(name)
import encodings.latin_1, encodings.cp1252, encodings.utf_8_sig
sys.path.remove("/snapshot")
del wheel, modules, name
inbrowser.warm_up()
next(p for p in sys.path if p.endswith(".zip"))
`);
  // The browser gives the restored interpreter PYTHON_DIR's standard
  // library (docs/browser.md): it is the one in place when the memory is
  // taken, so that what zipimport remembers of it holds after the restore.
  pyodide.FS.writeFile(stdlib, readFileSync(python + "/python_stdlib.zip"));
  pyodide.runPython(`
import sys, zipimport, gc
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, zipimport.zipimporter):
        finder.invalidate_caches()
del finder
gc.collect()
`);
  zeroFreeMemory(pyodide._module);
  pyodide.FS.unlink("/snapshot/rules_core.whl");
  const snapshot = pyodide.makeMemorySnapshot();
  const base = image();
  subtractImage(snapshot, base);
  writeFileSync(out, snapshot);
  writeFileSync(out + ".json", JSON.stringify({
    bytes: base.length, sha256: createHash("sha256").update(base).digest("hex")
  }));
} catch (error) {
  // one line, not the minified source node would print
  const lines = String(error && error.message || error).trim().split("\n");
  console.error(lines[lines.length - 1]);
  process.exit(1);
}

/* Zero the memory that malloc holds free (stale bytes of what the imports
   compiled and dropped): the snapshot then compresses to about 1 MB less.
   The heap may not grow meanwhile (footprint limit), so every block of
   the largest size that still fits is taken, zeroed, and given back. */
function zeroFreeMemory(module) {
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const held = [];
  for (let size = 1 << 24; size >= 16;) {
    const at = module._malloc(size);
    if (!at) { size >>= 1; continue; }
    module.HEAPU8.fill(0, at, at + size);
    held.push(at);
  }
  held.forEach((at) => module._free(at));
  module._malloc_set_footprint_limit(-1 >>> 0);
}

/* The same "random" bytes on every run: the runtime seeds its generators
   (libc's arc4random, Python's random module) from node's randomFillSync,
   and their state is part of the memory taken, so with real entropy two
   builds of the same inputs gave snapshots of other bytes, and sometimes of
   another size, which bundle.json and the checker's pages print (a build
   with an empty cache then differed from tests/golden). The state is no
   secret either way: every visitor restores the same snapshot, and no
   check uses randomness (docs/browser.md, "A reproducible snapshot"). */
function sameRandomBytes() {
  let counter = 0;
  nodeCrypto.randomFillSync = function (view, offset, size) {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    const start = offset || 0;
    const end = size === undefined ? bytes.length : start + size;
    for (let at = start; at < end;) {
      const block = createHash("sha256").update("sitegen snapshot " + counter++).digest();
      const n = Math.min(block.length, end - at);
      bytes.set(block.subarray(0, n), at);
      at += n;
    }
    return view;
  };
}

/* The same clock on every run: the files written into the runtime's file
   system carry the time as their dates, and Python keeps times it reads
   (what it stats, what the warm-up's steps took) in the memory taken.
   Both clocks start at a fixed instant (Date.now at 2000-01-01, or at
   $SOURCE_DATE_EPOCH, the reproducible-builds convention) and move one
   millisecond (Date.now) or microsecond (performance.now) a call: time
   still passes (a folder written after Python listed it has a later date,
   so its import finder reads it again), by the same steps on every run.
   The time zone is UTC: the runtime keeps the zone's names (time.tzname)
   in the memory, and a build under TZ=Asia/Tokyo made other bytes.
   The browser's restored interpreter reads the browser's own clocks. */
function sameClock() {
  process.env.TZ = "UTC";
  const epoch = Number(process.env.SOURCE_DATE_EPOCH || 946684800) * 1000;
  let calls = 0;
  let ticks = 0;
  Date.now = function () { calls += 1; return epoch + calls; };
  performance.now = function () { ticks += 1; return ticks / 1000; };
}

/* The same command line on every run: Emscripten copies node's (the
   program's path, this script's arguments: the folders of the build) into
   the memory as the interpreter's argv, and their lengths moved every
   allocation after them (a build in another folder made other bytes). */
function sameArguments() {
  process.argv.splice(0, process.argv.length, "node", "snapshot.mjs");
}

/* The memory as instantiation leaves it (up to its last non-zero byte):
   WebAssembly.instantiate is wrapped until Pyodide has called it. */
function captureImage() {
  const instantiate = WebAssembly.instantiate;
  let taken = null;
  WebAssembly.instantiate = async function (source, imports) {
    const result = await instantiate.call(WebAssembly, source, imports);
    const heap = new Uint8Array((result.instance || result).exports.memory.buffer);
    let last = heap.length;
    while (last > 0 && heap[last - 1] === 0) { last -= 1; }
    taken = heap.slice(0, last);
    WebAssembly.instantiate = instantiate;
    return result;
  };
  return function () {
    if (!taken) { throw new Error("the runtime was not instantiated by WebAssembly.instantiate"); }
    return taken;
  };
}

/* XOR the image into the memory part of the snapshot (after its header,
   whose length is the snapshot's second 32-bit word). */
function subtractImage(snapshot, base) {
  const start = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
  for (let i = 0; i < base.length; i += 1) { snapshot[start + i] ^= base[i]; }
}
