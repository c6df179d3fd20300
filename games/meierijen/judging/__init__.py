"""Judging a MeieRijen turn as written (the ``turn`` and ``replay`` checks): :mod:`.moves`,
the rules one move breaks on the board of a :class:`~games.meierijen.rules.Round`, and
:mod:`.turn`, a turn's entries judged and made in order."""
