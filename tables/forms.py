"""Forms of the floor's pages that are not the API's serializers."""

from __future__ import annotations

from django import forms

from payouts.models import Paytable
from payouts.terms.versioning import PublicationStatus


class AssignPaytableForm(forms.Form):
    paytable = forms.ModelChoiceField(
        queryset=Paytable.objects.filter(status=PublicationStatus.PUBLISHED),
        empty_label="— choose a published paytable —")
