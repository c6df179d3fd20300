from django.contrib import admin

from clubs.admin import ReadOnlyAdmin

from .models import ResultEntry


@admin.register(ResultEntry)
class ResultEntryAdmin(ReadOnlyAdmin):
    """Results are entered, confirmed and corrected on the club's pages (scoring.services
    keeps the history and the action log); here site administrators only look."""

    list_display = (
        "table",
        "status",
        "disputed",
        "finished",
        "entered_by_name",
        "via",
        "confirmed_by_name",
        "created_at",
    )
    list_filter = ("status", "disputed", "via", "table__round__tournament__club")
    search_fields = ("entered_by_name", "confirmed_by_name", "note")
    raw_id_fields = ("table", "replaces", "entered_by_entry", "confirmed_by_entry")
    list_select_related = ("table",)
