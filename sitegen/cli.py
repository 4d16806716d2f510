"""The `sitegen` command line.

Exit status: 0 when all is well, 1 when the input has errors, 2 on a usage
error (docs/check-contract.md#exit-status).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules_core.check import FORMATS, CheckOptions, UnknownEdition, UnknownTiebreak, check_text
from rules_core.editions import EDITIONS
from rules_core.fmjd.standings import SYSTEMS as TIEBREAK_SYSTEMS
from sitegen.content.sources import SourceError, k_value, read_k_file, read_text
from sitegen.report import build_lines, check_table, counts_line, editions_table, problem_line

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sitegen", description=(
        "Publish chess and draughts ratings as a static site; check a tournament."))
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="rate one tournament file")
    check.add_argument("file", help="a TRF, PGN, chess-results XML, native TOML/JSON or "
                       "draughts file (recognised by its content)")
    check.add_argument("--rules", metavar="ID", help="force an edition (see `sitegen editions`)")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--input-format", choices=FORMATS,
                       help="the reader to use (default: by the file's ending and content)")
    check.add_argument("--k", action="append", default=[], metavar="PLAYER=K",
                       help="K for a player, by start number or FIDE id (repeatable)")
    check.add_argument("--k-file", metavar="FILE",
                       help="a file of 'PLAYER K' lines (start number or FIDE id)")
    check.add_argument("--norms", action="store_true",
                       help="every title norm considered: draughts fmjd Annex 10 §4, "
                            "chess FIDE B.01 (2024) 1.4")
    check.add_argument("--tiebreaks", metavar="LIST",
                       help="chess: the ordered tie-breaks of FIDE C.07 (2023), e.g. "
                       "'BH/C1,BH,SB,DE' (docs/tiebreaks.md); draughts: the system, one of "
                       + ", ".join(sorted(TIEBREAK_SYSTEMS)) + " (fmjd Annex 5 §5.1-5.3, "
                       "'round-robin' Annex 3 §5.11.1.2.1); default: the event's own "
                       "list, else by its system")
    check.add_argument("--counting", choices=("standard", "plus-remise", "beijing"),
                       default="standard", help="draughts: the counting system of the "
                       "standings (fmjd Annex 3 §5.6a); rating always counts 2/1/0")
    commands.add_parser("editions", help="list the editions of the regulations")
    build = commands.add_parser("build", help="build the site from a content folder")
    build.add_argument("content", nargs="?", default="content",
                       help="the content folder (default: content/)")
    build.add_argument("--out", default="_site", help="the output folder (default: _site/)")
    build.add_argument("--changed", metavar="FILE",
                       help="write the paths the build added, modified or removed to FILE, "
                            "one a line: A, M or D, a tab, the path (for deploy tools)")
    build.add_argument("--strict", action="store_true",
                       help="stop on warnings as on errors (for CI)")
    serve = commands.add_parser("serve", help="build, then serve the site on localhost")
    serve.add_argument("content", nargs="?", default="content")
    serve.add_argument("--out", default="_site")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--strict", action="store_true", help="as for build")
    from sitegen.importers.command import add_parser as add_import
    add_import(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "editions":
        print(editions_table(EDITIONS))
        return 0
    if args.command == "import":
        from sitegen.importers.command import run as run_import
        return run_import(args)
    if args.command in ("build", "serve"):
        status = _build(args)
        if status or args.command == "build":
            return status
        return _serve(Path(args.out), args.port)
    return _check(args)


def _build(args) -> int:
    """Problems first (errors, then warnings), then what was done, then the
    counts: ``N errors, M warnings`` is the last line."""
    from sitegen.build import BuildError, build
    from sitegen.manifest import Changes

    problems: list = []
    changes = Changes()
    try:
        files = build(Path(args.content), Path(args.out), strict=args.strict,
                      problems=problems, changes=changes)
    except BuildError as error:
        print("\n".join(error.lines), file=sys.stderr)
        print(f"sitegen build: stopped, {args.out}/ left as it was", file=sys.stderr)
        print(counts_line(error.problems, args.strict) if error.problems
              else "1 error, 0 warnings", file=sys.stderr)
        return 1
    if problems:
        print("\n".join(build_lines(problems)), file=sys.stderr)
    print(f"sitegen build: {len(files)} files in {args.out}/ ({len(changes.added)} added, "
          f"{len(changes.modified)} modified, {len(changes.removed)} removed, "
          f"{changes.kept} unchanged)")
    if args.command == "build" and args.changed:
        lines = changes.lines()
        Path(args.changed).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    print(counts_line(problems))
    return 0


def _serve(folder: Path, port: int) -> int:
    """A local preview (sitegen.serve): over http, with the precompressed
    copies and the caching a host gives (docs/browser.md)."""
    from sitegen.serve import make_server

    with make_server(folder, port) as server:
        print(f"serving {folder}/ on http://127.0.0.1:{port}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def _check(args) -> int:
    try:
        text = read_text(Path(args.file))
        k = _k_values(args)
        options = CheckOptions(rules=args.rules, k=k, format=args.input_format,
                               tiebreaks=args.tiebreaks, counting=args.counting,
                               norms=args.norms)
        result = check_text(text, args.file, options)
    except (SourceError, UnknownEdition, UnknownTiebreak) as error:
        print(f"sitegen check: {error}", file=sys.stderr)
        return 2
    if args.format == "json":
        # streamed: json.dumps of a 9,999-player event holds a list of every
        # piece of the text at once, a gigabyte (docs/limits.md)
        json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(check_table(result, args.file))
    errors = [p for p in result["problems"] if p["severity"] == "error"]
    if args.format == "json" and result["problems"]:
        for p in result["problems"]:
            print(problem_line(args.file, p), file=sys.stderr)
    return 1 if errors else 0


def _k_values(args) -> dict[str, int]:
    values: dict[str, int] = {}
    if args.k_file:
        values.update(read_k_file(Path(args.k_file)))
    for item in args.k:
        player, _, text = item.partition("=")
        k = k_value(text)
        if k is None or not player.strip():
            raise SourceError(f"--k {item!r}: expected PLAYER=K, e.g. --k 12=20")
        values[player.strip()] = k
    return values


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
