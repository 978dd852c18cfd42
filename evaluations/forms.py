"""Forms of the evaluation pages: every field labelled, errors shown beside the field."""

from __future__ import annotations

from django import forms

from answers.evaluation import RUNS
from answers.services import MODES

RUN_CHOICES = [(run, run) for run in RUNS.split(",")]
EXPECTED_CHOICES = [("", "any"), ("yes", "as expected"), ("no", "not as expected")]


class GoldenUploadForm(forms.Form):
    file = forms.FileField(
        label="Golden CSV",
        help_text="The columns of examples/*/golden.csv, or question, expected, expect_decision "
        "(answer or abstain) with optional correct_docs and trap_docs (separated by |).",
    )
    modes = forms.MultipleChoiceField(
        label="Modes",
        choices=RUN_CHOICES,
        initial=[run for run, _ in RUN_CHOICES],
        widget=forms.CheckboxSelectMultiple,
    )


class WhatIfModeForm(forms.Form):
    """The trust mode a what-if asks in (one mode: it asks every question twice)."""

    what_if_mode = forms.ChoiceField(label="What-if in mode", choices=[(m, m) for m in MODES])
