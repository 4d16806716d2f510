/* The checker's Web Worker (a module worker): starts Pyodide from this
   site: it restores the memory snapshot made at build time when bundle.json
   names one (rules_core and inbrowser.py imported in it), else loads the
   rules_core wheel by name from the site's lock file (which checks its
   sha256) and imports inbrowser.py; then it answers the pages' requests by calling
   Python (sitegen's inbrowser.py, shipped beside the wheel).

   Messages in:  {kind: "bundle", payload: bundle.json's content}, first;
                 {id, kind: "check" | "norm" | "rating" | "editions", payload}
   Messages out: {type: "progress", phase: "download" | "starting" | "ready" |
                  "error", loaded, total, message}
                 {type: "reply", id, ok, json (the answer as JSON text) | result | error,
                  timing (ms per step: shards, python, and inbrowser.timing's)}
                 {type: "rest", id, json | error, timing}: after a check's reply,
                  the rest of its answer (inbrowser.check_rest)

   Every URL is relative to this file, so a site published under a path
   works unchanged; nothing is requested from any other host. The site's
   player index is fetched after "ready", and its shards only for the
   players of a file being checked (docs/browser.md). */

// this file is static/bundle/HASH/worker.js; bundle.json is static/check/'s
const BUNDLE = new URL("../../check/bundle.json", self.location.href);
const originalFetch = self.fetch.bind(self);
let received = 0;
let total = 0;
let lastPosted = 0;

/* When each step of the start happened (ms since the epoch, so the page
   can place them on its own clock): sent with "ready" for bench/browser.py
   (docs/browser.md, "Where a warm start goes"). */
const marks = { worker: performance.timeOrigin + performance.now() };

function mark(name) {
  marks[name] = performance.timeOrigin + performance.now();
}

function post(message) {
  self.postMessage(message);
}

/* Once the start has failed, nothing more is said about it: a download
   that lands after the error (the standard library, the lock file) would
   otherwise put "Starting Python…" back over the error, for ever. */
let failed = false;

function progress(phase, extra) {
  if (failed) { return; }
  if (phase === "error") { failed = true; }
  post(Object.assign({ type: "progress", phase: phase, loaded: received, total: total }, extra || {}));
}

/* Count the bytes of every response as they arrive (wasm, standard library,
   lock file, wheel), each URL once. Pyodide gets the response itself, so
   the browser can still compile the wasm while it streams; a clone is
   read. The snapshot is counted as it is read (snapshotBytes). */
const counting = [];

const seen = new Set();

function countingFetch(input, init) {
  const url = String(input && input.url || input);
  const first = !seen.has(url);
  seen.add(url);
  return originalFetch(input, init).then(function (response) {
    if (first && response.ok && response.body) { counting.push(count(response.clone().body.getReader())); }
    return response;
  });
}

function counted(bytes) {
  received += bytes;
  const now = Date.now();
  if (now - lastPosted > 50 || received >= total) {
    lastPosted = now;
    progress(received >= total ? "starting" : "download");
  }
}

/* Pyodide compiles its wasm only once the snapshot is in (the memory size
   comes from it): the compile is started here, at once, and handed to
   Pyodide when it asks for the same file. Once instantiated, the memory
   holds what the data segments wrote, which the snapshot carries XORed
   (sitegen/browser/snapshot.mjs): it is checked and XORed back before Pyodide
   copies the snapshot in. A failure here rejects `broken`: Pyodide would
   only log it and wait for ever. */
let fail = null;
const broken = new Promise(function (resolve, reject) { fail = reject; });

function compileEarly(url, snapshot, base) {
  const compiled = WebAssembly.compileStreaming(countingFetch(url));
  compiled.then(function () { mark("compiled"); }, function () {});
  compiled.catch(function () {});
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    WebAssembly.instantiateStreaming = instantiate;
    try {
      const response = await source;
      let result;
      if (response.url === url) {
        if (response.body) { response.body.cancel().catch(function () {}); }
        const module = await compiled;
        mark("instantiating");
        result = { module: module, instance: await WebAssembly.instantiate(module, imports) };
        mark("instantiated");
      } else {        // not expected: the runtime's own request, compiled again
        result = await instantiate(response, imports);
      }
      // the first instantiation is the runtime's; the hash says if it is not
      if (base) { await addImage(await snapshot, result.instance.exports.memory, base); }
      mark("restoring");
      return result;
    } catch (error) {
      fail(error);
      throw error;
    }
  };
}

async function addImage(snapshot, memory, base) {
  const image = new Uint8Array(memory.buffer, 0, base.bytes);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", image));
  const hex = Array.from(digest, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  if (hex !== base.sha256) {
    throw new Error("the memory snapshot does not fit this runtime (its data segments differ): " +
                    "the site needs rebuilding");
  }
  const start = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
  const words = base.bytes >>> 2;
  const into = new Uint32Array(snapshot.buffer, snapshot.byteOffset + start, words);
  const from = new Uint32Array(memory.buffer, 0, words);
  for (let i = 0; i < words; i += 1) { into[i] ^= from[i]; }
  for (let i = words * 4; i < base.bytes; i += 1) { snapshot[start + i] ^= image[i]; }
}

function count(reader) {
  return reader.read().then(function (chunk) {
    if (chunk.done) { return; }
    counted(chunk.value.byteLength);
    return count(reader);
  }).catch(function () {});
}

async function fetchOk(url, init) {
  const response = await originalFetch(url, init);
  if (!response.ok) { throw new Error(url + ": HTTP " + response.status); }
  return response;
}

/* A file revalidated on each visit, or, offline, the browser's copy. */
function fresh(url) {
  return fetchOk(url, { cache: "no-cache" }).catch(function () {
    return fetchOk(url, { cache: "force-cache" });
  });
}

/* The snapshot as shipped (paged, 12.5 MB), kept uncompressed in a cache
   of the Cache API of its own, one entry (this build's snapshot, by its
   content-hashed URL): the HTTP cache keeps it as Brotli, decompressed on
   every visit (docs/browser.md, "Where a warm start goes"). Written once
   the worker has been idle for IDLE_MS after "ready"; without the Cache
   API the snapshot is fetched as before. */
const SNAPSHOT_CACHE = "sitegen-check-snapshot";

async function keptSnapshot(url) {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(url);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (error) {
    return null;
  }
}

async function keepSnapshot(url, bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const older = (await cache.keys()).filter(function (request) { return request.url !== url; });
    await Promise.all(older.map(function (request) { return cache.delete(request); }));
    await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn("the memory snapshot is not kept: " + (error && error.message || error));
  }
}

/* The snapshot's bytes, counted as they come (read once, not cloned),
   from the worker's own cache when it holds them. */
async function snapshotBytes(url) {
  const kept = await keptSnapshot(url);
  if (kept) {
    try {
      const memory = unpage(kept);
      mark("snapshot_response");
      counted(kept.byteLength);
      mark("snapshot_kept");
      mark("snapshot_read");
      mark("snapshot_unpaged");
      return memory;
    } catch (error) {        // not what was kept: dropped, and fetched again
      caches.delete(SNAPSHOT_CACHE).catch(function () {});
    }
  }
  const response = await fetchOk(url);
  mark("snapshot_response");
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) { break; }
    chunks.push(chunk.value);
    size += chunk.value.byteLength;
    counted(chunk.value.byteLength);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  chunks.forEach(function (chunk) { bytes.set(chunk, at); at += chunk.byteLength; });
  mark("snapshot_read");
  const memory = unpage(bytes);
  mark("snapshot_unpaged");
  quiet.then(function () { return keepSnapshot(url, bytes); });
  return memory;
}

/* The memory from the shipped snapshot, which keeps only its pages that
   are not all zeros (sitegen.browser.bundle.paged: "SGPAGES1", the page
   size and the memory's length as uint32 LE, a bitmap of the pages kept,
   the pages). */
function unpage(packed) {
  const magic = String.fromCharCode.apply(null, packed.subarray(0, 8));
  if (magic !== "SGPAGES1") { throw new Error("the memory snapshot is not in the expected format"); }
  const head = new DataView(packed.buffer, packed.byteOffset, 16);
  const page = head.getUint32(8, true);
  const size = head.getUint32(12, true);
  const count = Math.ceil(size / page);
  const bitmap = packed.subarray(16, 16 + Math.ceil(count / 8));
  const memory = new Uint8Array(size);
  const kept = function (i) { return i < count && (bitmap[i >>> 3] >>> (i & 7) & 1) === 1; };
  let at = 16 + bitmap.length;
  for (let i = 0; i < count; i += 1) {
    if (!kept(i)) { continue; }
    let end = i + 1;                      // a run of kept pages: one copy
    while (kept(end)) { end += 1; }
    const length = Math.min(end * page, size) - i * page;
    memory.set(packed.subarray(at, at + length), i * page);
    at += length;
    i = end - 1;
  }
  if (at !== packed.length) { throw new Error("the memory snapshot is truncated or too long"); }
  return memory;
}

/* bundle.json as the page read it (its first message), so that the start
   does not wait for a second request; fetched here if the page sent none. */
let given = null;
const handed = new Promise(function (resolve) { given = resolve; });

async function bundleJson() {
  const bundle = await Promise.race([handed, new Promise(function (resolve) {
    setTimeout(resolve, 1000, null);
  })]);
  return bundle || (await fresh(BUNDLE)).json();
}

async function boot() {
  const bundleUrl = BUNDLE;
  const bundle = await bundleJson();
  mark("bundle");
  const at = function (path) { return new URL(path, bundleUrl).href; };
  total = bundle.download_bytes;
  progress("download");
  const indexURL = at(bundle.pyodide);
  // the snapshot has imported inbrowser.py already; without one it is
  // fetched and imported here
  const python = bundle.snapshot ? [] : bundle.python.map(function (path) {
    return fetchOk(at(path)).then(function (r) { return r.text(); });
  });
  const options = { indexURL: indexURL, lockFileURL: at(bundle.lock) };
  if (bundle.snapshot) {
    // everything a check imports is in the snapshot: its standard library
    // is the (empty) one it was taken with, not the runtime's 1.6 MB.
    // The snapshot and the wasm are asked for before pyodide.mjs is loaded.
    options.stdLibURL = at(bundle.stdlib);
    options._loadSnapshot = snapshotBytes(at(bundle.snapshot));
    compileEarly(new URL("pyodide.asm.wasm", indexURL).href, options._loadSnapshot,
                 bundle.snapshot_base);
  }
  const runtime = await import(new URL("pyodide.mjs", indexURL).href);
  mark("runtime_imported");
  self.fetch = countingFetch;
  const pyodide = await Promise.race([runtime.loadPyodide(options), broken]);
  mark("loaded");
  progress("starting", { message: "starting Python" });
  if (!bundle.snapshot) {
    // the snapshot holds every module of rules_core, imported at build time
    // from this wheel; without it the wheel is loaded by name
    await pyodide.loadPackage(bundle.package, {
      messageCallback: function () {}, errorCallback: function (m) { console.warn(m); }
    });
  }
  self.fetch = originalFetch;
  await Promise.all(counting);
  if (!bundle.snapshot) {
    pyodide.FS.mkdirTree("/sitegen");
    const texts = await Promise.all(python);
    bundle.python.forEach(function (path, i) {
      pyodide.FS.writeFile("/sitegen/" + path.split("/").pop(), texts[i]);
    });
    pyodide.pyimport("sys").path.insert(0, "/sitegen");
  }
  const inbrowser = pyodide.pyimport("inbrowser");
  mark("ready");
  progress("ready", { version: pyodide.version, snapshot: Boolean(bundle.snapshot), marks: marks });
  return { inbrowser: inbrowser, players: new URL(bundle.players, bundleUrl) };
}

const ready = boot();
ready.catch(function (error) {
  progress("error", { message: String(error && error.message || error) });
});

/* The site's players.json (the lists and how the shards are cut), after
   "ready": never before, so a large site starts as fast as a small one
   (fetched while the runtime starts, its 0.7 MB at 1.2 million players
   took the snapshot's bandwidth: docs/browser.md, "A check in two steps"). */
const index = ready.then(async function (state) {
  try {
    const response = await fresh(state.players);
    const text = await response.text();
    const meta = JSON.parse(text);
    // Python needs the lists and the shard count, not the shards' hashes
    // and names (0.7 MB of players.json at 1.2 million players)
    const count = state.inbrowser.load_players(JSON.stringify({
      format: meta.format, lists: meta.lists, count: meta.count, id_shards: meta.id_shards,
      players: meta.players }));
    progress("ready", { players: count });
    return { folder: new URL(meta.folder || "./", state.players), hashes: meta.id_hashes || [],
             suffix: meta.suffix || ".json", loaded: new Set() };
  } catch (error) {
    console.warn("no published list for the checker: " + error.message);
    return null;
  }
});

/* A shard's bytes from its response, handed to Python as they came: gzip
   (players.json format 5 on) is unpacked there (sitegen/browser/worker.py
   `add_players`, zlib), or they are the JSON itself when the host sent
   them unpacked (Content-Encoding: gzip). A DecompressionStream a shard
   took about 100 ms after the last of 146 responses (docs/browser.md,
   "The first check of a visit"). */
async function shardBytes(response) {
  return new Uint8Array(await response.arrayBuffer());
}

/* The id shards of the file's players that are not loaded yet; returns
   how many could not be fetched (offline on a first check). */
async function loadShards(inbrowser, payloadJson, timing) {
  const shards = await index;
  if (!shards) { return 0; }
  const wanted = JSON.parse(inbrowser.player_shards(payloadJson));
  const asked = performance.now();
  const bodies = await Promise.all(wanted.map(async function (n) {
    try {
      // the hash of its bytes as the query, as sitegen.browser.pages.shard_url makes it
      const digest = shards.hashes[n] ? "?v=" + shards.hashes[n] : "";
      const response = await fetchOk(new URL("id/" + n + shards.suffix + digest, shards.folder));
      return await shardBytes(response);
    } catch (error) {
      return null;
    }
  }));
  const fetched = performance.now();
  let missing = 0;
  bodies.forEach(function (body, i) {
    if (body === null) { missing += 1; } else { inbrowser.add_players(wanted[i], body); }
  });
  // for bench/browser.py: the shards fetched and unpacked, then handed to Python
  timing.fetch = fetched - asked;
  timing.add = performance.now() - fetched;
  timing.fetched = wanted.length;
  return missing;
}

/* Said where the notes are read: what could not be filled. */
function unfilled(answer, missing) {
  if (missing && answer && answer.result) {
    answer.result.event.notes = (answer.result.event.notes || []).concat([
      missing + " part(s) of this site's published list could not be fetched (offline?): " +
      "ratings, K and titles of the players in them were not filled from the list"]);
  }
  return answer;
}

function withNote(answer, missing) {
  return missing ? JSON.stringify(unfilled(JSON.parse(answer), missing)) : answer;
}

/* The second step of a check: {type: "rest", id, json ("null" when the
   first answer was all), timing} or {type: "rest", id, error}. */
function restOf(state, request, missing) {
  try {
    const started = performance.now();
    const rest = state.inbrowser.check_rest();
    const timing = JSON.parse(state.inbrowser.timing());
    timing.rest = performance.now() - started;
    post({ type: "rest", id: request.id, timing: timing, json: withNote(rest, missing) });
  } catch (error) {
    post({ type: "rest", id: request.id, error: internalError(request.kind, error) });
  }
}

/* A Python exception that escaped inbrowser.handle: one line, no traceback. */
function internalError(kind, error) {
  const lines = String(error && error.message || error).trim().split("\n");
  const last = lines[lines.length - 1].trim();
  const what = kind === "check" ? "this file could not be read" : "this form could not be checked";
  return what + ": " + last + ", please report it";
}

/* V8 keeps a WebAssembly module's compiled code for the next visit (in
   the browser's cache, beside the wasm) only once it has optimised about
   1 MB of it, which starting from the snapshot never does: without it a
   returning visitor's runtime compiles some 950 functions again as they
   are first called (docs/browser.md, "Where a warm start goes"). So, once
   per build (the page asks), the worker checks a made-up round robin a
   few times once it has had no request for IDLE_MS; a request that comes
   meanwhile waits for the round under way at most (one round: about
   0.1 s on this machine when quiet). */
const IDLE_MS = 2000;
let busy = 0;
let lastRequest = 0;

function pause(ms) {
  return new Promise(function (resolve) { setTimeout(resolve, ms); });
}

/* Resolves once the worker has been idle for IDLE_MS after "ready" (for
   work a visitor should not wait for). */
const quiet = ready.then(async function () {
  lastRequest = Math.max(lastRequest, performance.now());
  await idleFor(IDLE_MS);
}, function () { return new Promise(function () {}); });

/* Resolves once no request is under way and none has come for `ms`. */
async function idleFor(ms) {
  for (;;) {
    await pause(0);
    const idle = performance.now() - lastRequest;
    if (!busy && idle >= ms) { return; }
    await pause(busy ? 100 : ms - idle);
  }
}

async function warmUp(rounds, players) {
  const state = await ready;
  await index;
  lastRequest = Math.max(lastRequest, performance.now());
  let spent = 0;
  for (let done = 0; done < rounds; done += 1) {
    await idleFor(IDLE_MS);
    const started = performance.now();
    state.inbrowser.warm_up(players);
    spent += performance.now() - started;
  }
  post({ type: "warmed", rounds: rounds, ms: spent });
}

/* Once a visit, after "ready": V8 runs the runtime's WebAssembly in its
   baseline code until a function has run long enough to be optimised, so
   the first check of a visit took about twice as long as the next ones,
   and checking one real Swiss first brought the next file's first check
   to the later ones' time (docs/browser.md, "The first check of a
   visit"). So the /check/ page asks the worker, at "ready", to do that
   while the visitor chooses a file: once it has had no request for
   REHEARSE_IDLE_MS, it checks a made-up Swiss the way the page asks for a
   check (reading, first view, rest), REHEARSALS times, each step a task
   of its own, so that a request that comes meanwhile waits for one step
   at most. */
const REHEARSE_IDLE_MS = 200;
const REHEARSALS = 5;

async function rehearse() {
  const state = await ready;
  await index;
  lastRequest = Math.max(lastRequest, performance.now());
  let spent = 0;
  let view = null;
  for (let done = 0; done < REHEARSALS; done += 1) {
    for (const step of ["read", "view", "rest"]) {
      await idleFor(REHEARSE_IDLE_MS);
      const started = performance.now();
      const answer = state.inbrowser.rehearse(step);
      spent += performance.now() - started;
      if (answer) { view = answer; }
    }
  }
  // the last first view: the page rehearses its own first rows with it
  post({ type: "rehearsed", rounds: REHEARSALS, ms: spent, view: view });
}

self.onmessage = async function (event) {
  const request = event.data || {};
  if (request.kind === "bundle") {
    given(request.payload);
    return;
  }
  if (request.kind === "rehearse") {
    rehearse().catch(function (error) {
      console.warn("no rehearsal: " + (error && error.message || error));
    });
    return;
  }
  if (request.kind === "warm") {
    warmUp(request.rounds, request.players).catch(function (error) {
      console.warn("no warm-up: " + (error && error.message || error));
    });
    return;
  }
  busy += 1;
  try {
    await reply(request);
  } finally {
    busy -= 1;
    lastRequest = performance.now();
  }
};

async function reply(request) {
  let state;
  try {
    state = await ready;
  } catch (error) {
    post({ type: "reply", id: request.id, ok: false, error: String(error && error.message || error) });
    return;
  }
  try {
    const started = performance.now();
    const payloadJson = JSON.stringify(request.payload || null);
    const fetching = {};
    const missing = request.kind === "check" ? await loadShards(state.inbrowser, payloadJson, fetching) : 0;
    const shards = performance.now();
    const check = request.kind === "check";
    // a check in two steps (docs/browser.md, "A check in two steps"): what
    // the page shows first, then the whole contract and the CSV
    const answer = check ? state.inbrowser.check_view(payloadJson)
                         : state.inbrowser.handle(request.kind, payloadJson);
    // where the worker's time went (ms), for bench/browser.py: fetching the
    // list's shards, then each step in Python (inbrowser.timing)
    const timing = Object.assign(JSON.parse(state.inbrowser.timing()), fetching);
    timing.shards = shards - started;
    timing.python = performance.now() - shards;
    // the text crosses to the page (a string is copied at once; an object
    // would be cloned piece by piece) and is parsed there, once
    post({ type: "reply", id: request.id, ok: true, timing: timing, json: withNote(answer, missing) });
    if (check) { restOf(state, request, missing); }
  } catch (error) {
    // A Python exception has a `type`; anything else (the WebAssembly stack
    // exhausted, a fatal error of the runtime) leaves the interpreter
    // unusable: the page starts a new worker.
    post({ type: "reply", id: request.id, ok: true,
           result: { error: internalError(request.kind, error), internal: true,
                     restart: !(error && error.type) } });
  }
}
