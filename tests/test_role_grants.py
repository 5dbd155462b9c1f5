"""What each role may do, declared by the apps that own the permissions and collected by
casino.common.roles (which names no app's permission): the union of the declarations is
the grant table below, written down as it stood before the table left casino.common, so
a declaration gone missing (or one added by mistake) fails here."""

from __future__ import annotations

from casino.common.roles import Role, role_grants

# The group's players (issue 29): supervisors and hosts keep them and read who read them;
# the pit and a table's dealers seat them (ratings), hosts read the ratings.
PEOPLE = {"tables.add_player", "tables.change_player", "tables.view_player",
          "tables.view_playerevent", "tables.view_playeraccess"}
SEATING = {"tables.add_rating", "tables.view_rating", "tables.add_ratingchange",
           "tables.view_ratingchange"}
# Comps (issue 29): hosts and supervisors read the accounts and give; a supervisor sets
# the rules and the givers' limits and decides a comp over its giver's limit.
COMPS = {"tables.view_compaccount", "tables.view_compentry", "tables.view_comp",
         "tables.view_compdecision", "tables.view_comprules", "tables.view_complimit",
         "tables.view_ratingfigures", "tables.add_comp"}
# The pit's floor (issue 31): a supervisor sets the rotation and the dealers' games and
# records any move; a dealer records his own; an accountant reads the moves.
FLOOR_MOVES = {"pit.view_dealermove", "pit.view_rotationrules", "pit.view_dealergames",
               "pit.add_dealermove"}
# The card room (issue 32): its supervisors keep the lists and the seats.
CARD_ROOM = {"tables.view_waitlist", "tables.add_waitlist", "tables.change_waitlist",
             "tables.view_roomrules", "tables.add_roomrules", "tables.change_roomrules",
             "tables.view_entry", "tables.add_entry", "tables.view_entrystep",
             "tables.add_entrystep", "tables.view_seattaken", "tables.add_seattaken",
             "tables.view_seatleft", "tables.add_seatleft", "tables.view_waitlistevent",
             "tables.view_roomrulesevent"}
# The tablet's held entries (issue 33): a dealer holds and resolves his own; a supervisor
# resolves his casinos'.
HELD = {"tables.view_heldentry", "tables.view_heldresolution", "tables.add_heldresolution",
        "tables.view_heldcorrection", "tables.add_heldcorrection"}  # a correction (issue 44)
TODAY = {
    "supervisor": {
        "auth.add_user", "auth.change_user", "auth.view_user", "axes.delete_accessattempt",
        "axes.view_accessattempt", "axes.view_accessfailurelog", "casino.view_workerheartbeat",
        "payouts.add_paytable", "payouts.add_progressive", "payouts.add_rakeschedule",
        "payouts.change_jackpothit", "payouts.change_paytable", "payouts.change_progressive",
        "payouts.change_rakeschedule", "payouts.view_jackpothit", "payouts.view_meterentry",
        "payouts.view_paranalysis", "payouts.view_paytable", "payouts.view_paytableevent",
        "payouts.view_progressive", "payouts.view_progressiveevent",
        "payouts.view_rakeschedule", "payouts.view_rakescheduleevent",
        "tables.add_accountingrules", "tables.add_badbeatentry", "house.add_casino",
        "tables.add_chiprequest", "tables.add_chipslipsignature", "tables.add_chipslipvoid",
        "tables.add_inventorysignature", "tables.add_inventoryslip", "tables.add_pokerhandvoid",
        "tables.add_studroundvoid", "tables.add_table", "tables.add_tabledealer",
        "tables.add_timecollectionvoid", "tables.add_varianceexplanation",
        "tables.change_accountingrules", "house.change_casino", "tables.change_table",
        "tables.change_tabledealer", "tables.delete_tabledealer", "tables.view_accountingrules",
        "tables.view_accountingrulesevent", "tables.view_badbeatentry",
        "tables.view_badbeatfund", "tables.view_boxcount", "house.view_casino",
        "house.view_casinoevent", "tables.view_chiprequest", "tables.view_chipslip",
        "tables.view_chipslipsignature", "tables.view_chipslipvoid", "tables.view_closedday",
        "tables.view_countcorrection", "tables.view_discrepancy",
        "tables.view_inventorysignature", "tables.view_inventoryslip",
        "tables.view_meterfigure", "tables.view_tablehour", "tables.view_pokerhand",
        "tables.view_pokerhandvoid",
        "tables.view_pokerpot", "tables.view_pokerseat", "tables.view_rakefigure",
        "tables.view_slipseries", "tables.view_studfigure", "tables.view_studround",
        "tables.view_studroundvoid", "tables.view_studseat", "tables.view_table",
        "tables.view_tabledealer", "tables.view_tabledealerevent", "tables.view_tableevent",
        "tables.view_timecollection", "tables.view_timecollectionvoid", "tables.view_variance",
        "tables.view_varianceexplanation", *PEOPLE, *SEATING, "tables.view_seatingrefused",
        *COMPS, "tables.add_compdecision", "tables.add_comprules", "tables.change_comprules",
        "tables.add_complimit", "tables.change_complimit", "tables.view_comprulesevent",
        "tables.view_complimitevent", *FLOOR_MOVES, "pit.add_rotationrules",
        "pit.change_rotationrules", "pit.add_dealergames", "pit.change_dealergames",
        "pit.view_rotationrulesevent", "pit.view_dealergamesevent", *CARD_ROOM, *HELD,
    },
    "dealer": {
        "payouts.view_paytable", "payouts.view_progressive", "payouts.view_rakeschedule",
        "tables.add_chipslipsignature", "tables.add_inventorysignature", "tables.add_pokerhand",
        "tables.add_studround", "tables.add_timecollection", "house.view_casino",
        "tables.view_chipslip", "tables.view_inventoryslip", "tables.view_pokerhand",
        "tables.view_pokerpot", "tables.view_pokerseat", "tables.view_studround",
        "tables.view_studseat", "tables.view_table", "tables.view_timecollection",
        "tables.view_player",  # the first name and tier of those seated at his tables
        *SEATING, *FLOOR_MOVES, *HELD, "tables.add_heldentry",
    },
    "accountant": {
        "payouts.view_jackpothit", "payouts.view_meterentry", "payouts.view_paranalysis",
        "payouts.view_paytable", "payouts.view_progressive", "payouts.view_rakeschedule",
        "tables.view_accountingrules", "tables.view_badbeatentry", "tables.view_badbeatfund",
        "tables.view_boxcount", "house.view_casino", "tables.view_chiprequest",
        "tables.view_chipslip", "tables.view_chipslipsignature", "tables.view_chipslipvoid",
        "tables.view_closedday", "tables.view_countcorrection", "tables.view_discrepancy",
        "tables.view_inventorysignature", "tables.view_inventoryslip",
        "tables.view_meterfigure", "tables.view_tablehour", "tables.view_pokerhand",
        "tables.view_pokerhandvoid",
        "tables.view_pokerpot", "tables.view_pokerseat", "tables.view_rakefigure",
        "tables.view_slipseries", "tables.view_studfigure", "tables.view_studround",
        "tables.view_studroundvoid", "tables.view_studseat", "tables.view_table",
        "tables.view_tabledealer", "tables.view_timecollection",
        "tables.view_timecollectionvoid", "tables.view_variance",
        "tables.view_varianceexplanation", "pit.view_dealermove",
    },
    "cage": {
        "tables.add_chipslip", "tables.add_chipslipvoid", "house.view_casino",
        "tables.view_chiprequest", "tables.view_chipslip", "tables.view_chipslipsignature",
        "tables.view_chipslipvoid", "tables.view_slipseries", "tables.view_table",
    },
    "count": {
        "tables.add_boxcount", "tables.add_countcorrection", "tables.view_boxcount",
        "house.view_casino", "tables.view_countcorrection", "tables.view_table",
        "tables.view_variance",
    },
    "group_supervisor": {
        "payouts.add_paytable", "payouts.add_progressive", "payouts.add_rakeschedule",
        "payouts.change_paytable", "payouts.change_progressive", "payouts.change_rakeschedule",
        "payouts.view_meterentry", "payouts.view_paranalysis", "payouts.view_paytable",
        "payouts.view_paytableevent", "payouts.view_progressive",
        "payouts.view_progressiveevent", "payouts.view_rakeschedule",
        "payouts.view_rakescheduleevent",
        # A group-wide exclusion is lifted by a group supervisor (issue 44, point 14).
        *PEOPLE,
    },
    "host": {*PEOPLE, "tables.view_rating", "tables.view_ratingchange",
             "tables.view_seatingrefused", *COMPS},
}


def test_every_role_may_do_exactly_what_the_grant_table_says():
    assert role_grants() == TODAY


def test_the_grant_table_names_every_role():
    assert set(TODAY) == {role.value for role in Role}


def test_each_grant_is_declared_by_one_app_only():
    from collections import Counter

    from django.apps import apps

    declared = Counter((str(role), perm) for config in apps.get_app_configs()
                       for grants in getattr(config, "role_grants", ())
                       for role, perms in grants.items() for perm in perms)

    assert [grant for grant, times in declared.items() if times > 1] == []
