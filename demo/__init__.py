"""The demo clubs of `make run` and `make venue VENUE_ARGS=--demo`: clubs, members,
logins and a season of evenings, made through the real services of every app. It sits
above the apps it fills (the layers in pyproject.toml), so none of them imports it."""
