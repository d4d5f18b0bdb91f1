"""The bots a table may seat (built in, :mod:`dogrules.app.bots`, or an installed plug-in:
never a ``module:Class`` a request names), as the web table's setup offers them
(``GET /table/bots``, :mod:`dogrules.app.web_table`).

>>> bot_names()[:2], DEFAULT_BOT
(['random', 'greedy'], 'greedy')
"""

from __future__ import annotations

from dogrules.app.plugins import bot_names as installed_bots
from dogrules.model.jsonvalue import JSONValue

__all__ = ["DEFAULT_BOT", "bot_names"]

DEFAULT_BOT = "greedy"


def bot_names() -> list[JSONValue]:
    """The names of the bots a request may ask for: built in first, then installed plug-ins."""
    return list(installed_bots())
