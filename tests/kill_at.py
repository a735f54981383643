"""Run one ``gloss`` command and kill it (SIGKILL) at the N-th step of the changes it makes to
files (:mod:`glossary_cli.faults`), as a power cut or ``kill -9`` would stop it there.

    python tests/kill_at.py N ARGS…

With N = 0 the command runs to its end, and the name of every step it reaches is written to
standard error, one ``step NAME`` line each (how many points there are to stop it at).
"""

from __future__ import annotations

import os
import signal
import sys

from glossary_cli import faults
from glossary_cli.cli import main

if __name__ == "__main__":
    stop_at = int(sys.argv[1])
    reached = 0

    def checkpoint(name: str) -> None:
        global reached
        reached += 1
        if stop_at == 0:
            print(f"step {name}", file=sys.stderr, flush=True)
        elif reached == stop_at:
            os.kill(os.getpid(), signal.SIGKILL)

    faults.checkpoint = checkpoint
    sys.argv = ["gloss", *sys.argv[2:]]
    main()
