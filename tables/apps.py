from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Casinos and tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from casino.common import db_roles
        from casino.common.chains import register
        from tables import checks  # noqa: F401  (registers the deployment checks)
        from tables.cardroom import grants as cardroom
        from tables.chips import grants as chips
        from tables.chips.models import AccountingRules, SlipSeries
        from tables.comps import grants as comps
        from tables.count import grants as count
        from tables.floor import grants as floor
        from tables.floor.chain import RECORD_LEDGER
        from tables.floor.chain_ends import SealChainEnd
        from tables.floor.models import RecordSeal, Table
        from tables.offline import grants as offline
        from tables.players import grants as players
        from tables.players.models import Player
        from tables.poker import grants as poker
        from tables.poker.chain import FUND_LEDGER
        from tables.poker.models import BadBeatFund
        from tables.reports import grants as reports
        from tables.stud import grants as stud

        # What each role may do, as each subdomain says of its own records (sync_roles).
        self.role_grants = [sub.ROLE_GRANTS for sub in (floor, stud, poker, chips, count,
                                                         reports, players, comps,
                                                         cardroom, offline)]
        db_roles.keep(Table)
        db_roles.keep(BadBeatFund, update=("balance",))
        db_roles.keep(AccountingRules)
        db_roles.keep(Player)  # changed (audited), never deleted: ratings keep him
        # A casino's slip numbers are taken one at a time; the series only counts up.
        db_roles.keep(SlipSeries, update=("last_number",))
        register(RECORD_LEDGER)
        db_roles.written_by_the_database(RecordSeal)  # by the sealing trigger, as the owner
        db_roles.written_by_the_database(SealChainEnd)  # by the same function
        register(FUND_LEDGER)
        self.add_comps()
        self.add_cardroom()
        self.add_health()
        self.add_panels()
        self.add_second_people()

    @staticmethod
    def add_second_people() -> None:
        """The records a second person confirmed by password keep by which version of
        her log-in (casino.common.credentials)."""
        from casino.common import credentials
        from tables.chips.models import ChipSlipVoid
        from tables.count.models import BoxCount, CountCorrection

        for model in (ChipSlipVoid, BoxCount, CountCorrection):
            credentials.attested(model, person="witnessed_by", credential="witness_credential")

    @staticmethod
    def add_health() -> None:
        """On /healthz, the nightly checks: the closed days against their records, and
        the ratings, their comps and the player activity report reconciled."""
        from casino.common import health, verification
        from tables.reports import verification as closed_days
        from tables.reports.health import last_day_check, last_rating_check

        health.register("closed_days", last_day_check)
        health.register("rated_play", last_rating_check)
        verification.also(closed_days.ledger_breaks)  # verify_ledgers checks them too

    @staticmethod
    def add_cardroom() -> None:
        """The card room's rules and lists: configuration, audited, never deleted."""
        from casino.common import db_roles
        from tables.cardroom.models import RoomRules, Waitlist

        db_roles.keep(RoomRules)
        db_roles.keep(Waitlist)

    @staticmethod
    def add_comps() -> None:
        """A player's comps: the rules and limits audited, each account's balance moved
        only with its chained ledger; a rating's figures, as they stand, earn."""
        from casino.common import db_roles, signing
        from casino.common.chains import register
        from tables.comps import services as comps
        from tables.comps.chain import COMP_LEDGER
        from tables.comps.models import CompAccount, CompLimit, CompRules
        from tables.players import hooks as players

        db_roles.keep(CompRules)
        db_roles.keep(CompLimit)
        db_roles.keep(CompAccount, update=("balance",))
        signing.sign(CompAccount, changes=True)  # its casino, its player, its balance
        register(COMP_LEDGER)
        players.after_figures(comps.accrue)

    @staticmethod
    def add_panels() -> None:
        """Each page lives in its package; a package above adds its panels to it (the
        chips' and the count's to the floor's Pit overview and dealer's page, the count's
        to the chips' page, the players' rated seats beside each table's seats link, the
        comps' balances on the player's page and the comps waiting on /pit/, and the
        live board atop /pit/)."""
        from tables.board import pages as board
        from tables.chips import pages as chips
        from tables.comps import pages as comps
        from tables.count import pages as count
        from tables.offline import pages as offline
        from tables.players import pages as players

        chips.register()
        count.register()
        players.register()
        comps.register()
        offline.register()
        board.register()
