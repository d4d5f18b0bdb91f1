"""The applications on top of the engine: the ``dogrules`` command (:mod:`.cli`), the bot
protocol and built-in bots (:mod:`.bots`), bots from other packages (:mod:`.plugins`), a
person at the terminal (:mod:`.human`), the narration of a game (:mod:`.narrate`) and many
games at once (:mod:`.simulation`: simulate, tournament, the invariant sweep's workers)."""
