"""The shape of JSON data the library reads and writes."""

from __future__ import annotations

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]
