"""The check_hand kinds of Miezemauzen (CASES.md): ``deal``, ``game``, ``settlement`` and
``replay`` (a simulator log, see ``simulate.py``), built on ``rules.py`` and ``scoring.py``.

Reading choices where CASES.md is silent:

- ``hands`` (deal) are the cards each player holds when the tricks begin, i.e. after an
  exchange and after the dealer's swap. Optional ``kip`` (the five face-down cards) and
  ``turned`` (the trump card turned up; its suit must be ``trump``, MZ-3) only serve the
  one-deck bookkeeping. Optional ``dealer_swap: {"give": CARD}`` (or just ``"dealer_swap":
  CARD``) records the dealer's swap (MZ-4): the dealer laid ``give`` face down and took the
  turned card (``"take"`` may name it); ``"player"`` may name who swapped (default the
  dealer; anyone else breaks MZ-4).
- A kat claim is ``{"player", "suit"}``; ``"kater": true`` may stand for the trump suit, and
  with ``kat_scoring: either`` ``"choice": "holder" | "others"`` says what the holder
  chose (``holder`` when not given). The first valid claim ends the deal (MZ-7).
- The last trick may be incomplete (a dispute in the middle of a trick); earlier tricks
  hold one card per playing player. ``tricks_won`` may stand for ``tricks`` (as in ``game``).
- ``winner`` is one name, or a list of names when the win is shared (MZ-10).

The package: ``readers`` (what the kinds share), ``deal``, ``game`` (with ``settlement``),
``replay`` and ``kinds`` (:data:`CHECKS`, which the game's spec takes from here).
"""

from __future__ import annotations

from .kinds import (
    CHECKS,
)

__all__ = [
    "CHECKS",
]
