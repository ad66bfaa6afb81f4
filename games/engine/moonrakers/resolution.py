"""The end of the Execution Phase (R-E10): success, rewards per the deal, the Bonus Card, Hazard
losses (never below 0), discards, Allies' new hands, the Contract row refilled."""

from __future__ import annotations

from games.engine.moonrakers.cards import CREW, MAX_PARTS, PARTS, REQUIREMENTS
from games.engine.moonrakers.commands import BonusDeck, KeepBonus, RefuseBonus
from games.engine.moonrakers.context import Ctx, add_from_supply, draw, next_contract, refuse
from games.engine.moonrakers.events import (
    BonusCardDrawn,
    BonusCardKept,
    BonusCardRefused,
    BonusOffered,
    BuyingStarted,
    CardsDiscarded,
    ContractCleared,
    ContractResolved,
    HazardApplied,
    RewardsPaid,
)
from games.engine.moonrakers.state import (
    BONUS,
    Attempt,
    GameState,
    Share,
    Terms,
    requirement_totals,
    unblocked,
)


def resolve(ctx: Ctx) -> None:
    att = ctx.state.attempt
    assert att is not None
    needed, got = requirement_totals(ctx.state)
    success = all(got[k] >= v for k, v in needed.items())
    ctx.emit(
        ContractResolved(
            att.contract,
            success,
            tuple((k, needed[k]) for k in REQUIREMENTS if k in needed),
            tuple((k, got[k]) for k in REQUIREMENTS if k in needed),
        )
    )
    if success:
        shares = []
        for share in att.shares:
            t = share.terms
            if share.seat == att.leader:
                t = Terms(t.p - att.merc_prestige, t.c - att.merc_credits, t.b, t.d)
            shares.append(Share(share.seat, Terms(t.p, t.c)))
        ctx.emit(RewardsPaid(tuple(shares)))
        bonus = next((s.seat for s in att.shares if s.terms.b), None)
        if bonus is not None:
            ctx.emit(BonusOffered(bonus))
            return
    finish_contract(ctx)


def _bonus_seat(s: GameState, seat: int) -> Attempt:
    if s.phase != BONUS or s.attempt is None or s.attempt.bonus_seat != seat:
        raise refuse("no_bonus_card")
    return s.attempt


def check_bonus_deck(s: GameState, seat: int, cmd: BonusDeck) -> bool:
    """Every refusal of ``bonus_deck``: drawing, and the end of the Contract, refuse nothing."""
    att = _bonus_seat(s, seat)
    if att.bonus_deck is not None:
        raise refuse("bonus_already_drawn")
    if cmd.deck not in ("crew", "part"):
        raise refuse("bad_deck")
    return True


def bonus_deck(ctx: Ctx, seat: int, cmd: BonusDeck) -> None:
    """Glossary I "Bonus Cards": the recipient draws the top card of the Crew or Ship Part deck (A47)."""
    check_bonus_deck(ctx.state, seat, cmd)
    deck = ctx.state.crew_deck if cmd.deck == "crew" else ctx.state.part_deck
    card = deck[0] if deck else None
    ctx.emit(BonusCardDrawn(seat, cmd.deck, card))
    if card is None:  # A23: an empty deck gives nothing
        finish_contract(ctx)


def check_keep_bonus(s: GameState, seat: int, cmd: KeepBonus) -> bool:
    """Every refusal of ``keep_bonus``: what a Ship Part adds, and the end of the Contract, refuse
    nothing."""
    card = _bonus_seat(s, seat).bonus_card
    if card is None:
        raise refuse("bonus_not_drawn")
    parts = s.players[seat].parts
    if card in CREW:
        if cmd.replace is not None:
            raise refuse("no_replace_here")
    elif len(parts) >= MAX_PARTS and cmd.replace not in parts:
        raise refuse("must_replace_part")
    elif len(parts) < MAX_PARTS and cmd.replace is not None:
        raise refuse("no_replace_here")
    return True


def _drawn(s: GameState) -> str:
    """The Bonus Card a check has found drawn."""
    assert s.attempt is not None and s.attempt.bonus_card is not None
    return s.attempt.bonus_card


def keep_bonus(ctx: Ctx, seat: int, cmd: KeepBonus) -> None:
    check_keep_bonus(ctx.state, seat, cmd)
    card = _drawn(ctx.state)
    ctx.emit(BonusCardKept(seat, card, cmd.replace))
    if card in PARTS:
        for added in PARTS[card].adds:
            add_from_supply(ctx, seat, added, card)
    finish_contract(ctx)


def check_refuse_bonus(s: GameState, seat: int, cmd: RefuseBonus) -> bool:
    """Every refusal of ``refuse_bonus``: the end of the Contract refuses nothing."""
    if _bonus_seat(s, seat).bonus_card is None:
        raise refuse("bonus_not_drawn")
    return True


def refuse_bonus(ctx: Ctx, seat: int, cmd: RefuseBonus) -> None:
    check_refuse_bonus(ctx.state, seat, cmd)
    ctx.emit(BonusCardRefused(seat, _drawn(ctx.state)))  # A21: to the bottom of its deck
    finish_contract(ctx)


def finish_contract(ctx: Ctx) -> None:
    att = ctx.state.attempt
    assert att is not None
    # What each loses, not the Hazard that got through: no one drops below 0 Prestige, so the log
    # says "loses 1 Prestige" of a player at 1 whom 2 Hazard reached. (The fold floors at 0 as
    # well: games stored before this recorded the Hazard, and fold to the same Prestige.)
    players = ctx.state.players
    hazard = tuple((p.seat, unblocked(p)) for p in att.participants)
    ctx.emit(HazardApplied(tuple((seat, min(n, players[seat].prestige)) for seat, n in hazard), hazard))
    for p in att.participants:
        player = ctx.state.players[p.seat]
        if player.play:
            ctx.emit(CardsDiscarded(p.seat, player.play, "play", "contract_end"))
        player = ctx.state.players[p.seat]
        if player.hand:
            ctx.emit(CardsDiscarded(p.seat, player.hand, "hand", "contract_end"))
    ctx.emit(ContractCleared(att.contract, att.slot, next_contract(ctx)))
    for p in att.participants:
        if p.seat != att.leader:
            draw(ctx, p.seat, ctx.state.players[p.seat].hand_limit, "ally")
    ctx.emit(BuyingStarted(att.leader))
