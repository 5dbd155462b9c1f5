"""State pushed to the floor's screens (the jackpot signs, the live boards) instead of
asked for every second: a writer publishes a topic's new state on Redis once its
transaction has committed; each ASGI process holds ONE subscription, to every topic, and
hands each message to the open streams (Server-Sent Events) of that topic. 500 signs then
cost one Redis message per change, not 500 requests a second.

Redis is a help here, never a dependency (as the cache is, payouts.caching):

- Publishing never raises into the writer: its round is already committed. A Redis that
  does not answer is logged and left alone for ``QUIET_SECONDS``, so the floor does not
  wait on a timeout round after round.
- A stream whose process cannot hear Redis (none configured, down, failing over) is
  handed ``LOOK`` every second: look at the source yourself. It is handed ``LOOK`` once
  more when the subscription is back, since what was published meanwhile is lost. A
  screen is never left showing an old state, only shown it a little later.

The topics are the callers' (casino.common knows no app): ``stream(topic, current,
first)`` takes the topic's name, how to read its state now and the state to start with.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

from asgiref.sync import sync_to_async
from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections, connection, transaction
from django.http import StreamingHttpResponse
from redis import RedisError
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from casino.common import floor_cache, redis_connections

logger = logging.getLogger(__name__)

CHANNELS = "casino.push:"  # a topic's Redis channel is CHANNELS + topic
QUIET_SECONDS = 5.0
# A comment this often on a quiet stream, so no proxy takes it for a dead connection.
HEARTBEAT_SECONDS = 15.0
# How long a browser waits before it opens a dropped stream again (the SSE "retry").
RETRY_MS = 2000
# The subscription pings Redis after this long without a message, and gives the
# connection up when it heard nothing for two pings: a master that vanished in a failover
# answers no TCP reset, only silence.
PING_SECONDS = 5.0
# Seconds before each new try to subscribe after a failure, then the last one again.
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
LOOK = None  # a stream's item: nothing came, read the state yourself

_sender = {"pid": None, "client": None, "quiet_until": 0.0}


# --- The writers' side (sync: gunicorn, Celery) -----------------------------------------

def publish(topic: str, payload: dict) -> None:
    """Send ``payload`` to the topic's screens once the current transaction commits (at
    once outside one): never from inside the money's transaction, never raising."""
    transaction.on_commit(lambda: send(topic, payload), robust=True)


def floor_topic(casino_id: int) -> str:
    return f"floor:{casino_id}"


class _Look:
    """A transaction's word to a casino's live boards, sent once however many of its
    writes changed what they show (a round, its dealer's taking of the table). A class,
    not a partial: Django names the callable if it fails."""

    def __init__(self, casino_id: int):
        self.floor_of = casino_id

    def __call__(self) -> None:
        floor_cache.changed(self.floor_of)  # the public screens' shared state is old
        send(floor_topic(self.floor_of), {"look": self.floor_of})


def floor_changed(casino_id: int) -> None:
    """Something a casino's live floor board shows changed (a round or hand, a dealer's
    move, a table's limits or state): once the transaction commits its boards are told to
    read the floor again. The word carries no figures: a board's read is the one source
    of what it shows, and many words in a second cost one read (tables.board.live)."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(getattr(hook[1], "floor_of", None) == casino_id
                                          for hook in connection.run_on_commit):
        return
    transaction.on_commit(_Look(casino_id), robust=True)


def send(topic: str, payload: dict) -> bool:
    """Send now, for a caller with nothing left to commit (or that orders its sends
    itself). Whether it was sent."""
    client = _client() if ready() else None
    if client is None:
        return False
    try:
        client.publish(CHANNELS + topic, json.dumps(payload, cls=DjangoJSONEncoder))
    except (RedisError, OSError) as failed:
        _sender.update(client=None, quiet_until=time.monotonic() + QUIET_SECONDS)
        logger.warning("push: %s not sent, Redis at %s does not answer (%s); none tried "
                       "for %.0f s", topic, redis_connections.where(), failed, QUIET_SECONDS)
        return False
    return True


def ready() -> bool:
    """Whether a send is worth preparing: Redis is configured and has not just refused."""
    return redis_connections.configured() and time.monotonic() >= _sender["quiet_until"]


def _client():
    """One client per process (its pool reconnects), made again after a failure so a
    master found anew after a failover is used."""
    if _sender["pid"] != os.getpid() or _sender["client"] is None:
        _sender.update(pid=os.getpid(), client=redis_connections.client())
    return _sender["client"]


# --- The screens' side (asyncio: the ASGI process) ---------------------------------------

class Hub:
    """The process's one subscription, handed to each stream of a topic through its own
    queue. Started by the first stream, on that stream's event loop."""

    def __init__(self):
        self._queues: dict[str, set[asyncio.Queue]] = {}
        self._task: asyncio.Task | None = None
        self._tries = 0
        self.subscribed = False

    @contextlib.asynccontextmanager
    async def listening(self, *topics: str) -> AsyncIterator[asyncio.Queue]:
        """One queue for what comes on any of ``topics`` (a board of several casinos)."""
        self._start()
        queue: asyncio.Queue = asyncio.Queue(maxsize=8)
        for topic in topics:
            self._queues.setdefault(topic, set()).add(queue)
        try:
            yield queue
        finally:
            for topic in topics:
                listeners = self._queues.get(topic, set())
                listeners.discard(queue)
                if not listeners:
                    self._queues.pop(topic, None)

    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done() or self._task.get_loop() is not loop:
            self.subscribed = False
            self._task = loop.create_task(self._run(), name="push hub")

    def _hand(self, topic: str, item: dict | None) -> None:
        for queue in self._queues.get(topic, ()):
            _put_latest(queue, item)

    def _hand_everyone(self, item: dict | None) -> None:
        for topic in list(self._queues):
            self._hand(topic, item)

    async def _run(self) -> None:
        while True:
            client = None
            try:
                # No retrying inside redis-py: a lost connection is said at once, so the
                # streams are told to read for themselves from the first second.
                client = redis_connections.async_client(retry=Retry(NoBackoff(), 0))
                if client is not None:
                    await self._subscribed(client)
            except Exception as lost:  # any: a hub that died would leave every screen
                # Said once an outage; each try after it only in the debug log.
                logger.log(logging.WARNING if self._tries == 0 else logging.DEBUG,
                           "push: no subscription to Redis at %s (%r); the screens read "
                           "their state themselves until it is back",
                           redis_connections.where(), lost)
            finally:
                self.subscribed = False
                if client is not None:
                    with contextlib.suppress(Exception):
                        await client.aclose()
            wait = (BACKOFF[min(self._tries, len(BACKOFF) - 1)]
                    if redis_connections.configured() else 60.0)
            self._tries += 1
            await self._look_meanwhile(wait)

    async def _look_meanwhile(self, seconds: float) -> None:
        """Without a subscription: every stream reads its state itself, each second."""
        until = time.monotonic() + seconds
        while True:
            self._hand_everyone(LOOK)
            left = until - time.monotonic()
            if left <= 0:
                return
            await asyncio.sleep(min(1.0, left))

    async def _subscribed(self, client) -> None:
        """Listens until the connection is lost, then raises."""
        pubsub, prefix = client.pubsub(), CHANNELS
        loop = asyncio.get_running_loop()
        try:
            await pubsub.psubscribe(prefix + "*")
            heard = loop.time()
            while True:
                message = await pubsub.get_message(timeout=PING_SECONDS)
                if message is None:
                    if loop.time() - heard > 2 * PING_SECONDS + 1:
                        raise ConnectionError("Redis stopped answering the pings")
                    await pubsub.ping()
                    continue
                heard = loop.time()
                self._heard(message, prefix)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    def _heard(self, message: dict, prefix: str) -> None:
        if message["type"] == "psubscribe":
            # Subscribed (again): what was published meanwhile is lost, so every stream
            # reads now, and once more when writers that found Redis gone stop keeping
            # quiet (QUIET_SECONDS).
            if self._tries:
                logger.warning("push: subscribed to Redis at %s again",
                               redis_connections.where())
            self.subscribed, self._tries = True, 0
            self._hand_everyone(LOOK)
            asyncio.get_running_loop().call_later(QUIET_SECONDS + 1, self._hand_everyone,
                                                  LOOK)
        elif message["type"] == "pmessage":
            channel = message["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else channel
            try:
                payload = json.loads(message["data"])
            except ValueError:
                logger.warning("push: a message on %s is not JSON; ignored", channel)
                return
            self._hand(channel.removeprefix(prefix), payload)


hub = Hub()


async def stream(topic: str, current: Callable[[], Awaitable[dict | None]],
                 first: dict) -> AsyncIterator[str]:
    """A screen's Server-Sent Events: ``first`` (the state the view read), then each new
    state of the topic, and a comment every HEARTBEAT_SECONDS while nothing changes."""
    async with hub.listening(topic) as queue:
        last = first
        yield f"retry: {RETRY_MS}\n" + event(first)
        # Anything committed between the view's read and the subscription above.
        _put_latest(queue, LOOK)
        while True:
            try:
                item = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
            except TimeoutError:
                yield ": still here\n\n"
                continue
            state = after(last, await current() if item is LOOK else item)
            if state is not None and state != last:
                last = state
                yield event(state)


def after(last: dict, state: dict | None) -> dict | None:
    """What a screen shows next, given what it shows (``last``) and a state it was sent.
    A topic's states may carry a ``version`` (its writers' order): an older one is passed
    over, so a screen never goes back. A ``partial`` one (only what a writer knew, such as
    a meter's new amount) is laid over what the screen shows."""
    if state is None:
        return None
    if state.get("version", 0) < last.get("version", 0):
        return last
    if state.get("partial"):
        return {**last, **{key: value for key, value in state.items() if key != "partial"}}
    return state


def _put_latest(queue: asyncio.Queue, item: dict | None) -> None:
    if queue.full():  # a slow screen needs the latest state, not every one
        older = queue.get_nowait()
        if item is not LOOK and item.get("partial"):
            # A partial state drops nothing the one it replaces said: "read it yourself"
            # stays that, a whole state takes the new figures over it.
            item = LOOK if older is LOOK else after(older, item)
        elif item is not LOOK and "look" in item and (older is LOOK or older != item):
            item = LOOK  # two words to read different things, room for one: read all
    queue.put_nowait(item)


def on_a_pool_thread(read: Callable[[int], dict | None]) -> Callable[[int], Awaitable]:
    """A sync read of the database, for the streams: run on a thread of the loop's small
    pool (not the stream's request thread), its connection closed after whatever
    CONN_MAX_AGE says, so the open streams hold none while they wait (issue 44, 19)."""

    @sync_to_async(thread_sensitive=False)
    def run(key: int) -> dict | None:
        close_old_connections()
        try:
            return read(key)
        finally:
            connection.close()

    return run


class SharedReads:
    """A screen state's reads in this process, per key (a casino): one at a time, shared
    by every stream that asks meanwhile, and at most one per ``min_gap`` seconds. A word
    that comes while a read runs asks for a read of its own: the running one may have
    read past its change. ``read(key)``: the state now, read from the database (sync:
    run on_a_pool_thread)."""

    def __init__(self, read: Callable[[int], dict | None], min_gap: float):
        self.read, self.min_gap = on_a_pool_thread(read), min_gap
        self._waiting: dict[int, asyncio.Future] = {}
        self._started: dict[int, float] = {}

    async def current(self, key: int) -> dict | None:
        running = self._waiting.get(key)
        if running is None or running.get_loop() is not asyncio.get_running_loop():
            running = asyncio.ensure_future(self._when_due(key))
            self._waiting[key] = running
        # shielded: a screen that leaves does not cancel the read the others wait for
        return await asyncio.shield(running)

    async def _when_due(self, key: int) -> dict | None:
        loop = asyncio.get_running_loop()
        wait = self._started.get(key, float("-inf")) + self.min_gap - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        if self._waiting.get(key) is asyncio.current_task():
            del self._waiting[key]
        self._started[key] = loop.time()
        return await self.read(key)


async def floors_stream(casino_ids, reads: SharedReads) -> AsyncIterator[str]:
    """A screen of casinos' floors (the pit's live board, a card room's public board), as
    Server-Sent Events: each casino's state when first read, then again each time it
    changes. The writers' word (floor_changed) says which casino to read; with nothing
    said, every casino is read again each HEARTBEAT_SECONDS (clocks move on screens)."""
    ids = set(casino_ids)
    async with hub.listening(*(floor_topic(c) for c in ids)) as queue:
        shown: dict[int, dict] = {}
        yield f"retry: {RETRY_MS}\n\n"
        asked = set(ids)
        while True:
            sent = False
            for casino_id in sorted(asked):
                found = await reads.current(casino_id)
                if found is not None and found != shown.get(casino_id):
                    shown[casino_id] = found
                    sent = True
                    yield event(found)
            try:
                item = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
            except TimeoutError:
                if not sent:
                    yield ": still here\n\n"
                asked = set(ids)
                continue
            asked = floors_asked(item, ids)
            while not queue.empty():  # every word that came meanwhile, in one read each
                asked |= floors_asked(queue.get_nowait(), ids)


def floors_asked(item: dict | None, ids: set[int]) -> set[int]:
    if item is LOOK:
        return set(ids)
    return {item["look"]} & ids if "look" in item else set()


def stream_once(*states: dict) -> Iterator[str]:
    """The stream under WSGI (the demo's runserver; gunicorn, where a stream is sent by
    mistake): the state now, then an ``end`` the screen expects and the browser comes
    back a second later. A stream kept open there would hold one of the few threads the
    floor's recordings need."""
    yield ("retry: 1000\n" + "".join(event(state) for state in states)
           + "event: end\ndata: again in a second\n\n")


def event(payload: dict) -> str:
    return f"data: {json.dumps(payload, cls=DjangoJSONEncoder)}\n\n"


def response(events) -> StreamingHttpResponse:
    """The answer that carries a stream: never cached, never held by a buffering proxy."""
    answer = StreamingHttpResponse(events, content_type="text/event-stream")
    answer["Cache-Control"] = "no-cache"
    answer["X-Accel-Buffering"] = "no"  # nginx: pass each event on as it comes
    return answer
