"""The report drawn as PNG files with matplotlib (the optional extra ``dogrules[simulate]``),
on the Agg backend: no display is needed."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from dogrules.model.extras import missing_extra

try:
    import matplotlib

    matplotlib.use("Agg")  # before pyplot: files only, never a window

    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra("simulate", "dogrules.app.simulation.plots", exc) from exc

from dogrules.formats.files import write_tree
from dogrules.formats.states import JSONValue


def draw_report(report: Mapping[str, JSONValue], folder: Path) -> list[Path]:
    """``wins.png``, ``lengths.png`` and ``cards.png`` in ``folder``; the files written."""
    table = _mapping(report["table"])
    title = f"{table['variant']}, {table['players']} players, {report['games']} games"
    images: dict[str, bytes] = {}
    for name, draw in (("wins.png", _wins), ("lengths.png", _lengths), ("cards.png", _cards)):
        figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
        try:
            draw(axes, report)
            axes.set_title(f"{axes.get_title()}\n{title}", fontsize=10)
            figure.tight_layout()
            image = io.BytesIO()
            figure.savefig(image, format="png")
            images[name] = image.getvalue()
        finally:
            plt.close(figure)
    return write_tree(folder, images)


def _wins(axes: Axes, report: Mapping[str, JSONValue]) -> None:
    rows = [_mapping(row) for row in _rows(report["seats"])]
    labels = [f"seat {row['seat']}\n{row['bot']}" for row in rows]
    for row in (_mapping(row) for row in _rows(report["teams"])):
        rows.append(row)
        labels.append("team " + "+".join(str(s) for s in _rows(row["seats"])))
    rates = [_number(row["rate"]) for row in rows]
    below = [rate - _number(row["low"]) for rate, row in zip(rates, rows, strict=True)]
    above = [_number(row["high"]) - rate for rate, row in zip(rates, rows, strict=True)]
    axes.bar(labels, rates, yerr=[below, above], capsize=4, color="#4c72b0")
    axes.set_ylabel("win rate (95% Wilson interval)")
    axes.set_ylim(0, 1)
    axes.set_title("Wins per seat and team")


def _lengths(axes: Axes, report: Mapping[str, JSONValue]) -> None:
    bins = [_mapping(row) for row in _rows(_mapping(report["length"])["histogram"])]
    lows = [_number(row["low"]) for row in bins]
    widths = [_number(row["high"]) - _number(row["low"]) for row in bins]
    counts = [_number(row["games"]) for row in bins]
    axes.bar(lows, counts, width=widths, align="edge", color="#55a868", edgecolor="white")
    axes.set_xlabel("actions per finished game")
    axes.set_ylabel("games")
    axes.set_title("Game length")


def _cards(axes: Axes, report: Mapping[str, JSONValue]) -> None:
    rows = [_mapping(row) for row in _rows(report["cards"])]
    names = [str(row["card"]) for row in rows]
    positions = range(len(rows))
    plays = [_number(row["share_of_plays"]) for row in rows]
    captures = [_number(row["share_of_captures"]) for row in rows]
    axes.bar([p - 0.2 for p in positions], plays, width=0.4, label="share of cards played")
    axes.bar([p + 0.2 for p in positions], captures, width=0.4, label="share of captures")
    axes.set_xticks(list(positions), names, rotation=60, fontsize=8)
    axes.legend()
    axes.set_title("Cards played and the captures they made")


def _mapping(value: JSONValue) -> Mapping[str, JSONValue]:
    if not isinstance(value, dict):
        raise TypeError("report: expected an object")
    return value


def _rows(value: JSONValue) -> Sequence[JSONValue]:
    if not isinstance(value, list):
        raise TypeError("report: expected a list")
    return value


def _number(value: JSONValue) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"report: expected a number, got {value!r}")
    return float(value)
