"""A variant as a value: the ruleset, composed from mechanics, and the protocols they meet.

A mechanic has three faces: it lists candidate plays, checks a play (returning a
:class:`~dogrules.model.results.Refusal` that names the deciding clauses, or None), and
carries a play out on a scratch table, recording events. A phase of the game (setup,
exchange, play) is a :class:`PhaseRule` with the same three faces for whole actions; the
judge (:mod:`dogrules.engine.judge`) sits on top of the phase rules.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from dogrules.data.register import Citations, Clause, read_register
from dogrules.data.specs import SpecTable, read_only, read_toml
from dogrules.engine.memo import Memo
from dogrules.engine.parts import VariantPart
from dogrules.engine.table import Table
from dogrules.geometry.board import Board, build_board, layout_values
from dogrules.geometry.cards import CardCatalogue, CardFamily, CardSpec, Deck, build_deck
from dogrules.model.actions import Action, Notation
from dogrules.model.errors import InvalidPosition, short
from dogrules.model.house_rules import REFERENCE, HouseRules
from dogrules.model.results import Refusal, Step, Transition
from dogrules.model.state import Phase, State

# A card play's movements, in order, as (from, to) locations.
Moves = tuple[tuple[int, int], ...]


class Outcomes:
    """What the rest of a turn reads from a play's movements, as the phase rule says: a
    mechanic that lists each distinct outcome once (the Partner card) tells outcomes apart
    by exactly this.

    ``turns``: the directions the disc may turn after a play whose movements left pieces on
    the given landings (``(None,)`` when no turn is due; None without a disc) and ``turned``
    where a turn in a direction carries each seat's pieces (their locations in order, as a
    state holds them) and the Black Dog (a mechanic that lists one play per state
    keeps one of two directions that leave the same board, R-C15); ``ordered``: fields
    whose landings set the aftermath moving, in the order reached (the 007 summons), and
    ``settle`` those moves on a scratch table; ``winners`` the side that has won on a table
    the acting seat has played on.

    A plain class, as :class:`Turn` (read while plays are listed; never changed)."""

    __slots__ = ("ordered", "settle", "turned", "turns", "winners")

    def __init__(
        self,
        turns: Callable[[Iterable[int]], tuple[str | None, ...]] | None = None,
        ordered: frozenset[int] = frozenset(),
        settle: Callable[[Table], None] | None = None,
        winners: Callable[[Table, int, bool], tuple[int, ...]] | None = None,
        turned: Callable[
            [tuple[tuple[int, ...], ...], int | None, str],
            tuple[tuple[tuple[int, ...], ...], int | None],
        ]
        | None = None,
    ) -> None:
        self.turns = turns
        self.turned = turned
        self.ordered = ordered
        self.settle = settle
        self.winners = winners


class Turn:
    """What a mechanic knows while it works out one seat's play: the game, the state, the
    pieces (``table``), the acting ``seat``, the seat whose pieces it moves (``controlled``,
    R-C8), its partner (team games) and the protected start fields (``blocked``).

    ``outcome`` says what the rest of the turn reads from a play's movements (see
    :class:`Outcomes`); None where no phase rule said, and a mechanic then tells outcomes
    apart by every detail of the table. ``known_turns`` remembers, for the plays (card
    played as, movements) a mechanic has listed that way, the disc turn's choices after
    them (so that the disc turn need not carry each of them out again); ``movable`` the
    pieces a number may move, with the rule that said so (see ``rules.numbers.movers_of``).

    A plain class, not an attrs one: the compiled engine (``tools/build_compiled.py``) makes
    it a native class, whose attributes the rule modules read as C struct fields."""

    __slots__ = (
        "blocked",
        "board",
        "controlled",
        "game",
        "known_turns",
        "movable",
        "outcome",
        "partner",
        "seat",
        "state",
        "table",
    )

    def __init__(
        self,
        game: GameRules,
        state: State,
        table: Table,
        seat: int,
        controlled: int,
        partner: int | None,
        blocked: frozenset[int],
        board: Board,
        outcome: Outcomes | None = None,
        known_turns: dict[tuple[str, Moves], tuple[str | None, ...]] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.table = table
        self.seat = seat
        self.controlled = controlled
        self.partner = partner
        self.blocked = blocked
        self.board = board
        self.outcome = outcome
        self.known_turns: dict[tuple[str, Moves], tuple[str | None, ...]] = (
            {} if known_turns is None else known_turns
        )
        # Worked out once a turn, when a number first asks (the table of a turn is not
        # changed while the turn is read: a play is tried out on a copy).
        self.movable: tuple[object, list[int]] | None = None

    def on(self, table: Table, blocked: frozenset[int]) -> Turn:
        """The same turn on another ``table`` with its protected fields (``blocked``)."""
        return Turn(
            self.game,
            self.state,
            table,
            self.seat,
            self.controlled,
            self.partner,
            blocked,
            self.board,
            self.outcome,
            self.known_turns,
        )


class CardRule(Protocol):
    """The mechanic of one card family."""

    def plays(self, turn: Turn, card: CardSpec) -> Iterable[Moves]:
        """Every distinct outcome the card can carry out in full, each once, in its canonical
        spelling (the first of its spellings in the rule's stable order); candidates are
        pruned only by this rule's own checks, and every other spelling of a listed outcome
        passes :meth:`check` and carries out to the same state. (Two different movements of
        a card that moves one piece may reach one state: the play phase lists the first,
        R-C15.)"""
        ...

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        """The one legality test of a play of this card's movements."""
        ...

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        """The play's effect on a scratch table (events recorded when the table records)."""
        ...


class PhaseRule(Protocol):
    """The decisions of one phase of the game."""

    def actions(self, game: GameRules, state: State) -> Iterable[Action]:
        """Every legal action, each once, in a stable order."""
        ...

    def check(self, game: GameRules, state: State, action: Action) -> Refusal | None:
        """Why ``action`` is not legal in ``state`` (None when it is)."""
        ...

    def carry_out(
        self, game: GameRules, state: State, action: Action, record: bool = True
    ) -> Transition:
        """The transition an action known to be legal leads to, its events citing the game's
        own clauses (none unless it ``record``s: the same steps either way, so the same
        state)."""
        ...


class Opening(Protocol):
    """How a new game starts."""

    def new_game(self, game: GameRules, seed: int, teams: bool) -> State:
        """Setup done, the first decision pending; same seed, same game."""
        ...


# The win rule: given the board, whether each seat has every piece that can finish in a
# finish, the seat to start from and the team flag, every side that has won, clockwise from
# that seat's own (``rules.round.complete_sides``).
WinRule = Callable[[Board, Sequence[bool], int, bool], list[tuple[int, ...]]]

# A variant's own invariant: given the game, a state reached and the step that reached it
# (None for a starting state), raises AssertionError naming what does not hold.
Invariant = Callable[["GameRules", State, Step | None], None]


# Ruleset and GameRules are frozen dataclasses, not attrs classes, as the board's: the compiled
# build makes them native classes, whose fields the rule modules read as C struct fields.


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class Ruleset:
    """One game of the family, composed from its mechanics.

    ``catalogue`` says what each card notation means in this game; ``phases`` holds the
    rule of each phase; ``opening`` sets up a new game; ``complete_sides`` is the win rule
    (the validator asks it too). ``part`` is the part of the state only
    this game keeps (``State.extra``; None when it keeps none). ``layout`` replaces the layout
    file's data (a corrected board or deck; ``source`` names where it came from)."""

    name: str
    title: str
    clause_files: tuple[str, ...]
    layout_file: str
    catalogue: CardCatalogue
    # Read-only (``__post_init__``): a ruleset is shared by every game of its variant.
    phases: Mapping[Phase, PhaseRule]
    opening: Opening
    teams_for: Callable[[int, bool | None], bool]
    starter: Callable[[int, int], int]
    complete_sides: WinRule
    part: VariantPart | None = None
    hand_size: int = 5
    plays_in_rounds: bool = True
    start_protection: bool = True
    acting_needs_cards: bool = True
    invariants: tuple[Invariant, ...] = ()
    layout: SpecTable | None = None
    source: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "phases", read_only(self.phases))

    @property
    def layout_data(self) -> SpecTable:
        """The board and deck data this ruleset plays on."""
        return read_toml(self.layout_file) if self.layout is None else self.layout

    @property
    def where(self) -> str:
        return self.source or f"specs/{self.layout_file}"

    @property
    def register(self) -> tuple[Clause, ...]:
        return read_register(self.clause_files, self.layout_file, self.name)

    @property
    def deck(self) -> Deck:
        return _deck(self)

    @property
    def paired(self) -> frozenset[str]:
        """The cards whose movement names two fields that change places (``A<>B``)."""
        return _paired(self)

    def game(self, players: object, house_rules: HouseRules = REFERENCE) -> GameRules:
        """This ruleset at a table of ``players`` playing by ``house_rules`` (checked by the
        caller, :func:`~dogrules.model.house_rules.house_rules_for`); InvalidPosition when it
        is not played so."""
        # ``players`` comes from users unchecked: typed ``object`` so that the compiled engine
        # lets any value reach this check instead of raising a TypeError of its own.
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidPosition(f"players must be an integer, got {short(players)}")
        if house_rules:
            return house_game_at(self, players, house_rules)
        return game_at(self, players)


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class GameRules:
    """A ruleset at a table of a given size: its board, deck and citations, the readings it
    plays by where they depart from the reference (``house_rules``), and the one cache of what
    the engine remembers between calls on its states (``memo``)."""

    ruleset: Ruleset
    board: Board
    deck: Deck
    citations: Citations
    notations: tuple[Notation, ...]
    house_rules: HouseRules = REFERENCE
    memo: Memo = dataclasses.field(default_factory=Memo, repr=False)

    @property
    def players(self) -> int:
        return self.board.players

    def notation(self, seat: int) -> Notation:
        """The context actions of ``seat`` are written in."""
        return self.notations[seat]

    def cite(self, clauses: tuple[str, ...]) -> tuple[str, ...]:
        """``clauses`` as this game cites them (see :class:`Citations`)."""
        return self.citations.cite(clauses)

    def table(self, state: State, record: bool = False) -> Table:
        """A scratch table of the pieces of ``state`` (recording events when told to)."""
        return Table.of(self.board, state, record, self.memo)


@functools.cache
def _deck(ruleset: Ruleset) -> Deck:
    values = layout_values(ruleset.layout_data, ruleset.where)
    return build_deck(values, ruleset.catalogue, ruleset.where)


@functools.cache
def _paired(ruleset: Ruleset) -> frozenset[str]:
    paired = {CardFamily.SWAP, CardFamily.DOGSWAP}
    return frozenset(
        card for card in ruleset.deck.notations if ruleset.catalogue.spec(card).family in paired
    )


@functools.cache
def game_at(ruleset: Ruleset, players: int) -> GameRules:
    """``ruleset.game(players)`` for an int ``players`` (not checked), kept once built."""
    try:
        board = build_board(ruleset.name, players, ruleset.layout_data, ruleset.where)
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from None
    notations = tuple(Notation(board, seat, ruleset.paired) for seat in board.seats)
    return GameRules(ruleset, board, ruleset.deck, Citations.of(ruleset.register), notations)


@functools.cache
def house_game_at(ruleset: Ruleset, players: int, house_rules: HouseRules) -> GameRules:
    """``ruleset.game(players, house_rules)``, kept once built: the reference game's board
    and citations, with a memo of its own (its listings and verdicts follow its readings)."""
    reference = game_at(ruleset, players)
    return dataclasses.replace(reference, house_rules=house_rules, memo=Memo())
