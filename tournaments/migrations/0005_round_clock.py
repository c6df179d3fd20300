"""The round clock: minutes per round on the tournament (45 for new tournaments; none
for those made before, which had no clock) and the clock's stored moments on the round."""

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_season_previous_season_weight"),
    ]

    operations = [
        # Added empty (existing tournaments get no clock), then given the default of new ones.
        migrations.AddField(
            model_name="tournament",
            name="round_minutes",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="round clock (minutes per round)"
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="round_minutes",
            field=models.PositiveSmallIntegerField(
                blank=True,
                default=45,
                help_text=(
                    "How long a round lasts on the round clock, which the director starts on "
                    "the round's page and the venue screen shows. Empty: no clock."
                ),
                null=True,
                validators=[
                    django.core.validators.MinValueValidator(1),
                    django.core.validators.MaxValueValidator(240),
                ],
                verbose_name="round clock (minutes per round)",
            ),
        ),
        migrations.AddField(
            model_name="round",
            name="clock_started_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="clock started"),
        ),
        migrations.AddField(
            model_name="round",
            name="clock_running_since",
            field=models.DateTimeField(blank=True, null=True, verbose_name="clock running since"),
        ),
        migrations.AddField(
            model_name="round",
            name="clock_elapsed_seconds",
            field=models.PositiveIntegerField(default=0, verbose_name="clock seconds run"),
        ),
        migrations.AddField(
            model_name="round",
            name="clock_extra_minutes",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="minutes added"),
        ),
    ]
