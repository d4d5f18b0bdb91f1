"""Tables that people play together: the game lives on the server, each person holds only
the token of their seat, and every page learns only what its seat may see (``observe``, the
moves' public events, its own exchange card). Bots play the seats no person holds.

Transport-free and thread-safe: :mod:`dogrules.app.table_http` serves it over HTTP. A table
speaks the protocol to a session of its own (``choices``, ``apply``, ``explain``), so a
move is read, checked and carried out exactly as the protocol does it.

>>> tables = Tables()
>>> opened = tables.open(TableSettings("dog-kids", players=2, seed=1, people=(0,)))
>>> opened.seat, len(opened.token) > 10
(0, True)
>>> view = tables.view(opened.table, opened.token)
>>> view["seat"], view["seats"][1]["who"], "hands" in view["view"]
(0, 'bot', False)
"""

from __future__ import annotations

import enum
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import cast

import attrs

from dogrules.app.bots import BotSeat, hidden_from
from dogrules.app.plugins import make_bot
from dogrules.model.actions import ActionKind
from dogrules.model.errors import DogRulesError
from dogrules.model.house_rules import REFERENCE, HouseRules
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import State
from dogrules.protocol import Context, Sessions, handle
from dogrules.protocol.shapes import action_json, clause_json
from dogrules.render import svg
from dogrules.variants import variant as get_variant

__all__ = [
    "MAX_TABLES",
    "Opened",
    "TableError",
    "TableProblem",
    "TableSettings",
    "Tables",
]

MAX_TABLES = 64
"""How many tables a server keeps: the one least recently used is forgotten first."""

Listener = Callable[[int], None]


class TableProblem(enum.StrEnum):
    """Why a table refuses a request; compares equal to its string value."""

    UNKNOWN_TABLE = "unknown_table"
    """No such table here (never opened, or forgotten to make room)."""
    NOT_SEATED = "not_seated"
    """The token holds no seat at this table."""
    TABLE_FULL = "table_full"
    """Every seat for a person is taken."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to act (or the game is over)."""
    STALE = "stale"
    """The move was chosen on an older position: the page must catch up first."""
    BAD_SETTINGS = "bad_settings"
    """The table asked for cannot be set up (variant, players, seats, bot)."""
    INVALID_REQUEST = "invalid_request"
    """Not a request of the table: a field missing or of the wrong type."""
    BOT_FAILED = "bot_failed"
    """The bot playing a seat broke its contract (a plug-in's bug): the table cannot go on."""


class TableError(DogRulesError):
    """A request a table refuses; ``problem`` says why."""

    def __init__(self, problem: TableProblem, message: str) -> None:
        super().__init__(message)
        self.problem = problem


@attrs.frozen
class TableSettings:
    """A table to open: the game (``variant``, ``players``, ``teams``: None for the variant's
    default, ``seed``), the seats people play (``people``; the first is the host's), the
    bot that plays the others and the house rules the game is played and judged by
    (``rulings``: checked against the variant's register when the table opens)."""

    variant: str
    players: int
    seed: int = 0
    teams: bool | None = None
    people: tuple[int, ...] = (0,)
    bot: str = "greedy"
    rulings: HouseRules = REFERENCE


@attrs.frozen
class Opened:
    """A seat taken at a table: the table's id, the seat and its token (the page keeps it)."""

    table: str
    seat: int
    token: str


@attrs.frozen
class Move:
    """One action taken at the table, as the protocol's ``apply`` answered it."""

    seat: int
    action: dict[str, JSONValue]
    events: list[JSONValue]

    def seen_by(self, seat: int) -> dict[str, JSONValue]:
        """The move as ``seat`` may see it: a card set aside for the exchange is named only
        to its giver."""
        action = self.action
        if hidden_from(ActionKind(str(action["kind"])), self.seat, seat):
            action = {"notation": "give (a card set aside)", "kind": str(ActionKind.GIVE)}
        return {"seat": self.seat, "action": action, "events": self.events}


class Table:
    """One game and its seats. Every method holds the table's lock."""

    def __init__(self, table_id: str, settings: TableSettings, state: State) -> None:
        self.id = table_id
        self.settings = settings
        self.variant = get_variant(settings.variant, rulings=settings.rulings)
        self._context = Context(Sessions(limit=1))
        self._session = self._context.sessions.open(state, dict(self.variant.house_rules))
        self._tokens: dict[int, str] = {}  # seat -> token, for the seats people took
        self._people = set(settings.people)
        self._moves: list[Move] = []
        self._listeners: set[Listener] = set()
        self._lock = threading.RLock()
        self._board: tuple[int, str] | None = None

    @property
    def state(self) -> State:
        state = self._context.sessions.get(self._session)
        assert state is not None, "a table's one session is never forgotten"
        return state

    @property
    def version(self) -> int:
        """How many moves the game has had: a page that has seen them all is up to date."""
        return len(self._moves)

    def take(self, seat: int | None) -> Opened:
        """The seat ``seat`` (or the first free one) for a person, with a new token."""
        with self._lock:
            free = sorted(self._people - set(self._tokens))
            if seat is not None and seat not in free:
                raise TableError(TableProblem.TABLE_FULL, f"seat {seat} is not free at this table")
            if not free:
                raise TableError(TableProblem.TABLE_FULL, "every seat of this table is taken")
            chosen = free[0] if seat is None else seat
            self._tokens[chosen] = secrets.token_urlsafe(16)
            self._changed()
            return Opened(self.id, chosen, self._tokens[chosen])

    def seat_of(self, token: str) -> int:
        """The seat ``token`` holds; TableError if none."""
        for seat, held in self._tokens.items():
            if secrets.compare_digest(held, token):
                return seat
        raise TableError(TableProblem.NOT_SEATED, "this token holds no seat at this table")

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with the version after every change; returns how to stop."""
        with self._lock:
            self._listeners.add(listener)
        return lambda: self._listeners.discard(listener)

    def view(self, token: str, since: int = 0) -> dict[str, JSONValue]:
        """What the seat of ``token`` sees: its observation, the board, the seats, and the
        moves from number ``since`` on (as it may see them)."""
        with self._lock:
            seat = self.seat_of(token)
            state = self.state
            moves: list[JSONValue] = [m.seen_by(seat) for m in self._moves[max(since, 0) :]]
            return {
                "table": self.id,
                "seat": seat,
                "version": self.version,
                "since": max(since, 0),
                "variant": self.settings.variant,
                "bot": self.settings.bot,
                "rulings": self._rulings(),
                "view": self.variant.observe(state, seat),
                "board": self._drawn(state),
                "seats": self._seats(seat),
                "moves": moves,
                "help": self._help(state.hands[seat]),
            }

    def choose(self, token: str, version: int, path: Sequence[JSONValue]) -> dict[str, JSONValue]:
        """The staged decision of the seat to act after ``path`` (the protocol's ``choices``
        answer); when the path completes an action it is played, and the bots answer."""
        with self._lock:
            seat = self._acting(token, version)
            decision = self._protocol("choices", path=list(path))
            if "error" in decision or decision["action"] is None:
                return decision
            return self._play(seat, cast(dict[str, JSONValue], decision["action"]))

    def explain(self, token: str, action: str) -> dict[str, JSONValue]:
        """Why ``action`` is (not) legal for the seat of ``token``, on its turn only (on
        another's, the answer would speak of that seat's hand)."""
        with self._lock:
            self._acting(token, self.version)
            return self._protocol("explain", action=action)

    def fill(self, token: str) -> None:
        """The bot takes every seat no person has taken yet (asked by a seated person)."""
        with self._lock:
            self.seat_of(token)
            self._people &= set(self._tokens)
            self._changed()
            self._bots_play()

    def start(self) -> None:
        """Let the bots play until a person is to act (or the game is over)."""
        with self._lock:
            self._bots_play()

    def _acting(self, token: str, version: int) -> int:
        seat = self.seat_of(token)
        if version != self.version:
            raise TableError(
                TableProblem.STALE,
                f"the game has moved on (move {self.version}, not {version}): catch up first",
            )
        state = self.state
        if state.winner or state.to_act != seat:
            raise TableError(TableProblem.NOT_YOUR_TURN, f"seat {state.to_act} is to act")
        return seat

    def _protocol(self, op: str, **fields: JSONValue) -> dict[str, JSONValue]:
        return handle({"id": self.version, "session": self._session, **fields}, self._context, op)

    def _play(self, seat: int, action: dict[str, JSONValue]) -> dict[str, JSONValue]:
        answer = self._apply(seat, action)
        if "error" in answer:
            return answer
        self._bots_play()
        return {"played": True, "version": self.version}

    def _bots_play(self) -> None:
        state = self.state
        while not state.winner and state.to_act not in self._people:
            seat = state.to_act
            seed = (self.settings.seed + self.version) % 2**48
            failed = f"the bot {self.settings.bot!r} at seat {seat} failed"
            try:
                bot = BotSeat(make_bot(self.settings.bot, seed), seat)
                chosen = bot.choose(self.variant, state, self.variant.legal_actions(state))
            except DogRulesError as exc:
                raise TableError(TableProblem.BOT_FAILED, f"{failed}: {exc}") from None
            notation = self.variant.game(state.players).notation(seat)
            answer = self._apply(seat, action_json(chosen, notation))
            if "error" in answer:
                raise TableError(TableProblem.BOT_FAILED, f"{failed}: {answer['error']}")
            state = self.state

    def _apply(self, seat: int, action: dict[str, JSONValue]) -> dict[str, JSONValue]:
        """The protocol's ``apply`` answer to ``seat`` taking ``action``; the move kept and
        every page told, unless the answer is an error."""
        answer = self._protocol("apply", action=action, seat=seat)
        if "error" not in answer:
            events = cast(list[JSONValue], answer["events"])
            self._moves.append(Move(seat, cast(dict[str, JSONValue], answer["action"]), events))
            self._changed()
        return answer

    def _seats(self, me: int) -> list[JSONValue]:
        seats: list[JSONValue] = []
        for seat in range(self.state.players):
            if seat == me:
                who = "you"
            elif seat not in self._people:
                who = "bot"
            else:
                who = "person" if seat in self._tokens else "open"
            seats.append({"seat": seat, "who": who})
        return seats

    def _rulings(self) -> dict[str, JSONValue]:
        """The reading the table plays of each ruling the manuals leave open (id -> name)."""
        chosen = self.variant.house_rules
        return {
            clause.id: chosen.reading(clause.id) or clause.reading
            for clause in self.variant.clauses
            if clause.readings
        }

    def _help(self, hand: Sequence[str]) -> dict[str, JSONValue]:
        """What each card of ``hand`` does: the register's clauses of its rule."""
        index = {clause.id: clause for clause in self.variant.clauses}
        catalogue = self.variant.ruleset.catalogue
        return {
            card: [clause_json(index[c]) for c in catalogue.spec(card).clauses if c in index]
            for card in dict.fromkeys(hand)
        }

    def _drawn(self, state: State) -> str:
        if self._board is None or self._board[0] != self.version:
            self._board = (self.version, svg(self.variant.board(state.players), state))
        return self._board[1]

    def _changed(self) -> None:
        for listener in tuple(self._listeners):
            listener(self.version)


class Tables:
    """The tables of a server, at most ``limit`` (the least recently used forgotten first)."""

    def __init__(self, limit: int = MAX_TABLES) -> None:
        if limit < 1:
            raise ValueError(f"a server keeps at least one table, not {limit}")
        self.limit = limit
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def open(self, settings: TableSettings) -> Opened:
        """A new table; its host takes the first seat of ``settings.people``."""
        state = _first_state(settings)
        table = Table(secrets.token_urlsafe(9), settings, state)
        opened = table.take(settings.people[0])
        with self._lock:
            self._tables[table.id] = table
            while len(self._tables) > self.limit:
                self._tables.popitem(last=False)
        table.start()
        return opened

    def get(self, table_id: str) -> Table:
        """The table ``table_id``; TableError if there is none."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                raise TableError(
                    TableProblem.UNKNOWN_TABLE,
                    "no such table here (never opened, the server restarted, or forgotten)",
                )
            self._tables.move_to_end(table_id)
            return table

    def view(self, table_id: str, token: str, since: int = 0) -> dict[str, JSONValue]:
        """:meth:`Table.view` of the table ``table_id``."""
        return self.get(table_id).view(token, since)


def _first_state(settings: TableSettings) -> State:
    """The game's first state; TableError naming what is wrong with the settings."""
    try:
        variant = get_variant(settings.variant, rulings=settings.rulings)
        make_bot(settings.bot, 0)
        state = variant.new_game(players=settings.players, seed=settings.seed, teams=settings.teams)
    except (DogRulesError, ValueError, KeyError) as exc:
        raise TableError(TableProblem.BAD_SETTINGS, str(exc)) from None
    seats = range(state.players)
    people = settings.people
    if not people or len(set(people)) != len(people) or any(s not in seats for s in people):
        raise TableError(
            TableProblem.BAD_SETTINGS,
            f"people: {list(people)} are not distinct seats of this game (0..{state.players - 1})",
        )
    return state
