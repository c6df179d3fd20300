"""How much the previous season's tablemates count in the draw (Season.previous_season_weight,
half by default)."""

from decimal import Decimal

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_tournament_confirm_by"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="previous_season_weight",
            field=models.DecimalField(
                decimal_places=2,
                default=Decimal("0.50"),
                help_text=(
                    "How much sitting together in the previous season counts when tables "
                    "are drawn: 0 not at all, 1 as much as in this season."
                ),
                max_digits=3,
                validators=[
                    django.core.validators.MinValueValidator(0),
                    django.core.validators.MaxValueValidator(1),
                ],
                verbose_name="weight of the previous season in the draw",
            ),
        ),
    ]
