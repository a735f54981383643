"""Named steps of the changes gloss makes to files, where a test can stop the process.

Every change that must be all or nothing (:func:`glossary_cli.store.write_files`,
:func:`glossary_cli.store.write_atomic`, the index's compilation and updates in
:mod:`glossary_cli.index`) calls :func:`step` between its writes. In normal use nothing
happens there; the fault tests (``tests/test_transactions.py``) set :data:`checkpoint` to a
function that kills the process at the N-th step, and check that what is on disk is the old
state or the new one, and that the next command finishes or undoes the change.
"""

from __future__ import annotations

from collections.abc import Callable

#: Called with the name of each step as it is reached; ``None`` (nothing happens) unless a
#: test sets it.
checkpoint: Callable[[str], None] | None = None


def step(name: str) -> None:
    """Reach the step ``name`` (``staged``, ``committed``, ``applied``, ``renamed``…) of a
    change: calls :data:`checkpoint` when one is set."""
    if checkpoint is not None:
        checkpoint(name)
