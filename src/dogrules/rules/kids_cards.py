"""DOG Kids' cards: entering with a start-field colour, colour moves, double steps,
two-colour cards, bone cards and the dog swap, each with its plays, check and carry-out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final, Protocol

from dogrules.data.register import implements
from dogrules.engine.ruleset import Moves, Turn
from dogrules.engine.table import Table, written
from dogrules.geometry.board import HOME
from dogrules.geometry.cards import CardFamily, CardSpec
from dogrules.model.actions import Action
from dogrules.model.events import EventKind
from dogrules.model.results import Refusal
from dogrules.rules.colours import (
    COLOUR_CLAUSES,
    blocked_push,
    bone_target,
    bones_of,
    can_enter_kids,
    colour_target,
    double_target,
    enter_dog,
    fields_ahead,
    landing_is_possible,
    move_dog,
)
from dogrules.rules.swap import swap

# A candidate play: its movement and the colour chosen from a two-colour card (or None).
KidsPlay = tuple[Moves, str | None]
DOGSWAP_CLAUSES: Final = ("KD-DOGSWAP", "R-K7")
ENTER_CLAUSES: Final = ("KD-ENTER", "R-K3")
DOUBLE_CLAUSES: Final = ("KD-DOUBLE", "R-K5")
BONE_CLAUSES: Final = ("KD-BONE", "R-K6")


class KidsCardRule(Protocol):
    """The mechanic of one DOG Kids card family."""

    def plays(self, turn: Turn, card: CardSpec) -> Iterator[KidsPlay]: ...

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None: ...

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None: ...


def has_partner(turn: Turn) -> bool:
    """Whether the acting seat plays with a partner (the team variant)."""
    return turn.partner is not None


def own_dogs(turn: Turn) -> list[int]:
    """The dogs off home of the seat the actor moves (its own, or its partner's, R-K9)."""
    return sorted(turn.table.on_board(turn.controlled))


def check_entry(turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
    """Whether a card brings a home dog of the seat the actor moves onto its start field:
    decided by :func:`can_enter_kids`."""
    board, table, owner = turn.board, turn.table, turn.controlled
    ((_, target),) = action.moves
    start = board.start[owner]
    helping = ("KD-TEAM-HELP",) if owner != turn.seat else ()
    colours = " or ".join(sorted(board.colours_at(start)))
    if card.family not in (CardFamily.COLOUR, CardFamily.DOUBLE, CardFamily.TWO_COLOUR):
        return Refusal(
            (*ENTER_CLAUSES, *helping),
            "only a card showing a colour brings a dog onto the start field",
        )
    if target != start:
        return Refusal(
            (*ENTER_CLAUSES, *helping),
            f"a dog of seat {owner} enters onto its start field {board.label(start)}",
        )
    if can_enter_kids(board, table, owner, card.colours):
        if action.chosen is None:
            return None
        return Refusal(
            (*ENTER_CLAUSES, "KD-TWO-COLOUR"),
            f"entering takes no colour choice: the card shows {colours}, a colour of the start "
            "field",
        )
    if table.home[owner] == 0:
        return Refusal((*ENTER_CLAUSES, *helping), f"seat {owner} has no dog waiting at home")
    if table.occupant.get(start) == owner:
        return Refusal(
            ("KD-ENTER-AGAIN", "R-K3", *helping),
            f"one of seat {owner}'s own dogs already stands on {board.label(start)}",
        )
    return Refusal(
        ("KD-ENTER", "KD-START-RISK", "R-K3", *helping),
        f"entering onto {board.label(start)} needs a {colours} card",
    )


def check_own_dog(turn: Turn, origin: int) -> Refusal | None:
    """A card moves one of the dogs of the seat the actor moves."""
    if turn.table.occupant.get(origin) == turn.controlled:
        return None
    if turn.controlled != turn.seat:
        return Refusal(
            ("KD-TEAM-HELP", "R-K9"),
            f"seat {turn.seat} has all its dogs home and now moves seat {turn.controlled}'s dogs",
        )
    return Refusal(
        ("KD-MOVE-CLOCKWISE",),
        f"seat {turn.seat} has no dog on {turn.board.label(origin, turn.seat)}",
    )


def check_target(
    turn: Turn,
    card: CardSpec,
    action: Action,
    where: Callable[[int], int | None],
    clauses: tuple[str, ...],
    nowhere: str,
    elsewhere: str,
) -> Refusal | None:
    """A one-target move (double step, bone): a home dog enters, or one of the seat's dogs
    goes exactly where ``where`` says; the refusal says ``nowhere`` when it cannot move, and
    ``elsewhere`` (with ``{where}``, the field it would go to) when the target is another."""
    ((origin, target),) = action.moves
    if origin == HOME:
        return check_entry(turn, card, action)
    refusal = check_own_dog(turn, origin)
    if refusal is not None:
        return refusal
    found = where(origin)
    if found == target:
        return None
    if found is None:
        return Refusal(clauses, nowhere)
    return Refusal(clauses, elsewhere.format(where=turn.board.label(found, turn.seat)))


def move_or_enter(
    table: Table, turn: Turn, action: Action, colour: str | None, clauses: tuple[str, ...]
) -> None:
    """Carry out a DOG Kids movement known to be legal: a home dog enters, or a dog moves
    (throwing out, or pushing on the partner's dog with ``colour``)."""
    ((origin, target),) = action.moves
    if origin == HOME:
        enter_dog(table, turn.controlled)
        return
    owner = table.occupant[origin]
    move_dog(table, owner, origin, target, colour, has_partner(turn), clauses)


def _pushes(
    turn: Turn, origin: int, target: int, colour: str
) -> tuple[tuple[str | None, str | None], ...]:
    """The pushes a dog's move with ``colour`` sets off, hop by hop (none unless the
    target holds the partner's dog): what the colour chosen can change."""
    table = turn.table
    teams = has_partner(turn)
    if not teams or target not in table.occupant:
        return ()
    probe = table.clone()
    probe.events = []
    move_dog(probe, table.occupant[origin], origin, target, colour, teams, COLOUR_CLAUSES)
    pushes = (e for e in written(probe.board, probe.events) if e.kind == EventKind.PUSHED)
    return tuple((e.src, e.dst) for e in pushes)


def _entering(turn: Turn, card: CardSpec) -> Iterator[KidsPlay]:
    owner = turn.controlled
    if can_enter_kids(turn.board, turn.table, owner, card.colours):
        yield ((HOME, turn.board.start[owner]),), None


class ColourCard:
    """A colour card (one colour) or a two-colour card (the colour chosen): the dog goes to
    the next field of the colour it may take; or a home dog enters."""

    @implements("KD-MOVE-CLOCKWISE", "KD-COLOUR", "KD-TWO-COLOUR", "KD-TEAM-HELP", "R-K9")
    def plays(self, turn: Turn, card: CardSpec) -> Iterator[KidsPlay]:
        """Entering first, then for each colour each dog whose next field of that colour it
        may take (a push of the partner's dog must be possible, R-K10). A two-colour card
        whose second colour takes a dog to the same field with the same pushes as its first
        is one choice, listed with the first colour."""
        yield from _entering(turn, card)
        board, table, owner = turn.board, turn.table, turn.controlled
        teams = has_partner(turn)
        dogs = own_dogs(turn)
        outcomes: set[tuple[int, int, tuple[tuple[str | None, str | None], ...]]] = set()
        for colour in card.colours:
            chosen = colour if card.family == CardFamily.TWO_COLOUR else None
            for origin in dogs:
                target = colour_target(board, table, owner, origin, colour)
                if target is None or not landing_is_possible(
                    table, owner, origin, target, colour, teams
                ):
                    continue
                if chosen is not None:
                    outcome = (origin, target, _pushes(turn, origin, target, colour))
                    if outcome in outcomes:
                        continue
                    outcomes.add(outcome)
                yield ((origin, target),), chosen

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        ((origin, target),) = action.moves
        if origin == HOME:
            return check_entry(turn, card, action)
        if card.family == CardFamily.TWO_COLOUR and action.chosen not in card.colours:
            return Refusal(
                ("KD-TWO-COLOUR",),
                f"name one of the two colours the card shows, e.g. "
                f"'{card.notation}={card.colours[0]}'",
            )
        refusal = check_own_dog(turn, origin)
        if refusal is not None:
            return refusal
        board, table, owner = turn.board, turn.table, turn.controlled
        colour = action.chosen or card.colours[0]
        where = colour_target(board, table, owner, origin, colour)
        teams = has_partner(turn)
        if where == target and landing_is_possible(table, owner, origin, target, colour, teams):
            return None
        helping = ("KD-TEAM-HELP",) if owner != turn.seat else ()
        ahead = [f for f in fields_ahead(board, owner, origin) if colour in board.colours_at(f)]
        label = board.label
        if where is None:
            if not ahead:
                return Refusal(
                    ("KD-HOUSE-ENTRY", "R-K8"),
                    f"no {colour} field lies ahead of this dog on its path (it never laps)",
                )
            return Refusal(
                ("KD-JUMP-OWN", "KD-BONE-FIELD", "R-K4"),
                f"every {colour} field ahead holds one of its own dogs or a dog on a bone field, "
                "so the dog cannot go on",
            )
        if where != target:
            skipped = ahead[: ahead.index(where)]
            clauses = ["KD-COLOUR", "R-K4"]
            if any(table.occupant.get(f) == owner for f in skipped):
                clauses.append("KD-JUMP-OWN")
            if any(f in bones_of(board) and f in table.occupant for f in skipped):
                clauses.append("KD-BONE-FIELD")
            if where >= board.track:
                clauses += ["KD-HOUSE-ENTRY", "R-K8"]
            return Refusal(
                (*clauses, *helping),
                f"with {colour} the dog goes to {label(where, turn.seat)}, the first {colour} "
                "field ahead it may take",
            )
        stuck = blocked_push(table, owner, origin, target, colour, teams)
        holder, field = stuck if stuck is not None else (owner, target)
        return Refusal(
            ("KD-TEAM-PUSH", "R-K10"),
            f"the dog of seat {holder} on {label(field, turn.seat)} would be pushed on but has "
            f"no {colour} field it may take ahead",
        )

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        clauses: tuple[str, ...] = COLOUR_CLAUSES
        if card.family == CardFamily.TWO_COLOUR:
            clauses = ("KD-TWO-COLOUR", *COLOUR_CLAUSES)
        move_or_enter(table, turn, action, action.chosen or card.colours[0], clauses)


class DoubleCard:
    """A double step: the dog goes to the second free field of the colour; or a home dog
    enters."""

    def plays(self, turn: Turn, card: CardSpec) -> Iterator[KidsPlay]:
        yield from _entering(turn, card)
        board, table, owner = turn.board, turn.table, turn.controlled
        for origin in own_dogs(turn):
            target = double_target(board, table, owner, origin, card.colours[0])
            if target is not None:
                yield ((origin, target),), None

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        colour = card.colours[0]
        return check_target(
            turn,
            card,
            action,
            lambda origin: double_target(turn.board, turn.table, turn.controlled, origin, colour),
            DOUBLE_CLAUSES,
            f"fewer than two free {colour} fields lie ahead",
            f"the double step goes to {{where}}, the second free {colour} field",
        )

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        move_or_enter(table, turn, action, None, DOUBLE_CLAUSES)


class BoneCard:
    """A bone card takes a dog on the track to the next free bone field ahead."""

    def plays(self, turn: Turn, card: CardSpec) -> Iterator[KidsPlay]:
        board, table, owner = turn.board, turn.table, turn.controlled
        for origin in own_dogs(turn):
            target = bone_target(board, table, owner, origin)
            if target is not None:
                yield ((origin, target),), None

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        return check_target(
            turn,
            card,
            action,
            lambda origin: bone_target(turn.board, turn.table, turn.controlled, origin),
            BONE_CLAUSES,
            "no free bone field lies ahead of this dog",
            "the bone card takes this dog to {where}, the next free bone field",
        )

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        move_or_enter(table, turn, action, None, BONE_CLAUSES)


class DogSwapCard:
    """The dog swap: one of the seat's dogs on the track changes places with another
    player's dog on the track (R-K7)."""

    @implements("KD-DOGSWAP", "R-K7")
    def pairs(self, turn: Turn) -> list[tuple[int, int]]:
        """Own dog on the track with another player's dog on the track (bone and start
        fields included; not at home, not in a dog house)."""
        track, table, owner = turn.board.track, turn.table, turn.controlled
        mine = sorted(table.on_track(owner))
        theirs = sorted(loc for loc, s in table.occupant.items() if s != owner and loc < track)
        return [(a, b) for a in mine for b in theirs]

    def plays(self, turn: Turn, card: CardSpec) -> Iterator[KidsPlay]:
        for pair in self.pairs(turn):
            yield (pair,), None

    def check(self, turn: Turn, card: CardSpec, action: Action) -> Refusal | None:
        ((origin, target),) = action.moves
        if action.moves[0] in self.pairs(turn):
            return None
        if HOME in (origin, target):
            return Refusal(
                (*DOGSWAP_CLAUSES, "KD-ENTER", "R-K3"),
                "dogs still at home cannot be swapped, and only a colour card brings a dog onto "
                "its start field",
            )
        return check_own_dog(turn, origin) or Refusal(
            DOGSWAP_CLAUSES,
            "the dog swap exchanges one of the seat's dogs on the track with another player's "
            "dog on the track (never at home or in a dog house)",
        )

    def carry_out(self, table: Table, turn: Turn, card: CardSpec, action: Action) -> None:
        ((origin, target),) = action.moves
        swap(table, origin, target, DOGSWAP_CLAUSES)
