"""Troef's test suite (make test). Hypothesis runs without its per-example deadline: how
fast an example runs depends on what else the machine is doing (the suite runs in
parallel), and speed belongs in make bench, not in a test's verdict."""

from hypothesis import settings

settings.register_profile("troef", deadline=None)
settings.load_profile("troef")
