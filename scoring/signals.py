"""What scoring reports to the apps above it. Scoring does not decide a round's status
(evenings does, alone): it says that a table's results changed, in the same transaction.

`results_changed(round_id, entered)`: `entered` when a result was entered (the round is
being played), else when one was confirmed, corrected or rejected (the round may be
complete now, or no longer)."""

from django.dispatch import Signal

results_changed = Signal()
