"""The illustrated rulebook: ``dogrules book OUTDIR`` writes a static website with one page
per variant (every clause with its locator, rulings, code, tests and pictures)."""
