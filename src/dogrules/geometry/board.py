"""Board geometry built from layout data: fields, seats, paths and precomputed tables.

Locations are small integers inside the engine:

* ``0 .. track-1``: track field ``T<n>``;
* ``track + seat*finish + (k-1)``: field ``F<k>`` of that seat's finish;
* ``HOME`` (-1): a seat's home (which seat is known from whose piece it is).

The board knows nothing about cards.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Final

from dogrules.data.register import implements
from dogrules.data.specs import SpecTable, read_only

# Final: the compiled build puts the number itself where a compiled module names it, instead
# of looking the name up in that module's globals each time (a piece at home is asked about
# for every piece of every state).
HOME: Final = -1
_META_KEYS = frozenset({"id", "status", "text", "source", "passage"})
_LOCATION = re.compile(r"^(?:T(?P<track>\d+)|F(?P<finish>\d+)(?:@(?P<owner>\d+))?|H)$")


@implements("BD-PLAYERS", "KD-TEAM")
def partner_seat(seat: int, players: int) -> int:
    """The seat opposite ``seat``, its partner in a team game: the partners sit opposite
    each other."""
    return (seat + players // 2) % players


def side_of(seat: int, players: int, teams: bool) -> tuple[int, ...]:
    """The seats that win together with ``seat`` (in seat order): it and its partner in a
    team game, else it alone."""
    return tuple(sorted({seat, partner_seat(seat, players)})) if teams else (seat,)


def sides(players: int, teams: bool) -> tuple[tuple[int, ...], ...]:
    """Every side at a table of ``players`` (see :func:`side_of`), by its lowest seat."""
    found: list[tuple[int, ...]] = []
    for seat in range(players):
        side = side_of(seat, players, teams)
        if side not in found:
            found.append(side)
    return tuple(found)


def layout_values(layout: SpecTable, where: str) -> dict[str, object]:
    """All data values of a layout file, merged from its datums (ids and prose dropped)."""
    values: dict[str, object] = {}
    datums = layout.get("datum", [])
    if not isinstance(datums, list) or not all(isinstance(d, dict) for d in datums):
        raise ValueError(f"{where}: expected [[datum]] tables")
    for datum in datums:
        for key, value in datum.items():
            if key in _META_KEYS:
                continue
            if key in values:
                raise ValueError(f"{where}: value {key!r} is given by two datums")
            values[key] = value
    return values


def _int(values: Mapping[str, object], key: str, where: str) -> int:
    value = values.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}: {key!r} must be a non-negative integer, got {value!r}")
    return value


def _int_list(values: Mapping[str, object], key: str, where: str) -> tuple[int, ...]:
    value = values.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        raise ValueError(f"{where}: {key!r} must be a list of integers")
    return tuple(value)


# The board's classes are frozen dataclasses, not attrs classes: the compiled build
# (tools/build_compiled.py) makes a dataclass a native class, whose fields and methods the
# rule modules reach as C struct fields and C calls; an attrs class stays a Python class.


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class Disc:
    """Black DOG's rotating disc: its fields, the paw fields on it, and where a quarter turn
    clockwise or counter-clockwise takes each disc field."""

    fields: frozenset[int]
    paws: frozenset[int]
    rotate_cw: Mapping[int, int]
    rotate_ccw: Mapping[int, int]

    def __post_init__(self) -> None:
        # A board is shared by every game of its variant: changed through one, it changes all.
        object.__setattr__(self, "rotate_cw", read_only(self.rotate_cw))
        object.__setattr__(self, "rotate_ccw", read_only(self.rotate_ccw))

    def __reduce__(self) -> tuple[type[Disc], tuple[object, ...]]:
        # Pickled (with a listed action's notation, say) as the mappings it was built from:
        # a read-only mapping does not pickle, and the copy is made read-only again.
        return Disc, (self.fields, self.paws, dict(self.rotate_cw), dict(self.rotate_ccw))


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class Holes:
    """Agent DOG's holes (a piece on one lies face down) and 007 meeting places."""

    holes: frozenset[int]
    meetings: frozenset[int]

    def __reduce__(self) -> tuple[type[Holes], tuple[object, ...]]:
        # Pickled by its constructor's arguments, as every class of the board: compiled, a
        # frozen dataclass keeps no state-restoring pickle support of its own.
        return Holes, (self.holes, self.meetings)


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class ColourTrack:
    """DOG Kids' coloured fields: the card colours, each track field's colours (a start field
    has two), each seat's dog-house colours (F1 first) and the bone fields."""

    card_colours: tuple[str, ...]
    field_colours: tuple[frozenset[str], ...]
    house_colours: tuple[tuple[str, ...], ...]
    bones: frozenset[int]

    def __reduce__(self) -> tuple[type[ColourTrack], tuple[object, ...]]:
        return ColourTrack, (self.card_colours, self.field_colours, self.house_colours, self.bones)


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class Board:
    """The fields of one variant for one player count, with per-seat tables.

    ``disc``, ``holes`` and ``colour_track`` are the features of the one variant that has
    them; on every other board they are None."""

    variant: str
    players: int
    track: int
    quadrants: int
    finish: int
    pieces_per_seat: int
    colours: tuple[str, ...]
    seat_quadrant: tuple[int, ...]
    start: tuple[int, ...]
    printed_starts: frozenset[int]
    disc: Disc | None = None
    holes: Holes | None = None
    colour_track: ColourTrack | None = None
    # Worked out once, as a slot of the frozen board, not a property: the judge reads it for
    # every action.
    field_count: int = dataclasses.field(init=False)
    """How many fields the board has, the track's and every seat's finish: the field
    locations are ``0 .. field_count - 1`` (``HOME`` is none of them)."""

    # Each field's label as its own seat writes it (``T5``, ``F2``), by location: events,
    # notation and observations label every piece they name.
    _labels: tuple[str, ...] = dataclasses.field(init=False, repr=False)

    def __reduce__(self) -> tuple[type[Board], tuple[object, ...]]:
        # Its constructor's arguments: what __post_init__ works out is worked out again.
        given = (self.variant, self.players, self.track, self.quadrants, self.finish)
        seats = (self.pieces_per_seat, self.colours, self.seat_quadrant, self.start)
        return Board, (
            *given,
            *seats,
            self.printed_starts,
            self.disc,
            self.holes,
            self.colour_track,
        )

    def __post_init__(self) -> None:
        object.__setattr__(self, "field_count", self.track + self.players * self.finish)
        track = tuple(f"T{field}" for field in range(self.track))
        lanes = tuple(f"F{k}" for _ in range(self.players) for k in range(1, self.finish + 1))
        object.__setattr__(self, "_labels", track + lanes)

    @property
    def quadrant_size(self) -> int:
        return self.track // self.quadrants

    @property
    def seats(self) -> range:
        return range(self.players)

    def colour(self, seat: int) -> str:
        """The colour of ``seat``'s pieces."""
        return self.colours[self.seat_quadrant[seat]]

    def lane(self, seat: int, k: int) -> int:
        """The location of field ``F<k>`` (1-based) of ``seat``'s finish."""
        return self.track + seat * self.finish + (k - 1)

    def lane_owner(self, location: int) -> int:
        """The seat whose finish holds ``location`` (a finish location)."""
        return (location - self.track) // self.finish

    def lane_index(self, location: int) -> int:
        """``k`` of a finish location ``F<k>``."""
        return (location - self.track) % self.finish + 1

    def is_track(self, location: int) -> bool:
        return 0 <= location < self.track

    def is_lane(self, location: int) -> bool:
        return location >= self.track

    def start_owner(self, field: int) -> int | None:
        """The seat whose start field ``field`` is, if any seat plays that colour."""
        for seat, start in enumerate(self.start):
            if start == field:
                return seat
        return None

    def label(self, location: int, owner: int | None = None) -> str:
        """Layout notation of a location: ``T5``, ``F2`` (``F2@1`` if ``owner`` differs), ``H``."""
        if location == HOME:
            return "H"
        if type(location) is int and 0 <= location < self.field_count:
            text = self._labels[location]
        elif self.is_track(location):
            # Whatever else a caller names is written by the fields' rule, as the table is.
            return f"T{location}"
        else:
            text = f"F{self.lane_index(location)}"
        if owner is None or 0 <= location < self.track:
            return text
        seat = self.lane_owner(location)
        return text if owner == seat else f"{text}@{seat}"

    def parse(self, text: str, seat: int) -> int:
        """The location named ``text`` for a piece of ``seat`` (``F2@1`` names seat 1's lane)."""
        match = _LOCATION.match(text.strip())
        if match is None:
            raise ValueError(f"unknown location {text!r}: expected T<n>, F<k>[@seat] or H")
        if match["track"] is not None:
            field = int(match["track"])
            if field >= self.track:
                raise ValueError(f"location {text!r} is off the track (T0..T{self.track - 1})")
            return field
        if match["finish"] is not None:
            k = int(match["finish"])
            owner = seat if match["owner"] is None else int(match["owner"])
            if owner not in self.seats:
                raise ValueError(f"location {text!r} names seat {owner}, not in this game")
            if not 1 <= k <= self.finish:
                raise ValueError(f"location {text!r}: finish fields are F1..F{self.finish}")
            return self.lane(owner, k)
        return HOME

    def colours_at(self, location: int) -> frozenset[str]:
        """The colours of a field (DOG Kids): a start field has two, a house field one, and a
        board without coloured fields none."""
        track = self.colour_track
        if track is None:
            return frozenset()
        if location < self.track:
            return track.field_colours[location]
        return frozenset(
            {track.house_colours[self.lane_owner(location)][self.lane_index(location) - 1]}
        )

    def pieces_to_finish(self) -> int:
        """How many pieces a seat has in its finish once all are home: every piece, or with
        more pieces than finish fields (2/3 players) as many as the fields (R-B9)."""
        return min(self.finish, self.pieces_per_seat)

    def finish_full(self, in_finish: int) -> bool:
        """Whether a seat with ``in_finish`` pieces in its finish has them all home (see
        :meth:`pieces_to_finish`)."""
        return in_finish >= self.pieces_to_finish()

    def partner(self, seat: int) -> int:
        """The seat opposite ``seat`` (its partner in a team game, see :func:`partner_seat`)."""
        return partner_seat(seat, self.players)

    def side(self, seat: int, teams: bool) -> tuple[int, ...]:
        """The seats that win together with ``seat`` (see :func:`side_of`)."""
        return side_of(seat, self.players, teams)

    def ahead(self, start: int, field: int) -> int:
        """Clockwise distance from ``start`` to ``field`` on the track (0 when equal)."""
        return (field - start) % self.track


@implements(
    "BD-L-TRACK",
    "BD-L-SEATS",
    "BD-L-FINISH",
    "BD-L-PIECES",
    "BD-L-DISC",
    "BD-L-PAWS",
    "AD-L-TRACK",
    "AD-L-SEATS",
    "AD-L-FINISH",
    "AD-L-PIECES",
    "AD-L-HOLES",
    "AD-L-MEETINGS",
    "KD-L-TRACK",
    "KD-L-SEATS",
    "KD-L-FIELD-COLOURS",
    "KD-L-BONES",
    "KD-L-HOUSES",
    "KD-L-DOGS",
)
def build_board(variant: str, players: int, layout: SpecTable, where: str) -> Board:
    """The board of ``variant`` for ``players`` seats, read from the layout data."""
    values = layout_values(layout, where)
    track = _int(values, "track", where)
    quadrants = _int(values, "quadrants", where)
    if quadrants == 0 or track % quadrants:
        raise ValueError(f"{where}: {track} track fields do not split into {quadrants} quadrants")
    size = track // quadrants
    offset = _int(values, "start_offset", where)
    by_players = values.get("quadrants_by_players", {})
    if not isinstance(by_players, dict) or str(players) not in by_players:
        valid = sorted(by_players) if isinstance(by_players, dict) else []
        raise ValueError(f"{variant} is played by {', '.join(valid)} players, not {players}")
    used = tuple(by_players[str(players)])
    pieces = values.get("pieces_by_players", {})
    if not isinstance(pieces, dict) or not isinstance(pieces.get(str(players)), int):
        raise ValueError(f"{where}: 'pieces_by_players' gives no count for {players} players")
    colours = values.get("colours", [])
    if not isinstance(colours, list) or len(colours) != quadrants:
        raise ValueError(f"{where}: 'colours' must name one colour per quadrant")
    disc_offsets = _int_list(values, "disc_offsets", where)
    paw_offsets = _int_list(values, "paw_offsets", where)
    disc_fields = frozenset(q * size + j for q in range(quadrants) for j in disc_offsets)
    paws = frozenset(q * size + j for q in range(quadrants) for j in paw_offsets)
    if not paws <= disc_fields:
        raise ValueError(f"{where}: every paw field must lie on the disc")
    starts = frozenset(q * size + offset for q in range(quadrants))
    if disc_fields & starts:
        raise ValueError(f"{where}: a start field cannot lie on the disc")
    holes = frozenset(
        q * size + j for q in range(quadrants) for j in _int_list(values, "hole_offsets", where)
    )
    meetings = frozenset(
        q * size + j for q in range(quadrants) for j in _int_list(values, "meeting_offsets", where)
    )
    if (holes | meetings) & starts:
        raise ValueError(f"{where}: a start field cannot be a hole or a meeting place")
    if any((m - 1) % track not in holes for m in meetings):
        raise ValueError(f"{where}: the field directly behind every meeting place must be a hole")
    bones = frozenset(
        q * size + j for q in range(quadrants) for j in _int_list(values, "bone_offsets", where)
    )
    card_colours = tuple(str(c) for c in _str_list(values, "card_colours", where))
    field_colours = _field_colours(values, track, card_colours, where)
    house_colours = _house_colours(values, used, card_colours, where)
    disc = (
        Disc(
            fields=disc_fields,
            paws=paws,
            rotate_cw={f: (f + size) % track for f in disc_fields},
            rotate_ccw={f: (f - size) % track for f in disc_fields},
        )
        if disc_fields
        else None
    )
    return Board(
        variant=variant,
        players=players,
        track=track,
        quadrants=quadrants,
        finish=_int(values, "finish", where),
        pieces_per_seat=int(pieces[str(players)]),
        colours=tuple(str(c) for c in colours),
        seat_quadrant=used,
        start=tuple(q * size + offset for q in used),
        printed_starts=starts,
        disc=disc,
        holes=Holes(holes, meetings) if holes or meetings else None,
        colour_track=(
            ColourTrack(card_colours, field_colours, house_colours, bones)
            if field_colours
            else None
        ),
    )


def _str_list(values: Mapping[str, object], key: str, where: str) -> list[str]:
    value = values.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{where}: {key!r} must be a list of strings")
    return value


def _field_colours(
    values: Mapping[str, object], track: int, card_colours: tuple[str, ...], where: str
) -> tuple[frozenset[str], ...]:
    """Each track field's colours ("blue" or "blue+red" for a two-coloured start field)."""
    names = _str_list(values, "field_colours", where)
    if not names:
        return ()
    if len(names) != track:
        raise ValueError(f"{where}: 'field_colours' lists {len(names)} fields, not {track}")
    result = []
    for index, name in enumerate(names):
        colours = frozenset(name.split("+"))
        if not colours <= set(card_colours):
            raise ValueError(f"{where}: field T{index} has colour {name!r}, not a card colour")
        result.append(colours)
    return tuple(result)


def _house_colours(
    values: Mapping[str, object],
    used: tuple[int, ...],
    card_colours: tuple[str, ...],
    where: str,
) -> tuple[tuple[str, ...], ...]:
    """Each seat's dog-house field colours, F1 first."""
    raw = values.get("house_colours")
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: 'house_colours' maps quadrants to colour lists")
    houses = []
    for quadrant in used:
        colours = raw.get(str(quadrant))
        if not isinstance(colours, list) or not set(colours) <= set(card_colours):
            raise ValueError(f"{where}: house colours of quadrant {quadrant} are not card colours")
        houses.append(tuple(str(c) for c in colours))
    return tuple(houses)
