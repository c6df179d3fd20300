"""Keezen's check_hand kinds (CASES.md): ``move``, ``legal_moves``, ``game_score``, ``replay``.

Every case names the table size with ``"players"``: 4 or 6 (default: 6 when ``pawns`` has
six seats, else 4), or a list of 4 or 6 distinct names (seat 0 first, clockwise), which the
messages then use. Seats are numbers 0 … players-1; ``pawns`` is ``{"0": [4 places], …,
"n-1": [...]}`` with every seat given, each place ``"nest"``, a track square
``0 … 16·players-1`` or ``"home:K"`` (KZ-1).

- ``move``: ``seat``, ``pawns``, ``card``, ``move`` (and ``hand`` for a fold, optional
  otherwise: when given it must hold the card) → ``result``: ``pawns_after``, ``hits``.
  A refused part of a 7 gives the part's index (0 or 1) as the violation's ``at``. A board
  where a team already has all eight pawns home refuses every card (KZ-8: game over).
- ``legal_moves``: ``seat``, ``pawns``, ``hand`` → ``result``: ``moves`` (per distinct card
  of the hand, in hand order, every distinct legal move in the ``move`` notation, ``[]``
  for a card without one), ``count`` (legal card moves), ``fold`` (true when no card has a
  legal move, so the only legal move is ``{"fold": true}``, KZ-6), and ``for_seat`` when
  the seat plays for its partner (KZ-8).
- ``game_score`` (KZ-9): ``pawns_home`` per team (``{"0+2": 8, "1+3": 5}``) or per seat
  (``{"0": 4, "1": 2, …}``), or the board as ``pawns``; an optional ``winner`` (a team name
  or null) and ``points`` (per team) from the score sheet are checked against the counts
  (KZ-9) → ``result``: ``pawns_home``, ``points``, ``winner``, ``finished``.
- ``replay``: a whole game as the simulator logs it (see :mod:`games.keezen.simulate`);
  judged event by event up to the first violation, whose ``at`` is the event's index.
  A card played that the seat does not hold is refused under KZ-7 (the cards one holds are
  the cards dealt), a turn out of order under KZ-1, an event after the game ended under KZ-8.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from games.base import Card, Case, CaseError, Outcome, Text, _, as_text
from games.cards import JOKER
from games.keezen.board import (
    NEST,
    PAWNS,
    PLAYER_COUNTS,
    Geometry,
    geometry,
    parse_place,
    place_text,
)
from games.keezen.rules import (
    BACK,
    ENTER,
    FORWARD,
    SPLIT,
    SWAP,
    Move,
    MoveRequest,
    Names,
    Position,
    Refusal,
    Step,
    hand_moves,
    judge_move,
    keezen_deck,
)
from games.keezen.scoring import TEAM_PAWNS, game_score

MOVE_KINDS = ("fold", "enter", "swap", "split", "steps")
MAX_STEPS_WRITTEN = 1000


# --- reading a case --------------------------------------------------------------------


def _seat(seat: int) -> Text:
    """A seat in a message when the case gives no names: "seat 2" (nl "stoel 2")."""
    return Text(_("seat %(seat)s"), seat=seat)


def read_players(case: Case) -> tuple[int, Names]:
    """``players``: 4 or 6, or a list of 4 or 6 names (KZ-1); the seat naming for messages."""
    pawns = case.data.get("pawns")
    # without "players", a board of six seats is a six-player table (KZ-1)
    seats = len(pawns) if isinstance(pawns, dict) and len(pawns) in PLAYER_COUNTS else 4
    value = case.data.get("players", seats)
    if isinstance(value, list):
        names = case.names("players", minimum=1, maximum=20)
        if len(names) not in PLAYER_COUNTS:
            raise case.error(
                "players", _("Keezen is played by 4 or 6 players, not %(count)s"), count=len(names)
            )
        return len(names), names.__getitem__
    count = case.integer("players", seats)
    if count not in PLAYER_COUNTS:
        raise case.error(
            "players", _("Keezen is played by 4 or 6 players, not %(count)s"), count=count
        )
    return count, _seat


def read_seat(case: Case, key: str, players: int, *default: int | None) -> Any:
    """A seat number 0 … players-1; ``default`` (one value) when the key may be missing."""
    return case.integer(key, *default, minimum=0, maximum=players - 1)


def read_position(case: Case, g: Geometry) -> Position:
    """The board: four places per seat, no two pawns on one square (KZ-1)."""
    pawns = case.sub("pawns")
    seats = {str(s) for s in range(g.players)}
    for name in pawns.data:
        if name not in seats:
            raise pawns.error(
                name, _("is not a seat (seats are 0 … %(number)s)"), number=g.players - 1
            )
    pos: list[int] = []
    taken: dict[int, str] = {}
    for seat in range(g.players):
        places = pawns.items(str(seat))
        where = pawns.where(str(seat))
        if len(places) != PAWNS:
            raise CaseError(
                where, _("must list the places of 4 pawns, not %(count)s"), count=len(places)
            )
        for i, value in enumerate(places):
            place = parse_place(value, g.length, f"{where}[{i}]")
            key_place = place if place < g.length else place + seat * PAWNS
            if place != NEST and key_place in taken:
                raise CaseError(
                    f"{where}[{i}]",
                    _("%(place_text)s is taken by %(taken)s too"),
                    place_text=place_text(place, g.length),
                    taken=taken[key_place],
                )
            taken[key_place] = Text(_("%(player)s's pawn %(pawn)s"), player=_seat(seat), pawn=i)
            pos.append(place)
    return Position(g, pos)


@cache
def deck_size(players: int) -> int:
    """Cards in the deck (KZ-7: 52, or 78 for six players)."""
    return len(keezen_deck(players))


def over_the_deck(counts: Counter[Card], players: int) -> Text | None:
    """Why ``counts`` (a hand, or the cards dealt since a shuffle) cannot come from one deck,
    or None (KZ-7). Six players use one and a half decks: the half deck is two whole suits,
    which two is left open by the seed ("laat bijvoorbeeld alle harten en schoppen eruit"),
    so a card may appear twice as long as at most two suits have a card twice."""
    most = 2 if players == 6 else 1
    for card, count in counts.items():
        if count > most:
            if players == 6:
                return Text(_("holds %(card)s %(count)s times; one and a half decks hold "
                              "%(most)s"), card=card, count=count, most=most)  # fmt: skip
            return Text(_("holds %(card)s %(count)s times; the deck has %(most)s"),
                        card=card, count=count, most=most)  # fmt: skip
    if players == 6:
        doubled = sorted({card.suit for card, count in counts.items() if count > 1})
        if len(doubled) > 2:
            return Text(
                _("holds cards of %(count)s suits (%(suits)s) twice; the half deck of six "
                  "players is two whole suits"),
                count=len(doubled),
                suits=", ".join(doubled),
            )  # fmt: skip
    return None


def read_hand(case: Case, key: str, players: int) -> list[Card]:
    """A hand of cards; more copies of a card than the deck holds is a contradiction (KZ-7)."""
    hand = case.cards(key)
    where = case.where(key)
    for i, card in enumerate(hand):
        if card == JOKER:
            raise CaseError(f"{where}[{i}]", _("Keezen is played without jokers"))
    problem = over_the_deck(Counter(hand), players)
    if problem is not None:
        raise CaseError(where, problem)
    return hand


def read_card(case: Case) -> Card:
    card = case.card("card")
    if card == JOKER:
        raise case.error("card", _("Keezen is played without jokers"))
    return card


def _pawn_index(case: Case, key: str) -> int:
    return case.integer(key, minimum=0, maximum=PAWNS - 1)


def _step(case: Case) -> Step:
    return Step(
        _pawn_index(case, "pawn"),
        case.integer("steps", minimum=-MAX_STEPS_WRITTEN, maximum=MAX_STEPS_WRITTEN),
        case.boolean("into_home", False),
    )


def read_request(move: Case, players: int) -> MoveRequest:
    """A move in CASES.md notation; CaseError when it is not one (not when it is illegal)."""
    kinds = [k for k in MOVE_KINDS if k in move.data]
    if not kinds:
        raise CaseError(move.path, _("must give one of: enter, steps, swap, split or fold"))
    if len(kinds) > 1:
        raise move.error(kinds[1], _("cannot go with %(kinds)s in one move"), kinds=kinds[0])
    kind = kinds[0]
    if kind in ("fold", "enter") and move.boolean(kind) is not True:
        raise move.error(kind, _("must be true"))
    if kind == "fold":
        return MoveRequest("fold")
    for_seat = read_seat(move, "for_seat", players, None)
    if kind == "enter":
        pawn = move.integer("pawn", None, minimum=0, maximum=PAWNS - 1)
        return MoveRequest("enter", pawn=pawn, for_seat=for_seat)
    if kind == "swap":
        target = move.sub("swap")
        return MoveRequest(
            "swap", pawn=_pawn_index(move, "pawn"),
            target=(read_seat(target, "seat", players), _pawn_index(target, "pawn")),
            for_seat=for_seat,
        )  # fmt: skip
    if kind == "split":
        parts = tuple(_step(part) for part in move.subs("split"))
        if len(parts) == 1 and parts[0].steps == 7:  # one part of 7 is a plain 7
            return MoveRequest("steps", step=parts[0], for_seat=for_seat)
        return MoveRequest("split", parts=parts, for_seat=for_seat)
    return MoveRequest("steps", step=_step(move), for_seat=for_seat)


# --- writing results -------------------------------------------------------------------


def pawns_json(position: Position) -> dict[str, list[str | int]]:
    g = position.g
    return {
        str(s): [place_text(position.pos[s * PAWNS + i], g.length) for i in range(PAWNS)]
        for s in range(g.players)
    }


def hits_json(hits: list[int]) -> list[dict[str, int]]:
    return [{"seat": pid >> 2, "pawn": pid & 3} for pid in hits]


def _part_json(pid: int, steps: int, into_home: bool) -> dict[str, Any]:
    part: dict[str, Any] = {"pawn": pid & 3, "steps": steps}
    if into_home:
        part["into_home"] = True
    return part


def move_json(move: Move, seat: int, mover: int) -> dict[str, Any]:
    """A generated move tuple in CASES.md notation (``for_seat`` when playing for a partner)."""
    kind = move[0]
    out: dict[str, Any]
    if kind == ENTER:
        out = {"enter": True}
    elif kind == FORWARD:
        out = _part_json(move[1], move[3], bool(move[4]))
    elif kind == BACK:
        out = {"pawn": move[1] & 3, "steps": 4}
    elif kind == SWAP:
        out = {"pawn": move[1] & 3, "swap": {"seat": move[2] >> 2, "pawn": move[2] & 3}}
    else:
        assert kind == SPLIT
        out = {"split": [_part_json(move[1], move[3], bool(move[4])),
                         _part_json(move[5], move[7], bool(move[8]))]}  # fmt: skip
    if mover != seat:
        out["for_seat"] = mover
    return out


def team_result(position: Position, options: Any) -> dict[str, Any]:
    g = position.g
    return game_score(
        g.team_names, [position.team_home(t) for t in range(len(g.team_seats))], options
    )


# --- shared judging --------------------------------------------------------------------


def add(outcome: Outcome, refusal: Refusal, at: int | None) -> None:
    """A refusal as a violation, its message starting with a capital as a sentence does."""
    outcome.add(refusal.rule, as_text(refusal.message).sentence(), at)


def _game_over(position: Position, names: Names) -> Refusal | None:
    team = position.winner()
    if team is None:
        return None
    a, b = position.g.team_seats[team]
    return Refusal(
        "KZ-8",
        Text(
            _("the game is over: %(names)s and %(names2)s have all eight pawns home"),
            names=names(a),
            names2=names(b),
        ),
    )


def judge_fold(position: Position, seat: int, hand: list[Card], names: Names) -> Refusal | None:
    """KZ-6: a player may lay down the hand only when no card in it has a legal move."""
    for card, moves in hand_moves(position, seat, hand):
        if moves:
            return Refusal(
                "KZ-6",
                Text(
                    _(
                        "%(names)s folded while holding %(card)s, which has "
                        "%(count)s legal moves: a playable card must be played"
                    )
                    if len(moves) > 1
                    else _(
                        "%(names)s folded while holding %(card)s, which has "
                        "%(count)s legal move: a playable card must be played"
                    ),
                    names=names(seat),
                    card=card,
                    count=len(moves),
                ),
            )
    return None


# --- the checks ------------------------------------------------------------------------


def check_move(case: Case) -> Outcome:
    """``move``: one card (or a fold) by ``seat`` on the board given (KZ-2 … KZ-8)."""
    players, names = read_players(case)
    g = geometry(players)
    position = read_position(case, g)
    seat = read_seat(case, "seat", players)
    request = read_request(case.sub("move"), players)
    hand = read_hand(case, "hand", players) if case.has("hand") else None
    hits: list[int] = []
    if request.kind == "fold":
        if hand is None:
            raise case.error("hand", _("is missing: a fold is judged against the hand (KZ-6)"))
        refusal = judge_fold(position, seat, hand, names)
    else:
        card = read_card(case)
        if hand is not None and card not in hand:
            raise case.error("card", _("%(card)s is not in the hand given"), card=card)
        refusal = _game_over(position, names)
        if refusal is None:
            try:
                hits = judge_move(position, seat, card, request, names)
            except Refusal as breach:
                refusal = breach
    outcome = Outcome()
    if refusal is not None:
        add(outcome, refusal, refusal.part)
    else:
        outcome.result = {"pawns_after": pawns_json(position), "hits": hits_json(hits)}
    return outcome


def check_legal_moves(case: Case) -> Outcome:
    """``legal_moves``: every distinct legal move of every card in ``hand`` (KZ-2 … KZ-8)."""
    players, _ = read_players(case)
    g = geometry(players)
    position = read_position(case, g)
    seat = read_seat(case, "seat", players)
    hand = read_hand(case, "hand", players)
    mover = position.mover(seat)
    over = position.winner() is not None
    moves: dict[str, list[dict[str, Any]]] = {}
    by_rank: dict[int, list[dict[str, Any]]] = {}
    count = 0
    for card, card_moves in hand_moves(position, seat, hand):
        listed = by_rank.get(card.rank)
        if listed is None:
            listed = by_rank[card.rank] = (
                [] if over else [move_json(m, seat, mover) for m in card_moves]
            )
        moves[str(card)] = list(listed)
        count += len(listed)
    # KZ-6: with no card to play, the only legal move is {"fold": true}.
    result: dict[str, Any] = {"moves": moves, "count": count, "fold": not count}
    if mover != seat:
        result["for_seat"] = mover
    return Outcome(result=result)


def _home_counts(case: Case, g: Geometry) -> list[int]:
    """Pawns home per team, from ``pawns_home`` (per team or per seat) or the board."""
    if not case.has("pawns_home"):
        if not case.has("pawns"):
            raise case.error("pawns_home", _("is missing (give pawns_home, or the board as pawns)"))
        position = read_position(case, g)
        return [position.team_home(t) for t in range(len(g.team_seats))]
    given = case.sub("pawns_home")
    teams = [str(t) for t in g.team_names]
    seats = [str(s) for s in range(g.players)]
    by_team = any("+" in key for key in given.data)
    keys, most = (teams, TEAM_PAWNS) if by_team else (seats, PAWNS)
    for key in given.data:
        if key not in keys:
            raise given.error(key, _("is not one of %(keys)s"), keys=", ".join(keys))
    counts = {key: given.integer(key, minimum=0, maximum=most) for key in keys}
    if by_team:
        return [counts[name] for name in teams]
    return [counts[str(a)] + counts[str(b)] for a, b in g.team_seats]


def check_game_score(case: Case) -> Outcome:
    """``game_score`` (KZ-9): game points per team from its pawns home and the winner; a
    ``winner`` or ``points`` written on the score sheet is checked against them."""
    players, _teams = read_players(case)
    g = geometry(players)
    counts = _home_counts(case, g)
    finished = [name for name, n in zip(g.team_names, counts, strict=True) if n == TEAM_PAWNS]
    if len(finished) > 1:
        raise case.error(
            "pawns_home",
            _(
                "teams %(finished)s cannot both have all eight pawns home: "
                "the game ends when the first team does (KZ-8)"
            ),
            finished=" and ".join(finished),
        )
    result = game_score(g.team_names, counts, case.options)
    outcome = Outcome(result=result)
    if "winner" in case.data:
        claimed = case.data["winner"]
        if claimed is not None and claimed not in g.team_names:
            raise case.error(
                "winner",
                _("must be one of %(team_names)s or null"),
                team_names=", ".join(g.team_names),
            )
        if claimed != result["winner"]:
            shown = (
                Text(_("no team")) if claimed is None else Text(_("team %(team)s"), team=claimed)
            )
            actual = result["winner"] or Text(_("no team, as none has all eight pawns home"))
            outcome.add(
                "KZ-9",
                _("The score sheet gives %(shown)s as the winner; the winner is %(actual)s"),
                shown=shown,
                actual=actual,
            )
    if case.has("points"):
        claimed_points = case.sub("points")
        for name in claimed_points.data:
            if name not in g.team_names:
                raise claimed_points.error(
                    name, _("is not one of %(team_names)s"), team_names=", ".join(g.team_names)
                )
        for name in g.team_names:
            if name in claimed_points.data:
                given = claimed_points.integer(name)
                if given != result["points"][name]:
                    outcome.add(
                        "KZ-9",
                        _("Team %(team)s scores %(points)s, not %(given)s: %(home)s pawns home "
                          "at %(each)s each plus %(bonus)s for winning")
                        if name == result["winner"]
                        else _("Team %(team)s scores %(points)s, not %(given)s: %(home)s pawns "
                               "home at %(each)s each"),
                        team=name,
                        points=result["points"][name],
                        given=given,
                        home=result["pawns_home"][name],
                        each=case.options["points_per_pawn"],
                        bonus=case.options["win_bonus"],
                    )  # fmt: skip
    return outcome


# --- replay ----------------------------------------------------------------------------


class _Replay:
    """State of a replayed game: the board, the hands, the deck since the last shuffle."""

    def __init__(self, case: Case, players: int, names: Names) -> None:
        self.g = geometry(players)
        self.players = players
        self.names = names
        self.position = (
            read_position(case, self.g) if case.has("pawns") else Position.initial(players)
        )
        self.deck_size = deck_size(players)
        self.dealt: Counter[Card] = Counter()
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.dealer: int | None = None
        self.next_seat = 0
        self.deals = 0
        self.turns = 0

    def deal(self, event: Case) -> Refusal | None:
        """KZ-7: 5 cards each from a fresh deck, then 4 each; the deal passes left."""
        n, names = self.players, self.names
        deal = event.sub("deal")
        dealer = read_seat(deal, "dealer", n)
        if any(self.hands):
            return Refusal(
                "KZ-7", Text(_("a new deal comes only when every card of the last one is played"))
            )
        fresh = self.dealer is None or self.deck_size - sum(self.dealt.values()) < 4 * n
        if self.dealer is not None:
            expected = (self.dealer + 1) % n if fresh else self.dealer
            if dealer != expected:
                why = (
                    Text(_("the deck is used up, so the deal passes left"))
                    if fresh
                    else Text(_("the deck is not used up"))
                )
                return Refusal(
                    "KZ-7",
                    Text(
                        _("%(names)s deals now, not %(names2)s: %(why)s"),
                        names=names(expected),
                        names2=names(dealer),
                        why=why,
                    ),
                )
        shuffle = deal.boolean("shuffle", fresh)
        if shuffle != fresh:
            return Refusal(
                "KZ-7",
                Text(_("the deck is used up, so this deal is from a new shuffle"))
                if fresh
                else Text(_("the deck is not used up yet, so this deal is not from a new shuffle")),
            )
        hands_case = deal.per_player("hands", [str(s) for s in range(n)], complete=True)
        size = 5 if fresh else 4
        dealt = Counter() if fresh else Counter(self.dealt)
        hands = []
        for s in range(n):
            hand = read_hand(hands_case, str(s), n)
            if len(hand) != size:
                return Refusal(
                    "KZ-7",
                    Text(
                        _("%(names)s is dealt %(count)s cards instead of %(size)s"),
                        names=names(s),
                        count=len(hand),
                        size=size,
                    ),
                )
            dealt.update(hand)
            hands.append(hand)
        problem = over_the_deck(dealt, n)
        if problem is not None:
            return Refusal(
                "KZ-7",
                Text(_("the cards dealt since the last shuffle: %(problem)s"), problem=problem),
            )
        self.dealt, self.hands, self.dealer = dealt, hands, dealer
        self.next_seat = (dealer + 1) % n
        self.deals += 1
        return None

    def turn(self, event: Case) -> Refusal | None:
        """One card played (KZ-2 … KZ-5, KZ-8) or a fold (KZ-6), in clockwise order (KZ-1)."""
        n, names = self.players, self.names
        if not any(self.hands):
            return Refusal("KZ-7", Text(_("nobody holds a card: a new deal is due")))
        seat = self.next_seat
        while not self.hands[seat]:
            seat = (seat + 1) % n
        given = read_seat(event, "seat", n, seat)
        request = read_request(event.sub("move"), n)
        if given != seat:
            return Refusal(
                "KZ-1",
                Text(
                    _("it is %(names)s's turn, not %(names2)s's: play goes clockwise"),
                    names=names(seat),
                    names2=names(given),
                ),
            )
        hand = self.hands[seat]
        if request.kind == "fold":
            refusal = judge_fold(self.position, seat, hand, names)
            if refusal is None:
                hand.clear()
        else:
            card = read_card(event)
            if card not in hand:
                held = ", ".join(map(str, hand))
                return Refusal(
                    "KZ-7",
                    Text(
                        _(
                            "%(names)s plays %(card)s, which is not in the hand dealt "
                            "(holding %(held)s)"
                        ),
                        names=names(seat),
                        card=card,
                        held=held,
                    ),
                )
            position = self.position.copy()
            try:
                judge_move(position, seat, card, request, names)
            except Refusal as breach:
                return breach
            self.position = position
            hand.remove(card)
            refusal = None
        self.next_seat = (seat + 1) % n
        self.turns += 1
        return refusal

    def result(self, options: Any) -> dict[str, Any]:
        return {
            "pawns_after": pawns_json(self.position),
            **team_result(self.position, options),
            "deals": self.deals,
            "turns": self.turns,
        }


def check_replay(case: Case) -> Outcome:
    """``replay``: every deal and turn of a logged game, judged in order (KZ-1 … KZ-9)."""
    players, names = read_players(case)
    game = _Replay(case, players, names)
    outcome = Outcome()
    events = case.subs("events")
    judge: dict[bool, Callable[[Case], Refusal | None]] = {True: game.deal, False: game.turn}
    for i, event in enumerate(events):
        refusal = _game_over(game.position, names) or judge["deal" in event.data](event)
        if refusal is not None:
            add(outcome, refusal, i)
            outcome.result = {"events_judged": i}
            return outcome
    outcome.result = game.result(case.options)
    return outcome


CHECKS = {
    "move": check_move,
    "legal_moves": check_legal_moves,
    "game_score": check_game_score,
    "replay": check_replay,
}
