from django.urls import path

from . import views
from .urls_clock import urlpatterns as clock_urls

T = "c/<slug:club_slug>/tournaments/<int:pk>/"

app_name = "tournaments"

urlpatterns = [
    path("c/<slug:club_slug>/tournaments/", views.tournament_list, name="tournament-list"),
    path("c/<slug:club_slug>/evenings/", views.club_evenings, name="club-evenings"),
    path("c/<slug:club_slug>/tournaments/new/", views.tournament_add, name="tournament-add"),
    path(T + "edit/", views.tournament_edit, name="tournament-edit"),
    path(T + "check-in/", views.tournament_checkin, name="tournament-checkin"),
    path(T + "check-in/last-evening/", views.checkin_last_evening, name="checkin-last-evening"),
    path(T + "check-in/all-members/", views.checkin_all_members, name="checkin-all-members"),
    path(T + "members/<int:member_pk>/check-in/", views.member_checkin, name="member-checkin"),
    path(T + "entries/add/", views.entry_add, name="entry-add"),
    path(T + "entries/<int:entry_pk>/status/", views.entry_status, name="entry-status"),
    path(T + "teams/", views.team_list, name="team-list"),
    path(T + "teams/<int:team_pk>/delete/", views.team_delete, name="team-delete"),
    path(T + "teams/draw/", views.team_draw, name="team-draw"),
    path(T + "teams/swap/", views.team_swap, name="team-swap"),
    path("c/<slug:club_slug>/seasons/", views.season_list, name="season-list"),
    path("c/<slug:club_slug>/seasons/new/", views.season_add, name="season-add"),
    path("c/<slug:club_slug>/seasons/<int:pk>/", views.season_detail, name="season-detail"),
    path("c/<slug:club_slug>/seasons/<int:pk>/edit/", views.season_edit, name="season-edit"),
    *clock_urls,
]
