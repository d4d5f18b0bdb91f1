"""The one report every benchmark makes: medians per engine and their ratio (``cli.show``
prints them as a table), and the same figures, every sample too, as JSON (``--json``)."""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Json = dict[str, Any]

# The engine measured and the one it is compared with, in the order of the columns.
ROLES = ("against", "this")


@dataclass(frozen=True)
class Metric:
    """What a benchmark measures: its unit, and whether more of it is faster."""

    unit: str
    higher_is_better: bool


@dataclass(frozen=True)
class Row:
    """One line of a report: each engine's samples (by role) and further columns."""

    label: str
    samples: Mapping[str, list[float]]
    extra: Mapping[str, str] = field(default_factory=dict)

    def median(self, role: str) -> float | None:
        values = self.samples.get(role)
        return statistics.median(values) if values else None


@dataclass(frozen=True)
class Report:
    """A benchmark's figures: one metric, a row per table (or operation, worker count...)."""

    benchmark: str
    title: str
    metric: Metric
    engines: Mapping[str, str]
    settings: Mapping[str, object]
    rows: list[Row]
    label: str = "table"

    def speed_up(self, row: Row) -> float | None:
        """How many times faster ``this`` is than ``against`` on ``row`` (None alone)."""
        this, against = row.median("this"), row.median("against")
        if this is None or against is None or this == 0 or against == 0:
            return None
        return this / against if self.metric.higher_is_better else against / this

    def as_json(self) -> Json:
        """Everything printed, and every sample the medians were taken of."""
        rows: list[Json] = []
        for row in self.rows:
            entry: Json = {"label": row.label}
            for role in ROLES:
                if role in row.samples:
                    entry[role] = {"median": row.median(role), "samples": row.samples[role]}
            entry["speed_up"] = self.speed_up(row)
            entry["extra"] = dict(row.extra)
            rows.append(entry)
        return {
            "benchmark": self.benchmark,
            "title": self.title,
            "unit": self.metric.unit,
            "higher_is_better": self.metric.higher_is_better,
            "engines": dict(self.engines),
            "settings": dict(self.settings),
            "rows": rows,
        }

    def write_json(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.as_json(), indent=1) + "\n", encoding="utf-8")
