"""The floor signs' state, pushed (casino.common.push): each writer of what a sign shows
says so here, and once its transaction commits every sign of that meter is sent it.

A round's feed (the floor's hot path, 50 a second at a group's peak) sends what it knows,
the meter's new amount and the id of its ledger entry, with no read and no lock: the
feed's UPDATE holds the meter's row to the commit, so entries of one meter are written in
commit order, and a screen keeps the state with the highest entry (push.stream). Anything
else (an award, a reset, an approval taking PENDING off: a few a day) has the state read
afresh after its commit, with the last entry's id, since a round knows nothing of an award
awaiting approval. (A first design read the state after every round under a lock per
meter: the floor bench's profile found 19% of the web workers' CPU there, and 33 ms a
round waiting on that lock; docs/benchmarks.md.)
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from django.db import DatabaseError, close_old_connections, transaction

from casino.common import push
from payouts.jackpots import selectors

logger = logging.getLogger(__name__)


def topic(progressive_id: int) -> str:
    return f"sign:{progressive_id}"


class _Tell:
    """What one transaction has to tell one meter's signs once it commits: the amount a
    round's feed left on the meter (known: nothing to read), or, where anything else
    changed (an award, a reset, PENDING), the state read afresh after the commit. A class,
    not a partial: Django names the callable if it fails."""

    def __init__(self, progressive_id: int):
        self.sign_of, self.amount, self.version, self.read = progressive_id, None, 0, False

    def __call__(self) -> None:
        _announce(self)


def _tell(progressive_id: int) -> _Tell:
    """This transaction's hook for the meter, made (and registered) once."""
    for hook in transaction.get_connection().run_on_commit:
        if getattr(hook[1], "sign_of", None) == progressive_id:
            return hook[1]
    tell = _Tell(progressive_id)
    transaction.on_commit(tell, robust=True)  # robust: the round stays recorded
    return tell


def moved(progressive_id: int, amount, version: int) -> None:
    """A round's feed moved the meter to ``amount`` with its ledger entry ``version``:
    the signs are sent that much after the commit, with no read and no lock (the floor's
    hot path). The entry's id orders the states: the feed's UPDATE holds the meter's row
    to the commit, so a later entry is a later state; a screen never goes back to an
    older one (casino.common.push.stream)."""
    tell = _tell(progressive_id)
    if version > tell.version:
        tell.amount, tell.version = f"{amount:.2f}", version


def changed(progressive_id: int) -> None:
    """Something besides a feed changed what the meter's signs show (an award, a reset,
    an approval taking PENDING off): its state is read afresh once the transaction
    commits, once however many writes of it called this."""
    _tell(progressive_id).read = True


def _announce(tell: _Tell) -> None:
    if not push.ready():
        return  # no Redis (the demo) or it just refused: the signs read for themselves
    try:
        if tell.read:
            state = selectors.sign_state_fresh(tell.sign_of)
        else:
            state = {"amount": tell.amount, "version": tell.version, "partial": True}
            selectors.sign_moved(tell.sign_of, state)
        if state is not None:
            push.send(topic(tell.sign_of), state)
    except DatabaseError as exc:
        # The round is committed; the database went away just after (the cluster drill's
        # PgBouncer restart). The next change tells the signs, and a stream that lost
        # its subscription reads for itself meanwhile.
        logger.warning("sign %s not told: %s", tell.sign_of, str(exc).splitlines()[0])


# The streams' reads, in this process: one at a time per meter, shared by every stream
# that asks meanwhile (500 signs told to look cost one read, not 500).
_reading: dict[int, asyncio.Future] = {}


async def current(progressive_id: int) -> dict | None:
    running = _reading.get(progressive_id)
    if running is None or running.get_loop() is not asyncio.get_running_loop():
        running = asyncio.ensure_future(_read(progressive_id))
        _reading[progressive_id] = running
        running.add_done_callback(lambda done: _reading.pop(progressive_id, None)
                                  if _reading.get(progressive_id) is done else None)
    # shielded: a sign that leaves does not cancel the read the others wait for
    return await asyncio.shield(running)


@sync_to_async(thread_sensitive=False)
def _read(progressive_id: int) -> dict | None:
    """On a thread of the loop's small pool, not the stream's request thread: the streams'
    reads share a few database connections, whatever the number of signs."""
    close_old_connections()
    try:
        return selectors.sign_state(progressive_id)
    finally:
        close_old_connections()
