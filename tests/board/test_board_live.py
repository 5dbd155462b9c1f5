"""The live boards' reads in the ASGI process (casino.common.push.SharedReads, as
tables.board.live and the card room's board use them): screens that ask at once share one
read; a casino is read at most once per gap; a word that comes while a read runs gets a
read of its own (the running one may have read past its change); two words for different
casinos with room for one make the screen read both."""

from __future__ import annotations

import asyncio
import concurrent.futures
import time

import pytest

from casino.common import push


@pytest.fixture
def reads():
    """Each read's start, with a gate the test opens to let the reads finish."""
    started, gate = [], {"open": None}

    async def read(casino_id):
        started.append((casino_id, time.monotonic()))
        await gate["open"].wait()
        return {"casino": casino_id, "html": str(len(started))}

    shared = push.SharedReads(lambda key: None, min_gap=0.3)
    shared.read = read  # the test's own coroutine, not a database read on a pool thread

    def run(scenario):
        """On an event loop of its own, in a thread (the test's may run one:
        Playwright's)."""
        async def main():
            gate["open"] = asyncio.Event()
            await scenario(gate["open"], shared)
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, main()).result(timeout=30)
    return started, run


def test_screens_asking_at_once_share_one_read(reads):
    started, run = reads

    async def scenario(gate, shared):
        asked = [asyncio.create_task(shared.current(7)) for _ in range(5)]
        await asyncio.sleep(0.05)
        gate.set()
        found = await asyncio.gather(*asked)
        assert {f["html"] for f in found} == {"1"}

    run(scenario)
    assert len(started) == 1


def test_a_casino_is_read_at_most_once_per_gap_and_a_word_during_a_read_gets_its_own(reads):
    started, run = reads

    async def scenario(gate, shared):
        first = asyncio.create_task(shared.current(7))
        await asyncio.sleep(0.05)  # the first read runs, held at the gate
        second = asyncio.create_task(shared.current(7))  # a word meanwhile
        await asyncio.sleep(0.05)
        gate.set()
        assert (await first)["html"] == "1"
        assert (await second)["html"] == "2"  # not the first read's answer

    run(scenario)
    assert len(started) == 2
    assert started[1][1] - started[0][1] >= 0.29  # the gap kept


def test_two_casinos_words_with_room_for_one_read_both():
    queue = asyncio.Queue(maxsize=1)
    push._put_latest(queue, {"look": 1})
    push._put_latest(queue, {"look": 1})
    assert queue.get_nowait() == {"look": 1}  # the same word twice: one read
    push._put_latest(queue, {"look": 1})
    push._put_latest(queue, {"look": 2})
    assert queue.get_nowait() is push.LOOK  # read every casino of the screen
    assert push.floors_asked(push.LOOK, {1, 2}) == {1, 2}
    assert push.floors_asked({"look": 3}, {1, 2}) == set()
