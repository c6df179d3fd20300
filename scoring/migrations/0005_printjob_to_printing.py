# The print jobs moved to the printing app (issue 40, printing.0001): scoring's picture of
# its models lets go of PrintJob. The table stays, now printing's (db_table kept).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("printing", "0001_printjob"),
        ("scoring", "0004_eveningcount"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="PrintJob")],
            database_operations=[],
        ),
    ]
