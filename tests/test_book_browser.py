"""The rulebook in a real browser: Debian's headless Chromium, driven by Playwright, opens
every page the book writes. Every page loads with no console error, every link and picture
resolves to a file of the book (and a #fragment to an element of it), every picture renders,
the search box filters, and a screenshot of the Black DOG page is kept in build/.

Without Chromium (/usr/bin/chromium) or Playwright the test skips, except under CI (the CI
environment variable set), where it fails: CI must install both (see .ci/run)."""

from __future__ import annotations

import contextlib
import functools
import re
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from books import WrittenBook

# The browser check is optional outside CI: browser.missing() says what is lacking (the
# chromium fixture of tests/conftest.py skips, or fails under CI).
with contextlib.suppress(ImportError):
    from playwright.sync_api import Browser, ConsoleMessage, Page

TESTS = Path(__file__).parent
SCREENSHOT = TESTS.parent / "build" / "book-black-dog.png"


def _links_and_pictures(page: Page) -> list[str]:
    found = page.evaluate(
        "() => Array.from(document.querySelectorAll('[href], [src]'))"
        ".map(e => e.getAttribute('href') || e.getAttribute('src'))"
    )
    assert isinstance(found, list)
    return [str(link) for link in found]


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


# The book tests/test_book.py reads and the browser tests/test_web_table.py drives
# (tests/conftest.py: each made once, on the worker that runs the group).
@pytest.mark.xdist_group("browser")
@pytest.mark.slow
def test_the_book_opens_in_chromium_without_errors(
    written_book: WrittenBook, chromium: Browser
) -> None:
    started = time.perf_counter()
    book = written_book.folder
    assert written_book.exit_code == 0, written_book.output
    pages = sorted(book.rglob("*.html"))
    assert len(pages) > 4 and book / "black-dog.html" in pages
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
            for link in _links_and_pictures(page):
                target, fragment = _target(book, page_file, link)
                assert target.is_file(), f"{where}: {link} is not a file of the book"
                if fragment:
                    assert fragment in _ids(target), f"{where}: {link}: no element #{fragment}"
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
