"""The rating pages (ratings.views)."""

from .views import urlpatterns

__all__ = ["urlpatterns"]
