"""The accounting's addresses: the accountant's page, the reports and their exports, the
closed days; and the reports in the API."""

from django.urls import path

from tables.reports import api, views

urlpatterns = [
    path("accounting/", views.accounting, name="accounting"),
    path("accounting/reports/<str:name>/", views.report_page, name="report"),
    path("accounting/reports/<str:name>/export/", views.export_request,
         name="report-export-request"),
    path("accounting/exports/<int:pk>/", views.export_page, name="report-export"),
    path("accounting/exports/<int:pk>/state.json", views.export_state,
         name="report-export-state"),
    path("accounting/exports/<int:pk>/download/", views.export_download,
         name="report-export-download"),
    path("accounting/closed-days/", views.closed_days, name="closed-days"),
    path("api/v1/reports/rake/", api.RakeReportView.as_view(), name="report-rake"),
    path("api/v1/reports/jackpots/", api.JackpotReportView.as_view(), name="report-jackpots"),
    path("api/v1/reports/stud/", api.StudReportView.as_view(), name="report-stud"),
    path("api/v1/reports/stud/seats/", api.StudSeatExportView.as_view(),
         name="report-stud-seats"),
    path("api/v1/reports/master-games/", api.MasterGamesReportView.as_view(),
         name="report-master-games"),
    path("api/v1/reports/slips/", api.SlipsReportView.as_view(), name="report-slips"),
    path("api/v1/reports/count/", api.CountReportView.as_view(), name="report-count"),
    path("api/v1/reports/hold/", api.HoldReportView.as_view(), name="report-hold"),
    path("api/v1/reports/players/", api.PlayersReportView.as_view(), name="report-players"),
    path("api/v1/reports/top-players/", api.TopPlayersReportView.as_view(),
         name="report-top-players"),
    path("api/v1/reports/comp-liability/", api.CompLiabilityReportView.as_view(),
         name="report-comp-liability"),
    path("api/v1/reports/dealers/", api.DealersReportView.as_view(), name="report-dealers"),
    path("api/v1/reports/hours/", api.HoursReportView.as_view(), name="report-hours"),
]
