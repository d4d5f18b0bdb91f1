"""The web table in a real browser: the system's Chromium, driven by Playwright for Python,
against the ASGI application served by uvicorn on a free local port. People at one table
(each a page of its own browser context, as on their own devices) play a whole game with a
bot by clicking cards, pieces and fields; every answer a page receives is checked to carry
no other seat's hand; a reload rejoins the same seat; a failed request never leaves a stuck
page; give is played by clicking the card, and the log names no other seat's exchange card;
"why not?" cites the clause's register text; on a phone every option is a fingertip wide.
Screenshots go to build/web-table-*.png (CI keeps them as artifacts).

Without Chromium, Playwright or the extra ``serve`` the tests are skipped, saying which is
missing; with the environment variable CI set they fail instead, so CI cannot skip them.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

import pytest

import dogrules
from browser import PLAYWRIGHT, cannot_run, missing
from budgets import DEEP, PROFILE
from dogrules.protocol import Context

BUILD = Path(__file__).resolve().parent.parent / "build"
BLACK_DOG_4 = "?variant=black-dog&players=4&teams=1&seat=0&friends=1&bot=greedy&seed=1&anim=0"
KIDS_3 = "?variant=dog-kids&players=3&teams=0&seat=0&friends=1&bot=greedy&seed=1&anim=0"
MY_TURN = 'body[data-turn="you"]:not([data-busy])'
OVER = 'body[data-turn="over"]'
MOST_CLICKS = 900  # a 3-player DOG Kids game takes some 40 turns of 1 to 3 clicks
WAIT_MS = 15_000  # the longest wait for the page, Playwright's (set_default_timeout) or ours


MISSING = missing(
    (
        PLAYWRIGHT,
        ("starlette", "pip install 'dogrules[serve]'"),
        ("uvicorn", "pip install 'dogrules[serve]'"),
    )
)
if MISSING is not None:
    cannot_run(MISSING, module_level=True)

# Only now: these need what _missing() checked for.
import uvicorn  # noqa: E402
from playwright.sync_api import Browser, ConsoleMessage, Page, Response, Route  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402

from dogrules.app.http_bounds import Bounds  # noqa: E402
from dogrules.app.web_table import create_app  # noqa: E402


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# The tests share a pytest-xdist worker (tools/check.py: --dist loadgroup), so one server
# and one Chromium serve them all, not one a worker: the Chromium the book's browser test
# uses too (the chromium fixture of tests/conftest.py).
pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The table's server on 127.0.0.1 in a background thread; yields its base URL. Open
    event streams are not waited for when it stops (the pages reconnect by themselves)."""
    port = _free_port()
    config = uvicorn.Config(
        # The rulebook's first build (some seconds) within the budget on a loaded machine.
        create_app(Context(), bounds=Bounds(time_budget=120.0)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=1,
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    running.should_exit = True
    thread.join(timeout=10)


class Person:
    """One person at the table: a page in a browser context of its own (its own storage,
    as on another device), the console errors it logs, and every JSON answer it received
    from the table's routes."""

    def __init__(
        self, chromium: Browser, width: int = 1400, height: int = 900, still: bool = False
    ) -> None:
        motion: Literal["reduce", "no-preference"] = "reduce" if still else "no-preference"
        self.context = chromium.new_context(
            viewport={"width": width, "height": height}, reduced_motion=motion
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.errors: list[str] = []
        self.answers: list[tuple[str, object]] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        self.page.on("response", self._response)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} at {message.location}")

    def _response(self, response: Response) -> None:
        if "/table/" in response.url and not response.url.endswith("/events"):
            # A body that is not JSON (a failure the test made up) is no table's answer.
            with contextlib.suppress(PlaywrightError, ValueError):
                self.answers.append((response.url, response.json()))

    @property
    def seat(self) -> int:
        return int(self.page.evaluate("() => JSON.parse(document.body.dataset.seat)"))

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def people(chromium: Browser) -> Iterator[Callable[..., Person]]:
    """Makes a Person (closed after the test)."""
    made: list[Person] = []

    def make(width: int = 1400, height: int = 900, still: bool = False) -> Person:
        made.append(Person(chromium, width, height, still))
        return made[-1]

    yield make
    for person in made:
        person.close()


def _screenshot(page: Page, name: str) -> None:
    BUILD.mkdir(exist_ok=True)
    page.screenshot(path=str(BUILD / f"web-table-{name}.png"))


def _secrets_in(answer: object, seat: int) -> list[str]:
    """What in an answer to ``seat``'s page is not its to see: a whole state (every hand,
    the deck) or an observation of another seat."""
    found: list[str] = []

    def walk(value: object, where: str) -> None:
        if isinstance(value, dict):
            for key in ("hands", "deck", "state"):
                if key in value:
                    found.append(f"{where}.{key}")
            if "hand_sizes" in value and value.get("seat") != seat:
                found.append(f"{where}: the view of seat {value.get('seat')}")
            for key, item in value.items():
                walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")

    walk(answer, "answer")
    return found


# One round trip a click: wait in the page (a MutationObserver on the body's attributes,
# which the page sets as it goes) until it is ready for a click (the person's turn and not
# busy), the game is over, its status shows an error, or `waitMs` passed (then it says whose
# turn the page shows). Then where to click for the first staged choice: a card in the hand
# when the card step offers one (give and Copy too), else the chip, or on the board the
# location of the first option (a piece standing there lies on top of the field, -1 is a
# home the page offers). The point is the middle of what is to be clicked, scrolled into
# view, and ``hit`` says whether a click there lands on it (not on something covering it).
NEXT_CLICK = """async ([waitMs, readyFor]) => {
  const body = document.body, q = (s) => document.querySelector(s);
  const ready = () => q(readyFor) ?? q("#status.error");
  if (!ready()) {
    await new Promise((resolve) => {
      const watch = new MutationObserver(() => {
        if (ready()) { watch.disconnect(); clearTimeout(late); resolve(); }
      });
      const late = setTimeout(() => { watch.disconnect(); resolve(); }, waitMs);
      watch.observe(body, { attributes: true });
    });
  }
  const step = body.dataset.step ?? null, chip = q("#options .chip");
  const loc = chip?.dataset.loc ?? null;
  const onBoard = ["piece", "target", "field"].includes(step) && loc !== null;
  let target = chip;
  if (step === "card") target = q("#hand .card.option") ?? chip;
  else if (onBoard)
    target = loc === "-1" ? q("#board .piece.home.option")
      : q(`#board .piece[data-loc="${loc}"]`) ?? q(`#board .field[data-loc="${loc}"]`);
  const seen = { turn: body.dataset.turn, ready: Boolean(q(readyFor)), step, onBoard,
    card: target?.dataset?.card ?? null, chip: chip?.dataset.label ?? null,
    error: q("#status.error") ? q("#status").innerText : null, x: 0, y: 0, hit: false };
  if (!seen.ready || target === null || seen.turn === "over") return seen;
  target.scrollIntoView({ block: "center", inline: "center" });
  const box = target.getBoundingClientRect();
  seen.x = box.left + box.width / 2;
  seen.y = box.top + box.height / 2;
  const top = document.elementFromPoint(seen.x, seen.y);
  seen.hit = box.width > 0 && box.height > 0 && target.contains(top);
  return seen;
}"""


def _click_next(person: Person, wait_ms: int = WAIT_MS) -> dict[str, object]:
    """Once the page is ready for it, one click of the staged choices; what the page showed."""
    seen: dict[str, object] = person.page.evaluate(NEXT_CLICK, [wait_ms, f"{MY_TURN}, {OVER}"])
    assert seen["error"] is None, seen["error"]
    if seen["turn"] == "over" or not seen["ready"]:
        return seen
    assert seen["hit"], f"the choice to click at the {seen['step']} step is covered: {seen}"
    person.page.mouse.click(float(str(seen["x"])), float(str(seen["y"])))
    return seen


def _click_until(person: Person, wanted: str, most: int = 30) -> None:
    """Click the staged choices until, on the person's turn, the page shows ``wanted``."""
    for _ in range(most):
        person.page.wait_for_selector(f"{MY_TURN}, {OVER}")
        if person.page.locator(f"{MY_TURN} {wanted}").count():
            return
        assert _click_next(person)["turn"] != "over", f"the game ended before {wanted} showed"
    pytest.fail(f"no {wanted} after {most} clicks")


def _play_to_the_end(at_table: list[Person], most: int = MOST_CLICKS) -> int:
    """Every person clicks whenever it is their turn until the game is over; the clicks."""
    clicks = 0
    while True:
        over = 0
        for person in at_table:
            seen = _click_next(person, wait_ms=50)
            over += seen["turn"] == "over"
            clicks += bool(seen["ready"]) and seen["turn"] != "over"
        if over == len(at_table):
            return clicks
        assert clicks < most, f"no winner after {clicks} clicks"


def _open_table(host: Person, server: str, query: str) -> str:
    """The host opens a table; the link it shows friends."""
    host.page.goto(server + query)
    host.page.wait_for_selector("body[data-seat]")
    link = host.page.input_value("#invite-link")
    assert "table=" in link and "token" not in link, link
    return link


def test_two_people_and_a_bot_play_a_whole_game_at_one_table(
    server: str, people: Callable[..., Person]
) -> None:
    host, friend = people(), people()
    link = _open_table(host, server, KIDS_3)
    friend.page.goto(link)
    friend.page.wait_for_selector("body[data-seat]")
    assert (host.seat, friend.seat) == (0, 1)
    friend.page.wait_for_selector("#seats li[data-who]")  # once its first view arrived
    who = friend.page.locator("#seats li[data-who]").evaluate_all(
        "(items) => items.map((i) => i.dataset.who)"
    )
    assert who == ["person", "you", "bot"]
    # The host's page hears that the seat was taken.
    host.page.wait_for_selector('#seats li[data-seat="1"][data-who="person"]')
    _screenshot(host.page, "together")
    clicks = _play_to_the_end([host, friend])
    assert clicks > 10, f"a whole game took only {clicks} clicks"
    for person in (host, friend):
        assert "win" in person.page.inner_text("#winner").lower()
        assert person.page.locator("#log li.move[data-seat='2']").count() > 0, "the bot played"
        assert person.errors == []
        assert person.answers, "no answer was received"
        for url, answer in person.answers:
            leaks = _secrets_in(answer, person.seat)
            assert leaks == [], f"{url} told seat {person.seat}: {leaks}"
    # Both pages saw the same game: the same moves, each under the seat that made it.
    logs = [
        p.page.locator("#log li.move").evaluate_all("(m) => m.map((i) => i.dataset.seat)")
        for p in (host, friend)
    ]
    assert logs[0] == logs[1]
    # The last move that moved a piece is marked on the board, where it ended.
    assert host.page.locator("#board .field.last-to").count() > 0
    _screenshot(host.page, "end")


def test_a_reload_rejoins_the_seat_and_failed_requests_never_leave_a_stuck_page(
    server: str, people: Callable[..., Person]
) -> None:
    me = people()
    _open_table(me, server, KIDS_3.replace("&friends=1", ""))
    for _ in range(6):
        _click_next(me)
    me.page.wait_for_selector(MY_TURN)
    moves = me.page.locator("#log li.move").count()
    hand = me.page.locator("#hand .card").evaluate_all("(c) => c.map((b) => b.dataset.card)")
    me.page.reload()
    me.page.wait_for_selector(MY_TURN)
    assert me.page.locator("#log li.move").count() == moves, "the reload lost moves"
    again = me.page.locator("#hand .card").evaluate_all("(c) => c.map((b) => b.dataset.card)")
    assert again == hand, "the reload dealt another hand"
    assert me.seat == 0
    # Two requests fail on the way (the network, then a server in trouble): the page tries
    # again by itself, and the click is played once.
    failures = ["abort", 503]

    def flaky(route: Route) -> None:
        if not failures:
            route.continue_()
        elif failures[0] == "abort":
            failures.pop(0)
            route.abort()
        else:
            route.fulfill(status=int(str(failures.pop(0))), body="busy")

    me.page.route("**/table/*/choose", flaky)
    _click_next(me)
    me.page.wait_for_selector(f"{MY_TURN}, {OVER}, body[data-turn='other']")
    assert failures == [] and me.page.locator("#status.error").count() == 0
    me.page.wait_for_selector("#connection", state="hidden")
    me.page.unroute("**/table/*/choose")
    # The server cannot be reached at all: after its tries the page says so, with a way on.
    me.page.wait_for_selector(MY_TURN)
    me.page.route("**/table/*/choose", lambda route: route.abort())
    _click_once_anyway(me)
    me.page.wait_for_selector("#status.error #again", timeout=30_000)
    _screenshot(me.page, "unreachable")
    me.page.unroute("**/table/*/choose")
    me.page.click("#again")
    me.page.wait_for_selector(MY_TURN)
    assert me.page.locator("#status.error").count() == 0
    assert _play_to_the_end([me]) > 0
    assert [e for e in me.errors if "Failed to load resource" not in e] == []


def _click_once_anyway(person: Person) -> None:
    seen = person.page.evaluate(NEXT_CLICK, [WAIT_MS, MY_TURN])
    person.page.mouse.click(float(seen["x"]), float(seen["y"]))


def test_give_is_played_by_clicking_the_card_and_stays_hidden_from_the_others(
    server: str, people: Callable[..., Person]
) -> None:
    host, friend = people(), people()
    query = BLACK_DOG_4
    friend.page.goto(_open_table(host, server, query))
    friend.page.wait_for_selector("body[data-seat]")
    given: dict[int, str] = {}
    for _ in range(40):
        for person in (host, friend):
            seen = _click_next(person, wait_ms=300)
            chip = str(seen["chip"] or "")
            if seen["ready"] and chip.startswith("give "):
                assert seen["card"] == chip.removeprefix("give "), "give is a click on the card"
                given[person.seat] = chip.removeprefix("give ")
        if len(given) == 2:
            break
    assert len(given) == 2, f"not both people gave a card: {given}"
    host.page.wait_for_selector(f"{MY_TURN}, body[data-turn='other']")
    for person, other in ((host, friend), (friend, host)):
        log = person.page.locator("#log li.move[data-seat]")
        mine = log.filter(has_text=f"You: give {given[person.seat]}")
        assert mine.count() == 1, "a page's own give is logged with its card"
        theirs = log.filter(has_text=f"Seat {other.seat}: give")
        assert theirs.count() == 1
        assert "a card set aside" in theirs.inner_text(), theirs.inner_text()
    _screenshot(host.page, "exchange")
    assert host.errors == [] and friend.errors == []


def test_why_not_cites_the_clause_and_links_the_rulebook(
    server: str, people: Callable[..., Person]
) -> None:
    me = people()
    _open_table(me, server, KIDS_3.replace("players=3", "players=2").replace("&friends=1", ""))
    page = me.page
    page.wait_for_selector(MY_TURN)
    # At the first turn seat 0 holds green, yellow, yellow and may only redraw: play green
    # anyway, from home onto the start field T0 (red and blue), and ask why not.
    assert page.locator("#hand .card.option").count() == 0, "no card should be playable yet"
    page.locator('#hand .card[data-card="green"]').first.click()
    page.locator("#board .piece.home.seat-0").first.click()
    page.locator('#board .piece[data-loc="0"], #board .field[data-loc="0"]').first.click()
    assert page.input_value("#why-move") == "green H-T0"
    page.click("#why-ask")
    cited = page.locator("#why-answer [data-clause]")
    cited.first.wait_for()
    register = {clause.id: clause.text for clause in dogrules.variant("dog-kids").clauses}
    shown = {
        str(item.get_attribute("data-clause")): item.locator(".clause-text").inner_text()
        for item in cited.all()
    }
    assert "KD-ENTER" in shown, f"why not cites {sorted(shown)}, not the entering rule"
    for clause_id, text in shown.items():
        assert text == register[clause_id], f"{clause_id}'s text differs from the register"
    verdict = page.inner_text("#why-answer .verdict")
    assert "not legal" in verdict and "blue or red" in verdict, verdict
    _screenshot(page, "why-not")
    # The clause links to its rulebook entry, which the server serves.
    href = str(cited.locator("a").first.get_attribute("href"))
    assert href.startswith("book/dog-kids.html#"), href
    entry = page.request.get(server + href.split("#")[0])
    assert entry.ok and f'id="{href.split("#")[1]}"' in entry.text()
    # Each card of the hand says what it does, in the register's words.
    help_text = str(page.locator('#card-help li[data-card="green"]').text_content())
    assert register["KD-COLOUR"] in help_text
    page.click("#back")
    page.wait_for_selector("#hand .card.option, #options .chip.option")
    assert me.errors == []


# Every target a finger may tap, shown on the page, as its name and the width and height of
# its box on the screen: each option of the board (all the elements that take its clicks:
# the field, its hit area, its piece; a home and its pieces), each field of the board (any
# may become an option), the cards, the option chips, the buttons and the form controls.
TARGETS = """() => {
  const seen = [];
  const measure = (name, elements) => {
    const boxes = elements.map((e) => e.getBoundingClientRect()).filter((b) => b.width || b.height);
    if (!boxes.length) return;
    const width = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
    const height = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
    seen.push([name, width, height]);
  };
  const options = [...document.querySelectorAll("#board .option")];
  for (const loc of new Set(options.map((e) => e.dataset.loc))) {
    measure(`board option ${loc}`, options.filter((e) => e.dataset.loc === loc));
  }
  for (const field of document.querySelectorAll("#board .field")) {
    const at = `[data-loc="${field.dataset.loc}"]`;
    measure(`field ${field.dataset.field}`,
      [...document.querySelectorAll(`#board .field${at}, #board .hit${at}`)]);
  }
  for (const target of document.querySelectorAll(".card, .chip, button, select, input")) {
    const words = target.textContent.trim().slice(0, 20);
    measure(`${target.tagName.toLowerCase()}#${target.id} ${words}`, [target]);
  }
  return seen;
}"""

# The smallest a target may be, in CSS px both ways (WCAG 2.2's target size, 2.5.8).
FINGERTIP = 24

# Where a tap 11.5 px from a board field's middle (up, down, left, right) lands on another
# location than the field's: a hit area as wide as FINGERTIP takes the taps around it.
TAPS = """() => {
  const misses = [];
  for (const field of document.querySelectorAll("#board .field")) {
    field.scrollIntoView({ block: "center", inline: "center" });
    const box = field.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    for (const [dx, dy] of [[-11.5, 0], [11.5, 0], [0, -11.5], [0, 11.5]]) {
      const top = document.elementFromPoint(x + dx, y + dy);
      if (top?.closest("[data-loc]")?.dataset.loc !== field.dataset.loc) {
        misses.push(`${field.dataset.field} at ${dx},${dy}: ${top?.outerHTML.slice(0, 60)}`);
      }
    }
  }
  return misses;
}"""


def _every_target_is_a_fingertip_wide(page: Page) -> None:
    """Every target of the page (TARGETS) is at least FINGERTIP px both ways; else the
    smallest is named."""
    targets = page.evaluate(TARGETS)
    assert any(name.startswith("field") for name, _, _ in targets), "no board on the page"
    name, width, height = min(targets, key=lambda target: min(target[1], target[2]))
    assert min(width, height) >= FINGERTIP, (
        f"the smallest target on a phone, {name}, is {width:.1f} x {height:.1f} px"
    )
    assert page.evaluate(TAPS) == [], "a tap beside a field lands elsewhere"


def test_on_a_phone_every_option_is_a_fingertip_wide_and_motion_can_be_reduced(
    server: str, people: Callable[..., Person]
) -> None:
    # A phone whose owner asked for reduced motion: the address says nothing of animations.
    me = people(390, 844, still=True)
    query = KIDS_3.replace("&friends=1", "").replace("seed=1", "seed=2")
    _open_table(me, server, query.replace("&anim=0", ""))
    page = me.page
    assert not page.is_checked("#anim"), "animations are on though reduced motion is asked"
    page.wait_for_selector(MY_TURN)
    _screenshot(page, "phone")
    _click_until(me, "#board .option")
    _every_target_is_a_fingertip_wide(page)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"the page scrolls sideways on a phone ({wide} px)"
    _screenshot(page, "phone-options")
    # The Black DOG board has the most fields (64 on the track), so the smallest.
    _open_table(me, server, BLACK_DOG_4.replace("&friends=1", ""))
    page.wait_for_selector("#board .field")
    _every_target_is_a_fingertip_wide(page)
    assert me.errors == []


# The deeper browser tests run under the ci profile only (.ci/run: -m "machine or deep").
BEYOND_THE_EVERYDAY = pytest.mark.skipif(
    PROFILE == "default", reason="a deeper browser test: HYPOTHESIS_PROFILE=ci runs it"
)


@DEEP
@BEYOND_THE_EVERYDAY
def test_an_address_with_wrong_settings_opens_the_default_table(
    server: str, people: Callable[..., Person]
) -> None:
    me = people()
    me.page.goto(server + "?variant=chess&players=9&seat=x&seed=-4&bot=oracle&anim=0")
    me.page.wait_for_selector(f"{MY_TURN}, {OVER}, body[data-turn='other']")
    chosen = {name: me.page.input_value(f"#{name}") for name in ("variant", "form", "seat", "bot")}
    assert chosen == {"variant": "black-dog", "form": "4t", "seat": "0", "bot": "greedy"}
    assert "table=" in me.page.url
    unknown = people()
    unknown.page.goto(server + "?table=nosuchtable")
    unknown.page.wait_for_selector("#status.error")
    assert "no such table" in unknown.page.inner_text("#status")
    assert me.errors == []


@DEEP
@BEYOND_THE_EVERYDAY
def test_a_bot_move_is_animated_and_the_animation_can_be_skipped(
    server: str, people: Callable[..., Person]
) -> None:
    me = people()
    # Animations on, slowed to a second a field, so that the test surely sees one running.
    _open_table(me, server, KIDS_3.replace("&anim=0", "&anim=1000").replace("&friends=1", ""))
    page = me.page
    animating = "body[data-animating]"
    for _ in range(MOST_CLICKS):
        page.wait_for_selector(f"{animating}, {MY_TURN}, {OVER}")
        if page.locator(animating).count():
            break
        assert _click_next(me)["turn"] != "over", "no move was animated"
    page.click("#skip", timeout=5000)
    page.wait_for_selector(f"{MY_TURN}, {OVER}, body[data-turn='other']")
    assert page.locator(animating).count() == 0
    assert me.errors == []


# Tab until the focus is on an option of the board; how many presses it took (None: never).
TAB_TO_THE_BOARD = 80


@DEEP
@BEYOND_THE_EVERYDAY
def test_the_keyboard_plays_a_card_and_a_piece(server: str, people: Callable[..., Person]) -> None:
    me = people()
    _open_table(me, server, KIDS_3.replace("&friends=1", "").replace("seed=1", "seed=2"))
    page = me.page
    _click_until(me, "#hand .card.option")
    page.focus("#hand .card.option")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{MY_TURN}[data-step="piece"]')
    for _ in range(TAB_TO_THE_BOARD):
        page.keyboard.press("Tab")
        if page.evaluate("() => Boolean(document.activeElement.closest('#board .option'))"):
            break
    else:
        pytest.fail(f"{TAB_TO_THE_BOARD} presses of Tab never reached an option of the board")
    version = page.locator("#log li.move").count()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(before) => document.body.dataset.step !== 'piece'"
        " || document.querySelectorAll('#log li.move').length > before",
        arg=version,
    )
    assert me.errors == []


def test_R_K9_a_table_opened_with_a_reading_shows_it_and_plays_by_it(
    server: str, people: Callable[..., Person]
) -> None:
    # DOG Kids in teams opens with the partners' trade: declined only by the reference
    # reading of R-K9, never when the table plays it compulsory (the first edition).
    kids_teams = "?variant=dog-kids&players=4&teams=1&seat=0&seed=1&anim=0"
    offered: dict[str, list[str]] = {}
    for reading in ("optional", "compulsory"):
        me = people()
        _open_table(me, server, f"{kids_teams}&rulings=R-K9:{reading}")
        page = me.page
        page.wait_for_selector(MY_TURN)
        assert page.inner_text('#house-rules [data-ruling="R-K9"]') == reading
        assert page.input_value('#rulings select[data-ruling="R-K9"]') == reading
        kept = "rulings=R-K9%3Acompulsory" in page.url or "rulings=R-K9:compulsory" in page.url
        assert kept is (reading == "compulsory"), page.url
        offered[reading] = [
            str(chip.get_attribute("data-label")) for chip in page.locator("#options .chip").all()
        ]
        assert me.errors == []
    assert "decline" in offered["optional"]
    assert "decline" not in offered["compulsory"]
    assert offered["compulsory"], "the trade offers a card to give"
