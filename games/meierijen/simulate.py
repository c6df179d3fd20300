"""Whole MeieRijen matches played by uniformly random legal moves, and their replay log.

Setup of each round (seed text): every side shuffles its own 54-card deck (with four
players one deck per team, MR-4P). The red pile gets the first red card from 3 to K from
the top of the red side's deck, the black pile the first black one from the blue side's;
the side with the higher of the two (equal: red) turns the first card from 3 to K of its
deck onto the mix pile, and the other side starts (with four players, its first player).
With three players green turns the mix card and the highest of the three starts (equal:
the earlier side). The rest of each deck is that side's draw pile; its tenth card from
the bottom starts the last ten (MR-11). A match is two rounds, or three (MR-13).

Decision points, each a uniform choice among every legal move (:meth:`rules.Round.options`):
a card play (source, card, pile, and a wild's rank), or ending the turn with a pass card
(card, open or penalty pile; with an empty hand, ending without one); the pawn action
after a ten-card; in the last ten, the play of the face-up draw card or laying it open.
Every such choice counts as a decision, even when only one move is legal.

The replay log (``check: "replay"``), which needs no seed::

    {"game": "meierijen", "check": "replay",
     "options": {"variant1": false, "draw_rule": "fill5", "third_round": false, "players": 2},
     "players": ["red", "blue"],                 # seats in playing order
     "teams": {"red": ["red 1", "red 2"], "blue": ["blue 1", "blue 2"]},   # four players
     "rounds": [
       {"draw_piles": {"red": ["7H", ...], "blue": [...]},   # per side, top card first
        "piles": {"red": "9D", "black": "4C", "mix": "QS"},  # the turned starting cards
        "turned": {"red": "red", "black": "blue", "mix": "red"},   # whose deck gave each
        "starter": "blue",
        "turns": [
          {"player": "blue", "draw": ["3H", "QD", "8S", "JK", "5C"],
           "plays": [{"card": "JK", "to": "black", "as": "5"},
                     {"card": "10H", "to": "mix", "from": "opponent_open"},
                     {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
                     {"card": "QD", "to": "red"},
                     {"draw": ["KS", "2D", "AH", "9C", "6D"]},   # the hand was played empty
                     {"pass": "KS", "to": "penalty"}]},
          {"player": "red", "skipped": true},                 # a white pawn on its draw pile
          {"player": "blue", "draw": [],
           "plays": [{"card": "9S", "to": "mix", "from": "draw"},   # MR-11's face-up card
                     {"turned": "4H", "to": "open"},           # it cannot be played
                     {"card": "7D", "to": "red", "direction": "down"},   # Variant 1
                     {"pass": "2D", "to": "open"}]}]}]}

``plays`` entries are those of the ``turn`` check (CASES.md): sources ``hand`` (default),
``open``, ``penalty``, ``opponent_open``, ``opponent_penalty`` and ``draw`` (the face-up
draw card in the last ten); places relative to the player to move (see
:mod:`games.meierijen.notation`); with three players an entry about an opponent adds
``"opponent": NAME``. A turn ends with its pass card, or without one when the hand is
empty. ``draw`` lists (at the start of a turn, and as an entry after the hand is played
empty) are checked against the draw piles; left out, the engine draws by itself.
"""

from __future__ import annotations

from typing import Any

from games.base import Simulation, clean_options, make_rng
from games.meierijen import scoring
from games.meierijen.notation import move_json, piles_json
from games.meierijen.rules import (
    ACCEPTS,
    ACE,
    BLACK_PILE,
    DECK,
    DONE,
    IS_WILD,
    MIX_PILE,
    NAME,
    OPTIONS,
    PLAY,
    RANK,
    RED_PILE,
    TURNED,
    Round,
)

SIDE_NAMES = ("red", "blue", "green")


def simulate(
    seed: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    record: bool = True,
) -> Simulation:
    """Play one whole match (two or three rounds) by random legal moves."""
    given = dict(options or {})
    if players is not None:
        given["players"] = players
    opts = clean_options(OPTIONS, given, "options")
    rng = make_rng(seed)
    decisions = 0
    summaries: list[dict[str, Any]] = []
    rounds_log: list[dict[str, Any]] = []
    while True:
        state, deal = deal_round(rng, opts)
        turns: list[tuple] | None = [] if record else None
        decisions += play_round(state, rng, turns)
        summaries.append(scoring.round_summary(state))
        if turns is not None:
            rounds_log.append({**deal, "turns": turns_json(state, turns)})
        match = scoring.match_result(
            state.side_names, [s["winner"] for s in summaries], third_round=opts["third_round"]
        )
        if match.decided_after is not None:
            break
    summary = {
        "rounds": summaries,
        "finished": True,
        "rounds_won": match.rounds_won,
        "winner": match.winner,
        "draw": match.draw,
    }
    log: dict[str, Any] = {}
    if record:
        log = {"game": "meierijen", "check": "replay", "options": opts, "players": state.seat_names}
        if opts["players"] == 4:
            log["teams"] = {"red": ["red 1", "red 2"], "blue": ["blue 1", "blue 2"]}
        log["rounds"] = rounds_log
    return Simulation(log=log, decisions=decisions, summary=summary)


def new_round(opts: dict[str, Any]) -> Round:
    """An empty round for ``opts`` (cleaned options): sides red, blue (and green); with
    four players seats red 1, blue 1, red 2, blue 2 in two teams (MR-4P)."""
    count = opts["players"]
    if count == 4:
        seat_names = ["red 1", "blue 1", "red 2", "blue 2"]
        side_names = ["red", "blue"]
        seat_side: tuple[int, ...] = (0, 1, 0, 1)
    else:
        side_names = list(SIDE_NAMES[:count])
        seat_names = list(side_names)
        seat_side = tuple(range(count))
    return Round(
        seat_side,
        seat_names,
        side_names,
        variant1=opts["variant1"],
        draw_two=opts["draw_rule"] == "two",
    )


def _turn_up(deck: list[int], pile: int) -> int:
    """Take the first card from the top (the list's end) that may start ``pile``: not wild,
    not an ace, of the pile's colour."""
    accepts = ACCEPTS[pile]
    for index in range(len(deck) - 1, -1, -1):
        card = deck[index]
        if accepts[card] and not IS_WILD[card] and RANK[card] < ACE:
            del deck[index]
            return card
    raise AssertionError("a 54-card deck always holds a starting card")  # pragma: no cover


def deal_round(rng: Any, opts: dict[str, Any]) -> tuple[Round, dict[str, Any]]:
    """A new round: shuffle, turn the three starting cards, pick the starter (see the module
    docstring). Returns the round and its deal as the replay log records it."""
    state = new_round(opts)
    sides = len(state.side_names)
    decks = []
    for _ in range(sides):
        deck = list(DECK)
        rng.shuffle(deck)
        decks.append(deck)
    red = _turn_up(decks[0], RED_PILE)
    black = _turn_up(decks[1], BLACK_PILE)
    if sides == 3:
        mix_side = 2
        mix = _turn_up(decks[2], MIX_PILE)
        ranks = [RANK[red], RANK[black], RANK[mix]]
        starter = ranks.index(max(ranks))
    else:
        mix_side = 0 if RANK[red] >= RANK[black] else 1
        mix = _turn_up(decks[mix_side], MIX_PILE)
        starter = 1 - mix_side
    for pile, card in enumerate((red, black, mix)):
        state.pile_top[pile] = card
        state.pile_rank[pile] = RANK[card]
        state.pile_cards[pile] = [card]
    state.draw = decks
    state.seat = starter  # seats 0 and 1 are sides 0 and 1, with four players too
    names = state.side_names
    return state, {
        "draw_piles": {names[s]: [NAME[c] for c in reversed(decks[s])] for s in range(sides)},
        "piles": piles_json(state),
        "turned": {"red": names[0], "black": names[1], "mix": names[mix_side]},
        "starter": state.seat_names[starter],
    }


def play_round(state: Round, rng: Any, turns: list[tuple] | None) -> int:
    """Play one round to its end (MR-12); returns the decisions made. With ``turns`` each
    turn is appended as ``(seat, drawn | None, events)``, an event being ``(move, extra)``
    (``extra``: a pile's rank before a play, the card laid open by TURNED) or
    ``(None, cards drawn after playing the hand empty)``."""
    randrange = rng.randrange
    options = state.options
    apply = state.apply
    pile_rank = state.pile_rank
    decisions = 0
    while not state.over:
        seat = state.seat
        drawn = state.begin_turn()
        if drawn is None:
            state.skip()
            if turns is not None:
                turns.append((seat, None, ()))
            continue
        events: list[tuple] = []
        while state.phase != DONE:
            choices = options()
            move = choices[randrange(len(choices))]
            decisions += 1
            if turns is not None:
                kind = move[0]
                extra = pile_rank[move[4]] if kind == PLAY else 0
                if kind == TURNED:
                    extra = state.draw[state.side][-1]
                events.append((move, extra))
            got = apply(move)
            if got is not None and turns is not None:
                events.append((None, got))
        if turns is not None:
            turns.append((seat, drawn, events))
    return decisions


def turns_json(state: Round, turns: list[tuple]) -> list[dict[str, Any]]:
    """The turns recorded by :func:`play_round` as the replay log's ``turns``."""
    out = []
    for seat, drawn, events in turns:
        name = state.seat_names[seat]
        if drawn is None:
            out.append({"player": name, "skipped": True})
            continue
        me = state.seat_side[seat]
        plays: list[dict[str, Any]] = []
        for move, extra in events:
            if move is None:
                plays.append({"draw": [NAME[c] for c in extra]})
            elif move[0] == TURNED:
                plays.append({"turned": NAME[extra], "to": "open"})
            elif len(move) > 1:  # END leaves no entry: the turn simply stops
                plays.append(move_json(move, state, me, extra))
        out.append({"player": name, "draw": [NAME[c] for c in drawn], "plays": plays})
    return out
