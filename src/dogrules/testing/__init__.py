"""Checking the engine against the manuals: traceability of clauses to code and tests
(:mod:`.trace`), the invariants every variant keeps (:mod:`.invariants` and one module per
variant) and ``dogrules check``, which runs them on random games (:mod:`.checking`, needs
the optional extra ``dogrules[check]``, i.e. Hypothesis)."""
