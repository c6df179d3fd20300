"""Forms of the tournament pages. They check what a field can check on its own; the set-up
as a whole (table sizes, scheme, Swiss, season) is checked by services.clean_setup, whose
errors the views put back next to the fields they name."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member
from games import registry
from games.base import GameSpec, Option

from . import formats, selectors, services
from .models import MAX_ROUND_MINUTES, Entry, Round, Season, Tournament

#: Game options the tournament sets itself, so the form leaves them out: `players`
#: (MeieRijen, Miezemauzen) is the number of players at a table, set by the table size and
#: the draw; `round_minutes` (Keezen, KZ-9: a round against the clock) is the tournament's
#: round clock. scoring.services.table_options fills both in for each table.
TABLE_OPTIONS = frozenset({"players", "round_minutes"})
#: The most match points for a win, draw or loss: what a small integer column holds on
#: every database (SQLite would take more, PostgreSQL refuse it).
MAX_MATCH_POINTS = 32767


def option_field_name(game: str, option: Option) -> str:
    return f"{game}__{option.name}"


def shown_options(spec: GameSpec) -> list[Option]:
    return [option for option in spec.options if option.name not in TABLE_OPTIONS]


def option_label(option: Option) -> str:
    """A game option's name in the page's language (the form's label and the tournament
    page's)."""
    return gettext(option.label) if option.label else option.name.replace("_", " ")


def option_value(option: Option, value: Any) -> Any:
    """A game option's value as people read it: a choice by its label in the page's
    language; any other value as it is."""
    label = option.choice_label(value)
    return value if label is None else gettext(label)


def option_summary(tournament: Tournament) -> list[tuple[str, Any]]:
    """(name, value) of the tournament's game options, as its page lists them."""
    return [
        (
            option_label(option),
            option_value(option, tournament.options.get(option.name, option.default)),
        )
        for option in shown_options(registry.get(tournament.game))
    ]


def option_field(option: Option) -> forms.Field:
    """A form field for one game option, with the option's bounds and choices. Left
    empty, the option keeps its default."""
    common = {
        "label": option_label(option),
        "help_text": gettext(option.help),
        "required": False,
        "initial": option.default,
    }
    if option.kind is bool:
        return forms.BooleanField(**common)
    if option.offered():
        # a choice with labels in the page's language, never a free text of codes
        choices = [(value, option_value(option, value)) for value in option.offered()]
        if option.default is None:
            choices = [("", "—"), *choices]
        return forms.TypedChoiceField(
            choices=choices, coerce=option.kind, empty_value=None, **common
        )
    if option.kind is int:
        return forms.IntegerField(min_value=option.minimum, max_value=option.maximum, **common)
    return forms.CharField(max_length=200, **common)


def table_size_help() -> str:
    """The table sizes each game allows, e.g. 'MeieRijen: 2, or 4 in teams'."""
    lines = []
    for spec in registry.games():
        alone = formats.sizes(spec.name, teams=False)
        teams = formats.sizes(spec.name, teams=True)
        if alone and teams:
            text = gettext("%(sizes)s, or %(teams)s in teams")
        elif teams:
            text = gettext("%(teams)s in teams")
        else:
            text = "%(sizes)s"
        sizes = text % {"sizes": services.sizes_text(alone), "teams": services.sizes_text(teams)}
        lines.append(f"{spec.title}: {sizes}")
    return "; ".join(lines) + "."


class ServiceFormMixin:
    """A form whose data goes to a service: `values()` are the service's keyword
    arguments; `add_service_error` puts the service's ValidationError next to the field
    it names (else above the form)."""

    def values(self) -> dict[str, Any]:
        return dict(self.cleaned_data)

    def error_field(self, name: str) -> str | None:
        return name if name in self.fields else None

    def add_service_error(self, error: ValidationError) -> None:
        if not hasattr(error, "error_dict"):
            self.add_error(None, error.messages)
            return
        for field, messages in error.message_dict.items():
            self.add_error(self.error_field(field), messages)


class GameOptionsMixin:
    """Every game's options as fields of their own (`<game>__<option>`); only the chosen
    game's count. For the tournament form and the blank score sheets' form, whose pages
    show them with tournaments/_game_options_fields.html."""

    def add_option_fields(
        self, *, game: str = "", current: Mapping[str, Any] | None = None
    ) -> None:
        """A field for each shown option of every game; ``current`` (options of ``game``)
        as their first values."""
        current = current or {}
        self.option_fields: dict[str, list[str]] = {}
        for spec in registry.games():
            names = []
            for option in shown_options(spec):
                name = option_field_name(spec.name, option)
                self.fields[name] = option_field(option)
                if spec.name == game and option.name in current:
                    # an older free text ("swap hands") as the choice it means
                    self.initial[name] = option.shown(current[option.name])
                names.append(name)
            self.option_fields[spec.name] = names

    def game_fieldsets(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """(game name, title, bound option fields) of every game with options to show."""
        return [
            (spec.name, spec.title, [self[name] for name in self.option_fields[spec.name]])
            for spec in registry.games()
            if self.option_fields[spec.name]
        ]

    def chosen_options(self, game: str) -> dict[str, Any]:
        """The options of ``game`` filled in, by option name: an empty field leaves its
        option at its default."""
        options = {}
        for option in shown_options(registry.get(game)):
            value = self.cleaned_data.get(option_field_name(game, option))
            if value is None or (option.kind is str and value == ""):
                continue
            options[option.name] = value
        return options


def own_teams(spec) -> str:
    """How a new tournament of the game ``spec`` plays at its own table size: partners
    drawn per round where that table is played only in teams, else no teams."""
    size = spec.default_players
    team_only = size in formats.sizes(spec.name, teams=True) and size not in formats.sizes(
        spec.name, teams=False
    )
    return Tournament.Teams.DRAWN if team_only else Tournament.Teams.NONE


class TournamentForm(GameOptionsMixin, ServiceFormMixin, forms.ModelForm):
    """A tournament's name, date, game, game options and set-up. Every game's options are
    fields (`<game>__<option>`); only the chosen game's are used."""

    #: The fields services.clean_setup checks together.
    CHECKED_TOGETHER = frozenset(
        {"game", "table_size", "teams", "scheme", "swiss", "entering", "season", "rounds_planned"}
    )

    class Meta:
        model = Tournament
        # The game's options are fields of their own (`<game>__<option>`).
        fields = [name for name in services.TOURNAMENT_FIELDS if name != "options"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, club: Club, drawn: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.drawn = drawn
        self.fields["season"].queryset = Season.objects.filter(club=club).order_by("name")
        self.fields["season"].label_from_instance = lambda season: (
            f"{season.name} ({season.get_game_display()})"
        )
        self.fields["balance"].required = False
        self.fields["table_size"].help_text = table_size_help()
        _bound(self.fields["table_size"], 2, 6)
        _bound(self.fields["rounds_planned"], 1, services.MAX_ROUNDS)
        minutes = self.fields["round_minutes"]
        _bound(minutes, 1, MAX_ROUND_MINUTES)
        minutes.error_messages.update(
            dict.fromkeys(
                ("min_value", "max_value", "invalid"),
                _(
                    "A round lasts between 1 and %(most)s minutes; leave it empty for no "
                    "round clock."
                )
                % {"most": MAX_ROUND_MINUTES},
            )
        )
        for name in ("win_points", "draw_points", "loss_points"):
            _bound(self.fields[name], 0, MAX_MATCH_POINTS)
        self.fields["win_points"].help_text = _("Only with win, draw, loss.")
        self.fields["entering"].help_text = _(
            "Deal by deal needs a game whose results can be entered that way."
        )
        confirm_by = self.fields["confirm_by"]
        confirm_by.choices = [
            *([] if self.instance.pk else [("", _("as usual for its kind"))]),
            *Tournament.ConfirmBy.choices,
        ]
        confirm_by.required = False  # not posted (an older form): kept as it is
        self.kept_confirm_by = self.instance.confirm_by
        confirm_by.help_text = _(
            "As usual: a game evening trusts the table (another side chooses their name), "
            "a championship asks for personal codes. A director can always confirm."
        )
        self.add_option_fields(
            game=self.instance.game, current=self.instance.options if self.instance.pk else None
        )
        if not self.instance.pk and not self.is_bound:
            self._start_new()
        if drawn:
            # The game's set-up is fixed once a round is drawn (services.tournament_update).
            fixed = [n for n in self.fields if n in services.SETUP_FIELDS or "__" in n]
            for name in fixed:
                self.fields[name].disabled = True

    def _start_new(self) -> None:
        """A new tournament's form starts at today, at the club's usual game (that of its
        latest tournament) and at that game's players per table, in teams as the club
        played it when the game's table plays so (else as the table needs: Keezen's four
        in teams); the page's static/troef/table_size.js follows another game chosen."""
        game, teams = selectors.usual_set_up(self.club)
        self.initial.setdefault("date", timezone.localdate())
        if game not in registry.available():
            return
        spec = registry.get(game)
        self.initial.setdefault("game", game)
        self.initial.setdefault("table_size", spec.default_players)
        own = own_teams(spec)
        if teams != Tournament.Teams.NONE and spec.default_players in formats.sizes(game, True):
            self.initial.setdefault("teams", teams)
        elif own != Tournament.Teams.NONE:
            self.initial.setdefault("teams", own)
        self.initial.setdefault("scheme", spec.results.scheme)

    def table_size_defaults(self) -> str:
        """Every game's players per table, as JSON for static/troef/table_size.js."""
        return json.dumps({spec.name: spec.default_players for spec in registry.games()})

    def set_up_defaults(self) -> str:
        """Every game's match points and teams at its own table size, as JSON for
        static/troef/table_size.js: a game whose table of that size is played only in
        teams starts with partners drawn per round, and each game with its own scheme
        (``ResultSpec.scheme``)."""
        return json.dumps(
            {
                spec.name: {"scheme": spec.results.scheme, "teams": own_teams(spec)}
                for spec in registry.games()
            }
        )

    def clean_balance(self):
        # Not sent (an older form, a script): as before, only new tablemates.
        return self.cleaned_data.get("balance") or Tournament.Balance.NONE

    def clean_round_minutes(self):
        # Not posted (an older form): kept as it is, a new tournament's default.
        if self.add_prefix("round_minutes") not in self.data:
            return self.instance.round_minutes
        return self.cleaned_data["round_minutes"]

    def clean(self):
        data = super().clean()
        # Only the chosen game's options count: what is typed in another game's is
        # ignored, errors and all.
        chosen = data.get("game")
        for game, names in self.option_fields.items():
            if game != chosen:
                for name in names:
                    self._errors.pop(name, None)
        if not self.CHECKED_TOGETHER & set(self._errors):
            # The set-up as a whole, so that its errors show with the others at once.
            try:
                services.clean_setup(self.setup_values(), club=self.club)
            except ValidationError as error:
                self.add_service_error(error)
        return data

    def setup_values(self) -> dict[str, Any]:
        """The form's fields, and `options` as a dict of the chosen game's options (an
        empty value leaves an option at its default)."""
        data = {k: v for k, v in self.cleaned_data.items() if "__" not in k}
        if self.instance.pk and not data.get("confirm_by"):
            data["confirm_by"] = self.kept_confirm_by
        data["options"] = self.chosen_options(data["game"])
        return data

    def values(self) -> dict[str, Any]:
        """What the services take: once a round is drawn, without the game's set-up
        (shown, but fixed)."""
        data = self.setup_values()
        if self.drawn:
            return {k: v for k, v in data.items() if k not in services.SETUP_FIELDS}
        return data

    def error_field(self, name: str) -> str | None:
        """An error in the options goes to the chosen game's first option."""
        if name == "options":
            shown = self.option_fields.get(self.cleaned_data.get("game"), [])
            return shown[0] if shown else None
        return super().error_field(name)


def _bound(field: forms.IntegerField, low: int, high: int) -> None:
    """The database's bounds on a number as the form field's: a clear message at the
    field rather than a constraint's."""
    field.min_value, field.max_value = low, high
    kept = [v for v in field.validators if not isinstance(v, MinValueValidator | MaxValueValidator)]
    field.validators = [*kept, MinValueValidator(low), MaxValueValidator(high)]
    field.widget.attrs.update(min=low, max=high)


class SeasonForm(ServiceFormMixin, forms.ModelForm):
    class Meta:
        model = Season
        fields = [
            "name",
            "game",
            "best_of",
            "min_attendance",
            "count_by",
            "previous_season_weight",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _bound(self.fields["best_of"], 1, 1000)
        _bound(self.fields["min_attendance"], 0, 1000)
        # Left empty: the season keeps its weight (0.50 for a new one).
        self.fields["previous_season_weight"].required = False
        # Left empty: a new season counts as its game's rules say (the game's option
        # "season", services.game_count_by), an existing one keeps its count.
        count_by = self.fields["count_by"]
        count_by.required = False
        if self.instance.pk:
            # A season's evenings are of its game; the game cannot change afterwards.
            self.fields["game"].disabled = True
        else:
            count_by.choices = [("", _("as usual for the game")), *Season.CountBy.choices]
            count_by.initial = ""

    def values(self) -> dict[str, Any]:
        values = {
            k: v
            for k, v in self.cleaned_data.items()
            if not (k in ("previous_season_weight", "count_by") and v in (None, ""))
        }
        if self.instance.pk:
            values.pop("game", None)
        return values


class EntryAddForm(ServiceFormMixin, forms.Form):
    """Register a member of the club, or a guest by name."""

    member = forms.ModelChoiceField(
        queryset=Member.objects.none(), required=False, label=_("member")
    )
    guest_name = forms.CharField(
        max_length=100,
        required=False,
        label=_("or a guest"),
        help_text=_("The name of someone who is not a member."),
    )
    present = forms.BooleanField(
        required=False,
        label=_("present"),
        help_text=_("Check them in at once (a late arrival)."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = selectors.members_to_add(tournament)

    def clean(self):
        data = super().clean()
        if "member" in self.errors:
            # A member who cannot be chosen (registered meanwhile, another club's) has
            # their own message; "choose a member or a guest" would only confuse.
            return data
        member, guest = data.get("member"), (data.get("guest_name") or "").strip()
        if member and guest:
            raise ValidationError(_("Choose a member or type a guest's name, not both."))
        if not member and not guest:
            # The check-in page asks for a guest's name only (members are in its list).
            raise ValidationError({"guest_name": _("Type the guest's name.")})
        return data


class EntryStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Entry.Status.choices)


class TeamForm(ServiceFormMixin, forms.Form):
    """A fixed team: a name (or the players' names) and one player per place."""

    name = forms.CharField(
        max_length=100,
        required=False,
        label=_("name"),
        help_text=_("Empty: the players' names."),
    )

    def __init__(self, *args, tournament: Tournament, per_side: int, **kwargs):
        super().__init__(*args, **kwargs)
        choices = selectors.entries_without_team(tournament)
        self.player_fields = [f"player_{number}" for number in range(1, per_side + 1)]
        for number, name in enumerate(self.player_fields, start=1):
            self.fields[name] = forms.ModelChoiceField(
                queryset=choices, label=_("player %(number)s") % {"number": number}
            )

    def values(self) -> dict[str, Any]:
        players = [self.cleaned_data[name] for name in self.player_fields]
        return {"name": self.cleaned_data["name"], "entries": players}


class TeamSwapForm(ServiceFormMixin, forms.Form):
    """Two players who change teams before the teams play (one may have no team yet)."""

    first = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("player"))
    second = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("changes teams with"))

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            field.queryset = selectors.team_players(tournament)
            field.label_from_instance = _team_choice

    def values(self) -> dict[str, Any]:
        return {"first": self.cleaned_data["first"], "second": self.cleaned_data["second"]}


def _team_choice(entry: Entry) -> str:
    team = entry.team.name if entry.team else _("no team")
    return f"{entry.name} ({team})"


class SwapForm(forms.Form):
    """Two players of a drawn round who change places. `second_bye_ok` is the
    director's yes to a swap that gives someone a second bye (the round page asks)."""

    first = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("player"))
    second = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("swaps with"))
    second_bye_ok = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, round_: Round, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = selectors.round_players(round_)
