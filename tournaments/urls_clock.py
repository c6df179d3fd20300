"""The round clock's URLs (start, pause, add minutes, its state for the venue screen)."""

urlpatterns: list = []
