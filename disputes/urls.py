from django.urls import re_path

from . import views

urlpatterns = [
    re_path(r"^api/check-hand/?$", views.check_hand, name="api-check-hand"),
]
