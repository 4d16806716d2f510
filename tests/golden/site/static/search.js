/* Player search on a static host: progressive enhancement of the plain
   <form action="/players/"> in the header. Without this script the form
   opens the full list of players. No inline script, no eval: a
   Content-Security-Policy of 'self' is enough. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-search-index]");
  if (!form || !window.fetch || !document.querySelector) { return; }
  var input = form.querySelector("input[name=q]");
  var results = document.getElementById(form.getAttribute("data-search-results"));
  var MAX = 20;
  var players = null;
  var loading = null;

  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function load() {
    if (!loading) {
      loading = fetch(form.getAttribute("data-search-index"))
        .then(function (response) { return response.json(); })
        .then(function (index) {
          var f = index.fields;
          players = index.players.map(function (row) {
            var p = {};
            f.forEach(function (name, i) { p[name] = row[i]; });
            p.key = fold(p.name + " " + p.id + " " + p.federation);
            return p;
          });
          return players;
        });
    }
    return loading;
  }

  function matches(query) {
    var words = fold(query).split(/\s+/).filter(Boolean);
    if (!words.length) { return []; }
    return players.filter(function (p) {
      return words.every(function (w) { return p.key.indexOf(w) !== -1; });
    });
  }

  function show(query) {
    load().then(function () {
      var found = matches(query);
      results.textContent = "";
      if (!query.trim()) { return; }
      var status = document.createElement("p");
      status.textContent = found.length === 1 ? "1 player found" : found.length + " players found";
      results.appendChild(status);
      var list = document.createElement("ul");
      found.slice(0, MAX).forEach(function (p) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = p.url;
        link.textContent = p.name;
        item.appendChild(link);
        var meta = [p.game, p.federation, p.rating].filter(function (x) { return x !== null && x !== ""; });
        item.appendChild(document.createTextNode(" (" + meta.join(", ") + ")"));
        list.appendChild(item);
      });
      results.appendChild(list);
    });
  }

  input.addEventListener("input", function () { show(input.value); });
  form.addEventListener("submit", function (event) {
    if (!players) { return; }
    var found = matches(input.value);
    if (found.length === 1) {
      event.preventDefault();
      window.location.href = found[0].url;
    }
  });
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) {
    input.value = query;
    show(query);
  }
}());
