"""How the benchmarks print their tables: with rich when it is installed, else as aligned
plain text (columns in ``left`` are left-aligned, the others right-aligned)."""

from __future__ import annotations

import importlib
from collections.abc import Collection, Sequence


def print_table(
    title: str,
    header: Sequence[str],
    lines: Sequence[Sequence[str]],
    left: Collection[int] = (0,),
) -> None:
    """Print ``lines`` under ``header`` with ``title`` above them."""
    try:
        console_module = importlib.import_module("rich.console")
        table_module = importlib.import_module("rich.table")
    except ImportError:
        widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(header)]
        print(title)
        for line in [header, *lines]:
            texts = zip(line, widths, strict=True)
            print(
                "  ".join(
                    t.ljust(w) if i in left else t.rjust(w) for i, (t, w) in enumerate(texts)
                ).rstrip()
            )
        return
    table = table_module.Table(title=title)
    for i, heading in enumerate(header):
        table.add_column(heading, justify="left" if i in left else "right")
    for line in lines:
        table.add_row(*line)
    console_module.Console().print(table)
