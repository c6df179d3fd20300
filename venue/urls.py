from django.urls import path

from . import views

app_name = "venue"

urlpatterns = [
    path("favicon.ico", views.favicon, name="favicon"),
    path("c/<slug:club_slug>/connect/", views.connect, name="venue-connect"),
    path("c/<slug:club_slug>/tables/<int:pk>/qr/", views.table_qr, name="venue-table-qr"),
    # Beside the screen's live part (scoring: tournament-venue-live), as venue.js expects.
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/venue/clock/",
        views.screen_clock,
        name="tournament-venue-clock",
    ),
]
