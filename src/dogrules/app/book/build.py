"""Writing the rulebook: ``write_book(folder)`` puts every page, picture, source copy and
asset of the book into ``folder``.

The book's layout::

    index.html                      contents
    black-dog.html ...              one page per variant
    assets/book.css, assets/book.js the style and the search box
    pictures/VARIANT/N.svg          the illustrations, drawn
    code/dogrules/.../x.py.html     the source files the pages link to, lines numbered
    code/tests/test_x.py.html       the test files (when a tests folder is given)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path

import attrs

from dogrules.app.book.illustrations import Illustration, read_illustrations
from dogrules.app.book.pages import STYLESHEET, Entry, Link, index_page, variant_page
from dogrules.app.book.pictures import after_file, after_picture, decides, picture
from dogrules.app.book.sources import (
    Place,
    function_places,
    source_file,
    source_page,
    test_places,
)
from dogrules.data.manuals import passage_text
from dogrules.data.register import Clause
from dogrules.formats.files import write_tree
from dogrules.testing.trace import TraceRow, matrix
from dogrules.variants import VARIANTS
from dogrules.variants import variant as get_variant

ASSETS = ("book.css", "book.js")


@attrs.frozen
class Written:
    """What a book holds: per variant, its clauses and pictures; and every file written."""

    clauses: dict[str, int]
    pictures: dict[str, int]
    files: tuple[str, ...]


def clauses_of(variant: str) -> tuple[Clause, ...]:
    """The register of ``variant``, in its order (the manual's order)."""
    return get_variant(variant).clauses


def _place_link(place: Place, detail: str) -> Link:
    return Link(place.name, place.page, detail)


def _entries(
    variant: str,
    rows: Sequence[TraceRow],
    manuals: Path | None,
    tests: Path | None,
    pictures: dict[str, list[tuple[str, Illustration]]],
    functions: dict[str, Place],
    places: dict[str, Place],
    played: Mapping[str, str],
) -> list[Entry]:
    clauses = clauses_of(variant)
    row_of = {row.clause.id: row for row in rows}
    entries = []
    for clause in clauses:
        row = row_of.get(clause.id)
        rulings = tuple(c for c in clauses if clause.id in c.interprets)
        code = tuple(
            _place_link(functions[name], f"{functions[name].path}:{functions[name].line}")
            if name in functions
            else Link(name)
            for name in (row.functions if row else ())
        )
        tested = None
        if tests is not None:
            tested = tuple(
                _place_link(places[name], "") if name in places else Link(name)
                for name in (row.tests if row else ())
            )
        passages = tuple(
            (passage, passage_text(passage, manuals) if manuals is not None else None)
            for passage in clause.passages
        )
        drawn = tuple(pictures.get(clause.id, ()))
        chosen = played.get(clause.id)
        entries.append(Entry(clause, rulings, code, tested, drawn, passages, chosen))
    return entries


def write_book(
    folder: Path,
    manuals: Path | None = None,
    tests: Path | None = None,
    variants: Sequence[str] = VARIANTS,
    house_rules: Mapping[str, Mapping[str, str]] | None = None,
) -> Written:
    """Write the rulebook of ``variants`` into ``folder`` (created if needed).

    ``manuals``: a folder of the manual texts, to show each locator's passage
    (:class:`~dogrules.data.manuals.ManualMismatch` when one does not match its
    fingerprint). ``tests``: the tests folder, to list and link the tests of each clause.
    ``house_rules``: variant name -> the readings a table plays it by (ruling id -> reading
    name), marked on each ruling's list of readings.
    Nothing is written before every page has been worked out, so a refused build leaves no
    half book behind."""
    if manuals is not None:
        # Every passage first: a copy of the manuals that does not match fails at once.
        for variant in variants:
            for clause in clauses_of(variant):
                for passage in clause.passages:
                    passage_text(passage, manuals)
    files: dict[str, str] = {}
    functions = function_places()
    clause_counts, picture_counts = {}, {}
    all_places: dict[str, Place] = dict(functions)
    pages: dict[str, str] = {}
    homes: dict[str, str] = {}
    for variant in variants:
        for clause in clauses_of(variant):
            homes.setdefault(clause.id, f"{variant}.html")
    for variant in variants:
        # A clause's pictures are the positions of its tests where it decides a move drawn;
        # an illustration where no clause it cites decides is not drawn at all. A picture is
        # numbered by its illustration's place in specs/illustrations/VARIANT.json.
        pictures: dict[str, list[tuple[str, Illustration]]] = {}
        drawn = 0
        for number, illustration in enumerate(read_illustrations(variant), 1):
            shown = [c for c in illustration.clauses if decides(illustration, c)]
            if not shown:
                continue
            drawn += 1
            src = f"pictures/{variant}/{number}.svg"
            files[src] = picture(illustration)
            after = after_picture(illustration)
            if after is not None:
                files[after_file(src)] = after
            for clause_id in shown:
                pictures.setdefault(clause_id, []).append((src, illustration))
        rows = matrix(variant, tests)
        cited = [test for row in rows for test in row.tests]
        places = test_places(tests, cited) if tests is not None else {}
        all_places.update(places)
        played = (house_rules or {}).get(variant, {})
        entries = _entries(variant, rows, manuals, tests, pictures, functions, places, played)
        pages[f"{variant}.html"] = variant_page(variant, variants, entries, homes)
        clause_counts[variant] = len(entries)
        picture_counts[variant] = drawn
    files.update(pages)
    files["index.html"] = index_page(
        variants,
        [(clause_counts[v], picture_counts[v]) for v in variants],
        manuals is not None,
    )
    for place_path in sorted({place.path for place in all_places.values()}):
        depth = place_path.count("/") + 1  # code/ plus the file's folders
        text = source_file(Place(place_path, 1, ""), tests).read_text(encoding="utf-8")
        files[f"code/{place_path}.html"] = source_page(place_path, text, depth, STYLESHEET)
    assets = resources.files("dogrules.app.book") / "assets"
    for name in ASSETS:
        files[f"assets/{name}"] = (assets / name).read_text(encoding="utf-8")
    write_tree(folder, dict(sorted(files.items())))
    return Written(clause_counts, picture_counts, tuple(sorted(files)))
