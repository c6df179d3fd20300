from django.contrib import admin

from clubs.admin import ReadOnlyAdmin

from .models import Bye, Entry, Round, Season, Seat, Table, Team, Tournament


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdmin):
    list_display = ("name", "club", "game", "best_of", "min_attendance")
    list_filter = ("club", "game")
    search_fields = ("name",)


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "club", "date", "game", "table_size", "teams", "status")
    list_filter = ("club", "game", "status")
    search_fields = ("name", "slug")
    date_hierarchy = "date"


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    list_display = ("name", "tournament")
    list_select_related = ("tournament",)


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ("name", "tournament", "status", "team", "checked_in_at")
    list_filter = ("status",)
    list_select_related = ("member", "tournament", "team")
    search_fields = ("member__name", "guest_name")
    raw_id_fields = ("member", "tournament", "team")


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "status", "repeats", "drawn_at")
    list_filter = ("status",)
    list_select_related = ("tournament",)


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ("round", "number", "version")
    list_select_related = ("round",)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("table", "position", "side", "entry")
    list_select_related = ("table", "entry__member")


@admin.register(Bye)
class ByeAdmin(ReadOnlyAdmin):
    list_display = ("round", "entry")
    list_select_related = ("round", "entry__member")
