"""The round clock's URLs: its buttons on the round page, and the clock alone for the
round page to keep up (the venue screen's is the venue app's). tournaments.urls includes
them in its namespace."""

from django.urls import path

from . import clock_views as views

C = "c/<slug:club_slug>/tournaments/<int:pk>/rounds/<int:number>/clock/"

urlpatterns = [
    path(C, views.round_clock, name="round-clock"),
    path(C + "start/", views.clock_start, name="round-clock-start"),
    path(C + "pause/", views.clock_pause, name="round-clock-pause"),
    path(C + "resume/", views.clock_resume, name="round-clock-resume"),
    path(C + "add/", views.clock_add, name="round-clock-add"),
]
