"""Another engine behind the stdio protocol, as a driver talks to it: one request line out,
one answer line back within a timeout. The engine may crash, hang or answer garbage; each is
an :class:`EngineFault` (the process is then restarted for the next request), never an
exception the driver does not expect.
"""

from __future__ import annotations

import contextlib
import enum
import json
import queue
import subprocess
import tempfile
import threading
from collections.abc import Mapping, Sequence
from typing import IO

from dogrules.model.jsonvalue import JSONValue

__all__ = ["EngineFault", "EngineProcess", "Fault"]

Answer = dict[str, JSONValue]


# Seconds a stopped engine is given to end by itself once its input is closed.
STOP_GRACE = 1.0


class Fault(enum.StrEnum):
    """How an engine failed to answer a request."""

    CRASHED = "crashed"
    HUNG = "hung"
    GARBAGE = "answered garbage"
    ERROR = "answered an error"


class EngineFault(Exception):
    """The engine did not answer a request usefully: ``fault`` says how, ``detail`` what
    was seen (an error answer keeps its ``code``)."""

    def __init__(self, fault: Fault, op: str, detail: str, code: str | None = None) -> None:
        super().__init__(f"{op}: the engine {fault}: {detail}")
        self.fault = fault
        self.op = op
        self.detail = detail
        self.code = code


class EngineProcess:
    """A running engine (``argv``), started on first use and again after a fault."""

    def __init__(self, argv: Sequence[str], timeout: float) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.requests = 0
        self.restarts = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: IO[bytes] | None = None

    def start(self) -> None:
        """Start the engine; OSError (e.g. FileNotFoundError) when it cannot be run."""
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed by stop()
        self._process = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr
        )
        self._lines = queue.Queue()
        stdout = self._process.stdout
        assert stdout is not None
        threading.Thread(target=_pump, args=(stdout, self._lines), daemon=True).start()

    def request(self, op: str, **fields: JSONValue) -> Answer:
        """The answer to ``{"id", "op", **fields}``; EngineFault when there is none worth
        the name, or when it is an error answer (its ``code`` kept)."""
        if self._process is None:
            self.start()
        process = self._process
        assert process is not None and process.stdin is not None
        self.requests += 1
        number = self.requests
        line = json.dumps({"id": number, "op": op, **fields}, separators=(",", ":"))
        try:
            process.stdin.write(line.encode("utf-8") + b"\n")
            process.stdin.flush()
        except OSError:
            raise self._fault(Fault.CRASHED, op, "its input closed") from None
        try:
            raw = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fault(Fault.HUNG, op, f"no answer within {self.timeout:g} s") from None
        if raw is None:
            raise self._fault(Fault.CRASHED, op, self._exit_detail())
        return self._read(op, number, raw)

    def _read(self, op: str, number: int, raw: bytes) -> Answer:
        try:
            answer = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise self._fault(Fault.GARBAGE, op, f"not JSON: {_clip(raw)}") from None
        if not isinstance(answer, dict):
            raise self._fault(Fault.GARBAGE, op, f"not a JSON object: {_clip(raw)}")
        if answer.get("id") != number:
            raise self._fault(
                Fault.GARBAGE, op, f"answer id {answer.get('id')!r}, expected {number}"
            )
        error = answer.get("error")
        if error is not None:
            code = error.get("code") if isinstance(error, dict) else None
            message = error.get("message") if isinstance(error, dict) else error
            raise EngineFault(Fault.ERROR, op, f"{code}: {message}", str(code))
        return answer

    def _fault(self, fault: Fault, op: str, detail: str) -> EngineFault:
        """The fault, after stopping the process (the next request starts a new one): a hung
        engine is killed at once, for it has had its ``timeout`` to answer already."""
        self.stop(grace=0 if fault == Fault.HUNG else None)
        self.restarts += 1
        return EngineFault(fault, op, detail)

    def _exit_detail(self) -> str:
        process = self._process
        try:
            code = None if process is None else process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        tail = ""
        if self._stderr is not None:
            self._stderr.seek(0)
            lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
            tail = f"; last line of its standard error: {lines[-1][:200]}" if lines else ""
        return f"its output ended (exit code {code}){tail}"

    def stop(self, grace: float | None = None) -> None:
        """Stop the engine: close its input, give it ``grace`` seconds to end (by default
        ``STOP_GRACE``), then kill it (at once when ``grace`` is 0)."""
        if grace is None:
            grace = STOP_GRACE
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass  # it already went away
        if grace > 0:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=grace)
        if process.poll() is None:
            process.kill()
            process.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _pump(stdout: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Move each line the engine writes into ``lines``; None when its output ends."""
    for line in iter(stdout.readline, b""):
        lines.put(line.rstrip(b"\r\n"))
    lines.put(None)


def _clip(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace")
    return repr(text if len(text) <= 80 else text[:80] + "...")


def state_of(answer: Mapping[str, JSONValue], op: str) -> dict[str, JSONValue]:
    """The ``state`` object of an answer; EngineFault (garbage) when it has none."""
    state = answer.get("state")
    if not isinstance(state, dict):
        raise EngineFault(Fault.GARBAGE, op, "the answer has no state object")
    return state
