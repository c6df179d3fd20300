from django.urls import re_path

from . import checker_views, rule_pages, views

app_name = "disputes"

urlpatterns = [
    re_path(r"^api/check-hand/?$", views.check_hand, name="api-check-hand"),
    *rule_pages.urlpatterns,
    *checker_views.urlpatterns,
]
