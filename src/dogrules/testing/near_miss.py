"""Near misses: listed plays spelled wrong in small ways, and whether the judge's refusal of
each gives the right reason.

A *near miss* is a variation of a listed play (kind "play") of one of these kinds:

* a disc turn **added** (to a play with no turn; both directions), **dropped** (from a play
  with one) or **flipped** (cw <-> ccw);
* the **destination** of its last movement moved on by one field (on the track to
  ``(to + 1) % track``, in a finish to the next finish field; none past the last finish field
  or at home); a destination that makes a listed action is no near miss;
* the **card** swapped for another card of the variant's deck, keeping the movements, the
  colour chosen and the disc turn. So that every variation has a notation, a Copy swapped
  for another card is that card played itself, and a card swapped for ``copy`` is a Copy
  playing as that card (``5 T3-T8`` becomes ``copy=5 T3-T8``).

:func:`judge_near_miss` judges one and lists what is :class:`Wrong` with the verdict: a
listed variation that is refused, an unlisted one accepted, ``apply`` disagreeing with
``explain``, or a refusal for the wrong reason (no clause, a clause outside the variant's
register, a clause twice, no "no disc" where there is none, a flipped turn not listed, a
refusal whose text changes when its notation is read back, and the disc: on a board with a
disc, a variation whose movement is legal with another disc turn (or none) must be refused
by a disc clause, one whose movement is legal with no disc turn must not be refused by disc
clauses alone).

``tests/test_explanations.py`` asserts that nothing is wrong; ``tools/near_miss.py`` counts.
This module needs neither pytest nor Hypothesis.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Iterator

import attrs

from dogrules.formats.states import dump
from dogrules.geometry.board import HOME, Board
from dogrules.model.actions import Action, ActionKind, Direction
from dogrules.model.errors import IllegalAction, NotationError
from dogrules.model.results import Ruling
from dogrules.model.state import State
from dogrules.variants.facade import Variant

DIRECTIONS: tuple[str, ...] = (Direction.CW.value, Direction.CCW.value)
# Clauses about the disc: its own (BD-DISC-*) and the ruling on when it turns (R-B5).
DISC_PREFIX = "BD-DISC-"
DISC_RULINGS = frozenset({"R-B5"})


def is_disc_clause(clause: str) -> bool:
    """Whether ``clause`` is one of Black DOG's disc clauses (BD-DISC-* or R-B5)."""
    return clause.startswith(DISC_PREFIX) or clause in DISC_RULINGS


class Kind(enum.StrEnum):
    """How a near miss differs from the listed play it varies."""

    TURN_ADDED = "turn added"
    TURN_DROPPED = "turn dropped"
    TURN_FLIPPED = "turn flipped"
    DESTINATION = "destination +1"
    CARD = "card swapped"

    @property
    def about_disc(self) -> bool:
        """Whether only the disc turn is varied (the movement is the listed play's)."""
        return self in (Kind.TURN_ADDED, Kind.TURN_DROPPED, Kind.TURN_FLIPPED)


class Wrong(enum.StrEnum):
    """What can be wrong with the judge's verdict on a near miss."""

    LISTED_REFUSED = "listed but refused"
    UNLISTED_ACCEPTED = "unlisted but legal"
    APPLY_DISAGREES = "apply disagrees with explain"
    NO_CLAUSE = "no clause"
    FOREIGN_CLAUSE = "clause outside the register"
    DUPLICATE_CLAUSE = "clause cited twice"
    FLIP_NOT_LISTED = "flipped turn not listed"
    DISC_ONLY = "disc-only refusal of a movement or card"
    NOT_DISC = "non-disc refusal of a wrong disc turn"
    NO_DISC_MESSAGE = "no 'no disc' message"
    ROUND_TRIP = "refusal text changes through notation"


@attrs.frozen
class NearMiss:
    """A ``variation`` of the listed play ``action``, of the given ``kind``."""

    kind: Kind
    action: Action
    variation: Action


@attrs.frozen
class Judged:
    """The verdict on a near miss and what is wrong with it.

    ``listed``: the variation is a listed action, or another spelling of a listed play's
    outcome (:func:`spells_a_listed_outcome`); ``ruling``: what ``explain`` says;
    ``refused``: the clauses of ``apply``'s IllegalAction (None when it applied);
    ``turn_listed``: the same movement with another disc turn (or none) is listed, i.e. the
    movement itself is legal; ``reread``: the text of the refusal of the action its notation
    reads back as (None when it is listed, does not read back or reads as another action).
    """

    near_miss: NearMiss
    listed: bool
    ruling: Ruling
    refused: tuple[str, ...] | None
    turn_listed: bool
    reread: str | None
    wrong: tuple[Wrong, ...]


# ---- positions ------------------------------------------------------------------------------


def plays(v: Variant, state: State) -> tuple[Action, ...]:
    """The listed plays (kind "play") of ``state``: the actions near misses vary."""
    return tuple(action for action in v.legal_actions(state) if action.kind == ActionKind.PLAY)


# ---- making near misses ---------------------------------------------------------------------


ALL_KINDS = frozenset(Kind)


def near_misses(
    v: Variant,
    state: State,
    actions: Iterable[Action] | None = None,
    kinds: frozenset[Kind] = ALL_KINDS,
) -> list[NearMiss]:
    """Every near miss of the given ``kinds`` of the listed plays (or of ``actions``, listed
    plays of ``state``)."""
    listed = v.legal_actions(state)
    chosen = listed if actions is None else actions
    known = frozenset(listed)
    board = v.board(state.players)
    cards = sorted(v.deck.notations)
    found: list[NearMiss] = []
    for action in chosen:
        if action.kind == ActionKind.PLAY:
            found.extend(n for n in variations(board, cards, action, known) if n.kind in kinds)
    return found


def variations(
    board: Board, cards: Iterable[str], action: Action, listed: frozenset[Action]
) -> Iterator[NearMiss]:
    """The near misses of the listed play ``action`` (``cards``: the deck's notations)."""
    if action.turn is None:
        for direction in DIRECTIONS:
            yield NearMiss(Kind.TURN_ADDED, action, action._replace(turn=direction))
    else:
        yield NearMiss(Kind.TURN_DROPPED, action, action._replace(turn=None))
        flipped = DIRECTIONS[1] if action.turn == DIRECTIONS[0] else DIRECTIONS[0]
        yield NearMiss(Kind.TURN_FLIPPED, action, action._replace(turn=flipped))
    moved = moved_destination(board, action)
    if moved is not None and moved not in listed:
        yield NearMiss(Kind.DESTINATION, action, moved)
    for card in cards:
        swapped = swapped_card(action, card)
        if swapped is not None:
            yield NearMiss(Kind.CARD, action, swapped)


def next_field(board: Board, location: int) -> int | None:
    """The field one on from ``location``: the next track field (round the track), the next
    field of the same finish; None at home or on a finish's last field."""
    if location == HOME:
        return None
    if board.is_track(location):
        return (location + 1) % board.track
    if board.lane_index(location) < board.finish:
        return location + 1
    return None


def moved_destination(board: Board, action: Action) -> Action | None:
    """``action`` with the destination of its last movement one field on (None if none)."""
    if not action.moves:
        return None
    origin, target = action.moves[-1]
    moved = next_field(board, target)
    if moved is None:
        return None
    return action._replace(moves=(*action.moves[:-1], (origin, moved)))


def swapped_card(action: Action, card: str) -> Action | None:
    """``action`` played with ``card`` instead (None when that is the card it names)."""
    if card == action.card:
        return None
    if card == "copy":
        return action._replace(card=card, copied=action.plays_as)
    return action._replace(card=card, copied=None)


# ---- judging them ---------------------------------------------------------------------------


def judge_all(
    v: Variant,
    state: State,
    actions: Iterable[Action] | None = None,
    kinds: frozenset[Kind] = ALL_KINDS,
) -> list[Judged]:
    """The verdict on every near miss of the given ``kinds`` of the listed plays (or of
    ``actions``) in ``state``."""
    listed = frozenset(v.legal_actions(state))
    found = near_misses(v, state, actions, kinds)
    return [judge_near_miss(v, state, near_miss, listed) for near_miss in found]


def judge_near_miss(
    v: Variant, state: State, near_miss: NearMiss, listed: frozenset[Action] | None = None
) -> Judged:
    """The verdict on ``near_miss`` in ``state`` and everything wrong with it (``listed``:
    the legal actions of ``state``, when already at hand)."""
    if listed is None:
        listed = frozenset(v.legal_actions(state))
    variation = near_miss.variation
    is_listed = variation in listed
    ruling = v.explain(state, variation)
    refused: tuple[str, ...] | None = None
    try:
        outcome = v.apply(state, variation).state
    except IllegalAction as exc:
        refused = exc.clauses
    else:
        is_listed = is_listed or spells_a_listed_outcome(v, state, variation, outcome, listed)
    turn_listed = any(
        variation._replace(turn=turn) in listed
        for turn in (None, *DIRECTIONS)
        if turn != variation.turn
    )
    reread, reads_back = None, True
    if not is_listed:
        reread, reads_back = reread_refusal(v, state, variation)
    has_disc = v.board(state.players).disc is not None
    wrong = wrong_reasons(
        v, near_miss, has_disc, is_listed, ruling, refused, turn_listed, reread, reads_back
    )
    return Judged(near_miss, is_listed, ruling, refused, turn_listed, reread, wrong)


def spells_a_listed_outcome(
    v: Variant, state: State, variation: Action, outcome: State, listed: frozenset[Action]
) -> bool:
    """Whether ``variation``, legal and leading to ``outcome``, is another spelling of a
    listed play of the same card (api.md, second edition: each distinct outcome is listed
    once, in one spelling; a DOG Kids two-colour card moving a piece to a start field of
    both colours, say, or Partner's sub-moves in another order)."""
    return any(
        action.card == variation.card and v.apply(state, action).state == outcome
        for action in listed
    )


def reread_refusal(v: Variant, state: State, variation: Action) -> tuple[str | None, bool]:
    """The text of the refusal of ``variation`` read back from its notation (None when the
    notation does not read back as it), and whether it can be read at all."""
    try:
        parsed = v.parse_action(state, str(variation))
    except NotationError:
        return None, False
    if parsed != variation:
        return None, True
    return v.explain(state, parsed).text, True


def wrong_reasons(
    v: Variant,
    near_miss: NearMiss,
    has_disc: bool,
    listed: bool,
    ruling: Ruling,
    refused: tuple[str, ...] | None,
    turn_listed: bool,
    reread: str | None,
    reads_back: bool,
) -> tuple[Wrong, ...]:
    """What is wrong with the verdict ``ruling`` (and ``apply``'s ``refused`` clauses) on
    ``near_miss`` on a board with a disc or not (``has_disc``)."""
    wrong: list[Wrong] = []
    kind = near_miss.kind
    if kind == Kind.TURN_FLIPPED and not listed:
        wrong.append(Wrong.FLIP_NOT_LISTED)
    if listed:
        if not ruling.legal:
            wrong.append(Wrong.LISTED_REFUSED)
        if refused is not None:
            wrong.append(Wrong.APPLY_DISAGREES)
        return tuple(wrong)
    if (refused is not None) if ruling.legal else (refused != ruling.clauses):
        wrong.append(Wrong.APPLY_DISAGREES)
    if ruling.legal:
        wrong.append(Wrong.UNLISTED_ACCEPTED)
        return tuple(wrong)
    clauses = ruling.clauses
    register = {clause.id for clause in v.clauses}
    if not clauses:
        wrong.append(Wrong.NO_CLAUSE)
    if any(clause not in register for clause in clauses):
        wrong.append(Wrong.FOREIGN_CLAUSE)
    if len(set(clauses)) != len(clauses):
        wrong.append(Wrong.DUPLICATE_CLAUSE)
    if has_disc:
        # Legal with another disc turn (or none): the turn is what is wrong, and a disc clause
        # must say so; otherwise the movement or the card is, and disc clauses alone cannot.
        if turn_listed and not any(is_disc_clause(clause) for clause in clauses):
            wrong.append(Wrong.NOT_DISC)
        if not turn_listed and clauses and all(is_disc_clause(c) for c in clauses):
            wrong.append(Wrong.DISC_ONLY)
    elif kind == Kind.TURN_ADDED and "no disc" not in ruling.text and reads_back:
        wrong.append(Wrong.NO_DISC_MESSAGE)
    if reread is not None and reread != ruling.text:
        wrong.append(Wrong.ROUND_TRIP)
    return tuple(wrong)


def describe(v: Variant, state: State, judged: Judged) -> str:
    """What a failure prints: the variant, the position as JSON, the listed action, the
    variation, the ruling and what is wrong with it."""
    near_miss = judged.near_miss
    lines = [
        f"variant: {v.name} ({state.players} players{', teams' if state.teams else ''})",
        f"position: {json.dumps(dump(state, v), sort_keys=True)}",
        f"listed action: {near_miss.action}",
        f"variation ({near_miss.kind}): {near_miss.variation}",
        f"listed: {judged.listed}; apply refused with: {judged.refused}",
        f"ruling (clauses {', '.join(judged.ruling.clauses) or 'none'}):",
        judged.ruling.text,
    ]
    if judged.reread is not None and judged.reread != judged.ruling.text:
        lines += ["read back from its notation:", judged.reread]
    lines.append(f"wrong: {', '.join(judged.wrong) or 'nothing'}")
    return "\n".join(lines)
