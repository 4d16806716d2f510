/* The checker's Web Worker (a module worker): loads Pyodide and the
   rules_core wheel from this site, then answers the pages' requests by
   calling Python (sitegen's inbrowser.py, shipped beside this file).

   Messages in:  {id, kind: "check" | "norm" | "rating" | "editions", payload}
   Messages out: {type: "progress", phase: "download" | "starting" | "ready" |
                  "error", loaded, total, message}
                 {type: "reply", id, ok, result | error}

   Every URL is relative to this file, so a site published under a path
   works unchanged; nothing is requested from any other host. */

const HERE = new URL(".", self.location.href);
const originalFetch = self.fetch.bind(self);
let received = 0;
let total = 0;
let lastPosted = 0;

function post(message) {
  self.postMessage(message);
}

function progress(phase, extra) {
  post(Object.assign({ type: "progress", phase: phase, loaded: received, total: total }, extra || {}));
}

/* Count the bytes of every response as they arrive: the runtime's fetches
   (wasm, standard library, lock file, wheel) go through here. Pyodide gets
   the response itself, so the browser can still compile the wasm while it
   streams and cache the compiled code; a clone is read for the count. */
const counting = [];

function countingFetch(input, init) {
  return originalFetch(input, init).then(function (response) {
    if (response.ok && response.body) { counting.push(count(response.clone().body.getReader())); }
    return response;
  });
}

function count(reader) {
  return reader.read().then(function (chunk) {
    if (chunk.done) { return; }
    received += chunk.value.byteLength;
    const now = Date.now();
    if (now - lastPosted > 50 || received >= total) {
      lastPosted = now;
      progress(received >= total ? "starting" : "download");
    }
    return count(reader);
  }).catch(function () {});
}

async function fetchText(url) {
  const response = await originalFetch(url);
  if (!response.ok) { throw new Error(url + ": HTTP " + response.status); }
  return response.text();
}

async function boot() {
  const bundleUrl = new URL("bundle.json", HERE);
  const bundle = JSON.parse(await fetchText(bundleUrl));
  total = bundle.download_bytes;
  progress("download");
  const indexURL = new URL(bundle.pyodide, bundleUrl).href;
  const runtime = await import(new URL("pyodide.mjs", indexURL).href);
  self.fetch = countingFetch;
  const pyodide = await runtime.loadPyodide({ indexURL: indexURL });
  progress("starting", { message: "starting Python" });
  await pyodide.loadPackage(new URL(bundle.wheel, bundleUrl).href, {
    messageCallback: function () {}, errorCallback: function (m) { console.warn(m); }
  });
  self.fetch = originalFetch;
  await Promise.all(counting);
  pyodide.FS.mkdirTree("/sitegen");
  for (const name of bundle.python) {
    pyodide.FS.writeFile("/sitegen/" + name, await fetchText(new URL(name, bundleUrl)));
  }
  pyodide.pyimport("sys").path.insert(0, "/sitegen");
  const inbrowser = pyodide.pyimport("inbrowser");
  let players = 0;
  try {
    players = inbrowser.load_players(await fetchText(new URL(bundle.players, bundleUrl)));
  } catch (error) {
    console.warn("no published list for the checker: " + error.message);
  }
  progress("ready", { players: players, version: pyodide.version });
  return inbrowser;
}

const ready = boot();
ready.catch(function (error) {
  progress("error", { message: String(error && error.message || error) });
});

self.onmessage = async function (event) {
  const request = event.data || {};
  try {
    const inbrowser = await ready;
    const answer = inbrowser.handle(request.kind, JSON.stringify(request.payload || null));
    post({ type: "reply", id: request.id, ok: true, result: JSON.parse(answer) });
  } catch (error) {
    post({ type: "reply", id: request.id, ok: false, error: String(error && error.message || error) });
  }
};
