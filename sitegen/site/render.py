"""Pages from the site data: one Jinja2 environment, one pass, same bytes.

`render_site(data, out, regulations)` writes every page of the site map
(docs/architecture.md#site-map) into `out` (an empty folder the caller provides) and returns the files
written.  The templates only lay out what `sitegen.site.views` prepared: nothing
in a template computes a rating (docs/architecture.md#data-flow); this module builds the
Jinja2 environment and registers its filters, the only place that does (house
style, after MkDocs).

Output is deterministic: every collection is iterated in a sorted order, no
clock and no randomness is read, so the same content gives a byte-identical
tree.  Links are root-relative, under the path of `data.base_url` (a site
published at ``https://example.org/ratings/`` links ``/ratings/players/…``),
so that 404.html works at any depth; sitemap.xml and robots.txt use the
absolute base URL.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import json
import os
import pickle
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple, TypeVar
from urllib.parse import urlsplit

import jinja2
from markupsafe import Markup, escape

from sitegen import i18n
from sitegen.browser import pages as checkpages
from sitegen.cache import template_folder
from sitegen.compute.norm_register import norm_register
from sitegen.compute.player_facts import Facts
from sitegen.compute.sitedata import SiteData
from sitegen.content.settings import SiteTheme
from sitegen.i18n import N_, format_count, gettext
from sitegen.i18n import format_month as month
from sitegen.manifest import Reuse, checker_bundle, event_digest, list_digest
from sitegen.site import downloads, lean, views
from sitegen.site.figures import fixed, isodate, points, signed, tiebreak, year_month
from sitegen.site.lean import escaped
from sitegen.site.regulations import RegulationIndex, citation_anchors, link_citations
from sitegen.site.timeline import editions_timeline
from sitegen.workers import build_workers as render_workers
from sitegen.workers import fresh_context, inherited, start_worker, unstarted_from_last

__all__ = ["make_environment", "render_site", "render_workers", "templates_root"]


# A source checkout keeps the templates at the repository's root; an
# installed wheel carries them as package data `sitegen/templates`.
_CHECKOUT_TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def templates_root():
    """The templates folder: package data when installed, else the checkout's."""
    installed = resources.files("sitegen") / "templates"
    if installed.is_dir():
        return installed
    if _CHECKOUT_TEMPLATES.is_dir():
        return _CHECKOUT_TEMPLATES
    raise FileNotFoundError("the templates are missing: neither sitegen/templates (package "
                            f"data of an installed wheel) nor {_CHECKOUT_TEMPLATES} exists")


# -- filters --------------------------------------------------------------------

def _cite_filter(prefix: str, regulations: list | None) -> Callable[[str], Markup]:
    """Citations like 'fide-2002 10.54' linked to <prefix>regulations/<doc>/#<anchor>:
    against the pages rendered when `regulations` is given, else against the
    embedded content's regulations."""
    link = (RegulationIndex(regulations).link_citations if regulations is not None
            else link_citations)

    # the same notes recur on many pages (an event's norm checks give each
    # player the same reasons): each text is linked once
    @functools.lru_cache(maxsize=4096)
    def linked(text: str) -> Markup:
        linked = str(link(text))
        if prefix != "/":
            linked = linked.replace('href="/regulations/', f'href="{prefix}regulations/')
        return Markup(linked)

    def cite(text) -> Markup:
        return Markup("") if text is None else linked(str(text))
    return cite


class _TemplateCode(jinja2.BytecodeCache):
    """The templates compiled once per process (`_COMPILED`: for every
    language's environment, every build of the process and the rendering
    workers forked after it; some 0.6 s an environment), and kept in the
    build cache's folder (`sitegen.cache.template_folder`, or None) for the
    next build's process.  Jinja2 keys an entry by the template's name and
    file and, loading it, drops it when the SHA-1 of the source differs (a
    template edited, a theme's of the same name) or the bytes are of
    another Python or damaged: the template is then compiled again."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        path = self.folder / f"{bucket.key}.cache" if self.folder is not None else None
        kept = _COMPILED.get(bucket.key)
        if kept is not None:
            bucket.bytecode_from_string(kept)
            if bucket.code is not None:
                if path is not None and not path.exists():     # for the next process
                    self._write(path, kept)
                return
        if path is not None:
            try:
                bucket.bytecode_from_string(path.read_bytes())
            except Exception:       # noqa: BLE001 - unreadable, or a damaged pickle: a miss
                bucket.reset()
                return
            if bucket.code is not None:
                _COMPILED[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        _COMPILED[bucket.key] = compiled = bucket.bytecode_to_string()
        if self.folder is not None:
            self._write(self.folder / f"{bucket.key}.cache", compiled)

    @staticmethod
    def _write(path: Path, compiled: bytes) -> None:
        """`compiled` into `path` whole or not at all (a cache: a failure
        only costs the next process a compilation)."""
        scratch = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            scratch.write_bytes(compiled)
            os.replace(scratch, path)
        except OSError:
            scratch.unlink(missing_ok=True)


_COMPILED: dict[str, bytes] = {}      # a bucket's key -> its bytes (`_TemplateCode`)


def make_environment(prefix: str = "/", regulations: list | None = None,
                     theme: Path | None = None, lang: str = i18n.SOURCE_LANGUAGE,
                     shared: str | None = None) -> jinja2.Environment:
    """The Jinja2 environment: autoescaped, strict, with the site's filters.

    `prefix` is the path the site is published under (from the base URL);
    `url('players/1/')` in a template gives `prefix + 'players/1/'`.
    `regulations` (`load_regulations`' pages) are what the `cite` filter
    links to; by default the embedded content's.  A template of the same
    name in `theme`/templates (the content's theme/ folder) replaces the
    package's, as MkDocs' ``custom_dir`` does.
    `lang` is the language of the pages (``_()`` and ``{% trans %}`` through
    its catalogue, `sitegen.i18n`); a language published under /<lang>/
    passes the site's own prefix as `shared`: the shared assets (static/, the
    download files) are the root's (docs/i18n.md).
    """
    root = templates_root()
    loader: jinja2.BaseLoader = (jinja2.FileSystemLoader(str(root)) if isinstance(root, Path)
                                 else jinja2.PackageLoader("sitegen", "templates"))
    if theme is not None and (theme / "templates").is_dir():
        loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(theme / "templates")), loader])
    env = jinja2.Environment(loader=loader, autoescape=True,
                             undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, extensions=["jinja2.ext.i18n"],
                             bytecode_cache=_TemplateCode(template_folder()))
    gettext_env: Any = env                  # the i18n extension's method (not in the stubs)
    gettext_env.install_gettext_translations(i18n.translations(lang), newstyle=False)
    env.filters.update(isodate=isodate, month=month, number=format_count, ym=year_month,
                       fixed=fixed, signed=signed, points=points, tiebreak=tiebreak,
                       cite=_cite_filter(prefix, regulations), norm_kind=norm_kind)
    url = _url(prefix, shared or prefix)
    link = _player_link(url)
    env.globals.update(url=url, player_link=link, list_rows=list_rows,
                       history_rows=_history_rows(link), opponent_rows=_opponent_rows(link),
                       **lean.row_functions(link))
    env.globals["once"] = _once()
    env.globals["shard_sections"] = lean.shard_sections(
        link, env.filters["cite"], norm_kind, env.globals["gettext"])  # type: ignore[arg-type]
    env.globals["script_messages"] = i18n.script_messages(lang, i18n.SITE_SCRIPTS)
    return env


def _once() -> Callable[..., Markup]:
    """`{% call once(name, site) %}…{% endcall %}` (templates/base.html):
    the block made once for the site's `site` (its header, its footer, the
    same on every page of a language) and given again on every other page;
    the markup stays in the template (docs/scale.md#rendering)."""
    made: dict[tuple[int, str], tuple[object, Markup]] = {}

    def once(name: str, site: object, caller: Callable[[], str]) -> Markup:
        done = made.get((id(site), name))
        if done is None or done[0] is not site:       # the site held: its id is not reused
            done = made[(id(site), name)] = (site, Markup(caller()))
        return done[1]
    return once


def _player_link(url: Callable[..., str]) -> Callable[[object, str | None], Markup]:
    """`player_link(name, target)`: `name` linked to the site path `target`,
    or alone without one; escaped as `{{ name }}` would be.  A Python
    function, not a macro: a Jinja macro call per table row was a third of
    a page's render (docs/scale.md#incremental-builds)."""
    def player_link(name: object, target: str | None) -> Markup:
        if target:
            return Markup(f'<a href="{escaped(url(target))}">{escaped(name)}</a>')
        return escape(name)
    return player_link


def _history_rows(link: Callable[[object, str | None], Markup]) -> Callable[[list], Markup]:
    """`history_rows(rows)`: a player's list-by-list table body
    (templates/player.html), one string: made in Python, each value escaped
    once, as the template made it cell by cell (docs/scale.md#rendering)."""
    def row_html(r) -> str:
        events = "".join(f"<li>{link(name, target)} ({escaped(signed(change, 2))})</li>"
                         for name, target, change in r.events)
        events = f'<ul class="inline">{events}</ul>' if r.events else ""
        rating = "–" if r.rating is None else r.rating
        return (f'<tr><th scope="row">{link(month(r.date), r.path)}</th>\n'
                f'<td class="num">{escaped(rating)}</td>\n'
                f'<td class="num">{escaped(signed(r.change))}</td>\n'
                f'<td class="num">{escaped(r.games)}</td>\n'
                f'<td>{events}</td></tr>\n')

    def history_rows(rows: list) -> Markup:
        return Markup("".join(row_html(r) for r in rows))
    return history_rows


def _opponent_rows(link: Callable[[object, str | None], Markup]) -> Callable[[list], Markup]:
    """`opponent_rows(opponents)`: a player's head-to-head table body
    (templates/player.html), one string (`_history_rows`)."""
    def opponent_rows(opponents: list) -> Markup:
        return Markup("".join(
            f'<tr><th scope="row">{link(h.opponent, target)}</th>'
            f'<td class="num">{escaped(h.games)}</td><td class="num">{escaped(h.wins)}</td>'
            f'<td class="num">{escaped(h.draws)}</td><td class="num">{escaped(h.losses)}</td>'
            f'<td class="num">{escaped(points(h.score))}</td></tr>\n'
            for h, target in opponents))
    return opponent_rows


def _url(prefix: str, root: str) -> Callable[..., str]:
    """`url(path)`: under the language's `prefix`, but the assets shared by
    every language (static/ and the download files) under the site's `root`."""
    def url(path: str = "") -> str:
        path = path.lstrip("/")
        shared = path.startswith("static/") or (path.startswith("downloads/")
                                                and not path.endswith("/"))
        return (root if shared else prefix) + path
    return url


# -- the site ---------------------------------------------------------------------

def render_site(data: SiteData, out: Path, regulations: list,
                progress: Callable[[str], None] | None = None,
                theme: Path | None = None, content: Path | None = None,
                site_theme: SiteTheme | None = None,
                workers: int | None = None, reuse: Reuse | None = None) -> list[Path]:
    """Write every page, download and asset of the site into `out`.

    `regulations` is `sitegen.site.regulations.load_regulations(...)`'s list;
    `progress`, if given, is called with a short text before each section;
    `theme` is the content's theme/ folder (templates/ and static/ that
    replace or add to the package's), if it has one; `content` the content
    folder, whose event files are published beside their pages;
    `site_theme` site.toml's [theme] (a logo under `content`, an accent);
    `workers` the processes that render the lists, downloads, players and
    events (`render_workers`: by default $SITEGEN_WORKERS, else one a CPU;
    1 renders in this process).  The files are the same bytes whatever the
    number (docs/scale.md#rendering).  `reuse`, if given, holds the
    previous site's pages: a page whose key it recorded is taken from there
    instead of rendered again, and it receives every page's key
    (`sitegen.manifest.Reuse`, docs/scale.md#incremental-builds).
    With more than one of `data.languages`, the first is published at the
    root and each other under /<lang>/, sharing the root's static files and
    downloads (docs/i18n.md).
    Returns the files written, sorted.
    """
    count = render_workers(workers)
    writers = []
    for lang in data.languages:
        # the language is a context variable: a pool made inside `using`
        # forks its workers with it
        with i18n.using(lang):
            writer = _Writer(data, Path(out), regulations, progress, theme, lang)
            writer.content, writer.reuse = content, reuse
            _apply_site_theme(writer, site_theme or SiteTheme())
            writers.append(writer)
            _render_language(writer, count)
    first = writers[0]
    first.pages = [page for w in writers for page in w.pages]
    first.step("sitemap")
    _sitemap(first)
    return sorted(path for w in writers for path in w.written)


def _render_language(writer: _Writer, workers: int) -> None:
    """One language's site; the first language's also has the shared files."""
    # each page has its own path, so the order changes no byte
    # (docs/scale.md#render-and-memory).  With a pool, the downloads are
    # queued last: this process renders the queued chunks no worker has
    # started from the last one back (`_finish`), so it takes the longest
    # (a large list's downloads, 15 s at FIDE's size) first, while the
    # workers take the sections read whole (`_ALONE`), queued first
    # (docs/scale.md#memory-session-17)
    sections = [_home, _lists, _norms, _worldcup, _regulations, _pages,
                _check, _search, _static, _errors, _players, _events, _downloads]
    if not writer.first:
        sections = [s for s in sections if s not in (_static,)]
    # what the per-page functions read is made before the workers start
    writer.facts = None if writer.links.large else Facts(writer.data)
    pool = _pool(writer, workers) if workers > 1 else None
    writer.pool, writer.workers = pool, workers
    # a large site's workers hold no site data: they render what this
    # process queues them, its sections queued first (the lists' pages,
    # the events, the downloads), while this process renders the sections
    # that read every record (the checker's player index, search, the
    # players' pages: docs/scale.md#memory-session-18)
    writer.light = pool is not None and writer.links.large
    if writer.light:
        queued = [_lists, _events, _downloads]
        sections = [s for s in queued if s in sections] + [s for s in sections
                                                          if s not in queued]
    try:
        if pool is not None and not writer.light:
            # the sections that read everything and write their own files
            # queued first, the longest first: at FIDE's size the checker's
            # player index is the render's longest task (docs/scale.md,
            # "Session 13"), and the workers would else wait for this
            # process's first sections
            for section in _ALONE:
                if section in sections:
                    writer.pending.append(_submit(writer, _section, [section]))
        for section in sections:
            writer.step(section.__name__.strip("_"))
            if pool is None or writer.light or section not in _ALONE:
                section(writer)
        _finish(writer)
    finally:
        if pool is not None:
            # every chunk is taken by now, unless something failed: then
            # the chunks not started are dropped, not rendered first
            pool.shutdown(cancel_futures=True)
    if _check in sections:
        _service_worker(writer)
    _feed(writer)


def _service_worker(w: _Writer) -> None:
    """check/sw.js, once every other file of the language is written: its
    version is a digest of the files it names (the checker's pages, the
    static files, the bundle's), which other sections write, some of them
    in other processes (a digest read while `_static` was writing gave an
    incremental build another sw.js than a full one)."""
    root = w.out if w.first else w.out.parent
    w.written.append(checkpages.write_service_worker(w.out, w.meta, root))


# -- rendering in processes ----------------------------------------------------------
#
# The workers are started by `forkserver` (sitegen.workers.fresh_context):
# none holds this process's memory.  A worker forked from this process
# shared its pages only until either wrote to one, and reading an object
# writes its reference count: at FIDE's size each worker came to hold a
# copy of most of the site data (docs/scale.md#memory-session-18).  Each
# worker is given the writer once, pickled (`_start_worker`): on a site with
# a page a player, with the site data, which its tasks read (a few MB);
# on a large site without it (`_Writer.__getstate__`), and each of its
# tasks carries what it reads: a list's views, an event's report with
# its players' addresses (`views.Links.part`), a list for its downloads.
# A task names a section's per-item function and a chunk of its items,
# and returns what it wrote and the sitemap's pages.  Every page has its
# own path, so the order in which chunks finish changes nothing written;
# the lists come back in chunk order.
#
# The building process renders too: of `workers` processes, workers - 1
# are started, and a task no worker has started when this process comes
# to it is rendered here (`_drain`), never pickled.

_WORKER: _Writer | None = None          # in a worker: the writer it was given
# Sections that read the site data whole and write their own files (`_ALONE`):
# with a pool whose workers hold the site data, each is one worker's task,
# queued before everything else (docs/scale.md#rendering); on a large site
# this process renders them.
_Item = TypeVar("_Item")


def _pool(writer: _Writer, workers: int) -> Executor:
    """The workers: one fewer than `workers`, the processes that render,
    this one among them; each given the writer, pickled once here, with
    this process's cache (the templates' compiled code), collector and
    language."""
    given = pickle.dumps(writer, protocol=pickle.HIGHEST_PROTOCOL)
    return ProcessPoolExecutor(max_workers=workers - 1, mp_context=fresh_context(),
                               initializer=_start_worker,
                               initargs=(inherited(), writer.meta.lang, given))


def _start_worker(state: tuple, lang: str, given: bytes) -> None:
    """In a worker, once: this process's state and language made the
    building process's, then its writer unpickled (its environment made
    again, with them)."""
    global _WORKER
    start_worker(*state)
    _LANGUAGE.enter_context(i18n.using(lang))       # for the worker's life
    _WORKER = pickle.loads(given)


_LANGUAGE = contextlib.ExitStack()


class _Task(NamedTuple):
    """A chunk queued to the workers, kept so that this process may render
    it instead (`_drain`)."""

    future: Future
    function: Callable[[_Writer, Any], None]
    items: Sequence[Any]


def _submit(w: _Writer, function: Callable[[_Writer, Any], None],
            items: Sequence[Any]) -> _Task:
    assert w.pool is not None, "queued only to a pool"
    return _Task(w.pool.submit(_run_chunk, function, items), function, items)


def _finish(w: _Writer) -> None:
    """The language's queued chunks (`w.pending`), `_drain`ed."""
    _drain(w, w.pending)
    w.pending = []


def _drain(w: _Writer, tasks: Sequence[_Task]) -> None:
    """Queued chunks, from the last one back: those no worker has started
    rendered here, while the workers take theirs from the first; then the
    workers' results.  The order changes no byte (each page its own path;
    the written files and the sitemap are sorted, the keys a mapping)."""
    left = len(tasks)
    for left in unstarted_from_last([task.future for task in tasks]):
        _collect(w, _here(w, tasks[left]))
    for task in tasks[:left]:
        _collect(w, task.future.result())


def _here(w: _Writer, task: _Task) -> tuple[list[Path], list[str], dict[str, str], list[str]]:
    """`_run_chunk` in this process: what the chunk wrote, apart from what
    `w` holds already, for `_collect` to add."""
    held = w.written, w.pages, w.reuse.keys if w.reuse else {}, w.reuse.linked if w.reuse else []
    w.written, w.pages = [], []
    if w.reuse is not None:
        w.reuse.keys, w.reuse.linked = {}, []
    try:
        for item in task.items:
            task.function(w, item)
        return (w.written, w.pages, w.reuse.keys if w.reuse else {},
                w.reuse.linked if w.reuse else [])
    finally:
        w.written, w.pages = held[0], held[1]
        if w.reuse is not None:
            w.reuse.keys, w.reuse.linked = held[2], held[3]


def _run_chunk(function: Callable[[_Writer, Any], None],
               items: Sequence[Any]) -> tuple[list[Path], list[str], dict[str, str], list[str]]:
    """In a worker: render `items` with the writer it was given; what it
    wrote, the sitemap's pages, the pages' keys and the site paths it took
    as they were."""
    w = _WORKER
    assert w is not None, "a rendering worker runs only in a pool's process"
    w.written, w.pages = [], []
    if w.reuse is not None:
        w.reuse.keys, w.reuse.linked = {}, []
    for item in items:
        function(w, item)
    return (w.written, w.pages, w.reuse.keys if w.reuse else {},
            w.reuse.linked if w.reuse else [])


def _section(w: _Writer, section: Callable[[_Writer], None]) -> None:
    """A whole section in a worker (`_ALONE`)."""
    section(w)


def _fan_out(w: _Writer, function: Callable[[_Writer, Any], None],
             items: Iterable[_Item],
             prepare: Callable[[_Writer, _Item], Any] | None = None,
             later: bool = False, there: bool = False, most: int | None = None,
             links: Callable[[_Writer, _Item], views.Links] | None = None) -> None:
    """`function(w, item)` for every item: in this process, or in chunks
    (four a worker, to even out their sizes) across the pool.  With
    `prepare`, each item's views are `prepare(w, item)` and rendered as
    `function(w, views)`.  On a large site (views.LARGE_SITE) this process
    makes the views and the workers get them pickled and only render: a
    worker that reads the site data writes to its objects' reference
    counts, which copies the memory pages holding them, so workers reading
    every player held nearly a copy of the site data each
    (docs/scale.md#memory).  On a smaller site, whose workers read every
    player for the players' pages anyway, each worker makes the views of
    its own items (`_made_there`).  `there`: the workers make the views
    on a large site too, for items whose views read little of the site
    data (an event's: its report and its players' addresses); where the
    workers hold no site data (`w.light`), `links(w, item)` is what an
    item's views read of the links (`views.Links.part`), made here and
    sent with it, and without `links` such items' views are made
    here and rendered by whichever process is free (`_fan_out_prepared`).
    `later`:
    the chunks are queued and their results taken at the end of the
    language (`w.pending`), this process going on meanwhile.  `most`: the
    items are an iterator of at most that many, made as it is read (the
    pages an incremental build cannot take from the previous site, each
    decided by a key: `_player_taken`); with `later`, each chunk is
    queued as soon as it is full, so that the workers render the first
    while this process decides the next (docs/scale.md#month-session-15)."""
    if there and w.light and links is None:
        # views that read the records (a large site's pages of players):
        # made here, rendered by whichever process is free
        there = False
    part = links if w.light else None
    if most is not None and later and w.pool is not None and not (
            prepare is not None and w.links.large and not there):
        _fan_out_streamed(w, function, items, most, prepare, part)
        return
    items = items if isinstance(items, Sequence) else list(items)
    if prepare is not None and w.links.large and not there:
        _fan_out_prepared(w, function, items, prepare, later)
        return
    if prepare is not None:
        # a site with a page a player: the workers, which read the site data
        # for those pages anyway, make the views themselves, neither made in
        # this process alone nor pickled to them: faster and smaller at
        # every size measured (docs/scale.md#rendering, "Session 10")
        jobs: Sequence[Any] = [(function, prepare, item, part and _Part(part, w, item))
                               for item in items]
        function, items = _made_there, jobs
    if w.pool is None or len(items) < 2:
        for item in items:
            function(w, item)
        return
    # four chunks a worker, to even out their sizes; sixteen where the
    # workers make the views of a large site (the render's last tasks: a
    # smaller last chunk, a shorter wait for it)
    size = max(1, -(-len(items) // (w.workers * (16 if there and w.links.large else 4))))
    chunks = [items[i:i + size] for i in range(0, len(items), size)]
    tasks = [_submit(w, function, chunk) for chunk in chunks]
    if later:
        w.pending += tasks
        return
    _drain(w, tasks)


# Chunks a worker where the items are streamed (`_fan_out_streamed`): sized
# from the most there can be, so that the few an incremental build renders
# still make several chunks a worker.
STREAMED_CHUNKS = 16


def _fan_out_streamed(w: _Writer, function: Callable[[_Writer, Any], None],
                      items: Iterable[_Item], most: int,
                      prepare: Callable[[_Writer, _Item], Any] | None,
                      links: Callable[[_Writer, _Item], views.Links] | None) -> None:
    """`_fan_out(..., later=True)` of an iterator of at most `most` items:
    a chunk queued each time it is full, the last when the items end."""
    assert w.pool is not None, "streamed only to a pool"
    size = max(1, -(-most // (w.workers * STREAMED_CHUNKS)))
    run = function if prepare is None else _made_there
    chunk: list[Any] = []
    for item in items:
        chunk.append(item if prepare is None
                     else (function, prepare, item, links and _Part(links, w, item)))
        if len(chunk) == size:
            w.pending.append(_submit(w, run, chunk))
            chunk = []
    if chunk:
        w.pending.append(_submit(w, run, chunk))


class _Part:
    """The links an item's views read (`_fan_out`'s `links`), made when
    the item is pickled for a worker: only for the items a worker takes,
    and only a few ahead of it (held until the task is done, an event's
    players' addresses were 40 MB at FIDE's size while this process read
    every record: docs/scale.md#memory-session-18); this process, which
    holds the whole links, renders its own items with them."""

    __slots__ = ("links", "w", "item")

    def __init__(self, links: Callable[[_Writer, Any], views.Links], w: _Writer, item: Any):
        self.links, self.w, self.item = links, w, item

    def __reduce__(self) -> tuple:
        return _given, (self.links(self.w, self.item),)


def _given(value: Any) -> Any:
    """What `_Part` was pickled as: its links."""
    return value


def _made_there(w: _Writer, job: tuple) -> None:
    """`function(w, prepare(w, item))` in the process that runs the task,
    with the links sent with the item, if any (`_fan_out`'s `links`)."""
    function, prepare, item, links = job
    if links is None or isinstance(links, _Part):      # this process's own
        function(w, prepare(w, item))
        return
    held, w.links = w.links, links
    try:
        function(w, prepare(w, item))
    finally:
        w.links = held


PREPARED_CHUNK = 8        # items a task when this process prepares them
WINDOW = 3                # tasks a worker queued at most (their views held)


def _fan_out_prepared(w: _Writer, function: Callable[[_Writer, Any], None],
                      items: Sequence[_Item], prepare: Callable[[_Writer, _Item], Any],
                      later: bool = False) -> None:
    """`_fan_out` with views made here: a few items a task, a few tasks a
    worker in flight (the views of the others not made yet), the results
    taken in order; with `later`, the last ones at the end of the language
    (`w.pending`)."""
    if w.pool is None or len(items) < 2:
        for item in items:
            function(w, prepare(w, item))
        return
    size = max(1, min(PREPARED_CHUNK, -(-len(items) // (w.workers * 4))))
    waiting: collections.deque = collections.deque()
    for start in range(0, len(items), size):
        views_ = [prepare(w, item) for item in items[start:start + size]]
        waiting.append(_submit(w, function, views_))
        while len(waiting) >= w.workers * WINDOW:
            # the newest rendered here if no worker has started it, else
            # the oldest waited for
            if waiting[-1].future.cancel():
                _collect(w, _here(w, waiting.pop()))
            else:
                _collect(w, waiting.popleft().future.result())
    if later:
        w.pending += waiting
        return
    _drain(w, list(waiting))


def _collect(w: _Writer, result: tuple[list[Path], list[str], dict[str, str], list[str]]) -> None:
    """What a task wrote, its sitemap pages and its pages' keys, into `w`."""
    written, pages, keys, taken = result
    w.written += written
    w.pages += pages
    if w.reuse is not None:
        w.reuse.keys.update(keys)
        w.reuse.linked += taken


class _SiteName(NamedTuple):
    """What a large site's worker reads of the site data: what `_Writer`
    names pages and addresses by."""

    name: str
    base_url: str
    languages: tuple[str, ...]


class _Writer:
    """Renders templates into files and remembers what it wrote."""

    def __init__(self, data: SiteData, out: Path, regulations: list, progress,
                 theme: Path | None = None, lang: str | None = None):
        lang = lang or data.languages[0]
        self.first = lang == data.languages[0]
        root = _prefix(data.base_url)
        self.data, self.progress, self.theme = data, progress, theme
        self.out = out if self.first else out / lang
        self.content: Path | None = None
        self.extra_static: dict[str, bytes] = {}     # [theme]'s logo and accent.css
        self.prefix = root if self.first else f"{root}{lang}/"
        self.env = make_environment(self.prefix, list(regulations), theme, lang, root)
        self.links = views.Links(data, regulations)
        self.meta = views.site_meta(data, self.prefix,
                                    bool(views.regulation_docs(regulations)),
                                    self.links.large)
        self.meta.lang = lang
        if len(data.languages) > 1:
            self.meta.alternates = [(code, i18n.LANGUAGE_NAMES[code],
                                     root if index == 0 else f"{root}{code}/")
                                    for index, code in enumerate(data.languages)]
        _apply_theme(self.meta, theme)
        self.regulations = regulations
        self.written: list[Path] = []
        self.pages: list[str] = []          # site paths of the HTML pages, for sitemap.xml
        # Speed at scale (bench/fide_scale.py), same bytes: each template is
        # looked up once (get_template checks the file's date on every call)
        # and each folder made once.
        self._templates: dict[str, jinja2.Template] = {}
        self._folders: set[Path] = set()
        self.rows = RowCells(self.env)
        self.pool: Executor | None = None     # render_site's worker processes, if any
        self.pending: list[_Task] = []        # their tasks whose results come at the end
        self.workers = 1
        self.facts: Facts | None = None       # the players' facts, made once
        self.root = out                       # the site's root (self.out: the language's)
        self.reuse: Reuse | None = None       # the previous site's pages (render_site)
        self.keyed: str | None = None         # the key of the files `write` writes now
        self.event_parts: dict[str, str | None] = {}     # `_event_part`'s keys
        self.events_keyed: dict[str, tuple] = {}         # `_event_of`'s
        self.event_ids: dict[str, list] = {}             # and the ids it read
        self.lists_keyed: dict[tuple, str | None] = {}   # `_list_digest`'s
        self.light = False          # the pool's workers hold no site data (_render_language)

    # What is made again in a worker rather than given (`__setstate__`).
    _REMADE = ("env", "rows", "_templates", "_folders", "pool", "pending", "progress")

    def __getstate__(self) -> dict:
        """The writer as a worker is given it (`_pool`): without what it
        makes again, and on a large site without the site data, the links
        and the players' facts, which its tasks never read (each task
        carries what it reads: docs/scale.md#memory-session-18)."""
        state = {name: value for name, value in self.__dict__.items()
                 if name not in self._REMADE}
        if self.links.large:
            state.update(data=_SiteName(self.data.name, self.data.base_url,
                                        self.data.languages),
                         links=None, facts=None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.env = make_environment(self.prefix, list(self.regulations), self.theme,
                                    self.meta.lang, _prefix(self.data.base_url))
        self.rows = RowCells(self.env)
        self._templates, self._folders = {}, set()
        self.pool, self.pending, self.progress = None, [], None

    def step(self, name: str) -> None:
        if self.progress:
            self.progress(f"rendering {name}")

    def page(self, path: str, template: str, title: str, sitemap: bool = True,
             description: str | None = None, head_title: str | None = None,
             prepare: Callable[[], None] | None = None, **context) -> None:
        """Render `template` to `path` ('lists/chess/standard/' -> its index.html).

        `title` is the page's heading; `head_title` its <title> where the
        heading alone is shared with another page (the latest and the dated
        copy of a list, two players of one name); `description` its meta
        description and Open Graph summary (by default the title and site).
        `prepare`, if given, is called before rendering (not when the page
        is taken from the previous site: `_taken`).
        """
        given = dict(site=self.meta, path=path, title=title, head_title=head_title or title,
                     description=description or f"{title}: {self.data.name}", **context)
        relative = path + "index.html" if path.endswith("/") or not path else path
        if sitemap:
            self.pages.append(self.prefix.removeprefix(_prefix(self.data.base_url)) + path)
        if self._taken(relative, template, given):
            return
        if prepare is not None:
            prepare()
        self.write(relative, self.template(template).render(**given))

    def template(self, name: str) -> jinja2.Template:
        """The template `name`, looked up once."""
        if name not in self._templates:
            self._templates[name] = self.env.get_template(name)
        return self._templates[name]

    def _taken(self, relative: str, template: str, given: dict) -> bool:
        """The page at `relative` linked from the previous site, when that
        has it for the same template, language and context (`Reuse`)."""
        if self.reuse is None:
            return False
        target = self.out / relative
        key = self.reuse.key(template, self.prefix, self.meta.lang, given)
        self._folder(target.parent)
        if not self.reuse.take(target.relative_to(self.root).as_posix(), key, target):
            return False
        self.written.append(target)
        return True

    def taken_group(self, name: str, key: str | None, paths: list[str],
                    files: Sequence[str] = ()) -> bool:
        """The pages at `paths` and the `files` beside them linked from the
        previous site, when it recorded `key` for the group `name`
        (`Reuse.take_group`), as `page` would have taken each: the pages
        listed in the sitemap, all as written."""
        assert self.reuse is not None
        # site paths made as strings, each file's Path once (pathlib's `/`
        # and relative_to for thousands of pages: docs/scale.md, "Session 12")
        under = self.out.relative_to(self.root).as_posix()
        under = "" if under == "." else under + "/"
        relatives = [under + (p + "index.html" if p.endswith("/") or not p else p)
                     for p in [*paths, *files]]
        targets = [self.root / relative for relative in relatives]
        for target in targets:
            self._folder(target.parent)
        group = PurePosixPath(under + name).as_posix()      # as pathlib wrote it: no end slash
        if not self.reuse.take_group(group, key, relatives, self.root):
            return False
        self.pages += [self.prefix.removeprefix(_prefix(self.data.base_url)) + p for p in paths]
        self.written += targets
        return True

    def _folder(self, folder: Path) -> None:
        if folder not in self._folders:
            folder.mkdir(parents=True, exist_ok=True)
            self._folders.add(folder)

    def absolute(self, path: str) -> str:
        """A page's address: absolute under the base URL, else root-relative."""
        return (self.meta.origin or "") + self.prefix + path

    def write(self, relative: str, content: str | bytes) -> None:
        target = self.out / relative
        self._folder(target.parent)
        if self.keyed is not None and self.reuse is not None:
            self.reuse.keys[target.relative_to(self.root).as_posix()] = self.keyed
        if isinstance(content, str):
            content = content.encode("utf-8")
        target.write_bytes(content)
        self.written.append(target)


class RowCells:
    """The markup of list rows, made once per entry and reused.

    A list's entry appears on ten pages (five views, the dated and the
    latest copy), and the home page's top rows are the latest list's; the
    cells after the position are the same on all of them, so they are made
    once, in Python (`_row_open`, `_row_cells`: a Jinja macro call per row
    cost more than the rest of the row), and the pages only join them
    (`list_rows`, docs/scale.md#rendering).  `start()` forgets the previous
    list's rows: one list's rows are held at a time.
    """

    def __init__(self, env: jinja2.Environment):
        self._url: Callable[[str], str] = env.globals["url"]            # type: ignore[assignment]
        self._gettext: Callable[[str], str] = env.globals["gettext"]    # type: ignore[assignment]
        self._done: dict[int, tuple[str, str]] = {}
        self._entries: list[object] = []          # keeps the ids valid

    def start(self) -> None:
        self._done.clear()
        self._entries.clear()

    def fill(self, rows: list[views.ListRow], show_k: bool, show_letter: bool) -> None:
        for row in rows:
            cells = self._done.get(id(row.entry))
            if cells is None:
                cells = (_row_open(row.entry),
                         _row_cells(row, show_k, show_letter, self._url, self._gettext))
                self._done[id(row.entry)] = cells
                self._entries.append(row.entry)
            row.cells = cells


def _blank_none(value: object) -> object:
    return "" if value is None else value


def _row_open(e) -> str:
    """A list row's opening tag: the data the page's filters read."""
    return (f'<tr data-fed="{escaped(e.federation)}" data-title="{escaped(e.title)}" '
            f'data-sex="{escaped(e.sex)}" data-born="{escaped(_blank_none(e.birth_year))}">')


def _row_cells(row: views.ListRow, show_k: bool, show_letter: bool,
               url: Callable[[str], str], gettext: Callable[[str], str]) -> str:
    """A list row's cells after the position, and its closing tag; each
    value escaped once (markupsafe, as the templates' autoescape does)."""
    e = row.entry
    name = escaped(e.name)
    link = f'<a href="{escaped(url(row.url))}">{name}</a>' if row.url else name
    sub = escaped(" · ".join(str(x) for x in (e.title, e.federation) if x))
    change = gettext(row.change) if row.change == "new" else row.change
    flags = " ".join(f'<abbr title="{escaped(gettext(meaning))}">{escaped(gettext(shown))}</abbr>'
                     for shown, meaning in row.flags)
    k = f'<td class="num opt">{escaped(_blank_none(e.k))}</td>' if show_k else ""
    letter = f'<td class="opt">{escaped(e.list_letter)}</td>' if show_letter else ""
    return (f'<td class="num">{escaped(e.rank)}</td>\n'
            f'<th scope="row">{link}<span class="sub">{sub}</span></th>\n'
            f'<td class="opt-narrow">{escaped(e.title)}</td>\n'
            f'<td class="opt-narrow">{escaped(e.federation)}</td>\n'
            f'<td class="opt">{escaped(_blank_none(e.birth_year))}</td>\n'
            f'<td class="num">{escaped(e.rating)}</td>\n'
            f'<td class="num">{escaped(change)}</td>\n'
            f'<td class="num opt">{escaped(e.games)}</td>\n'
            f'{k}{letter}<td class="opt">{flags}</td>\n</tr>')


def list_rows(rows: list[views.ListRow], show_position: bool) -> Markup:
    """A list table's body (`_macros.html` list_table): each row's two
    parts (`RowCells`) around its position cell, one string a table."""
    if show_position:
        return Markup("".join(f'{row.cells[0]}\n<td class="num opt">{escaped(row.position)}'
                              f'</td>{row.cells[1]}\n' for row in rows))
    return Markup("".join(f"{row.cells[0]}\n{row.cells[1]}\n" for row in rows))


LOGOS = ("logo.svg", "logo.png", "logo.webp")


def _apply_theme(meta: views.SiteMeta, theme: Path | None) -> None:
    """What the theme's static/ folder adds to every page: theme.css, a logo."""
    static = theme / "static" if theme is not None else None
    if static is None or not static.is_dir():
        return
    meta.theme_css = (static / "theme.css").is_file()
    meta.logo = next((f"static/{name}" for name in LOGOS if (static / name).is_file()), None)


def _apply_site_theme(w: _Writer, site_theme: SiteTheme) -> None:
    """site.toml's [theme]: its logo (before the theme folder's) and its
    accent as CSS custom properties in static/accent.css (the pages' CSP
    allows no inline style), linked after style.css and before theme.css."""
    if site_theme.logo and w.content is not None:
        name = "static/brand/" + Path(site_theme.logo).name
        w.meta.logo = name
        w.extra_static[name] = (w.content / site_theme.logo).read_bytes()
    if site_theme.accent:
        w.meta.accent_css = True
        w.extra_static["static/accent.css"] = ACCENT_CSS.format(
            accent=site_theme.accent).encode()


# [theme] accent (docs/content-format.md, "Theme"): the custom properties of
# templates/static/style.css that carry the brand colour
ACCENT_CSS = ":root {{ --accent: {accent}; --link: {accent}; }}\n"


def _prefix(base_url: str) -> str:
    path = urlsplit(base_url or "").path or "/"
    return path if path.endswith("/") else path + "/"


def _home(w: _Writer) -> None:
    home = views.home(w.data, w.links)
    for summary in home.lists:
        w.rows.start()
        w.rows.fill(summary.top, summary.show_k, summary.show_letter)
    w.page("", "home.html", w.data.name, home=home,
           description=gettext("Rating lists, players, events, title norms and the "
                               "regulations of %(site)s.") % {"site": w.data.name})


def _lists(w: _Writer) -> None:
    w.page("lists/", "lists_index.html", gettext("Rating lists"),
           lists=views.lists_index(w.data, w.links))
    published_lists = []
    for (game, name), published in sorted(w.data.lists.items()):
        base = f"lists/{game}/{name}/"
        w.page(base + "dates/", "list_dates.html",
               gettext("%(list)s: list dates") % {"list": views.list_title(game, name)},
               dates=views.list_dates(game, name, published, w.links))
        if not published:
            w.page(base, "list.html", views.list_title(game, name), view=None,
                   game=game, list_name=name)
            continue
        published_lists += [(game, name, index) for index in range(len(published))]
    published_lists = [item for item in published_lists if not _list_taken(w, item)]
    # queued: this process goes on to the next sections while the workers
    # render the lists (their results are taken at the end of the language)
    _fan_out(w, _list_pages, published_lists, _list_views, later=True)


def _list_folders(w: _Writer,
                  item: tuple[str, str, int]) -> list[tuple[str, str, views.Variant]]:
    """The (folder, path, variant) of each page of one published list: a
    page a variant in its dated folder, and, while it is the latest, its
    main view (by rank) again in the list's own folder.  The latest copies
    of the other views are not made: a new list would rewrite them all
    (docs/scale.md#incremental-builds); the latest page links to the dated
    ones and filters its rows in the page (static/lists.js)."""
    game, name, index = item
    published, base = w.data.lists[(game, name)], f"lists/{game}/{name}/"
    dated = f"{base}{published[index].key}/"
    pages = [(dated, dated + (variant.slug + "/" if variant.slug else ""), variant)
             for variant in views.VARIANTS]
    return pages + ([(base, base, views.VARIANTS[0])] if index + 1 == len(published) else [])


def _list_views(w: _Writer, item: tuple[str, str, int]) -> list[tuple]:
    """The pages of one published list, its views dated and its main view
    latest (`_list_folders`): (path,
    view, game, list, head title, description) each."""
    game, name, index = item
    published = w.data.lists[(game, name)]
    pl, base = published[index], f"lists/{game}/{name}/"
    previous = published[index - 1] if index else None
    pages = []
    for folder, path, variant in _list_folders(w, item):
        view = views.list_view(pl, variant, folder, w.links, previous)
        pages.append((path, view, game, name,
                      view.title + (gettext(" (latest)") if folder == base else ""),
                      views.list_description(view, pl)))
    return pages


def _list_taken(w: _Writer, item: tuple[str, str, int]) -> bool:
    """The pages of one published list linked from the previous site
    without making their views, when it made them of the same inputs
    (`_list_inputs`, `Reuse.take_group`)."""
    if w.reuse is None:
        return False
    paths = [path for _, path, _ in _list_folders(w, item)]
    game, name, index = item
    keyed = _list_digest(w, w.data.lists[(game, name)][index]) is not None
    return w.taken_group(paths[0], w.reuse.key(*_list_inputs(w, item)) if keyed else None, paths)


def _list_inputs(w: _Writer, item: tuple[str, str, int]) -> tuple:
    """All that the pages of one published list are made of: the list, the
    previous one's date, whether it is the latest, and what `views.list_view`
    reads of the links (its players' and delisted players' pages and names,
    its events' names and pages, its downloads), with the language and the
    site's header.  The same inputs, the same views: tests/test_incremental.py
    renames an event, which changes no list but the name the list that rated
    it links it by, and finds that list's pages rendered again."""
    game, name, index = item
    published, links = w.data.lists[(game, name)], w.links
    pl, previous = published[index], published[index - 1] if index else None
    return ("list pages", w.prefix, w.meta.lang, w.meta, _list_digest(w, pl),
            previous.date if previous else None, index + 1 == len(published), links.large,
            [links.player_path(game, e.id) for e in pl.entries],
            [(links.player_path(game, pid), views._player_name(links, game, pid))
             for pid in pl.delisted],
            [(links.event_name(s), links.event_path(s)) for s in pl.events],
            links.downloads(pl, N_("Fixed-width text")))


def _list_digest(w: _Writer, pl) -> str | None:
    """The key of one published list, made once (its pages' and its
    downloads' keys take it)."""
    at = (pl.game, pl.list, pl.date)
    if at not in w.lists_keyed:
        w.lists_keyed[at] = list_digest(pl) if w.reuse is not None else None
    return w.lists_keyed[at]


def _list_pages(w: _Writer, pages: list[tuple]) -> None:
    """The pages of one published list (`_list_views`), its rows rendered
    once (`RowCells`)."""
    w.rows.start()
    for path, view, game, name, head_title, description in pages:
        w.page(path, "list.html", view.title, view=view, game=game, list_name=name,
               prepare=functools.partial(_fill, w, view), head_title=head_title,
               description=description)


def _fill(w: _Writer, view: views.ListView) -> None:
    """A list page's rows, rendered once per entry (`RowCells`)."""
    for group in view.groups:
        w.rows.fill(group.rows, view.show_k, view.show_letter)


# An FMJD norm's kind (fmjd Annex 10 §2.2: a red or a black norm; §3.4: an
# automatic one), translated as a kind of norm ("black" is also the colour of
# a game's pieces in the catalogue, a different word in Italian).
_NORM_KINDS: dict[str, Callable[[], str]] = {
    "red": lambda: i18n.pgettext("norm kind", "red"),
    "black": lambda: i18n.pgettext("norm kind", "black"),
    "automatic": lambda: i18n.pgettext("norm kind", "automatic")}


def norm_kind(kind: str | None) -> str | None:
    """A norm's kind as pages show it (`_NORM_KINDS`; a FIDE norm's kind,
    none of these, as given)."""
    shown = _NORM_KINDS.get(kind) if kind else None
    return shown() if shown else kind


def _downloads(w: _Writer) -> None:
    """Each list's downloads, once for its date (none for a list identical
    to the one before: downloads.sources) and again as the latest; written
    by the first language only (the others link to them)."""
    items = [(game, name, index) for (game, name), published in sorted(w.data.lists.items())
             for index in range(len(published))] if w.first else []
    jobs = [job for job in map(functools.partial(_download_job, w), items) if job is not None]
    _fan_out(w, _write_downloads, jobs, later=True)
    w.page("downloads/", "downloads.html", gettext("Downloads"),
           groups=views.downloads_index(w.data, w.links),
           columns=downloads.TEXT_COLUMNS)


class _Downloads(NamedTuple):
    """What one published list's downloads are written of, in whichever
    process (`_write_downloads`): the list, and each stem with its files'
    key (None: not keyed)."""

    list: Any                   # sitegen.compute.sitedata.PublishedList
    stems: list[tuple[str, str | None]]
    compact: bool
    plain: bool

    def __reduce__(self) -> tuple:
        """Pickled for a worker with the list's entries packed
        (`downloads.packed`): made into entries a block at a time there,
        and only for a job a worker takes (docs/scale.md#memory-session-18)."""
        return _Downloads, (downloads.packed(self.list), self.stems, self.compact, self.plain)


def _download_job(w: _Writer, item: tuple[str, str, int]) -> _Downloads | None:
    """One published list's downloads to write (none of its own when it is
    identical to the one before: downloads.sources); the latest's also
    under -latest, but on a large site, whose latest links go to the dated
    files (docs/scale.md#output-size).  A stem's files the previous site
    made of the same list are taken from it here (`_taken_files`); None
    when nothing is left to write."""
    game, name, index = item
    published = w.data.lists[(game, name)]
    pl = published[index]
    stems = [f"{game}-{name}-{pl.key}"] if w.links.download_source(pl) is pl else []
    if index == len(published) - 1 and not w.links.large:
        stems.append(f"{game}-{name}-latest")
    todo: list[tuple[str, str | None]] = []          # (stem, its files' key)
    for stem in stems:
        digest = _list_digest(w, pl)                # None: not keyed, always written
        if not _taken_files(w, stem, ("downloads", stem, digest, w.links.large) if digest
                            else None):
            todo.append((stem, w.keyed))
    w.keyed = None
    return _Downloads(pl, todo, w.links.large, not w.links.large) if todo else None


def _write_downloads(w: _Writer, job: _Downloads) -> None:
    """A list's downloads (`_download_job`), streamed: each piece made
    once, written to the dated and latest files."""
    pl, todo = job.list, job.stems
    paths = downloads.write_files(pl, w.out / "downloads", [stem for stem, _ in todo],
                                  compact=job.compact, plain=job.plain)
    w.written.extend(paths)
    for stem, key in todo:              # each file's key, as `_Writer.write` records it
        if key is not None and w.reuse is not None:
            for path in paths:
                if path.name.startswith(f"{stem}."):
                    w.reuse.keys[path.relative_to(w.root).as_posix()] = key


def _taken_files(w: _Writer, stem: str, given: tuple | None) -> bool:
    """A list's downloads `downloads/STEM.*` linked from the previous site,
    when it made them of the same list (`Reuse.take`); else their key is
    recorded for the files written next (`_Writer.write`).  No `given`:
    no key (written, and taken by no later build)."""
    if w.reuse is None:
        return False
    key = w.reuse.key(*given) if given is not None else None
    w.keyed = key
    names = w.reuse.stemmed(f"downloads/{stem}")
    if key is None or not names:
        return False
    w._folder(w.out / "downloads")
    taken = [w.reuse.take(name, key, w.out / name) for name in names]
    if all(taken):
        w.written += [w.out / name for name in names]
        w.keyed = None
        return True
    for name, done in zip(names, taken, strict=True):
        if done:
            (w.out / name).unlink()          # rendered again with the others
    w.reuse.untake([name for name, done in zip(names, taken, strict=True) if done])
    return False


def _players(w: _Writer) -> None:
    if w.links.large:
        _player_shards(w)
        return
    w.page("players/", "players_index.html", gettext("Players"),
           players=views.players_index(w.data, w.links))
    keys = sorted(w.data.players)
    _fan_out(w, _player_page, (key for key in keys if not _player_taken(w, key)),
             later=True, most=len(keys))


def _player_taken(w: _Writer, key: tuple[str, str]) -> bool:
    """A player's page linked from the previous site without making its
    view, when it was made of the same inputs (`_player_inputs`,
    `Reuse.take_group`)."""
    if w.reuse is None:
        return False
    path = w.links.player_path(*key)
    assert path is not None, f"{key}: every player of the site has a page"
    inputs = _player_inputs(w, key, path)
    keyed = all(part is not None for _, part in inputs[-1])   # each event he names keyed
    return w.taken_group(path, w.reuse.key(*inputs) if keyed else None, [path])


def _player_inputs(w: _Writer, key: tuple[str, str], path: str) -> tuple:
    """All that a player's page is made of (`views.player_view`): his
    record (without his history and events, `sitegen.manifest._field_names`),
    his history up to its last change and its lists' pages, his events,
    his standings as his page shows them, the latest lists' pages, and,
    for each event his page names, what it reads of it (`_event_part`:
    its report, which holds his games and opponents, its players' pages
    and its list's); with the language, the site's header and his page's
    address.  tests/test_incremental.py renames an event and finds its
    players' pages made again."""
    p, links = w.data.players[key], w.links
    history = {name: views.until_last_change(rows) for name, rows in sorted(p.history.items())}
    slugs = sorted({*p.events, *(n.event for n in p.norms),
                    *(s for rows in history.values() for r in rows for s, _ in r.events)})
    assert w.facts is not None, "render_site makes the facts of a site with player pages"
    return ("player page", w.prefix, w.meta.lang, w.meta, links.large, path,
            w.absolute(path), p, history, p.events,
            [[links.list_path(p.game, name, r.date) for r in rows]
             for name, rows in history.items()],
            [links.latest_list_path(p.game, name) for name in p.ratings],
            views._standings(p, w.facts), [(s, _event_part(w, s)) for s in slugs])


def _event_part(w: _Writer, slug: str) -> str | None:
    """The key of what a player's page reads of an event (its report, its
    players' pages, its list's page), made once per event; "" for a slug
    that is no event of the site; None when the report gives no key (the
    page is then always rendered)."""
    if slug not in w.event_parts:
        report, links = w.links.events.get(slug), w.links
        if report is None or w.reuse is None:
            w.event_parts[slug] = ""
        else:
            digest, paths, _ = _event_of(w, report)
            w.event_parts[slug] = digest and w.reuse.key(
                digest, paths, links.list_path(report.game, report.list, report.list_date))
    return w.event_parts[slug]


def _player_page(w: _Writer, key: tuple[str, str]) -> None:
    assert w.facts is not None, "render_site makes the facts of a site with player pages"
    view = views.player_view(w.data.players[key], w.data, w.links, w.facts)
    record, path = view.record, w.links.player_path(*key)
    assert path is not None, f"{key}: every player of the site has a page"
    w.page(path, "player.html", record.name, view=view,
           structured=views.person_data(record, w.absolute(path)),
           head_title=f"{record.name} ({view.game_name}, {record.id})",
           description=gettext("%(name)s: %(game)s ratings, rating history, events, "
                               "norms and titles.") % {"name": record.name,
                                                       "game": view.game_name})


def _player_shards(w: _Writer) -> None:
    """A large site's players, views.SHARD_SIZE to a page (views.LARGE_SITE),
    and players/shards.json, by which the 404 page finds /players/<id>/."""
    shards = w.links.shards
    w.page("players/", "players_shards.html", gettext("Players"), shards=shards)
    # the views made by the workers: those of a page of players read only
    # its players' records, which the checker's and the search's tasks read
    # whole anyway (docs/scale.md, "Session 13": no more memory)
    _fan_out(w, _shard_page, shards, _shard_views, there=True, later=True)
    index = {"path": w.prefix + "players/by-id/", "first": [s.first for s in shards],
             "last": [s.last for s in shards]}
    w.write("players/shards.json", json.dumps(index, separators=(",", ":")) + "\n")


def _shard_views(w: _Writer, shard: views.PlayerShard) -> tuple:
    return shard.path, shard.first, shard.last, views.shard_view(shard, w.data, w.links)


def _shard_page(w: _Writer, shard: tuple) -> None:
    path, first, last, players = shard
    w.page(path, "players_shard.html",
           gettext("Players %(first)s to %(last)s") % {"first": first, "last": last},
           players=players)


def _events(w: _Writer) -> None:
    w.page("events/", "events_index.html", gettext("Events"),
           events=views.events_index(w.data, w.links))
    every = sorted(w.data.events, key=lambda r: r.slug)
    reports = (r for r in every if not _event_taken(w, r))
    # made by the workers on any site: an event's views read its report and
    # its players' addresses, not the players (docs/scale.md, "Session 13":
    # at FIDE's size this process made them after the workers had nothing
    # else to do, 24 s of the render's last 31)
    _fan_out(w, _event_page, reports, _event_views, there=True, later=True, most=len(every),
             links=_event_links)


def _event_links(w: _Writer, report) -> views.Links:
    """What an event's views read of the links: its players' addresses,
    its list's page and its regulation's (`views.Links.part`); the
    addresses its key took, if any (`_event_of`: the report not read
    twice, 3 s at FIDE's size)."""
    if report.slug in w.events_keyed:
        ids, paths = w.event_ids[report.slug], w.events_keyed[report.slug][1]
        return w.links.part(report.game, ids, paths)
    return w.links.part(report.game, [p.get("id") for p in report.result.get("players", [])])


def _event_taken(w: _Writer, report) -> bool:
    """An event's page, standings and file linked from the previous site
    without making its view, when it made them of the same inputs
    (`_event_inputs`, `Reuse.take_group`)."""
    if w.reuse is None:
        return False
    path, source = f"events/{report.slug}/", _event_source_path(w, report.source)
    files = ([path + "standings.csv"] if _event_of(w, report)[1] else []) + (
        [path + source.name] if source is not None else [])
    keyed = _event_of(w, report)[0] is not None        # else always rendered
    key = w.reuse.key(*_event_inputs(w, report, path, source)) if keyed else None
    return w.taken_group(path, key, [path], files)


def _event_inputs(w: _Writer, report, path: str, source: Path | None) -> tuple:
    """All that an event's page and files are made of: its report, what
    `event_views.event_view` reads of the links (its players' pages, its
    list's, its edition's regulation), the page's address, the bytes of its
    file, with the language and the site's header (tests/test_incremental.py
    adds a comment to an event's file: its file is published again)."""
    links = w.links
    digest, paths, regulation = _event_of(w, report)
    return ("event page", w.prefix, w.meta.lang, w.meta, digest, links.large, paths,
            links.list_path(report.game, report.list, report.list_date), regulation,
            w.absolute(path), source.read_bytes() if source is not None else None)


def _event_of(w: _Writer, report) -> tuple[str | None, list[str | None], str | None]:
    """An event's report as keys take it (`sitegen.manifest.event_digest`),
    its players' pages and its edition's regulation's, made once per event
    (and its players' ids: `_event_links`)."""
    if report.slug not in w.events_keyed:
        digest, ids, edition = event_digest(report)
        w.events_keyed[report.slug] = (digest, [w.links.player_path(report.game, pid)
                                                for pid in ids],
                                       w.links.regulation_path(edition))
        w.event_ids[report.slug] = ids
    return w.events_keyed[report.slug]


def _event_views(w: _Writer, report) -> tuple:
    path = f"events/{report.slug}/"
    view = views.event_view(report, w.links)
    return (path, report.name, report.source, view,
            views.event_description(report), views.event_data(report, w.absolute(path)))


def _event_page(w: _Writer, event: tuple) -> None:
    path, name, source, view, description, structured = event
    if view.players:
        w.write(path + "standings.csv", downloads.standings_csv(view.players, view.tiebreaks))
    # a large site's tables lean, without the attributes no reader needs
    # (sitegen.site.lean, docs/scale.md#output-size)
    w.page(path, "event.html", name, view=view, description=description,
           structured=structured, source_file=_event_source(w, source, path))


def _event_source(w: _Writer, relative: str | None, path: str) -> str | None:
    """The event's file as the content holds it (`relative` to it),
    published beside its page (a federation's own file, for anyone to
    check again); its name."""
    source = _event_source_path(w, relative)
    if source is None:
        return None
    w.write(path + source.name, source.read_bytes())
    return source.name


def _event_source_path(w: _Writer, relative: str | None) -> Path | None:
    source = w.content / relative if w.content is not None and relative else None
    return source if source is not None and source.is_file() else None


def _norms(w: _Writer) -> None:
    w.page("norms/", "norms.html", gettext("Title norms and conversion tables"),
           tables=views.norm_tables(), register=norm_register(w.data, w.links))


def _worldcup(w: _Writer) -> None:
    if not w.data.worldcup:
        return
    w.page("worldcup/", "worldcup_index.html", gettext("FMJD World Cup"),
           seasons=sorted(w.data.worldcup, key=lambda s: s.slug))
    for season in sorted(w.data.worldcup, key=lambda s: s.slug):
        for path, view in views.worldcup_views(season, w.links):
            w.page(path, "worldcup.html", view.title, view=view)


def _regulations(w: _Writer) -> None:
    docs = views.regulation_docs(w.regulations)
    if not docs:
        return
    w.page("regulations/", "regulations_index.html", gettext("Regulations"), docs=docs,
           timeline=editions_timeline(w.data.built, docs))
    for doc in docs:
        w.page(f"regulations/{doc.slug}/", "regulation.html", doc.title, doc=doc)


def _pages(w: _Writer) -> None:
    for slug in sorted(w.data.pages):
        page = views.markdown_page(slug, w.data.pages[slug], w.prefix)
        w.page(f"pages/{slug}/", "page.html", page.title, page=page)


def _search(w: _Writer) -> None:
    if w.links.large:       # split by the name's first letters (views.LARGE_SITE)
        index, parts = views.search_shards(w.data, w.links, w.prefix)
        for key, part in parts.items():
            w.write(f"search/{key}.json", _compact_json(part))
    else:
        index = views.search_index(w.data, w.links, w.prefix)
    w.write("search/index.json", _compact_json(index))


def _compact_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


# Assets only a large site uses (views.LARGE_SITE): the 404 page's way to
# /players/<id>/ (static/search.js reads either kind of search index).
_LARGE_ONLY = ("static/large-site.js",)


def _static(w: _Writer) -> None:
    """The package's static files, then the theme's: one of the same name
    replaces the package's (its stylesheet, say), others are added."""
    files = dict(_static_files(templates_root() / "static", "static"))
    if w.theme is not None and (w.theme / "static").is_dir():
        files.update(_static_files(w.theme / "static", "static"))
    files.update(w.extra_static)
    for relative in sorted(files):
        if relative in _LARGE_ONLY and not w.links.large:
            continue
        w.write(relative, files[relative])


def _static_files(folder, relative: str) -> Iterator[tuple[str, bytes]]:
    for item in sorted(folder.iterdir(), key=lambda x: x.name):
        name = f"{relative}/{item.name}"
        if item.is_dir():
            yield from _static_files(item, name)
        elif not item.name.startswith((".", "__")):
            yield name, item.read_bytes()


def _errors(w: _Writer) -> None:
    w.page("404.html", "404.html", gettext("Page not found"), sitemap=False)
    if w.first:
        w.write("robots.txt", _robots(w.data.base_url))


def _robots(base_url: str) -> str:
    lines = ["User-agent: *", "Allow: /"]
    if base_url:
        lines.append(f"Sitemap: {base_url.rstrip('/')}/sitemap.xml")
    return "\n".join(lines) + "\n"


def _check(w: _Writer) -> None:
    """/check/, /check/norm/, /check/rating/ and the browser bundle (Pyodide
    runtime, the rules_core wheel): sitegen.browser.pages; the bundle taken
    from the previous site when made of the same inputs
    (sitegen.manifest.checker_bundle)."""
    root = w.out if w.first else w.out.parent
    if w.first:
        anchors = citation_anchors(w.regulations)
        w.write("static/check/citations.json", json.dumps(anchors, separators=(",", ":")))
    if w.first:          # before the pages, which carry its bundle.json (bundle_text)
        w.written += checker_bundle(w.out, w.reuse, w.root)
    w.written += checkpages.render_check_pages(w.env, w.data, w.out, meta=w.meta, root=root,
                                               bundle=False)
    w.pages += [w.prefix.removeprefix(_prefix(w.data.base_url)) + path
                for path, _, _ in checkpages.PAGES]


def _feed(w: _Writer) -> None:
    root = (w.data.base_url.rstrip("/") + "/") if w.data.base_url else w.prefix
    feed = views.feed(w.data, w.links, root)
    w.write("feed.xml", w.env.get_template("feed.xml").render(feed=feed))


def _sitemap(w: _Writer) -> None:
    """One sitemap.xml at the root for every language: the pages of a
    language under /<lang>/ are recorded with it (`_Writer.page`)."""
    root = (w.data.base_url.rstrip("/") + "/") if w.data.base_url else w.prefix
    # urlsplit(base).path is the prefix, so the page path goes after the base
    urls = sorted(root + path for path in w.pages)
    w.write("sitemap.xml", w.env.get_template("sitemap.xml").render(urls=urls))


# In a worker of their own when its workers hold the site data (`_WORKER`),
# queued in this order, the longest first, before the other sections.
_ALONE = (_check, _search, _worldcup, _norms)
