"""The card table: one record per Crew card and per Ship Part with an ability.

A Crew record says what the card counts as (``counts``), which options it reads (``needs``, with
``modes`` for a choice of mode), what it refuses (``check``), what it does (``effect``) and the
options used when a timeout or a bot plays it (``default``). A Ship Part record says when it
applies: ``start`` (start of a Contract), ``free`` (a play that costs no Action), ``first`` (the
first card of a kind: ``first_actions``, ``first_draw``, ``first_double``) and ``use`` (an
activated ability, with ``check`` and its Action cost). Passive numbers that other modules read
directly (named in the record's ``notes``): the requirement reductions of Sapphire mk2, Titan 3000,
Twin Jets E4, The Gatling Laser, The Dauntless, MG Phase Core and MG1 Rail Gun, read off the final
record (state.conditional_reductions), Cloaking Device (negotiation.lock), Flash
(Player.hand_limit), Swarm mk1 and MG1 Kinetic (context.discard_from_hand / trash_from_hand).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from games.engine.moonrakers.cards import BASIC, BASIC_TYPE, BASIC_VALUE, CONTRACTS, CREW, card_type
from games.engine.moonrakers.commands import NO_OPTS, Opts
from games.engine.moonrakers.context import (
    Ctx,
    add_from_supply,
    discard_from_hand,
    draw,
    ensure_draw_pile,
    refuse,
    trash_from_hand,
)
from games.engine.moonrakers.events import (
    ActionsGained,
    CardPlayed,
    CardRetrieved,
    CardTrashed,
    Contributed,
    DeckReshuffled,
    DiceRerolled,
    DieDiscarded,
    FollowupOpened,
    HazardBlocked,
    PartUsed,
    RequirementReduced,
)
from games.engine.moonrakers.serial import replace
from games.engine.moonrakers.setup import roll_die
from games.engine.moonrakers.state import GameState, Participant, requirement_totals

# A check reads the state and refuses (``refuse``) or not; it emits nothing, so that whether a
# command would be accepted is known without emitting its events (engine.settled).
Check = Callable[[GameState, int, Opts], None]
Effect = Callable[[Ctx, int, Opts], None]
Counts = Callable[[Ctx, int, Opts], tuple[str, int]]


def _nothing(ctx: Ctx, seat: int, opts: Opts) -> None:
    return None


def _no_check(state: GameState, seat: int, opts: Opts) -> None:
    return None


def _none(ctx: Ctx, seat: int, opts: Opts) -> tuple[str, int]:
    return ("none", 0)


def _no_default(state: GameState, seat: int) -> Opts:
    return NO_OPTS


@dataclass(frozen=True)
class CrewAbility:
    slug: str
    effect: Effect = _nothing
    counts: Counts = _none
    # Reads the hand, the play area, the discard pile, the dice and the Contract, as they are once
    # the card has left the hand (``check_card_play``).
    check: Check = _no_check
    needs: tuple[str, ...] = ()  # option names read: mode, trash, reduce, cards, dice, take
    modes: tuple[str, ...] = ()
    default: Callable[[GameState, int], Opts] = _no_default


def participant(ctx: Ctx, seat: int) -> Participant:
    return participant_of(ctx.state, seat)


def participant_of(state: GameState, seat: int) -> Participant:
    att = state.attempt
    assert att is not None
    return att.part(seat)


def gain(ctx: Ctx, seat: int, n: int, source: str) -> None:
    ctx.emit(ActionsGained(seat, n, source))


def reduce(ctx: Ctx, seat: int, kind: str, n: int, source: str) -> None:
    ctx.emit(RequirementReduced(seat, kind, n, source))


def block(ctx: Ctx, seat: int, n: int, source: str) -> None:
    ctx.emit(HazardBlocked(seat, n, source))


def printed(ctx_or_state: Ctx | GameState) -> tuple[str, ...]:
    state = ctx_or_state.state if isinstance(ctx_or_state, Ctx) else ctx_or_state
    att = state.attempt
    assert att is not None
    return tuple(k for k, _ in CONTRACTS[att.contract].requirements)


# --- option checks shared by several cards --------------------------------------------------------


def _check_trash(state: GameState, seat: int, opts: Opts) -> None:
    """Lila al Bindar, Meg Gallak: a mandatory trash from the hand, skipped if the hand is empty (A25)."""
    hand = state.players[seat].hand
    if hand and opts.trash is None:
        raise refuse("must_trash")
    if opts.trash is not None and opts.trash not in hand:
        raise refuse("not_in_hand", card=opts.trash)


def _check_reduce(state: GameState, seat: int, opts: Opts) -> None:
    """Glossary II "Subtract X from any one requirement": a type printed on the Contract (A24)."""
    if opts.reduce is None:
        raise refuse("must_reduce")
    if opts.reduce not in printed(state):
        raise refuse("not_a_requirement", requirement=opts.reduce)


def _default_trash(state: GameState, seat: int) -> str | None:
    hand = state.players[seat].hand
    for card in ("miss", "damage-1", "reactor", "thruster", "shield", "damage-2", "damage-3"):
        if card in hand:
            return card
    return hand[0] if hand else None


def _default_reduce(state: GameState, seat: int) -> str:
    needed, got = requirement_totals(state)
    missing = sorted(needed, key=lambda k: got[k] - needed[k])
    return missing[0]


def _mode(opts: Opts, modes: tuple[str, ...]) -> str:
    return opts.mode if opts.mode is not None else modes[0]


def _check_mode(modes: tuple[str, ...]) -> Check:
    def check(state: GameState, seat: int, opts: Opts) -> None:
        if opts.mode is not None and opts.mode not in modes:
            raise refuse("bad_mode", mode=opts.mode)

    return check


# --- the 20 Crew ----------------------------------------------------------------------------------


def _ada(ctx: Ctx, seat: int, opts: Opts) -> None:
    gain(ctx, seat, 3, "ada-massa")
    reduce(ctx, seat, "reactor", 1, "ada-massa")


def _at0k_check(state: GameState, seat: int, opts: Opts) -> None:
    dice = participant_of(state, seat).dice
    if dice and (not opts.dice or len(opts.dice) != 1):
        raise refuse("choose_one_die")
    if opts.dice and not (len(opts.dice) == 1 and 0 <= opts.dice[0] < len(dice)):
        raise refuse("no_such_die")


def _at0k_counts(ctx: Ctx, seat: int, opts: Opts) -> tuple[str, int]:
    """AT-0K "Play this card as an amount of Damage equal to the number of Hazard icons on the discarded
    die": with no die to discard it is played as nothing but a Crew card (no Damage card for Kary
    Powalk, MG Warp, MG Support Core or the Objectives)."""
    dice = participant(ctx, seat).dice
    if not (opts.dice and len(opts.dice) == 1 and 0 <= opts.dice[0] < len(dice)):
        return ("none", 0)
    return ("damage", dice[opts.dice[0]])


def _at0k(ctx: Ctx, seat: int, opts: Opts) -> None:
    dice = participant(ctx, seat).dice
    if opts.dice and dice:
        ctx.emit(DieDiscarded(seat, opts.dice[0], dice[opts.dice[0]]))


def _at0k_default(state: GameState, seat: int) -> Opts:
    att = state.attempt
    assert att is not None
    dice = att.part(seat).dice
    if not dice:
        return NO_OPTS
    return Opts(dice=(max(range(len(dice)), key=lambda i: dice[i]),))


def _b3_check(state: GameState, seat: int, opts: Opts) -> None:
    p = state.players[seat]
    if opts.take is None:
        return
    if opts.take not in CREW or opts.take == "b3-ar":  # A16: never itself
        raise refuse("b3ar_crew_only")
    if opts.take not in p.play and opts.take not in p.discard:
        raise refuse("not_played_or_discarded", card=opts.take)


def _b3(ctx: Ctx, seat: int, opts: Opts) -> None:
    p = ctx.state.players[seat]
    if opts.take is not None:
        zone = "play" if opts.take in p.play else "discard"
        ctx.emit(CardRetrieved(seat, opts.take, zone))
    gain(ctx, seat, 1, "b3-ar")


def _b3_default(state: GameState, seat: int) -> Opts:
    p = state.players[seat]
    for card in (*p.play, *p.discard):
        if card in CREW and card != "b3-ar":
            return Opts(take=card)
    return NO_OPTS


def _bill(ctx: Ctx, seat: int, opts: Opts) -> None:
    block(ctx, seat, 1, "bill-bendo")
    reduce(ctx, seat, "shield", 1, "bill-bendo")
    if _mode(opts, ("draw", "action")) == "draw":
        draw(ctx, seat, 1, "bill-bendo")
    else:
        gain(ctx, seat, 1, "bill-bendo")


def _crusse(ctx: Ctx, seat: int, opts: Opts) -> None:
    ensure_draw_pile(ctx, seat)  # A26
    p = ctx.state.players[seat]
    if p.draw:
        ctx.emit(CardTrashed(seat, p.draw[0], "draw", "crusse-parke"))


def _dana(ctx: Ctx, seat: int, opts: Opts) -> None:
    gain(ctx, seat, 1, "dana-powalki")


def _kal(ctx: Ctx, seat: int, opts: Opts) -> None:
    draw(ctx, seat, 2, "kal-damar")
    if ctx.state.players[seat].hand:
        ctx.emit(FollowupOpened(seat, "kal_trash"))


def _kary(ctx: Ctx, seat: int, opts: Opts) -> None:
    gain(ctx, seat, 1, "kary-powalk")  # the +1 Damage aura is set when Kary is played (A13)


def _lee(ctx: Ctx, seat: int, opts: Opts) -> None:
    gain(ctx, seat, 1, "lee-van-cribb")
    p = ctx.state.players[seat]
    if len(p.draw) < 3 and p.discard:  # A27: look at up to 3, refilling as a draw would
        ctx.emit(DeckReshuffled(seat, tuple(ctx.rng.shuffle(p.discard))))
    top = ctx.state.players[seat].draw[:3]
    if top:
        ctx.emit(FollowupOpened(seat, "lee_pick", top))


def _lila(ctx: Ctx, seat: int, opts: Opts) -> None:
    if opts.trash is not None:
        trash_from_hand(ctx, seat, opts.trash, "lila-al-bindar")
    add_from_supply(ctx, seat, "reactor", "lila-al-bindar")
    gain(ctx, seat, 1, "lila-al-bindar")


def _trash_default(state: GameState, seat: int) -> Opts:
    return Opts(trash=_default_trash(state, seat))


def _meg_check(state: GameState, seat: int, opts: Opts) -> None:
    _check_trash(state, seat, opts)
    _check_reduce(state, seat, opts)


def _meg(ctx: Ctx, seat: int, opts: Opts) -> None:
    if opts.trash is not None:
        trash_from_hand(ctx, seat, opts.trash, "meg-gallak")
    assert opts.reduce is not None
    reduce(ctx, seat, opts.reduce, 2, "meg-gallak")
    gain(ctx, seat, 1, "meg-gallak")


def _meg_default(state: GameState, seat: int) -> Opts:
    return Opts(trash=_default_trash(state, seat), reduce=_default_reduce(state, seat))


def _moro(ctx: Ctx, seat: int, opts: Opts) -> None:
    assert opts.reduce is not None
    reduce(ctx, seat, opts.reduce, 2, "moro-mada")


def _reduce_default(state: GameState, seat: int) -> Opts:
    return Opts(reduce=_default_reduce(state, seat))


def _myla_check(state: GameState, seat: int, opts: Opts) -> None:
    _check_cards_in_hand(state, seat, opts.cards or ())


def _check_cards_in_hand(state: GameState, seat: int, cards: tuple[str, ...]) -> None:
    pool = list(state.players[seat].hand)
    for card in cards:
        if card not in pool:
            raise refuse("not_in_hand", card=card)
        pool.remove(card)


def _myla(ctx: Ctx, seat: int, opts: Opts) -> None:
    cards = opts.cards or ()
    discard_from_hand(ctx, seat, cards, "myla-dystra")
    draw(ctx, seat, len(cards), "myla-dystra")
    gain(ctx, seat, 1, "myla-dystra")


def _myla_default(state: GameState, seat: int) -> Opts:
    return Opts(cards=tuple(c for c in state.players[seat].hand if c == "miss"))


def _nella(ctx: Ctx, seat: int, opts: Opts) -> None:
    draw(ctx, seat, 3, "nella-van-daval")
    reduce(ctx, seat, "thruster", 1, "nella-van-daval")


def _redacted_check(state: GameState, seat: int, opts: Opts) -> None:
    dice = participant_of(state, seat).dice
    idx = opts.dice or ()
    if len(set(idx)) != len(idx) or any(not 0 <= i < len(dice) for i in idx):
        raise refuse("no_such_die")


def _redacted(ctx: Ctx, seat: int, opts: Opts) -> None:
    idx = tuple(opts.dice or ())
    if idx:
        ctx.emit(DiceRerolled(seat, idx, tuple(roll_die(ctx.rng) for _ in idx)))


def _redacted_default(state: GameState, seat: int) -> Opts:
    att = state.attempt
    assert att is not None
    dice = att.part(seat).dice
    return Opts(dice=tuple(i for i, f in enumerate(dice) if f == 2))


def _ryan(ctx: Ctx, seat: int, opts: Opts) -> None:
    drawn = draw(ctx, seat, 2, "ryan-rogal")
    damage = tuple(c for c in drawn if BASIC_TYPE.get(c) == "damage")
    if damage:
        ctx.emit(FollowupOpened(seat, "ryan_pick", damage))


def _ryle(ctx: Ctx, seat: int, opts: Opts) -> None:
    if _mode(opts, ("block", "shield")) == "block":
        block(ctx, seat, 2, "ryle-al-wren")
    else:
        reduce(ctx, seat, "shield", 2, "ryle-al-wren")


def _ryle_default(state: GameState, seat: int) -> Opts:
    att = state.attempt
    assert att is not None
    p = att.part(seat)
    need_block = sum(p.dice) - p.blocked > 0
    return Opts(mode="block" if need_block or "shield" not in printed(state) else "shield")


def _sella(ctx: Ctx, seat: int, opts: Opts) -> None:
    assert opts.reduce is not None
    reduce(ctx, seat, opts.reduce, 1, "sella-pelleon")
    draw(ctx, seat, 1, "sella-pelleon")
    gain(ctx, seat, 1, "sella-pelleon")


def _tantin_counts(ctx: Ctx, seat: int, opts: Opts) -> tuple[str, int]:
    return ("shield", 1) if _mode(opts, ("damage", "shield")) == "shield" else ("damage", 2)


def _tantin_default(state: GameState, seat: int) -> Opts:
    needed = dict(CONTRACTS[state.attempt.contract].requirements) if state.attempt else {}
    return Opts(mode="shield" if "shield" in needed and "damage" not in needed else "damage")


def _zek(ctx: Ctx, seat: int, opts: Opts) -> None:
    ensure_draw_pile(ctx, seat)  # Glossary II "Search Your Draw Pile"
    if ctx.state.players[seat].draw:
        ctx.emit(FollowupOpened(seat, "zek_pick"))


CREW_TABLE: dict[str, CrewAbility] = {
    a.slug: a
    for a in (
        CrewAbility("ada-massa", _ada),
        CrewAbility("at-0k", _at0k, _at0k_counts, _at0k_check, ("dice",), default=_at0k_default),
        CrewAbility("b3-ar", _b3, check=_b3_check, needs=("take",), default=_b3_default),
        CrewAbility(
            "bill-bendo",
            _bill,
            check=_check_mode(("draw", "action")),
            needs=("mode",),
            modes=("draw", "action"),
        ),
        CrewAbility("crusse-parke", _crusse, lambda c, s, o: ("damage", 4)),
        CrewAbility("dana-powalki", _dana, lambda c, s, o: ("damage", 3)),
        CrewAbility("kal-damar", _kal),
        CrewAbility("kary-powalk", _kary),
        CrewAbility("lee-van-cribb", _lee),
        CrewAbility("lila-al-bindar", _lila, check=_check_trash, needs=("trash",), default=_trash_default),
        CrewAbility("meg-gallak", _meg, check=_meg_check, needs=("trash", "reduce"), default=_meg_default),
        CrewAbility("moro-mada", _moro, check=_check_reduce, needs=("reduce",), default=_reduce_default),
        CrewAbility("myla-dystra", _myla, check=_myla_check, needs=("cards",), default=_myla_default),
        CrewAbility("nella-van-daval", _nella),
        CrewAbility(
            "redacted",
            _redacted,
            lambda c, s, o: ("shield", 1),
            _redacted_check,
            ("dice",),
            default=_redacted_default,
        ),
        CrewAbility("ryan-rogal", _ryan),
        CrewAbility(
            "ryle-al-wren",
            _ryle,
            check=_check_mode(("block", "shield")),
            needs=("mode",),
            modes=("block", "shield"),
            default=_ryle_default,
        ),
        CrewAbility("sella-pelleon", _sella, check=_check_reduce, needs=("reduce",), default=_reduce_default),
        CrewAbility(
            "tantin-al-vale",
            counts=_tantin_counts,
            check=_check_mode(("damage", "shield")),
            needs=("mode",),
            modes=("damage", "shield"),
            default=_tantin_default,
        ),
        CrewAbility("zek-zarag", _zek),
    )
}
assert set(CREW_TABLE) == set(CREW)


# --- the 37 Ship Parts ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PartAbility:
    slug: str
    # Start of a Contract (Glossary II): Actions for the owner, draws for the owner, draws for others.
    start_actions: Callable[[GameState, int], int] | None = None
    start_draw: Callable[[GameState, int, Participant], int] | None = None
    others_actions: int = 0  # Pulsor mk1: every other participant
    others_draw: int = 0  # Jump Jets E2
    free: str | None = None  # a kind whose first card costs no Action (Emulator, Support Core)
    first_actions: str | None = None  # Accelerator mk3: +1 Action on the first Reactor
    first_draw: str | None = None  # MG Warp: draw 2 on the first Damage card
    first_double: str | None = None  # Duo 1000: the first Shield counts as 2 Shields (A22)
    use: Effect | None = None  # activated ability (``use PART``)
    use_check: Check = _no_check
    use_cost: int = 0  # Actions per use
    once: bool = False  # once per Contract
    needs: tuple[str, ...] = ()
    modes: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)


def _no_kind(kind: str) -> Callable[[GameState, int, Participant], int]:
    """Glossary II "If You Have No [card] In Your Hand": read on the hand at the start of the
    Contract, before any start-of-Contract draw of this seat (start_of_contract draws once per seat)."""

    def n(state: GameState, seat: int, p: Participant) -> int:
        held = {card_type(c) for c in state.players[seat].hand}
        return 0 if kind in held else (2 if kind == "damage" else 1)

    return n


def _discard_check(wanted: tuple[str, ...]) -> Check:
    def check(state: GameState, seat: int, opts: Opts) -> None:
        _check_cards_in_hand(state, seat, wanted)

    return check


def _deal(n: int, cards: tuple[str, ...], source: str) -> Effect:
    def effect(ctx: Ctx, seat: int, opts: Opts) -> None:
        discard_from_hand(ctx, seat, cards, source)
        ctx.emit(Contributed(seat, "damage", n, False, False, source))

    return effect


def _defender_check(state: GameState, seat: int, opts: Opts) -> None:
    cards = opts.cards or ()
    if len(cards) != 2 or any(card_type(c) == "shield" for c in cards if c in BASIC or c in CREW):
        raise refuse("defender_two_non_shields")
    _check_cards_in_hand(state, seat, cards)


def _defender(ctx: Ctx, seat: int, opts: Opts) -> None:
    discard_from_hand(ctx, seat, opts.cards or (), "defender-5000")
    first = "shield" not in participant(ctx, seat).firsts
    value = first_value(ctx.state, seat, "shield", 1)  # A7: a Shield card, so Duo 1000's first Shield
    ctx.emit(Contributed(seat, "shield", value, False, True, "defender-5000"))
    card_kind_effects(ctx, seat, "shield", value, first)


REPLICATOR_AS = ("shield", "thruster", "reactor", "damage-1")


def _replicator_check(state: GameState, seat: int, opts: Opts) -> None:
    cards = opts.cards or ()
    if len(cards) != 2 or cards[0] != cards[1] or cards[0] in CREW:  # Glossary II "Same Card"
        raise refuse("replicator_same_cards")
    if opts.mode not in REPLICATOR_AS:
        raise refuse("bad_mode", mode=opts.mode or "")
    _check_cards_in_hand(state, seat, cards)


def _replicator(ctx: Ctx, seat: int, opts: Opts) -> None:
    assert opts.mode is not None
    discard_from_hand(ctx, seat, opts.cards or (), "replicator-mk1")
    kind = BASIC_TYPE[opts.mode]
    first = kind not in participant(ctx, seat).firsts
    value = first_value(ctx.state, seat, kind, BASIC_VALUE.get(opts.mode, 1))
    ctx.emit(Contributed(seat, kind, value, False, True, "replicator-mk1"))
    card_kind_effects(ctx, seat, kind, value, first)  # A20: "play them as" carries the card's effect


def _up_to_three_check(state: GameState, seat: int, opts: Opts) -> None:
    cards = opts.cards or ()
    if len(cards) > 3:
        raise refuse("up_to_three")
    _check_cards_in_hand(state, seat, cards)


def _pursuer(ctx: Ctx, seat: int, opts: Opts) -> None:
    cards = opts.cards or ()
    discard_from_hand(ctx, seat, cards, "the-pursuer")
    draw(ctx, seat, len(cards), "the-pursuer")


def _multi_stage(ctx: Ctx, seat: int, opts: Opts) -> None:
    cards = opts.cards or ()
    discard_from_hand(ctx, seat, cards, "multi-stage-m1")
    att = ctx.state.attempt
    assert att is not None
    for other in att.seats:
        if other != seat:
            draw(ctx, other, len(cards), "multi-stage-m1")


def _symbiote_check(state: GameState, seat: int, opts: Opts) -> None:
    if opts.trash is None or opts.trash not in state.players[seat].hand:
        raise refuse("must_trash")


def _symbiote(ctx: Ctx, seat: int, opts: Opts) -> None:
    assert opts.trash is not None
    trash_from_hand(ctx, seat, opts.trash, "symbiote-9000")
    block(ctx, seat, 1, "symbiote-9000")


def _clone_check(state: GameState, seat: int, opts: Opts) -> None:
    """The Clone Bay plays a Crew card of this Contract's play area a second time (ruling A17)."""
    if opts.crew is None or opts.crew not in CREW or opts.crew not in state.players[seat].play:
        raise refuse("clone_bay_needs_played_crew")
    if participant_of(state, seat).actions < 1:
        raise refuse("no_action_left")
    ability = CREW_TABLE[opts.crew]
    ability.check(state, seat, opts)


def _clone(ctx: Ctx, seat: int, opts: Opts) -> None:
    assert opts.crew is not None
    play_card(ctx, seat, opts.crew, opts, zone="play", via="the-clone-bay", cost=0)


def _leech(state: GameState, seat: int) -> int:
    att = state.attempt
    assert att is not None
    return len(att.participants) - 1


def _vector(state: GameState, seat: int, p: Participant) -> int:
    att = state.attempt
    assert att is not None
    return 1 if att.leader == seat else 0  # A46: "as Mission Leader" only


PART_TABLE: dict[str, PartAbility] = {
    a.slug: a
    for a in (
        PartAbility("absorption-k2", start_draw=_no_kind("reactor")),
        PartAbility("accelerator-mk3", first_actions="reactor"),
        PartAbility("barrier-a3", start_draw=_no_kind("shield")),
        PartAbility("cloaking-device", notes=("negotiation.lock",)),
        PartAbility(
            "the-clone-bay", use=_clone, use_check=_clone_check, use_cost=1, once=True, needs=("crew",)
        ),
        PartAbility("daburu-mk1", start_actions=lambda s, seat: 1),
        PartAbility(
            "dark-matter-mk3",
            use=_deal(5, ("damage-1", "damage-2"), "dark-matter-mk3"),
            use_check=_discard_check(("damage-1", "damage-2")),
            use_cost=1,
        ),
        PartAbility("the-dauntless", notes=("state.conditional_reductions",)),
        PartAbility("defender-5000", use=_defender, use_check=_defender_check, use_cost=1, needs=("cards",)),
        PartAbility("duo-1000", first_double="shield"),
        PartAbility("emulator-mk2", free="shield"),
        PartAbility("escape-jets-e1", start_draw=_no_kind("thruster")),
        PartAbility("flash", notes=("Player.hand_limit",)),
        PartAbility("the-gatling-laser", notes=("state.conditional_reductions",)),
        PartAbility("jump-jets-e2", others_draw=1),
        PartAbility("the-leech", start_actions=_leech),
        PartAbility("mg-charge-core", notes=("play damage-1 with mg-charge-core",)),
        PartAbility("mg-phase-core", notes=("state.conditional_reductions",)),
        PartAbility("mg-support-core", free="damage"),
        PartAbility("mg-warp", first_draw="damage"),
        PartAbility("mg1-kinetic", notes=("context.trash_from_hand",)),
        PartAbility("mg1-rail-gun", notes=("state.conditional_reductions",)),
        PartAbility(
            "mg2-laser-turrets",
            use=_deal(4, ("damage-1", "damage-1"), "mg2-laser-turrets"),
            use_check=_discard_check(("damage-1", "damage-1")),
            use_cost=1,
        ),
        PartAbility("mg2-quad-laser", start_draw=_no_kind("damage")),
        PartAbility(
            "multi-stage-m1", use=_multi_stage, use_check=_up_to_three_check, once=True, needs=("cards",)
        ),
        PartAbility("predator-mk1", notes=("one free Damage 1 per participant",)),
        PartAbility("projector-s2", start_draw=lambda s, seat, p: p.targeting),
        PartAbility("pulsor-mk1", others_actions=1),
        PartAbility("the-pursuer", use=_pursuer, use_check=_up_to_three_check, once=True, needs=("cards",)),
        PartAbility("the-quantum-driver", notes=("play damage-1 with the-quantum-driver",)),
        PartAbility(
            "replicator-mk1",
            use=_replicator,
            use_check=_replicator_check,
            use_cost=1,
            needs=("cards", "mode"),
            modes=REPLICATOR_AS,
        ),
        PartAbility("sapphire-mk2", notes=("state.conditional_reductions",)),
        PartAbility("swarm-mk1", notes=("context.discard_from_hand",)),
        PartAbility("symbiote-9000", use=_symbiote, use_check=_symbiote_check, once=True, needs=("trash",)),
        PartAbility("titan-3000", notes=("state.conditional_reductions",)),
        PartAbility("twin-jets-e4", notes=("state.conditional_reductions",)),
        PartAbility("vector-jets-e3", start_draw=_vector),
    )
}

ACTIVATED = tuple(slug for slug, a in PART_TABLE.items() if a.use is not None)
CHARGE_CORE = "mg-charge-core"
CONVERTERS = (CHARGE_CORE, "the-quantum-driver")


# --- the start of a Contract ----------------------------------------------------------------------


def start_of_contract(ctx: Ctx) -> None:
    """Glossary II "Start of a Contract": after the roll, before any card; Actions first, then draws."""
    att = ctx.state.attempt
    assert att is not None
    seats = att.seats
    for seat in seats:
        n = 0
        for part in ctx.state.players[seat].parts:
            a = PART_TABLE[part]
            if a.start_actions is not None:
                n += a.start_actions(ctx.state, seat)
        for other in seats:
            if other != seat:
                n += sum(PART_TABLE[x].others_actions for x in ctx.state.players[other].parts)
        if n:
            gain(ctx, seat, n, "start")
    for seat in seats:
        n = 0
        p = participant(ctx, seat)
        for part in ctx.state.players[seat].parts:
            a = PART_TABLE[part]
            if a.start_draw is not None:
                n += a.start_draw(ctx.state, seat, p)
        for other in seats:
            if other != seat:
                n += sum(PART_TABLE[x].others_draw for x in ctx.state.players[other].parts)
        if n:
            draw(ctx, seat, n, "start")


# --- playing a card -------------------------------------------------------------------------------


def card_kind_effects(ctx: Ctx, seat: int, kind: str, value: int, first: bool) -> None:
    """R-E5: a Reactor gives +2 Actions, a Thruster draws 2, a Shield blocks; plus first-of-kind parts."""
    if kind == "reactor":
        gain(ctx, seat, 2, "reactor")
    elif kind == "thruster":
        draw(ctx, seat, 2, "thruster")
    elif kind == "shield":
        block(ctx, seat, value, "shield")
    if first:
        for part in ctx.state.players[seat].parts:
            a = PART_TABLE[part]
            if a.first_actions == kind:
                gain(ctx, seat, 1, part)
            if a.first_draw == kind:
                draw(ctx, seat, 2, part)


def first_value(state: GameState, seat: int, kind: str, value: int) -> int:
    """Duo 1000 "Your first Green Shield that you play counts as 2 Shields": the owner's first
    card of that kind, however it is played (a Shield card, [REDACTED], Tantin al Vale, Defender
    5000, Replicator mk1: rulings A7, A22), counts and blocks twice its value."""
    if kind in participant_of(state, seat).firsts:
        return value
    doubled = any(PART_TABLE[part].first_double == kind for part in state.players[seat].parts)
    return 2 * value if doubled else value


def free_via(state: GameState, seat: int, card: str, kind: str) -> str | None:
    """Which standing permission makes this play cost no Action (Emulator, Support Core, Predator)."""
    p = participant_of(state, seat)
    if kind not in p.firsts:
        for part in state.players[seat].parts:
            if PART_TABLE[part].free == kind:
                return part
    att = state.attempt
    assert att is not None
    predator = any("predator-mk1" in state.players[s].parts for s in att.seats)
    if card == "damage-1" and "predator" not in p.used and predator:
        return "predator-mk1"  # A14: one free Damage 1 per participant per Contract
    return None


# The options a card may carry that only some Crew cards read (``CrewAbility.needs``).
CARD_OPTIONS = ("mode", "trash", "reduce", "cards", "dice", "take")


def check_card_options(card: str, opts: Opts) -> None:
    """Refuse the options this card does not read (a Crew card reads its own, an action card none):
    an option silently dropped would let the player believe it was applied."""
    ability = CREW_TABLE.get(card)
    if ability is not None:
        for name in CARD_OPTIONS:
            if getattr(opts, name) is not None and name not in ability.needs:
                raise refuse("option_not_for_card", option=name)
    elif any(getattr(opts, name) is not None for name in CARD_OPTIONS):
        raise refuse("option_not_for_card", option="")


def check_card_play(
    state: GameState, seat: int, card: str, opts: Opts, *, zone: str = "hand", cost: int | None = None
) -> None:
    """Every refusal of ``play_card``, in its order, read off the state before the play: the options
    the card reads, the part it is played with, an Action to pay with, then the Crew card's own
    check, on the state once the card has left its zone for the play area (it cannot name itself as
    the card to trash or discard)."""
    ability = CREW_TABLE.get(card)
    if opts != NO_OPTS:  # most plays carry no option: one comparison, not one look per option
        check_card_options(card, opts)
    p = participant_of(state, seat)
    if opts.with_part is not None:
        parts = state.players[seat].parts
        if card != "damage-1" or opts.with_part not in CONVERTERS or opts.with_part not in parts:
            raise refuse("cannot_convert")
        if opts.with_part == "the-quantum-driver" and "the-quantum-driver" in p.used:
            raise refuse("once_per_contract")
    if (cost is None or opts.with_part == CHARGE_CORE) and p.actions < 1:
        raise refuse("no_action_left")
    if ability is not None and ability.check is not _no_check:
        ability.check(_card_left(state, seat, card, zone), seat, opts)


def _card_left(state: GameState, seat: int, card: str, zone: str) -> GameState:
    """The state a Crew card's check reads: the card moved from its zone to the play area, as
    CardPlayed moves it. (The rest of what CardPlayed changes, the Actions, the kinds played first,
    what was contributed and the cards Lee van Cribb looks at, no check reads: making the players
    alone costs far less than folding the event, and a legality check asks for it every time.)"""
    if zone == "play":
        return state  # The Clone Bay: the card is in the play area already
    p = state.players[seat]
    if zone == "looking":
        players = state.players_with(seat, play=(*p.play, card))
    else:
        left = list(getattr(p, zone))
        left.remove(card)
        players = state.players_with(seat, **{zone: tuple(left)}, play=(*p.play, card))
    return replace(state, players=players)


def play_card(
    ctx: Ctx,
    seat: int,
    card: str,
    opts: Opts,
    *,
    zone: str = "hand",
    via: str = "",
    cost: int | None = None,
) -> None:
    """Play one card: its Action, what it counts as, its kind's effect, then its Crew ability.

    ``cost`` None: the normal price (1 Action, or 0 under a standing permission, which still needs
    an unused Action: A19); 0 for plays inside an ability (Lee van Cribb, Zek Zarag, Ryan Rogal).
    A play through MG Charge Core costs its 1 Action whatever ``cost`` says.
    """
    check_card_play(ctx.state, seat, card, opts, zone=zone, cost=cost)
    play_checked_card(ctx, seat, card, opts, zone=zone, via=via, cost=cost)


def play_checked_card(
    ctx: Ctx,
    seat: int,
    card: str,
    opts: Opts,
    *,
    zone: str = "hand",
    via: str = "",
    cost: int | None = None,
) -> None:
    """``play_card`` once ``check_card_play`` has let it through: its events, nothing refused."""
    p = participant(ctx, seat)
    kind, value = (BASIC_TYPE[card], BASIC_VALUE.get(card, 1)) if card in BASIC else ("none", 0)
    ability = CREW_TABLE.get(card)
    if ability is not None:
        kind, value = ability.counts(ctx, seat, opts)
    if opts.with_part is not None:
        value = 3  # a Damage 1 converted (MG Charge Core, The Quantum Driver)
    if opts.with_part == CHARGE_CORE:
        # "Spend 1 Action to play a Damage 1 Card as a Damage 3 Card": the part's Action is the
        # play's price, one in total (spec §2.6 #6), and no permission waives it: not MG Support
        # Core's free first Damage, Predator mk1's free Damage 1, nor a pick played free (Lee van
        # Cribb, Zek Zarag).
        cost = 1
    elif cost is None:
        free = free_via(ctx.state, seat, card, kind)
        cost = 0 if free else 1
        via = via or (free or "")
    if opts.with_part == "the-quantum-driver":
        ctx.emit(PartUsed(seat, "the-quantum-driver", 0))
    first = kind not in p.firsts
    value = first_value(ctx.state, seat, kind, value)
    ctx.emit(
        CardPlayed(seat, card, kind, value, ability is not None, cost, zone, via or (opts.with_part or ""))
    )
    if opts.with_part == CHARGE_CORE:
        add_from_supply(ctx, seat, "miss", CHARGE_CORE)
    card_kind_effects(ctx, seat, kind, value, first)
    if ability is not None:
        ability.effect(ctx, seat, opts)


def check_part_use(state: GameState, seat: int, part: str, opts: Opts) -> None:
    """Every refusal of a part's activated use (``use PART``), in its order, read off the state
    before the use: the part's own check last."""
    a = PART_TABLE.get(part)
    if a is None or a.use is None:
        raise refuse("part_has_no_use", part=part)
    if part not in state.players[seat].parts:
        raise refuse("part_not_installed", part=part)
    p = participant_of(state, seat)
    if a.once and part in p.used:
        raise refuse("once_per_contract")
    if p.actions < a.use_cost:
        raise refuse("no_action_left")
    a.use_check(state, seat, opts)


def use_checked_part(ctx: Ctx, seat: int, part: str, opts: Opts) -> None:
    """A part's use once ``check_part_use`` has let it through: its events. Only The Clone Bay's
    use may refuse still (``part_use_settled``)."""
    a = PART_TABLE[part]
    assert a.use is not None
    ctx.emit(PartUsed(seat, part, a.use_cost))
    a.use(ctx, seat, opts)


def part_use_settled(part: str) -> bool:
    """Does ``check_part_use`` settle whether the part's use is accepted? Not for The Clone Bay,
    whose use plays a Crew card again (``play_card``) with that card's checks, on the state the
    use leaves."""
    return part != "the-clone-bay"


FOLLOWUP_PRIORITY = ("reactor", "shield", "thruster", "damage-3", "damage-2", "damage-1")


def best_pick(state: GameState, seat: int, cards: tuple[str, ...]) -> str:
    """DP-25/26 default: Reactor, Shield, Thruster, Damage 3, 2, 1, then Crew, then Miss."""
    for card in FOLLOWUP_PRIORITY:
        if card in cards:
            return card
    crew = [c for c in cards if c in CREW]
    return crew[0] if crew else cards[0]
