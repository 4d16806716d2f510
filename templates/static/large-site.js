/* A large site's player search and player addresses (sitegen.site.views.LARGE_SITE;
   README "Scale"), in place of search.js.  Progressive enhancement, no
   inline script, no eval: a Content-Security-Policy of 'self' is enough.

   Search: the index (search/index.json) names the parts of the players'
   index, one per first two letters of a name (views.search_key); a query
   loads the parts its words begin, so typing the beginning of a surname
   finds the player.  Player addresses: /players/<id>/ is not a file of a
   large site; the 404 page (an element #player-lookup) looks the id up in
   players/shards.json and goes to the section of the page that holds it. */
(function () {
  "use strict";
  if (!window.fetch || !document.querySelector) { return; }
  var MAX = 20;

  function fold(text) {
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function key(word) {        // as sitegen.site.views.search_key
    return fold(word).replace(/[^a-z0-9]/g, "").slice(0, 2) || "_";
  }

  function json(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) { throw new Error(url + ": " + response.status); }
      return response.json();
    });
  }

  // -- /players/<id>/ on the 404 page -------------------------------------------
  var lookup = document.getElementById("player-lookup");
  if (lookup) {
    var players = lookup.getAttribute("data-players");
    var path = window.location.pathname;
    var match = path.indexOf(players) === 0 &&
      /^([A-Za-z0-9._-]+)\/?$/.exec(path.slice(players.length));
    if (match) {
      var slug = match[1];
      lookup.hidden = false;
      json(lookup.getAttribute("data-shards")).then(function (index) {
        var low = 0, high = index.first.length - 1, found = -1;
        while (low <= high) {             // the last page whose first id <= slug
          var middle = (low + high) >> 1;
          if (index.first[middle] <= slug) { found = middle; low = middle + 1; } else { high = middle - 1; }
        }
        if (found >= 0 && slug <= index.last[found]) {
          window.location.replace(index.path + index.first[found] + "/#" + slug);
        } else {
          lookup.textContent = "No player has the id " + slug + ".";
        }
      }).catch(function () { lookup.hidden = true; });
    }
  }

  // -- the search box -----------------------------------------------------------
  var form = document.querySelector("form[data-search-index]");
  if (!form) { return; }
  var input = form.querySelector("input[name=q]");
  var results = document.getElementById(form.getAttribute("data-search-results"));
  var index = null;
  var parts = {};             // key -> promise of the players of that part

  function part(k) {
    if (!index.parts[k]) { return Promise.resolve([]); }
    if (!parts[k]) {
      parts[k] = json(index.parts[k]).then(function (data) {
        return data.players.map(function (row) {
          var p = {};
          data.fields.forEach(function (name, i) { p[name] = row[i]; });
          p.key = fold(p.name + " " + p.id + " " + p.federation);
          return p;
        });
      });
    }
    return parts[k];
  }

  function search(query) {
    var words = fold(query).split(/\s+/).filter(Boolean);
    if (!words.length) { return Promise.resolve(null); }
    if (!index) { index = json(form.getAttribute("data-search-index")); }
    return Promise.resolve(index).then(function (loaded) {
      index = loaded;
      var keys = words.map(key).filter(function (k, i, all) {
        return k.length === 2 && all.indexOf(k) === i;
      });
      return Promise.all(keys.map(part));
    }).then(function (lists) {
      var seen = {}, found = [];
      lists.forEach(function (list) {
        list.forEach(function (p) {
          if (!seen[p.url] && words.every(function (w) { return p.key.indexOf(w) !== -1; })) {
            seen[p.url] = true;
            found.push(p);
          }
        });
      });
      return found;
    });
  }

  function show(query) {
    search(query).then(function (found) {
      results.textContent = "";
      if (found === null) { return; }
      var status = document.createElement("p");
      status.textContent = found.length === 1 ? "1 player found" :
        found.length + " players found" + (found.length ? "" : " (type the beginning of the surname)");
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
    var query = input.value.trim();
    if (/^[A-Za-z0-9._-]+$/.test(query) && /\d/.test(query)) {    // an id: its address
      event.preventDefault();
      window.location.href = form.getAttribute("action") + query + "/";
    }
  });
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) {
    input.value = query;
    show(query);
  }
}());
