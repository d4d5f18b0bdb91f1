"""The child interpreter of a benchmark: ``python -m benchmarks.child NAME``, run by
``engines.Child`` with the engine under test first on PYTHONPATH.

Its first line in is the collector's settings; it imports the benchmark (and so the engine),
tunes the collector as an application would after its imports, and answers with the file of
the dogrules it imported. Every further line is a job for the benchmark's ``answer``, one
JSON line out for each."""

from __future__ import annotations

import gc
import importlib
import json
import sys

import dogrules

from .harness import Benchmark


def main() -> None:
    settings = json.loads(sys.stdin.readline())
    module = importlib.import_module(f"benchmarks.{sys.argv[1].replace('-', '_')}")
    benchmark: Benchmark = module.BENCHMARK
    if settings["freeze"]:
        gc.collect()
        gc.freeze()
    if settings["threshold"] is not None:
        gc.set_threshold(int(settings["threshold"]), *gc.get_threshold()[1:])
    compiled = getattr(dogrules, "compiled", None)
    hello = {"engine": dogrules.__file__, "compiled": compiled() if compiled else None}
    reply(hello)
    for line in sys.stdin:
        reply(benchmark.answer(json.loads(line)))


def reply(answer: object) -> None:
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
