/* Citations in the checker's results linked to their article, as the site's
   own pages link them (sitegen.regulations.RegulationIndex.cite_url):
   "fide-2002 10.51" -> regulations/fide-2002/#a10.51, "fide-2002 10.54(a)"
   -> #a10.54-a where the text has the item, "10.21b" -> #a10.21-b,
   "fmjd Annex 9 §3.2.2" -> regulations/fmjd-annex-9/#a3.2.2, "fmjd Annex 18"
   -> the page. The anchors of the published texts are in citations.json
   (written at build time); a citation of a text or article that is not
   published stays plain text. Text goes in with text nodes only. */

const ANCHORS_URL = new URL("citations.json", import.meta.url);

/* The root of the page's language (data-site on the checker's status line,
   check/_checker.html): an Italian page under /it/ links /it/regulations/;
   without a page, the site's root beside static/. */
function siteRoot() {
  const node = typeof document === "undefined" ? null : document.querySelector("[data-site]");
  return node ? new URL(node.getAttribute("data-site"), document.baseURI) : new URL("../../", import.meta.url);
}
export const CITATION = /(fide-(?:rb-)?\d{4}[a-z]*) (\d+(?:\.\d+)+[a-z]?)((?:\([a-z]\))*)|fmjd Annex (\d+)(?: ?§ ?(\d+(?:\.\d+)*(?:\.?[a-z])?)(?![\w]))?/g;

let anchors = {};
let idSets = new Map();         // a text's anchors as a Set, made once per text
let root = null;

/* The published texts' anchors: {"fide-2002": ["a10.51", ...], ...}. */
export function useAnchors(found) {
  anchors = found || {};
  idSets = new Map();
}

function anchorSet(slug) {
  if (!idSets.has(slug)) { idSets.set(slug, new Set(anchors[slug])); }
  return idSets.get(slug);
}

if (typeof fetch === "function") {
  fetch(ANCHORS_URL).then(function (r) { return r.ok ? r.json() : {}; })
    .then(useAnchors, function () { /* offline: citations stay plain text */ });
}

/* The most specific of base-item1-item2..., base-item1, base in `ids`. */
function deepest(ids, base, items) {
  for (let n = items.length; n > 0; n -= 1) {
    const candidate = [base].concat(items.slice(0, n)).join("-");
    if (ids.has(candidate)) { return candidate; }
  }
  return base;
}

function fideAnchor(ids, number, items) {
  if (ids.has("a" + number)) { return deepest(ids, "a" + number, items); }
  const split = /^(.*\d)([a-z])$/.exec(number);
  if (split && ids.has("a" + split[1])) { return deepest(ids, "a" + split[1], [split[2]].concat(items)); }
  return null;
}

function fmjdAnchor(ids, number) {
  const key = number.replace(/^O/, "0").replace(/\.([a-z])$/, "$1");
  return ids.has("a" + key) ? "a" + key : null;
}

/* The address of one match, or null when its text or article is not published. */
export function citationUrl(match) {
  const slug = match[1] || "fmjd-annex-" + match[4];
  if (!Object.prototype.hasOwnProperty.call(anchors, slug)) { return null; }
  const ids = anchorSet(slug);
  root = root || siteRoot();
  const page = new URL("regulations/" + slug + "/", root);
  if (match[1]) {
    const items = (match[3].match(/[a-z]/g) || []);
    const anchor = fideAnchor(ids, match[2], items);
    return anchor === null ? null : page.href + "#" + anchor;
  }
  if (!match[5]) { return page.href; }
  const anchor = fmjdAnchor(ids, match[5]);
  return anchor === null ? null : page.href + "#" + anchor;
}

/* `text` as pieces: [plain text, null] and [a citation, its URL]. */
function* pieces(text) {
  const value = String(text === undefined || text === null ? "" : text);
  let position = 0;
  for (const match of value.matchAll(CITATION)) {
    const url = citationUrl(match);
    if (url === null) { continue; }
    yield [value.slice(position, match.index), null];
    yield [match[0], url];
    position = match.index + match[0].length;
  }
  yield [value.slice(position), null];
}

/* `node` with `text` appended, each published citation in it a link. */
export function cited(node, text) {
  for (const [part, url] of pieces(text)) {
    if (url === null) {
      node.appendChild(document.createTextNode(part));
      continue;
    }
    const link = document.createElement("a");
    link.className = "citation";
    link.href = url;
    link.textContent = part;
    node.appendChild(link);
  }
  return node;
}

/* Text or an attribute's value as HTML: for the large tables, built as one
   string (one parse instead of a call per cell); common.js passes it on. */
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; });
}

/* `cited` as HTML (every text and URL escaped), for a list built as one
   string: the same links and text as cited() makes. */
export function citedHtml(text) {
  let out = "";
  for (const [part, url] of pieces(text)) {
    out += url === null ? escapeHtml(part)
      : '<a class="citation" href="' + escapeHtml(url) + '">' + escapeHtml(part) + "</a>";
  }
  return out;
}
