"""What the engine reads and writes besides positions: game records (:mod:`.records`),
making and replaying them against the installed rules (:mod:`.replay`), the JSON Schemas
of records and positions (:mod:`.schemas`, data in ``schemas/``) and the validation of a
file of either kind (:mod:`.validation`)."""
