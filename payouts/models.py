"""Django finds an app's models here: each subdomain keeps its own."""

from payouts.analysis.models import AnalysisStatus, ParAnalysis
from payouts.jackpots.ledger_ends import MeterLedgerEnd
from payouts.jackpots.models import (
    CorrectionConfirmation,
    HitApproval,
    HitStatus,
    JackpotHit,
    LedgerCheck,
    MeterEntry,
    MeterKind,
    MeterName,
    Progressive,
    ReconciliationCheck,
    TinDisclosure,
    W2GPlayer,
)
from payouts.terms.models import CapScope, Method, Paytable, RakeSchedule

__all__ = ["AnalysisStatus", "CapScope", "CorrectionConfirmation", "HitApproval", "HitStatus",
           "JackpotHit", "LedgerCheck", "MeterEntry", "MeterKind", "MeterLedgerEnd",
           "MeterName", "Method", "ParAnalysis", "Paytable", "Progressive", "RakeSchedule",
           "ReconciliationCheck", "TinDisclosure", "W2GPlayer"]
