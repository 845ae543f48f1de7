"""``python -m scoreline``: see scoreline/cli.py."""
import sys

from .cli import main

sys.exit(main())
