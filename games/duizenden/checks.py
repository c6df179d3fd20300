"""The check_hand kinds of Duizenden (CASES.md): meld, opening, discard, deal_score, game,
mine, and replay (a whole recorded game, see games.duizenden.simulate for its format).

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.base import Case, CaseError, Check, Outcome, Text, _
from games.cards import JOKER, Card
from games.duizenden.rules import (
    DECK,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    QUEEN_OF_SPADES,
    Deal,
    Foul,
    Token,
    check_counts,
    choose_miner,
    claim_foul,
    discard_fouls,
    meld_points,
    opening_points,
    parse_token,
    read_meld,
    why_no_meld,
)
from games.duizenden.scoring import (
    DECK_POINTS,
    OPENING_MINIMUM,
    SCORE_STEP,
    deal_points,
    game_winner,
    play_game,
)

#: The most melds a player could lay or reach back to in one deal (108 cards / 3).
MAX_MELD_INDEX = 36


def _tokens(case: Case, key: str) -> list[Token]:
    values = case.items(key)
    where = case.where(key)
    return [parse_token(v, f"{where}[{i}]") for i, v in enumerate(values)]


def _physical(tokens: Sequence[Token]) -> list[Card]:
    return [t.card for t in tokens if not t.is_joker] + [JOKER for t in tokens if t.is_joker]


def _player_count_foul(players: Sequence[str]) -> Foul | None:
    if MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return None
    return Foul(
        "DZ-1", Text(_("Duizenden is played by 3 to 5 players, not %(count)s"), count=len(players))
    )


# --- meld and opening (DZ-3, DZ-4) ---------------------------------------------------------


def check_meld(case: Case) -> Outcome:
    """DZ-3: is it a meld? ``result``: type, opening_points (DZ-4), card_points (DZ-11)."""
    out = Outcome()
    tokens = _tokens(case, "cards")
    check_counts(_physical(tokens), "cards")
    reading = read_meld(tokens, "cards")
    if reading is None:
        out.add("DZ-3", _("No meld: %(why_no_meld)s"), why_no_meld=why_no_meld(tokens))
    else:
        face = case.options["opening_face_cards"]
        out.result["type"] = reading.kind
        out.result["opening_points"] = opening_points(reading, tokens, face_cards=face)
    out.result["card_points"] = meld_points(tokens)
    return out


def check_opening(case: Case) -> Outcome:
    """DZ-4: every meld valid (DZ-3) and together at least 30 opening points."""
    out = Outcome()
    melds = case.items("melds")
    all_tokens: list[list[Token]] = []
    for index, meld in enumerate(melds):
        where = f"melds[{index}]"
        if not isinstance(meld, list):
            raise CaseError(where, _("must be a list of cards"))
        all_tokens.append([parse_token(v, f"{where}[{i}]") for i, v in enumerate(meld)])
    check_counts(_physical([t for tokens in all_tokens for t in tokens]), "melds")
    face = case.options["opening_face_cards"]
    total = 0
    for index, tokens in enumerate(all_tokens):
        reading = read_meld(tokens, f"melds[{index}]")
        if reading is None:
            out.add(
                "DZ-3",
                _("Meld %(number)s is no meld: %(why_no_meld)s"),
                index,
                number=index + 1,
                why_no_meld=why_no_meld(tokens),
            )
        else:
            total += opening_points(reading, tokens, face_cards=face)
    if out.violations:
        return out
    if total < OPENING_MINIMUM:
        out.add("DZ-4", _("The opening is worth %(total)s points, fewer than 30"), total=total)
    out.result["opening_points"] = total
    return out


# --- discard (DZ-8, DZ-9, DZ-10) -------------------------------------------------------------


def check_discard(case: Case) -> Outcome:
    """DZ-8, DZ-9, DZ-10: may ``card`` be discarded from ``hand`` (the hand before it)?"""
    out = Outcome()
    card = case.card("card")
    hand = case.cards("hand")
    first_turn = case.boolean("first_turn", False)
    who = case.text("player", "The player")
    check_counts(hand, "hand")
    if card not in hand:
        raise CaseError(
            "card",
            _("%(card)s is not in the hand (hand is the hand before the discard)"),
            card=card,
        )
    for foul in discard_fouls(who, card, len(hand), first_turn=first_turn):
        out.add(foul.rule, foul.message)
    if not out.violations:
        after = list(hand)
        after.remove(card)
        out.result = {"goes_out": not after, "hand": [str(c) for c in after]}
    return out


# --- deal score (DZ-11) --------------------------------------------------------------------


def _melded_cards(case: Case, key: str) -> list[Card]:
    """A flat list of meld cards, or a list of melds (lists); jokers may be declared."""
    values = case.items(key, [])
    where = case.where(key)
    cards: list[Card] = []
    for i, value in enumerate(values):
        if isinstance(value, list):
            cards += [parse_token(v, f"{where}[{i}][{j}]").card for j, v in enumerate(value)]
        else:
            cards.append(parse_token(value, f"{where}[{i}]").card)
    return cards


def check_deal_score(case: Case) -> Outcome:
    """DZ-11: card points melded minus card points left in hand, per player."""
    out = Outcome()
    players = case.sub("players")
    if not players.data:
        raise CaseError("players", _("must name at least one player"))
    points: dict[str, int] = {}
    every: list[Card] = []
    for name in players.data:
        player = players.sub(name)
        melded = _melded_cards(player, "melded")
        hand = _melded_cards(player, "hand")
        every += melded + hand
        points[name] = deal_points(melded, hand)
    check_counts(every, "players")
    out.result["points"] = points
    return out


# --- game (DZ-11, DZ-12) ---------------------------------------------------------------------


def _deal_scores(case: Case, players: Sequence[str], out: Outcome) -> list[dict[str, int]]:
    deals: list[dict[str, int]] = []
    for index, deal in enumerate(case.subs("deals")):
        for name in deal.data:
            if name not in players:
                raise deal.error(name, _("is not one of the players"))
        scores: dict[str, int] = {}
        for name in players:
            value = deal.get(name, int)
            scores[name] = value
            if abs(value) > DECK_POINTS:
                out.add(
                    "DZ-11",
                    _(
                        "%(name)s's score in deal %(number)s is beyond the "
                        "%(DECK_POINTS)s card points of both decks"
                    ),
                    index,
                    name=name,
                    number=index + 1,
                    DECK_POINTS=DECK_POINTS,
                )
            elif value % SCORE_STEP:
                out.add(
                    "DZ-11",
                    _(
                        "%(name)s's score %(value)s in deal %(number)s is no "
                        "multiple of 5: every card counts 5, 10, 15, 50 or 100"
                    ),
                    index,
                    name=name,
                    value=value,
                    number=index + 1,
                )
        deals.append(scores)
    return deals


def check_game(case: Case) -> Outcome:
    """DZ-12: totals over the deals; the first to 1000 or more (the highest) wins."""
    out = Outcome()
    players = case.names("players")
    foul = _player_count_foul(players)
    if foul is not None:
        out.add(foul.rule, foul.message)
    deals = _deal_scores(case, players, out)
    state = play_game(players, deals)
    if state.after_deal is not None and state.after_deal < len(deals):
        out.add(
            "DZ-12",
            _(
                "The game was over after deal %(after_deal)s (%(winner)s "
                "won); deal %(number)s should not have been played"
            ),
            state.after_deal,
            after_deal=state.after_deal,
            winner=state.winner,
            number=state.after_deal + 1,
        )
    out.result = state.as_result()
    return out


# --- mining (DZ-7) -----------------------------------------------------------------------------


def _names(case: Case, key: str, players: Sequence[str], *, required: bool = False) -> list[str]:
    values = case.items(key) if required else case.items(key, [])
    for index, name in enumerate(values):
        if name not in players:
            raise CaseError(f"{case.where(key)}[{index}]", _("is not one of the players"))
    return list(values)


def check_mine(case: Case) -> Outcome:
    """DZ-7: which claim on the discard pile wins; invalid claims are violations."""
    out = Outcome()
    players = case.names("players")
    foul = _player_count_foul(players)
    if foul is not None:
        out.add(foul.rule, foul.message)
    discarder = case.player("discarder", players)
    top = case.card("top")
    claims = _names(case, "claims", players, required=True)
    if any(who != discarder for who in claims) and not case.has("on_table"):
        raise CaseError("on_table", _("is missing: only a player on the table may mine (DZ-7)"))
    on_table = set(_names(case, "on_table", players))
    hands_case = case.per_player("hands", players, default=None)
    hands: dict[str, Counter[Card]] = {}
    every = [top]
    if hands_case is not None:
        for name in hands_case.data:
            cards = hands_case.cards(name)
            hands[name] = Counter(cards)
            every += cards
    check_counts(every, "hands")
    if top == QUEEN_OF_SPADES:
        out.add(
            "DZ-8",
            _("%(discarder)s may not discard QS: its holder must meld it"),
            discarder=discarder,
        )
    valid = []
    for index, who in enumerate(claims):
        if who in claims[:index]:
            raise CaseError(f"claims[{index}]", _("%(who)s claims twice"), who=who)
        needs_hand = who != discarder and who in on_table
        if needs_hand and who not in hands:
            raise CaseError(f"hands.{who}", _("is missing: a claim is judged against the hand"))
        foul = claim_foul(
            who, discarder=discarder, top=top, on_table=who in on_table, hand=hands.get(who)
        )
        if foul is None:
            valid.append(who)
        else:
            out.add(foul.rule, foul.message, index)
    out.result["miner"] = choose_miner(players, discarder, claims, valid)
    return out


# --- replay -------------------------------------------------------------------------------


def _index(case: Case, key: str) -> int:
    value = case.get(key, int)
    if not 0 <= value < MAX_MELD_INDEX:
        raise case.error(
            key, _("must be a meld number from 0 to %(number)s"), number=MAX_MELD_INDEX - 1
        )
    return value


def _action(deal: Deal, action: Case) -> None:
    """One action of a turn: ``meld``, ``lay_off`` (with ``to``) or ``exchange``."""
    owner = action.text("owner", None)
    if action.has("meld"):
        deal.meld(_tokens(action, "meld"), action.where("meld"))
    elif action.has("lay_off"):
        token = parse_token(action.data["lay_off"], action.where("lay_off"))
        deal.lay_off(token, _index(action, "to"), owner, action.where("lay_off"))
    elif action.has("exchange"):
        card = action.card("exchange")
        deal.exchange(card, _index(action, "to"), owner, action.where("exchange"))
    else:
        raise action.error("meld", _("is missing: an action is meld, lay_off or exchange"))


def _setup(case: Case, players: Sequence[str], face_cards: bool) -> Deal:
    """Read the deal: dealer, 13 cards each (DZ-1), the turned-up card; the rest is stock."""
    dealer = case.player("dealer", players)
    hands_case = case.per_player("hands", players, complete=True)
    stock = Counter(DECK)
    hands: dict[str, list[Card]] = {}
    for name in players:
        hands[name] = hands_case.cards(name)
        for index, card in enumerate(hands[name]):
            stock[card] -= 1
            if stock[card] < 0:
                raise CaseError(
                    f"{hands_case.where(name)}[{index}]",
                    _("%(card)s appears more often than the two decks hold"),
                    card=card,
                )
    turned = case.card("turned")
    stock[turned] -= 1
    if stock[turned] < 0:
        raise CaseError(
            "turned", _("%(turned)s appears more often than the two decks hold"), turned=turned
        )
    for name in players:
        if len(hands[name]) != HAND_SIZE:
            raise Foul(
                "DZ-1",
                Text(
                    _("%(name)s was dealt %(count)s cards, not 13"),
                    name=name,
                    count=len(hands[name]),
                ),
            )
    return Deal(players, dealer, hands, turned, +stock, face_cards=face_cards)


def _mining(deal: Deal, turn: Case, top: Card, players: Sequence[str]) -> None:
    claims = _names(turn, "claims", players)
    if deal.ended is not None and (claims or turn.has("miner") or turn.has("extra")):
        raise turn.error("claims", _("nobody mines the last discard: the deal is over"))
    if deal.ended is not None:
        return
    miner = deal.claims(top, claims, turn.where("claims"))
    given = turn.player("miner", players, None)
    if given is not None and given not in claims:
        raise turn.error("miner", _("%(given)s made no claim"), given=given)
    if given is not None and given != miner:
        raise Foul(
            "DZ-7",
            Text(
                _(
                    "%(miner)s, not %(given)s, mines %(top)s: the next player in "
                    "turn has priority, otherwise the first claim wins"
                ),
                miner=miner,
                given=given,
                top=top,
            ),
        )
    if miner is None:
        if turn.has("extra"):
            raise turn.error("extra", _("nobody mined, so nobody takes an extra card"))
        return
    deal.mine(miner, turn.card("extra", None), turn.where("extra"))


def _turn(deal: Deal, turn: Case, players: Sequence[str], *, last: bool) -> bool:
    """Play one turn; False when the log stops inside it (the last turn, no discard key)."""
    deal.start_turn(turn.player("player", players, None), turn.path)
    if turn.boolean("take_turned", False):
        if turn.has("draw"):
            raise turn.error("draw", _("a turn takes the turned-up card or draws, not both"))
        deal.take_turned()
    else:
        deal.draw(turn.card("draw", None), turn.where("draw"))
    for action in turn.subs("actions", []):
        _action(deal, action)
    if last and "discard" not in turn.data:
        return False
    if not turn.has("discard") and (turn.has("claims") or turn.has("extra")):
        raise turn.error("claims", _("nobody mines without a discard"))
    deal.end_melding()
    card = deal.discard(turn.card("discard", None), turn.where("discard"))
    if card is not None:
        _mining(deal, turn, card, players)
    deal.end_turn()
    return True


def _check_scores(deal_case: Case, players: Sequence[str], scores: dict[str, int]) -> None:
    given = deal_case.per_player("scores", players, default=None)
    if given is None:
        return
    for name in players:
        value = given.get(name, int)
        if value != scores[name]:
            raise Foul(
                "DZ-11",
                Text(
                    _("%(name)s scores %(scores)s in this deal, not as written"),
                    name=name,
                    scores=scores[name],
                ),
            )


class _Replay:
    """The deals of a replay case, judged in order until the first rule broken."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.players = case.names("players")
        self.face_cards = case.options["opening_face_cards"]
        self.scores: list[dict[str, int]] = []
        self.at: int | None = None

    def run(self) -> bool:
        """Judge every deal; True when the log holds a complete last deal (or none)."""
        foul = _player_count_foul(self.players)
        if foul is not None:
            raise foul
        deals = self.case.subs("deals")
        for index, deal_case in enumerate(deals):
            self.at = index
            if game_winner(play_game(self.players, self.scores).totals) is not None:
                raise Foul(
                    "DZ-12",
                    Text(
                        _("The game was already won; deal %(number)s should not have been played"),
                        number=index + 1,
                    ),
                )
            last = index == len(deals) - 1
            deal = _setup(deal_case, self.players, self.face_cards)
            turns = deal_case.subs("turns", [])
            for number, turn in enumerate(turns):
                if not _turn(deal, turn, self.players, last=last and number == len(turns) - 1):
                    return False
            if deal.ended is None:
                if last:
                    return False
                raise deal_case.error("turns", _("ends before the deal is over"))
            scores = deal.scores()
            _check_scores(deal_case, self.players, scores)
            self.scores.append(scores)
        return True


def check_replay(case: Case) -> Outcome:
    """Every event of a recorded game (simulate.py's log format), judged in order.

    ``result``: ``deal_scores``, and unless a rule was broken ``totals``, ``finished``,
    ``winner``, ``after_deal`` (DZ-12), ``deals`` and ``complete`` (false when the log stops
    inside a deal).
    """
    out = Outcome()
    replay = _Replay(case)
    try:
        complete = replay.run()
    except Foul as foul:
        if replay.at is None:
            out.add(foul.rule, foul.message, replay.at)
        else:
            out.add(foul.rule, _("In deal %(deal)s: %(detail)s"), replay.at,
                    deal=replay.at + 1, detail=foul.message)  # fmt: skip
        out.result = {"deal_scores": replay.scores}
        return out
    state = play_game(replay.players, replay.scores)
    out.result = {
        **state.as_result(),
        "deals": len(replay.scores),
        "complete": complete,
        "deal_scores": replay.scores,
    }
    return out


CHECKS: dict[str, Check] = {
    "meld": check_meld,
    "opening": check_opening,
    "discard": check_discard,
    "deal_score": check_deal_score,
    "game": check_game,
    "mine": check_mine,
    "replay": check_replay,
}
