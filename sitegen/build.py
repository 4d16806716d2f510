"""`sitegen build`: content in, a static site out, or nothing at all.

Read and check everything (every problem with file:line, the build stops
once, at the end), compute, render into a temporary folder beside the
output, then swap it in: a failed build leaves the previous site untouched,
and a killed one too: the output folder is at every instant the previous
site or the new one, whole (`swap_folders`), and the next build removes
what a killed one left behind (`remove_stale`).  Before the swap, every
file whose bytes did not change is made a hard link to the previous site's
(`sitegen.manifest.carry_over`): it keeps its inode and modification time,
and the build reports what it added, modified and removed.  A site the same
content and code made, intact, is not rendered again at all; otherwise a
page whose template is given what the previous site's was given is taken
from it, not rendered again (`sitegen.manifest.Reuse`).  The events' files
as parsed, each event as rated and the regulations' pages are kept between
builds under the digest of their inputs and of the code (`sitegen.cache`).
"""

from __future__ import annotations

import ctypes
import errno as _errno
import os
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from rules_core.collector import collector_paused
from sitegen.browser.bundle import BundleError
from sitegen.cache import Cache, cached, folder_for, spare_folders, using
from sitegen.compute.pipeline import compute, rating_problems
from sitegen.content.folder import ContentError, load_content
from sitegen.manifest import (
    MANIFEST,
    Changes,
    QuickCheck,
    Reuse,
    carry_over,
    code_digest,
    inputs_digest,
    site_files,
    templates_digest,
    tree_digest,
    unchanged_site,
    write_manifest,
)
from sitegen.report import build_lines
from sitegen.site.regulations import load_regulations
from sitegen.site.render import render_site

__all__ = ["build", "BuildError", "swap_folders", "remove_stale", "remove_tree", "empty_tree"]


class BuildError(Exception):
    """The build stopped; `lines` are the problems, one per line, and
    `problems` the (file, Problem) pairs when the content made them."""

    def __init__(self, lines: list[str], problems: list | None = None):
        self.lines = lines
        self.problems = problems or []
        super().__init__("\n".join(lines))


def build(content_dir: Path, out: Path, show_progress: bool | None = None,
          strict: bool = False, problems: list | None = None,
          changes: Changes | None = None) -> list[Path]:
    """Build the site of `content_dir` into `out`; return the site's files.

    The warnings of the content and of rating its events go into
    `problems` (printed to stderr when none is given); `strict` stops the
    build on a warning as on an error.  `changes`, if given, receives the
    paths added, modified and removed against the site `out` held."""
    code = code_digest()
    cache = Cache.open(folder_for(out), code)
    with collector_paused(), using(cache):
        try:
            content = load_content(content_dir)
        except ContentError as error:
            raise BuildError(build_lines(error.problems, strict), error.problems) from None
        with _progress(show_progress) as step:
            data = compute(content, progress=step, release=True)
            found = content.warnings + rating_problems(content, data)
            # the events as read and the registry, not read by render: freed
            # (docs/scale.md#memory)
            site_theme = content.settings.theme
            del content
            if strict and any(p.severity == "warning" for _, p in found):
                raise BuildError(build_lines(found, strict), found)
            if problems is not None:
                problems.extend(found)
            elif found:
                print("\n".join(build_lines(found)), file=sys.stderr)
            digests = (inputs_digest(content_dir), code)
            # which of the previous site's files need reading to be trusted
            quick = QuickCheck(cache.folder if cache else None, out)
            kept = _unchanged(out, digests, quick)
            if kept is not None:
                if changes is not None:
                    changes.kept = len(kept)
                    changes.cached = (cache.hits, cache.misses) if cache else (0, 0)
                return kept
            regulations = _regulations(content_dir / "regulations")
            reuse = Reuse(out.resolve(), templates_digest(content_dir, digests[1]), quick)
            try:
                theme = content_dir / "theme"
                return _swap_in(out, lambda tmp: render_site(
                    data, tmp, regulations, progress=step,
                    theme=theme if theme.is_dir() else None, content=content_dir,
                    site_theme=site_theme, reuse=reuse),
                    digests, changes, reuse, spare_folders(folder_for(out)))
            except BundleError as error:  # npm or the registry unavailable, a bad tarball
                raise BuildError(error.lines) from None
            finally:
                if changes is not None:
                    changes.taken = reuse.taken
                    changes.cached = (cache.hits, cache.misses) if cache else (0, 0)


def _regulations(folder: Path) -> list:
    """The regulations' pages, kept between builds under the digest of the
    folder's files (sitegen.cache)."""
    return cached("regulations", tree_digest([folder]), lambda: load_regulations(folder))


def _swap_in(out: Path, write, digests: tuple[str, str] | None = None,
             changes: Changes | None = None, reuse: Reuse | None = None,
             spare: Path | None = None) -> list[Path]:
    """Write into a fresh folder next to `out`, then exchange the two.

    `out` is at every instant either the previous site, whole, or the new
    one, whole (`swap_folders`).  Folders ``.NAME.*`` beside `out` left by
    a build killed earlier are removed first; a lock on the parent folder
    keeps two builds from removing each other's.  With `digests` (of the
    inputs and of the code), the files unchanged since the previous site
    are carried over and the manifest written (`sitegen.manifest`), with
    the pages' keys of `reuse`.  With `spare` (`sitegen.cache.spare_folders`),
    the fresh folder is the folders an earlier build kept there, emptied of
    files (`_scratch`), and the previous site's folders are kept there in
    turn, emptied (`_recycle`), instead of being removed."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    with _locked(out.parent):
        remove_stale(out)
        tmp, folders = _scratch(out, spare)
        held: set[str] | None = None    # the files `tmp` holds once swapped, when known
        try:
            files = write(tmp)
            _prune(tmp, folders, files)
            previous = None
            if digests is not None:
                previous = site_files(out) if out.is_dir() else set()
                _carry_over(tmp, out, files, digests, changes, reuse, previous)
            os.chmod(tmp, 0o755)
            swap_folders(tmp, out)
            held = previous
        finally:
            _recycle(tmp, spare, held)               # the previous site, or a failed one
    # the written files under `out`, their paths cut as strings (pathlib's
    # relative_to for each of thousands of files: docs/scale.md, "Session 12")
    start = len(str(tmp))
    return [Path(str(out) + str(f)[start:]) for f in files]


def _scratch(out: Path, spare: Path | None) -> tuple[Path, list[str]]:
    """A folder beside `out` to write the new site into, and the folders
    it already has.  Without `spare`, or where it cannot be moved beside
    `out` (another file system), an empty one; else the folders `_recycle`
    kept in `spare` (an earlier site's), every file in them removed
    (`empty_tree`): making the demo's 1,336 folders again took 0.8 s of
    processor time on this project's machine (ext4 looks for room for each
    new folder; docs/scale.md#incremental-builds)."""
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    if spare is None or spare.is_symlink() or not spare.is_dir():
        return tmp, []
    try:
        tmp.rmdir()                         # its name, kept under the lock, for the spare
        os.rename(spare, tmp)
    except OSError:                         # another file system: left for builds on its own
        tmp.mkdir(exist_ok=True)
        return tmp, []
    return tmp, empty_tree(tmp)


def _prune(root: Path, folders: list[str], files: list[Path]) -> None:
    """Remove those of `folders` (under `root`, from `_scratch`) that hold
    none of `files`, the deepest first: an earlier site's folders the new
    one does not have."""
    needed: set[str] = set()
    for path in files:
        folder = os.path.dirname(path)
        while folder not in needed and len(folder) > len(str(root)):
            needed.add(folder)
            folder = os.path.dirname(folder)
    for folder in sorted(folders, key=lambda f: f.count(os.sep), reverse=True):
        if folder not in needed:
            _removed(os.rmdir, [folder])


def _recycle(tmp: Path, spare: Path | None, held: set[str] | None = None) -> None:
    """After the swap `tmp` holds the previous site (or a failed build's
    files): removed (`remove_tree`), or, with `spare`, emptied of its files
    and kept there for the next build's `_scratch`.  `held`: the previous
    site's files (site paths, found by `carry_over`'s walk), removed by
    name without walking its folders again; whatever else a folder holds
    is removed by the next build's `_scratch`, which empties every folder."""
    if spare is None or not tmp.is_dir():
        remove_tree(tmp)
        return
    try:
        if held is None:
            empty_tree(tmp)
        else:
            _remove_files([os.path.join(tmp, *path.split("/")) for path in [*held, MANIFEST]])
        spare.parent.mkdir(parents=True, exist_ok=True)
        os.rename(tmp, spare)
    except OSError:
        remove_tree(tmp)                    # a spare already there, another file system


def empty_tree(root: Path) -> list[str]:
    """Remove every file under `root` (links to folders too, never
    followed), several at a time (`REMOVING_THREADS`); keep the folders,
    and return them (paths under `root`, `root` itself not included)."""
    folders: list[str] = []
    files: list[str] = []
    pending = [str(root)]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                    pending.append(entry.path)
                else:
                    files.append(entry.path)
    _remove_files(files)
    return folders


def _remove_files(files: list[str]) -> None:
    if len(files) < 64:
        _removed(os.unlink, files)
        return
    with ThreadPoolExecutor(REMOVING_THREADS) as pool:
        _in_slices(pool, os.unlink, files)


def _unchanged(out: Path, digests: tuple[str, str],
               quick: QuickCheck | None = None) -> list[Path] | None:
    """The site at `out`, when the same content and code made it and it is
    intact (`sitegen.manifest.unchanged_site`): nothing to render."""
    out = out.resolve()
    if not out.is_dir():
        return None
    with _locked(out.parent):
        return unchanged_site(out, *digests, quick)


def _carry_over(tmp: Path, out: Path, files: list[Path], digests: tuple[str, str],
                changes: Changes | None, reuse: Reuse | None, previous: set[str]) -> None:
    _, hashes = carry_over(tmp, out, files, changes, reuse.files if reuse else None,
                           reuse.linked if reuse else (), previous)
    write_manifest(tmp, hashes, *digests, reuse=reuse)
    if reuse is not None:
        reuse.quick.record(tmp, hashes)          # for the next build (QuickCheck)


def remove_stale(out: Path) -> list[Path]:
    """Remove the ``.NAME.*`` folders a killed build left beside `out`.

    Where the swap takes two renames, a build killed between them left the
    previous site at ``.NAME.*-old`` and no `out`: it is put back first."""
    if not out.exists():
        for old in sorted(out.parent.glob(f".{out.name}.*-old")):
            os.rename(old, out)
            break
    stale = sorted(p for p in out.parent.glob(f".{out.name}.*")
                   if p.is_dir() and not p.is_symlink())
    for path in stale:
        remove_tree(path)
    return stale


REMOVING_THREADS = 8


def remove_tree(root: Path) -> None:
    """`shutil.rmtree(root, ignore_errors=True)`, its files and folders
    removed by several threads, the deepest folders first.  Removing a
    folder waits on the disk, not the processor: on this project's machine
    (ext4 on a virtual disk) the previous demo site's 1,367 folders took
    2 to 6 s one after the other, under a second eight at a time
    (docs/scale.md#incremental-builds).  What a thread could not remove
    (a link to a folder, an error) is left to rmtree."""
    levels: dict[int, list[str]] = {}
    files: list[str] = []
    for folder, _, names in os.walk(root):
        levels.setdefault(folder.count(os.sep), []).append(folder)
        files += [os.path.join(folder, name) for name in names]
    with ThreadPoolExecutor(REMOVING_THREADS) as pool:
        _in_slices(pool, os.unlink, files)
        for depth in sorted(levels, reverse=True):
            _in_slices(pool, os.rmdir, levels[depth])
    shutil.rmtree(root, ignore_errors=True)


def _in_slices(pool: ThreadPoolExecutor, remove, paths: list[str]) -> None:
    """`remove` each of `paths`, a slice of them a thread of `pool`: one
    task a thread, not one a path (a task costs a future, a lock and a
    wake-up: on the demo's 2,198 files, 0.09 s one a path against 0.025 s
    for the plain loop on a quiet machine; the threads gain where the disk
    is slow, docs/scale.md#incremental-builds)."""
    list(pool.map(_removed, [remove] * REMOVING_THREADS,
                  [paths[i::REMOVING_THREADS] for i in range(REMOVING_THREADS)]))


def _removed(remove, paths: list[str]) -> None:
    """`remove` each of `paths`; what it cannot remove is left (to rmtree,
    which ignores it too, or in the emptied folder)."""
    for path in paths:
        try:
            remove(path)
        except OSError:
            pass


def swap_folders(new: Path, out: Path) -> str:
    """Put `new` at `out`; the previous `out`, if any, is left at `new`.

    Atomic where the system can exchange two paths: Linux renameat2 with
    RENAME_EXCHANGE (kernel 3.15, glibc 2.28), macOS renamex_np with
    RENAME_SWAP; a missing `out` is a plain rename, atomic everywhere.
    Elsewhere (Windows, other systems) two renames, with an instant between
    them when `out` does not exist (docs/limits.md).  Returns the way used.
    """
    if not out.exists():
        os.rename(new, out)
        return "rename"
    if _exchange(new, out):
        return "exchange"
    old = new.with_name(new.name + "-old")
    os.rename(out, old)
    os.rename(new, out)
    os.rename(old, new)
    return "two renames"


def _exchange(a: Path, b: Path) -> bool:
    """Exchange two paths in one system call; False where there is none."""
    libc = _libc()
    if libc is None:
        return False
    src, dst = os.fsencode(a), os.fsencode(b)
    if hasattr(libc, "renameat2"):
        result = libc.renameat2(_AT_FDCWD, src, _AT_FDCWD, dst, _RENAME_EXCHANGE)
    elif hasattr(libc, "renamex_np"):
        result = libc.renamex_np(src, dst, _RENAME_SWAP)
    else:
        return False
    if result != 0:
        errno = ctypes.get_errno()
        if errno in (_errno.ENOSYS, _errno.EINVAL, _errno.ENOTSUP):
            return False        # the file system cannot: two renames
        raise OSError(errno, os.strerror(errno), str(a), None, str(b))
    return True


_AT_FDCWD = -100            # <fcntl.h>
_RENAME_EXCHANGE = 2        # <linux/fs.h>
_RENAME_SWAP = 2            # <stdio.h> of macOS


def _libc():
    if sys.platform not in ("linux", "darwin"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


@contextmanager
def _locked(folder: Path):
    """An exclusive lock on `folder` (POSIX flock; nothing elsewhere)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


@contextmanager
def _progress(show: bool | None):
    """A progress display on a terminal (rich), silence elsewhere."""
    if show is None:
        show = sys.stderr.isatty()
    if not show:
        yield None
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                  transient=True, console=None) as progress:
        task = progress.add_task("reading content", total=None)
        yield lambda text: progress.update(task, description=text)
