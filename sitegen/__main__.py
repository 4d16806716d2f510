"""`python -m sitegen`: the same as the `sitegen` command."""

import sys

from sitegen.cli import main

# guarded, as the main module of a program whose workers are started by
# forkserver must be (sitegen.workers.fresh_context; multiprocessing's "safe
# importing of main module")
if __name__ == "__main__":
    sys.exit(main())
