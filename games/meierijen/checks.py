"""The check_hand kinds of MeieRijen (CASES.md): ``turn``, ``round_score`` and ``match``;
``replay`` is in :mod:`games.meierijen.replay`.

``turn`` judges one turn of ``me`` from the board as it stands. ``hand`` is the hand after
the turn's draw; ``draw_pile`` lists the player's draw pile top first (the first five are
drawn when the hand is played empty). ``"last_ten": true`` (not in CASES.md; default
false) says the player has reached the last ten (MR-11): ``draw_pile``'s first card is
then the face-up card to be played first, nothing is drawn into the hand, and the limit
of four open cards is lifted. Besides CASES.md's places, white pawns may stand on the
player's own ``draw`` (also ``draw_pile``, ``me_draw``; the turn is skipped), ``open:CARD``
and ``penalty``. With ``players`` 4 ``me`` and ``opponent`` are the two teams (MR-4P).
"""

from __future__ import annotations

from typing import Any

from games.base import Case, CaseError, Outcome, Text, _, clean_options
from games.meierijen import scoring
from games.meierijen.judging.turn import judge_entries
from games.meierijen.notation import (
    parse_holder,
    parse_place,
    pawns_json,
    piles_json,
)
from games.meierijen.rules import (
    ACCEPTS,
    ACE,
    ALWAYS,
    DECKS,
    DONE,
    GREY,
    IS_WILD,
    LOW,
    MAIN,
    NAME,
    NEVER,
    OPEN_LIMIT,
    OPENCARD,
    OPTIONS,
    PILE_NAMES,
    RANK,
    RED,
    WHITE,
    Round,
    code_of,
)

# --- shared reading ------------------------------------------------------------------------


#: "the game has only N <colour> pawn(s)" for each pawn, one or more.
ONLY_PAWNS = {
    (0, False): _("the game has only %(most)s grey pawn"),
    (0, True): _("the game has only %(most)s grey pawns"),
    (1, False): _("the game has only %(most)s red pawn"),
    (1, True): _("the game has only %(most)s red pawns"),
    (2, False): _("the game has only %(most)s white pawn"),
    (2, True): _("the game has only %(most)s white pawns"),
}


def count_cards(fields: list[tuple[str, list[int]]], decks: int, whose: Text | None = None) -> None:
    """CaseError naming the first field where a card appears more often than ``decks``
    54-card decks hold (``piles.NAME`` fields hold one top card). ``whose`` names the
    owner when the fields are one player's (or team's) cards, all from their own deck."""
    counts: dict[int, int] = {}
    held = whose if decks == 1 and whose is not None else Text(_("%(decks)s decks"), decks=decks)
    for where, cards in fields:
        for index, card in enumerate(cards):
            seen = counts.get(card, 0) + 1
            if seen > decks * (2 if card == 0 else 1):
                field = where if where.startswith("piles.") else f"{where}[{index}]"
                raise CaseError(
                    field,
                    _("%(card)s appears more often than %(held)s holds"),
                    card=NAME[card],
                    held=held,
                )
            counts[card] = seen


def codes(case: Case, key: str, default: Any = None) -> list[int]:
    cards = case.cards(key) if default is None else case.cards(key, default)
    return [code_of(card) for card in cards]


def check_players_option(case: Case, count: int) -> None:
    """An explicit ``players`` option must agree with the players the case names."""
    given = case.data.get("options")
    if isinstance(given, dict) and "players" in given and given["players"] != count:
        raise CaseError(
            "options.players",
            _("is %(given)s, but the case names %(count)s players"),
            given=given["players"],
            count=count,
        )


# --- turn ----------------------------------------------------------------------------------


def read_pile(piles: Case, index: int) -> tuple[int, int] | None:
    """A centre pile's top card and effective rank; ``None`` for an empty place."""
    name = PILE_NAMES[index]
    if name not in piles.data:
        raise piles.error(name, _("is missing (null for an empty place)"))
    if piles.data[name] is None:
        return None
    where = piles.where(name)
    if isinstance(piles.data[name], dict):
        top = piles.sub(name)
        card, rank = code_of(top.card("card")), top.rank("as", None)
    else:
        card, rank = code_of(piles.card(name)), None
    if IS_WILD[card]:
        if rank is None or rank < LOW:
            raise CaseError(
                where,
                _("%(card)s is wild: say which rank from 3 to A it stands for"),
                card=NAME[card],
            )
    elif rank is not None and rank != RANK[card]:
        raise CaseError(
            where, _("%(card)s is not wild and stands for its own rank"), card=NAME[card]
        )
    rank = rank or RANK[card]
    if rank == ACE:
        raise CaseError(where, _("an ace closes its pile (MR-4): give null for the empty place"))
    if not ACCEPTS[index][card]:
        raise CaseError(
            where, _("%(card)s cannot lie on the %(name)s pile (MR-1)"), card=NAME[card], name=name
        )
    return card, rank


Fields = list[tuple[str, list[int]]]


def read_board(case: Case, state: Round) -> tuple[Fields, Fields, Fields]:
    """Set up ``state`` (side 0 is ``me``) from a turn case; returns the cards per field:
    the centre piles' and the draw pile's, the player's held cards and the opponent's."""
    piles = case.sub("piles")
    centre: Fields = []
    for index, name in enumerate(PILE_NAMES):
        top = read_pile(piles, index)
        if top is not None:
            state.pile_top[index], state.pile_rank[index] = top
            state.pile_cards[index] = [top[0]]
            centre.append((f"piles.{name}", [top[0]]))
    hand = codes(case, "hand")
    draw = codes(case, "draw_pile", [])
    state.hands[0] = hand
    state.draw[0] = draw[::-1]
    state.ten_at[0] = ALWAYS if case.boolean("last_ten", False) else NEVER
    state.ten_at[1] = NEVER
    sides: tuple[Fields, Fields] = ([("hand", hand)], [])
    for key, target in (("open", state.open), ("penalty", state.penalty)):
        spots = case.sub(key, None)
        for side, who in enumerate(("me", "opponent")):
            target[side] = [] if spots is None else codes(spots, who, [])
            sides[side].append((f"{key}.{who}", target[side]))
    if len(state.open[0]) > OPEN_LIMIT:  # only possible once the last ten began (MR-11)
        state.open_limit = 1 << 30
    read_pawns(case, state)
    return [*centre, ("draw_pile", draw)], sides[0], sides[1]


def read_pawns(case: Case, state: Round) -> None:
    pawns = case.sub("pawns", None)
    if pawns is None:
        return
    state.holder[GREY] = parse_holder(pawns, "grey", state, 0)
    state.holder[RED] = parse_holder(pawns, "red", state, 0)
    whites = pawns.items("white", [])
    if len(whites) > len(state.whites):
        raise pawns.error("white", _("lists more than the two white pawns"))
    for index, text in enumerate(whites):
        spot = Case({"place": text}, f"{pawns.where('white')}[{index}]")
        if text in ("me", "opponent"):
            raise spot.error("place", _("a white pawn is placed, never held"))
        place = parse_place(spot, "place", state, 0)
        if place is not None and place[0] == OPENCARD and place[2] not in state.open[place[1]]:
            raise spot.error(
                "place",
                _("stands on %(card)s, which is not an open card there"),
                card=NAME[place[2]],
            )
        state.whites[index] = place


def check_turn(case: Case) -> Outcome:
    """CASES.md ``turn``: every play, pawn action and the pass card of one turn of ``me``."""
    options = case.options
    players = options["players"]
    seat_side = (0, 1, 0, 1) if players == 4 else (0, 1)
    names = [_("The player"), _("The opponent"), _("The player's partner"),
             _("The opponent's partner")]  # fmt: skip
    state = Round(
        seat_side,
        [Text(name) for name in names[: len(seat_side)]],
        [Text(_("the player")), Text(_("the opponent"))],
        variant1=options["variant1"],
        draw_two=options["draw_rule"] == "two",
    )
    rest, own, theirs = read_board(case, state)
    # The cards a player holds (hand, open, penalty) all come from their own deck (their
    # team's with four players), the opponents' open and penalty cards from theirs; only
    # the centre piles mix the decks. The draw pile, often given only as the next cards,
    # is counted against all decks in play only.
    count_cards(own, 1, Text(_("the player's own deck")))
    count_cards(theirs, DECKS[players] - 1, Text(_("the opponent's deck")))
    count_cards(own + theirs + rest, DECKS[players])
    plays = case.subs("plays")
    out = Outcome()
    state.start(0)
    if state.skips_due():  # MR-7 (a): a white pawn on the draw pile
        if plays:
            out.add(
                "MR-7",
                _("The player must skip this turn: a white pawn stands on their draw pile"),
                0,
            )
            return out
        state.skip()
        out.result = turn_result(state, finished=True)
        return out
    state.enter_faceup()
    if not judge_entries(state, plays, out.add):
        return out
    finished = state.phase == DONE
    if not finished and not state.pending and state.phase == MAIN and not state.hands[0]:
        state.end_turn()  # no card left to pass: the turn is over
        finished = True
    out.result = turn_result(state, finished=finished)
    return out


def turn_result(state: Round, *, finished: bool) -> dict[str, Any]:
    return {
        "piles": piles_json(state),
        "hand": [NAME[c] for c in state.hands[0]],
        "pawns": pawns_json(state, 0),
        "finished": finished,
    }


# --- round_score ---------------------------------------------------------------------------

PAWN_WORDS = {"grey": GREY, "gray": GREY, "red": RED, "white": WHITE}


class RoundScore:
    """A ``round_score`` case read: minus points and the winner per player or team."""

    def __init__(self, case: Case) -> None:
        players = case.sub("players")
        self.names = list(players.data)
        if not 2 <= len(self.names) <= 4:
            raise CaseError(
                players.path, _("must name 2 to 4 players, not %(count)s"), count=len(self.names)
            )
        for name in self.names:
            if not name.strip() or len(name) > 100:
                raise players.error(name, _("is not a player name"))
        check_players_option(case, len(self.names))
        variant1 = case.options["variant1"]
        fields: dict[str, Fields] = {}
        held: list[tuple[str, int]] = []
        self.player_points: dict[str, int] = {}
        for name in self.names:
            player = players.sub(name)
            cards: list[int] = []
            fields[name] = []
            for key in ("hand", "open", "penalty"):
                got = codes(player, key, [])
                cards += got
                fields[name].append((player.where(key), got))
            pawns = [
                self._pawn(player, i, word) for i, word in enumerate(player.items("pawns", []))
            ]
            held += [(player.where("pawns"), p) for p in pawns]
            self.player_points[name] = scoring.minus_points(cards, pawns, variant1)
        self._count_pawns(held)
        self.teams = self._teams(case)
        # Every card a player holds comes from their own deck (RULES.md says nothing of
        # the decks of four players, so teammates are not counted together).
        for name in self.names:
            count_cards(fields[name], 1, Text(_("%(player)s's deck"), player=name))
        count_cards([f for name in self.names for f in fields[name]], DECKS[len(self.names)])
        self.points = self._team_points() if self.teams else dict(self.player_points)
        self.emptied_first = self._emptied(case)
        self.winner = self._winner(case)

    @staticmethod
    def _pawn(player: Case, index: int, word: object) -> int:
        if not isinstance(word, str) or word not in PAWN_WORDS:
            raise CaseError(
                f"{player.where('pawns')}[{index}]",
                _("must be grey, red or white, not %(word)s"),
                word=f"{word!r}",
            )
        return PAWN_WORDS[word]

    @staticmethod
    def _count_pawns(held: list[tuple[str, int]]) -> None:
        for pawn, most in ((GREY, 1), (RED, 1), (WHITE, 2)):
            places = [where for where, p in held if p == pawn]
            if len(places) > most:
                raise CaseError(
                    places[-1],
                    ONLY_PAWNS[pawn, most > 1],
                    most=most,
                )

    def _teams(self, case: Case) -> dict[str, list[str]] | None:
        teams = case.sub("teams", None)
        if teams is None:
            return None
        out: dict[str, list[str]] = {}
        seen: set[str] = set()
        for team in teams.data:
            members = teams.items(team)
            for index, name in enumerate(members):
                if not isinstance(name, str) or name not in self.names or name in seen:
                    raise CaseError(
                        f"{teams.where(team)}[{index}]",
                        _("must be a player not yet in a team, not %(name)s"),
                        name=f"{name!r}",
                    )
                seen.add(name)
            out[team] = list(members)
        if len(out) < 2 or seen != set(self.names):
            raise CaseError(teams.path, _("must put every player in one of two or more teams"))
        return out

    def _team_points(self) -> dict[str, int]:
        assert self.teams is not None
        return {
            team: sum(self.player_points[p] for p in members)
            for team, members in self.teams.items()
        }

    def _emptied(self, case: Case) -> str | None:
        """The player (or their team) who emptied their draw pile first."""
        name = case.text("emptied_first", None)
        if name is None or name in self.points:
            return name
        if self.teams and name in self.names:
            return next(team for team, members in self.teams.items() if name in members)
        raise case.error("emptied_first", _("%(name)s is not one of the players"), name=f"{name!r}")

    def _winner(self, case: Case) -> str | None:
        best = min(self.points.values())
        tied = [name for name, value in self.points.items() if value == best]
        if len(tied) > 1 and self.emptied_first is None:
            raise case.error(
                "emptied_first",
                _(
                    "is missing: the points are equal, and then the one who "
                    "emptied the draw pile first wins (MR-12)"
                ),
            )
        return scoring.round_winner(self.points, self.emptied_first)


def check_round_score(case: Case) -> Outcome:
    """CASES.md ``round_score``: minus points (MR-12, MR-V1, MR-4P) and the round winner."""
    score = RoundScore(case)
    return Outcome(result={"points": score.points, "winner": score.winner})


# --- match ---------------------------------------------------------------------------------


def check_match(case: Case) -> Outcome:
    """CASES.md ``match``: the rounds won and the match winner (MR-13)."""
    rounds = case.subs("rounds")
    if not rounds:
        raise case.error("rounds", _("must list at least one round"))
    out = Outcome()
    winners: list[str | None] = []
    names: list[str] = []
    for index, round_case in enumerate(rounds):
        if round_case.text("game", "meierijen") != "meierijen":
            raise round_case.error("game", _("must be meierijen"))
        if round_case.text("check", "round_score") != "round_score":
            raise round_case.error("check", _("must be round_score"))
        if "options" in round_case.data:
            given = round_case.data["options"]
            round_case.options = clean_options(OPTIONS, given, round_case.where("options"))
        score = RoundScore(round_case)
        if index and sorted(score.points) != sorted(names):
            raise round_case.error("players", _("names other players or teams than round 1"))
        names = names or list(score.points)
        winners.append(score.winner)
    match = scoring.match_result(names, winners, third_round=case.options["third_round"])
    out.result = {"rounds_won": match.rounds_won}
    if match.decided_after is None:
        need = (
            "two rounds, and a third for a level score"
            if case.options["third_round"]
            else "two rounds"
        )
        out.add(
            "MR-13",
            _("The match is not over after %(count)s round(s): it is %(need)s"),
            count=len(rounds),
            need=need,
        )
        return out
    if match.decided_after < len(rounds):
        out.add(
            "MR-13",
            scoring.played_on_message(match.decided_after, len(rounds)),
            match.decided_after,
        )
    out.result.update(winner=match.winner, draw=match.draw)
    return out
