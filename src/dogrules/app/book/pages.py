"""The HTML of the rulebook's pages: one page per variant (every clause in register order,
which is the manual's order) and the index. Plain strings and :func:`html.escape`; the
pages need no server, no build step and nothing from the network."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import attrs

from dogrules.app.book.illustrations import Illustration
from dogrules.app.book.pictures import after_file, caption, result, undrawn
from dogrules.data.register import Clause, Passage
from dogrules.data.version import __version__
from dogrules.variants import title as variant_title

STYLESHEET = "assets/book.css"
SCRIPT = "assets/book.js"


@attrs.frozen
class Link:
    """A labelled link (``href`` None: the label alone, shown as code)."""

    label: str
    href: str | None = None
    detail: str = ""


@attrs.frozen
class Entry:
    """Everything the page shows about one clause."""

    clause: Clause
    rulings: tuple[Clause, ...]
    code: tuple[Link, ...]
    # None: no tests folder was given, so nothing is known about the tests.
    tests: tuple[Link, ...] | None
    # (picture file relative to the book's root, the illustration it draws)
    pictures: tuple[tuple[str, Illustration], ...]
    # each locator with the passage's words (None when built without --manuals)
    passages: tuple[tuple[Passage, str | None], ...]
    # the reading the book's table plays this ruling by (None: the reference reading)
    played: str | None = None


@attrs.frozen
class ClauseLinks:
    """Writes a link to a clause by id from the page ``current``: ``#ID`` on the same page,
    ``PAGE#ID`` on the first page whose register holds it, plain text when none does."""

    homes: Mapping[str, str]  # clause id -> page file
    current: str

    def __call__(self, clause_id: str) -> str:
        home = self.homes.get(clause_id)
        label = html.escape(clause_id)
        if home is None:
            return label
        page = "" if home == self.current else html.escape(home)
        return f'<a href="{page}#{label}">{label}</a>'


def title(variant: str) -> str:
    """The title of a registered variant (its name for one not registered)."""
    return variant_title(variant)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _head(page_title: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(page_title)}</title>"
        f'<link rel="stylesheet" href="{STYLESHEET}"></head>\n'
    )


def _nav(variants: Sequence[str], current: str | None) -> str:
    current_mark = ' aria-current="page"'
    links = ['<a href="index.html">Contents</a>'] + [
        f'<a href="{_e(name)}.html"{current_mark if name == current else ""}>{_e(title(name))}</a>'
        for name in variants
    ]
    return f'<nav class="variants">{" ".join(links)}</nav>'


def _link(link: Link) -> str:
    label = f"<code>{_e(link.label)}</code>"
    body = f'<a href="{_e(link.href)}">{label}</a>' if link.href else label
    detail = f' <span class="detail">{_e(link.detail)}</span>' if link.detail else ""
    return f"<li>{body}{detail}</li>"


def _locators(entry: Entry) -> str:
    if not entry.passages:
        return '<p class="locator missing">no locator</p>'
    parts = []
    for passage, words in entry.passages:
        parts.append(f'<p class="locator">{_e(str(passage))}</p>')
        if words is not None:
            parts.append(f'<blockquote class="passage">{_e(words)}</blockquote>')
    return "".join(parts)


def _rulings(entry: Entry, link: ClauseLinks) -> str:
    if not entry.rulings:
        return ""
    items = "".join(
        f"<li>{link(r.id)} {_e(r.text)}"
        + (f'<p class="rationale">Why: {_e(r.rationale)}</p>' if r.rationale else "")
        + "</li>"
        for r in entry.rulings
    )
    return f'<div class="rulings"><h4>Rulings that interpret it</h4><ul>{items}</ul></div>'


PLAYED = ' class="played"'
"""The mark of the reading a table plays, on its item of a ruling's readings."""


def _readings(entry: Entry) -> str:
    """A ruling's readings a table may choose (house rules), the reference one first and
    the one played marked; or why it has none."""
    clause = entry.clause
    if not clause.readings:
        if not clause.no_alternative:
            return ""
        return f'<p class="no-alternative">No other reading: {_e(clause.no_alternative)}</p>'
    played = entry.played or clause.reading
    items = "".join(
        f"<li{PLAYED if r.name == played else ''}><code>{_e(r.name)}</code>"
        + (" (reference)" if r.default else "")
        + (" <strong>played here</strong>" if r.name == played and entry.played else "")
        + f" {_e(r.text)}"
        + f'<p class="rationale">Why: {_e(r.rationale)}</p></li>'
        for r in clause.readings
    )
    return (
        '<div class="readings"><h4>Readings a table may choose</h4>'
        f"<p>A house-rules file picks one: <code>[rulings] &quot;{_e(clause.id)}&quot; = "
        f"&quot;{_e(clause.readings[-1].name)}&quot;</code>.</p><ul>{items}</ul></div>"
    )


def _figures(entry: Entry, link: ClauseLinks) -> str:
    if not entry.pictures:
        return f'<p class="no-picture">{_e(undrawn(entry.clause))}</p>'
    figures = "".join(_figure(src, drawn, link) for src, drawn in entry.pictures)
    return f'<div class="pictures">{figures}</div>'


def _figure(src: str, drawn: Illustration, link: ClauseLinks) -> str:
    """One picture: the position with its moves, beside it the position after the move (if
    it shows one), and the caption."""
    boards = [
        f'<img src="{_e(src)}" width="490" height="400" '
        f'alt="{_e(drawn.test)}: the position, with the moves drawn on it">'
    ]
    if result(drawn) is not None:
        boards.append(
            f'<img src="{_e(after_file(src))}" width="490" height="400" class="after" '
            f'alt="{_e(drawn.test)}: the position after the move">'
        )
    return (
        f'<figure><div class="boards">{"".join(boards)}</div>'
        f"<figcaption>{caption(drawn, link)}"
        f'<p class="from">Position set up by <code>{_e(drawn.test)}</code>.</p>'
        "</figcaption></figure>"
    )


def _searchable(entry: Entry) -> str:
    clause = entry.clause
    words = [clause.id, clause.kind.value, clause.source, clause.text, clause.note]
    words += [r.id for r in entry.rulings]
    return " ".join(" ".join(words).lower().split())


def clause_section(entry: Entry, link: ClauseLinks) -> str:
    """One clause: id, kind, source, text, note, locators, rulings, code, tests, pictures."""
    clause = entry.clause
    kind = clause.kind.value
    parts = [
        f'<section class="clause" id="{_e(clause.id)}" data-kind="{kind}" '
        f'data-search="{_e(_searchable(entry))}">',
        f'<h3><a class="anchor" href="#{_e(clause.id)}">{_e(clause.id)}</a> '
        f'<span class="kind {kind}">{kind}</span></h3>',
        f'<p class="source">{_e(clause.source)}</p>',
        f'<p class="text">{_e(clause.text)}</p>',
    ]
    if clause.note:
        parts.append(f'<p class="note">Engine note: {_e(clause.note)}</p>')
    if clause.interprets:
        targets = ", ".join(link(target) for target in clause.interprets)
        parts.append(f'<p class="interprets">Interprets {targets}.</p>')
    if clause.rationale:
        parts.append(f'<p class="rationale">Why: {_e(clause.rationale)}</p>')
    if clause.same_as:
        others = ", ".join(link(other) for other in clause.same_as)
        parts.append(f'<p class="same-as">Same mechanic as {others}.</p>')
    parts.append(_readings(entry))
    parts.append(_locators(entry))
    parts.append(_rulings(entry, link))
    code = "".join(_link(link) for link in entry.code) or "<li>none</li>"
    parts.append(f'<div class="code"><h4>Implemented by</h4><ul>{code}</ul></div>')
    if entry.tests is not None:
        tests = "".join(_link(link) for link in entry.tests) or "<li>none</li>"
        parts.append(f'<div class="tests"><h4>Tested by</h4><ul>{tests}</ul></div>')
    parts.append(_figures(entry, link))
    parts.append("</section>")
    return "\n".join(part for part in parts if part)


_KEY = (
    '<p class="key-line">In the pictures: <span class="key legal">legal</span> moves of the '
    'card in question, the move <span class="key played">played</span> by the test, and the '
    '<span class="key illegal">illegal</span> one it asks about, with the engine\'s verdict; '
    "each arrow follows the fields its piece steps on. Beside it, the position "
    '<span class="key after">after</span> the move played (or the only legal one): the pieces '
    "it moved, the Black Dog's run, and dotted the pieces sent home.</p>"
)


def _contents(entries: Sequence[Entry]) -> str:
    """The list of the page's clauses, each linked, with the first words of its text."""
    items = "".join(
        f'<li><a href="#{_e(entry.clause.id)}">{_e(entry.clause.id)}</a> '
        f'<span class="gist">{_e(_gist(entry.clause.text))}</span></li>'
        for entry in entries
    )
    return (
        '<nav class="toc" aria-label="contents"><details><summary>Contents '
        f"({len(entries)} clauses)</summary><ol>{items}</ol></details></nav>\n"
    )


def _gist(text: str, words: int = 9) -> str:
    split = text.split()
    return " ".join(split[:words]) + (" …" if len(split) > words else "")


def variant_page(
    variant: str, variants: Sequence[str], entries: Sequence[Entry], homes: Mapping[str, str]
) -> str:
    """The page of one variant: the search box, then every clause in register order.
    ``homes`` names the page of every clause id (for links to another variant's clause)."""
    name = title(variant)
    link = ClauseLinks(homes, f"{variant}.html")
    return (
        _head(f"{name}: the rulebook")
        + "<body>\n<header>"
        + _nav(variants, variant)
        + f"<h1>{_e(name)}</h1>"
        + f'<p class="intro">{len(entries)} clauses in the order of the manual: its rules, our '
        "rulings and assumptions, and the board data.</p>"
        + _KEY
        + '<div class="search"><label for="search">Filter clauses</label> '
        '<input id="search" type="search" placeholder="id or word, e.g. BD-MOVE or capture" '
        'autocomplete="off"> <span id="shown" aria-live="polite"></span></div>'
        + "</header>\n<main>\n"
        + _contents(entries)
        + "\n".join(clause_section(entry, link) for entry in entries)
        + '\n<p id="nothing" hidden>No clause matches.</p>'
        + f'</main>\n<script src="{SCRIPT}"></script>\n</body></html>\n'
    )


def index_page(variants: Sequence[str], counts: Sequence[tuple[int, int]], manuals: bool) -> str:
    """The index: one line per variant (clauses, pictures) and how to read the book."""
    rows = "".join(
        f'<li><a href="{_e(name)}.html">{_e(title(name))}</a> '
        f'<span class="detail">{clauses} clauses, {pictures} pictures</span></li>'
        for name, (clauses, pictures) in zip(variants, counts, strict=True)
    )
    passages = (
        "Each locator is shown with the passage itself, read from the manuals given."
        if manuals
        else "Built without the manuals: each clause shows its locator (where the manual says "
        "it), not the manual's words (build with <code>--manuals DIR</code> to see them)."
    )
    return (
        _head("The DOG rulebook")
        + "<body>\n<header>"
        + _nav(variants, None)
        + "<h1>The DOG rulebook</h1></header>\n<main>"
        + f'<ul class="contents">{rows}</ul>'
        + "<p>Every clause of each game's register, in the manual's order, with our wording, "
        "its kind (a rule of the manual, a ruling of ours, an assumption), the rulings that "
        "interpret it, the engine code that implements it and the tests that check it.</p>"
        + f"<p>{passages}</p>"
        + _KEY
        + f'<p class="detail">Written by dogrules {_e(__version__)}.</p>'
        + "</main>\n</body></html>\n"
    )
