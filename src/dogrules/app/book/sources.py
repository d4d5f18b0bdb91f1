"""Where the code and tests citing a clause live, and their pages in the rulebook.

The book carries a copy of every source file it links to, as an HTML page with numbered
lines (``code/dogrules/rules/movement.py.html#L42``), so a link works from the book alone,
whether dogrules runs from a checkout or from an installed wheel (which ships its sources)."""

from __future__ import annotations

import ast
import html
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from dogrules.data.register import implementers
from dogrules.testing.trace import marked_source

# The folder that holds the ``dogrules`` package: src/ in a checkout, site-packages installed.
_PACKAGE_PARENT = Path(__file__).resolve().parents[3]


@attrs.frozen(order=True)
class Place:
    """A function of a file: ``name`` (qualified), ``path`` (relative, shown and used for the
    page of the file) and ``line`` (1-based, where its definition or decorator starts)."""

    path: str
    line: int
    name: str

    @property
    def page(self) -> str:
        """The book's page of the file, relative to the book's root, with the line anchor."""
        return f"code/{self.path}.html#L{self.line}"


def function_places() -> dict[str, Place]:
    """Qualified name -> place of every function marked with ``@implements`` (found in its
    module's source file, also when the module runs compiled)."""
    places = {}
    for name in sorted({name for names in implementers().values() for name in names}):
        path, line = marked_source(name)
        path = path.resolve()
        try:
            relative = path.relative_to(_PACKAGE_PARENT).as_posix()
        except ValueError:
            relative = path.name
        places[name] = Place(relative, line, name)
    return places


def test_places(test_dir: Path, tests: Sequence[str]) -> dict[str, Place]:
    """``file::function`` -> place of each of ``tests`` found in ``test_dir`` (files read
    once each); a test not found is left out."""
    files = sorted({test.split("::")[0] for test in tests})
    lines: dict[str, int] = {}
    for name in files:
        tree = ast.parse((test_dir / name).read_text(encoding="utf-8"), name)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                lines[f"{name}::{node.name}"] = first
    return {
        test: Place(f"tests/{test.split('::')[0]}", lines[test], test)
        for test in tests
        if test in lines
    }


def source_file(place: Place, test_dir: Path | None) -> Path:
    """The file on disk a place is in (tests in ``test_dir``, the rest in the package)."""
    if place.path.startswith("tests/") and test_dir is not None:
        return test_dir / place.path.removeprefix("tests/")
    return _PACKAGE_PARENT / place.path


def source_page(path: str, text: str, depth: int, stylesheet: str) -> str:
    """The HTML page of one source file: every line numbered and anchored (``#L12``)."""
    up = "../" * depth
    rows = "".join(
        f'<span class="line" id="L{number}"><a class="number" href="#L{number}">{number}</a>'
        f"{html.escape(line)}\n</span>"
        for number, line in enumerate(text.splitlines(), 1)
    )
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{html.escape(path)}</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="stylesheet" href="{up}{stylesheet}"></head>\n'
        f'<body class="source"><header><a href="{up}index.html">The DOG rulebook</a> / '
        f"<code>{html.escape(path)}</code></header>\n"
        f'<pre class="code">{rows}</pre></body></html>\n'
    )


def pages_of(places: Mapping[str, Place]) -> list[str]:
    """The distinct files the places are in, sorted."""
    return sorted({place.path for place in places.values()})
