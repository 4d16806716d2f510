/* Small screens: the site navigation behind a Menu button, and the secondary
   columns of rating lists behind a "Show all columns" button. Without this
   script the navigation stays open and the lists show their main columns
   (every figure is also on the player's page and in the downloads). No
   inline script: a Content-Security-Policy of 'self' is enough. */
(function () {
  "use strict";
  if (!window.matchMedia || !document.querySelector) { return; }
  var narrow = window.matchMedia("(max-width: 40rem)");
  var button = document.querySelector("button.nav-toggle");
  var nav = document.getElementById("site-nav");

  // The page's messages in its language (messages.js, loaded first).
  var _ = window.sitegenMessage || function (text) { return text; };

  function setOpen(open) {
    button.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("collapsed", !open);
  }

  function columnsButton(wrap) {
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "columns-toggle";
    toggle.textContent = _("Show all columns");
    toggle.setAttribute("aria-pressed", "false");
    toggle.addEventListener("click", function () {
      var all = !wrap.classList.contains("all-columns");
      wrap.classList.toggle("all-columns", all);
      toggle.setAttribute("aria-pressed", String(all));
      toggle.textContent = all ? _("Show main columns") : _("Show all columns");
    });
    wrap.parentNode.insertBefore(toggle, wrap);
  }

  function update() {
    if (button && nav) {
      button.hidden = !narrow.matches;
      setOpen(!narrow.matches);
    }
  }

  if (button && nav) {
    button.addEventListener("click", function () {
      setOpen(button.getAttribute("aria-expanded") !== "true");
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll(".table-wrap"), function (wrap) {
    if (wrap.querySelector("table.list .opt")) { columnsButton(wrap); }
  });
  if (narrow.addEventListener) { narrow.addEventListener("change", update); }
  update();
}());
