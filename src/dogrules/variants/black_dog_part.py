"""Black DOG's own part of a state: the Black Dog's field, checked, written, read and shown.

The Black Dog stands on one track field (R-B2: never a start field, never with a piece),
placed by the dealer at setup and moved by the black cards and the disc. Every state of a
Black DOG game keeps a :class:`~dogrules.model.state.DogFacts` (its field None until the
Black Dog is placed); its JSON key is ``"black_dog"``, a location name or null.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dogrules.data.register import implements
from dogrules.engine.parts import is_int
from dogrules.geometry.board import HOME, Board
from dogrules.model.errors import InvalidPosition, Problem
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import DogFacts, Phase, State

KEY = "black_dog"


def dog_field(state: State) -> int | None:
    """The Black Dog's field in ``state`` (None before it is placed, or in another game)."""
    extra = state.extra
    return extra.black_dog if isinstance(extra, DogFacts) else None


class DogPart:
    """The Black Dog, as the part of a state Black DOG keeps."""

    __slots__ = ()

    @property
    def blank(self) -> Mapping[str, JSONValue]:
        return {KEY: None}

    @property
    def missing(self) -> str:
        return "has no Black Dog"

    def kind(self, teams: bool) -> type[DogFacts]:
        return DogFacts

    def start(self, board: Board, teams: bool) -> DogFacts:
        """A new game's Black Dog is not on the board until the dealer places it."""
        return DogFacts()

    @implements("BD-PLACE-BLACK-DOG", "R-B2")
    def position(
        self,
        board: Board,
        pieces: Sequence[Sequence[int]],
        teams: bool,
        given: Mapping[str, object],
    ) -> DogFacts:
        """A position in play has the Black Dog on a track field that is no start field and
        holds no piece."""
        named = given.get(KEY)
        if named is None:
            raise InvalidPosition("black_dog: a Black DOG position needs the Black Dog's field")
        try:
            field = board.parse(str(named), 0)
        except ValueError as exc:
            raise InvalidPosition(f"black_dog: {exc}") from None
        if not board.is_track(field) or field == HOME:
            raise InvalidPosition(f"black_dog: the Black Dog stays on the track, not {named}")
        if field in board.printed_starts:
            raise InvalidPosition(
                f"black_dog: the Black Dog never stands on a start field ({named}, R-B2)"
            )
        if any(field in seat_pieces for seat_pieces in pieces):
            raise InvalidPosition(f"black_dog: {named} is taken by a piece; one piece per field")
        return DogFacts(field)

    @implements("BD-PLACE-BLACK-DOG", "R-B1", "R-B2")
    def problems(self, board: Board, state: State) -> list[Problem]:
        """The Black Dog is placed exactly once setup is done, on a track field that is no
        start field and holds no piece."""
        dog = dog_field(state)
        if dog is None:
            if state.phase == Phase.SETUP:
                return []
            return [Problem(KEY, f"the Black Dog must be placed in phase {state.phase}")]
        if state.phase == Phase.SETUP:
            return [Problem(KEY, "the Black Dog is placed only once setup is done")]
        if not is_int(dog) or not board.is_track(dog):
            return [Problem(KEY, f"the Black Dog stays on the track, not {dog!r}")]
        if dog in board.printed_starts:
            return [Problem(KEY, f"T{dog} is a start field (R-B2)")]
        if any(dog in seat_pieces for seat_pieces in state.pieces):
            return [Problem(KEY, f"T{dog} is taken by a piece; one piece per field")]
        return []

    def dump(self, board: Board, state: State) -> dict[str, JSONValue]:
        dog = dog_field(state)
        return {KEY: None if dog is None else board.label(dog)}

    def load(
        self, board: Board, data: Mapping[str, object], teams: bool
    ) -> tuple[DogFacts, list[Problem]]:
        named = data[KEY]
        if named is None:
            return DogFacts(), []
        if not isinstance(named, str):
            raise InvalidPosition("black_dog: a location name or null")
        try:
            return DogFacts(board.parse(named, 0)), []
        except ValueError as exc:
            raise InvalidPosition(f"black_dog: {exc}") from None

    @implements("R-B2")
    def observe(self, board: Board, state: State, seat: int) -> dict[str, JSONValue]:
        """The Black Dog stands in plain view."""
        return self.dump(board, state)

    def seen(self, board: Board, state: State, seat: int) -> DogFacts | None:
        """Every seat sees it."""
        return state.extra if isinstance(state.extra, DogFacts) else None

    def describe(self, board: Board, state: State) -> tuple[str, ...]:
        dog = dog_field(state)
        return (f"Black Dog: {'not on the board' if dog is None else board.label(dog)}",)


DOG_PART = DogPart()
