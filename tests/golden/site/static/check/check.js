/* /check/: a tournament file in, the check contract out, as a table whose
   rows carry data-number (the player's number in the file) and whose cells
   carry data-field (the contract's key; "tiebreaks.KEY" for a tie-break)
   and data-value (the figure as JSON). Every figure is computed by
   rules_core in the worker; this script only lays the answer out. */

import { cited, citedHtml } from "./cite.js";
import { Checker, el, html, escapeHtml, clear, offerDownload, showMessages, markDone, _, fill } from "./common.js";

/* Files above this size are refused before they are read (docs/browser.md):
   the largest real tournament files are well under 1 MB, and a 10 MB file
   would take the tab's memory. */
export const MAX_BYTES = 4 * 1024 * 1024;

const form = document.getElementById("check-form");
const fileInput = document.getElementById("check-file");
const textArea = document.getElementById("check-text");
const fileName = document.getElementById("check-file-name");
const drop = document.getElementById("check-drop");
const submit = document.getElementById("check-submit");
const cancel = document.getElementById("check-cancel");
const result = document.getElementById("check-result");
const problems = document.getElementById("check-problems");
const checker = new Checker("check");
let loaded = null;          // {name, text, shown}: the file as read, before the textarea's newlines
let checks = 0;

/* UTF-8 (with or without BOM), else Windows-1252: as `sitegen check` reads. */
function decode(buffer) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch (error) {
    return new TextDecoder("windows-1252").decode(buffer);
  }
}

function tooLarge(name, bytes) {
  const values = { name: name, bytes: bytes, limit: MAX_BYTES };
  return fill(name
    ? _("%(name)s is %(bytes)s bytes: files above %(limit)s bytes (4 MB) are not read here; check it with sitegen check FILE")
    : _("the text is %(bytes)s bytes: files above %(limit)s bytes (4 MB) are not read here; check it with sitegen check FILE"), values);
}

/* Read the file, then check it at once (the options stay for a re-check). */
function readFile(file) {
  if (file.size > MAX_BYTES) {
    checks += 1;
    showMessages(problems, [{ severity: "error", message: tooLarge(file.name, file.size) }], "");
    noResult();
    problems.setAttribute("data-done", String(checks));
    return Promise.resolve();
  }
  return file.arrayBuffer().then(function (buffer) {
    const text = decode(buffer);
    textArea.value = text;
    loaded = { name: file.name, text: text, shown: textArea.value };
    fileName.textContent = fill(_("File: %(name)s (%(bytes)s bytes)"), { name: file.name, bytes: buffer.byteLength });
    run();
  }).catch(function (error) {
    showMessages(problems, [{ severity: "error", message: fill(_("%(name)s could not be read: %(reason)s"),
      { name: file.name, reason: error.message }) }], "");
  });
}

function source() {
  if (loaded && textArea.value === loaded.shown) {
    return { text: loaded.text, filename: loaded.name };
  }
  return { text: textArea.value, filename: loaded ? loaded.name : "" };
}

function options() {
  return {
    rules: form.elements.rules.value,
    fill: form.elements.fill.checked,
    norms: form.elements.norms.checked,
    tiebreaks: form.elements.tiebreaks.value,
    counting: form.elements.counting.value
  };
}

function gameName(game) {
  const names = { chess: _("chess"), draughts: _("draughts") };
  return Object.prototype.hasOwnProperty.call(names, game) ? names[game] : game;
}

function eventFacts(contract) {
  const facts = document.getElementById("check-event");
  clear(facts);
  const e = contract.event;
  // [data-event key, term, value]: the key stays English (tests and scripts read it)
  const rows = [
    ["event", _("Event"), e.name || _("(no name)")],
    ["dates", _("Dates"), [e.start, e.end].filter(Boolean).join(_(" to ")) || _("not given")],
    ["game", _("Game"), gameName(e.game)], ["system", _("System"), e.system || _("unknown")],
    ["rate_of_play", _("Rate of play"), e.rate_of_play || _("unknown")],
    ["edition", _("Edition"), contract.edition ? contract.edition + " (" + contract.edition_source + ")" : _("none: not rated")],
    ["read_as", _("Read as"), e.format || ""], ["players", _("Players"), e.players]
  ];
  rows.forEach(function ([key, term, value]) {
    facts.appendChild(el("dt", {}, term));
    facts.appendChild(el("dd", { "data-event": key }, value));
  });
}

/* The first rows shown at once; the rest after the first paint
   (docs/browser.md, "Showing a large result"). Even, so that the stripes
   of the next <tbody> go on. */
export const FIRST_ROWS = 40;

/* Each column's width from its texts (heading and cells, in ch), so that
   the table is laid out as `table-layout: fixed` (check.css): the widths
   come from the <col>s, not from reading every cell. A name wider than
   NAME_CH wraps. */
const NAME_CH = 26;

function columnWidths(table) {
  return table.columns.map(function (column, index) {
    let widest = _(column.label).length + 1;        // the heading is bold
    table.rows.forEach(function (row) {
      const text = row.texts[index];
      if (text !== null && text !== undefined && String(text).length > widest) { widest = String(text).length; }
    });
    return column.field === "name" ? Math.min(widest, NAME_CH) : widest;
  });
}

function header(columns, widths) {
  const table = result.querySelector("table");
  const old = table.querySelector("colgroup");
  if (old) { old.remove(); }
  const group = el("colgroup");
  widths.forEach(function (width) {
    const col = el("col");
    col.style.width = "calc(" + width + "ch + 1.3rem)";   // CSSOM: allowed by the CSP
    group.appendChild(col);
  });
  table.insertBefore(group, table.querySelector("thead"));
  const head = clear(result.querySelector("thead"));
  const row = el("tr");
  columns.forEach(function (column) {
    const cell = el("th", { scope: "col", "data-field": column.field });
    cell.appendChild(el("abbr", { title: _(column.title) }, _(column.label)));
    row.appendChild(cell);
  });
  head.appendChild(row);
}

/* A column's figure, from the contract's player (inbrowser.cell_value). */
function cellValue(player, field) {
  if (field.indexOf("tiebreaks.") === 0) {
    const value = (player.tiebreaks || {})[field.slice(10)];
    return value === undefined ? null : value;
  }
  return player[field] === undefined ? null : player[field];
}

/* The rows, each as one HTML string (escaped by html()): one parse, not a
   reflow per cell (docs/browser.md, "Faster checks in Pyodide"). */
function bodyRows(table, contract, from, to) {
  const players = {};
  contract.players.forEach(function (p) { players[p.number] = p; });
  const listed = _("from this site's published list, not from the file");
  return table.rows.slice(from, to).map(function (row) {
    const player = players[row.number];
    const filled = player.filled || {};
    const cells = table.columns.map(function (column, index) {
      const name = column.field === "name";
      return html(name ? "th" : "td", {
        scope: name ? "row" : null,
        "class": name ? null : "num",
        "data-field": column.field,
        "data-value": JSON.stringify(cellValue(player, column.field)),
        "data-filled": filled[column.field] || null,
        title: filled[column.field] ? listed : null
      }, row.texts[index]);
    });
    return '<tr data-number="' + escapeHtml(row.number) + '">' + cells.join("") + "</tr>";
  });
}

/* The table's body: the first rows in the template's <tbody>, the rest
   in a second one (removed again by clearRows). */
function putRows(rows, first) {
  const body = result.querySelector("tbody");
  if (first) {
    clearRows();
    body.innerHTML = rows.join("");
    return;
  }
  if (!rows.length) { return; }
  const rest = document.createElement("tbody");
  rest.innerHTML = rows.join("");
  body.parentNode.appendChild(rest);
}

/* The previous result's rows, out of the page (and its section hidden)
   while a check is under way. */
function dropRows() {
  if (!result.querySelector("tbody").firstChild) { return; }
  result.hidden = true;
  clearRows();
}

function clearRows() {
  const bodies = result.querySelectorAll("tbody");
  bodies.forEach(function (body, index) { if (index) { body.remove(); } });
  bodies[0].replaceChildren();          // one call, not one per row
}

/* Resolves after the next paint (a frame, then a task), or after 100 ms
   when the page is hidden and makes no frames. */
function afterPaint() {
  return new Promise(function (resolve) {
    setTimeout(resolve, 100);
    requestAnimationFrame(function () { setTimeout(resolve, 0); });
  });
}

function notes(contract, table) {
  const box = clear(document.getElementById("check-notes"));
  const eventNotes = contract.event.notes || [];
  if (eventNotes.length) {
    box.appendChild(el("h3", {}, _("Notes on the event")));
    const list = el("ul");
    eventNotes.forEach(function (note) { list.appendChild(cited(el("li"), note)); });
    box.appendChild(list);
  }
  const names = {};
  contract.players.forEach(function (p) { names[p.number] = p.name; });
  const withNotes = table.rows.filter(function (row) { return row.notes.length || row.norms.length; });
  if (!withNotes.length) { return; }
  box.appendChild(el("h3", {}, _("Notes on the players")));
  // one string, one parse: a 284-player file has a note for almost every player
  box.insertAdjacentHTML("beforeend", withNotes.map(function (row) {
    return '<details data-number="' + escapeHtml(row.number) + '">' +
      html("summary", {}, row.number + ". " + (names[row.number] || "")) + "<ul>" +
      row.norms.map(function (norm) { return '<li class="norm">' + citedHtml(norm) + "</li>"; }).join("") +
      row.notes.map(function (note) { return "<li>" + citedHtml(note) + "</li>"; }).join("") +
      "</ul></details>";
  }).join(""));
}

/* No result to show: the previous one goes, the problems say why. */
function noResult() {
  clear(result.querySelector("thead"));
  clearRows();
  clear(document.getElementById("check-notes"));
  clear(document.getElementById("check-event"));
  result.hidden = true;
  result.setAttribute("data-done", String(checks));
}

/* The JSON and CSV downloads, from the whole answer (the second step of
   a check, or the answer itself); what failed in the second step is said
   among the problems. */
function downloads(whole, name) {
  const stem = (name || "check").replace(/\.[^.]*$/, "") || "check";
  // the JSON (about 500 kB for 284 players) is written when it is asked for
  offerDownload(document.getElementById("check-download-json"),
    function () { return JSON.stringify(whole.result, null, 1) + "\n"; }, "application/json",
    stem + ".check.json");
  offerDownload(document.getElementById("check-download-csv"), whole.csv, "text/csv", stem + ".check.csv");
}

/* No download until the whole answer is in (not the previous file's). */
function noDownloads() {
  ["check-download-json", "check-download-csv"].forEach(function (id) {
    const link = document.getElementById(id);
    const previous = link.getAttribute("href");
    if (previous && previous.indexOf("blob:") === 0) { URL.revokeObjectURL(previous); }
    link.onclick = null;
    link.removeAttribute("href");
  });
}

function restFailed(contract, error) {
  showMessages(problems, contract.problems.concat([{ severity: "error", message: error.message }]), "");
}

/* Show an answer; resolves (with the whole answer) once all of it is in
   the page, after `first` was called with the first rows painted (a large
   table comes in two steps; a later check started meanwhile stops the
   second). The first step of a check (`answer.partial`) lacks the players'
   games and the CSV: the downloads wait for `answer.rest`, which the worker
   sends meanwhile (docs/browser.md, "A check in two steps"). */
function show(answer, name, first) {
  checks += 1;
  const shown = checks;
  if (answer.error) {
    showMessages(problems, [{ severity: "error", message: answer.error }], "");
    noResult();
    problems.setAttribute("data-done", String(checks));
    return Promise.resolve();
  }
  const contract = answer.result;
  showMessages(problems, contract.problems, _("No problems found."));
  if (!contract.players.length) {
    noResult();
    problems.setAttribute("data-done", String(checks));
    return Promise.resolve();
  }
  eventFacts(contract);
  noDownloads();
  header(answer.table.columns, columnWidths(answer.table));
  putRows(bodyRows(answer.table, contract, 0, FIRST_ROWS), true);
  clear(document.getElementById("check-notes"));
  result.hidden = false;
  if (first) { first.put = performance.now(); }
  const more = answer.table.rows.length > FIRST_ROWS;
  const rest = function () {
    if (shown !== checks) { return null; }
    if (first) { first(); }
    if (more) { putRows(bodyRows(answer.table, contract, FIRST_ROWS), false); }
    notes(contract, answer.table);
    return answer.partial ? answer.rest : answer;
  };
  const done = function (whole) {
    if (shown !== checks || !whole) { return whole; }
    downloads(whole, name);
    markDone(result, checks);
    problems.setAttribute("data-done", String(checks));
    return whole;
  };
  const failed = function (error) {
    if (shown !== checks) { return null; }
    restFailed(contract, error);
    markDone(result, checks);
    problems.setAttribute("data-done", String(checks));
    return null;
  };
  return (more ? afterPaint().then(rest) : Promise.resolve(rest())).then(done, failed);
}

function run() {
  const input = source();
  if (input.text.length > MAX_BYTES) {
    show({ error: tooLarge(input.filename, new TextEncoder().encode(input.text).length) }, input.filename);
    return;
  }
  submit.disabled = true;
  cancel.hidden = false;
  const started = performance.now();
  let firstShown = null;
  let second = null;          // the worker's second step, if any: the form waits for it
  const asked = checker.request("check", { text: input.text, filename: input.filename, options: options() });
  // the previous result's rows go while the worker computes, not after
  // its answer (thousands of nodes: docs/browser.md, "Where a check's
  // time goes, traced"); what the new answer brings replaces them
  dropRows();
  asked
    .then(function (answer) {
      second = answer.rest || null;
      const rendering = performance.now();
      const timing = Object.assign({}, checker.timing);
      const painted = function () { firstShown = performance.now(); };
      return show(answer, input.filename, painted).then(function (whole) {
        void result.offsetHeight;            // the layout, as the next paint needs it
        const now = performance.now();
        // `first`: choosing to the first rows painted; `total`: to the
        // whole table and notes laid out (bench/browser.py prints both);
        // the worker's second step (`rest`, `csv`, `json_rest`: its time,
        // run while the page lays the first rows out; `rest_parse` here)
        Object.assign(timing, (whole && whole.timing) || {});
        timing.render = now - rendering;
        // the first rows in the page, before the paint (from the answer)
        if (painted.put !== undefined) { timing.put = painted.put - rendering; }
        timing.total = now - started;
        timing.first = (firstShown === null ? now : firstShown) - started;
        problems.setAttribute("data-timing", JSON.stringify(timing));
        problems.setAttribute("data-first-ms", String(Math.round(timing.first)));
        problems.setAttribute("data-ms", String(Math.round(timing.total)));
      });
    })
    .catch(function (error) { show({ error: error.message }, input.filename); })
    .finally(function () {
      return Promise.resolve(second).catch(function () {}).then(function () {
        if (!checker.busy()) { submit.disabled = false; cancel.hidden = true; }
      });
    });
}

form.addEventListener("submit", function (event) {
  event.preventDefault();
  run();
});

cancel.addEventListener("click", function () { checker.cancel(); });

/* Text typed or pasted over a file's: the file's name no longer applies. */
textArea.addEventListener("input", function () {
  if (loaded && textArea.value !== loaded.shown) {
    loaded = null;
    fileInput.value = "";
    fileName.textContent = "";
  }
});

fileInput.addEventListener("change", function () {
  if (fileInput.files.length) { readFile(fileInput.files[0]); }
});

["dragenter", "dragover"].forEach(function (type) {
  drop.addEventListener(type, function (event) {
    if (event.dataTransfer && Array.from(event.dataTransfer.types).indexOf("Files") !== -1) {
      event.preventDefault();
      drop.classList.add("dragover");
    }
  });
});
["dragleave", "drop"].forEach(function (type) {
  drop.addEventListener(type, function () { drop.classList.remove("dragover"); });
});
drop.addEventListener("drop", function (event) {
  if (event.dataTransfer && event.dataTransfer.files.length) {
    event.preventDefault();
    readFile(event.dataTransfer.files[0]);
  }
});

/* The worker's rehearsal ends with its last first view (worker.js
   rehearse): the page makes that answer's first rows the way a check's are
   made, and drops them, so that its own scripts are no longer run for the
   first time on the visitor's file (docs/browser.md, "The first check of
   a visit"). */
checker.rehearsed = function (answer) {
  columnWidths(answer.table);
  bodyRows(answer.table, answer.result, 0, FIRST_ROWS);
};
checker.startWhenIdle();
