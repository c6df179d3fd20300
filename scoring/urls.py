"""Result entry, standings and player pages (scoring.views.*)."""

from .views.players import urlpatterns as player_urls
from .views.results import urlpatterns as result_urls
from .views.standings import urlpatterns as standings_urls

app_name = "scoring"

urlpatterns = [*result_urls, *standings_urls, *player_urls]
