"""The rating pages (ratings.views)."""

from .views import urlpatterns

app_name = "ratings"

__all__ = ["app_name", "urlpatterns"]
