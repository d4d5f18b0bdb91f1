"""Reading a passage of a manual from a copy the user has, and checking its fingerprint.

dogrules never ships the manuals' words: a clause locates its source with
:class:`~dogrules.data.register.Passage` (seed number, section, paragraph, character offset
and length, digest). Given a folder with the manual texts (files named ``NNN_*.txt``, as in
the design material's ``seeds/``), :func:`passage_text` returns the passage itself, and
refuses, naming the clause's locator, when the text at that place does not have the
fingerprint the register records.

The section and paragraph model the locators use
------------------------------------------------

The manuals are plain-text extractions of printed leaflets, so their structure is rebuilt
from two rules, applied to the text file as it is (offsets count its characters):

* **Sections.** Each manual has an :class:`Outline`: its headings as printed, in the order
  of the text file (:data:`OUTLINES`). A section runs from the end of its heading (and of a
  colon right after it) to the start of the next heading of the outline, or to the end of
  the file. Each heading is found at its first occurrence after the previous heading, with
  any run of white space in the heading matching any run of white space in the text (a
  heading printed over two lines, such as Black DOG's red-card heading, is one heading).
  In the Italian manuals (seeds 000 and 001) a heading is a whole line of its own; the
  extraction prints a few of them twice on their line, and such a line counts as the
  heading once. The German DOG Kids leaflet (seed 003) prints its headings run in, at the
  start of their first paragraph, so there a heading may stand anywhere in a line but must
  not be followed by a letter. The text before a manual's first heading (Black DOG's
  product sheet, the download site's title lines) is the section :data:`FRONT_MATTER`.
* **Paragraphs.** A paragraph is a maximal run of non-blank lines inside one section,
  without its leading and trailing white space; paragraphs are numbered from 1 within their
  section. A blank line always ends a paragraph, even where the extraction put one inside a
  printed sentence (a page break).

A passage is a whole paragraph or a range of its sentences: :func:`sentences` splits a
paragraph after ``.``, ``!`` or ``?`` followed by white space, and at line breaks (list
items). Where the DOG Kids extraction prints a heading after the text it heads (its material
list, its throwing-out rules), that heading is not in the outline: the text stays in the
section the file puts it in, and the clause's own ``section`` field names the printed heading.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Mapping
from pathlib import Path

import attrs

from dogrules.data.register import Passage

FRONT_MATTER = "(front matter)"
"""The section name of the text before a manual's first heading."""


class ManualMismatch(ValueError):
    """A manual is missing from the folder, or its text at a locator does not match the
    fingerprint the register records."""


@attrs.frozen
class Outline:
    """The headings of one manual, as printed and in the order of its text file.

    ``run_in`` says the headings start their first paragraph (DOG Kids) instead of standing
    on a line of their own (the Italian manuals).
    """

    document: str
    headings: tuple[str, ...]
    run_in: bool = False


OUTLINES: Mapping[str, Outline] = {
    "000": Outline(
        "000",
        (
            "Domande frequenti - Black DOG Schmidt",
            "MANUALE UTENTE Black DOG Schmidt",
            "Materiale di gioco",
            "Preparazione del gioco",
            "Svolgimento del gioco",
            "Casella di partenza",
            "Obbligo di muovere",
            "Arrivo",
            "Quando si gira la ruota?",
            "Carte a sfondo blu",
            "Carte a sfondo rosso e loro funzioni speciali",
            "Carte a sfondo nero",
            "CANE Nero:",
            "Sequenza di massima:",
            "Gioco di squadra",
            "Fine del gioco",
            "Regola speciale per 2 e 3 giocatori",
        ),
    ),
    "001": Outline(
        "001",
        (
            "MANUALE UTENTE Agent DOG Schmidt",
            "SCOPO DEL GIOCO",
            "SVOLGIMENTO DEL GIOCO",
            "1. Distribuzione e scambio delle carte",
            "2. Muovere i segnalini",
            "3. Fine di un round e del gioco",
            "METTERE IN GIOCO NUOVI SEGNALINI",
            "CASELLE DI ARRIVO",
            "OBBLIGO DI MUOVERE",
            "SEGNALINI CAPOVOLTI",
            "QUALI SEGNALINI POSSO MUOVERE?",
            "FAI MOLTA ATTENZIONE A CHI BATTI!",
            "CASELLA DI PARTENZA OCCUPATA",
            "LUOGO DI INCONTRO TRA 007",
            "Carte con il fondo blu",
            "Carte con il fondo rosso e le loro funzioni speciali",
            "REGOLE SPECIALI PER 2 E 3 GIOCATORI",
        ),
    ),
    "003": Outline(
        "003",
        (
            "Spielidee",
            "Spielvorbereitung",
            "Spielablauf",
            "Doppelschritt-Karte (mit 2 Pfotenabdrücken)",
            "Hundetausch-Karte",
            "Knochen-Karte",
            "Einfarbige Karte (mit 1 Pfotenabdruck)",
            "Zweifarbige Karte",
            "Hinweis",
            "Knochen-Feld",
            "Weiterspringen",
            "Spielende",
            "SPIELVARIANTE FÜR 4 ERFAHRENE SPIELER",
        ),
        run_in=True,
    ),
}
"""The outline of every manual a rule clause may cite, by seed number."""


@attrs.frozen
class Span:
    """A stretch of a manual's text: ``text[start:end]``."""

    start: int
    end: int

    def holds(self, start: int, end: int) -> bool:
        """Whether the stretch ``start..end`` lies inside this span."""
        return self.start <= start and end <= self.end


@attrs.frozen
class Section:
    """One section of a manual: its heading and its paragraphs, in order."""

    heading: str
    body: Span
    paragraphs: tuple[Span, ...]


def fingerprint(text: str) -> str:
    """The digest a locator records for ``text``: 16 hex digits of its UTF-8 SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _heading_pattern(heading: str, run_in: bool) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in heading.split())
    if run_in:
        return re.compile(rf"(?<!\w){words}(?!\w):?")
    # A heading line, possibly printed twice by the extraction, with nothing else on it.
    return re.compile(rf"(?m)^[ \t]*{words}(?:[ \t]*{words})?[ \t]*:?[ \t]*$")


def _paragraphs(text: str, body: Span) -> tuple[Span, ...]:
    spans = []
    for match in re.finditer(r"\S(?:.*\S)?(?:\n[ \t]*\S.*)*", text[body.start : body.end]):
        chunk = match.group().rstrip()
        start = body.start + match.start()
        spans.append(Span(start, start + len(chunk)))
    return tuple(spans)


def sections(text: str, outline: Outline) -> tuple[Section, ...]:
    """The sections of a manual's ``text`` by its ``outline``, front matter first; ValueError
    naming the heading when one is not found where the outline puts it."""
    found: list[tuple[str, int, int]] = []
    position = 0
    for heading in outline.headings:
        match = _heading_pattern(heading, outline.run_in).search(text, position)
        if match is None:
            raise ValueError(
                f"seed {outline.document}: heading {heading!r} not found after offset {position}"
            )
        found.append((heading, match.start(), match.end()))
        position = match.end()
    bounds = [(FRONT_MATTER, 0, 0), *found]
    result = []
    for index, (heading, _, body_start) in enumerate(bounds):
        body_end = bounds[index + 1][1] if index + 1 < len(bounds) else len(text)
        body = Span(body_start, body_end)
        result.append(Section(heading, body, _paragraphs(text, body)))
    return tuple(result)


def section_named(text: str, outline: Outline, heading: str) -> Section:
    """The section of ``text`` under ``heading``; ValueError when the outline has no such
    heading."""
    for section in sections(text, outline):
        if section.heading == heading:
            return section
    known = ", ".join(repr(h) for h in (FRONT_MATTER, *outline.headings))
    raise ValueError(f"seed {outline.document} has no heading {heading!r} (known: {known})")


def sentences(text: str, paragraph: Span) -> tuple[Span, ...]:
    """The sentences of one paragraph: split after ``.``, ``!`` or ``?`` followed by white
    space, and at line breaks."""
    spans = []
    chunk = text[paragraph.start : paragraph.end]
    for match in re.finditer(r"[^\n]*?(?:[.!?](?=\s)|$)", chunk, re.MULTILINE):
        piece = match.group()
        stripped = piece.strip()
        if stripped:
            start = paragraph.start + match.start() + (len(piece) - len(piece.lstrip()))
            spans.append(Span(start, start + len(stripped)))
    return tuple(spans)


def outline_of(document: str) -> Outline:
    """The outline of seed ``document``; ValueError for a manual no rule may cite."""
    try:
        return OUTLINES[document]
    except KeyError:
        raise ValueError(f"seed {document} has no outline (known: {', '.join(OUTLINES)})") from None


def manual_path(folder: Path, document: str) -> Path:
    """The file of seed ``document`` in ``folder`` (``000_*.txt`` for ``"000"``)."""
    found = sorted(folder.glob(f"{document}_*.txt"))
    if len(found) != 1:
        what = "no file" if not found else f"{len(found)} files"
        raise ManualMismatch(
            f"{folder}: {what} named {document}_*.txt (the manual of seed {document})"
        )
    return found[0]


@functools.cache
def manual_text(path: Path) -> str:
    """The text of one manual file, read once."""
    return path.read_text(encoding="utf-8")


def passage_text(passage: Passage, folder: Path) -> str:
    """The words of ``passage`` in the user's copy of its manual in ``folder``;
    :class:`ManualMismatch` when the copy differs from the one the register was anchored to."""
    text = manual_text(manual_path(folder, passage.document))
    words = text[passage.offset : passage.offset + passage.length]
    if len(words) != passage.length or fingerprint(words) != passage.digest:
        raise ManualMismatch(f"the text at {passage} does not match its fingerprint")
    return words


def misplaced(passage: Passage, text: str) -> str:
    """Why ``passage`` does not lie in the section and paragraph it names in ``text``, or
    ``""`` when it does."""
    try:
        section = section_named(text, outline_of(passage.document), passage.section)
    except ValueError as exc:
        return str(exc)
    if passage.paragraph > len(section.paragraphs):
        return f"{passage.section!r} has only {len(section.paragraphs)} paragraph(s)"
    end = passage.offset + passage.length
    if not section.paragraphs[passage.paragraph - 1].holds(passage.offset, end):
        held = [n for n, p in enumerate(section.paragraphs, 1) if p.holds(passage.offset, end)]
        where = f"paragraph {held[0]}" if held else "no single paragraph"
        return f"characters {passage.offset}+{passage.length} lie in {where} of {passage.section!r}"
    return ""
