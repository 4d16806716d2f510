/* A large site's player addresses (sitegen.site.views.LARGE_SITE; README
   "Scale"), beside search.js.  Progressive enhancement, no inline script,
   no eval: a Content-Security-Policy of 'self' is enough.

   /players/<id>/ is not a file of a large site; the 404 page (an element
   #player-lookup) looks the id up in players/shards.json and goes to the
   section of the page that holds it. */
(function () {
  "use strict";
  if (!window.fetch || !document.querySelector) { return; }

  // The page's messages in its language (messages.js, loaded first).
  var _ = window.sitegenMessage || function (text) { return text; };

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
          lookup.textContent = _("No player has the id %(id)s.").replace("%(id)s", slug);
        }
      }).catch(function () { lookup.hidden = true; });
    }
  }
}());
