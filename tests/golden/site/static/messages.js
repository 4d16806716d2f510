/* The page's messages in its language for the site's classic scripts
   (nav.js, search.js, lists.js, large-site.js; the checker's modules have
   theirs in check/common.js): a JSON data block written at build time from
   the catalogue (docs/i18n.md); an English page has none. base.html loads
   this script before the others. */
window.sitegenMessage = (function () {
  "use strict";
  var messages = null;
  return function (text) {
    if (messages === null) {
      var block = document.getElementById("messages");
      messages = block ? JSON.parse(block.textContent) : {};
    }
    return Object.prototype.hasOwnProperty.call(messages, text) ? messages[text] : text;
  };
}());
