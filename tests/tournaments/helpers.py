"""What the tournament tests share: URLs, form data as a browser sends it, entries, and
a draw taken back at the worst moment."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation

from evenings.services import round_undraw
from games import registry
from tournaments.forms import option_field_name, shown_options
from tournaments.models import Round

from ..factories import EntryFactory, MemberFactory

CLUB = {"club_slug": "rooi"}


def url(name: str, **kwargs) -> str:
    return reverse(name, kwargs={**CLUB, **kwargs})


def option_defaults() -> dict[str, str]:
    """Every game's option fields as the form shows them first: the defaults (a browser
    sends a ticked box as "on" and leaves an unticked one out)."""
    data = {}
    for spec in registry.games():
        for option in shown_options(spec):
            name = option_field_name(spec.name, option)
            if option.kind is bool:
                if option.default:
                    data[name] = "on"
            elif option.default is not None:
                data[name] = str(option.default)
    return data


def tournament_data(game: str = "duizenden", **fields) -> dict[str, str]:
    """A valid new tournament's form, with `fields` changed (None leaves a field out)."""
    data = {
        "name": "Vrijdagavond",
        "kind": "evening",
        "date": "2026-12-04",
        "season": "",
        "game": game,
        "table_size": "4",
        "teams": "none",
        "scheme": "rank",
        "win_points": "2",
        "draw_points": "1",
        "loss_points": "0",
        "rounds_planned": "4",
        "entering": "summary",
        "counts_for_rating": "on",  # checked, as the form shows it
        "balance": "none",
        **option_defaults(),
    }
    data.update({key: str(value) for key, value in fields.items() if value is not None})
    for key in [key for key, value in fields.items() if value is None]:
        data.pop(key, None)
    return data


def field_errors(response, form: str = "form") -> dict[str, list[str]]:
    """The form's errors in the page's language (Django's own messages are lazy: read
    after the request, they would be in the default language)."""
    with translation.override(response["Content-Language"]):
        return {
            field: [str(message) for message in errors]
            for field, errors in response.context[form].errors.items()
        }


def new_entries(tournament, count: int, club) -> list:
    """`count` new members of `club`, each entered (present) in `tournament`."""
    return [
        EntryFactory(tournament=tournament, member=MemberFactory(club=club)) for _ in range(count)
    ]


def undrawn_just_before(service, round_, actor):
    """`service`, but `actor` (another director) takes `round_`'s draw back just before it
    runs: the moment two directors press their buttons at once, made certain. (The undraw
    is the real service even while a test patches `evenings.services.round_undraw`.)"""

    def run(**kwargs):
        round_undraw(round_=Round.objects.get(pk=round_.pk), actor=actor)
        return service(**kwargs)

    return run
