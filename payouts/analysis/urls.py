"""The game math's addresses: a paytable's and a meter's analysis panels, an analysis's
state and par sheet; and the analyses in the API."""

from django.urls import path

from payouts.analysis import api, views

urlpatterns = [
    path("pit/paytables/<int:pk>/analysis/", views.analysis_panel,
         name="pit-paytable-analysis"),
    path("pit/analyses/<int:pk>/state.json", views.analysis_state, name="pit-analysis-state"),
    path("pit/analyses/<int:pk>/par-sheet.pdf", views.par_sheet_pdf, name="pit-par-sheet"),
    path("pit/progressives/<int:pk>/side-wager/", views.side_wager_panel,
         name="pit-progressive-side-wager"),
    path("api/v1/paytables/<int:pk>/analysis/", api.PaytableAnalysisView.as_view(),
         name="paytable-analysis"),
    path("api/v1/progressives/<int:pk>/analysis/", api.ProgressiveAnalysisView.as_view(),
         name="progressive-analysis"),
]
