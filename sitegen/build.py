"""`sitegen build`: content in, a static site out, or nothing at all.

Read and check everything (every problem with file:line, the build stops
once, at the end), compute, render into a temporary folder beside the
output, then swap it in: a failed build leaves the previous site untouched.
"""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .bundle import BundleError
from .content import ContentError, load_content
from .pipeline import compute, rating_problems
from .regulations import load_regulations
from .render import render_site
from .report import build_lines

__all__ = ["build", "BuildError", "collector_paused"]


class BuildError(Exception):
    """The build stopped; `lines` are the problems, one per line, and
    `problems` the (file, Problem) pairs when the content made them."""

    def __init__(self, lines: list[str], problems: list | None = None):
        self.lines = lines
        self.problems = problems or []
        super().__init__("\n".join(lines))


def build(content_dir: Path, out: Path, show_progress: bool | None = None,
          strict: bool = False, problems: list | None = None) -> list[Path]:
    """Build the site of `content_dir` into `out`; return the files written.

    The warnings of the content and of rating its events go into
    `problems` (printed to stderr when none is given); `strict` stops the
    build on a warning as on an error."""
    with collector_paused():
        try:
            content = load_content(content_dir)
        except ContentError as error:
            raise BuildError(build_lines(error.problems, strict), error.problems) from None
        with _progress(show_progress) as step:
            data = compute(content, progress=step)
            found = content.warnings + rating_problems(content, data)
            if strict and any(p.severity == "warning" for _, p in found):
                raise BuildError(build_lines(found, strict), found)
            if problems is not None:
                problems.extend(found)
            elif found:
                print("\n".join(build_lines(found)), file=sys.stderr)
            regulations = load_regulations(content_dir / "regulations")
            try:
                theme = content_dir / "theme"
                return _swap_in(out, lambda tmp: render_site(
                    data, tmp, regulations, progress=step,
                    theme=theme if theme.is_dir() else None, content=content_dir))
            except BundleError as error:  # npm or the registry unavailable, a bad tarball
                raise BuildError(error.lines) from None


@contextmanager
def collector_paused():
    """No cyclic garbage collection while the build runs, as before after it.

    The build makes tens of millions of objects that live until its end and
    no reference cycles (bench/fide_scale.py: none left to collect after
    loading, computing or rendering FIDE-scale content); the collector's
    passes over those objects were a quarter of the build's time.  Memory is
    still freed as usual (reference counting); the collector runs again
    afterwards, should anything have made a cycle."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _swap_in(out: Path, write) -> list[Path]:
    """Write into a fresh folder next to `out`, then replace `out` with it."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        files = write(tmp)
        os.chmod(tmp, 0o755)
        old = out.with_name(f".{out.name}.old")
        if old.exists():
            shutil.rmtree(old)
        if out.exists():
            out.rename(old)
        tmp.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return [out / f.relative_to(tmp) for f in files]


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
