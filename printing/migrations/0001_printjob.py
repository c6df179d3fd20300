# The print jobs move from scoring to the printing app (issue 40). Only Django's picture
# of the models moves: the table keeps its name (PrintJob.Meta.db_table), so no row
# moves, an existing database migrates without touching its data, and a backup made
# before restores. scoring.0005 takes the model out of scoring's picture after this.

import uuid

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_type_to_printing(apps, schema_editor):
    """The model's content type (and so its permissions) follows it, unless one was made
    for printing already."""
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    if not content_type.objects.using(db).filter(app_label="printing", model="printjob").exists():
        content_type.objects.using(db).filter(app_label="scoring", model="printjob").update(
            app_label="printing"
        )


def content_type_to_scoring(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    if not content_type.objects.using(db).filter(app_label="scoring", model="printjob").exists():
        content_type.objects.using(db).filter(app_label="printing", model="printjob").update(
            app_label="scoring"
        )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("clubs", "0001_clubs_members_roles_log"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("scoring", "0004_eveningcount"),
        ("tournaments", "0001_seasons_tournaments_draw"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="PrintJob",
                    fields=[
                        (
                            "id",
                            models.UUIDField(
                                default=uuid.uuid4, editable=False, primary_key=True, serialize=False
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[("round", "round pack"), ("tournament", "tournament pack")],
                                max_length=12,
                                verbose_name="kind",
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("queued", "waiting"),
                                    ("running", "being made"),
                                    ("done", "ready"),
                                    ("failed", "failed"),
                                ],
                                default="queued",
                                max_length=10,
                                verbose_name="status",
                            ),
                        ),
                        ("done", models.PositiveIntegerField(default=0, verbose_name="documents done")),
                        ("total", models.PositiveIntegerField(default=0, verbose_name="documents")),
                        ("attempts", models.PositiveSmallIntegerField(default=0, verbose_name="attempts")),
                        (
                            "heartbeat",
                            models.DateTimeField(blank=True, null=True, verbose_name="last sign of life"),
                        ),
                        ("task_id", models.CharField(blank=True, max_length=64, verbose_name="task")),
                        ("base_url", models.CharField(max_length=200, verbose_name="site address")),
                        ("file", models.CharField(blank=True, max_length=200, verbose_name="file")),
                        (
                            "filename",
                            models.CharField(blank=True, max_length=200, verbose_name="file name"),
                        ),
                        ("error", models.CharField(blank=True, max_length=500, verbose_name="error")),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="asked")),
                        ("started_at", models.DateTimeField(blank=True, null=True, verbose_name="started")),
                        (
                            "finished_at",
                            models.DateTimeField(blank=True, null=True, verbose_name="finished"),
                        ),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="print_jobs",
                                to="clubs.club",
                                verbose_name="club",
                            ),
                        ),
                        (
                            "created_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                                verbose_name="asked by",
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="print_jobs",
                                to="tournaments.round",
                                verbose_name="round",
                            ),
                        ),
                        (
                            "tournament",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="print_jobs",
                                to="tournaments.tournament",
                                verbose_name="tournament",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "print job",
                        "verbose_name_plural": "print jobs",
                        "db_table": "scoring_printjob",
                        "ordering": ["-created_at"],
                        "indexes": [
                            models.Index(
                                fields=["tournament", "-created_at"], name="printjob_tournament_recent"
                            ),
                            models.Index(fields=["status", "heartbeat"], name="printjob_status_heartbeat"),
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_type_to_printing, content_type_to_scoring),
    ]
