from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, reverse_lazy
from django.views.i18n import set_language

#: A database that cannot be written or reached gets its 503 page also when a middleware
#: (not a view) met it; anything else gets the 500 page.
handler500 = "clubs.middleware.server_error"

#: Django's own pages the site mounts (sign-in, password, language), in the namespace
#: "site". They belong to no app: tests/test_url_layers.py lets every layer name them,
#: as every app may import Django.
site_urls = (
    [
        path(
            "accounts/login/",
            auth_views.LoginView.as_view(redirect_authenticated_user=True),
            name="login",
        ),
        path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
        path(
            "accounts/password/",
            auth_views.PasswordChangeView.as_view(
                success_url=reverse_lazy("site:password_change_done")
            ),
            name="password_change",
        ),
        path(
            "accounts/password/done/",
            auth_views.PasswordChangeDoneView.as_view(),
            name="password_change_done",
        ),
        path("i18n/setlang/", set_language, name="set_language"),
    ],
    "site",
)

urlpatterns = [
    path("", include(site_urls)),
    path("admin/", admin.site.urls),
    path("", include("disputes.urls")),
    path("", include("clubs.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    path("", include("printing.urls")),
    path("", include("ratings.urls")),
    path("", include("evenings.urls")),
    path("", include("venue.urls")),
    path("", include("backups.urls")),
    path("", include("demo.urls")),
    path("", include("help.urls")),
]
