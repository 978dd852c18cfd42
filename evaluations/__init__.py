"""Evaluation runs and what-ifs (docs/design.md#evaluation-runs): golden question sets uploaded
for a lane, run as jobs, stored with every question's outcome per mode and the policy they ran
under, compared run with run, and the what-if of an unsaved tier order, floor or profile.

It sits above ``answers`` (it asks through the one evaluation loop, ``answers.evaluation``) and
below the project package; nothing in the apps below imports it."""
