"""Finding bots by name: the built-in ones, those other packages declare under the entry
point group ``dogrules.bots``, and any ``module:Class`` importable here.

A bot is made by calling what the name points at with one argument, the seed of its seat in
the game (an int); what it returns must have ``name``, ``observe`` and ``choose`` (the
:class:`~dogrules.app.bots.Bot` protocol)."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from dogrules.app.bots import BUILT_IN, Bot, BotError, BotFactory
from dogrules.app.program_bot import PREFIX, ProgramBot

GROUP = "dogrules.bots"


def bot_names() -> list[str]:
    """The names a bot may be given by: built-in first, then the installed entry points."""
    names = list(BUILT_IN)
    names += sorted(ep.name for ep in entry_points(group=GROUP) if ep.name not in BUILT_IN)
    return names


def load_bot(spec: str) -> BotFactory:
    """What makes the bot ``spec`` names (a built-in name, an entry point name,
    ``program:COMMAND`` (:mod:`dogrules.app.program_bot`) or ``module:Class``); BotError naming
    the problem in one line otherwise."""
    spec = spec.strip()
    if spec in BUILT_IN:
        return BUILT_IN[spec]
    if spec.startswith(PREFIX):
        command = spec.removeprefix(PREFIX)
        return lambda seed: ProgramBot(command, seed)
    if ":" in spec:
        return _import(spec)
    for entry in entry_points(group=GROUP, name=spec):
        try:
            loaded = entry.load()
        except Exception as exc:  # a plug-in's own import error: reported, never a traceback
            raise BotError(f"bot {spec!r} ({entry.value}) cannot be loaded: {exc}") from None
        return _factory(spec, loaded)
    raise BotError(f"unknown bot {spec!r}; bots: {', '.join(bot_names())}, or module:Class")


def make_bot(spec: str, seed: int) -> Bot:
    """A new bot of ``spec`` seeded with ``seed``; BotError if it cannot be made or lacks
    ``name``, ``observe`` or ``choose``."""
    factory = load_bot(spec)
    try:
        bot = factory(seed)
    except Exception as exc:  # the plug-in's constructor failed: say so in one line
        raise BotError(f"bot {spec!r} cannot be made with seed {seed}: {exc}") from None
    missing = [m for m in ("observe", "choose") if not callable(getattr(bot, m, None))]
    if missing or not isinstance(getattr(bot, "name", None), str):
        lacks = ", ".join(missing) if missing else "a str name"
        raise BotError(f"bot {spec!r} is not a Bot: it lacks {lacks}")
    return bot


def _import(spec: str) -> BotFactory:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise BotError(f"bot {spec!r}: expected module:Class")
    try:
        target: object = importlib.import_module(module_name)
    except Exception as exc:  # ImportError, or the module failing as it loads
        raise BotError(f"bot {spec!r}: cannot import {module_name!r}: {exc}") from None
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise BotError(f"bot {spec!r}: module {module_name!r} has no {attribute!r}")
        target = getattr(target, part)
    return _factory(spec, target)


def _factory(spec: str, target: object) -> BotFactory:
    if not callable(target):
        raise BotError(f"bot {spec!r} is not a class or function")

    def factory(seed: int) -> Bot:
        bot: Bot = target(seed)
        return bot

    return factory
