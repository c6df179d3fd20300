"""The packs the print jobs (printing.jobs) and ``manage.py print_round`` print: a round's,
a tournament's, and an evening's report."""

from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.utils import translation
from django.utils.translation import gettext

from disputes.models import Dispute
from tournaments.models import Tournament

from ..sheets.data import (
    Document,
)
from .boards import tournament_standings_of
from .pieces import (
    Pack,
    date_text,
    pdf_filename,
    read_rounds,
    round_documents,
    round_names,
    round_of,
)
from .rulings import dispute_report_of

# --- packs --------------------------------------------------------------------------------


def round_pack(round_pk: int, *, base_url: str, qr: bool = True) -> Pack:
    """A round's draw list for the wall, then each table's score sheet with its QR link
    (``base_url`` + the table's private link; none with ``qr=False``). Four queries.
    Round.DoesNotExist for an unknown round."""
    round_ = round_of(round_pk)
    tournament = round_.tournament
    club = tournament.club
    (drawn,) = read_rounds([round_])
    title, filename = round_names(tournament, round_.number)
    with translation.override(club.language):
        return Pack(
            documents=round_documents(tournament, drawn, base_url=base_url, qr=qr),
            language=club.language,
            author=club.name,
            title=title,
            filename=filename,
        )


def _tournament(tournament_pk: int) -> Tournament:
    """The tournament with its club and season, and whether it has saved disputes
    (``has_disputes``): one query."""
    return (
        Tournament.objects.select_related("club", "season")
        .annotate(has_disputes=Exists(Dispute.objects.filter(tournament=OuterRef("pk"))))
        .get(pk=tournament_pk)
    )


def tournament_pack(tournament_pk: int, *, base_url: str) -> Pack:
    """Every drawn round's draw list and score sheets, in round order, then the
    tournament's standings, then its disputes with the rulings when it has any. A fixed
    number of queries (one more when there are disputes). Tournament.DoesNotExist for an
    unknown tournament."""
    tournament = _tournament(tournament_pk)
    club = tournament.club
    rounds = list(tournament.rounds.order_by("number"))
    for round_ in rounds:
        round_.tournament = tournament
    drawn = read_rounds(rounds)
    with translation.override(club.language):
        documents: list[Document] = []
        for one in drawn:
            documents += round_documents(tournament, one, base_url=base_url, qr=True)
        documents.append(tournament_standings_of(tournament))
        if tournament.has_disputes:
            documents.append(dispute_report_of(tournament))
        return Pack(
            documents=documents,
            language=club.language,
            author=club.name,
            title=tournament.name,
            filename=pdf_filename(club.slug, tournament.name),
        )


def tournament_report(tournament_pk: int) -> Pack:
    """An evening's printed report: the tournament's standings, then its disputes with
    the director's rulings ("No disputes" when there were none). Six queries.
    Tournament.DoesNotExist for an unknown tournament."""
    tournament = _tournament(tournament_pk)
    club = tournament.club
    with translation.override(club.language):
        label = gettext("Report")
        return Pack(
            documents=[tournament_standings_of(tournament), dispute_report_of(tournament)],
            language=club.language,
            author=club.name,
            title=f"{tournament.name} \N{EN DASH} {label}",
            filename=pdf_filename(club.slug, tournament.name, date_text(tournament), label),
        )
