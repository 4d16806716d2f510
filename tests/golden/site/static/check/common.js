/* What the checker's three pages share: the worker, its progress shown in
   a <progress>, and small DOM helpers. Text goes in with textContent only,
   never innerHTML, so a name like "<script>" shows as text. No inline
   script, no eval: a Content-Security-Policy of 'self' holds. */

const WORKER_URL = new URL("worker.js", import.meta.url);

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
    this.next = 1;
    this.state = "idle";
    this.sized = false;
    this.root = document.getElementById(prefix + "-status");
    this.text = document.getElementById(prefix + "-status-text");
    this.bar = document.getElementById(prefix + "-progress");
  }

  /* Start loading when the page is idle, so it is usually ready first. */
  startWhenIdle() {
    const start = () => this.start();
    if ("requestIdleCallback" in window) {
      window.requestIdleCallback(start, { timeout: 2000 });
    } else {
      window.setTimeout(start, 200);
    }
  }

  start() {
    if (this.worker) { return; }
    this.show("loading", "Loading the checker…");
    this.worker = new Worker(WORKER_URL, { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      this.fail("the checker could not start: " + (event.message || "worker error"));
    };
  }

  request(kind, payload) {
    this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve, reject: reject });
      this.worker.postMessage({ id: id, kind: kind, payload: payload });
    });
  }

  receive(message) {
    if (message.type === "progress") {
      this.progress(message);
      return;
    }
    const waiting = this.waiting.get(message.id);
    if (!waiting) { return; }
    this.waiting.delete(message.id);
    if (message.ok) { waiting.resolve(message.result); } else { waiting.reject(new Error(message.error)); }
  }

  progress(message) {
    if (this.root && message.loaded !== undefined) { this.root.setAttribute("data-loaded", String(message.loaded)); }
    if (message.total) {
      this.bar.max = message.total;
      this.bar.value = Math.min(message.loaded, message.total);
    }
    if (message.phase === "download") {
      // the <progress> carries the bytes; the live text changes once a phase
      if (this.state !== "loading" || !this.sized) {
        this.sized = Boolean(message.total);
        this.show("loading", "Downloading the checker" +
          (message.total ? " (" + megabytes(message.total) + ")" : "") + "…");
      }
    } else if (message.phase === "starting") {
      if (this.state !== "starting") { this.show("starting", "Starting Python…"); }
    } else if (message.phase === "ready") {
      this.bar.value = this.bar.max;
      this.show("ready", "Ready: Python " + (message.version ? "(Pyodide " + message.version + ") " : "") +
        "runs the checks in this page" + (message.players ? ", with " + message.players + " players of this site's list" : "") + ".");
    } else if (message.phase === "error") {
      this.fail(message.message);
    }
  }

  fail(text) {
    this.show("error", "The checker could not start: " + text);
    this.waiting.forEach(function (waiting) { waiting.reject(new Error(text)); });
    this.waiting.clear();
  }

  show(state, text) {
    this.state = state;
    if (this.root) { this.root.setAttribute("data-state", state); }
    if (this.text) { this.text.textContent = text; }
  }
}

/* A download link for `text` as a Blob URL (revoking the previous one). */
export function offerDownload(link, text, type, name) {
  const previous = link.getAttribute("href");
  if (previous && previous.indexOf("blob:") === 0) { URL.revokeObjectURL(previous); }
  link.href = URL.createObjectURL(new Blob([text], { type: type }));
  link.download = name;
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
    if (item.line !== null && item.line !== undefined) { where.push("line " + item.line); }
    if (item.column !== null && item.column !== undefined) { where.push("column " + item.column); }
    const prefix = (where.length ? where.join(", ") + ": " : "") + (item.severity || "error") + ": ";
    entry.appendChild(el("span", { "class": "where" }, prefix));
    entry.appendChild(el("span", { "class": "message" }, item.message));
    list.appendChild(entry);
  });
  container.appendChild(list);
}

/* The players of the site's list (for picking opponents). */
export function loadPlayers() {
  return fetch(new URL("players.json", import.meta.url))
    .then(function (response) { return response.ok ? response.json() : { players: [] }; })
    .catch(function () { return { players: [] }; });
}

/* Mark the section done for people (focus) and machines (data-done). */
export function markDone(section, count) {
  section.hidden = false;
  section.setAttribute("data-done", String(count));
}
