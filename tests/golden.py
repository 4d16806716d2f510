"""The golden site: tests/golden/site/ is the expected build of the content
in tests/site_fixture.py.  Regenerate it after a reviewed change with

    python -m tests.golden

and review the diff like code (house style, after Pelican)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "site"
# The browser runtime is copied from the pyodide package and built as a
# wheel: checked by its own tests, not kept twice in the repository.  The
# build manifest holds a digest of the code, which changes with any commit
# (tests/test_incremental.py checks it).
UNCOMPARED = ("static/pyodide/", "static/bundle/", ".sitegen-manifest.json")


def build_fixture_site(out: Path) -> Path:
    from sitegen.build import build
    from tests.site_fixture import write_content

    with tempfile.TemporaryDirectory() as tmp:
        build(write_content(Path(tmp) / "content"), out, show_progress=False)
    return out


def site_files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not str(p.relative_to(folder)).startswith(UNCOMPARED)}


def regenerate() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = build_fixture_site(Path(tmp) / "site")
        if GOLDEN.exists():
            shutil.rmtree(GOLDEN)
        GOLDEN.mkdir(parents=True)
        for name, data in site_files(site).items():
            target = GOLDEN / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    print(f"wrote {sum(1 for p in GOLDEN.rglob('*') if p.is_file())} files into {GOLDEN}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    regenerate()
