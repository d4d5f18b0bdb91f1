"""The measuring child of ``worst_case.py``: ``legal_actions`` timed (CPU time, the engine's
listing cache cleared before each call) and its peak memory (tracemalloc), on the positions a
job names, with whatever dogrules PYTHONPATH finds first."""

from __future__ import annotations

import gc
import time
import tracemalloc
from typing import Any

MIB = 1024 * 1024

Json = dict[str, Any]


def clear_listing_cache(variant: Any, state: Any) -> None:
    """Forget the listings kept (the game's memo; a module cache in engines before it)."""
    from dogrules.engine import judge

    listed = getattr(judge, "_listed", None)
    if listed is not None:
        listed.cache_clear()
    else:
        variant.game(state.players).memo.clear()


def timed_call(variant: Any, state: Any) -> tuple[int, float]:
    """(action count, CPU seconds) of one ``legal_actions`` call with the cache cleared."""
    clear_listing_cache(variant, state)
    start = time.process_time()
    actions = variant.legal_actions(state)
    took = time.process_time() - start
    clear_listing_cache(variant, state)
    return len(actions), took


def peak_mib(variant: Any, state: Any) -> float:
    """Peak memory of one ``legal_actions`` call above what was held before it (MiB)."""
    clear_listing_cache(variant, state)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        variant.legal_actions(state)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        clear_listing_cache(variant, state)
    return (peak - base) / MIB


def measure_job(job: Json) -> Json:
    """Each given position: its action count, the CPU seconds of each timed call and (if
    ``job["memory"]``) the peak MiB of one more call."""
    import dogrules

    results: list[Json] = []
    for data in job["positions"]:
        try:
            state = dogrules.load(data)
            variant = dogrules.variant(state.variant)
            gc.collect()
            count, first = timed_call(variant, state)
            times = [first]
            if first <= job["single_over"]:
                for _ in range(job["repeats"] - 1):
                    gc.collect()
                    times.append(timed_call(variant, state)[1])
            mib = peak_mib(variant, state) if job["memory"] else None
        except Exception as exc:  # an engine that cannot read or list it: say so, go on
            results.append({"error": f"{type(exc).__name__}: {exc}"[:200]})
            continue
        results.append({"actions": count, "times": times, "mib": mib})
    return {"results": results}
