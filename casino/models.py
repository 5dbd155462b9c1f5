import pgtrigger
from django.db import models


def _append_only() -> list:
    # casino.common.db_roles.append_only, spelled out: casino.common reads these models.
    return [pgtrigger.Protect(name="records_are_never_changed", operation=pgtrigger.Update),
            pgtrigger.Protect(name="records_are_never_deleted", operation=pgtrigger.Delete)]


class WorkerHeartbeat(models.Model):
    """The last time each Celery worker ran the periodic heartbeat task.

    /healthz reports it, so the floor can see that background settlement is alive.
    """

    hostname = models.CharField(max_length=255, unique=True)
    seen_at = models.DateTimeField()
    beats = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.hostname} at {self.seen_at:%Y-%m-%d %H:%M:%S}"


class Seal(models.Model):
    """A record of the books (a count, a slip and its signatures, an approval, a W-2G, a
    closed day, an audit event ...) sealed into the chain of its table: a hash of the
    record's every column and the chain's previous seal. Written by the database's own
    function (casino_seal_pending, migration casino 0004), never by the service's role;
    casino.common.seals lists what is sealed and walks the chains."""

    chain = models.CharField(max_length=63, help_text="The sealed record's table.")
    record = models.CharField(max_length=64, help_text="The sealed record's key.")
    sealed_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64, editable=False)
    row_hash = models.CharField(max_length=64, editable=False)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["chain", "record"],
                                               name="one_seal_per_book_record")]
        indexes = [models.Index(fields=["chain", "id"], name="seal_chain_order")]
        triggers = _append_only()

    def __str__(self) -> str:
        return f"seal of {self.chain} {self.record}"


class LedgerAnchor(models.Model):
    """The heads of every ledger chain at one moment, signed with a key the service holds
    and the database never sees (casino.common.anchors). The same line goes to an
    append-only file outside PostgreSQL; this copy is what the pages and /healthz show."""

    seq = models.PositiveBigIntegerField(unique=True)
    made_at = models.DateTimeField()
    reason = models.CharField(max_length=200)
    key = models.CharField(max_length=40, help_text="Which of the service's keys signed it.")
    prev_mac = models.CharField(max_length=64)
    heads = models.JSONField()
    mac = models.CharField(max_length=64)

    class Meta:
        ordering = ["seq"]
        triggers = _append_only()

    def __str__(self) -> str:
        return f"anchor {self.seq} at {self.made_at:%Y-%m-%d %H:%M:%S} UTC"


class Written(models.Model):
    """A row a transaction wrote to a signed table, noted by the table's trigger
    (casino.common.signing) and taken back by the same transaction as it commits, to be
    signed. Unlogged and short-lived: what stays here belongs to a transaction the service
    never committed (an owner's own writes), and is no signature."""

    txid = models.BigIntegerField(db_index=True)
    tbl = models.CharField(max_length=63)
    record = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"{self.tbl} {self.record} written by transaction {self.txid}"


class Signature(models.Model):
    """The service's MAC over one record's content (or one version of a row that changes),
    chained to the signature before it, under a key the database never holds
    (casino.common.signing writes it, casino.common.proof checks it)."""

    chain = models.CharField(max_length=80)
    seq = models.BigIntegerField(help_text="Its place in the chain, from 1.")
    record_table = models.CharField(max_length=63)
    record = models.CharField(max_length=64, help_text="The record's key.")
    digest = models.CharField(max_length=64, help_text="SHA-256 of the content; empty: "
                                                       "the row was removed.")
    key = models.CharField(max_length=40, help_text="Which of the service's keys signed it.")
    prev_mac = models.CharField(max_length=64)
    mac = models.CharField(max_length=64)
    signed_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["chain", "seq"],
                                               name="one_signature_per_place")]
        indexes = [models.Index(fields=["record_table", "record"], name="signature_of_record")]
        triggers = _append_only()

    def __str__(self) -> str:
        return f"signature {self.chain} #{self.seq} of {self.record_table} {self.record}"


class SignatureChainEnd(models.Model):
    """Where each chain of signatures ends: read and moved on, under a row lock, at every
    commit that signs (the service's convenience: the proof walks the chains themselves)."""

    chain = models.CharField(max_length=80, primary_key=True)
    seq = models.BigIntegerField()
    mac = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"chain {self.chain} ends at {self.seq}"
