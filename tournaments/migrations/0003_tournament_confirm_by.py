"""Who confirms results (Tournament.confirm_by: existing tournaments get their kind's
default, as Tournament.save gives new ones: a championship personal codes, an evening
the table), a table link's version (renewing a link stops the old one), and a guest's
personal code."""

from django.db import migrations, models


def fill_confirm_by(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(kind="championship").update(confirm_by="codes")
    Tournament.objects.exclude(kind="championship").update(confirm_by="table")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_tournament_slug"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="confirm_by",
            field=models.CharField(
                blank=True,
                choices=[
                    ("table", "another side of the table, choosing their name"),
                    ("codes", "another side of the table, with their personal code or phone"),
                    ("director", "a director, for every result"),
                ],
                help_text=(
                    "Who may confirm a result entered at a table. Empty: a game evening "
                    "trusts the table, a championship asks for personal codes."
                ),
                max_length=10,
                verbose_name="results are confirmed by",
            ),
        ),
        migrations.RunPython(fill_confirm_by, migrations.RunPython.noop),
        migrations.AddField(
            model_name="table",
            name="link_version",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="entry",
            name="guest_code",
            field=models.CharField(
                blank=True, editable=False, max_length=8, verbose_name="personal code"
            ),
        ),
    ]
