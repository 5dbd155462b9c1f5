"""The chips' addresses: the pit's chips page, a table's openers, closers, fills and
credits, a casino's accounting rules, the signatures, and the cage's pages."""

from django.urls import path

from tables.chips import cage_views, views

urlpatterns = [
    path("pit/chips/", views.pit_chips, name="pit-chips"),
    path("pit/tables/<int:pk>/chips/<str:kind>/", views.table_chips, name="pit-table-chips"),
    path("pit/casinos/<int:pk>/accounting-rules/", views.accounting_rules,
         name="pit-accounting-rules"),
    path("inventory-slips/<int:pk>/sign/", views.inventory_slip_sign,
         name="inventory-slip-sign"),
    path("chip-slips/<int:pk>/sign/", views.chip_slip_sign, name="chip-slip-sign"),
    path("dealer/slips/", views.dealer_slips, name="dealer-slips"),
    path("cage/", cage_views.cage, name="cage"),
    path("cage/requests/<int:pk>/issue/", cage_views.request_issue, name="cage-issue"),
    path("cage/slips/<int:pk>/", cage_views.slip_page, name="cage-slip"),
]
