"""The README's Quickstart is two commands, and CI runs the second."""

from __future__ import annotations

import re

from tests.shared_data import ROOT


def quickstart_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_quickstart_has_exactly_two_commands():
    commands = quickstart_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)


def test_ci_runs_the_second_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert quickstart_commands()[1] in ci.splitlines()


def test_first_command_builds_the_embedded_content():
    assert quickstart_commands()[0].endswith("python3 -m sitegen build")
    assert (ROOT / "content" / "site.toml").is_file()
