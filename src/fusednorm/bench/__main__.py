"""python -m fusednorm.bench (see cli.py, or run it with --help)."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
