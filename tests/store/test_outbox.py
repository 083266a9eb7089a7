"""The outbox of notifications (store/outbox.py), on SQLite and PostgreSQL: what a turn
queues, claims held once and by one claimer, retries and giving up, purging, two claimers
of two processes' stores racing over one outbox, and push subscriptions."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta

import pytest

from colosseum.store import Store
from colosseum.store.outbox import MAX_SUBSCRIPTIONS, Outbox, OutboxRow

INTERVAL = timedelta(hours=6)
LEASE = timedelta(minutes=10)
MAIL = {"title": "Jugula", "link": "/tables/t1"}
EVERYTHING = 10_000  # a claim limit above any test's rows (a shared PostgreSQL holds others')


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


def account(store: Store, email: str | None = "ann@example.org") -> int:
    return store.accounts.create(f"ann-{uuid.uuid4().hex[:10]}", None, email).id


def table() -> str:
    return f"t{uuid.uuid4().hex[:12]}"


def subscribe(outbox: Outbox, who: int) -> str:
    endpoint = f"https://fcm.googleapis.com/fcm/send/{uuid.uuid4().hex}"
    outbox.subscribe(who, endpoint, "p256dh-key", "auth-key")
    return endpoint


def mine(rows: list[int], claimed: Sequence[OutboxRow]) -> list[int]:
    return [row.id for row in claimed if row.id in rows]


def test_a_turn_queues_a_mail_and_a_push_per_subscription(store: Store) -> None:
    outbox = Outbox(store.engine)
    ann, where = account(store), table()
    subscribe(outbox, ann)
    subscribe(outbox, ann)
    queued = outbox.queue_turn(ann, where, MAIL, MAIL, INTERVAL)
    assert len(queued) == 3
    kinds = sorted(str(outbox.row(i)["kind"]) for i in queued)  # type: ignore[index]
    assert kinds == ["mail", "push", "push"]
    pushes = [outbox.row(i) for i in queued[1:]]
    subscriptions = {s.id for s in outbox.subscriptions(ann)}
    assert {p["payload"]["subscription"] for p in pushes} == subscriptions  # type: ignore[index]


def test_at_most_one_mail_per_account_and_table_per_interval(store: Store) -> None:
    outbox = Outbox(store.engine)
    ann, where, elsewhere = account(store), table(), table()
    start = datetime.now(UTC)
    assert len(outbox.queue_turn(ann, where, MAIL, None, INTERVAL, start)) == 1
    later = start + INTERVAL - timedelta(seconds=1)
    assert outbox.queue_turn(ann, where, MAIL, None, INTERVAL, later) == []
    assert len(outbox.queue_turn(ann, elsewhere, MAIL, None, INTERVAL, later)) == 1
    after = start + INTERVAL + timedelta(seconds=1)
    assert len(outbox.queue_turn(ann, where, MAIL, None, INTERVAL, after)) == 1


def test_no_mail_without_an_email_or_once_unsubscribed_and_nothing_for_a_disabled_account(
    store: Store,
) -> None:
    outbox = Outbox(store.engine)
    silent = account(store, email=None)
    assert outbox.queue_turn(silent, table(), MAIL, None, INTERVAL) == []
    ann = account(store)
    assert outbox.stop_mail(ann)
    assert outbox.queue_turn(ann, table(), MAIL, None, INTERVAL) == []
    subscribe(outbox, ann)
    assert len(outbox.queue_turn(ann, table(), MAIL, MAIL, INTERVAL)) == 1  # the push alone
    bob = account(store)
    subscribe(outbox, bob)
    store.accounts.set_disabled(bob, True)
    assert outbox.queue_turn(bob, table(), MAIL, MAIL, INTERVAL) == []


def test_a_claim_holds_a_row_once_until_its_lease_runs_out(store: Store) -> None:
    outbox = Outbox(store.engine)
    rows = outbox.queue_turn(account(store), table(), MAIL, None, INTERVAL)
    now = datetime.now(UTC)
    assert mine(rows, outbox.claim(LEASE, EVERYTHING, now)) == rows
    assert mine(rows, outbox.claim(LEASE, EVERYTHING, now + LEASE / 2)) == []
    # the claimer died: another takes the row once the lease is over
    assert mine(rows, outbox.claim(LEASE, EVERYTHING, now + LEASE * 2)) == rows


def test_a_sent_row_is_never_claimed_again(store: Store) -> None:
    outbox = Outbox(store.engine)
    rows = outbox.queue_turn(account(store), table(), MAIL, None, INTERVAL)
    now = datetime.now(UTC)
    outbox.claim(LEASE, EVERYTHING, now)
    outbox.mark_sent(rows[0], now)
    stored = outbox.row(rows[0])
    assert stored is not None and stored["sent"] is not None and stored["attempts"] == 1
    assert mine(rows, outbox.claim(LEASE, EVERYTHING, now + timedelta(days=1))) == []


def test_a_failed_row_is_due_again_at_its_retry_time_and_a_given_up_one_never(
    store: Store,
) -> None:
    outbox = Outbox(store.engine)
    rows = outbox.queue_turn(account(store), table(), MAIL, None, INTERVAL)
    now = datetime.now(UTC)
    outbox.claim(LEASE, EVERYTHING, now)
    outbox.mark_failed(rows[0], "x" * 900, now + timedelta(minutes=1))
    stored = outbox.row(rows[0])
    assert stored is not None and stored["attempts"] == 1 and len(stored["error"]) == 500
    assert mine(rows, outbox.claim(LEASE, EVERYTHING, now + timedelta(seconds=59))) == []
    assert mine(rows, outbox.claim(LEASE, EVERYTHING, now + timedelta(seconds=61))) == rows
    outbox.mark_failed(rows[0], "refused for good", None)
    assert mine(rows, outbox.claim(LEASE, EVERYTHING, now + timedelta(days=3))) == []
    stored = outbox.row(rows[0])
    assert stored is not None and stored["attempts"] == 2 and stored["sent"] is None
    assert stored["error"] == "refused for good"


def test_purge_deletes_the_rows_sent_or_given_up_before_a_time(store: Store) -> None:
    outbox = Outbox(store.engine)
    ann = account(store)
    old = datetime.now(UTC) - timedelta(days=40)
    sent, given_up, waiting = (
        outbox.queue_turn(ann, table(), MAIL, None, INTERVAL, old)[0] for _ in range(3)
    )
    fresh = outbox.queue_turn(ann, table(), MAIL, None, INTERVAL)[0]
    outbox.mark_sent(sent, old)
    outbox.mark_failed(given_up, "no such mailbox", None)
    outbox.mark_sent(fresh)
    outbox.purge(datetime.now(UTC) - timedelta(days=30))
    assert outbox.row(sent) is None and outbox.row(given_up) is None
    assert outbox.row(waiting) is not None and outbox.row(fresh) is not None


def test_two_stores_claiming_at_once_take_each_row_exactly_once(url: str) -> None:
    """Two processes' stores (each its own engine and connections), four claimers each,
    racing over one outbox: every row is claimed by one claimer, once."""
    stores = [Store(url), Store(url)]
    try:
        outbox = Outbox(stores[0].engine)
        ann = account(stores[0])
        rows = [outbox.queue_turn(ann, table(), MAIL, None, INTERVAL)[0] for _ in range(60)]
        taken: list[int] = []
        guard = threading.Lock()
        start = threading.Barrier(8)

        def claimer(store: Store) -> None:
            mine_outbox = Outbox(store.engine)
            start.wait()
            while True:
                claimed = mine_outbox.claim(LEASE, 3)
                if not claimed:
                    return
                for row in claimed:
                    mine_outbox.mark_sent(row.id)
                with guard:
                    taken.extend(row.id for row in claimed)

        threads = [threading.Thread(target=claimer, args=(stores[i % 2],)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        ours = [row for row in taken if row in rows]
        assert sorted(ours) == sorted(rows)  # each once: no row twice, none left
        assert all(outbox.row(row)["sent"] is not None for row in rows)  # type: ignore[index]
    finally:
        for store in stores:
            store.close()


def test_subscriptions_of_an_account(store: Store) -> None:
    outbox = Outbox(store.engine)
    ann, bob = account(store), account(store)
    endpoint = subscribe(outbox, ann)
    assert [s.endpoint for s in outbox.subscriptions(ann)] == [endpoint]
    assert not outbox.unsubscribe(bob, endpoint)  # not bob's to remove
    outbox.subscribe(bob, endpoint, "other", "keys")  # the browser is bob's now
    assert outbox.subscriptions(ann) == []
    assert outbox.unsubscribe(bob, endpoint)
    assert outbox.subscriptions(bob) == []
    endpoints = [subscribe(outbox, ann) for _ in range(MAX_SUBSCRIPTIONS + 2)]
    kept = [s.endpoint for s in outbox.subscriptions(ann)]
    assert kept == endpoints[2:]  # the oldest went
