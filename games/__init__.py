"""The games: plain Python, no Django. Shared notation and types beside one package per
game; the apps reach a game only through games.registry."""
