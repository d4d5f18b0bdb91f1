"""A scratch copy of the pieces on the board, used while one action is worked out.

Rule functions read and change a :class:`Table`; when it records, every change is also
written down as an :class:`~dogrules.model.events.Event`. A table never escapes the module that
made it: the new :class:`~dogrules.model.state.State` is built from it once, at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dogrules.data.register import implements
from dogrules.engine.memo import Memo
from dogrules.geometry.board import HOME, Board
from dogrules.model.events import Event, EventKind
from dogrules.model.state import State


def compiled() -> bool:
    """Whether this process runs the compiled engine (``tools/build_compiled.py``): this
    module is one of those the build compiles, and a compiled module is no ``.py`` file."""
    return not __file__.endswith(".py")


# Events recorded as the facts they are written from: a writer and the facts, plain values;
# ``write(*facts, board)`` writes the events (labels, paths) when they are read.
Told = tuple[Callable[..., tuple[Event, ...]], tuple[object, ...]]
# What a scratch table records of an action: its events, or the facts to write them from.
Record = Event | Told
# How a game cites the clauses a shared rule names (``GameRules.cite``).
Cite = Callable[[tuple[str, ...]], tuple[str, ...]]


def written(
    board: Board | None, records: Sequence[Record], cite: Cite | None = None
) -> tuple[Event, ...]:
    """The events of ``records``, in order, citing their clauses by ``cite`` (``board``: the
    board they happened on; None only when every record is an event already)."""
    events: list[Event] = []
    for record in records:
        if isinstance(record, Event):
            events.append(record)
        else:
            assert board is not None, "facts are written on the board they happened on"
            write, facts = record
            events += write(*facts, board)
    if cite is None:
        return tuple(events)
    cited: list[Event] = []
    for event in events:
        clauses = cite(event.clauses)
        cited.append(event if clauses is event.clauses else event._replace(clauses=clauses))
    return tuple(cited)


def moved(
    owner: int,
    origin: int,
    target: int,
    path: Callable[[Board, int, int, int], Sequence[int]],
    clauses: tuple[str, ...],
    finish_clauses: tuple[str, ...],
    entered_goal: bool,
    board: Board,
) -> tuple[Event, ...]:
    """A piece of ``owner`` moved from ``origin`` to ``target`` along ``path(board, owner,
    origin, target)``, and finished if it entered its goal from the track (``entered_goal``,
    as :meth:`Table.move_off` found it)."""
    fields = path(board, owner, origin, target)
    label = board.label
    move = Event(
        EventKind.MOVED,
        clauses,
        piece=owner,
        src=label(origin),
        dst=label(target),
        path=tuple(map(label, fields)),
        count=len(fields),
    )
    if entered_goal:
        return move, Event(EventKind.FINISHED, finish_clauses, piece=owner, dst=label(target))
    return (move,)


def located(
    kind: EventKind,
    clauses: tuple[str, ...],
    src: int | None,
    dst: int | None,
    seat: int | None,
    piece: int | None,
    board: Board,
) -> tuple[Event, ...]:
    """One event of ``kind`` whose locations ``src`` and ``dst`` (None: none named) are
    written as ``board`` labels them."""
    label = board.label
    return (
        Event(
            kind,
            clauses,
            seat,
            piece,
            None if src is None else label(src),
            None if dst is None else label(dst),
        ),
    )


class Table:
    """Where every piece stands: ``occupant`` maps a location to the seat owning the piece."""

    __slots__ = (
        "board",
        "captures",
        "dog",
        "events",
        "finished",
        "home",
        "landed",
        "memo",
        "occupant",
    )

    def __init__(
        self,
        board: Board,
        occupant: dict[int, int],
        home: list[int],
        dog: int | None,
        events: list[Record] | None,
        memo: Memo | None = None,
        landed: dict[int, None] | None = None,
        captures: list[int] | None = None,
        finished: list[int] | None = None,
    ) -> None:
        self.board = board
        self.occupant = occupant
        self.home = home
        self.dog = dog
        self.events = events
        # Locations where a piece the actor moved ended its last movement, in the order they
        # were reached (the disc turn R-B5, the 007 summons R-A4).
        self.landed: dict[int, None] = {} if landed is None else landed
        # Owners of the pieces captured so far, in order.
        self.captures: list[int] = [] if captures is None else captures
        # Owners of the pieces that entered their finish so far, in order (R-C13).
        self.finished: list[int] = [] if finished is None else finished
        # Where the pieces of the state this table is made into are remembered (see
        # :meth:`describe`); None for a table tried out on and thrown away.
        self.memo = memo

    @staticmethod
    def of(board: Board, state: State, record: bool = False, memo: Memo | None = None) -> Table:
        """The pieces of ``state`` (recording events when told to); ``memo`` remembers the
        pieces of the latest state read or described, so that reading it again is a copy."""
        # Built as ``Table(...)``, which the compiled engine calls natively (``cls(...)`` of a
        # class method it calls as it would any Python object).
        events: list[Record] | None = [] if record else None
        kept = None if memo is None else memo.pieces(state)
        if kept is not None:
            occupant, home, dog = kept
            return Table(board, occupant.copy(), list(home), dog, events, memo)
        occupant = {}
        homes = [0] * state.players
        for seat, locations in enumerate(state.pieces):
            for location in locations:
                if location == HOME:
                    homes[seat] += 1
                else:
                    occupant[location] = seat
        dog = state.black_dog
        if memo is not None:
            memo.keep_pieces(state, (occupant.copy(), tuple(homes), dog))
        return Table(board, occupant, homes, dog, events, memo)

    def describe(self, state: State, dog: int | None) -> None:
        """Remember this table as the pieces of ``state``, built from it (``dog``: the state's
        Black Dog): the next :meth:`of` that state copies them instead of reading the state
        (a playout lists every state an action has just built). No rule reads the board in
        the order of its entries, which may differ from a read of the state's. The table is
        done with once its state is built: its occupants are kept as they are, not copied."""
        if self.memo is not None:
            self.memo.keep_pieces(state, (self.occupant, tuple(self.home), dog))

    def clone(self) -> Table:
        """A copy that records nothing (to try a play out)."""
        return Table(
            self.board,
            self.occupant.copy(),
            self.home.copy(),
            self.dog,
            None,
            None,
            self.landed.copy(),
            self.captures.copy(),
            self.finished.copy(),
        )

    def record(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    def tell(self, write: Callable[..., tuple[Event, ...]], *facts: object) -> None:
        """Record the events ``write(*facts, board)`` writes when they are read."""
        if self.events is not None:
            self.events.append((write, facts))

    def tell_located(
        self,
        kind: EventKind,
        clauses: tuple[str, ...],
        src: int | None,
        dst: int | None,
        seat: int | None = None,
        piece: int | None = None,
    ) -> None:
        """Record an event at locations ``src`` and ``dst`` (see :func:`located`), their labels
        written when the events are read."""
        if self.events is not None:
            self.events.append((located, (kind, clauses, src, dst, seat, piece)))

    def move_off(
        self,
        owner: int,
        origin: int,
        target: int,
        path: Callable[[Board, int, int, int], Sequence[int]],
        clauses: tuple[str, ...],
        finish_clauses: tuple[str, ...],
    ) -> None:
        """A piece of ``owner`` leaves ``origin`` for ``target`` along ``path(board, owner,
        origin, target)`` (every field stepped on, worked out when the events are read):
        told as a move, and as a finish when it enters its goal from the track. Where it
        lands is the caller's rule."""
        del self.occupant[origin]
        self.landed.pop(origin, None)
        board = self.board
        entering_goal = target >= board.track > origin
        if entering_goal:
            self.finished.append(owner)
        if self.events is not None:
            told = (owner, origin, target, path, clauses, finish_clauses, entering_goal)
            self.events.append((moved, told))

    def pieces(self) -> tuple[tuple[int, ...], ...]:
        """The per-seat sorted locations, as a state holds them."""
        per_seat: list[list[int]] = [[HOME] * count for count in self.home]
        occupant = self.occupant
        # One sort of the locations: each seat's list is built in order.
        for location in sorted(occupant):
            per_seat[occupant[location]].append(location)
        return tuple(map(tuple, per_seat))

    def on_track(self, seat: int) -> list[int]:
        return [
            loc for loc, owner in self.occupant.items() if owner == seat and loc < self.board.track
        ]

    def on_board(self, seat: int) -> list[int]:
        return [loc for loc, owner in self.occupant.items() if owner == seat]

    def seats_done(self) -> list[bool]:
        """For each seat, whether every piece of it that can finish stands in its finish
        (one pass over the board, for the win check that asks about every seat)."""
        board = self.board
        track = board.track
        in_lane = [0] * board.players
        for location, owner in self.occupant.items():
            if location >= track:
                in_lane[owner] += 1
        return [board.finish_full(count) for count in in_lane]

    def all_in_finish(self, seat: int) -> bool:
        """Whether every piece of ``seat`` that can finish stands in its finish."""
        # A piece only ever enters the finish of its own colour (R-C6), so the seat's pieces
        # in a finish are the ones in its own: a few look-ups, not a pass over the board.
        board = self.board
        occupant = self.occupant
        finish = board.finish
        first = board.lane(seat, 1)
        # The count ends at the first field too many without the seat's piece: the fields a
        # finished seat leaves empty (none unless it has fewer pieces than its finish has
        # fields). Most listings ask about a seat whose F1 is empty.
        spare = finish - board.pieces_to_finish()
        for location in range(first, first + finish):
            if location not in occupant or occupant[location] != seat:
                if not spare:
                    return False
                spare -= 1
        return True

    @implements("BD-CAPTURE", "BD-2P3P-FIFTH", "R-B9")
    def send_home(self, location: int, clauses: tuple[str, ...]) -> int:
        """Capture the piece on ``location``: it goes back to its owner's home, which holds
        any number of pieces (so a 2/3-player seat's 5th piece simply waits there too)."""
        owner = self.occupant.pop(location)
        self.home[owner] += 1
        self.landed.pop(location, None)
        self.captures.append(owner)
        self.tell_located(EventKind.CAPTURED, clauses, location, None, owner, owner)
        return owner
