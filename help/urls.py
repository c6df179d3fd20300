"""The help's pages (help.views)."""

from .views import urlpatterns

app_name = "help"

__all__ = ["app_name", "urlpatterns"]
