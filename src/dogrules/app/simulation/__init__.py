"""``dogrules simulate`` and ``dogrules tournament``: many games between bots, played on
local processes or a Ray cluster, written as they finish, and summed up in a report."""
