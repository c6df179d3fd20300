"""What the server saw of the devices that entered and confirmed a result, and the flag
for one device doing both within a few minutes (scoring.services)."""

from django.db import migrations, models


def _fingerprint():
    return models.CharField(blank=True, editable=False, max_length=32)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_printjob"),
        ("tournaments", "0003_tournament_confirm_by"),
    ]

    operations = [
        *(
            migrations.AddField(model_name="resultentry", name=name, field=_fingerprint())
            for name in (
                "entered_session",
                "entered_device",
                "entered_address",
                "confirmed_session",
                "confirmed_device",
                "confirmed_address",
            )
        ),
        migrations.AddField(
            model_name="resultentry",
            name="same_device",
            field=models.CharField(
                blank=True, editable=False, max_length=40, verbose_name="one device"
            ),
        ),
    ]
