"""The progress bar of a simulation (rich, part of the optional extra ``dogrules[simulate]``),
drawn on standard error so the results on standard output stay clean."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from dogrules.model.extras import missing_extra

try:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("simulate", "dogrules.app.simulation.progress", exc) from exc


@contextmanager
def progress_bar(total: int, description: str) -> Iterator[Callable[[int], None]]:
    """A bar of ``total`` games; the function it yields sets how many are done."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)

        def advance(done: int) -> None:
            bar.update(task, completed=done)

        yield advance
