"""The site's URLs plus one that fails, for the 500 page's test (tests/venue/test_pages.py)."""

from django.urls import include, path


def boom(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("boom/", boom), path("", include("config.urls"))]
