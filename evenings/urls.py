from django.urls import path

from . import views

T = "c/<slug:club_slug>/tournaments/<int:pk>/"
R = T + "rounds/<int:number>/"

app_name = "evenings"

urlpatterns = [
    path(T, views.tournament_detail, name="tournament-detail"),
    path(T + "finish/", views.tournament_finish, name="tournament-finish"),
    path(T + "reopen/", views.tournament_reopen, name="tournament-reopen"),
    path(T + "draw/", views.round_draw, name="round-draw"),
    path(R, views.round_detail, name="round-detail"),
    path(R + "start/", views.round_start, name="round-start"),
    path(R + "undraw/", views.round_undraw, name="round-undraw"),
    path(R + "swap/", views.seats_swap, name="seats-swap"),
]
