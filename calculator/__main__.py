"""``python -m calculator``: the command line (calculator/cli/)."""

import sys

from calculator.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
