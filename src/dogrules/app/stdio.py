"""``dogrules serve --stdio``: the protocol as JSON lines, one request per line on standard
input, one answer per line on standard output, in order, until the input ends."""

from __future__ import annotations

from typing import BinaryIO

from dogrules.protocol import Context, encode, handle_text
from dogrules.protocol.errors import ErrorCode, Failure

__all__ = ["serve_lines"]

# A line longer than the limit is skipped in pieces of this size, never held whole.
_CHUNK = 1 << 16


def serve_lines(source: BinaryIO, sink: BinaryIO, context: Context) -> int:
    """Answer every line of ``source`` on ``sink`` (flushed after each answer, so a client
    may wait for it) until ``source`` ends; the number of requests answered. Blank lines are
    skipped; a line longer than ``context.max_request_bytes`` is read to its end and
    answered ``too_large``; whatever a line holds, it gets one answer and the loop goes on."""
    answered = 0
    limit = context.max_request_bytes
    while True:
        line = source.readline(limit + 1)
        if not line:
            return answered
        if len(line) > limit and not line.endswith(b"\n"):
            size = len(line) + _skip_line(source)
            answer = Failure(
                ErrorCode.TOO_LARGE, f"request line of {size} bytes; at most {limit} are read"
            ).answer(None)
        else:
            text = line.rstrip(b"\r\n")
            if not text.strip():
                continue
            answer = handle_text(text, context)
        sink.write(encode(answer).encode("utf-8") + b"\n")
        sink.flush()
        answered += 1


def _skip_line(source: BinaryIO) -> int:
    """Read the rest of an over-long line; how many bytes it had."""
    skipped = 0
    while True:
        piece = source.readline(_CHUNK)
        skipped += len(piece)
        if not piece or piece.endswith(b"\n"):
            return skipped
