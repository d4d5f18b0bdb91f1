"""A variant's own part of a state: the protocol its module meets.

Most of a state is the same in every game of the family; the part only one variant keeps
(Black DOG's Black Dog, the DOG Kids team card swap) is ``State.extra``, a frozen value of
that variant's own class. Everything the engine and the formats do with that part, they ask
the variant's :class:`VariantPart` (``Ruleset.part``) to do: set it up, check it, write it to
JSON and read it back, show it to a seat, describe it in text. None of them branches on the
concrete class of a part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from dogrules.geometry.board import Board
from dogrules.model.errors import InvalidPosition, Problem
from dogrules.model.jsonvalue import JSONValue
from dogrules.model.state import Extra, State

__all__ = ["VariantPart", "is_int", "read_seats", "wrong_part"]


class VariantPart(Protocol):
    """The part of a state one variant keeps (``State.extra``), as its module states it.

    ``blank`` names the JSON keys the part writes in a dump, each with the value written for
    a state that keeps no such part (format 1 carries the keys of the built-in variants'
    parts in every dump, blank where a state has none; see ``dogrules.variants.built_in``).
    ``missing`` ends the sentence that refuses those keys filled in a state of a variant
    without the part ("has no Black Dog"). Each method that takes a state is given one of
    any variant: a state that keeps none of this part is shown and written as blank.
    """

    @property
    def blank(self) -> Mapping[str, JSONValue]: ...

    @property
    def missing(self) -> str: ...

    def kind(self, teams: bool) -> type[Extra] | None:
        """The class of the part a state of the variant keeps, with or without teams (None:
        that form of the variant keeps none)."""
        ...

    def start(self, board: Board, teams: bool) -> Extra | None:
        """The part of a new game's state, before its first decision."""
        ...

    def position(
        self,
        board: Board,
        pieces: Sequence[Sequence[int]],
        teams: bool,
        given: Mapping[str, object],
    ) -> Extra | None:
        """The part of a position set up by hand with the pieces ``pieces``; ``given`` holds
        the part's own arguments by their JSON keys. InvalidPosition names what is wrong."""
        ...

    def problems(self, board: Board, state: State) -> list[Problem]:
        """Everything wrong with the part of ``state`` (of the class :meth:`kind` says), each
        problem naming the JSON key at fault."""
        ...

    def dump(self, board: Board, state: State) -> dict[str, JSONValue]:
        """The part's keys of ``state`` as JSON (the blank values for a state without it)."""
        ...

    def load(
        self, board: Board, data: Mapping[str, object], teams: bool
    ) -> tuple[Extra | None, list[Problem]]:
        """The part a dump's ``data`` describes, for a state of the variant with or without
        teams, and the problems only the data show; InvalidPosition for malformed data."""
        ...

    def observe(self, board: Board, state: State, seat: int) -> dict[str, JSONValue]:
        """What ``seat`` may see of the part, as keys of its JSON view."""
        ...

    def seen(self, board: Board, state: State, seat: int) -> Extra | None:
        """The part of ``state`` as ``seat`` may know it: what a state sampled from the
        seat's observation keeps (``Observation.extra``)."""
        ...

    def describe(self, board: Board, state: State) -> tuple[str, ...]:
        """Lines that tell the part of ``state`` in a text board (none: nothing to say)."""
        ...


def wrong_part(name: str, teams: bool, expected: type[Extra] | None, extra: object) -> Problem:
    """The problem of a state whose part is not of the class its variant keeps."""
    keeps = "no extra facts" if expected is None else expected.__name__
    return Problem("extra", f"{name} (teams={teams}) keeps {keeps}, not {type(extra).__name__}")


def is_int(value: object) -> bool:
    """Whether ``value`` is an integer: a bool is an int to Python, never a seat or a field
    to the game."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_seats(data: Mapping[str, object], key: str) -> list[int]:
    """A list of seats read from a dump's ``key`` (whether they are seats of the table is left
    to the problems); InvalidPosition when it is no list of integers."""
    value = data[key]
    if not isinstance(value, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in value
    ):
        raise InvalidPosition(f"{key}: expected a list of seats")
    return value
