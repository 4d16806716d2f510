/* /check/norm/: one player's games in, FMJD Annex 10 norms (draughts) or
   FIDE B.01 norms (chess) out. The form is read here; every figure and
   criterion is computed by rules_core in the worker (inbrowser.norm, and
   rules_core.fide.norm_form for chess). */

import { cited } from "./cite.js";
import { Checker, el, clear, loadPlayer, loadPlayers, showMessages, markDone, _, fill } from "./common.js";

const form = document.getElementById("norm-form");
const games = document.querySelector("#norm-games tbody");
const datalist = document.getElementById("norm-players");
const result = document.getElementById("norm-result");
const errors = document.getElementById("norm-errors");
const submit = document.getElementById("norm-submit");
const checker = new Checker("norm");
const FIELDS = ["name", "rating", "title", "federation", "sex"];
const RESULTS = [["", _("to play")], ["1", _("won")], ["=", _("drawn")], ["0", _("lost")]];
let players = new Map();
let listed = new Map();
let checks = 0;
const TIME_DEFAULT = { draughts: "2h", chess: "90+30" };

function input(type, label, role, extra) {
  return el("input", Object.assign({ type: type, "aria-label": label, "data-role": role }, extra || {}));
}

function select(label, role, choices) {
  const node = el("select", { "aria-label": label, "data-role": role });
  choices.forEach(function ([value, text]) { node.appendChild(el("option", { value: value }, text)); });
  return node;
}

function renumber() {
  Array.from(games.rows).forEach(function (row, index) {
    const n = index + 1;
    row.setAttribute("data-game", String(n));
    row.cells[0].textContent = String(n);
    row.querySelectorAll("[data-role]").forEach(function (field) {
      field.setAttribute("aria-label", fill(_("Game %(n)s: %(field)s"), { n: n, field: field.getAttribute("data-label") }));
    });
    row.querySelector("button").setAttribute("aria-label", fill(_("Remove game %(n)s"), { n: n }));
  });
}

function addGame() {
  const row = el("tr");
  row.appendChild(el("th", { scope: "row" }));
  const cells = [
    input("text", "", "pick", { list: "norm-players", autocomplete: "off", size: 14, "data-label": _("opponent from the list (name or id)") }),
    input("text", "", "name", { size: 18, "data-label": _("opponent's name") }),
    input("number", "", "rating", { min: 0, max: 3500, inputmode: "numeric", "data-label": _("opponent's rating") }),
    input("text", "", "title", { size: 6, "data-label": _("opponent's title") }),
    input("text", "", "federation", { size: 5, "data-label": _("opponent's federation") }),
    select("", "sex", [["", "?"], ["m", _("man")], ["w", _("woman")]]),
    select("", "result", RESULTS)
  ];
  cells[5].setAttribute("data-label", _("opponent's sex"));
  cells[6].setAttribute("data-label", _("result"));
  cells.forEach(function (field) {
    const cell = el("td");
    cell.appendChild(field);
    row.appendChild(cell);
  });
  const remove = el("button", { type: "button", "class": "remove" }, _("Remove"));
  remove.addEventListener("click", function () { row.remove(); renumber(); });
  const cell = el("td");
  cell.appendChild(remove);
  row.appendChild(cell);
  games.appendChild(row);
  renumber();
  return row;
}

function named(box) {
  return players.get(box.value.trim()) || players.get(box.value.trim().toLowerCase());
}

/* Fill the fields next to a "from the list" box once it names a player:
   who he is at once, his rating once his id shard is in (a name shard
   holds no ratings: docs/browser.md#the-player-index), unless the box
   names someone else by then. */
function pick(box) {
  const found = named(box);
  if (!found) { return Promise.resolve(); }
  const scope = box.getAttribute("data-pick") === "me" ? document.getElementById("norm-me") : box.closest("tr");
  const values = {
    name: found.name, rating: "", title: found.title || "",
    federation: found.federation || "", sex: found.sex === "w" || found.sex === "f" ? "w" : (found.sex ? "m" : "")
  };
  FIELDS.forEach(function (key) {
    const field = scope.querySelector("[data-role=" + key + "]");
    if (field) { field.value = values[key]; }
  });
  return loadPlayer(found.game, found.id).then(function (whole) {
    const field = scope.querySelector("[data-role=rating]");
    const now = named(box);
    if (whole && field && now && now.game === found.game && now.id === found.id) { field.value = (whole.ratings || {}).standard || ""; }
  });
}

function game() { return form.elements.game.value; }

function fillDatalist(index) {
  // every player of the shards fetched so far (common.js), shown for the game chosen
  if (index) { (index.players || []).forEach(function (p) { listed.set(p.game + ":" + p.id, p); }); }
  players = new Map();
  clear(datalist);
  Array.from(listed.values()).filter(function (p) { return p.game === game(); }).forEach(function (p) {
    players.set(p.id, p);
    players.set(p.name.toLowerCase(), p);
    // who he is: a name shard has no rating (the row is filled with it once picked)
    const facts = [p.federation, p.title].filter(Boolean).join(", ");
    datalist.appendChild(el("option", { value: p.id, label: p.name + (facts ? " (" + facts + ")" : "") }));
  });
}

function read(scope) {
  const out = {};
  FIELDS.concat(["result"]).forEach(function (key) {
    const field = scope.querySelector("[data-role=" + key + "]");
    if (field) { out[key] = field.value.trim(); }
  });
  return out;
}

function payload() {
  const e = form.elements;
  const rows = Array.from(games.rows).map(read).filter(function (g) {
    return g.name || g.rating || g.title || g.federation || g.result;
  });
  return {
    event: {
      game: e.game.value, system: e.system.value, rounds: e.rounds.value, time_control: e.time_control.value,
      federation: e.federation.value, referee: e.referee.value, board: e.board.value,
      women_only: e.women_only.checked, national_championship: e.national_championship.checked,
      official: e.official.checked
    },
    player: read(document.getElementById("norm-me")),
    games: rows
  };
}

function reasons(list, empty) {
  if (!list.length) { return el("span", {}, empty); }
  const out = el("ul", { "class": "reasons" });
  list.forEach(function (text) { out.appendChild(cited(el("li"), text)); });
  return out;
}

function needed(n) {
  if (n.required === null) { return _("no norm in this category"); }
  if (n.needed === 0) { return _("reached"); }
  const values = { needed: n.needed, remaining: n.remaining };
  if (!n.reachable) { return fill(_("%(needed)s (out of reach: %(remaining)s games left)"), values); }
  return fill(_("%(needed)s from %(remaining)s games"), values);
}

function row(n) {
  const line = el("tr", { "data-title": n.title, "data-kind": n.kind, "class": n.kind });
  const cells = [
    ["norm", n.title + " " + n.kind], ["category", n.category || ""],
    ["opponents_average", n.opponents_average === null ? "" : n.opponents_average],
    ["games", n.games], ["required", n.required === null ? "" : n.required],
    ["achieved", n.achieved], ["needed", needed(n)]
  ];
  cells.forEach(function ([field, text], index) {
    const value = field === "norm" ? null : JSON.stringify(n[field] === undefined ? null : n[field]);
    line.appendChild(el(index ? "td" : "th", { scope: index ? null : "row", "data-field": field, "data-value": value }, text));
  });
  const now = el("td", { "data-field": "valid_so_far", "data-value": JSON.stringify(n.valid_so_far) });
  now.appendChild(el("strong", {}, n.valid_now ? _("norm reached") : n.valid_so_far ? _("met so far") : _("not met")));
  now.appendChild(reasons(n.reasons_now, ""));
  line.appendChild(now);
  const won = el("td", { "data-field": "valid_if_won", "data-value": JSON.stringify(n.valid_if_won) });
  won.appendChild(el("strong", {}, n.valid_if_won ? _("all criteria met") : _("still not met")));
  won.appendChild(reasons(n.reasons_if_won.concat(n.notes), ""));
  line.appendChild(won);
  return line;
}

function mark(met) { return met === true ? _("ok") : met === false ? _("NO") : _("not checked"); }

function requirements(n) {
  const out = el("ul", { "class": "reasons" });
  n.requirements.forEach(function (r) {
    out.appendChild(el("li", { "data-requirement": r.name, "data-met": JSON.stringify(r.met) },
      mark(r.met) + ": " + r.text));
  });
  n.notes.forEach(function (text) { out.appendChild(cited(el("li"), text)); });
  return out;
}

function forecast(n) {
  const f = n.forecast;
  if (!f) { return el("span", {}, _("no game left")); }
  const values = { needed: f.needed, remaining: f.remaining_rounds, required: f.required, games: f.games,
    average: f.opponents_average, reasons: f.reasons.join("; ") };
  const text = fill(f.possible
    ? _("%(needed)s points from %(remaining)s games (%(required)s of %(games)s, Ra %(average)s)")
    : f.reasons.length ? _("out of reach: %(reasons)s") : _("out of reach (%(needed)s points needed)"), values);
  return el("span", { "data-field": "forecast", "data-value": JSON.stringify(f.needed) },
    text + (f.assumption ? "; " + f.assumption : ""));
}

function chessRow(n) {
  const line = el("tr", { "data-title": n.title });
  const cells = [["title", n.title], ["games", n.games], ["opponents_average", n.opponents_average],
    ["performance", n.performance], ["required", n.required], ["achieved", n.achieved]];
  cells.forEach(function ([field, value], index) {
    const text = value === null || value === undefined ? "" : String(value);
    line.appendChild(el(index ? "td" : "th", { scope: index ? null : "row", "data-field": field,
      "data-value": JSON.stringify(value === undefined ? null : value) }, text));
  });
  const now = el("td", { "data-field": "valid", "data-value": JSON.stringify(n.valid) });
  now.appendChild(el("strong", {}, n.valid ? _("norm achieved") : _("not achieved")));
  now.appendChild(requirements(n));
  line.appendChild(now);
  const left = el("td", {});
  left.appendChild(forecast(n));
  line.appendChild(left);
  return line;
}

/* What belongs to one game only (data-for-game); the rows of the games
   table carry their number in data-game. */
function showGame() {
  document.querySelectorAll("[data-for-game]").forEach(function (node) {
    node.hidden = node.getAttribute("data-for-game") !== game();
  });
}

function show(answer) {
  checks += 1;
  if (answer.error) {
    showMessages(errors, [{ severity: "error", message: answer.error }], "");
    result.hidden = true;
    errors.setAttribute("data-done", String(checks));
    return;
  }
  clear(errors);
  errors.setAttribute("data-done", String(checks));
  document.getElementById("norm-summary").textContent = fill(
    _("%(played)s of %(games)s games played, %(points)s points; %(remaining)s to play."),
    { played: answer.played, games: answer.games, points: answer.achieved, remaining: answer.remaining });
  if (answer.game === "chess") {
    const chess = clear(document.querySelector("#norm-chess-table tbody"));
    answer.norms.forEach(function (n) { chess.appendChild(chessRow(n)); });
    if (!answer.norms.length) {
      const none = el("tr");
      none.appendChild(el("td", { colspan: "8" }, _("No norm above your title.")));
      chess.appendChild(none);
    }
  } else {
    const body = clear(document.querySelector("#norm-table tbody"));
    answer.norms.forEach(function (n) { body.appendChild(row(n)); });
  }
  markDone(result, checks);
}

form.addEventListener("submit", function (event) {
  event.preventDefault();
  submit.disabled = true;
  checker.request("norm", payload())
    .then(show)
    .catch(function (error) { show({ error: error.message }); })
    .finally(function () { submit.disabled = false; });
});
/* The list's players come in shards, fetched for what is typed (common.js). */
form.addEventListener("input", function (event) {
  if (event.target.matches("[data-role=pick], [data-pick]")) { loadPlayers(event.target.value).then(fillDatalist); }
});
form.addEventListener("change", function (event) {
  const box = event.target;
  if (box.matches("[data-role=pick], [data-pick]")) {
    loadPlayers(box.value).then(fillDatalist).then(function () { pick(box); });
  }
  if (box === form.elements.game) {
    const time = form.elements.time_control;
    const other = game() === "chess" ? "draughts" : "chess";
    if (!time.value || time.value === TIME_DEFAULT[other]) { time.value = TIME_DEFAULT[game()]; }
    result.hidden = true;
    showGame();
    fillDatalist(null);
  }
});
document.getElementById("norm-add").addEventListener("click", function () {
  addGame().querySelector("input").focus();
});

for (let i = 0; i < 7; i += 1) { addGame(); }
showGame();
checker.startWhenIdle();
