"""The one validator of a state: :func:`problems` lists everything wrong with it at once (like
a chess ``status()``), each as a :class:`Problem` naming the field at fault. Loading a dump
and building a position both end here, and the invariant checks run it on every state the
state machines reach."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeGuard

from dogrules.engine.parts import is_int, wrong_part
from dogrules.engine.ruleset import Ruleset
from dogrules.geometry.board import HOME, Board
from dogrules.geometry.cards import Deck
from dogrules.model.errors import Problem, short
from dogrules.model.state import Phase, State

__all__ = ["MAX_SEED", "Problem", "problems", "seed_problem"]

# A seed must fit a signed 64-bit integer: the shuffles hash it with the shuffle count, and a
# bound keeps a reshuffle from working on a huge number a hand-written file slipped in.
MAX_SEED = 2**63


def problems(ruleset: Ruleset, state: State) -> tuple[Problem, ...]:
    """Every problem of ``state`` under ``ruleset`` (empty when the state is possible)."""
    found: list[Problem] = []
    if state.variant != ruleset.name:
        found.append(Problem("variant", f"a {state.variant} state given to {ruleset.name}"))
    if not is_int(state.players):
        return (*found, Problem("players", f"expected an integer, got {short(state.players)}"))
    board = ruleset.game(state.players).board
    shaped = _shape(state)
    if shaped:
        return (*found, *shaped)
    found += _pieces(board, state)
    found += _extra(ruleset, board, state)
    found += _cards(ruleset, state)
    found += _phase(ruleset, board, state)
    seated = _seats(ruleset, state)
    found += seated or _exchange(ruleset, state)
    found += _counters(state)
    return tuple(found)


def _shape(state: State) -> list[Problem]:
    """Per-seat tuples of the right length: the other checks index them by seat."""
    found = []
    for key in ("pieces", "hands", "exchange"):
        if len(getattr(state, key)) != state.players:
            found.append(Problem(key, f"needs one entry per seat ({state.players})"))
    return found


def _pieces(board: Board, state: State) -> list[Problem]:
    found = []
    owner_of: dict[int, int] = {}
    for seat, locations in enumerate(state.pieces):
        where = f"pieces.{seat}"
        on_board = True
        if len(locations) != board.pieces_per_seat:
            found.append(
                Problem(
                    where,
                    f"seat {seat} has {len(locations)} pieces; {board.players} players play "
                    f"{board.pieces_per_seat} each",
                )
            )
        for location in locations:
            if location == HOME:
                continue
            if not is_int(location) or not (board.is_track(location) or board.is_lane(location)):
                found.append(Problem(where, f"{short(location)} is not a field"))
                on_board = False
                continue
            if board.is_lane(location):
                owner = board.lane_owner(location)
                if owner not in board.seats:
                    found.append(Problem(where, f"{short(location)} is not a field"))
                    on_board = False
                    continue
                if owner != seat:
                    found.append(Problem(where, f"seat {seat} stands in seat {owner}'s finish"))
            if location in owner_of:
                found.append(
                    Problem(
                        where,
                        f"two pieces on {board.label(location)} (seats {owner_of[location]} "
                        f"and {seat}); one piece per field",
                    )
                )
            owner_of[location] = seat
        if on_board:
            found += _pieces_order(board, seat, locations)
    return found


def _pieces_order(board: Board, seat: int, locations: tuple[int, ...]) -> list[Problem]:
    """A seat's pieces out of location order: the engine keeps them sorted (see State)."""
    ordered = sorted(locations)
    if list(locations) == ordered:
        return []
    return [
        Problem(
            f"pieces.{seat}",
            f"seat {seat}'s pieces {short(_labels(board, seat, locations))} are out of order: "
            "a seat's pieces are kept sorted by location (home first, then the track from T0, "
            f"then the finish from F1), {short(_labels(board, seat, ordered))}",
        )
    ]


def _labels(board: Board, seat: int, locations: Iterable[int]) -> list[str]:
    return [board.label(location, seat) for location in locations]


def _extra(ruleset: Ruleset, board: Board, state: State) -> list[Problem]:
    """The variant's own part of the state: of the class its part says, and as that part
    checks it (a form of the variant that keeps none is checked too: its part may say what
    cannot happen without it)."""
    part = ruleset.part
    expected = None if part is None else part.kind(state.teams)
    extra = state.extra
    if (None if extra is None else type(extra)) is not expected:
        return [wrong_part(ruleset.name, state.teams, expected, extra)]
    return [] if part is None else part.problems(board, state)


def _all_known(cards: tuple[object, ...], known: frozenset[str]) -> TypeGuard[tuple[str, ...]]:
    """Whether every one of ``cards`` is a card notation the deck knows. Every state the rules
    make holds only those, as plain strs: said by two C calls, not a loop in Python."""
    if set(map(type, cards)) <= {str}:
        return known.issuperset(cards)
    return all(isinstance(card, str) and card in known for card in cards)


def _cards(ruleset: Ruleset, state: State) -> list[Problem]:
    found = []
    deck = ruleset.deck
    known = deck.notations
    in_play: Counter[str] = Counter()
    places: list[tuple[str, tuple[object, ...]]] = [
        ("deck", state.deck),
        ("discard", state.discard),
    ]
    places += [(f"hands.{seat}", hand) for seat, hand in enumerate(state.hands)]
    places += [
        (f"exchange.{seat}", (card,))
        for seat, card in enumerate(state.exchange)
        if card is not None
    ]
    for where, cards in places:
        if _all_known(cards, known):
            in_play.update(cards)
            continue
        for card in cards:
            if not isinstance(card, str) or card not in known:
                found.append(Problem(where, f"unknown card {short(card)}"))
            else:
                in_play[card] += 1
    expected = Counter({card: count for card, count in deck.counts if count})
    # Compared as dicts (one C call): neither holds a count of zero, so it is Counter's equality.
    if not found and dict.__ne__(in_play, expected):
        surplus = in_play - expected
        lacking = expected - in_play
        found.append(
            Problem(
                "cards",
                "not conserved: "
                + ", ".join(
                    [f"{n} extra {c!r}" for c, n in sorted(surplus.items())]
                    + [f"{n} missing {c!r}" for c, n in sorted(lacking.items())]
                ),
            )
        )
    for seat, hand in enumerate(state.hands):
        if len(hand) > ruleset.hand_size:
            found.append(
                Problem(f"hands.{seat}", f"{len(hand)} cards; at most {ruleset.hand_size}")
            )
        if _all_known(hand, known):
            found += _hand_order(deck, seat, hand)
    last = state.last_played
    if last is not None:
        if "copy" not in known:
            found.append(Problem("last_played", f"{ruleset.name} has no Copy card"))
        elif not isinstance(last, str) or last not in known or last == "copy":
            found.append(Problem("last_played", f"{short(last)} is not a card a Copy plays as"))
    return found


def _hand_order(deck: Deck, seat: int, hand: tuple[str, ...]) -> list[Problem]:
    """A hand out of the deck's order: the engine keeps every hand so (see State)."""
    ordered = deck.in_order(hand)
    if tuple(hand) == ordered:
        return []
    return [
        Problem(
            f"hands.{seat}",
            f"seat {seat}'s hand {short(list(hand))} is out of order: a hand is kept in the "
            f"order of the unshuffled deck, {short(list(ordered))}",
        )
    ]


def _phase(ruleset: Ruleset, board: Board, state: State) -> list[Problem]:
    found = []
    if not isinstance(state.phase, Phase) or state.phase not in ruleset.phases:
        found.append(Problem("phase", f"{ruleset.name} has no phase {short(state.phase)}"))
        return found
    over = state.phase == Phase.OVER
    if over != bool(state.winner):
        found.append(Problem("winner", "a winner is named exactly when the phase is over"))
    if state.winner:
        found += _winner(ruleset, board, state)
    elif not over and (complete := _complete_sides(ruleset, board, state)):
        found.append(
            Problem(
                "winner",
                f"the game is already won by seat(s) {list(complete[0])}, yet it goes on",
            )
        )
    swapping = bool(state.exchanging)
    for seat, card in enumerate(state.exchange):
        if card is not None and state.phase != Phase.EXCHANGE and not swapping:
            found.append(
                Problem(f"exchange.{seat}", "a card is set aside only while cards are exchanged")
            )
    return found


def _complete_sides(ruleset: Ruleset, board: Board, state: State) -> list[tuple[int, ...]]:
    """The sides that have won in ``state``, by the ruleset's win rule."""
    done = [_home_run(board, state, seat) for seat in board.seats]
    return ruleset.complete_sides(board, done, 0, state.teams)


def _home_run(board: Board, state: State, seat: int) -> bool:
    """Whether every piece of ``seat`` that can finish stands in its finish: with more pieces
    than finish fields (2/3 players) a full finish is home."""
    return board.finish_full(sum(1 for location in state.pieces[seat] if board.is_lane(location)))


def _winner(ruleset: Ruleset, board: Board, state: State) -> list[Problem]:
    winner = state.winner
    if not all(is_int(seat) and seat in board.seats for seat in winner):
        return [Problem("winner", f"{short(list(winner))} are not seats")]
    side = board.side(winner[0], state.teams)
    if tuple(sorted(winner)) != side:
        kind = "a team" if state.teams else "one seat"
        return [Problem("winner", f"{list(winner)} is not {kind}")]
    if side not in _complete_sides(ruleset, board, state):
        return [Problem("winner", f"{list(winner)} have not filled their finishes")]
    return []


def _seats(ruleset: Ruleset, state: State) -> list[Problem]:
    found = []
    seats = range(state.players)
    for key in ("to_act", "dealer"):
        value = getattr(state, key)
        if not is_int(value) or value not in seats:
            found.append(Problem(key, f"{short(value)} is not a seat (0..{state.players - 1})"))
    try:
        teams = ruleset.teams_for(state.players, state.teams)
    except ValueError as exc:
        found.append(Problem("teams", str(exc)))
    else:
        if teams != state.teams:
            found.append(Problem("teams", f"{state.players} players play teams={teams}"))
    if found:
        return found
    needs_cards = state.phase == Phase.EXCHANGE or (
        state.phase == Phase.PLAY and ruleset.acting_needs_cards
    )
    if needs_cards and not state.hands[state.to_act] and not state.exchanging:
        found.append(Problem("to_act", f"seat {state.to_act} holds no card and cannot act"))
    return found


def _exchange(ruleset: Ruleset, state: State) -> list[Problem]:
    """While cards are exchanged, the seat to act has a card to set aside and has not set
    one aside yet, and no seat holds more cards than a hand counting the one it set aside
    (each gets one back): R-C3, KD-TEAM-EXCHANGE."""
    found = []
    exchanging = state.phase == Phase.EXCHANGE
    if exchanging and state.exchange[state.to_act] is not None:
        found.append(
            Problem(
                "to_act",
                f"seat {state.to_act} has already set its card aside; a seat sets one aside once",
            )
        )
    for seat, (hand, aside) in enumerate(zip(state.hands, state.exchange, strict=True)):
        if aside is not None and len(hand) + 1 > ruleset.hand_size:
            found.append(
                Problem(
                    f"hands.{seat}",
                    f"{len(hand)} cards and 1 set aside; at most {ruleset.hand_size} in all",
                )
            )
    return found


def _counters(state: State) -> list[Problem]:
    found = []
    for key in ("round", "shuffles"):
        value = getattr(state, key)
        if not is_int(value) or value < 1:
            found.append(Problem(key, f"expected an integer of at least 1, got {short(value)}"))
    wrong_seed = seed_problem(state.seed)
    if wrong_seed is not None:
        found.append(wrong_seed)
    if not isinstance(state.redrawn, bool):
        found.append(Problem("redrawn", f"expected a boolean, got {short(state.redrawn)}"))
    return found


def seed_problem(seed: object) -> Problem | None:
    """What is wrong with ``seed`` as a game's seed (None: nothing); a new game takes only
    a seed its state keeps."""
    if isinstance(seed, int) and not isinstance(seed, bool) and -MAX_SEED < seed < MAX_SEED:
        return None
    return Problem("seed", f"expected an integer below 2**63 in size, got {short(seed)}")
