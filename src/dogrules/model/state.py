"""The game state: one frozen, hashable value that determines everything that follows."""

from __future__ import annotations

import enum
from collections.abc import Hashable
from typing import NamedTuple, TypeAlias

import attrs


class Phase(enum.StrEnum):
    """Where the game stands; compares equal to its string value."""

    SETUP = "setup"
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class DogFacts:
    """Black DOG's part of a state: the Black Dog's field (None until it is placed)."""

    black_dog: int | None = None


@attrs.frozen
class TeamSwapFacts:
    """The DOG Kids team game's part of a state: the seats taking part in a card swap under
    way (empty when none is), the seat that plays once it is done, and the seats that have
    declined it so far (R-K9: a swap happens only if both partners give)."""

    exchanging: tuple[int, ...] = ()
    resume: int | None = None
    declined: tuple[int, ...] = ()


# The part of a state that only one variant keeps (``State.extra``): a frozen, hashable value
# of the class that variant's part says (``dogrules.engine.parts.VariantPart``). DogFacts and
# TeamSwapFacts are the built-in variants' (the engine's tables know the Black Dog).
Extra: TypeAlias = Hashable


class State(NamedTuple):
    """A complete game state.

    ``pieces[seat]`` is the sorted tuple of that seat's piece locations (see
    ``geometry.board``); ``hands[seat]`` its cards in canonical order; ``deck`` draws from
    its end; ``exchange[seat]`` the card a seat has set aside to pass (in no hand meanwhile).
    ``last_played`` is the card a Copy would play now (a copied card, never ``"copy"``).
    ``redrawn`` marks a 2/3-player seat that has already discarded and drawn this turn.
    ``shuffles`` counts the shuffles so far: shuffle ``n`` is seeded by ``(seed, n)``.
    ``extra`` is the part of the state only one variant keeps (the Black Dog; a team card
    swap under way), None for a variant that keeps none: its variant's ``Ruleset.part``
    checks, writes, reads and shows it (see ``dogrules.engine.parts``).

    The canonical hand order is the order of the unshuffled deck (``Deck.in_order``).
    ``dogrules.load`` and ``Variant.position`` put pieces and hands in these orders (a dump may
    list them in any order) and the rules keep them so. A state built field by field
    (``State(...)``, ``state._replace(...)``) must keep them too: ``legal_actions`` and ``apply``
    trust a state, and one out of order lists and leads to other states than the same
    position in order. ``dogrules.load(dogrules.dump(state))`` checks it (InvalidPosition)
    and gives it in order; ``dogrules.testing.invariants.check_no_problems`` also names a
    hand or a seat's pieces out of order.

    A named tuple (docs/dev/representation.md says why): immutable, hashable, compared by
    value, changed with ``state._replace(to_act=2)``.
    """

    variant: str
    players: int
    phase: Phase
    to_act: int
    pieces: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    exchange: tuple[str | None, ...]
    dealer: int
    round: int
    last_played: str | None
    redrawn: bool
    seed: int
    shuffles: int
    winner: tuple[int, ...]
    teams: bool = False
    extra: Extra | None = None

    @property
    def black_dog(self) -> int | None:
        """The Black Dog's field (Black DOG, once placed); None in every other case."""
        extra = self.extra
        return extra.black_dog if isinstance(extra, DogFacts) else None

    @property
    def exchanging(self) -> tuple[int, ...]:
        """The seats of a DOG Kids team card swap under way (empty otherwise)."""
        extra = self.extra
        return extra.exchanging if isinstance(extra, TeamSwapFacts) else ()

    @property
    def declined(self) -> tuple[int, ...]:
        """The seats that declined a DOG Kids team card swap under way (empty otherwise)."""
        extra = self.extra
        return extra.declined if isinstance(extra, TeamSwapFacts) else ()

    @property
    def resume(self) -> int | None:
        """The seat that plays once a DOG Kids team card swap is done (None otherwise)."""
        extra = self.extra
        return extra.resume if isinstance(extra, TeamSwapFacts) else None

    @staticmethod
    def opening(
        variant: str,
        phase: Phase,
        to_act: int,
        pieces: tuple[tuple[int, ...], ...],
        hands: tuple[tuple[str, ...], ...],
        deck: tuple[str, ...],
        dealer: int,
        seed: int,
        teams: bool,
        extra: Extra | None = None,
        last_played: str | None = None,
        shuffles: int = 1,
    ) -> State:
        """A state at the start of play: nothing discarded or set aside, no winner yet, round
        1, ``shuffles`` shuffles made."""
        players = len(pieces)
        return State(
            variant=variant,
            players=players,
            phase=phase,
            to_act=to_act,
            pieces=pieces,
            hands=hands,
            deck=deck,
            discard=(),
            exchange=(None,) * players,
            dealer=dealer,
            round=1,
            last_played=last_played,
            redrawn=False,
            seed=seed,
            shuffles=shuffles,
            winner=(),
            teams=teams,
            extra=extra,
        )
