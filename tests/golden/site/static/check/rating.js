/* /check/rating/: a rating calculator per edition. The form is read here;
   rules_core computes in the worker (inbrowser.rating: a tournament built
   from the form, rated by check_tournament) and returns each step with its
   article. */

import { cited } from "./cite.js";
import { Checker, el, clear, showMessages, markDone, _, fill } from "./common.js";

const form = document.getElementById("rating-form");
const games = document.querySelector("#rating-games tbody");
const result = document.getElementById("rating-result");
const errors = document.getElementById("rating-errors");
const submit = document.getElementById("rating-submit");
const checker = new Checker("rating");
let checks = 0;

function renumber() {
  Array.from(games.rows).forEach(function (row, index) {
    const n = index + 1;
    row.setAttribute("data-game", String(n));
    row.cells[0].textContent = String(n);
    row.querySelector("[data-role=rating]").setAttribute("aria-label", fill(_("Game %(n)s: opponent's rating"), { n: n }));
    row.querySelector("[data-role=result]").setAttribute("aria-label", fill(_("Game %(n)s: your result"), { n: n }));
    row.querySelector("button").setAttribute("aria-label", fill(_("Remove game %(n)s"), { n: n }));
  });
}

function addGame() {
  const row = el("tr");
  row.appendChild(el("th", { scope: "row" }));
  const rating = el("input", { type: "number", min: 0, max: 3500, inputmode: "numeric", "data-role": "rating" });
  const outcome = el("select", { "data-role": "result" });
  [["1", _("won")], ["=", _("drawn")], ["0", _("lost")]].forEach(function ([value, text]) {
    outcome.appendChild(el("option", { value: value }, text));
  });
  const remove = el("button", { type: "button", "class": "remove" }, _("Remove"));
  remove.addEventListener("click", function () { row.remove(); renumber(); });
  [rating, outcome, remove].forEach(function (field) {
    const cell = el("td");
    cell.appendChild(field);
    row.appendChild(cell);
  });
  games.appendChild(row);
  renumber();
  return row;
}

function payload() {
  const e = form.elements;
  return {
    edition: e.edition.value, date: e.date.value, time_control: e.time_control.value,
    player: {
      rating: e.rating.value, k: e.k.value, games_before: e.games_before.value,
      birth_year: e.birth_year.value, reached: e.reached.checked
    },
    games: Array.from(games.rows).map(function (row) {
      return { rating: row.querySelector("[data-role=rating]").value, result: row.querySelector("[data-role=result]").value };
    })
  };
}

function steps(answer) {
  const body = clear(document.querySelector("#rating-steps tbody"));
  answer.steps.forEach(function (step) {
    const line = el("tr", { "data-field": step.field });
    line.appendChild(el("th", { scope: "row" }, _(step.label)));
    line.appendChild(el("td", { "class": "num value", "data-value": JSON.stringify(step.value) }, step.text));
    line.appendChild(cited(el("td", { "class": "article" }), step.article));
    body.appendChild(line);
  });
}

function figures(answer) {
  const table = document.getElementById("rating-game-figures");
  table.closest(".table-wrap").hidden = !answer.games.length;
  const body = clear(table.querySelector("tbody"));
  answer.games.forEach(function (g) {
    const line = el("tr", { "data-round": g.round });
    [["round", g.round], ["opponent_rating", g.opponent_rating], ["difference", g.difference],
     ["expected", g.expected], ["score", g.score]].forEach(function ([field, value], index) {
      line.appendChild(el(index ? "td" : "th", { scope: index ? null : "row", "class": index ? "num" : null, "data-field": field },
        value === null || value === undefined ? "" : value));
    });
    body.appendChild(line);
  });
}

function show(answer) {
  checks += 1;
  const problems = answer.problems || [];
  if (answer.error) {
    showMessages(errors, [{ severity: "error", message: answer.error }].concat(problems), "");
    result.hidden = true;
    errors.setAttribute("data-done", String(checks));
    return;
  }
  showMessages(errors, problems, "");
  errors.setAttribute("data-done", String(checks));
  steps(answer);
  figures(answer);
  const notes = clear(document.getElementById("rating-notes"));
  answer.notes.forEach(function (note) { notes.appendChild(cited(el("li"), note)); });
  if (!answer.notes.length) { notes.appendChild(el("li", {}, _("None."))); }
  markDone(result, checks);
}

form.addEventListener("submit", function (event) {
  event.preventDefault();
  submit.disabled = true;
  checker.request("rating", payload())
    .then(show)
    .catch(function (error) { show({ error: error.message }); })
    .finally(function () { submit.disabled = false; });
});
document.getElementById("rating-add").addEventListener("click", function () {
  addGame().querySelector("input").focus();
});

for (let i = 0; i < 5; i += 1) { addGame(); }
checker.startWhenIdle();
