"""Result entry, standings, printing and print job pages (scoring.views.*)."""

from .views.jobs import urlpatterns as job_urls
from .views.players import urlpatterns as player_urls
from .views.printing import urlpatterns as printing_urls
from .views.results import urlpatterns as result_urls
from .views.standings import urlpatterns as standings_urls

urlpatterns = [*result_urls, *standings_urls, *printing_urls, *job_urls, *player_urls]
