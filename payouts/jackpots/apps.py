from django.apps import AppConfig


class JackpotsConfig(AppConfig):
    """The progressive meters, their ledger, the hits and their approvals and W-2Gs."""

    name = "payouts.jackpots"
    label = "jackpots"
    verbose_name = "Progressive jackpots"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import credentials, db_roles, health, seals, signing
        from casino.common.chains import register
        from payouts.jackpots import grants
        from payouts.jackpots.chain import METER_LEDGER
        from payouts.jackpots.health import last_ledger_check
        from payouts.jackpots.ledger_ends import MeterLedgerEnd
        from payouts.jackpots.models import (
            CorrectionConfirmation,
            HitApproval,
            JackpotHit,
            LedgerCheck,
            Progressive,
            ReconciliationCheck,
            W2GPlayer,
        )

        self.role_grants = [grants.ROLE_GRANTS]  # what each role may do (sync_roles)
        register(METER_LEDGER)
        db_roles.keep(Progressive)
        # A hit's identity (round, seat, category, wager) is fixed when the round is
        # recorded; settlement and approval fill in the rest.
        db_roles.keep(JackpotHit, update=(
            "status", "amount", "meter_before", "from_meter", "shared_by", "w2g",
            "withholding", "settled_at"))
        signing.sign(JackpotHit, changes=True)  # each step of a hit, signed as it is taken
        credentials.attested(HitApproval, person="witnessed_by", credential="witness_credential")
        credentials.attested(CorrectionConfirmation, person="confirmed_by",
                             credential="witness_credential")
        # Each ledger's end is the chain trigger's to move, as the owner (payouts 0025).
        db_roles.written_by_the_database(MeterLedgerEnd)
        for checked in (ReconciliationCheck, LedgerCheck):
            db_roles.record(checked)
        # A TIN re-encrypted under a new key (rotate_tin_keys) is the same TIN: its seal
        # holds its last four digits and the rest of the W-2G, not the token's bytes.
        seals.leave_out(W2GPlayer, "tin_token")
        # The nightly walk of the ledgers' chains and their last anchor, on /healthz.
        health.register("ledgers", last_ledger_check)
