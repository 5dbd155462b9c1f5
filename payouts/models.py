"""Django finds an app's models here: each subdomain keeps its own."""

from payouts.analysis.models import AnalysisStatus, ParAnalysis
from payouts.jackpots.models import (
    HitStatus,
    JackpotHit,
    LedgerCheck,
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
    ReconciliationCheck,
)
from payouts.terms.models import CapScope, Method, Paytable, RakeSchedule

__all__ = ["AnalysisStatus", "CapScope", "HitStatus", "JackpotHit", "LedgerCheck", "MeterEntry",
           "MeterKind", "MeterName", "Method", "ParAnalysis", "Paytable", "Progressive",
           "RakeSchedule", "ReconciliationCheck"]
