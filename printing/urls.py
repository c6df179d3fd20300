"""The printed sheets' and the print jobs' pages (printing.views.*)."""

from .views.jobs import urlpatterns as job_urls
from .views.sheets import urlpatterns as sheet_urls

app_name = "printing"

urlpatterns = [*sheet_urls, *job_urls]
