"""Engines that fail in the ways tests/test_conform.py checks ``dogrules conform`` survives:
``python misbehaving.py crash|hang|garbage``. Each answers ``hello`` like the reference, then
crashes (exit 3, a message on standard error), hangs, or answers a line that is not JSON."""

from __future__ import annotations

import json
import sys
import time

from dogrules.protocol import Context, handle

HOW = sys.argv[1]


def main() -> None:
    context = Context()
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") != "hello":
            if HOW == "crash":
                sys.stderr.write("segmentation fault (pretended)\n")
                sys.exit(3)
            if HOW == "hang":
                time.sleep(3600)
            if HOW == "garbage":
                sys.stdout.write("<html>oops</html>\n")
                sys.stdout.flush()
                continue
        sys.stdout.write(json.dumps(handle(request, context)) + "\n")
        sys.stdout.flush()


main()
