"""The game state: one frozen, hashable value that determines everything that follows."""

from __future__ import annotations

import enum

import attrs


class Phase(enum.StrEnum):
    """Where the game stands; compares equal to its string value."""

    SETUP = "setup"
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"


@attrs.frozen(cache_hash=True)
class State:
    """A complete game state.

    ``pieces[seat]`` is the sorted tuple of that seat's piece locations (see ``board``);
    ``hands[seat]`` its cards in canonical order; ``deck`` draws from its end;
    ``exchange[seat]`` the card a seat has set aside to pass (in no hand meanwhile).
    ``last_played`` is the card a Copy would play now (a copied card, never ``"copy"``).
    ``redrawn`` marks a 2/3-player seat that has already discarded and drawn this turn.
    ``shuffles`` counts the shuffles so far: shuffle ``n`` is seeded by ``(seed, n)``.
    ``exchanging`` lists the seats taking part in a DOG Kids team card swap under way, and
    ``resume`` the seat that plays once it is done (both unused by the round games).
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
    black_dog: int | None
    dealer: int
    round: int
    last_played: str | None
    redrawn: bool
    seed: int
    shuffles: int
    winner: tuple[int, ...]
    teams: bool = False
    exchanging: tuple[int, ...] = ()
    resume: int | None = None

    @classmethod
    def opening(
        cls,
        variant: str,
        phase: Phase,
        to_act: int,
        pieces: tuple[tuple[int, ...], ...],
        hands: tuple[tuple[str, ...], ...],
        deck: tuple[str, ...],
        dealer: int,
        seed: int,
        teams: bool,
        **rest: object,
    ) -> State:
        """A state at the start of play: nothing discarded or set aside, no winner yet, one
        shuffle made; ``rest`` sets any other field."""
        players = len(pieces)
        fields: dict[str, object] = {
            "discard": (),
            "exchange": (None,) * players,
            "black_dog": None,
            "round": 1,
            "last_played": None,
            "redrawn": False,
            "shuffles": 1,
            "winner": (),
            **rest,
        }
        return cls(
            variant=variant,
            players=players,
            phase=phase,
            to_act=to_act,
            pieces=pieces,
            hands=hands,
            deck=deck,
            dealer=dealer,
            seed=seed,
            teams=teams,
            **fields,  # type: ignore[arg-type]
        )
