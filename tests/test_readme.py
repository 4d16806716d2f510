"""The README's Quickstart is two commands, and CI runs the second.

Both must work as written on Debian's and Ubuntu's own Python, which refuses
`pip install` outside a virtual environment (PEP 668), and on a Python from
python.org or pyenv: each creates `.venv/` when it is absent and installs
and runs there."""

from __future__ import annotations

import re

from tests.shared_data import ROOT

VENV_PYTHON = ".venv/bin/python -m"


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
    assert quickstart_commands()[0].endswith(f"{VENV_PYTHON} sitegen build")
    assert (ROOT / "content" / "site.toml").is_file()


def test_second_command_runs_the_whole_suite():
    assert quickstart_commands()[1].endswith(f"{VENV_PYTHON} pytest")


def test_both_install_into_a_virtual_environment_not_the_system_python():
    """`python3 -m pip install` stops with externally-managed-environment on
    Debian's Python: pip runs only inside .venv, which each command creates
    when absent (python3-venv, which holds ensurepip on Debian, installed
    first when missing)."""
    for command in quickstart_commands():
        assert "(test -x .venv/bin/pip || python3 -m venv .venv)" in command
        assert "python3 -c 'import ensurepip'" in command and "python3-venv" in command
        assert re.findall(r"\S+ -m pip install", command) == [".venv/bin/python -m pip install"]
        assert not re.search(r"(?<!\.venv/bin/)\bpython3? -m (pip|pytest|sitegen)\b", command)
    assert ".venv/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
