"""What each role may do, declared by the apps that own the permissions and collected by
casino.common.roles (which names no app's permission): the union of the declarations is
the grant table below, written down as it stood before the table left casino.common, so
a declaration gone missing (or one added by mistake) fails here."""

from __future__ import annotations

from casino.common.roles import Role, role_grants

# The group's players (issue 29): supervisors and hosts keep them and read who read them;
# the pit and a table's dealers seat them (ratings), hosts read the ratings.
PEOPLE = {"players.add_player", "players.change_player", "players.view_player",
          "players.view_playerevent", "players.view_playeraccess"}
SEATING = {"players.add_rating", "players.view_rating", "players.add_ratingchange",
           "players.view_ratingchange"}
# Comps (issue 29): hosts and supervisors read the accounts and give; a supervisor sets
# the rules and the givers' limits and decides a comp over its giver's limit.
COMPS = {"comps.view_compaccount", "comps.view_compentry", "comps.view_comp",
         "comps.view_compdecision", "comps.view_comprules", "comps.view_complimit",
         "players.view_ratingfigures", "comps.add_comp"}
# The pit's floor (issue 31): a supervisor sets the rotation and the dealers' games and
# records any move; a dealer records his own; an accountant reads the moves.
FLOOR_MOVES = {"pit.view_dealermove", "pit.view_rotationrules", "pit.view_dealergames",
               "pit.add_dealermove"}
# The card room (issue 32): its supervisors keep the lists and the seats.
CARD_ROOM = {"cardroom.view_waitlist", "cardroom.add_waitlist", "cardroom.change_waitlist",
             "cardroom.view_roomrules", "cardroom.add_roomrules", "cardroom.change_roomrules",
             "cardroom.view_entry", "cardroom.add_entry", "cardroom.view_entrystep",
             "cardroom.add_entrystep", "cardroom.view_seattaken", "cardroom.add_seattaken",
             "cardroom.view_seatleft", "cardroom.add_seatleft", "cardroom.view_waitlistevent",
             "cardroom.view_roomrulesevent"}
# The tablet's held entries (issue 33): a dealer holds and resolves his own; a supervisor
# resolves his casinos'.
HELD = {"offline.view_heldentry", "offline.view_heldresolution", "offline.add_heldresolution",
        "offline.view_heldcorrection", "offline.add_heldcorrection"}  # a correction (issue 44)
TODAY = {
    "supervisor": {
        "auth.add_user", "auth.change_user", "auth.view_user", "axes.delete_accessattempt",
        "axes.view_accessattempt", "axes.view_accessfailurelog", "casino.view_workerheartbeat",
        "terms.add_paytable", "jackpots.add_progressive", "terms.add_rakeschedule",
        "jackpots.change_jackpothit", "terms.change_paytable", "jackpots.change_progressive",
        "terms.change_rakeschedule", "jackpots.view_jackpothit", "jackpots.view_meterentry",
        "analysis.view_paranalysis", "terms.view_paytable", "terms.view_paytableevent",
        "jackpots.view_progressive", "jackpots.view_progressiveevent",
        "terms.view_rakeschedule", "terms.view_rakescheduleevent",
        "chips.add_accountingrules", "poker.add_badbeatentry", "house.add_casino",
        "chips.add_chiprequest", "chips.add_chipslipsignature", "chips.add_chipslipvoid",
        "chips.add_inventorysignature", "chips.add_inventoryslip", "poker.add_pokerhandvoid",
        "stud.add_studroundvoid", "floor.add_table", "floor.add_tabledealer",
        "poker.add_timecollectionvoid", "count.add_varianceexplanation",
        "chips.change_accountingrules", "house.change_casino", "floor.change_table",
        "floor.change_tabledealer", "floor.delete_tabledealer", "chips.view_accountingrules",
        "chips.view_accountingrulesevent", "poker.view_badbeatentry",
        "poker.view_badbeatfund", "count.view_boxcount", "house.view_casino",
        "house.view_casinoevent", "chips.view_chiprequest", "chips.view_chipslip",
        "chips.view_chipslipsignature", "chips.view_chipslipvoid", "reports.view_closedday",
        "count.view_countcorrection", "chips.view_discrepancy",
        "chips.view_inventorysignature", "chips.view_inventoryslip",
        "reports.view_meterfigure", "reports.view_tablehour", "poker.view_pokerhand",
        "poker.view_pokerhandvoid",
        "poker.view_pokerpot", "poker.view_pokerseat", "reports.view_rakefigure",
        "chips.view_slipseries", "reports.view_studfigure", "stud.view_studround",
        "stud.view_studroundvoid", "stud.view_studseat", "floor.view_table",
        "floor.view_tabledealer", "floor.view_tabledealerevent", "floor.view_tableevent",
        "poker.view_timecollection", "poker.view_timecollectionvoid", "count.view_variance",
        "count.view_varianceexplanation", *PEOPLE, *SEATING, "players.view_seatingrefused",
        *COMPS, "comps.add_compdecision", "comps.add_comprules", "comps.change_comprules",
        "comps.add_complimit", "comps.change_complimit", "comps.view_comprulesevent",
        "comps.view_complimitevent", *FLOOR_MOVES, "pit.add_rotationrules",
        "pit.change_rotationrules", "pit.add_dealergames", "pit.change_dealergames",
        "pit.view_rotationrulesevent", "pit.view_dealergamesevent", *CARD_ROOM, *HELD,
    },
    "dealer": {
        "terms.view_paytable", "jackpots.view_progressive", "terms.view_rakeschedule",
        "chips.add_chipslipsignature", "chips.add_inventorysignature", "poker.add_pokerhand",
        "stud.add_studround", "poker.add_timecollection", "house.view_casino",
        "chips.view_chipslip", "chips.view_inventoryslip", "poker.view_pokerhand",
        "poker.view_pokerpot", "poker.view_pokerseat", "stud.view_studround",
        "stud.view_studseat", "floor.view_table", "poker.view_timecollection",
        "players.view_player",  # the first name and tier of those seated at his tables
        *SEATING, *FLOOR_MOVES, *HELD, "offline.add_heldentry",
    },
    "accountant": {
        "jackpots.view_jackpothit", "jackpots.view_meterentry", "analysis.view_paranalysis",
        "terms.view_paytable", "jackpots.view_progressive", "terms.view_rakeschedule",
        "chips.view_accountingrules", "poker.view_badbeatentry", "poker.view_badbeatfund",
        "count.view_boxcount", "house.view_casino", "chips.view_chiprequest",
        "chips.view_chipslip", "chips.view_chipslipsignature", "chips.view_chipslipvoid",
        "reports.view_closedday", "count.view_countcorrection", "chips.view_discrepancy",
        "chips.view_inventorysignature", "chips.view_inventoryslip",
        "reports.view_meterfigure", "reports.view_tablehour", "poker.view_pokerhand",
        "poker.view_pokerhandvoid",
        "poker.view_pokerpot", "poker.view_pokerseat", "reports.view_rakefigure",
        "chips.view_slipseries", "reports.view_studfigure", "stud.view_studround",
        "stud.view_studroundvoid", "stud.view_studseat", "floor.view_table",
        "floor.view_tabledealer", "poker.view_timecollection",
        "poker.view_timecollectionvoid", "count.view_variance",
        "count.view_varianceexplanation", "pit.view_dealermove",
    },
    "cage": {
        "chips.add_chipslip", "chips.add_chipslipvoid", "house.view_casino",
        "chips.view_chiprequest", "chips.view_chipslip", "chips.view_chipslipsignature",
        "chips.view_chipslipvoid", "chips.view_slipseries", "floor.view_table",
    },
    "count": {
        "count.add_boxcount", "count.add_countcorrection", "count.view_boxcount",
        "house.view_casino", "count.view_countcorrection", "floor.view_table",
        "count.view_variance",
    },
    "group_supervisor": {
        "terms.add_paytable", "jackpots.add_progressive", "terms.add_rakeschedule",
        "terms.change_paytable", "jackpots.change_progressive", "terms.change_rakeschedule",
        "jackpots.view_meterentry", "analysis.view_paranalysis", "terms.view_paytable",
        "terms.view_paytableevent", "jackpots.view_progressive",
        "jackpots.view_progressiveevent", "terms.view_rakeschedule",
        "terms.view_rakescheduleevent",
        # A group-wide exclusion is lifted by a group supervisor (issue 44, point 14).
        *PEOPLE,
    },
    "host": {*PEOPLE, "players.view_rating", "players.view_ratingchange",
             "players.view_seatingrefused", *COMPS},
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
