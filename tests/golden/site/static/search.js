/* Player search on a static host: progressive enhancement of the plain
   <form action="/players/"> in the header. Without this script the form
   opens the full list of players. No inline script, no eval: a
   Content-Security-Policy of 'self' is enough.

   The index (search/index.json) is either the players themselves (fields
   and rows) or, on a large site (sitegen.site.views.LARGE_SITE, README
   "Scale"), the parts of the players' index, one per first two letters of
   a name (views.search_key): a query then loads the parts its words begin,
   so typing the beginning of a surname finds the player. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-search-index]");
  if (!form || !window.fetch || !document.querySelector) { return; }
  var input = form.querySelector("input[name=q]");
  var results = document.getElementById(form.getAttribute("data-search-results"));
  var MAX = 20;
  var index = null;           // the promise of search/index.json
  var parts = {};             // on a large site: key -> promise of that part's players
  var shards = null;          // on a large site: the promise of players/shards.json
  var last = null;            // the players the last query shown found

  // The page's messages in its language (messages.js, loaded first).
  var _ = window.sitegenMessage || function (text) { return text; };

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

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

  function players(data) {    // {fields, players: rows} -> objects with a search key
    return data.players.map(function (row) {
      var p = {};
      data.fields.forEach(function (name, i) { p[name] = row[i]; });
      p.key = fold(p.name + " " + p.id + " " + p.federation);
      return p;
    });
  }

  /* A large site's player address: his slug (a row's, else his id) on the
     last page of players/shards.json whose first slug is not after it, as
     large-site.js finds /players/<id>/ (the rows carry no address). */
  function address(shards, p) {
    var slug = p.slug || p.id, low = 0, high = shards.first.length - 1, found = 0;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (shards.first[middle] <= slug) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    return shards.path + shards.first[found] + "/#" + slug;
  }

  function part(loaded, k) {
    if (!loaded.parts[k]) { return Promise.resolve([]); }
    if (!parts[k]) {
      if (!shards) { shards = loaded.shards ? json(loaded.shards) : Promise.resolve(null); }
      parts[k] = Promise.all([json(loaded.parts[k]), shards]).then(function (both) {
        var found = players(both[0]);
        if (both[1]) { found.forEach(function (p) { if (!p.url) { p.url = address(both[1], p); } }); }
        return found;
      });
    }
    return parts[k];
  }

  function candidates(loaded, words) {
    if (!loaded.parts) {
      if (!loaded.all) { loaded.all = players(loaded); }
      return Promise.resolve([loaded.all]);
    }
    var keys = words.map(key).filter(function (k, i, all) {
      return k.length === 2 && all.indexOf(k) === i;
    });
    return Promise.all(keys.map(function (k) { return part(loaded, k); }));
  }

  /* The players every word of the query matches; null for an empty query. */
  function search(query) {
    var words = fold(query).split(/\s+/).filter(Boolean);
    if (!words.length) { return Promise.resolve(null); }
    if (!index) { index = json(form.getAttribute("data-search-index")); }
    return index.then(function (loaded) {
      return candidates(loaded, words);
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
    return search(query).then(function (found) {
      results.textContent = "";
      last = found;
      if (found === null) { return found; }
      var status = document.createElement("p");
      status.textContent = found.length === 1 ? _("1 player found") : found.length ?
        fill(_("%(count)s players found"), { count: found.length }) :
        _("0 players found (type the beginning of the surname)");
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
      return found;
    });
  }

  input.addEventListener("input", function () { show(input.value); });
  form.addEventListener("submit", function (event) {
    var query = input.value.trim();
    if (form.hasAttribute("data-search-by-id") && /^[A-Za-z0-9._-]+$/.test(query) && /\d/.test(query)) {
      event.preventDefault();       // a large site: an id goes to its address
      window.location.href = form.getAttribute("action") + query + "/";
      return;
    }
    if (last && last.length === 1) {  // one player found: his page; else the form's list
      event.preventDefault();
      window.location.href = last[0].url;
    }
  });
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) {
    input.value = query;
    show(query);
  }
}());
