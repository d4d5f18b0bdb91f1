"""Every rule clause is anchored to the passage of the manual it restates, and the project
never copies the manuals' words.

The checks against the manual texts run when a copy of the manuals is at hand: the folder
named by ``$DOGRULES_MANUALS``, else ``shared/seeds`` beside the checkout (where CI puts it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from dogrules.data.manuals import (
    FRONT_MATTER,
    OUTLINES,
    ManualMismatch,
    Outline,
    Span,
    manual_path,
    manual_text,
    misplaced,
    passage_text,
    section_named,
    sections,
    sentences,
)
from dogrules.data.register import (
    STATED_LAYOUT_DOCUMENT,
    Clause,
    ClauseKind,
    Passage,
    clause_from_table,
)
from dogrules.variants import rulesets
from manuals import MANUALS, ROOT, needs_manuals

RUN = 12  # consecutive words of a manual that count as a copied sentence


def rule_clauses() -> Iterator[tuple[str, Clause]]:
    for ruleset in rulesets():
        for clause in ruleset.register:
            if clause.kind is ClauseKind.RULE:
                yield ruleset.name, clause


def anchored_passages() -> list[tuple[str, Passage]]:
    """Every locator of every clause (rules, and the assumptions that cite the passages they
    depart from), once each."""
    unique = {
        (clause.id, passage)
        for ruleset in rulesets()
        for clause in ruleset.register
        for passage in clause.passages
    }
    return sorted(unique, key=lambda item: (item[0], item[1].offset))


# --- (a) every rule has a locator: runs without the manuals ---


@pytest.mark.parametrize("variant", [ruleset.name for ruleset in rulesets()])
def test_every_rule_clause_cites_at_least_one_passage(variant: str) -> None:
    bare = [clause.id for name, clause in rule_clauses() if name == variant and not clause.passages]
    assert bare == [], f"rule clauses of {variant} without a [[clause.passage]] locator: {bare}"


def test_every_locator_names_a_manual_with_an_outline_and_one_of_its_headings() -> None:
    unknown = [
        f"{clause_id}: seed {p.document}, {p.section!r}"
        for clause_id, p in anchored_passages()
        if p.document not in OUTLINES
        or p.section not in (FRONT_MATTER, *OUTLINES[p.document].headings)
    ]
    assert unknown == []


def test_a_rule_of_the_italian_manuals_names_every_heading_its_passages_lie_under() -> None:
    # DOG Kids (seed 003) is left out: its extraction prints some headings after the text
    # they head, so a clause filed under the printed heading cites the section the text file
    # puts the passage in (the header of specs/clauses/dog-kids.toml lists them). So are the
    # layout data, whose `source` is part of the board's fingerprint in every record.
    unnamed = sorted(
        f"{clause.id}: {passage.section!r} not in {clause.section!r}"
        for _, clause in rule_clauses()
        for passage in clause.passages
        if passage.document in ("000", "001")
        and clause.document != STATED_LAYOUT_DOCUMENT
        and passage.section not in clause.section
    )
    assert unnamed == []


# --- (b) every locator against the manual texts ---


@needs_manuals
@pytest.mark.parametrize(
    ("clause_id", "passage"),
    anchored_passages(),
    ids=[f"{cid}@{p.document}:{p.offset}" for cid, p in anchored_passages()],
)
def test_locator_matches_its_fingerprint_and_lies_in_its_section_and_paragraph(
    clause_id: str, passage: Passage
) -> None:
    words = passage_text(passage, MANUALS)  # ManualMismatch on a wrong fingerprint
    assert words == words.strip(), f"{clause_id}: the passage starts or ends with white space"
    text = manual_text(manual_path(MANUALS, passage.document))
    assert misplaced(passage, text) == "", clause_id


@needs_manuals
@pytest.mark.parametrize("document", sorted(OUTLINES))
def test_every_heading_of_an_outline_is_found_in_its_manual(document: str) -> None:
    text = manual_text(manual_path(MANUALS, document))
    found = sections(text, OUTLINES[document])  # ValueError naming a heading not found
    assert [s.heading for s in found] == [FRONT_MATTER, *OUTLINES[document].headings]


# --- (c) no manual sentence is copied into the project ---


def word_runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.casefold())
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


@needs_manuals
def test_no_run_of_twelve_manual_words_appears_in_the_project() -> None:
    manual_runs: set[tuple[str, ...]] = set()
    for path in sorted(MANUALS.glob("*.txt")):
        manual_runs |= word_runs(path.read_text(encoding="utf-8"))
    copied = []
    for folder in ("specs", "src", "docs", "tools", "tests"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".toml", ".md", ".json", ".txt") and path.is_file():
                shared = word_runs(path.read_text(encoding="utf-8")) & manual_runs
                copied += [f"{path.relative_to(ROOT)}: {' '.join(run)}" for run in shared]
    assert copied == [], f"{len(copied)} runs of {RUN} manual words copied, e.g. {copied[:3]}"


# --- (d) the section and paragraph model, on a made-up text ---

LINES_TEXT = (
    "Title line\n\nFirst Heading\n\nAlpha one. Alpha two!\nAlpha three\n\n   \nBeta one?\n\n"
    "Second Heading Second Heading\n\nGamma one.\n"
)
LINES = Outline("900", ("First Heading", "Second Heading"))
RUN_IN_TEXT = "Intro words. Start: one two. Three. Startfeld is a word. Next part here."
RUN_IN = Outline("901", ("Start", "Next"), run_in=True)


def words_of(text: str, spans: tuple[Span, ...]) -> list[str]:
    return [text[span.start : span.end] for span in spans]


def test_sections_run_from_their_heading_line_to_the_next_heading() -> None:
    found = sections(LINES_TEXT, LINES)
    assert [s.heading for s in found] == [FRONT_MATTER, "First Heading", "Second Heading"]
    assert words_of(LINES_TEXT, found[0].paragraphs) == ["Title line"]
    assert words_of(LINES_TEXT, found[1].paragraphs) == [
        "Alpha one. Alpha two!\nAlpha three",
        "Beta one?",
    ]
    # A heading the extraction printed twice on its line counts once.
    assert words_of(LINES_TEXT, found[2].paragraphs) == ["Gamma one."]


def test_a_heading_inside_a_line_does_not_start_a_section_in_a_lines_outline() -> None:
    text = "See First Heading below.\n\nFirst Heading\n\nBody.\n\nSecond Heading\n\nEnd.\n"
    first = section_named(text, LINES, "First Heading")
    assert words_of(text, first.paragraphs) == ["Body."]
    assert words_of(text, section_named(text, LINES, FRONT_MATTER).paragraphs) == [
        "See First Heading below."
    ]


def test_run_in_headings_start_mid_line_but_not_inside_a_longer_word() -> None:
    found = sections(RUN_IN_TEXT, RUN_IN)
    assert words_of(RUN_IN_TEXT, found[0].paragraphs) == ["Intro words."]
    assert words_of(RUN_IN_TEXT, found[1].paragraphs) == ["one two. Three. Startfeld is a word."]
    assert words_of(RUN_IN_TEXT, found[2].paragraphs) == ["part here."]


def test_sentences_split_after_end_punctuation_and_at_line_breaks() -> None:
    paragraph = sections(LINES_TEXT, LINES)[1].paragraphs[0]
    assert words_of(LINES_TEXT, sentences(LINES_TEXT, paragraph)) == [
        "Alpha one.",
        "Alpha two!",
        "Alpha three",
    ]


def test_a_missing_heading_or_an_unknown_section_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match="'Second Heading' not found"):
        sections("First Heading\n\nBody.\n", LINES)
    with pytest.raises(ValueError, match="no heading 'Third'"):
        section_named(LINES_TEXT, LINES, "Third")


def test_misplaced_says_which_paragraph_a_passage_really_lies_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(OUTLINES, "900", LINES)
    start = LINES_TEXT.index("Beta one?")
    right = Passage("900", "First Heading", 2, start, 9, "0" * 16)
    assert misplaced(right, LINES_TEXT) == ""
    wrong = Passage("900", "First Heading", 1, start, 9, "0" * 16)
    assert "lie in paragraph 2" in misplaced(wrong, LINES_TEXT)
    straddling = Passage("900", "First Heading", 1, start - 5, 9, "0" * 16)
    assert "no single paragraph" in misplaced(straddling, LINES_TEXT)
    beyond = Passage("900", "First Heading", 3, start, 9, "0" * 16)
    assert "only 2 paragraph(s)" in misplaced(beyond, LINES_TEXT)


def test_a_copy_of_the_manuals_that_differs_is_refused(tmp_path: Path) -> None:
    (tmp_path / "900_copy.txt").write_text(LINES_TEXT, encoding="utf-8")
    start = LINES_TEXT.index("Gamma one.")
    passage = Passage("900", "Second Heading", 1, start, 10, "0" * 16)
    with pytest.raises(ManualMismatch, match="does not match its fingerprint"):
        passage_text(passage, tmp_path)
    with pytest.raises(ManualMismatch, match="no file named 901_"):
        passage_text(Passage("901", "Start", 1, 0, 1, "0" * 16), tmp_path)


# --- (d) the register's [[clause.passage]] tables ---

GOOD_PASSAGE = {
    "document": "000",
    "section": "Arrivo",
    "paragraph": 1,
    "offset": 10,
    "length": 5,
    "digest": "0123456789abcdef",
}


def clause_table(**passage: object) -> dict[str, object]:
    return {
        "id": "BD-X",
        "kind": "rule",
        "document": "doc",
        "section": "sec",
        "text": "Our words.",
        "passage": [{**GOOD_PASSAGE, **passage}],
    }


def test_a_well_formed_passage_table_becomes_a_passage() -> None:
    clause = clause_from_table(clause_table(), "specs/x.toml clause #1")
    assert clause.passages == (Passage(**GOOD_PASSAGE),)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"offset": "10"}, r"field 'offset' must be an integer"),
        ({"paragraph": 0}, r"field 'paragraph' must be at least 1"),
        ({"length": 0}, r"field 'length' must be at least 1"),
        ({"paragraph": True}, r"field 'paragraph' must be an integer"),
        ({"section": ""}, r"field 'section' must be a non-empty string"),
        ({"digest": "ABC"}, r"field 'digest' must be 16 lower-case hex digits"),
        ({"page": 3}, r"unknown field\(s\) 'page'"),
    ],
)
def test_a_malformed_passage_is_a_value_error_naming_clause_and_field(
    change: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=rf"clause #1 \(BD-X\): passage #1 .*{message}"):
        clause_from_table(clause_table(**change), "specs/x.toml clause #1")


def test_a_passage_lacking_a_field_is_a_value_error_naming_the_field() -> None:
    table = clause_table()
    entry = table["passage"][0]  # type: ignore[index]
    del entry["digest"]
    with pytest.raises(ValueError, match=r"\(BD-X\): passage #1 lacks the field\(s\) 'digest'"):
        clause_from_table(table, "specs/x.toml clause #1")


def test_passage_not_an_array_of_tables_is_a_value_error() -> None:
    table = {**clause_table(), "passage": {"document": "000"}}
    with pytest.raises(ValueError, match=r"\(BD-X\): 'passage' must be an array of tables"):
        clause_from_table(table, "specs/x.toml clause #1")
