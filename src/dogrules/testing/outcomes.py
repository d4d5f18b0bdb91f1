"""Distinct outcomes: what an action leads to, and the checks that ``legal_actions`` lists
each outcome once and misses none.

An action's outcome is the state it leads to (R-C15: two Partner orderings that leave the
same seats' pieces on the same fields are one, and so are two disc directions that leave the
same board). Where the acting seat cannot see that two states are equal (Agent DOG's
face-down pieces), it is the state together with where each piece it saw face down went,
those pieces followed as individuals through the action's events (so two swaps of different
pairs of same-coloured face-down pieces are two outcomes, and two face-up pieces of one colour
trading places are one). The events may differ otherwise: the fields a piece
stopped on along the way, or the order of captures.

The exhaustive check enumerates every spelling of every card play (every Partner ordering,
both disc directions, each colour of a two-colour card) and applies each: use it on small
positions only (``limit`` bounds the spellings it will try).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable

from dogrules.engine.judge import legal_actions
from dogrules.engine.ruleset import GameRules
from dogrules.engine.table import Table
from dogrules.geometry.board import Board
from dogrules.geometry.cards import CardFamily, distinct
from dogrules.model.actions import Action, ActionKind
from dogrules.model.errors import violation
from dogrules.model.events import Event, EventKind
from dogrules.model.results import Transition
from dogrules.model.state import Phase, State
from dogrules.rules.partner import PartnerCard
from dogrules.rules.play import RoundPlay, make_turn
from dogrules.variants.facade import Variant

# A piece followed through an action: ("at", field) for a piece that stood on ``field``
# when the action began, ("home", seat, n) for the n-th piece of ``seat`` to come out.
Piece = tuple[object, ...]
HOME_LABEL = "H"

_MOVING = frozenset(
    {EventKind.MOVED, EventKind.JUMPED, EventKind.SUMMONED, EventKind.PUSHED, EventKind.ENTERED}
)


def followed_pieces(
    state: State, board_labels: dict[int, str], events: Iterable[Event]
) -> tuple[frozenset[tuple[Field, Piece]], frozenset[Piece]]:
    """Where each piece ended (and the pieces sent home), following the events in order: a
    move onto an occupied field is followed by the capture (or push) of the piece that stood
    there, a disc turn carries every piece on it at once."""
    at: dict[Field, Piece] = {}
    for seat, locations in enumerate(state.pieces):
        for location in locations:
            if location >= 0:
                field = _field(board_labels[location], seat)
                at[field] = ("at", field)
    displaced: dict[Field, list[Piece]] = {}
    home: list[Piece] = []
    entered = 0
    carried: list[tuple[Field, Field]] = []

    def flush() -> None:
        moving = [(src, at.pop(src)) for src, _ in carried if src in at]
        targets = dict(carried)
        for src, piece in moving:
            at[targets[src]] = piece
        carried.clear()

    for event in events:
        if event.kind == EventKind.CARRIED:
            if event.piece is not None and event.src is not None and event.dst is not None:
                carried.append((event.src, event.dst))
            continue
        flush()
        src = _field(event.src or "", event.piece)
        dst = _field(event.dst or "", event.piece)
        if event.kind in _MOVING and event.dst is not None:
            if event.kind == EventKind.ENTERED:
                piece: Piece = ("home", event.piece, entered)
                entered += 1
            else:
                piece = at.pop(src)
            if dst in at:
                displaced.setdefault(dst, []).append(at[dst])
            at[dst] = piece
        elif event.kind == EventKind.CAPTURED and event.src is not None:
            stack = displaced.get(src)
            home.append(stack.pop() if stack else at.pop(src))
        elif event.kind == EventKind.SWAPPED and event.src is not None and event.dst is not None:
            at[src], at[dst] = at[dst], at[src]
    flush()
    return frozenset(at.items()), frozenset(home)


# A field as events name it: a track label, or a finish label with the seat whose lane it
# is (events write finish fields without their seat; the piece in them is that seat's).
Field = str | tuple[str, int | None]


def _field(label: str, seat: int | None) -> Field:
    return (label, seat) if label.startswith("F") else label


def outcome(v: Variant, state: State, transition: Transition) -> Hashable:
    """The outcome of a transition from ``state``: the state it leads to (R-C15), with where
    each piece went that lay face down in ``state`` (see :func:`followed_pieces`): the acting
    seat does not know its colour, so cannot see that two states are equal
    (:func:`face_down_pieces`)."""
    face_down = face_down_pieces(v, state)
    if not face_down:
        return transition.state
    at, home = followed_pieces(state, _labels(v.board(state.players)), transition.events)
    return (
        transition.state,
        frozenset(item for item in at if item[1] in face_down),
        home & face_down,
    )


def face_down_pieces(v: Variant, state: State) -> frozenset[Piece]:
    """The pieces of ``state`` that show the seats no colour (Agent DOG's face-down pieces,
    R-A9), as :func:`followed_pieces` names them; the fields that hide a piece's colour are
    the ones ``v``'s play phase names (``RoundPlay.face_down``)."""
    rule = v.ruleset.phases.get(Phase.PLAY)
    if not isinstance(rule, RoundPlay) or rule.face_down is None:
        return frozenset()
    board = v.board(state.players)
    hidden = rule.face_down(board)
    labels = _labels(board)
    return frozenset(
        ("at", _field(labels[location], seat))
        for seat, locations in enumerate(state.pieces)
        for location in locations
        if location in hidden
    )


@functools.lru_cache(maxsize=64)
def _labels(board: Board) -> dict[int, str]:
    """Every location of ``board`` by its label (worked out once a board: read-only)."""
    return {location: board.label(location) for location in range(board.field_count)}


def played_outcome(v: Variant, state: State, action: Action, transition: Transition) -> Hashable:
    """The outcome of ``action`` together with the card it spends: two different cards are
    two decisions even where the reshuffle after the play hands the played card back and the
    states agree."""
    return action.kind, action.card, action.copied, outcome(v, state, transition)


def spelled_several_ways(v: Variant, action: Action) -> bool:
    """Whether ``action`` plays a card whose plays can be spelled several ways in every
    position: a Partner (or a Copy of one) or a two-colour card. The state machines and
    ``dogrules check`` try every spelling (:func:`check_every_outcome_listed`) where one is
    listed; two movements of a one-move card meet in one state only now and then, and
    ``tests/test_distinct_outcomes.py`` tries them on positions drawn for it."""
    if action.kind != ActionKind.PLAY or action.plays_as is None:
        return False
    family = v.ruleset.catalogue.spec(action.plays_as).family
    return family in (CardFamily.PARTNER, CardFamily.TWO_COLOUR)


def spellings(v: Variant, state: State, limit: int) -> list[Action] | None:
    """Every legal action in ``state``, each outcome in all its spellings (listed actions
    with their other disc direction and other colour, every Partner ordering, and every
    movement of a one-move card with each disc direction); None when there would be more
    than ``limit`` candidates."""
    game = v.game(state.players)
    # The Partner orderings first: past the limit, the listing is not worked out at all.
    partner = _partner_spellings(game, state, limit)
    if partner is None:
        return None
    listed = legal_actions(game, state)
    candidates: dict[Action, None] = dict.fromkeys(listed)
    for action in listed:
        candidates.update(dict.fromkeys(_respellings(v, action)))
    candidates.update(dict.fromkeys(partner))
    candidates.update(dict.fromkeys(_one_move_spellings(game, state)))
    if len(candidates) > limit:
        return None
    return [action for action in candidates if v.is_legal(state, action)]


def _respellings(v: Variant, action: Action) -> list[Action]:
    out = []
    if action.turn is not None:
        out += [action._replace(turn=turn) for turn in ("cw", "ccw")]
    if action.chosen is not None and action.kind == ActionKind.PLAY and action.card is not None:
        colours = v.ruleset.catalogue.spec(action.card).colours
        out += [action._replace(chosen=colour) for colour in colours]
    return out


def _partner_spellings(game: GameRules, state: State, limit: int) -> list[Action] | None:
    rule = game.ruleset.phases.get(state.phase)
    if not isinstance(rule, RoundPlay):
        return []
    card_rule = rule.cards.get(CardFamily.PARTNER)
    if not isinstance(card_rule, PartnerCard):
        return []
    turn = make_turn(game, state, Table.of(game.board, state), outcome=rule.outcomes(game))
    catalogue = game.ruleset.catalogue
    out: list[Action] = []
    for card, copied in partner_cards(game, state):
        for moves in card_rule.spellings(turn, catalogue.spec(copied or card)):
            for turn_to in (None, "cw", "ccw"):
                out.append(Action(ActionKind.PLAY, card, copied, moves, turn=turn_to))
            if len(out) > limit:
                return None
    return out


def _one_move_spellings(game: GameRules, state: State) -> list[Action]:
    """Every movement each card of the seat to act other than a Partner can carry out, as
    its card rule finds them (one state may be reached by several), with each disc turn
    (legal or not), in the listing's order."""
    rule = game.ruleset.phases.get(state.phase)
    if not isinstance(rule, RoundPlay):
        return []
    turn = make_turn(game, state, Table.of(game.board, state), outcome=rule.outcomes(game))
    catalogue = game.ruleset.catalogue
    out: list[Action] = []
    for card in distinct(state.hands[state.to_act]):
        spec = catalogue.spec(card)
        copied = state.last_played if spec.family == CardFamily.COPY else None
        if copied is not None:
            spec = catalogue.spec(copied)
        card_rule = rule.cards.get(spec.family)
        if card_rule is None or isinstance(card_rule, PartnerCard):
            continue
        for moves in card_rule.plays(turn, spec):
            for turn_to in (None, "cw", "ccw"):
                out.append(Action(ActionKind.PLAY, card, copied, moves, turn=turn_to))
    return out


def partner_cards(game: GameRules, state: State) -> list[tuple[str, str | None]]:
    """The cards of the seat to act that play as a Partner, each with the card a Copy plays
    as (None for the Partner itself)."""
    catalogue = game.ruleset.catalogue
    found = []
    for card in distinct(state.hands[state.to_act]):
        copied = state.last_played if catalogue.spec(card).family == CardFamily.COPY else None
        if catalogue.spec(copied or card).family == CardFamily.PARTNER:
            found.append((card, copied))
    return found


def check_outcomes_distinct(
    v: Variant, state: State, transitions: dict[Action, Transition]
) -> None:
    """No two listed plays of one card lead to the same outcome (R-C15): not two orderings of
    a Partner's or a two-colour card's movements, not the disc turn's two directions after
    the same movements, and not two different movements of a one-move card (a piece landing
    on another piece of its colour, against the same piece taken by the Black Dog). A card
    played, given or discarded is a decision of its own: playing or discarding either of two
    cards is two decisions even when the reshuffle that follows hands the card back."""
    seen: dict[Hashable, Action] = {}
    for action, transition in transitions.items():
        if action.kind != ActionKind.PLAY:
            continue
        key = played_outcome(v, state, action, transition)
        if key in seen:
            raise violation(
                "listed_outcomes_distinct",
                f"{seen[key]} and {action} lead to the same outcome; list it once",
            )
        seen[key] = action


def check_every_outcome_listed(v: Variant, state: State, limit: int) -> bool:
    """Every outcome some legal spelling reaches is listed, once, in its canonical spelling
    (the first of its spellings in the listing's order); False when the position has more
    than ``limit`` spellings to try (nothing checked)."""
    every = spellings(v, state, limit)
    if every is None:
        return False
    listed = v.legal_actions(state)
    # Every spelling applied once (the listed actions are among them).
    keys = {action: played_outcome(v, state, action, v.apply(state, action)) for action in every}
    reached: dict[Hashable, Action] = {}
    for action, key in keys.items():
        reached.setdefault(key, action)
    outcomes = {keys[action]: action for action in listed}
    missing = [str(action) for key, action in reached.items() if key not in outcomes]
    plays = [action for action in listed if action.kind == ActionKind.PLAY]
    if missing:
        raise violation(
            "every_outcome_listed",
            f"{len(missing)} outcome(s) reachable but not listed, e.g. {missing[:3]}",
        )
    if len({key for key, action in outcomes.items() if action.kind == ActionKind.PLAY}) != len(
        plays
    ):
        raise violation("every_outcome_listed", "two listed card plays share an outcome")
    _check_canonical(v, state, limit, outcomes, keys)
    return True


def _check_canonical(
    v: Variant,
    state: State,
    limit: int,
    listed: dict[Hashable, Action],
    keys: dict[Action, Hashable],
) -> None:
    """A listed Partner play is the first of its outcome's spellings in the order every
    spelling is generated (pieces in board order, longer sub-moves first), and so is a
    listed play of a one-move card (its movements in its rule's order, the disc turned
    clockwise before counter-clockwise); ``keys``: the outcome of every legal spelling."""
    game = v.game(state.players)
    first: dict[Hashable, Action] = {}
    for action in [
        *(_partner_spellings(game, state, limit) or []),
        *_one_move_spellings(game, state),
    ]:
        if action in keys:
            first.setdefault(keys[action], action)
    for key, action in first.items():
        if listed.get(key) != action:
            raise violation(
                "every_outcome_listed",
                f"{listed.get(key)} is listed where the canonical spelling is {action}",
            )
