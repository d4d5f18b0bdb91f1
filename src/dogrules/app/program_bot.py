"""Bots that are programs in any language, as chess has UCI engines: ``program:COMMAND`` names
one wherever a bot is named (``simulate --bots``, ``tournament``, ``play``). The program is
started once per game and seat, and speaks JSON lines on its standard input and output:

* dogrules writes ``{"id": 1, "op": "move", "seat": 2, "seed": 7, "view": {...}, "actions":
  ["5 T5-T10", ...]}``: the seat's observation (``observe``, only what that seat may see) and
  the legal actions in notation;
* the program answers ``{"id": 1, "action": "5 T5-T10"}``: one of those actions (its notation,
  or the structured action of the protocol), within :data:`MOVE_TIMEOUT` seconds.

A program that ends, answers late, answers something that is not JSON or an action that is
not legal is reported in one line (:class:`~dogrules.app.bots.BotError`) naming the program,
the seat and what it did; the program is ended with its game.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import tempfile
import time
import weakref
from typing import IO

from dogrules.app.bots import BotError, Seen, Turn
from dogrules.model.actions import Action

__all__ = ["MOVE_TIMEOUT", "PREFIX", "ProgramBot"]

PREFIX = "program:"
MOVE_TIMEOUT = 10.0
"""Seconds a program may take to answer one move."""
_LINE = 1 << 20
# What the wait for a line gives when the time ran out (a line itself never holds a newline).
_LATE = b"\n"


class ProgramBot:
    """A bot played by the program ``command`` (see the module docstring), seeded ``seed``."""

    observes = False

    def __init__(self, command: str, seed: int, timeout: float = MOVE_TIMEOUT) -> None:
        words = shlex.split(command)
        if not words:
            raise BotError("program: the command is empty (program:COMMAND)")
        self.name = f"{PREFIX}{command}"
        self.seed = seed
        self.timeout = timeout
        self._asked = 0
        self._pending = b""  # what the program wrote after the line last read
        # Its standard error goes to a file, read when it ends: a pipe nobody reads would
        # stop a program that writes much there.
        self._errors = tempfile.TemporaryFile()  # noqa: SIM115 - closed when the program ends
        try:
            self._process = subprocess.Popen(
                words, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._errors
            )
        except OSError as exc:
            self._errors.close()
            raise BotError(f"bot {self.name!r} cannot be started: {exc.strerror}") from None
        weakref.finalize(self, _end, self._process, self._errors)

    def observe(self, seen: Seen) -> None:
        """Nothing: the program sees the seat's observation with each move it is asked."""

    def choose(self, turn: Turn) -> Action:
        self._asked += 1
        by_notation = {str(action): action for action in turn.actions}
        request = {
            "id": self._asked,
            "op": "move",
            "seat": turn.seat,
            "seed": self.seed,
            "view": turn.observation,
            "actions": list(by_notation),
        }
        text = self._ask(json.dumps(request, ensure_ascii=False), turn.seat)
        try:
            answer = json.loads(text)
        except ValueError:
            raise self._broke(turn.seat, f"answered {text[:60]!r}, not JSON") from None
        given = answer.get("action") if isinstance(answer, dict) else None
        notation = given.get("notation") if isinstance(given, dict) else given
        if not isinstance(notation, str) or notation not in by_notation:
            what = f"action {notation[:60]!r}" if isinstance(notation, str) else repr(text[:60])
            raise self._broke(turn.seat, f"answered {what}, not a legal action")
        return by_notation[notation]

    def _ask(self, line: str, seat: int) -> str:
        """The program's answer line to ``line``."""
        process = self._process
        stdin, stdout = process.stdin, process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(line.encode("utf-8") + b"\n")
            stdin.flush()
        except OSError:
            raise self._broke(seat, self._ended()) from None
        text = self._read_line(stdout)
        if text is _LATE:
            raise self._broke(seat, f"did not answer within {self.timeout:g} s")
        if text is None:
            raise self._broke(seat, self._ended())
        return text.decode("utf-8", "replace")

    def _read_line(self, stream: IO[bytes]) -> bytes | None:
        """The program's next line: None when it ended without one, :data:`_LATE` when none
        came within the timeout."""
        deadline = time.monotonic() + self.timeout
        received = self._pending
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            while b"\n" not in received and len(received) < _LINE:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return _LATE
                piece = os.read(stream.fileno(), _LINE)
                if not piece:
                    return None
                received += piece
        line, _, self._pending = received.partition(b"\n")
        return line

    def _ended(self) -> str:
        try:
            code: int | str = self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = "none: it closed its output but went on running"
        self._errors.seek(0)
        said = self._errors.read().decode("utf-8", "replace").strip().splitlines()
        return f"ended (exit code {code})" + (f": {said[-1][:120]}" if said else "")

    def _broke(self, seat: int, what: str) -> BotError:
        _end(self._process, self._errors)
        return BotError(f"bot {self.name!r} at seat {seat} {what}")


def _end(process: subprocess.Popen[bytes], errors: IO[bytes]) -> None:
    if process.poll() is None:
        process.kill()
    process.wait()
    for stream in (process.stdin, process.stdout, errors):
        if stream is not None:
            stream.close()
