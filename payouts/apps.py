from django.apps import AppConfig


class PayoutsConfig(AppConfig):
    """Paytables, progressives and their ledgers (added by later features)."""

    name = "payouts"
    verbose_name = "Paytables, progressives and ledgers"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import credentials, db_roles, seals, signing
        from casino.common import health as shown_on_healthz
        from casino.common.chains import register
        from payouts.analysis import grants as analysis
        from payouts.analysis import pages as analysis_pages
        from payouts.jackpots import grants as jackpots
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
        from payouts.terms import grants as terms
        from payouts.terms.models import Paytable, RakeSchedule

        # What each role may do, as each subdomain says of its own records (sync_roles).
        self.role_grants = [sub.ROLE_GRANTS for sub in (terms, jackpots, analysis)]
        register(METER_LEDGER)
        for kept in (Progressive, Paytable, RakeSchedule):
            db_roles.keep(kept)
        # A hit's identity (round, seat, category, wager) is fixed when the round is
        # recorded; settlement and approval fill in the rest.
        db_roles.keep(JackpotHit, update=(
            "status", "amount", "meter_before", "from_meter", "shared_by", "w2g",
            "withholding", "settled_at"))
        signing.sign(JackpotHit, changes=True)  # each step of a hit, signed as it is taken
        credentials.attested(HitApproval, person="witnessed_by", credential="witness_credential")
        credentials.attested(CorrectionConfirmation, person="confirmed_by",
                             credential="witness_credential")
        # Each ledger's end is the chain trigger's to move, as the owner (migration 0025).
        db_roles.written_by_the_database(MeterLedgerEnd)
        for checked in (ReconciliationCheck, LedgerCheck):
            db_roles.record(checked)
        # A TIN re-encrypted under a new key (rotate_tin_keys) is the same TIN: its seal
        # holds its last four digits and the rest of the W-2G, not the token's bytes.
        seals.leave_out(W2GPlayer, "tin_token")
        # The game math's part of the terms' pages (the house edge a paytable will have).
        analysis_pages.register()
        # The nightly walk of the ledgers' chains and their last anchor, on /healthz.
        shown_on_healthz.register("ledgers", last_ledger_check)
