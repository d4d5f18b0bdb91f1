"""Building a position by hand, with diagnostics that name what is wrong (like a chess
``status()``): every check raises InvalidPosition with the seat, field or card at fault."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from dogrules.engine.cardtable import shuffled
from dogrules.engine.problems import problems, seed_problem
from dogrules.engine.ruleset import Ruleset
from dogrules.geometry.board import HOME, Board
from dogrules.model.errors import InvalidPosition, short
from dogrules.model.state import Extra, Phase, State

MAX_HAND = 5


def parse_pieces(board: Board, pieces: Mapping[int, Sequence[str]]) -> tuple[tuple[int, ...], ...]:
    """Seat -> location names, checked: every seat listed, the right number of pieces, each
    on a real field of its own, one piece per field."""
    if not isinstance(pieces, Mapping):
        raise InvalidPosition("pieces must map each seat to a list of locations")
    unknown = [seat for seat in pieces if seat not in board.seats]
    if unknown:
        raise InvalidPosition(
            f"pieces name seat(s) {short(unknown)}; seats are 0..{board.players - 1}"
        )
    result: list[tuple[int, ...]] = []
    owner_of: dict[int, int] = {}
    for seat in board.seats:
        if seat not in pieces:
            raise InvalidPosition(f"pieces: seat {seat} is missing")
        names = pieces[seat]
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise InvalidPosition(f"pieces: seat {seat} needs a list of locations")
        if len(names) != board.pieces_per_seat:
            raise InvalidPosition(
                f"pieces: seat {seat} has {len(names)} pieces; "
                f"{board.players} players play {board.pieces_per_seat} each"
            )
        locations: list[int] = []
        for name in names:
            if not isinstance(name, str):
                raise InvalidPosition(f"pieces: seat {seat}: {short(name)} is not a location name")
            try:
                location = board.parse(name, seat)
            except ValueError as exc:
                raise InvalidPosition(f"pieces: seat {seat}: {exc}") from None
            if location >= board.track and board.lane_owner(location) != seat:
                raise InvalidPosition(
                    f"pieces: seat {seat} cannot stand in seat {board.lane_owner(location)}'s "
                    f"finish ({name})"
                )
            if location != HOME:
                if location in owner_of:
                    raise InvalidPosition(
                        f"pieces: two pieces on {board.label(location)} "
                        f"(seats {owner_of[location]} and {seat}); one piece per field"
                    )
                owner_of[location] = seat
            locations.append(location)
        result.append(tuple(sorted(locations)))
    return tuple(result)


def parse_hands(
    ruleset: Ruleset, board: Board, hands: Mapping[int, Sequence[str]], limit: int = MAX_HAND
) -> tuple[tuple[str, ...], ...]:
    """Seat -> card notations, checked against the deck: known cards, no more copies of a
    card than the deck holds, at most ``limit`` in a hand."""
    if not isinstance(hands, Mapping):
        raise InvalidPosition("hands must map seats to lists of card notations")
    deck = ruleset.deck
    known = deck.notations
    limits = dict(deck.counts)
    used: Counter[str] = Counter()
    result: list[tuple[str, ...]] = []
    for seat in hands:
        if seat not in board.seats:
            raise InvalidPosition(
                f"hands name seat {short(seat)}; seats are 0..{board.players - 1}"
            )
    for seat in board.seats:
        given = hands.get(seat, ())
        if isinstance(given, str) or not isinstance(given, Iterable):
            raise InvalidPosition(f"hands: seat {seat} needs a list of cards, not {short(given)}")
        cards = list(given)
        if len(cards) > limit:
            raise InvalidPosition(f"hands: seat {seat} holds {len(cards)} cards; at most {limit}")
        for card in cards:
            if not isinstance(card, str) or card not in known:
                raise InvalidPosition(
                    f"hands: seat {seat} holds unknown card {short(card)}; "
                    f"{ruleset.name} cards are {', '.join(sorted(known))}"
                )
            used[card] += 1
            if used[card] > limits[card]:
                raise InvalidPosition(f"hands: more than {limits[card]} {card!r} cards in play")
        result.append(deck.in_order(cards))
    return tuple(result)


def build_position(
    ruleset: Ruleset,
    players: int,
    pieces: Mapping[int, Sequence[str]],
    hands: Mapping[int, Sequence[str]],
    to_act: int,
    black_dog: str | None,
    last_played: str | None,
    teams: bool | None,
    dealer: int | None,
    seed: int,
) -> State:
    """A position in phase "play", every card not in a hand in the deck (shuffled by seed)."""
    board = ruleset.game(players).board
    for name, value in (("to_act", to_act), ("dealer", dealer), ("seed", seed)):
        # A bool or float would pass as a seat or seed where the game needs an integer.
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise InvalidPosition(f"{name}: expected an integer, got {short(value)}")
    wrong_seed = seed_problem(seed)
    if wrong_seed is not None:
        raise InvalidPosition((wrong_seed,))
    for name, text in (("black_dog", black_dog), ("last_played", last_played)):
        if text is not None and not isinstance(text, str):
            raise InvalidPosition(f"{name}: expected a name or None, got {short(text)}")
    if teams is not None and not isinstance(teams, bool):
        raise InvalidPosition(f"teams: expected true, false or None, got {short(teams)}")
    try:
        is_team = ruleset.teams_for(players, teams)
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from None
    located = parse_pieces(board, pieces)
    held = parse_hands(ruleset, board, hands, ruleset.hand_size)
    if to_act not in board.seats:
        raise InvalidPosition(f"to_act: {short(to_act)} is not a seat (0..{players - 1})")
    if ruleset.acting_needs_cards and not held[to_act]:
        raise InvalidPosition(f"to_act: seat {to_act} holds no card and cannot act")
    if dealer is None:
        dealer = next(d for d in board.seats if ruleset.starter(d, players) == to_act)
    elif dealer not in board.seats:
        raise InvalidPosition(f"dealer: {short(dealer)} is not a seat (0..{players - 1})")
    extra = _part(ruleset, board, located, is_team, black_dog)
    if last_played is not None:
        if "copy" not in ruleset.deck.notations:
            raise InvalidPosition(f"{ruleset.name} has no Copy card: last_played must be None")
        if last_played not in ruleset.deck.notations:
            raise InvalidPosition(f"last_played: unknown card {short(last_played)}")
        if last_played == "copy":
            raise InvalidPosition(
                "last_played: give the card a Copy would play (a copy resolves to the card "
                "first copied, R-C9), not 'copy'"
            )
    remaining = Counter(ruleset.deck.cards())
    for hand in held:
        remaining.subtract(hand)
    deck = shuffled(ruleset.deck.in_order(list(remaining.elements())), seed, 0)
    state = State.opening(
        variant=ruleset.name,
        phase=Phase.PLAY,
        to_act=to_act,
        pieces=located,
        hands=held,
        deck=deck,
        dealer=dealer,
        seed=seed,
        teams=is_team,
        extra=extra,
        last_played=last_played,
    )
    found = problems(ruleset, state)
    if found:
        raise InvalidPosition(found)
    return state


def _part(
    ruleset: Ruleset,
    board: Board,
    located: tuple[tuple[int, ...], ...],
    is_team: bool,
    black_dog: str | None,
) -> Extra | None:
    """The variant's own part of the position, as its part sets it up from the arguments
    given for it (the Black Dog's field: the one argument of a built-in part)."""
    part = ruleset.part
    given = {} if black_dog is None else {"black_dog": black_dog}
    if given and (part is None or not set(given) <= set(part.blank)):
        raise InvalidPosition(f"{ruleset.name} has no Black Dog (black_dog={short(black_dog)})")
    return None if part is None else part.position(board, located, is_team, given)
