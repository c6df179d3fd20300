"""The help: what a club's directors and admins do with Troef, in nl, de and en."""
