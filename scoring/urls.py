"""Result entry (scoring.views.results) and standings (scoring.views.standings) pages."""

from .views.results import urlpatterns as result_urls
from .views.standings import urlpatterns as standings_urls

urlpatterns = [*result_urls, *standings_urls]
