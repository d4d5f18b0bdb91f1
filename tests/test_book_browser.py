"""The rulebook in a real browser: Debian's headless Chromium, driven by Playwright, opens
the pages the book writes. Every page opened loads with no console error and every picture on
it renders, the search box filters, the Black DOG page fits a 390 px phone without scrolling
sideways, and screenshots of it (desktop and phone) are kept in build/.
Every link and picture of every page resolves to a file of the book (and a #fragment to an
element of it), read from the pages as written (the book's script adds none).

The everyday suite opens the index, the Black DOG clause page and the first code page of the
package and of the tests; the ``ci`` profile (``.ci/run``) opens every page. The Agent DOG and
DOG Kids clause pages' some 320 pictures, drawn by the code that draws Black DOG's, take
Chromium seconds to decode (an SVG image is a document of its own), and the some 30 code
pages, one template highlighting one file each, take three seconds between them.

Without Chromium (/usr/bin/chromium) or Playwright the test skips, except under CI (the CI
environment variable set), where it fails: CI must install both (see .ci/run)."""

from __future__ import annotations

import contextlib
import functools
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from books import WrittenBook
from budgets import DEEP, PROFILE

# The browser check is optional outside CI: browser.missing() says what is lacking (the
# chromium fixture of tests/conftest.py skips, or fails under CI).
with contextlib.suppress(ImportError):
    from playwright.sync_api import Browser, ConsoleMessage, Page

TESTS = Path(__file__).parent
SCREENSHOT = TESTS.parent / "build" / "book-black-dog.png"


# The clause pages the everyday suite leaves to the ci profile (see the module's docstring).
DEEP_ONLY = frozenset({"agent-dog.html", "dog-kids.html"})
# The folders of code pages of which the everyday suite opens the first page only.
CODE_FOLDERS = ("code/dogrules", "code/tests")


def _everyday(book: Path, pages: list[Path]) -> list[Path]:
    """The pages the everyday suite opens: all but the clause pages of DEEP_ONLY and, of
    each folder of CODE_FOLDERS, all but its first page (in the order of ``pages``)."""
    chosen: list[Path] = []
    opened: set[str] = set()
    for page_file in pages:
        where = page_file.relative_to(book).as_posix()
        folder = next((f for f in CODE_FOLDERS if where.startswith(f + "/")), None)
        if page_file.name in DEEP_ONLY or folder in opened:
            continue
        if folder is not None:
            opened.add(folder)
        chosen.append(page_file)
    assert opened == set(CODE_FOLDERS), f"no code page in {set(CODE_FOLDERS) - opened}"
    return chosen


class _Links(HTMLParser):
    """The href and src attributes of a page, as a browser reads them (entities decoded)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [value for name, value in attrs if name in ("href", "src") and value]


def _links_and_pictures(page_file: Path) -> list[str]:
    parser = _Links()
    parser.feed(page_file.read_text(encoding="utf-8"))
    parser.close()
    return parser.found


@functools.cache
def _ids(page_file: Path) -> frozenset[str]:
    """The element ids of a page of the book (read once: pages link many lines of a file)."""
    return frozenset(re.findall(r'\bid="([^"]*)"', page_file.read_text(encoding="utf-8")))


def _target(book: Path, page_file: Path, link: str) -> tuple[Path, str]:
    """The book file and fragment a relative link of ``page_file`` points at."""
    parts = urlsplit(link)
    assert not parts.scheme and not parts.netloc, f"{page_file.name}: external link {link}"
    path = (page_file.parent / unquote(parts.path)).resolve() if parts.path else page_file
    assert path.is_relative_to(book.resolve()), f"{page_file.name}: {link} leaves the book"
    return path, parts.fragment


def _screenshot_and_search(page: Page) -> None:
    """Keep a screenshot of the open Black DOG page; its search box filters the clauses by
    id or word and says when none matches."""
    SCREENSHOT.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOT))
    total = page.locator("section.clause").count()
    page.fill("#search", "bd-start-pro")
    shown = page.locator("section.clause:visible")
    ids = [shown.nth(i).get_attribute("id") or "" for i in range(shown.count())]
    assert ids == ["BD-START-PROTECTED"], ids
    assert page.inner_text("#shown") == f"1 of {total} clauses"
    page.fill("#search", "capture")
    assert 0 < page.locator("section.clause:visible").count() < total
    page.fill("#search", "no clause says zyzzyva")
    assert page.locator("section.clause:visible").count() == 0
    assert page.locator("#nothing").is_visible()
    page.fill("#search", "")
    assert page.locator("section.clause:visible").count() == total
    # On a phone the page fits the screen's width: nothing scrolls sideways.
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 390, f"the Black DOG page scrolls sideways on a phone ({wide} px)"
        page.screenshot(path=str(SCREENSHOT.with_name("book-black-dog-phone.png")))
    finally:
        if size is not None:
            page.set_viewport_size(size)


def _pages(written_book: WrittenBook) -> list[Path]:
    book = written_book.folder
    assert written_book.exit_code == 0, written_book.output
    pages = sorted(book.rglob("*.html"))
    assert len(pages) > 4 and book / "black-dog.html" in pages
    assert {book / name for name in DEEP_ONLY} <= set(pages)
    return pages


# The book tests/test_book.py reads and the browser tests/test_web_table.py drives
# (tests/conftest.py: each made once, on the worker that runs the group).
@pytest.mark.xdist_group("browser")
def test_every_link_and_picture_of_the_book_resolves(written_book: WrittenBook) -> None:
    book = written_book.folder
    checked = 0
    for page_file in _pages(written_book):
        where = page_file.relative_to(book).as_posix()
        for link in _links_and_pictures(page_file):
            target, fragment = _target(book, page_file, link)
            assert target.is_file(), f"{where}: {link} is not a file of the book"
            if fragment:
                assert fragment in _ids(target), f"{where}: {link}: no element #{fragment}"
            checked += 1
    assert checked > 1000, f"only {checked} links and pictures in the book"


@pytest.mark.xdist_group("browser")
@pytest.mark.slow
@DEEP
def test_the_book_opens_in_chromium_without_errors(
    written_book: WrittenBook, chromium: Browser
) -> None:
    started = time.perf_counter()
    book = written_book.folder
    pages = _pages(written_book)
    if PROFILE == "default":
        pages = _everyday(book, pages)
    page = chromium.new_page(viewport={"width": 1280, "height": 1800})
    try:
        errors: list[str] = []

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                errors.append(f"console: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda exc: errors.append(f"script: {exc}"))
        page.on("requestfailed", lambda r: errors.append(f"failed to load {r.url}"))
        for page_file in pages:
            page.goto(page_file.as_uri(), wait_until="load")
            where = page_file.relative_to(book).as_posix()
            # Every picture decodes and is drawn at a size.
            sizes = page.evaluate(
                "async () => Promise.all(Array.from(document.images).map(async img => {"
                " await img.decode(); const r = img.getBoundingClientRect();"
                " return [img.getAttribute('src'), img.naturalWidth, r.width, r.height]; }))"
            )
            for src, natural, width, height in sizes:
                assert natural > 0 and width > 0 and height > 0, f"{where}: {src} does not render"
            if where == "black-dog.html":
                # Checked while it is open: the longest pages take seconds to load again.
                _screenshot_and_search(page)
            assert not errors, f"{where}: {errors}"
    finally:
        page.close()
    opened = time.perf_counter() - started
    print(f"{len(pages)} pages of the book checked in Chromium in {opened:.1f}s")
