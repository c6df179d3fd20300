from django.contrib import admin

from clubs.admin import ReadOnlyAdmin

from .models import PrintJob


@admin.register(PrintJob)
class PrintJobAdmin(ReadOnlyAdmin):
    """Print jobs are made by the directors' buttons and the worker (printing.jobs); here
    site administrators only look, e.g. at a job's attempts and heartbeat."""

    list_display = (
        "id",
        "club",
        "tournament",
        "round",
        "kind",
        "status",
        "done",
        "total",
        "attempts",
        "heartbeat",
        "created_at",
    )
    list_filter = ("status", "kind", "club")
    raw_id_fields = ("tournament", "round", "created_by")
    list_select_related = ("club", "tournament", "round")
