"""The applications on top of the engine: the ``dogrules`` command (:mod:`.cli`), its
built-in bots (:mod:`.bots`), a person at the terminal (:mod:`.human`) and the narration of
a game (:mod:`.narrate`)."""
