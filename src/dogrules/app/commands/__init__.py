"""The subcommands of ``dogrules``, one module per family; ``dogrules.app.cli`` gathers
them into the command group."""
