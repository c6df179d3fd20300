"""The evening at the venue: `python manage.py venue` (make venue) serves Troef to the
players' phones on the venue's network, and the pages that help phones connect."""
