/* What the checker's three pages share: the worker, its progress shown in
   a <progress>, and small DOM helpers. Text goes in with textContent, or,
   for the result table, as HTML escaped by escapeHtml (every text and
   attribute value), so a name like "<script>" shows as text. No inline
   script, no eval: a Content-Security-Policy of 'self' holds. */

import { escapeHtml } from "./cite.js";

const BUNDLE_URL = new URL("bundle.json", import.meta.url);

/* The page's language: its messages are a JSON data block (<script
   type="application/json" id="messages">, written at build time from the
   catalogue, docs/i18n.md); an English page has none. `_` gives a message in
   the page's language (python -m sitegen.i18n extracts its calls), `fill`
   puts the values in its %(name)s places. */
let messages = null;

export function _(text) {
  if (messages === null) {
    const block = typeof document === "undefined" ? null : document.getElementById("messages");
    messages = block ? JSON.parse(block.textContent) : {};
  }
  return Object.prototype.hasOwnProperty.call(messages, text) ? messages[text] : text;
}

export function fill(text, values) {
  return text.replace(/%\((\w+)\)s/g, function (whole, name) {
    return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
  });
}

/* The language's root (data-site on the status line, _checker.html): the
   service worker of its /check/ pages and its regulations are under it. */
export function siteRoot() {
  const node = typeof document === "undefined" ? null : document.querySelector("[data-site]");
  return new URL(node ? node.getAttribute("data-site") : "../../", node ? document.baseURI : import.meta.url);
}

/* The worker's script lives in the bundle's content-hashed folder (cached
   for good), so a browser that has seen it can start it offline: the
   service worker serves the page's fetch of bundle.json, but not a
   worker's script (docs/browser.md, "Offline"). */
function bundleJson(status) {
  // the page carries it (data-bundle, written at build time with the
  // bundle): no request before the worker starts
  const carried = status && status.getAttribute("data-bundle");
  if (carried) { return Promise.resolve(JSON.parse(carried)); }
  return fetch(BUNDLE_URL, { cache: "no-cache" }).then(function (response) {
    if (!response.ok) { throw new Error("bundle.json: HTTP " + response.status); }
    return response.json();
  });
}
export const CANCELLED = _("cancelled: the check was stopped");

/* How long the worker warms up once per build, for V8 to keep its compiled
   code for the next visit (templates/check/worker.js, docs/browser.md
   "Where a warm start goes"): made-up round robins of `players`. */
export const WARM_UP = { rounds: 40, players: 20 };
const WARMED = "sitegen-check-warmed";

function storage(name, value) {
  try {
    if (value === undefined) { return localStorage.getItem(name); }
    localStorage.setItem(name, value);
  } catch (error) { /* no storage: warmed up again on the next visit */ }
  return null;
}

/* The service worker (check/sw.js, made at build time) keeps the pages,
   the runtime and the wheel, so the checker works offline after a first
   visit. It is registered once the checker is ready: by then the runtime
   is in the browser's cache and installing it downloads nothing again. */
function offline() {
  if (!("serviceWorker" in navigator)) { return; }
  const scope = new URL("check/", siteRoot());
  navigator.serviceWorker.register(new URL("sw.js", scope), { scope: scope.href })
    .catch(function (error) { console.warn("no offline use: " + error.message); });
}

/* CRC-32 of a string's UTF-8, as Python's zlib.crc32. */
function crc32(text) {
  let crc = -1;
  new TextEncoder().encode(text).forEach(function (byte) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) { crc = (crc >>> 1) ^ (0xEDB88320 & -(crc & 1)); }
  });
  return (crc ^ -1) >>> 0;
}

/* A name as the index's name shards fold it (sitegen.browser.pages.name_key). */
export function nameKey(name, width) {
  const folded = name.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]/g, "");
  return (folded.slice(0, width) + "_".repeat(width)).slice(0, width);
}

/* Text or an attribute's value as HTML: cite.js's (one table of escapes). */
export { escapeHtml };

/* An element's HTML, as el() would make it: html("td", {"data-field": "name"}, "text"). */
export function html(tag, attributes, text) {
  let out = "<" + tag;
  Object.entries(attributes || {}).forEach(function ([name, value]) {
    if (value !== null && value !== undefined && value !== false) {
      out += " " + name + (value === true ? "" : '="' + escapeHtml(value) + '"');
    }
  });
  return out + ">" + (text === undefined || text === null ? "" : escapeHtml(text)) + "</" + tag + ">";
}

/* Make an element: el("td", {"data-field": "name"}, "text"). */
export function el(tag, attributes, text) {
  const node = document.createElement(tag);
  Object.entries(attributes || {}).forEach(function ([name, value]) {
    if (value !== null && value !== undefined && value !== false) {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  });
  if (text !== undefined && text !== null) { node.textContent = String(text); }
  return node;
}

export function clear(node) {
  while (node.firstChild) { node.removeChild(node.firstChild); }
  return node;
}

function megabytes(bytes) {
  return (bytes / 1048576).toFixed(1) + " MB";
}

/* The worker, started once, and a promise per request. */
export class Checker {
  constructor(prefix) {
    this.prefix = prefix;
    this.worker = null;
    this.waiting = new Map();
    this.rests = new Map();     // a check's second step, by request id (worker.js restOf)
    this.next = 1;
    this.state = "idle";
    this.sized = false;
    this.root = document.getElementById(prefix + "-status");
    this.text = document.getElementById(prefix + "-status-text");
    this.bar = document.getElementById(prefix + "-progress");
    // called with the worker's rehearsal's last first view (check.js)
    this.rehearsed = null;
  }

  /* Start loading at once: the page is usually ready before a file is chosen. */
  startWhenIdle() {
    this.start();
  }

  start() {
    if (this.worker) { return; }
    this.marks = { script: performance.timeOrigin + performance.now() };
    this.show("loading", _("Loading the checker…"));
    this.bar.value = 0;
    const worker = this.worker = bundleJson(this.root).then((bundle) => {
      this.marks.bundle_page = performance.timeOrigin + performance.now();
      this.build = bundle.worker;          // a content-hashed path: one per build
      const started = new Worker(new URL(bundle.worker, BUNDLE_URL), { type: "module" });
      // the worker starts from what was read here, without asking again
      started.postMessage({ kind: "bundle", payload: bundle });
      started.onmessage = (event) => this.receive(event.data);
      started.onerror = (event) => {
        this.fail(event.message || _("worker error"));
      };
      return started;
    });
    worker.catch((error) => { this.fail(error.message); });
  }

  /* Stop what the worker is doing (a slow file): the worker is ended and a
     new one started; the pending requests end with "cancelled". */
  cancel() {
    if (!this.worker) { return; }
    this.worker.then(function (w) { w.terminate(); }, function () {});
    this.worker = null;
    const waiting = Array.from(this.waiting.values()).concat(Array.from(this.rests.values()));
    this.waiting.clear();
    this.rests.clear();
    waiting.forEach(function (w) { w.reject(new Error(CANCELLED)); });
    this.start();
  }

  /* A new worker for one the runtime can no longer use. */
  restart() {
    if (this.worker) { this.worker.then(function (w) { w.terminate(); }, function () {}); }
    this.worker = null;
    this.rests.forEach(function (waiting) { waiting.reject(new Error(_("worker error"))); });
    this.rests.clear();
    this.start();
  }

  busy() {
    return this.waiting.size > 0 || this.rests.size > 0;
  }

  request(kind, payload) {
    this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve, reject: reject });
      this.worker.then(function (w) { w.postMessage({ id: id, kind: kind, payload: payload }); }, reject);
    });
  }

  receive(message) {
    if (message.type === "progress") {
      this.progress(message);
      return;
    }
    if (message.type === "rehearsed") {
      if (this.root) { this.root.setAttribute("data-rehearsed", String(Math.round(message.ms))); }
      if (this.rehearsed && message.view) { this.rehearsed(JSON.parse(message.view)); }
      return;
    }
    if (message.type === "warmed") {
      storage(WARMED, this.build);
      if (this.root) { this.root.setAttribute("data-warmed", String(Math.round(message.ms))); }
      return;
    }
    if (message.type === "rest") {
      this.rest(message);
      return;
    }
    const waiting = this.waiting.get(message.id);
    if (!waiting) { return; }
    this.waiting.delete(message.id);
    const parsing = performance.now();
    if (message.json !== undefined) { message.result = JSON.parse(message.json); }
    // where the last request's time went (ms), for bench/browser.py
    this.timing = Object.assign({ parse: performance.now() - parsing }, message.timing || {});
    if (message.ok && message.result && message.result.restart) { this.restart(); }
    if (message.ok && message.result && message.result.partial) {
      // the first step of a check: `rest` resolves with the second
      // ({result, csv, timing}), which the worker sends next
      message.result.rest = new Promise((resolve, reject) => {
        this.rests.set(message.id, { resolve: resolve, reject: reject });
      });
    }
    if (message.ok) { waiting.resolve(message.result); } else { waiting.reject(new Error(message.error)); }
  }

  /* The second step of a check (templates/check/worker.js restOf). */
  rest(message) {
    const waiting = this.rests.get(message.id);
    if (!waiting) { return; }
    this.rests.delete(message.id);
    if (message.error !== undefined) {
      waiting.reject(new Error(message.error));
      return;
    }
    const parsing = performance.now();
    const rest = JSON.parse(message.json) || {};
    rest.timing = Object.assign({ rest_parse: performance.now() - parsing }, message.timing || {});
    waiting.resolve(rest);
  }

  progress(message) {
    // a failed start stays failed until restart(): a late message of the
    // same worker does not bring "loading" back over the error
    if (this.state === "error") { return; }
    if (this.root && message.loaded !== undefined) { this.root.setAttribute("data-loaded", String(message.loaded)); }
    if (message.total) {
      this.bar.max = message.total;
      this.bar.value = Math.min(message.loaded, message.total);
    }
    if (message.phase === "download") {
      // the <progress> carries the bytes; the live text changes once a phase
      if (this.state !== "loading" || !this.sized) {
        this.sized = Boolean(message.total);
        this.show("loading", message.total
          ? fill(_("Downloading the checker (%(size)s)…"), { size: megabytes(message.total) })
          : _("Downloading the checker…"));
      }
    } else if (message.phase === "starting") {
      if (this.state !== "starting") { this.show("starting", _("Starting Python…")); }
    } else if (message.phase === "ready") {
      this.bar.value = this.bar.max;
      if (message.marks && this.root) { this.boot(message.marks); }
      if (message.marks && this.prefix === "check") {
        // the first check of a visit as fast as the next ones (worker.js rehearse)
        this.worker.then(function (w) { w.postMessage({ kind: "rehearse" }); });
      }
      if (message.marks && storage(WARMED) !== this.build) {
        this.worker.then(function (w) { w.postMessage(Object.assign({ kind: "warm" }, WARM_UP)); });
      }
      if (message.players !== undefined) { this.players = message.players; }
      offline();
      const python = message.version ? fill(_("Python (Pyodide %(version)s)"), { version: message.version }) : "Python";
      this.show("ready", fill(this.players
        ? _("Ready: %(python)s runs the checks in this page, with %(players)s players of this site's list.")
        : _("Ready: %(python)s runs the checks in this page."), { python: python, players: this.players }));
    } else if (message.phase === "error") {
      this.fail(message.message);
    }
  }

  /* The start's steps in ms from the navigation (data-boot), for
     bench/browser.py: the page's and the worker's marks on one clock. */
  boot(marks) {
    const all = Object.assign({}, this.marks, marks);
    const steps = {};
    Object.keys(all).forEach(function (name) {
      steps[name] = Math.round(all[name] - performance.timeOrigin);
    });
    this.root.setAttribute("data-boot", JSON.stringify(steps));
  }

  fail(text) {
    this.show("error", fill(_("The checker could not start: %(reason)s"), { reason: text }));
    this.waiting.forEach(function (waiting) { waiting.reject(new Error(text)); });
    this.rests.forEach(function (waiting) { waiting.reject(new Error(text)); });
    this.waiting.clear();
    this.rests.clear();
  }

  show(state, text) {
    this.state = state;
    if (this.root) { this.root.setAttribute("data-state", state); }
    if (this.text) { this.text.textContent = text; }
  }
}

/* A download link for `text` as a Blob URL (revoking the previous one);
   `text` may be a function, called when the link is first followed (the
   link then gets its URL before the browser follows it). */
export function offerDownload(link, text, type, name) {
  const previous = link.getAttribute("href");
  if (previous && previous.indexOf("blob:") === 0) { URL.revokeObjectURL(previous); }
  link.download = name;
  const blob = function (value) { return URL.createObjectURL(new Blob([value], { type: type })); };
  link.onclick = null;
  if (typeof text !== "function") {
    link.href = blob(text);
    return;
  }
  link.href = "#";                      // a link still, for the keyboard
  link.onclick = function () {
    link.onclick = null;
    link.href = blob(text());
  };
}

function severityName(severity) {
  const names = { error: _("error"), warning: _("warning") };
  return Object.prototype.hasOwnProperty.call(names, severity) ? names[severity] : severity;
}

/* A list of messages (problems, errors) into `container`. */
export function showMessages(container, items, empty) {
  clear(container);
  if (!items.length) {
    container.appendChild(el("p", { "class": "meta" }, empty));
    return;
  }
  const list = el("ul", { "class": "problems" });
  items.forEach(function (item) {
    const entry = el("li", {
      "class": "problem " + (item.severity || "error"),
      "data-severity": item.severity || "error",
      "data-code": item.code || null,
      "data-line": item.line === null || item.line === undefined ? null : item.line
    });
    const where = [];
    if (item.line !== null && item.line !== undefined) { where.push(fill(_("line %(line)s"), { line: item.line })); }
    if (item.column !== null && item.column !== undefined) { where.push(fill(_("column %(column)s"), { column: item.column })); }
    const severity = severityName(item.severity || "error");
    const prefix = (where.length ? where.join(", ") + ": " : "") + severity + ": ";
    entry.appendChild(el("span", { "class": "where" }, prefix));
    entry.appendChild(el("span", { "class": "message" }, item.message));
    list.appendChild(entry);
  });
  container.appendChild(list);
}

/* The players of the site's list that a search may mean (for picking
   opponents): the name shard of what was typed, and the id shard when it
   is an id. Each shard is fetched once; players.json once. A player found
   in a name shard has no ratings (players.json format 6): loadPlayer gives
   him whole. */
let meta = null;
const shards = new Map();

function json(url) {
  return fetch(url).then(function (r) { return r.ok ? r.json() : { players: [] }; })
    .catch(function () { return { players: [] }; });
}

/* A shard's address: "id/3.json.gz?v=HASH", "name/ab.json.gz?v=HASH": the
   file keeps its name, the hash of its bytes is the query, so a changed
   shard is another address (sitegen.browser.pages.shard_url). */
function shardFile(m, kind, key) {
  const hashes = (kind === "id" ? m.id_hashes : m.name_hashes) || [];
  const digest = hashes[kind === "id" ? Number(key) : (m.names || []).indexOf(key)];
  return kind + "/" + key + (m.suffix || ".json") + (digest ? "?v=" + digest : "");
}

/* A shard's JSON text from its response: gzip (players.json format 5 on)
   unpacked here, unless the host sent it already unpacked
   (Content-Encoding: gzip), which the bytes say (no gzip magic 1f 8b).
   The checker's worker hands the bytes to Python instead (worker.js
   shardBytes). */
async function shardText(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) { return new TextDecoder().decode(bytes); }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

/* A shard's players as objects: format 5 on names its columns once and gives
   a row of values a player (sitegen.browser.worker.shard_rows). */
function shardPlayers(table) {
  const columns = table.columns;
  const rows = table.players || [];
  if (!columns) { return rows; }
  return rows.map(function (row) {
    const player = {};
    columns.forEach(function (name, i) { player[name] = row[i]; });
    return player;
  });
}

function fetchShard(url) {
  return fetch(url).then(function (r) { return r.ok ? shardText(r) : "{}"; })
    .then(function (text) { return { players: shardPlayers(JSON.parse(text)) }; })
    .catch(function () { return { players: [] }; });
}

function shard(kind, key) {
  const path = kind + "/" + key;
  if (!shards.has(path)) {
    shards.set(path, meta.then(function (m) { return fetchShard(new URL(m.folder + shardFile(m, kind, key), m.base)); }));
  }
  return shards.get(path);
}

function loadMeta() {
  meta = meta || json(new URL("players.json", import.meta.url)).then(function (m) {
    return Object.assign({ base: new URL("players.json", import.meta.url), folder: "", id_shards: 0, name_prefix: 2 }, m);
  });
  return meta;
}

export function loadPlayers(search) {
  const typed = String(search || "").trim();
  return loadMeta().then(function (m) {
    if (!m.folder || nameKey(typed, m.name_prefix).indexOf("_") !== -1 && !/^[0-9]+$/.test(typed)) {
      return { players: [] };
    }
    const key = nameKey(typed, m.name_prefix);
    const wanted = (m.names || []).indexOf(key) === -1 ? [] : [shard("name", key)];
    if (/^[0-9A-Za-z]+$/.test(typed) && m.id_shards) {
      ["chess", "draughts"].forEach(function (game) {
        wanted.push(shard("id", crc32(game + ":" + typed) % m.id_shards));
      });
    }
    return Promise.all(wanted).then(function (parts) {
      return { players: [].concat.apply([], parts.map(function (p) { return p.players || []; })) };
    });
  });
}

/* A player of the site's list, whole (with his ratings), from his id shard:
   a name shard holds only who a player is (players.json format 6), so
   whoever needs a rating after a name search reads it here. Null when the
   shard cannot be fetched or does not hold him. */
export function loadPlayer(game, id) {
  return loadMeta().then(function (m) {
    if (!m.folder || !m.id_shards) { return null; }
    return shard("id", crc32(game + ":" + id) % m.id_shards).then(function (part) {
      return (part.players || []).find(function (p) { return p.game === game && p.id === id; }) || null;
    });
  });
}

/* Mark the section done for people (focus) and machines (data-done). */
export function markDone(section, count) {
  section.hidden = false;
  section.setAttribute("data-done", String(count));
}
