"""Other projects' card-game engines, timed the way `make bench` times our own.

Every engine plays whole games in which each player picks uniformly at random among the
legal moves; chance events (shuffles, deals, draws, dice) follow the engine's own
probabilities. ``decisions`` counts the moves chosen by a player, forced ones included
(a lone legal move is still a move the player makes); chance outcomes are not decisions.
Only the game loop is timed: imports and ``load_game`` happen before the clock starts.
A run stops after the game that is going on when ``seconds`` have passed.

The engines come from the optional ``bench`` extra (``pip install -e '.[bench]'``):
RLCard's UNO game core (pure Python) and OpenSpiel's ``crazy_eights``, ``oh_hell`` and
``maedn`` (C++, driven move by move from Python through ``pyspiel``), and Colver's Belote
contrée (Rust, card play only; see :func:`colver_belote`, timed by the klaverjassen part).
This module imports without them; ``available()`` and ``colver_error()`` say which can
run.

Player counts: our engines are benchmarked at their default table size (MeieRijen 2,
Miezemauzen 3 because random play with four or more rarely reaches 0, the others 4).
``oh_hell`` plays with 3 (its default, as Miezemauzen) and every other engine here with
4; OpenSpiel's defaults are ``crazy_eights`` 5, ``oh_hell`` 3 and ``maedn`` 2 (see
``pyspiel.load_game(name).get_parameters()``), and RLCard's ``UnoGame`` defaults to 2.
All other parameters stay at their defaults.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .timing import rate

RLCARD_UNO_PLAYERS = 4

# name -> parameters given to pyspiel.load_game; the rest stay at OpenSpiel's defaults.
OPENSPIEL_GAMES: dict[str, dict[str, Any]] = {
    "crazy_eights": {"players": 4},  # default 5
    "oh_hell": {"players": 3},  # its default; compared with Miezemauzen at 3 players
    "maedn": {"players": 4},  # default 2 (Mensch ärgere Dich nicht allows 2-4)
}

INSTALL_HINT = "pip install -e '.[bench]'"


@dataclass(frozen=True, slots=True)
class Result:
    engine: str
    games: int
    decisions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0


def _import_error(module: str) -> str | None:
    try:
        importlib.import_module(module)
    except Exception as error:  # any failure (missing, broken build, ABI) means "cannot run"
        return f"{type(error).__name__}: {error}"
    return None


def available() -> dict[str, str | None]:
    """Engine label -> None when it can run here, else why not (the import error text)."""
    rlcard_error = _import_error("rlcard.games.uno.game")
    spiel_error = _import_error("pyspiel")
    engines: dict[str, str | None] = {"rlcard_uno": rlcard_error}
    registered: set[str] = set()
    if spiel_error is None:
        import pyspiel  # noqa: PLC0415 - optional dependency

        registered = set(pyspiel.registered_names())
    for name in OPENSPIEL_GAMES:
        error = spiel_error
        if error is None and name not in registered:
            error = f"this pyspiel has no game {name!r}"
        engines[f"openspiel_{name}"] = error
    return engines


def rlcard_uno(
    seconds: float = 2.0, seed: int = 1, num_players: int = RLCARD_UNO_PLAYERS
) -> Result:
    """RLCard's UNO game core (``rlcard.games.uno.game.UnoGame``), no Env wrapper around it.

    A wild card's colour is part of RLCard's action (``r-wild``, ``g-wild``, ...), so a
    wild counts as four legal moves in the uniform choice.
    """
    import numpy as np  # noqa: PLC0415 - optional dependency
    from rlcard.games.uno.game import UnoGame  # noqa: PLC0415 - optional dependency

    rng = random.Random(seed)
    game = UnoGame(num_players=num_players)
    # Shuffles and wild-card colours on flips and draws use the game's numpy generator.
    game.np_random = np.random.RandomState(seed)
    choice = rng.choice

    def one_game() -> int:
        decisions = 0
        game.init_game()
        while not game.is_over():
            game.step(choice(game.get_legal_actions()))
            decisions += 1
        return decisions

    games, decisions, elapsed = rate(one_game, seconds)
    return Result(f"rlcard_uno_{num_players}p", games, decisions, elapsed)


def _sample(outcomes: list[tuple[int, float]], r: float) -> int:
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if r < total:
            return action
    return outcomes[-1][0]  # r beyond a sum that rounding left just under 1


def openspiel_game(
    name: str, seconds: float = 2.0, seed: int = 1, params: dict[str, Any] | None = None
) -> Result:
    """One OpenSpiel game through ``pyspiel``; ``params=None`` takes ``OPENSPIEL_GAMES[name]``
    (4 players), ``{}`` OpenSpiel's own defaults."""
    import pyspiel  # noqa: PLC0415 - optional dependency

    if params is None:
        params = OPENSPIEL_GAMES.get(name, {})
    game = pyspiel.load_game(name, params)
    players = game.num_players()
    rng = random.Random(seed)
    choice, uniform = rng.choice, rng.random

    def one_game() -> int:
        decisions = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(state.chance_outcomes(), uniform()))
            else:
                # These games are sequential: no simultaneous-move nodes.
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions

    games, decisions, elapsed = rate(one_game, seconds)
    return Result(f"openspiel_{name}_{players}p", games, decisions, elapsed)


COLVER_DEALS = 16  # a "game" as a klaverjas game: 16 deals of 32 cards


def colver_error() -> str | None:
    """None when Colver (``colver``, the ``bench`` extra) can run here, else why not."""
    return _import_error("colver")


def colver_belote(seconds: float = 2.0, seed: int = 1) -> Result:
    """Colver's Belote contrée (``colver.Env``, Rust core), card play only, as our
    klaverjassen simulator plays: each deal Colver shuffles and deals (``Env.deal``, its
    own RNG seeded from ours), a trump is drawn at random and given to the team left of
    the dealer as an 80 contract (``set_contract``, no auction: bids are not card
    decisions and our simulator has none), then every card is drawn uniformly from
    ``legal_actions()`` until the deal is over. A game is ``COLVER_DEALS`` deals; the
    dealer passes left each deal. Colver's seats 0-3 play in order, as ours.
    """
    import colver  # noqa: PLC0415 - optional dependency

    rng = random.Random(seed)
    choice, bits, pick = rng.choice, rng.getrandbits, rng.randrange
    deal = colver.Env.deal

    def one_game() -> int:
        decisions = 0
        for number in range(COLVER_DEALS):
            dealer = number % 4
            env = deal(dealer=dealer, seed=bits(63))
            env.set_contract(pick(4), 80, (dealer + 1) % 2, 0)
            env.set_phase_playing()
            legal, step, over = env.legal_actions, env.step, env.is_terminal
            while not over():
                step(choice(legal()))
                decisions += 1
        return decisions

    games, decisions, elapsed = rate(one_game, seconds)
    return Result("colver_belote", games, decisions, elapsed)


def run_all(seconds: float = 2.0, seed: int = 1) -> Iterator[tuple[str, Result | str]]:
    """Each engine's label and its Result, or the reason it is skipped."""
    for label, error in available().items():
        if error is not None:
            yield label, f"not installed: {INSTALL_HINT} ({error})"
        elif label == "rlcard_uno":
            yield label, rlcard_uno(seconds, seed)
        else:
            yield label, openspiel_game(label.removeprefix("openspiel_"), seconds, seed)


def main() -> None:
    for label, result in run_all():
        if isinstance(result, str):
            print(f"{label}: {result}")
        else:
            print(f"{result.engine}_games_per_s: {result.games_per_s:,.1f} games/s")
            print(f"{result.engine}_decisions_per_s: {result.decisions_per_s:,.0f} decisions/s")


if __name__ == "__main__":
    main()
