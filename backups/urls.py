from .views import urlpatterns

app_name = "backups"

__all__ = ["app_name", "urlpatterns"]
