"""A member's personal code (made when first needed, unique in the club)."""

from django.db import migrations, models
from django.db.models import Q


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0002_idempotent_answers"),
    ]

    operations = [
        migrations.AddField(
            model_name="member",
            name="personal_code",
            field=models.CharField(
                blank=True, editable=False, max_length=8, verbose_name="personal code"
            ),
        ),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.UniqueConstraint(
                condition=~Q(personal_code=""),
                fields=("club", "personal_code"),
                name="member_code_unique_in_club",
            ),
        ),
    ]
