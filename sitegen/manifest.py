"""Incremental builds: unchanged files kept as they were, and what changed.

A build renders the whole site into a fresh folder beside the output
(`sitegen.build`); before that folder is swapped in, `carry_over` compares
each of its files with the file of the same path in the site being
replaced.  A file whose bytes are the same is replaced by a hard link to the
previous one, so that it keeps its inode and modification time: for a web
server, rsync or a deploy tool that goes by dates, the file was not
touched.  The swap stays atomic (the output is at every instant the whole
previous site or the whole new one) because the links are made in the
folder that is not yet visible.

The folder gets `MANIFEST` (``.sitegen-manifest.json``): a SHA-256 of
every file's bytes, of the content folder's files (`inputs_digest`) and of
the code and templates that made them (`code_digest`); a site whose
manifest names the same two digests and whose files still have the bytes
recorded is the site the build would make, and is kept as it is
(`unchanged_site`).  `Changes` is the
list of paths added, modified and removed, which `sitegen build --changed
FILE` writes for deploy tools (docs/scale.md#incremental-builds).

The manifest also records each page's key: a SHA-256 of everything its
template is given (`Reuse.key`).  A page whose key is the one the previous
site recorded, and whose previous file still has its recorded bytes, is
not rendered again: the previous file is taken as it is (`Reuse.take`).
The checker's bundle is taken the same way, keyed by what it is made of
(`checker_bundle`, `bundle_inputs`).

Whether a previous file "still has its recorded bytes" is answered by
`QuickCheck`: by its size, modification time and inode as recorded just
after the build that wrote it (rsync's quick check), and by reading and
hashing it only where they differ.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import json
import marshal
import operator
import os
import pickle
import shutil
import stat
import sys
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, is_dataclass
from importlib import metadata
from pathlib import Path

from sitegen.compute.sitedata import EventReport

__all__ = ["MANIFEST", "Changes", "Reuse", "QuickCheck", "carry_over", "site_files",
           "inputs_digest", "code_digest",
           "templates_digest", "tree_digest", "write_manifest", "read_manifest", "unchanged_site",
           "checker_bundle", "bundle_inputs", "event_digest", "list_digest"]

MANIFEST = ".sitegen-manifest.json"
FORMAT = 1
# Libraries whose version changes the bytes written (templates, Markdown).
LIBRARIES = ("jinja2", "markupsafe", "markdown-it-py", "mdit-py-plugins")


@dataclass
class Changes:
    """Site paths (POSIX, relative to the output) a build added, modified
    and removed against the site it replaced, and those it kept."""

    added: list[str] = field(default_factory=list)
    modified: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: int = 0
    taken: int = 0          # pages taken from the previous site, not rendered (`Reuse`)
    cached: tuple[int, int] = (0, 0)   # results from sitegen.cache, and computed

    def lines(self) -> list[str]:
        """One line a path, ``A``/``M``/``D``, a tab, the path (the letters
        of `git diff --name-status`), sorted by path."""
        marked = ([(p, "A") for p in self.added] + [(p, "M") for p in self.modified]
                  + [(p, "D") for p in self.removed])
        return [f"{mark}\t{path}" for path, mark in sorted(marked)]

    def count(self) -> int:
        return len(self.added) + len(self.modified) + len(self.removed)


def carry_over(new: Path, old: Path, files: list[Path], changes: Changes | None = None,
               known: dict[str, str] | None = None, taken: Iterable[str] = (),
               previous: set[str] | None = None) -> tuple[Changes, dict[str, str]]:
    """Replace each of `files` (under `new`) whose bytes equal the file of
    the same path under `old` by a hard link to that file; return the
    changes (into `changes` if given) and each file's SHA-256 by site path.
    Without an `old` site every file is added.  A file that already is the
    old one is kept unread, its digest the one `known` (the previous
    manifest's) gives: a site path of `taken` (what `Reuse` linked, or
    copied where there are no hard links, after checking the previous
    file's bytes), or a file found to be the old one (one inode).
    `previous`: the old site's files (`site_files`), if the caller has them."""
    changes = Changes() if changes is None else changes
    digests: dict[str, str] = {}
    if previous is None:
        previous = site_files(old) if old.is_dir() else set()
    known = known or {}
    linked = set(taken)
    # paths joined as strings: pathlib's `/` for each of thousands of files
    # was a few ms of a month's build, where the building process works alone
    new_root, old_root = str(new), str(old)
    for relative in sorted({_relative(new, path) for path in files}):
        if relative in linked and relative in previous and relative in known:
            digests[relative] = known[relative]
            changes.kept += 1
            continue
        path, before = os.path.join(new_root, relative), os.path.join(old_root, relative)
        if relative in previous and relative in known and _linked(before, path):
            digests[relative] = known[relative]
            changes.kept += 1
            continue
        with open(path, "rb") as file:
            body = file.read()
        digests[relative] = hashlib.sha256(body).hexdigest()
        if relative not in previous:
            changes.added.append(relative)
        elif _same_bytes(before, body):
            _link(before, path)
            changes.kept += 1
        else:
            changes.modified.append(relative)
    changes.removed = sorted(previous - set(digests))
    changes.added.sort()
    changes.modified.sort()
    return changes, digests


def _relative(root: Path, path: Path) -> str:
    """The site path of `path` (a file under `root`): `relative_to`'s
    POSIX form, made from the strings (pathlib's is slow for thousands)."""
    text, prefix = str(path), str(root) + os.sep
    if not text.startswith(prefix):
        return path.relative_to(root).as_posix()          # raises as pathlib does
    return text[len(prefix):].replace(os.sep, "/")


def site_files(root: Path) -> set[str]:
    """The files of a built site, by site path (the manifest not counted)."""
    out = set()
    start = len(str(root)) + 1
    for folder, _, names in os.walk(root):
        under = folder[start:].replace(os.sep, "/")
        for name in names:
            out.add(f"{under}/{name}" if under else name)
    out.discard(MANIFEST)
    return out


def _linked(a: str | Path, b: str | Path) -> bool:
    """The two paths are one file (a hard link), `a` no symbolic link
    (two system calls: `is_symlink` and `samefile` took three, 47 ms for
    the demo's 2,198 files)."""
    try:
        first = os.lstat(a)
        if stat.S_ISLNK(first.st_mode):
            return False
        second = os.stat(b)
    except OSError:
        return False
    return (first.st_ino, first.st_dev) == (second.st_ino, second.st_dev)


def _same_bytes(path: str | Path, body: bytes) -> bool:
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode) or st.st_size != len(body):
            return False
        with open(path, "rb") as file:
            return file.read() == body
    except OSError:
        return False


def _link(previous: str | Path, path: str | Path) -> None:
    """`path` becomes the previous file itself (its inode, its mtime);
    where the file system has no hard links, a copy with its mtime."""
    os.unlink(path)
    try:
        os.link(previous, path)
    except OSError:
        shutil.copy2(previous, path)


# -- the manifest ------------------------------------------------------------------

def write_manifest(root: Path, digests: dict[str, str], inputs: str, code: str,
                   reuse: Reuse | None = None) -> Path:
    """`MANIFEST` in `root`: sorted, no date, the same bytes for the same
    site; with `reuse`, its salt and the key of each page, by site path."""
    document: dict[str, object] = {"format": FORMAT, "inputs": inputs, "code": code,
                                   "files": dict(sorted(digests.items()))}
    if reuse is not None:
        document |= {"salt": reuse.salt, "pages": dict(sorted(reuse.keys.items())),
                     "groups": dict(sorted(reuse.groups.items()))}
    target = root / MANIFEST
    target.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return target


def read_manifest(root: Path) -> dict | None:
    """The manifest of the site at `root`, or None (none, unreadable, or
    of another format)."""
    try:
        document = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return document if isinstance(document, dict) and document.get("format") == FORMAT else None


def unchanged_site(out: Path, inputs: str, code: str,
                   quick: QuickCheck | None = None) -> list[Path] | None:
    """The files of the site at `out` when the same inputs and code made it
    (its manifest says so) and it is as they left it (every file and no
    other, each with the SHA-256 recorded, `quick` telling which need
    reading); else None.  The same inputs and code give the same bytes
    (docs/architecture.md#data-flow), so such a site needs no render."""
    manifest = read_manifest(out)
    if manifest is None or (manifest.get("inputs"), manifest.get("code")) != (inputs, code):
        return None
    files = manifest.get("files")
    if not isinstance(files, dict) or set(files) != site_files(out):
        return None
    quick = quick or QuickCheck(None, out)
    if not all(quick.intact(relative, digest) for relative, digest in files.items()):
        return None
    if quick.hashed:
        quick.record(out, files)         # read whole: the next build need not (a copied site)
    return [out / relative for relative in sorted(files)]


# -- the quick check ------------------------------------------------------------------

class QuickCheck:
    """Whether a file of the site at `site` still has the bytes its
    manifest recorded, without reading it where that can be told.

    A build records, in its cache's folder (`cache`, sitegen.cache.Cache's,
    that of the code; none: every file is read), each file's size, modification time (ns) and
    inode as it swaps the site in, with the SHA-256 of the manifest they go
    with (`record`).  The next build takes a file whose three are as
    recorded as having the manifest's bytes, as rsync's quick check, make
    and git's index do; any other file is read and hashed (`hashed` counts
    them).  A file modified after the build changes its time, or its inode
    when an editor replaces it; a file whose time is not before the
    record's own is read even so, as git reads its "racily clean" files
    (written in the clock tick the record was, it could have changed
    unseen).  What the check cannot see is a file rewritten in place to
    the same size and given back its time (`touch -d`) on purpose, as rsync
    cannot (docs/scale.md#incremental-builds).  Reading and hashing the
    demo's files (128 MB with the checker's runtime) was 0.15 s of
    building it again unchanged, 0.83 s."""

    NAME = "quick-check-{}.json"

    def __init__(self, cache: Path | None, site: Path):
        self.site = Path(site).resolve()
        self.file = None if cache is None else Path(cache) / self.NAME.format(
            hashlib.sha256(str(self.site).encode()).hexdigest()[:16])
        self.known: dict[str, list[int]] = {}
        self.digests: dict[str, str] = {}   # the manifest's, which the known files have
        self.since = 0                    # the record's own time: files after it are read
        self.hashed = 0
        if self.file is not None:
            self._load(self.file)

    def _load(self, file: Path) -> None:
        """The record in `file`, if it goes with the site's manifest; else
        none (not made, unreadable, or of another site: every file read)."""
        try:
            document = json.loads(file.read_bytes())
            manifest = (self.site / MANIFEST).read_bytes()
            if (document.get("manifest") == hashlib.sha256(manifest).hexdigest()
                    and isinstance(document.get("files"), dict)):
                self.digests = json.loads(manifest)["files"]
                self.known = document["files"]
                self.since = file.stat().st_mtime_ns
        except (OSError, ValueError, AttributeError, KeyError, TypeError):
            pass

    def intact(self, relative: str, digest: str | None) -> bool:
        """The file at site path `relative` is a regular file whose bytes
        have the SHA-256 `digest` (the manifest's), by its record or read."""
        if digest is None:
            return False
        path = self.site / relative
        try:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode):
                return False
            if (st.st_mtime_ns < self.since
                    and self.known.get(relative) == [st.st_size, st.st_mtime_ns, st.st_ino]):
                return self.digests.get(relative) == digest
            self.hashed += 1
            return hashlib.sha256(path.read_bytes()).hexdigest() == digest
        except OSError:
            return False

    def record(self, root: Path, digests: dict[str, str]) -> None:
        """Record the files `digests` names under `root` (the new site with
        its manifest, before it is swapped in: the swap keeps inodes and
        times) for the next build; nothing without a cache folder, and
        nothing kept where it cannot be written (every file read then)."""
        if self.file is None:
            return
        try:
            files = {}
            top = str(root)
            for relative in sorted(digests):
                st = os.lstat(os.path.join(top, relative))
                files[relative] = [st.st_size, st.st_mtime_ns, st.st_ino]
            manifest = hashlib.sha256((root / MANIFEST).read_bytes()).hexdigest()
            self.file.parent.mkdir(parents=True, exist_ok=True)
            partial = self.file.with_name(self.file.name + ".partial")
            partial.write_text(json.dumps({"manifest": manifest, "files": files},
                                          separators=(",", ":")), encoding="utf-8")
            os.replace(partial, self.file)
        except OSError:
            try:
                self.file.unlink(missing_ok=True)     # no record rather than a stale one
            except OSError:
                pass


def templates_digest(content: Path, code: str) -> str:
    """SHA-256 of what a page's template reads besides what it is given:
    the `code` (`code_digest`) and the content's regulations (the `cite`
    filter links to them) and theme (templates replacing the package's)."""
    return tree_digest([content / "regulations", content / "theme"], code.encode())


def inputs_digest(content: Path) -> str:
    """SHA-256 over every file of the content folder, path and bytes."""
    return tree_digest([content])


def code_digest() -> str:
    """SHA-256 over what turns content into bytes: the sitegen and
    rules_core sources, the templates, the Python and library versions,
    SOURCE_DATE_EPOCH (the date in the checker's wheel, sitegen.browser.bundle)."""
    from sitegen.site.render import templates_root

    here = Path(__file__).resolve().parent
    roots = [here, here.parent / "rules_core"]
    templates = templates_root()
    if isinstance(templates, Path):
        roots.append(templates)
    versions = ([sys.version, f"SOURCE_DATE_EPOCH={os.environ.get('SOURCE_DATE_EPOCH', '')}"]
                + [_version(name) for name in LIBRARIES])
    return tree_digest(roots, "\n".join(versions).encode())


def tree_digest(roots: list[Path], extra: bytes = b"") -> str:
    """SHA-256 of `extra` and of every file under `roots` (its path from
    its root and its bytes' SHA-256, sorted); a missing root adds nothing."""
    digest = hashlib.sha256(extra)
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file()
                           and "__pycache__" not in p.parts):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


# -- pages not rendered again -------------------------------------------------------

class Reuse:
    """The pages of the previous site at `old` that a build may take as they
    are instead of rendering them again.

    A page's key is the SHA-256 of `salt` (`templates_digest`: the code,
    templates, regulations and theme) and of everything its template is
    given, pickled (`key`): the same key, the same bytes.  The previous
    manifest's keys and file digests say which previous page has it; such a
    page is linked into the new site (`take`); any other is rendered.  The
    players' records are keyed by the fields their pages show, not their
    whole history (`_field_names`; tests/test_incremental.py renders a page
    with and without the rest and finds the same bytes)."""

    def __init__(self, old: Path | None, salt: str, quick: QuickCheck | None = None):
        manifest = read_manifest(old) if old is not None and old.is_dir() else None
        if manifest is None or manifest.get("salt") != salt:
            manifest = {}                       # none, or made by other code or regulations
        self.old, self.salt = old, salt
        self.previous: dict[str, str] = dict(manifest.get("pages") or {})
        self.files: dict[str, str] = dict(manifest.get("files") or {})
        self.keys: dict[str, str] = {}          # this build's, by site path
        self.previous_groups: dict[str, str] = dict(manifest.get("groups") or {})
        self.groups: dict[str, str] = {}        # this build's keys of groups of pages
        # the site paths taken from the previous site (linked, or copied where
        # there are no hard links), which `carry_over` need not look at again
        self.linked: list[str] = []
        # which previous files still have their bytes (`_link`), and the
        # record of the new site's for the next build (sitegen.build)
        self.quick = quick or QuickCheck(None, old or Path())
        self._stems: dict[str, list[str]] | None = None     # `stemmed`'s index

    @property
    def taken(self) -> int:
        """How many pages were taken from the previous site, not rendered."""
        return len(self.linked)

    def untake(self, relatives: list[str]) -> None:
        """`relatives`, taken, were removed again (rendered with the others
        of their group)."""
        gone = set(relatives)
        self.linked = [r for r in self.linked if r not in gone]

    def key(self, *given: object) -> str | None:
        """The key of a page given `given`; None when it cannot be pickled
        (such a page is always rendered)."""
        buffer = io.BytesIO()
        pickler = _KeyPickler(buffer, protocol=PROTOCOL)
        # no memo: an object met twice is written twice, so the bytes do not
        # depend on which equal objects happen to be the same (a worker
        # process's strings are other objects than this one's)
        pickler.fast = True
        try:
            pickler.dump((self.salt, given))
        except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
            return None
        return hashlib.sha256(buffer.getvalue()).hexdigest()

    def stemmed(self, stem: str) -> list[str]:
        """The previous site's keyed files ``STEM.*`` (`stem`: a site path
        without its suffixes), sorted."""
        if self._stems is None:
            self._stems = {}
            for path in sorted(self.previous):
                folder, _, name = path.rpartition("/")
                named = name.split(".", 1)[0]
                self._stems.setdefault(f"{folder}/{named}" if folder else named, []).append(path)
        return self._stems.get(stem, [])

    def take(self, relative: str, key: str | None, target: Path) -> bool:
        """Record `key` for the page at `relative`; if the previous site has
        that page with that key and its recorded bytes, link it to `target`
        (a copy with its mtime where there are no hard links): True."""
        if key is None:
            return False
        self.keys[relative] = key
        if self.old is None or self.previous.get(relative) != key:
            return False
        return self._link(relative, target)

    def _link(self, relative: str, target: Path) -> bool:
        """The previous site's file at `relative`, if it has the bytes its
        manifest recorded, linked to `target` (a copy with its mtime where
        there are no hard links): True."""
        if self.old is None:
            return False
        source = self.old / relative
        if not self.quick.intact(relative, self.files.get(relative)):
            return False
        try:
            try:
                os.link(source, target)
            except OSError:
                shutil.copy2(source, target)
        except OSError:
            return False
        self.linked.append(relative)
        return True


    def take_group(self, name: str, key: str | None, relatives: list[str], root: Path) -> bool:
        """Record `key` for the group of files `name` (what they are all
        made of: their inputs, cheaper to key than the pages' contexts); if
        the previous site recorded the same key for it, link each of the
        files at `relatives` (site paths) from it into `root` (`_link`), a
        page with the key the previous site recorded for it: all or none.
        The same inputs give the same contexts, so the same keys and bytes."""
        if key is None:
            return False
        self.groups[name] = key
        if self.previous_groups.get(name) != key:
            return False
        for done, relative in enumerate(relatives):
            if relative in self.previous:
                self.keys[relative] = self.previous[relative]
            if not self._link(relative, root / relative):
                for taken in relatives[:done]:
                    (root / taken).unlink()          # rendered again with the others
                self.untake(relatives[:done])
                return False
        return True


    def take_keyed(self, key: str | None, root: Path) -> list[str] | None:
        """The files the previous site recorded with `key` (made together,
        and only making them tells which: the checker's bundle), each
        linked into `root` (`_link`): their site paths, or None when the
        previous site has none or one no longer has its recorded bytes
        (then none is taken)."""
        names = sorted(p for p, k in self.previous.items() if k == key) if key else []
        for done, name in enumerate(names):
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            if not self._link(name, root / name):
                for taken in names[:done]:
                    (root / taken).unlink()          # made again with the others
                self.untake(names[:done])
                return None
        self.keys.update((name, key) for name in names if key)
        return names or None


# -- the checker's bundle -------------------------------------------------------------

# The tools whose versions change the bundle's bytes besides the code's: the
# wheel's builders, the lock file's writer, Brotli (sitegen.browser.bundle).
BUNDLE_TOOLS = ("pip", "setuptools", "wheel", "pyodide-lock", "pydantic", "brotli")
# What sitegen.browser.bundle keeps in its own cache (cache_dir()) and reads.
BUNDLE_CACHED = ("wheels", "snapshots", "compressed")


def checker_bundle(out: Path, reuse: Reuse | None, root: Path) -> list[Path]:
    """The checker's bundle in the site `out` (`root` the site's folder):
    the previous site's files linked when it made them of the same inputs
    (`bundle_inputs`, `Reuse.take_keyed`), else made
    (`sitegen.browser.bundle.write_bundle`, half a second of an incremental
    build of the demo: docs/scale.md#incremental-builds) and keyed so."""
    from sitegen.browser.bundle import write_bundle

    key = reuse.key(*bundle_inputs()) if reuse is not None else None
    taken = reuse.take_keyed(key, root) if reuse is not None else None
    if taken is not None:
        return [root / name for name in taken]
    files = write_bundle(out)
    if reuse is not None and key is not None:
        reuse.keys.update((path.relative_to(root).as_posix(), key) for path in files)
    return files


def bundle_inputs() -> tuple:
    """What the checker's bundle is made of besides the code, whose digest
    is in every key's salt (its sources, templates and the pinned Pyodide):
    the project's version (the wheel's name), the versions of the tools
    that make it (`BUNDLE_TOOLS`, zlib's), Node's program (the memory
    snapshot), the environment that says where and whether, and what
    sitegen.browser.bundle's own cache holds (names and sizes: an entry
    made or removed there, a snapshot Node could not make, may change the
    bytes)."""
    from sitegen.browser.bundle import PYODIDE_VERSION, cache_dir, project_version

    cache, node = cache_dir(), shutil.which("node")
    return ("checker bundle", project_version(), [_version(n) for n in BUNDLE_TOOLS],
            zlib.ZLIB_RUNTIME_VERSION, node, _stat(node), str(cache),
            os.environ.get("SITEGEN_NO_SNAPSHOT", ""),
            _stat(str(cache / f"pyodide-{PYODIDE_VERSION}.tgz")),
            [_listing(cache / name) for name in BUNDLE_CACHED])


def _stat(path: str | None) -> tuple[int, int] | None:
    """(size, modification time in ns) of the file at `path`, or None."""
    try:
        found = os.stat(path) if path else None
    except OSError:
        return None
    return (found.st_size, found.st_mtime_ns) if found else None


def _listing(folder: Path) -> list[tuple[str, int]]:
    """Every file under `folder`: its path and size.  Not its date: a build
    dates the entries it uses (sitegen.browser.machine_cache), and an entry
    is a function of its name (the SHA-256 of its inputs), made again the
    same (the snapshot too: docs/browser.md, "A reproducible snapshot").
    Not the locks and partial files of entries being made (machine_cache):
    they hold no bytes of the bundle."""
    listed = []
    for where, _, names in os.walk(folder):
        for name in names:
            if name.endswith((".lock", ".partial")):
                continue
            path = os.path.join(where, name)
            found = _stat(path)
            if found is not None:
                listed.append((os.path.relpath(path, folder), found[0]))
    return sorted(listed)


def event_digest(report: EventReport) -> tuple[str | None, list[str | None], str | None]:
    """The SHA-256 of an event's report as a page's key takes it (its
    contract, `_report_fields`), its players' ids and its edition's
    regulation (what pages link besides the contract), kept between builds
    (sitegen.cache) under the SHA-256 of the bytes it holds: the contract
    is held compressed, and unpacking and pickling it was most of the
    events' keys (docs/scale.md#incremental-builds).  The same bytes are
    the same contract, so the same digest; other bytes of an equal
    contract (`_report_fields`) give the same digest too."""
    from sitegen.cache import active

    held, cache = getattr(report, "_result", None), active()
    if not isinstance(held, bytes) or cache is None:
        return _event_digest(report)
    fields = tuple(getattr(report, n) for n in type(report).__slots__ if n != "_result")
    key = cache.key("event digest", (fields, hashlib.sha256(held).hexdigest()))
    found, value = cache.get(key) if key is not None else (False, None)
    if found:
        return value                  # type: ignore[return-value]
    value = _event_digest(report)     # not counted with the results (`Changes.cached`)
    if key is not None:
        cache.put(key, value)
    return value


def _event_digest(report: EventReport) -> tuple[str | None, list[str | None], str | None]:
    result = report.result
    ids = [p.get("id") for p in result.get("players", [])]
    buffer = io.BytesIO()
    pickler = _KeyPickler(buffer, protocol=PROTOCOL)
    pickler.fast = True
    try:
        pickler.dump(report)
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None, ids, result.get("edition_source")
    return hashlib.sha256(buffer.getvalue()).hexdigest(), ids, result.get("edition_source")


def list_digest(pl: object) -> str | None:
    """The SHA-256 of a published list (sitegen.compute.sitedata's
    `PublishedList`) for the keys of its pages and downloads: its header
    and each entry's fields, as `marshal` writes them in its version 0,
    which writes every value in full (no references to objects met
    before, no interned strings: the bytes follow the values, not which
    equal objects are one).  Pickling the demo's 126 lists, entry by
    entry, was most of the lists' keys (docs/scale.md#incremental-builds).
    A list holding what marshal cannot write is keyed as a page is (`Reuse.key`'s pickler)."""
    from sitegen.compute.sitedata import ListEntry, PublishedList

    entries: list = getattr(pl, "entries", None) or []
    if type(pl) is PublishedList and all(type(e) is ListEntry for e in entries):
        names = tuple(f.name for f in fields(ListEntry))
        getter = operator.attrgetter(*names)
        head = (pl.game, pl.list, pl.date.toordinal(), pl.edition, pl.events, pl.delisted)
        try:
            body = marshal.dumps((names, head, [getter(e) for e in entries]), 0)
        except ValueError:
            pass                                # a value marshal cannot write
        else:
            return hashlib.sha256(body).hexdigest()
    return Reuse(None, "").key(pl)


def _fields_of(*values: object) -> None:
    """Stands for a dataclass instance in a page's key (never called)."""


class _Reducers(dict):
    """The key pickler's dispatch table: each class's reducer, made the
    first time an instance of it is pickled (`_reducer`).  A dispatch table
    and not `reducer_override`: the latter is a Python call for every
    object pickle does not write itself, the reduce function
    `_fields_of` among them (half of the calls, with nothing to do), where
    the table is consulted only for instances (pickle writes functions and
    classes itself): a page's key in half the time (docs/scale.md#incremental-builds)."""

    def __missing__(self, cls: type):
        if issubclass(cls, type):
            # a class whose metaclass is not `type` itself (ABCMeta: a
            # MutableMapping subclass such as sitedata.ByList): the C pickler
            # consults the table before it writes a class by its name, which
            # it does when the table has no entry (KeyError)
            raise KeyError(cls)
        reducer = self[cls] = _reducer(cls)
        return reducer


def _reducer(cls: type):
    """How a page's key pickles an instance of `cls` (see `_KeyPickler`)."""
    if cls is EventReport:
        return _report_fields
    names = _field_names(cls)
    whole = copyreg.dispatch_table.get(cls) or operator.methodcaller("__reduce_ex__", PROTOCOL)
    if not names:
        return whole                        # as pickle itself would
    head, getter = (cls.__module__, cls.__qualname__), operator.attrgetter(*names)
    # a player's record is keyed by some of its fields (`_field_names`)
    count = None if cls.__name__ == "PlayerRecord" else len(names)
    single = len(names) == 1

    def reduce(obj):
        state = getattr(obj, "__dict__", None)
        if count is not None and state is not None and len(state) != count:
            return whole(obj)               # attributes besides its fields: pickled whole
        values = getter(obj)
        return _fields_of, (head, (values,) if single else values)
    return reduce


def _report_fields(report: EventReport):
    """An event's report by its contract as data, not as held: marshal's
    bytes depend on which equal strings are one object (a tournament read
    from sitegen.cache shares others than one parsed anew)."""
    cls = type(report)
    return _fields_of, ((cls.__module__, cls.__qualname__), tuple(
        getattr(report, "result" if n == "_result" else n) for n in cls.__slots__))


class _KeyPickler(pickle.Pickler):
    """Pickles a page's context for its key.  A dataclass instance is its
    class's name and its fields' values, without the fields' names (a
    page's key is mostly rows of them: the names would be most of its
    bytes); a player's record only the fields a page shows of it
    (`_field_names`); an event's report its contract (`_report_fields`).
    Built-in containers, strings and numbers are pickle's own (exact
    types: a subclass is looked up in `_Reducers`).
    (A set pickles in its iteration order, which varies from one process
    to the next: a page given one would only be rendered again, never
    taken wrongly.)"""

    dispatch_table = _Reducers()


PROTOCOL = 5            # pickle's, fixed (sitegen.cache's too)


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields a page's key takes of an instance of `cls` (none: not a
    dataclass).  Of a player's record, those pages read: his history and
    events come to a page as rows and summaries (sitegen.site.views)."""
    from sitegen.compute.sitedata import PlayerRecord

    if not is_dataclass(cls):
        return ()
    names = tuple(f.name for f in fields(cls))
    if cls is PlayerRecord:
        names = tuple(n for n in names if n not in ("history", "events"))
    return names


def _version(name: str) -> str:
    try:
        return f"{name} {metadata.version(name)}"
    except metadata.PackageNotFoundError:
        return f"{name} absent"
