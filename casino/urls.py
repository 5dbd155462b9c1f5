"""Every address of the service, grouped by the subdomain that answers it."""

import datetime as dt

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from casino import views
from casino.common import api
from casino.common.pages import EARLIEST_DAY, LATEST_DAY
from payouts.analysis import api as analysis_api
from payouts.analysis import views as analysis_views
from payouts.jackpots import api as jackpots_api
from payouts.jackpots import views as jackpots_views
from payouts.terms import api as terms_api
from payouts.terms import views as terms_views
from tables.chips import cage_views
from tables.chips import views as chips_views
from tables.count import views as count_views
from tables.floor import api as floor_api
from tables.floor import views as floor_views
from tables.poker import api as poker_api
from tables.poker import views as poker_views
from tables.reports import api as reports_api
from tables.reports import views as reports_views
from tables.stud import api as stud_api
from tables.stud import views as stud_views


class DayConverter:
    """A gaming day in an address, 2026-11-30 (a day that does not exist, or outside the
    books' range: no address)."""

    regex = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"

    def to_python(self, value: str) -> dt.date:
        day = dt.date.fromisoformat(value)  # a ValueError: the pattern does not match
        if not EARLIEST_DAY <= day <= LATEST_DAY:
            raise ValueError(f"{day} is not a day of the books")
        return day

    def to_url(self, value) -> str:
        return value.isoformat() if isinstance(value, dt.date) else str(value)


register_converter(DayConverter, "day")

router = DefaultRouter()
router.register("casinos", floor_api.CasinoViewSet, basename="casino")
router.register("tables", floor_api.TableViewSet, basename="table")
router.register("users", floor_api.UserViewSet, basename="user")
router.register("paytables", terms_api.PaytableViewSet, basename="paytable")
router.register("rake-schedules", terms_api.RakeScheduleViewSet, basename="rake-schedule")
router.register("stud-rounds", stud_api.StudRoundViewSet, basename="stud-round")
router.register("progressives", jackpots_api.ProgressiveViewSet, basename="progressive")
router.register("jackpot-hits", jackpots_api.JackpotHitViewSet, basename="jackpot-hit")
router.register("poker-hands", poker_api.PokerHandViewSet, basename="poker-hand")
router.register("time-collections", poker_api.TimeCollectionViewSet, basename="time-collection")
router.register("bad-beat-funds", poker_api.BadBeatFundViewSet, basename="bad-beat-fund")

project = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]

floor = [
    path("pit/tables/<int:pk>/paytable/", floor_views.table_assign, name="table-assign"),
    path("pit/tables/<int:pk>/poker/", floor_views.table_settings, name="pit-poker-settings"),
    path("pit/tables/<int:pk>/history/", floor_views.table_history, name="table-history"),
    path("pit/progressives/<int:pk>/tables/", floor_views.progressive_tables,
         name="pit-progressive-tables"),
    path("pit/dealers/", floor_views.dealers, name="pit-dealers"),
    path("pit/dealers/<int:pk>/tables/", floor_views.dealer_tables, name="pit-dealer-tables"),
    path("pit/dealers/<int:pk>/active/", floor_views.dealer_active, name="pit-dealer-active"),
]

stud = [
    path("dealer/tables/<int:pk>/round/", stud_views.round_form, name="dealer-round-form"),
    path("rounds/<int:pk>/", stud_views.round_result, name="dealer-round"),
    path("rounds/<int:pk>/void/", stud_views.round_void, name="round-void"),
    path("api/v1/tables/<int:pk>/stud-rounds/", stud_api.TableStudRoundsView.as_view(),
         name="table-stud-rounds"),
]

poker = [
    path("dealer/tables/<int:pk>/poker/", poker_views.quick_form, name="dealer-poker"),
    path("dealer/tables/<int:pk>/poker/full/", poker_views.full_form, name="dealer-poker-full"),
    path("dealer/tables/<int:pk>/poker/time/", poker_views.time_collect,
         name="dealer-poker-time"),
    path("poker-hands/<int:pk>/", poker_views.hand_result, name="poker-hand"),
    path("poker-hands/<int:pk>/void/", poker_views.hand_void, name="poker-hand-void"),
    path("pit/tables/<int:pk>/time-collections/", poker_views.table_collections,
         name="pit-time-collections"),
    path("time-collections/<int:pk>/void/", poker_views.collection_void,
         name="time-collection-void"),
    path("api/v1/tables/<int:pk>/poker-hands/", poker_api.TablePokerHandsView.as_view(),
         name="table-poker-hands"),
    path("api/v1/tables/<int:pk>/next-hand/", poker_api.TableNextHandView.as_view(),
         name="table-next-hand"),
    path("api/v1/tables/<int:pk>/raise-limits/", poker_api.TableRaiseLimitsView.as_view(),
         name="table-raise-limits"),
    path("api/v1/tables/<int:pk>/time-collections/",
         poker_api.TableTimeCollectionsView.as_view(), name="table-time-collections"),
]

# The Pit overview and the dealer's page show the chips and the count beside the floor:
# each is answered by the highest subdomain it shows (tables.count.views.pit,
# tables.chips.views.dealer), which adds its part to the floor's.
chips = [
    path("dealer/", chips_views.dealer, name="dealer"),
    path("pit/chips/", count_views.pit_chips, name="pit-chips"),
    path("pit/tables/<int:pk>/chips/<str:kind>/", chips_views.table_chips,
         name="pit-table-chips"),
    path("pit/casinos/<int:pk>/accounting-rules/", chips_views.accounting_rules,
         name="pit-accounting-rules"),
    path("inventory-slips/<int:pk>/sign/", chips_views.inventory_slip_sign,
         name="inventory-slip-sign"),
    path("chip-slips/<int:pk>/sign/", chips_views.chip_slip_sign, name="chip-slip-sign"),
    path("cage/", cage_views.cage, name="cage"),
    path("cage/requests/<int:pk>/issue/", cage_views.request_issue, name="cage-issue"),
    path("cage/slips/<int:pk>/", cage_views.slip_page, name="cage-slip"),
]

count = [
    path("pit/", count_views.pit, name="pit"),
    path("pit/variances/", count_views.variance_list, name="pit-variances"),
    path("pit/variances/<int:pk>/", count_views.variance_detail, name="pit-variance"),
    path("count/", count_views.count_room, name="count"),
    path("count/boxes/<int:table>/<day:day>/<int:shift>/", count_views.box, name="count-box"),
    path("count/counts/<int:pk>/", count_views.count_detail, name="count-detail"),
    path("count/counts/<int:pk>/correct/", count_views.count_correction,
         name="count-correct"),
]

reports = [
    path("accounting/", reports_views.accounting, name="accounting"),
    path("accounting/reports/<str:name>/", reports_views.report_page, name="report"),
    path("accounting/reports/<str:name>/export/", reports_views.export_request,
         name="report-export-request"),
    path("accounting/exports/<int:pk>/", reports_views.export_page, name="report-export"),
    path("accounting/exports/<int:pk>/state.json", reports_views.export_state,
         name="report-export-state"),
    path("accounting/exports/<int:pk>/download/", reports_views.export_download,
         name="report-export-download"),
    path("accounting/closed-days/", reports_views.closed_days, name="closed-days"),
    path("api/v1/reports/rake/", reports_api.RakeReportView.as_view(), name="report-rake"),
    path("api/v1/reports/jackpots/", reports_api.JackpotReportView.as_view(),
         name="report-jackpots"),
    path("api/v1/reports/stud/", reports_api.StudReportView.as_view(), name="report-stud"),
    path("api/v1/reports/stud/seats/", reports_api.StudSeatExportView.as_view(),
         name="report-stud-seats"),
    path("api/v1/reports/master-games/", reports_api.MasterGamesReportView.as_view(),
         name="report-master-games"),
    path("api/v1/reports/slips/", reports_api.SlipsReportView.as_view(), name="report-slips"),
    path("api/v1/reports/count/", reports_api.CountReportView.as_view(), name="report-count"),
    path("api/v1/reports/hold/", reports_api.HoldReportView.as_view(), name="report-hold"),
]

terms = [
    path("pit/paytables/<int:pk>/analysis/", analysis_views.analysis_panel,
         name="pit-paytable-analysis"),
    path("pit/analyses/<int:pk>/state.json", analysis_views.analysis_state,
         name="pit-analysis-state"),
    path("pit/analyses/<int:pk>/par-sheet.pdf", analysis_views.par_sheet_pdf,
         name="pit-par-sheet"),
    path("pit/progressives/<int:pk>/side-bet/", analysis_views.side_bet_panel,
         name="pit-progressive-side-bet"),
    path("api/v1/paytables/<int:pk>/analysis/", analysis_api.PaytableAnalysisView.as_view(),
         name="paytable-analysis"),
    path("api/v1/progressives/<int:pk>/analysis/",
         analysis_api.ProgressiveAnalysisView.as_view(), name="progressive-analysis"),
    path("pit/paytables/", terms_views.paytable_list, name="pit-paytable-list"),
    path("pit/paytables/new/", terms_views.paytable_create, name="pit-paytable-create"),
    path("pit/paytables/compare/", terms_views.paytable_compare, name="pit-paytable-compare"),
    path("pit/paytables/<int:pk>/", terms_views.paytable_detail, name="pit-paytable"),
    path("pit/paytables/<int:pk>/<str:action>/", terms_views.paytable_transition,
         name="pit-paytable-transition"),
    path("pit/rake-schedules/", terms_views.schedule_list, name="pit-schedule-list"),
    path("pit/rake-schedules/<int:pk>/", terms_views.schedule_detail, name="pit-schedule"),
    path("pit/rake-schedules/<int:pk>/<str:action>/", terms_views.schedule_transition,
         name="pit-schedule-transition"),
]

jackpots = [
    path("pit/progressives/", jackpots_views.progressive_list, name="pit-progressive-list"),
    path("pit/progressives/new/", jackpots_views.progressive_create,
         name="pit-progressive-create"),
    path("pit/progressives/<int:pk>/edit/", jackpots_views.progressive_edit,
         name="pit-progressive-edit"),
    path("pit/progressives/<int:pk>/correct/", jackpots_views.progressive_correct,
         name="pit-progressive-correct"),
    path("pit/progressives/<int:pk>/", jackpots_views.progressive_detail,
         name="pit-progressive"),
    path("pit/jackpot-hits/<int:pk>/approve/", jackpots_views.hit_approve,
         name="pit-hit-approve"),
    path("pit/jackpot-hits/<int:pk>/w2g/", jackpots_views.w2g_form, name="pit-hit-w2g"),
    path("sign/<int:pk>/", jackpots_views.sign, name="sign"),
    path("sign/<int:pk>/state.json", jackpots_views.sign_state, name="sign-state"),
]

api_urls = [
    path("api/v1/auth/token/", api.TokenView.as_view(), name="api-token"),
    path("api/v1/auth/logout/", api.LogoutView.as_view(), name="api-logout"),
    path("api/v1/", include(router.urls)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api.ApiDocsView.as_view(url_name="api-schema"), name="api-docs"),
]

urlpatterns = [*project, *floor, *stud, *poker, *chips, *count, *reports, *terms, *jackpots,
               *api_urls]
handler404 = "casino.views.not_found"
handler500 = "casino.views.server_error"
