from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def log_labels() -> None:
    """The words of what tournaments logs (seasons, evenings, entries, teams, the clock),
    for the club's log (clubs.log_labels)."""
    from clubs.log_labels import register  # noqa: PLC0415

    register(
        "tournaments",
        actions={
            "season.created": _("season created"),
            "season.changed": _("season changed"),
            "tournament.created": _("tournament created"),
            "tournament.changed": _("tournament changed"),
            "entry.added": _("player registered"),
            "entry.status": _("check-in changed"),
            "team.created": _("team made"),
            "team.deleted": _("team split"),
            "team.swapped": _("players swapped between teams"),
            "clock.started": _("round clock started"),
            "clock.paused": _("round clock paused"),
            "clock.resumed": _("round clock resumed"),
            "clock.extended": _("minutes added to the round clock"),
        },
        data={
            "evening": _("evening"),
            "game": _("game"),
            "date": _("date"),
            "guest": _("guest"),
            "present": _("present"),
            "status": _("status"),
            "players": _("players"),
            "round": _("round"),
            "table": _("table"),
            "best_of": _("best evenings counted"),
            "min_attendance": _("minimum attendance"),
            "count_by": _("ranked by"),
            "previous_season_weight": _("weight of the previous season"),
            "left": _("time left"),
            "minutes": _("minutes"),
            "round_minutes": _("round clock (minutes per round)"),
            "bulk": _("checked in with"),
            "from_teams": _("teams before"),
            "drawn": _("drawn by lot"),
        },
        values={
            "bulk": {
                "last_evening": _("everyone of the last evening"),
                "all_members": _("all active members"),
            },
        },
        hidden=("tournament", "entry", "team", "season", "entries"),
        evening=True,
    )


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:

        log_labels()
