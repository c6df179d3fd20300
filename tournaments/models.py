"""Seasons, tournaments (a game evening or a championship), who plays, and the draw:
rounds, tables, seats and byes. Results live in the scoring app."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member
from config.pages import page_url
from games import registry

from . import seating


def new_seed() -> int:
    return secrets.randbelow(2**31)


#: The longest tournament slug: a name of 100 characters, its date and a number.
SLUG_LENGTH = 120


def slug_candidates(name: str, date) -> list[str]:
    """The slugs a tournament called `name` on `date` may get, first choice first: the
    name, then with the date, then with -2, -3, ... (`free_slug` takes the first free
    one). The migration that gave existing tournaments their slug repeats this."""
    base = slugify(name)[:100].strip("-") or "tournament"
    dated = f"{base}-{date}" if date else base  # a date prints as 2026-11-27
    return [base, dated]


def free_slug(name: str, date, *, exclude_pk: int | None = None) -> str:
    """The first slug of `slug_candidates` no other tournament has (one query)."""
    first, dated = slug_candidates(name, date)
    taken = set(
        Tournament.objects.filter(Q(slug=first) | Q(slug__startswith=dated))
        .exclude(pk=exclude_pk)
        .values_list("slug", flat=True)
    )
    if first not in taken:
        return first
    if dated not in taken:
        return dated
    number = 2
    while f"{dated}-{number}" in taken:
        number += 1
    return f"{dated}-{number}"


#: The round clock's minutes per round for a new tournament, and the most it takes.
DEFAULT_ROUND_MINUTES = 45
MAX_ROUND_MINUTES = 240


def default_confirm_by(kind: str) -> str:
    """A game evening trusts the table; a championship asks for personal codes."""
    return "codes" if kind == "championship" else "table"


class Season(models.Model):
    """A competition over several evenings of one game: each player's best N evenings
    count, for those who came to at least `min_attendance` of them, ranked by their total or
    their average (`count_by`)."""

    class CountBy(models.TextChoices):
        TOTAL = "total", _("total of the counted evenings")
        AVERAGE = "average", _("average of the counted evenings")

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="seasons", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=100)
    game = models.CharField(_("game"), max_length=20, choices=registry.choices)
    best_of = models.PositiveSmallIntegerField(
        _("best evenings counted"),
        null=True,
        blank=True,
        help_text=_("Only each player's best N evenings count. Empty: all evenings count."),
    )
    min_attendance = models.PositiveSmallIntegerField(
        _("minimum attendance"),
        default=0,
        help_text=_("Players who came to fewer evenings are listed below the others."),
    )
    count_by = models.CharField(
        _("ranked by"),
        max_length=10,
        choices=CountBy.choices,
        default=CountBy.TOTAL,
        help_text=_(
            "Rank players by the total of their counted evenings, or by their average: "
            "then a player who came to fewer evenings is not behind for it."
        ),
    )
    previous_season_weight = models.DecimalField(
        _("weight of the previous season in the draw"),
        max_digits=3,
        decimal_places=2,
        default=Decimal("0.50"),
        validators=[MinValueValidator(0), MaxValueValidator(1)],
        help_text=_(
            "How much sitting together in the previous season counts when tables are drawn: "
            "0 not at all, 1 as much as in this season."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club"),
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1), name="season_best_of_1"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse(
            "tournaments:season-detail", kwargs={"club_slug": self.club.slug, "pk": self.pk}
        )


class Tournament(models.Model):
    class Kind(models.TextChoices):
        EVENING = "evening", _("game evening")
        CHAMPIONSHIP = "championship", _("championship")

    class Teams(models.TextChoices):
        NONE = "none", _("every player for themselves")
        FIXED = "fixed", _("fixed teams")
        DRAWN = "drawn", _("partners drawn per round")

    class Scheme(models.TextChoices):
        RANK = "rank", _("by rank at the table")
        WDL = "wdl", _("win, draw, loss")
        GAME = "game", _("the game's own score")

    class Entering(models.TextChoices):
        DETAILED = "detailed", _("deal by deal")
        SUMMARY = "summary", _("final scores")

    class Balance(models.TextChoices):
        """Tables by the players' ratings (the evenings app's draw reads them), on top of new
        tablemates."""

        NONE = seating.BALANCE_NONE, _("no, only new tablemates")
        SIMILAR = seating.BALANCE_SIMILAR, _("players of similar rating together")
        MIXED = seating.BALANCE_MIXED, _("strong and weaker players mixed")

    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    class ConfirmBy(models.TextChoices):
        """How much the table is trusted: who may confirm a result (scoring.services)."""

        TABLE = "table", _("another side of the table, choosing their name")
        CODES = "codes", _("another side of the table, with their personal code or phone")
        DIRECTOR = "director", _("a director, for every result")

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("club")
    )
    season = models.ForeignKey(
        Season,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("season"),
    )
    name = models.CharField(_("name"), max_length=100)
    # The tournament's name in commands (print_round): unique on the whole site, made from
    # the name by tournaments.services.tournament_create and kept when it is renamed. The
    # site's addresses use the id. Empty only for rows made in bulk (benchmarks).
    slug = models.SlugField(_("short name"), max_length=SLUG_LENGTH, blank=True, editable=False)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.EVENING)
    date = models.DateField(_("date"))
    game = models.CharField(_("game"), max_length=20, choices=registry.choices)
    options = models.JSONField(_("game options"), default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(_("players per table"))
    teams = models.CharField(_("teams"), max_length=10, choices=Teams.choices, default=Teams.NONE)
    scheme = models.CharField(
        _("match points"), max_length=10, choices=Scheme.choices, default=Scheme.RANK
    )
    win_points = models.PositiveSmallIntegerField(_("points for a win"), default=2)
    draw_points = models.PositiveSmallIntegerField(_("points for a draw"), default=1)
    loss_points = models.PositiveSmallIntegerField(_("points for a loss"), default=0)
    swiss = models.BooleanField(
        _("Swiss draw"),
        default=False,
        help_text=_("Pair players (or teams) by their standing, still avoiding repeats."),
    )
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=4)
    entering = models.CharField(
        _("results are entered"),
        max_length=10,
        choices=Entering.choices,
        default=Entering.SUMMARY,
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    # Empty: the default of the tournament's kind (`confirmation`), filled in by save().
    confirm_by = models.CharField(
        _("results are confirmed by"),
        max_length=10,
        choices=ConfirmBy.choices,
        blank=True,
        help_text=_(
            "Who may confirm a result entered at a table. Empty: a game evening trusts the "
            "table, a championship asks for personal codes."
        ),
    )
    # Empty: no round clock (tournaments.clock). Tournaments made before the clock have none.
    round_minutes = models.PositiveSmallIntegerField(
        _("round clock (minutes per round)"),
        null=True,
        blank=True,
        default=DEFAULT_ROUND_MINUTES,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUND_MINUTES)],
        help_text=_(
            "How long a round lasts on the round clock, which the director starts on the "
            "round's page and the venue screen shows. Empty: no clock."
        ),
    )
    # Whether its confirmed results go into the players' ratings (the ratings app).
    counts_for_rating = models.BooleanField(
        _("counts for the rating"),
        default=True,
        help_text=_("Its confirmed results go into the players' rating for the game."),
    )
    balance = models.CharField(
        _("tables by rating"),
        max_length=10,
        choices=Balance.choices,
        default=Balance.NONE,
        help_text=_(
            "The draw can seat players of similar rating together, or mix strong and "
            "weaker players; avoiding the same tablemates always comes first."
        ),
    )
    # Set by tournament_create (services), so the migrations hold no callable default.
    seed = models.PositiveIntegerField(_("draw seed"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(table_size__gte=2, table_size__lte=6), name="tournament_table_size"
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__gte=1, rounds_planned__lte=30),
                name="tournament_rounds_planned",
            ),
            models.UniqueConstraint(
                fields=["slug"], condition=~Q(slug=""), name="tournament_slug_unique"
            ),
        ]
        indexes = [models.Index(fields=["club", "date"], name="tournament_club_date")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d-%m-%Y})"

    def save(self, *args, **kwargs) -> None:
        # tournament_create gives it its slug; this covers tournaments made any other way
        # (the admin, test factories, the demo data).
        if not self.slug and self.name:
            self.slug = free_slug(self.name, self.date)
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "slug"}
        if not self.confirm_by:
            self.confirm_by = default_confirm_by(self.kind)
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "confirm_by"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        # The tournament's page is the evening's (evenings), above this app: it registers
        # the page in config.pages.
        return page_url("tournament", self.club.slug, self.pk)

    @property
    def team_play(self) -> bool:
        return self.teams != self.Teams.NONE

    @property
    def confirmation(self) -> str:
        """Who may confirm results here (ConfirmBy): the director's choice, else the
        default of the tournament's kind."""
        return self.confirm_by or default_confirm_by(self.kind)


class Team(models.Model):
    """A fixed team of a tournament (teams drawn per round are the seats' sides)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="team_set", verbose_name=_("tournament")
    )
    name = models.CharField(_("name"), max_length=100)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player in a tournament: a member of the club, or a guest by name."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("registered")
        PRESENT = "present", _("present")
        WITHDRAWN = "withdrawn", _("withdrawn")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    member = models.ForeignKey(
        Member,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("member"),
    )
    guest_name = models.CharField(_("guest"), max_length=100, blank=True)
    team = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("team"),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTERED
    )
    checked_in_at = models.DateTimeField(_("checked in"), null=True, blank=True)
    # A guest's personal code for this tournament (a member's is Member.personal_code):
    # made when first needed (scoring.services.personal_code), shown only on their slip.
    guest_code = models.CharField(_("personal code"), max_length=8, blank=True, editable=False)
    created_at = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "member"],
                condition=Q(member__isnull=False),
                name="entry_member_once",
            ),
            models.CheckConstraint(
                condition=Q(member__isnull=False) | ~Q(guest_name=""), name="entry_has_a_name"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.member.name if self.member_id else self.guest_name

    @property
    def is_guest(self) -> bool:
        return self.member_id is None


class Round(models.Model):
    class Status(models.TextChoices):
        DRAWN = "drawn", _("drawn")
        STARTED = "started", _("started")
        FINISHED = "finished", _("finished")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAWN
    )
    seed = models.PositiveIntegerField(_("draw seed"))
    repeats = models.PositiveSmallIntegerField(
        _("repeat tablemates"), default=0, help_text=_("Pairs who already shared a table.")
    )
    drawn_at = models.DateTimeField(_("drawn"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    # The round clock (tournaments.clock): stored moments, never a ticking counter, so any
    # worker computes the time left at any moment, after a restart or a restore too.
    clock_started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    # Since when it runs now; empty while paused or not started.
    clock_running_since = models.DateTimeField(_("clock running since"), null=True, blank=True)
    # Seconds it ran before `clock_running_since` (its stretches before the last pause).
    clock_elapsed_seconds = models.PositiveIntegerField(_("clock seconds run"), default=0)
    clock_extra_minutes = models.PositiveSmallIntegerField(_("minutes added"), default=0)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return str(_("Round %(number)s") % {"number": self.number})


class Table(models.Model):
    """One table of one round. `version` counts the result changes at this table: a
    result form carries the version it was shown with, so two people entering at once
    cannot overwrite each other (scoring.services)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    version = models.PositiveIntegerField(default=0, editable=False)
    # Part of the table's signed link (scoring.links): renewing the link counts it up,
    # and the old link (its printed QR code) stops working.
    link_version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


class Seat(models.Model):
    """A player at a table. `side` is the player's side of the game at this table: their
    own seat in individual play, their team's side in team play."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    # The round again, so that the database keeps a player at one table per round.
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="seats", verbose_name=_("round")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    position = models.PositiveSmallIntegerField(_("seat"))
    side = models.PositiveSmallIntegerField(_("side"))

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["round", "entry"], name="seat_entry_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position + 1}: {self.entry}"


class Bye(models.Model):
    """A player (or team member) who sits out a round because the numbers do not divide."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="byes", verbose_name=_("player")
    )

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="bye_entry_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.entry}"
