"""The floor signs' state, pushed (casino.common.push): each writer of what a sign shows
says so here (the ledger: the meter's amount; an approval: PENDING), and once its
transaction commits the sign's state is read once and sent to every sign of that meter.

Read after the commit, not made from what the writer had in hand: a round knows the
meter's new amount but not whether an award awaits approval, and two rounds committing
together would each send a state the other's makes old. Sends of one meter are taken one
at a time (an advisory lock, never the meter's row: the floor's writes do not wait for
it), each reading after its own commit, so the last state sent is the latest.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from django.db import DatabaseError, close_old_connections, connection, transaction

from casino.common import push
from payouts.jackpots import selectors

logger = logging.getLogger(__name__)


def topic(progressive_id: int) -> str:
    return f"sign:{progressive_id}"


def changed(progressive_id: int) -> None:
    """What the meter's signs show has changed in this transaction: they are told once it
    commits, once however many writes of it called this (a settlement's awards and reset)."""
    hooks = transaction.get_connection().run_on_commit
    if any(getattr(hook[1], "sign_of", None) == progressive_id for hook in hooks):
        return
    def tell() -> None:  # a function, not a partial: Django names it if it fails
        _announce(progressive_id)

    tell.sign_of = progressive_id
    transaction.on_commit(tell, robust=True)  # robust: the round stays recorded


def _announce(progressive_id: int) -> None:
    if not push.ready():
        return  # no Redis (the demo) or it just refused: the signs read for themselves
    try:
        _read_and_send(progressive_id)
    except DatabaseError as exc:
        # The round is committed; the database went away just after (the cluster drill's
        # PgBouncer restart). The next change tells the signs, and a stream that lost
        # its subscription reads for itself meanwhile.
        logger.warning("sign %s not told: %s", progressive_id, str(exc).splitlines()[0])


def _read_and_send(progressive_id: int) -> None:
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext('floor sign'), %s)",
                           [progressive_id])
        state = selectors.sign_state_fresh(progressive_id)
        if state is not None:
            push.send(topic(progressive_id), state)


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
