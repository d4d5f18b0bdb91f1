"""``dogrules book``: the pages it writes, every clause in register order, escaping, the
locators and passages (``--manuals``), the pictures and the exit codes. The book opened in a
real browser is tests/test_book_browser.py."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

import dogrules
from books import WrittenBook
from dogrules.app.book import build
from dogrules.app.book.illustrations import Illustration, read_illustrations
from dogrules.app.book.pictures import after_picture, arrows, decides, picture, result
from dogrules.app.book.sources import function_places, source_file
from dogrules.app.cli import main
from dogrules.data.manuals import fingerprint
from dogrules.data.register import Clause, Passage, implementers
from dogrules.render import ArrowKind
from manuals import MANUALS, needs_manuals

# Under pytest-xdist (tools/check.py: --dist loadgroup) the module's tests share a worker
# with tests/test_book_browser.py, so the book (tests/conftest.py) is written once.
pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture
def book(written_book: WrittenBook) -> Path:
    """The book ``dogrules book`` wrote (test_the_command_writes_the_book_and_says_so)."""
    assert written_book.exit_code == 0, written_book.output
    return written_book.folder


def section_ids(page: str) -> list[str]:
    return re.findall(r'<section class="clause" id="([^"]+)"', page)


def test_the_book_has_an_index_a_page_per_variant_assets_and_pictures(book: Path) -> None:
    for name in ("index.html", "assets/book.css", "assets/book.js"):
        assert (book / name).is_file(), name
    index = (book / "index.html").read_text(encoding="utf-8")
    for variant in dogrules.VARIANTS:
        assert (book / f"{variant}.html").is_file(), variant
        assert f'href="{variant}.html"' in index
        drawn = [d for d in read_illustrations(variant) if any(decides(d, c) for c in d.clauses)]
        pictures = sorted((book / "pictures" / variant).glob("*.svg"))
        after = [p for p in pictures if p.name.endswith("-after.svg")]
        assert len(pictures) - len(after) == len(drawn), variant
        assert len(after) == sum(result(d) is not None for d in drawn), variant


@pytest.mark.parametrize("variant", dogrules.VARIANTS)
def test_every_clause_is_on_its_page_in_register_order(book: Path, variant: str) -> None:
    page = (book / f"{variant}.html").read_text(encoding="utf-8")
    assert section_ids(page) == [clause.id for clause in dogrules.variant(variant).clauses]


def test_a_clause_shows_kind_code_tests_rulings_and_its_locator(book: Path) -> None:
    page = (book / "black-dog.html").read_text(encoding="utf-8")
    start = page.index('id="BD-START-PROTECTED"')
    section = page[start : page.index("</section>", start)]
    assert '<span class="kind rule">rule</span>' in section
    assert 'href="code/dogrules/rules/' in section  # the implementing function's source
    assert 'href="code/tests/test_clauses_black_dog' in section  # a test citing it
    clauses = {c.id: c for c in dogrules.variant("black-dog").clauses}
    (passage,) = clauses["BD-START-PROTECTED"].passages
    assert f'<p class="locator">{passage}</p>' in section  # built without --manuals: no words
    assert 'class="passage"' not in section
    assert '<img src="pictures/black-dog/' in section
    # A ruling is listed, with its rationale, under the clause it interprets.
    interpreted = next(c for c in dogrules.variant("black-dog").clauses if c.interprets)
    target = page.index(f'id="{interpreted.interprets[0]}"')
    shown = page[target : page.index("</section>", target)]
    assert f'href="#{interpreted.id}"' in shown and "Why:" in shown


def test_linked_source_pages_are_written_with_line_anchors(book: Path) -> None:
    page = (book / "black-dog.html").read_text(encoding="utf-8")
    for href in set(re.findall(r'href="(code/[^"#]+)#L(\d+)"', page)):
        path, line = href
        source = (book / path).read_text(encoding="utf-8")
        assert f'id="L{line}"' in source, href


def test_a_marked_function_links_to_its_decorators_also_when_compiled() -> None:
    # Found in the source file either way: a compiled function (tools/build_compiled.py) has
    # no code object to tell its line.
    places = function_places()
    assert set(places) == {name for names in implementers().values() for name in names}
    for name, place in places.items():
        lines = source_file(place, None).read_text(encoding="utf-8").splitlines()
        head = lines[place.line - 1 :]
        assert head[0].lstrip().startswith("@"), name
        decorators = head[: next(i for i, line in enumerate(head) if "def " in line)]
        assert any(line.lstrip().startswith("@implements(") for line in decorators), name
        assert f"def {name.rsplit('.', 1)[1]}(" in "".join(head[len(decorators) :][:1]), name


def test_without_a_tests_folder_the_book_lists_no_tests(tmp_path: Path) -> None:
    build.write_book(tmp_path, tests=None, variants=["dog-kids"])
    page = (tmp_path / "dog-kids.html").read_text(encoding="utf-8")
    assert "Tested by" not in page and "Implemented by" in page
    assert not (tmp_path / "code" / "tests").exists()


def _with(clause_id: str, change: Callable[[Clause], Clause]) -> Iterator[Clause]:
    """The DOG Kids register with the clause ``clause_id`` changed."""
    for clause in dogrules.variant("dog-kids").clauses:
        yield change(clause) if clause.id == clause_id else clause


def test_clause_text_is_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    evil = '<script>alert("x")</script> & "quoted"'
    changed = tuple(_with("KD-ENTER", lambda c: attrs.evolve(c, text=evil, note=evil)))
    monkeypatch.setattr(build, "clauses_of", lambda variant: changed)
    build.write_book(tmp_path, variants=["dog-kids"])
    page = (tmp_path / "dog-kids.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quoted&quot;" in page


MANUAL = "Heading\n\nA passage with <b>markup</b> & words.\n"
WORDS = "A passage with <b>markup</b> & words."


def _anchored(digest: str) -> tuple[Clause, ...]:
    # KD-ENTER cites the made-up manual; every other clause cites nothing (the real manuals
    # are not in the made-up folder).
    passage = Passage("000", "Heading", 1, MANUAL.index(WORDS), len(WORDS), digest)
    return tuple(
        attrs.evolve(c, passages=(passage,) if c.id == "KD-ENTER" else ())
        for c in dogrules.variant("dog-kids").clauses
    )


def test_manuals_show_each_passage_beside_its_locator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manuals = tmp_path / "seeds"
    manuals.mkdir()
    (manuals / "000_test.txt").write_text(MANUAL, encoding="utf-8")
    monkeypatch.setattr(build, "clauses_of", lambda variant: _anchored(fingerprint(WORDS)))
    build.write_book(tmp_path / "out", manuals, variants=["dog-kids"])
    page = (tmp_path / "out" / "dog-kids.html").read_text(encoding="utf-8")
    start = page.index('id="KD-ENTER"')
    section = page[start : page.index("</section>", start)]
    assert "seed 000, Heading, paragraph 1" in section
    assert (
        '<blockquote class="passage">A passage with &lt;b&gt;markup&lt;/b&gt; &amp; words.'
        in section
    )


@needs_manuals
def test_built_with_the_real_manuals_a_clause_shows_its_passage(tmp_path: Path) -> None:
    build.write_book(tmp_path, MANUALS, variants=["black-dog"])
    page = (tmp_path / "black-dog.html").read_text(encoding="utf-8")
    start = page.index('id="BD-START-PROTECTED"')
    section = page[start : page.index("</section>", start)]
    assert section.count('<blockquote class="passage">') == 1


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_a_wrong_manuals_folder_or_fingerprint_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = invoke("book", str(tmp_path / "out"), "--manuals", str(tmp_path / "absent"))
    assert code == 2 and out.count("\n") == 1 and "not a folder" in out, out
    manuals = tmp_path / "seeds"
    manuals.mkdir()
    (manuals / "000_test.txt").write_text(MANUAL, encoding="utf-8")
    monkeypatch.setattr(build, "clauses_of", lambda variant: _anchored("0" * 16))
    code, out = invoke("book", str(tmp_path / "out"), "--manuals", str(manuals))
    assert code == 2 and out.count("\n") == 1 and "does not match its fingerprint" in out, out
    (manuals / "000_test.txt").unlink()
    code, out = invoke("book", str(tmp_path / "out"), "--manuals", str(manuals))
    assert code == 2 and out.count("\n") == 1 and "000_*.txt" in out, out
    assert not (tmp_path / "out").exists()  # a refused build writes nothing


def test_an_outdir_that_is_a_file_is_exit_2(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    code, out = invoke("book", str(taken))
    assert code == 2 and out.count("\n") == 1, out


def test_the_command_writes_the_book_and_says_so(written_book: WrittenBook) -> None:
    folder, code, out = written_book
    assert code == 0, out
    assert out.startswith(f"wrote {folder / 'index.html'}: 3 variants")
    assert (folder / "black-dog.html").is_file()


def test_a_picture_draws_the_legal_played_and_illegal_moves() -> None:
    shipped = read_illustrations("black-dog")
    refused = next(d for d in shipped if d.illegal is not None and d.legal)
    drawn = picture(refused)
    assert '<path class="move illegal"' in drawn and '<path class="move legal"' in drawn
    kinds = {arrow.kind for arrow in arrows(refused)}
    assert kinds >= {ArrowKind.LEGAL, ArrowKind.ILLEGAL}
    played = next(d for d in shipped if d.played is not None)
    assert '<path class="move played"' in picture(played)


def test_a_move_along_the_track_is_drawn_through_every_field_it_steps_on() -> None:
    shipped = read_illustrations("black-dog")
    printed = [(d, re.match(r"black:(\d+) ", d.played or "")) for d in shipped]
    played, card = next((d, m) for d, m in printed if m is not None)
    (arrow,) = [a for a in arrows(played) if a.kind is ArrowKind.PLAYED]
    steps = int(card.group(1))
    assert len(arrow.via) == steps and arrow.via[-1] == arrow.target
    path = re.search(r'<path class="move played"[^>]* d="([^"]+)"', picture(played))
    assert path is not None and path.group(1).count(" L") == steps


def test_bd_dog_captures_the_picture_after_the_move_draws_the_black_dogs_run() -> None:
    shipped = read_illustrations("black-dog")
    running = [d for d in shipped if d.played is not None and d.played.startswith("black:")]
    after = after_picture(running[0])
    assert after is not None
    moves = re.findall(r'<path class="move played"[^>]* data-move="([^"]+)"', after)
    assert len(moves) == 2, f"the piece's move and the dog's run, not {moves}"
    captured = [
        drawn
        for drawn in shipped
        if result(drawn) is not None and '<path class="move captured"' in str(after_picture(drawn))
    ]
    assert captured, "no picture shows a piece sent home"


def cited_for_the_moves_drawn(drawn: Illustration) -> set[str]:
    """The clauses today's engine cites for the moves a picture draws: the verdict on the
    illegal one and the events of the legal and played ones."""
    rules = dogrules.variant(drawn.variant)
    state = drawn.position
    cited: set[str] = set()
    if drawn.illegal is not None:
        cited.update(rules.explain(state, rules.parse_action(state, drawn.illegal.action)).clauses)
    for text in (*drawn.legal, *([drawn.played] if drawn.played else [])):
        transition = rules.apply(state, rules.parse_action(state, text), events=True)
        cited.update(clause for event in transition.events for clause in event.clauses)
    return cited


@pytest.mark.parametrize("variant", dogrules.VARIANTS)
def test_every_picture_shows_its_clause_deciding_a_move_drawn(book: Path, variant: str) -> None:
    page = (book / f"{variant}.html").read_text(encoding="utf-8")
    shipped = read_illustrations(variant)
    for clause in dogrules.variant(variant).clauses:
        start = page.index(f'id="{clause.id}"')
        section = page[start : page.index("</section>", start)]
        shown = re.findall(rf'<img src="pictures/{variant}/(\d+)\.svg"', section)
        for number in shown:
            drawn = shipped[int(number) - 1]
            assert clause.id in cited_for_the_moves_drawn(drawn), (
                f"{clause.id}: picture {variant}/{number}.svg ({drawn.test}) draws no move "
                "whose verdict or events cite it"
            )
        if not shown:
            assert "Its tests set up no position where it decides" in section, clause.id


def test_ad_meeting_pictures_reach_a_meeting_place(book: Path) -> None:
    page = (book / "agent-dog.html").read_text(encoding="utf-8")
    start = page.index('id="AD-MEETING"')
    section = page[start : page.index("</section>", start)]
    shown = re.findall(r'<img src="pictures/agent-dog/(\d+)\.svg"', section)
    assert shown, "AD-MEETING has no picture"
    shipped = read_illustrations("agent-dog")
    for number in shown:
        drawn = shipped[int(number) - 1]
        holes = dogrules.variant("agent-dog").board(drawn.position.players).holes
        assert holes is not None
        ends = {arrow.target for arrow in arrows(drawn)}
        assert ends & holes.meetings, (
            f"agent-dog/{number}.svg ({drawn.test}): no move drawn ends on a meeting place"
        )


def test_a_clause_without_a_picture_says_why_when_the_reason_is_general(book: Path) -> None:
    page = (book / "black-dog.html").read_text(encoding="utf-8")
    for clause_id, reason in (
        ("BD-DEAL", "set up"),
        ("BD-SECRECY", "what each seat may see"),
        ("BD-L-TRACK", "the board itself"),
    ):
        start = page.index(f'id="{clause_id}"')
        section = page[start : page.index("</section>", start)]
        assert '<p class="no-picture">' in section and reason in section, clause_id


def test_a_page_begins_with_its_contents(book: Path) -> None:
    page = (book / "black-dog.html").read_text(encoding="utf-8")
    contents = page[
        page.index('<nav class="toc"') : page.index("</nav>", page.index('<nav class="toc"'))
    ]
    listed = re.findall(r'<a href="#([^"]+)">', contents)
    assert listed == [clause.id for clause in dogrules.variant("black-dog").clauses]
