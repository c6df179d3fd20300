"""The help's pages (help.views)."""

from .views import urlpatterns

__all__ = ["urlpatterns"]
