/* A rating list, filtered and sorted in the page: federation, title, sex and
   age group (as FIDE's lists: the age a player reaches in the list's year),
   and any column by its heading. Progressive enhancement of the plain table
   (the pre-rendered pages by federation, title, women and juniors work
   without it). No inline script, no eval: a Content-Security-Policy of
   'self' is enough. */
(function () {
  "use strict";
  if (!document.querySelector || !Array.prototype.forEach) { return; }

  // The page's messages in its language (messages.js, loaded first).
  var _ = window.sitegenMessage || function (text) { return text; };

  // FIDE's age groups: "under N" is born in the list's year minus N or later;
  // seniors reach the ages of the table's data-seniors by the end of the
  // list's year (chess 50 and 65, draughts 60: sitegen.site.views.SENIOR_AGES).
  var AGES = [["", _("Any age")], ["u20", _("Under 20")], ["u18", _("Under 18")], ["u16", _("Under 16")],
              ["u14", _("Under 14")], ["u12", _("Under 12")], ["u10", _("Under 10")]];

  function ages(table) {
    return AGES.concat((table.dataset.seniors || "").split(" ").filter(Boolean).map(function (age) {
      return ["s" + age, _("%(age)s and over").replace("%(age)s", age)];
    }));
  }
  var SEXES = [["", _("Women and men")], ["w", _("Women")], ["m", _("Men")]];

  function ageMatches(group, born, year) {
    if (!group) { return true; }
    if (!born) { return false; }
    var age = year - born;
    var limit = Number(group.slice(1));
    return group.charAt(0) === "u" ? age < limit : age >= limit;
  }

  function select(label, options) {
    var wrap = document.createElement("label");
    wrap.textContent = label + " ";
    var box = document.createElement("select");
    options.forEach(function (option) {
      var item = document.createElement("option");
      item.value = option[0];
      item.textContent = option[1];
      box.appendChild(item);
    });
    wrap.appendChild(box);
    return {label: wrap, box: box};
  }

  function distinct(rows, key, anyLabel) {
    var seen = {};
    rows.forEach(function (row) { if (row.dataset[key]) { seen[row.dataset[key]] = true; } });
    return [["", anyLabel]].concat(Object.keys(seen).sort().map(function (v) { return [v, v]; }));
  }

  function cellValue(row, index) {
    var text = row.cells[index].textContent.trim();
    var number = Number(text.replace(/^\+/, ""));
    return text !== "" && !isNaN(number) ? number : text.toLowerCase();
  }

  function compare(a, b) {
    if (typeof a === typeof b) { return a < b ? -1 : a > b ? 1 : 0; }
    return typeof a === "number" ? -1 : 1;       // numbers before words ("new")
  }

  function sortable(table, body, rows) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) {
          other.removeAttribute("aria-sort");
        });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        rows.slice().sort(function (a, b) {
          var order = compare(cellValue(a, index), cellValue(b, index));
          return ascending ? order : -order;
        }).forEach(function (row) { body.appendChild(row); });
      });
    });
  }

  function filters(table, rows) {
    var year = Number(table.dataset.year);
    var form = document.createElement("form");
    form.className = "list-filter";
    // Each form is a landmark: named after its table, so that a page of
    // several tables (a list by federation) has landmarks of distinct names.
    var caption = table.caption ? table.caption.textContent.trim() : "";
    form.setAttribute("aria-label", caption ? _("Filter: %(list)s").replace("%(list)s", caption)
                                            : _("Filter this list"));
    var fed = select(_("Federation"), distinct(rows, "fed", _("All federations")));
    var title = select(_("Title"), distinct(rows, "title", _("Any title")));
    var sex = select(_("Sex"), SEXES);
    var age = select(_("Age"), ages(table));
    var status = document.createElement("p");
    status.className = "filter-status";
    status.setAttribute("aria-live", "polite");
    [fed, title, sex, age].forEach(function (s) { form.appendChild(s.label); });
    form.appendChild(status);

    function apply() {
      var shown = 0;
      rows.forEach(function (row) {
        var d = row.dataset;
        var keep = (!fed.box.value || d.fed === fed.box.value) &&
                   (!title.box.value || d.title === title.box.value) &&
                   (!sex.box.value || d.sex === sex.box.value) &&
                   ageMatches(age.box.value, Number(d.born), year);
        row.hidden = !keep;
        if (keep) { shown += 1; }
      });
      status.textContent = _("%(shown)s of %(count)s players shown")
        .replace("%(shown)s", shown).replace("%(count)s", rows.length);
    }
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    apply();
    return form;
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.list[data-year]"), function (table) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var wrap = table.closest(".table-wrap") || table;
    wrap.parentNode.insertBefore(filters(table, rows), wrap);
    sortable(table, body, rows);
  });
}());
