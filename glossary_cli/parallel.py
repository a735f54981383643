"""Worker processes and signals for long builds (the search index of a large termbase).

A build that runs for seconds must stop cleanly whatever stops it: Ctrl-C (SIGINT), a closed
terminal (SIGHUP), ``timeout`` or a service manager (SIGTERM). :func:`terminate_raises` turns
SIGTERM and SIGHUP into ``SystemExit`` so that ``finally`` blocks remove temporary files;
:func:`start_workers` starts a pool whose workers leave those signals to the building process,
which stops them all.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists (signal 0: nothing is sent); ``True`` when that cannot
    be told (another user's process), so that its files are kept. What a stopped process
    left (a temporary file named with its pid) is removed only when this is ``False``."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's (PermissionError), or cannot tell: keep its file
    return True


@contextmanager
def handling(names: Sequence[str], handler: Any) -> Iterator[list[int]]:
    """Set ``handler`` for the signals ``names`` (those this platform has) while a block
    runs, then restore the previous handlers; yields the signals set. Only the main thread
    may set handlers (and it alone receives signals): in another thread nothing is set."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield []
        return
    signals = [getattr(signal, name) for name in names if hasattr(signal, name)]
    previous = {sig: signal.signal(sig, handler) for sig in signals}
    try:
        yield signals
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


@contextmanager
def terminate_raises() -> Iterator[None]:
    """While a build runs in the main thread, SIGTERM and SIGHUP raise ``SystemExit(128 +
    signal)`` instead of killing the process outright, so that the temporary index file is
    removed and the worker processes are stopped (``timeout``, ``kill`` and service managers
    send SIGTERM; a closed terminal sends SIGHUP)."""

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(128 + signum)

    with handling(("SIGTERM", "SIGHUP"), stop):
        yield


def start_workers(workers: int) -> Any:
    """A ``multiprocessing`` pool of ``workers`` processes, or ``None`` where none can be
    started (too many open files or processes, no ``/dev/shm``: ``OSError``).

    Workers are *spawned* (a fresh interpreter), not forked: a fork would copy this process
    mid-build, with its open index connection and its SIGTERM handler (:func:`terminate_raises`),
    and a worker killed at that moment may never exit. While they are started, Ctrl-C and a closed
    terminal (SIGINT, SIGHUP) are ignored, and a process keeps an ignored signal ignored across
    ``exec`` (POSIX; Python then installs no KeyboardInterrupt handler), so a worker still importing
    when the terminal signals the whole process group stays quiet; the building process stops it
    (:func:`glossary_cli.index._prepared_chunks`). The signals are blocked as well meanwhile, so
    that one that comes then is held back (a blocked signal is never discarded as ignored, on Linux)
    and delivered once the handlers are back, stopping the new pool.
    """
    import multiprocessing
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    blocked = None
    pool = None
    with handling(("SIGINT", "SIGHUP"), signal.SIG_IGN) as held:
        if mask and held:
            blocked = mask(signal.SIG_BLOCK, held)
            if os.name == "posix":
                # The pool's first semaphore starts multiprocessing's resource tracker (a
                # process of this group, which must ignore SIGHUP too), and it unblocks
                # SIGINT after its own start: start it now, then block again.
                from multiprocessing import resource_tracker

                resource_tracker.ensure_running()
                mask(signal.SIG_BLOCK, held)
        try:
            pool = multiprocessing.get_context("spawn").Pool(workers, initializer=worker_signals)
        except OSError:
            pass
    if mask and blocked is not None:
        try:
            mask(signal.SIG_SETMASK, blocked)  # runs the handler of a signal held back
        except BaseException:
            if pool is not None:
                pool.terminate()
                pool.join()
            raise
    return pool


def worker_signals() -> None:
    """Workers leave Ctrl-C and a closed terminal to the building process (which stops them
    all) and die at once on SIGTERM, whatever handlers they inherited."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
