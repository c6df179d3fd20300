"""Tournament.slug: the tournament's name in commands (python manage.py print_round),
unique on the whole site. Existing tournaments get theirs here, made as
tournaments.models.free_slug makes them (repeated, so that this migration never imports
the app): the name, then with the date, then with -2, -3, ..."""

from django.db import migrations, models
from django.utils.text import slugify


def _candidates(name, date):
    base = slugify(name)[:100].strip("-") or "tournament"
    return base, f"{base}-{date}"


def fill_slugs(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    taken = set(Tournament.objects.exclude(slug="").values_list("slug", flat=True))
    changed = []
    for tournament in Tournament.objects.filter(slug="").order_by("date", "pk").iterator():
        first, dated = _candidates(tournament.name, tournament.date)
        slug = first if first not in taken else dated
        number = 2
        while slug in taken:
            slug = f"{dated}-{number}"
            number += 1
        taken.add(slug)
        tournament.slug = slug
        changed.append(tournament)
    Tournament.objects.bulk_update(changed, ["slug"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_seasons_tournaments_draw"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="slug",
            field=models.SlugField(
                blank=True, editable=False, max_length=120, verbose_name="short name"
            ),
        ),
        migrations.RunPython(fill_slugs, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.UniqueConstraint(
                condition=models.Q(("slug", ""), _negated=True),
                fields=("slug",),
                name="tournament_slug_unique",
            ),
        ),
    ]
