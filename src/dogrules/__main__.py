"""``python -m dogrules``: the same command line as the ``dogrules`` script."""

from dogrules.app.cli import main

if __name__ == "__main__":
    main()
