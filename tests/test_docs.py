"""The docs site builds with ``mkdocs build --strict`` (a broken link, a missing page, an API
name mkdocstrings cannot find all fail it). Needs the optional extra ``dogrules[docs]``:
without it the test is skipped, except in CI (the environment variable CI is set), where a
missing extra is a failure, so the build cannot silently stop being checked."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import click
import pytest

from dogrules.app.cli import main
from tool_files import load_tool

ROOT = Path(__file__).resolve().parent.parent
# The packages of the extra, by import name.
DOCS_EXTRA = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")


def _missing() -> list[str]:
    missing = []
    for name in DOCS_EXTRA:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            missing.append(name)
    return missing


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    missing = _missing()
    if missing:
        message = (
            f"the docs extra is not installed (no {', '.join(missing)}): pip install -e '.[docs]'"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # The hook and mkdocstrings read this checkout's sources, not an installed copy.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--quiet",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, f"mkdocs build --strict failed:\n{built.stderr}{built.stdout}"
    reference = (tmp_path / "site" / "reference" / "cli" / "index.html").read_text("utf-8")
    assert "dogrules explain" in reference, "the CLI reference was not generated from click"
    api = (tmp_path / "site" / "reference" / "api" / "index.html").read_text("utf-8")
    assert "legal_actions" in api, "the API reference has no Variant.legal_actions"


def _hooks() -> ModuleType:
    return load_tool("mkdocs_hooks.py", "mkdocs_hooks")


def test_the_cli_reference_is_each_command_help_and_the_page_asks_for_it() -> None:
    hooks = _hooks()
    page = (ROOT / "docs" / "reference" / "cli.md").read_text("utf-8")
    assert hooks.MARKER in page, "docs/reference/cli.md lost the marker the hook replaces"
    reference = hooks.on_page_markdown(page)
    context = click.Context(main, info_name="dogrules")
    for name in main.list_commands(context):
        command = main.get_command(context, name)
        assert command is not None
        assert f"### `dogrules {name}`" in reference, f"no section for dogrules {name}"
        summary = " ".join(command.get_short_help_str(limit=60).removesuffix("...").split())
        assert summary in " ".join(reference.split()), f"dogrules {name}'s help is missing"
