"""Every code example of README.md and of the docs pages runs (tests/doc_examples.py says how
blocks are read and run): a broken example fails here with its page and line. The docstring
examples of the public API (shown in the API reference) run as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import dogrules
from doc_examples import PYTHON, ROOT, SHELL, ExampleFailed, examples, pages, run_page
from rl_extra import require

# README blocks that fail until the README edit proposed with the docs site is merged (the
# lead merges README.md): the block's first line -> why it fails today. Each must still fail;
# once it runs, the page's test fails until its entry is removed.
KNOWN_BROKEN: dict[str, dict[str, str]] = {}
# Pages whose examples need an optional extra: skipped without it, except under CI.
NEEDS = {"docs/rl.md": ("numpy", "gymnasium", "pettingzoo", "pyspiel")}


@pytest.mark.parametrize("page", pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_the_examples_of_the_page_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in NEEDS.get(str(page.relative_to(ROOT)), ()):
        require(module)
    monkeypatch.chdir(tmp_path)
    ran = run_page(page, KNOWN_BROKEN.get(str(page.relative_to(ROOT))))
    runnable = [e for e in examples(page) if e.language in PYTHON | SHELL and e.skip is None]
    assert ran == len(runnable), "a runnable block was passed by"


def test_the_public_docstring_examples_run() -> None:
    results = doctest.testmod(dogrules, raise_on_error=False, report=True)
    assert results.attempted > 0, "dogrules' docstring lost its example"
    assert results.failed == 0


# The harness itself: a broken example must fail, naming where it is.


def _page(tmp_path: Path, text: str) -> Path:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return page


def test_a_failing_python_example_names_its_page_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    page = _page(tmp_path, "# T\n\n```python\nx = 1\n```\n\n```python\ny = x\nz = y / 0\n```\n")
    with pytest.raises(ExampleFailed, match=r"page\.md:7: .*ZeroDivisionError(.|\n)*line 9: z"):
        run_page(page)


def test_a_shell_example_given_bad_input_fails_with_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    page = _page(tmp_path, "```sh\npip install .\ndogrules validate missing.json  # no file\n```\n")
    with pytest.raises(
        ExampleFailed, match=r"page\.md:3: `dogrules validate missing.json` exits 2"
    ):
        run_page(page)


def test_blocks_of_a_page_share_names_and_folder_and_a_marked_block_is_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text = (
        "```python\nimport json, dogrules\n"
        's = dogrules.variant("black-dog").new_game(players=2, seed=1)\n```\n'
        '```python\njson.dump(dogrules.dump(s), open("p.json", "w"))\n```\n'
        "```sh\ndogrules validate p.json && dogrules moves p.json --json | head -3\n```\n"
        "<!-- no-run: shows a failure on purpose -->\n```python\nraise SystemExit(1)\n```\n"
        "```toml\nnot = python\n```\n"
    )
    assert run_page(_page(tmp_path, text)) == 3
    assert (tmp_path / "p.json").exists()


def test_a_no_run_marker_must_give_a_reason(tmp_path: Path) -> None:
    page = _page(tmp_path, "<!-- no-run -->\n```python\nx = 1\n```\n")
    with pytest.raises(ValueError, match="must say why"):
        examples(page)


def test_a_known_broken_block_that_runs_fails_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    page = _page(tmp_path, "```python\nx = 1\n```\n")
    with pytest.raises(ExampleFailed, match="no longer known broken"):
        run_page(page, {"x = 1": "was broken"})
