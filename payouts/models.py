"""Django finds an app's models here: each subdomain keeps its own."""

from payouts.jackpots.models import (
    HitStatus,
    JackpotHit,
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
    ReconciliationCheck,
)
from payouts.terms.models import Paytable

__all__ = ["HitStatus", "JackpotHit", "MeterEntry", "MeterKind", "MeterName", "Paytable",
           "Progressive", "ReconciliationCheck"]
