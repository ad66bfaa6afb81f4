"""A heuristic player: picks Contracts its hand can carry, or that an Ally would likely complete, when
they are worth more than the Prestige their unblocked Hazard would cost (braving the Hazard only when
the Contracts left to deal are as hard as the row), asks for help with offers others accept, answers
offers by valuing the share against the dice and its hand (helping a player about to win only to stay
level with them), goes alone, when nobody helps, on a Contract that would win the game, plays its
cards in a sensible order (Reactors first, then what the Contract still lacks, Shields for its own
Hazard), and buys towards a balanced deck."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from typing import TypeVar

from games.engine.core import Command, Rng
from games.engine.moonrakers.cards import (
    BASIC_TYPE,
    BASIC_VALUE,
    CONTRACTS,
    CREW,
    PARTS,
    REQUIREMENTS,
    WIN_PRESTIGE,
)
from games.engine.moonrakers.commands import (
    AcceptOffer,
    AcceptSeat,
    BonusDeck,
    Buy,
    ChooseContract,
    Claim,
    DeclineOffer,
    Done,
    GoSolo,
    Guard,
    Keep,
    KeepBonus,
    Launch,
    MakeOffer,
    Opts,
    Pick,
    PlayCard,
    RefuseBonus,
    StayAtBase,
    Swap,
    UseMercenary,
    UsePart,
)
from games.engine.moonrakers.effects import CREW_TABLE
from games.engine.moonrakers.engine import Trial, accepts_to_play, keep_to_play, settled, trial
from games.engine.moonrakers.legal import claim_candidates, followup_default, other_candidates, pending
from games.engine.moonrakers.negotiation import contract_terms
from games.engine.moonrakers.notation import format_command
from games.engine.moonrakers.state import (
    ACCEPTED,
    BASE,
    BONUS,
    BUYING,
    COUNTERED,
    EXECUTION,
    KEEP_OBJECTIVES,
    NEGOTIATION,
    OPEN,
    PLANNING,
    GameState,
    Terms,
    requirement_totals,
    unblocked,
)

C = TypeVar("C", bound=Command)

HAZARD_MEAN = 1.0  # icons per die with the faces 0,0,1,1,2,2
ABOUT_TO_WIN = 8  # Prestige: a player this close to 10 gets no help from those it would leave behind


class _Legal:
    """The legal commands of a seat, checked only as the heuristic looks at them: each check
    answers as ``decide`` would, and the heuristic reads only the kinds it needs (a Claim, the cards
    it could play, what it could buy), so most candidates never need one. In the candidates' order,
    as ``legal_commands`` would list them."""

    def __init__(self, state: GameState, seat: int, known: Sequence[Command] | None = None) -> None:
        self._state, self._seat = state, seat
        self._checked = known is not None  # a list already filtered needs no check
        # The candidates open with the Claims, and the heuristic looks at those first: the rest is
        # built only when it looks further (planning and negotiation never do).
        self._claims: Sequence[Command] = claim_candidates(state, seat) if known is None else ()
        self._all: Sequence[Command] | None = known
        # Each candidate's answer, by its place in the candidates. Most are settled by their check
        # (no events); a kind without one is tried, and its events are kept so that, played, it
        # needs no second ``decide`` of its own.
        self._trials: dict[int, tuple[Command, Trial]] = {}

    @property
    def _candidates(self) -> Sequence[Command]:
        if self._all is None:
            self._all = [*self._claims, *other_candidates(self._state, self._seat)]
        return self._all

    def _accepted(self, index: int, command: Command) -> bool:
        if self._checked:
            return True
        known = self._trials.get(index)
        if known is not None:
            return known[1].accepted
        # A command its check settles (engine.CHECKS: nearly every kind) is answered by the check
        # alone, without its events: the ``decide`` that plays it runs its handler, once, as a trial
        # would have. The others are tried, keeping their events for that ``decide``.
        answer = settled(self._state, self._seat, command)
        if answer is None:
            checked = trial(self._state, self._seat, command)
        else:
            checked = Trial(accepted=answer, events=None, folds=[])
        self._trials[index] = (command, checked)
        return checked.accepted

    def claim(self) -> Claim | None:
        """The first legal Claim (the candidates' first commands)."""
        listed = self._claims if self._all is None else self._all
        for i, c in enumerate(listed):
            if isinstance(c, Claim) and self._accepted(i, c):
                return c
        return None

    def of(self, *kinds: type[Command]) -> Iterator[Command]:
        """The legal commands of these kinds, in order."""
        for i, c in enumerate(self._candidates):
            if isinstance(c, kinds) and self._accepted(i, c):
                yield c

    def first(self, kind: type[C], wanted: Callable[[C], bool]) -> C | None:
        """The first legal command of ``kind`` that the heuristic wants: what it wants is asked
        first, so only those commands are checked."""
        for i, c in enumerate(self._candidates):
            if isinstance(c, kind) and wanted(c) and self._accepted(i, c):
                return c
        return None

    def best(self, kind: type[C], score: Callable[[C], float | None]) -> C | None:
        """The legal command of ``kind`` of the highest score (the first of equal ones; None scores
        are left out): the commands are checked best first, so mostly only the one returned is."""
        scored: list[tuple[float, int, C]] = []
        for i, c in enumerate(self._candidates):
            if isinstance(c, kind):
                value = score(c)
                if value is not None:
                    scored.append((-value, i, c))
        scored.sort(key=lambda entry: entry[:2])
        return next((c for _, i, c in scored if self._accepted(i, c)), None)

    def accepts(self, command: Command) -> bool:
        """Is ``command``, about to be played, legal? (Known already when it is one of the candidates
        checked; else ``accepts_to_play`` answers, keeping a tried command's events.)"""
        for i in sorted(self._trials):
            c, checked = self._trials[i]
            if c == command:
                keep_to_play(self._state, self._seat, command, checked)
                return checked.accepted
        return accepts_to_play(self._state, self._seat, command)

    def any_first(self) -> Command | None:
        return next(self.of(Command), None)


# The defaults ``pending`` offers (legal.py) that no check settles (engine.CHECKS): a picked card
# played, a Guard closing a follow-up. The bot plays its own default unchecked: refused, it would
# give way to that very default, and trying it would run its handler (and its draws) twice. Every
# other command is settled by its check for less than looking the default up.
DEFAULT_KINDS = (Pick, Guard)


def bot_command(state: GameState, seat: int, rng: Rng) -> str:
    legal = _Legal(state, seat)
    cmd = _choose(state, seat, legal)
    default = _default(state, seat) if isinstance(cmd, DEFAULT_KINDS) else None
    if cmd is not None and (cmd == default or legal.accepts(cmd)):
        return format_command(cmd)
    fallback = default if default is not None else _default(state, seat)
    if fallback is not None:
        return format_command(fallback)
    first = legal.any_first()
    return format_command(first) if first is not None else "done"


def _default(state: GameState, seat: int) -> Command | None:
    return next((p.default for p in pending(state) if p.seat == seat), None)


def _choose(state: GameState, seat: int, legal: _Legal) -> Command | None:
    claim = legal.claim()
    if claim is not None:
        return claim
    phase = state.phase
    if phase == KEEP_OBJECTIVES:
        return next(legal.of(Keep), None)
    if phase == BASE:
        choosing = state.players[seat].choosing
        return Keep(choosing[:1], _worst_slot(state))
    if phase == PLANNING and seat == state.leader:
        return _plan(state, seat, legal)
    if phase == NEGOTIATION:
        if seat == state.leader:
            return _negotiate(state, seat, legal)
        return _answer(state, seat, legal)
    if phase == EXECUTION:
        return _play(state, seat, legal)
    if phase == BONUS:
        return _bonus(state, seat, legal)
    if phase == BUYING and seat == state.leader:
        return _buy(state, seat, legal)
    return None


# --- estimating what a hand can do ---------------------------------------------------------------


def hand_power(state: GameState, seat: int, hand: tuple[str, ...]) -> dict[str, float]:
    """What this hand can put toward each requirement with 1 starting Action, roughly."""
    p = state.players[seat]
    deck = p.draw + p.discard
    per_card = _deck_profile(deck)
    actions = 1.0 + hand.count("reactor") * 1.0
    cards: list[str] = list(hand)
    draws = hand.count("thruster") * 2
    out = dict.fromkeys(REQUIREMENTS, 0.0)
    budget = actions + draws * per_card["reactor"]
    # The plays the Actions allow, counting drawn cards by the deck's average.
    playable = sorted(cards, key=lambda c: 0 if c == "reactor" else 1)
    for c in playable:
        if budget < 1:
            break
        budget -= 1 if c != "reactor" else 0
        _credit(out, c)
    for kind, share in per_card.items():
        out[kind] += min(draws, max(0.0, budget)) * share
    for part in p.parts:
        if part in ("sapphire-mk2",):
            out["reactor"] += 1
        if part in ("titan-3000",):
            out["shield"] += 1
        if part in ("twin-jets-e4",):
            out["thruster"] += 1
        if part in ("the-gatling-laser",):
            out["damage"] += 1
    return out


def _credit(out: dict[str, float], card: str) -> None:
    if card in BASIC_TYPE:
        kind = BASIC_TYPE[card]
        if kind in out:
            out[kind] += BASIC_VALUE.get(card, 1)
    elif card in CREW:
        out["crew"] += 1
        kind, value = {
            "dana-powalki": ("damage", 3),
            "crusse-parke": ("damage", 4),
            "tantin-al-vale": ("damage", 2),
        }.get(card, ("", 0))
        if kind:
            out[kind] += value


def _deck_profile(deck: tuple[str, ...]) -> dict[str, float]:
    return dict(_deck_shares(deck))


# By deck: the seat's draw and discard piles change only as it plays, and coverage asks for each
# Contract of the row in turn.
@lru_cache(maxsize=64)
def _deck_shares(deck: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    out = dict.fromkeys(REQUIREMENTS, 0.0)
    if not deck:
        return tuple(out.items())
    for c in deck:
        _credit(out, c)
    return tuple((k, v / len(deck)) for k, v in out.items())


def coverage(state: GameState, seat: int, contract: str) -> float:
    """Share of the Contract's requirements this seat's hand covers (1.0: all of them): Reactors pay
    for the other plays, cards go to what is still needed, Thrusters draw the deck's average."""
    p = state.players[seat]
    hand = p.hand
    need = dict(_needs(contract, p.parts))
    total = sum(need.values())
    if total == 0:
        return 1.0
    got = dict.fromkeys(REQUIREMENTS, 0.0)
    got["reactor"] = hand.count("reactor")
    budget = 1 + hand.count("reactor") + p.parts.count("daburu-mk1")
    profile: dict[str, float] | None = None  # the deck's average card, once a Thruster asks
    # The hand's cards but Reactors, highest value first; the budget only ever goes down, so the
    # first card it cannot pay for ends the count.
    for card, kinds, power in _hand_cards(hand):
        if budget <= 0:
            break
        wanted = card == "thruster"
        if not wanted:
            for k in kinds:
                if got[k] < need.get(k, 0):
                    wanted = True
                    break
        if wanted:
            budget -= 1
            for k, v in power:
                got[k] += v
            if card == "thruster":
                if profile is None:
                    profile = _deck_profile(p.draw + p.discard)
                for k, v in profile.items():
                    got[k] += 2 * v * min(1.0, budget / 2)
    return sum(min(got[k], n) for k, n in need.items()) / total


# By Contract and ship (coverage weighs every Contract of the row for the same ship, turn after turn).
@lru_cache(maxsize=256)
def _needs(contract: str, parts: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The Contract's requirements, less what the ship's parts take off."""
    need = dict(CONTRACTS[contract].requirements)
    for part, kind in (("sapphire-mk2", "reactor"), ("titan-3000", "shield"), ("twin-jets-e4", "thruster")):
        if part in parts and kind in need:
            need[kind] = max(0, need[kind] - 1)
    if "the-gatling-laser" in parts and "damage" in need:
        need["damage"] = max(0, need["damage"] - 1)
    return tuple(need.items())


# By hand: coverage weighs every Contract of the row with the same hand.
@lru_cache(maxsize=64)
def _by_value(hand: tuple[str, ...]) -> tuple[str, ...]:
    """The hand, highest card value first (a stable sort: equal cards keep their order)."""
    return tuple(sorted(hand, key=lambda x: -BASIC_VALUE.get(x, 1)))


# By hand: coverage weighs every Contract of the row with the same hand, each card's kinds and power
# looked up once.
@lru_cache(maxsize=64)
def _hand_cards(
    hand: tuple[str, ...],
) -> tuple[tuple[str, tuple[str, ...], tuple[tuple[str, float], ...]], ...]:
    """The hand but its Reactors, highest card value first: each card, the requirements it puts
    something toward, and what it puts toward each requirement."""
    return tuple(
        (card, _card_kinds(card), _card_power(card)) for card in _by_value(hand) if card != "reactor"
    )


@cache
def _card_power(card: str) -> tuple[tuple[str, float], ...]:
    """What one card puts toward each requirement, in REQUIREMENTS order (by card: a few dozen)."""
    power = dict.fromkeys(REQUIREMENTS, 0.0)
    _credit(power, card)
    return tuple(power.items())


@cache
def _card_kinds(card: str) -> tuple[str, ...]:
    """The requirements one card puts something toward."""
    return tuple(k for k, v in _card_power(card) if v > 0)


def contract_value(contract: str) -> float:
    c = CONTRACTS[contract]
    return 3 * c.prestige + c.credits + 2 * c.bonus - 1.2 * c.dice * HAZARD_MEAN


# --- planning and negotiation ---------------------------------------------------------------------


def _plan(state: GameState, seat: int, legal: _Legal) -> Command | None:
    row = [c for c in state.contract_row if c is not None]
    all_hard = all(CONTRACTS[c].dice >= 3 for c in row)
    # What the row is refilled from (the deck, or once it is empty the discard pile shuffled) is known,
    # though not its order: when it holds only hard Contracts, swaps and Staying at Base cannot make
    # the row any easier.
    stuck = all(CONTRACTS[c].dice >= 3 for c in state.contract_deck or state.contract_discard)
    hard_only = all_hard or stuck
    p = state.players[seat]
    shields = p.hand.count("shield")
    best_solo: tuple[float, int] | None = None
    best_help: tuple[float, int] | None = None
    best_forced: tuple[float, int] | None = None  # the best of a row that only clearing can change
    fallback: tuple[float, int] | None = None  # the best cover its Shields keep safe: nothing else pays
    for i, contract in enumerate(state.contract_row):
        if contract is None:
            continue
        cov = coverage(state, seat, contract)
        value = contract_value(contract)
        risk = 3 * max(0.0, CONTRACTS[contract].dice * HAZARD_MEAN - shields)
        if cov >= 0.99 and value - risk > 0:
            score = value - risk
            if best_solo is None or score > best_solo[0]:
                best_solo = (score, i)
        # With help: an Ally's cards make up what the hand lacks, the more surely the less it lacks;
        # but the Hazard Dice stay with this seat, and Hazard costs Prestige whether the Contract
        # succeeds or fails, so a Contract worth less than its unblocked Hazard is not worth trying.
        if cov >= (0.1 if hard_only else 0.25) and (CONTRACTS[contract].dice <= 2 or hard_only):
            chance = _chance_with_ally(contract, p.parts, cov)
            score = value * chance - risk
            if score > 0 and (best_help is None or score > best_help[0]):
                best_help = (score, i)
            # Then only clearing Contracts changes the row (a cleared one gives way to the discard
            # pile in time): the least bad of them is worth braving.
            if stuck and (best_forced is None or score > best_forced[0]):
                best_forced = (score, i)
        if risk == 0 and (fallback is None or cov > fallback[0]):
            fallback = (cov, i)
    if best_solo is not None:
        return ChooseContract(best_solo[1], solo=True)
    # A player about to win gets no help from those it would leave behind (``_answer``): it waits,
    # drawing a new hand each time it stays at base, for a Contract its hand carries alone.
    helped = state.n > 1 and state.selections < 2 and not _alone(state, seat)
    if best_help is not None and helped:
        return ChooseContract(best_help[1])
    if best_forced is not None and helped:
        return ChooseContract(best_forced[1])
    rich = p.credits >= 10  # Credits piling up: staying at base has stopped paying
    if fallback is not None and rich and state.n > 1 and state.selections < 2:
        return ChooseContract(fallback[1])
    worst = _worst_slot(state)
    if not state.swap_used and p.credits >= 3 and worst is not None:
        return Swap(worst)  # a row of deadly Contracts: pay 1 Credit to see another
    return StayAtBase()


def _alone(state: GameState, seat: int) -> bool:
    """Would every other player refuse to help this one (about to win, with nobody level with it)?"""
    prestige = state.players[seat].prestige
    # An offer shares at most 1 Prestige (``_offer_terms``).
    return prestige >= ABOUT_TO_WIN and all(
        other.prestige + 1 < prestige for s, other in enumerate(state.players) if s != seat
    )


def _chance_with_ally(contract: str, parts: tuple[str, ...], cov: float) -> float:
    """The chance that the Contract succeeds with one Ally, by what the hand leaves missing: an
    Ally's hand makes up a requirement or two surely, six hardly ever (measured in heuristic games:
    0.88, 0.69, 0.50, 0.30 and 0.19 with 1 to 5 requirements missing)."""
    missing = sum(n for _, n in _needs(contract, parts)) * (1.0 - cov)
    return max(0.0, 1.0 - missing / 6)


def _worst_slot(state: GameState) -> int | None:
    slots = [i for i, c in enumerate(state.contract_row) if c is not None]
    if not slots:
        return None
    return max(
        slots,
        key=lambda i: (
            CONTRACTS[state.contract_row[i] or ""].dice,
            -contract_value(state.contract_row[i] or ""),
        ),
    )


def _offer_terms(state: GameState, contract: str) -> Terms:
    full = contract_terms(contract)
    return Terms(
        p=1 if full.p >= 3 else 0, c=max(1, full.c // 3) if full.c else 0, b=0, d=1 if full.d >= 3 else 0
    )


def _negotiate(state: GameState, seat: int, legal: _Legal) -> Command | None:
    neg = state.negotiation
    assert neg is not None
    accepted = [o for o in neg.offers if o.status == ACCEPTED]
    for o in neg.offers:
        if o.status == COUNTERED and _fair(state, neg.contract, o.terms):
            return AcceptSeat(o.seat)
    for prop in neg.proposals:
        if _fair(state, neg.contract, prop.terms):
            return AcceptSeat(prop.seat)
    offered = {o.seat for o in neg.offers}
    terms = _offer_terms(state, neg.contract)
    if not accepted:
        for other in _ally_order(state, seat):
            if other not in offered:
                return MakeOffer(other, terms)
    if any(o.status == OPEN for o in neg.offers):
        return None
    if accepted:
        # It asked for help and got it: it goes. Staying at Base now would leave a captain who
        # accepted with nothing, as no player at a table would (it did so in a third of its accepted
        # deals; launching instead wins as often: benchmarks/bot_head_to_head.py).
        return Launch()
    if coverage(state, seat, neg.contract) >= 0.9:
        return GoSolo()  # a sure thing
    me = state.players[seat]
    if me.prestige >= ABOUT_TO_WIN and me.prestige + CONTRACTS[neg.contract].prestige >= WIN_PRESTIGE:
        return GoSolo()  # it would win the game: worth the Hazard, and nobody helps a player about to win
    if me.credits >= 10 and CONTRACTS[neg.contract].dice <= me.hand.count("shield"):
        return GoSolo()  # nothing else has worked for a long time, and its Shields make it safe to try
    return StayAtBase()


def _ally_order(state: GameState, seat: int) -> list[int]:
    """Ask the players furthest behind first (001 STRATEGY: not the leader in Prestige)."""
    others = [s for s in range(state.n) if s != seat]
    return sorted(others, key=lambda s: state.players[s].prestige)[:2]


def _fair(state: GameState, contract: str, terms: Terms) -> bool:
    full = contract_terms(contract)
    return terms.p * 2 <= full.p + 1 and terms.c * 2 <= full.c + 1 and terms.b == 0


def _answer(state: GameState, seat: int, legal: _Legal) -> Command | None:
    neg = state.negotiation
    assert neg is not None
    offer = neg.offer(seat)
    if offer is None or offer.status != OPEN:
        return None
    t = offer.terms
    hand = state.players[seat].hand
    value = 3 * t.p + t.c + 2 * t.b - 1.3 * t.d * HAZARD_MEAN + 0.4 * min(t.d, hand.count("shield"))
    # A poor hand gains from joining: an Ally draws a fresh hand (001 STRATEGY "Bad Hand?").
    poor = sum(1 for c in hand if c in ("miss", "damage-1")) >= 3
    # Do not carry a leader about to win past the others; but one whose share keeps it level (a race
    # of players all near 10) helps, or nobody would ever be helped and the game would stall.
    ahead = state.players[state.leader].prestige
    leader_far_ahead = ahead >= ABOUT_TO_WIN and state.players[seat].prestige + t.p < ahead
    if (value >= 1 or (poor and value >= 0)) and not leader_far_ahead:
        return AcceptOffer()
    return DeclineOffer()


# --- execution ------------------------------------------------------------------------------------


def _play(state: GameState, seat: int, legal: _Legal) -> Command | None:
    att = state.attempt
    assert att is not None
    part = att.part(seat)
    if part.followup is not None:
        return followup_default(state, seat)
    needed, got = requirement_totals(state)
    missing = {k: needed[k] - got[k] for k in needed if needed[k] > got[k]}
    hand = state.players[seat].hand
    thin = len(state.players[seat].deck_cards()) < 12  # a thin deck: no more trashing

    def plays(c: PlayCard) -> bool:
        return not (thin and c.card in ("meg-gallak", "lila-al-bindar", "crusse-parke"))

    def find(card: str) -> Command | None:
        return legal.first(PlayCard, lambda c: plays(c) and c.card == card and c.opts.with_part is None)

    useful_left = sum(1 for c in hand if _helps(c, missing) or c == "thruster")
    if unblocked(part) > 0 and "shield" in hand and part.actions == 1 and "reactor" not in hand:
        return find("shield")
    if part.actions == 1 and "reactor" in hand and (useful_left >= 1 or unblocked(part) > 0):
        return find("reactor")
    if missing:
        if "damage" in missing:
            upgraded = legal.first(PlayCard, lambda c: plays(c) and c.opts.with_part is not None)
            if upgraded is not None:
                return upgraded
            laser = legal.first(UsePart, lambda c: c.part in ("dark-matter-mk3", "mg2-laser-turrets"))
            if laser is not None:
                return laser
        if seat == att.leader:
            merc = legal.first(UseMercenary, lambda c: _helps_from_row(state.merc_row[c.slot], missing))
            if merc is not None:
                return merc

        def score(c: PlayCard) -> float | None:
            if not plays(c):
                return None
            if c.card in CREW:
                return 2.5 + (1 if "crew" in missing else 0)
            if _helps(c.card, missing):
                return 2 + BASIC_VALUE.get(c.card, 1) * 0.1
            if c.card == "thruster" and part.actions >= 2:
                return 1.5
            if c.card == "reactor":
                return 1.2
            return None

        best = legal.best(PlayCard, score)
        if best is not None:
            return best
    if unblocked(part) > 0 and "shield" in hand:
        return find("shield")
    if missing and "thruster" in hand:
        return find("thruster")
    return Guard()


def _helps_from_row(card: str | None, missing: dict[str, int]) -> bool:
    return card is not None and _helps(card, missing)


def _helps(card: str, missing: dict[str, int]) -> bool:
    if card in CREW:
        return "crew" in missing or (
            card in ("dana-powalki", "crusse-parke", "tantin-al-vale") and "damage" in missing
        )
    kind = BASIC_TYPE.get(card)
    return kind in missing


def plan_choice(state: GameState, seat: int, legal: Sequence[Command]) -> Command | None:
    return _plan(state, seat, _Legal(state, seat, legal))


def play_choice(state: GameState, seat: int, legal: Sequence[Command]) -> Command | None:
    """The heuristic's card play, shared with the random bot so that random games still end."""
    return _play(state, seat, _Legal(state, seat, legal))


# --- bonus and buying -----------------------------------------------------------------------------


def _bonus(state: GameState, seat: int, legal: _Legal) -> Command | None:
    att = state.attempt
    assert att is not None
    if att.bonus_seat != seat:
        return None
    if att.bonus_deck is None:
        return BonusDeck("part" if len(state.players[seat].parts) < 4 else "crew")
    if att.bonus_card in PARTS and len(state.players[seat].parts) >= 4:
        cheapest = min(state.players[seat].parts, key=lambda x: PARTS[x].cost)
        if PARTS[att.bonus_card].cost > PARTS[cheapest].cost:
            return KeepBonus(cheapest)
        return RefuseBonus()
    return KeepBonus()


def _buy(state: GameState, seat: int, legal: _Legal) -> Command | None:
    p = state.players[seat]
    deck = p.deck_cards()
    reactors = sum(1 for c in deck if c == "reactor") / max(1, len(deck))
    crew_owned = sum(1 for x in deck if x in CREW)  # counted once, not once per Crew card weighed

    def score_of(c: Buy) -> float:
        if c.card in CREW:
            score = CREW[c.card].cost + 1.0 - 0.3 * crew_owned
            if c.card in CREW_TABLE and c.card in (
                "ada-massa",
                "sella-pelleon",
                "meg-gallak",
                "moro-mada",
                "dana-powalki",
            ):
                score += 1
        else:
            part = PARTS[c.card]
            score = part.cost + 0.5 * len(part.adds)
            if "reactor" in part.adds and reactors < 0.3:
                score += 2
            if "miss" in part.adds:
                score -= 1
            if c.replace is not None:
                score -= PARTS[c.replace].cost + 1
        if len(deck) < 12:  # a deck trashed thin needs cards before anything else
            score += 2 * (len(PARTS[c.card].adds) if c.card in PARTS else 1)
        return score

    best = legal.best(Buy, score_of)
    threshold = 0 if p.credits >= 10 else 2  # Credits piling up are worth nothing
    if best is not None and score_of(best) > threshold:
        return best
    return Done()


__all__ = ["Opts", "bot_command"]
