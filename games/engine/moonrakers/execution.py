"""The Execution Phase: who may play now, playing cards, parts, Mercenary cards, follow-ups, done.

"All players begin the Execution Phase with 1 Action" (001); each Action Card costs 1 Action
unless a card says otherwise; nobody plays after running out of Actions. The Mission Leader chose
at the lock whether participants play at once (the default) or one after the other.
"""

from __future__ import annotations

from games.engine.core import IllegalCommand, msg
from games.engine.moonrakers.cards import BASIC, BASIC_TYPE, BASIC_VALUE, CREW
from games.engine.moonrakers.commands import (
    NO_OPTS,
    Done,
    Guard,
    Opts,
    Pick,
    PlayCard,
    PlayCards,
    TrashChoice,
    UseMercenary,
    UsePart,
)
from games.engine.moonrakers.context import Ctx, refuse, trash_from_hand
from games.engine.moonrakers.effects import (
    CREW_TABLE,
    card_kind_effects,
    check_card_options,
    check_card_play,
    check_part_use,
    first_value,
    free_via,
    part_use_settled,
    participant,
    play_card,
    play_checked_card,
    use_checked_part,
)
from games.engine.moonrakers.events import (
    CardPlayed,
    CardsDiscarded,
    Contributed,
    DrawPileShuffled,
    FollowupClosed,
    MercenaryUsed,
    ParticipantDone,
)
from games.engine.moonrakers.state import EXECUTION, Attempt, GameState, Participant, unblocked


def current_seats(state: GameState) -> tuple[int, ...]:
    """The participants who may act now: everyone not done, or the first not done in the order."""
    att = state.attempt
    if state.phase != EXECUTION or att is None:
        return ()
    waiting = tuple(p.seat for p in att.participants if not p.done)
    if att.order:
        for seat in att.order:
            if seat in waiting:
                return (seat,)
        return ()
    return waiting


def _actor(s: GameState, seat: int, followup: bool | None = False) -> Participant:
    """The participant ``seat``, who may act now: with a follow-up to answer (``followup`` True),
    with none (False), or either (None)."""
    att = s.attempt
    if s.phase != EXECUTION or att is None:
        raise refuse("not_executing")
    try:
        p = att.part(seat)
    except ValueError:
        raise refuse("not_a_participant") from None
    if p.done:
        raise refuse("already_done")
    # Playing at once, every participant not done may act: only an order makes it a turn.
    if att.order and seat not in current_seats(s):
        raise refuse("not_your_play_turn")
    if followup is True and p.followup is None:
        raise refuse("no_followup")
    if followup is False and p.followup is not None:
        raise refuse("followup_first")
    return p


def check_play(state: GameState, seat: int, cmd: PlayCard) -> bool:
    """Every refusal of ``play`` (engine.CHECKS): what follows the card's play (its Action's cost,
    draws, the Contract's resolution) refuses nothing."""
    _actor(state, seat)
    if cmd.card not in state.players[seat].hand:
        raise refuse("not_in_hand", card=cmd.card)
    check_card_play(state, seat, cmd.card, cmd.opts)
    return True


def play(ctx: Ctx, seat: int, cmd: PlayCard) -> None:
    check_play(ctx.state, seat, cmd)
    play_checked_card(ctx, seat, cmd.card, cmd.opts)
    after_play(ctx)


def play_many(ctx: Ctx, seat: int, cmd: PlayCards) -> None:
    """One line, several plays in order: all of them or none (the first refusal refuses the line).
    A refusal after the first card says which card and after how many: "You have no Action left"
    alone read as if the first card could not be played either."""
    for i, card in enumerate(cmd.cards):
        if ctx.state.phase != EXECUTION:
            raise refuse("not_executing")
        try:
            play(ctx, seat, PlayCard(card))
        except IllegalCommand as refused:
            if i == 0:
                raise
            raise IllegalCommand(
                msg(
                    "moonrakers.refused.line_stopped",
                    i,
                    card=msg(f"moonrakers.card.{card}"),
                    reason=refused.reason,
                )
            ) from None


def check_use(state: GameState, seat: int, cmd: UsePart) -> bool:
    """Every refusal of ``use`` but for those of the Crew card The Clone Bay plays again."""
    _actor(state, seat)
    check_part_use(state, seat, cmd.part, cmd.opts)
    return part_use_settled(cmd.part)


def use(ctx: Ctx, seat: int, cmd: UsePart) -> None:
    check_use(ctx.state, seat, cmd)
    use_checked_part(ctx, seat, cmd.part, cmd.opts)
    after_play(ctx)


def merc_cost(state: GameState, slot: int) -> tuple[int, int]:
    """(Credits, Prestige): a Crew costs 1 Prestige; the k-th action card this turn costs k (A30)."""
    card = state.merc_row[slot]
    assert card is not None
    if card in CREW:
        return (0, 1)
    att = state.attempt
    assert att is not None
    used = sum(1 for i in att.merc_used if state.merc_row[i] in BASIC)
    return (used + 1, 0)


def merc_budget(state: GameState) -> tuple[int, int]:
    """What is left of the Mission Leader's share to pay Mercenaries with (A31)."""
    att = state.attempt
    assert att is not None
    share = att.share(att.leader)
    return (share.c - att.merc_credits, share.p - att.merc_prestige)


def use_mercenary(ctx: Ctx, seat: int, cmd: UseMercenary) -> None:
    """001 SINGLE PLAYER, TWO PLAYERS: only the Mission Leader, paid out of the Contract's rewards."""
    _actor(ctx.state, seat)
    s = ctx.state
    att = s.attempt
    assert att is not None
    if not s.uses_mercenaries or seat != att.leader:
        raise refuse("no_mercenaries")
    if not 0 <= cmd.slot < len(s.merc_row) or s.merc_row[cmd.slot] is None or cmd.slot in s.merc_used:
        raise refuse("mercenary_unavailable", slot=cmd.slot + 1)
    credits, prestige = merc_cost(s, cmd.slot)
    have_c, have_p = merc_budget(s)
    if credits > have_c or prestige > have_p:
        raise refuse("mercenary_too_dear")
    card = s.merc_row[cmd.slot]
    assert card is not None
    if cmd.opts != NO_OPTS:
        # A Mercenary card is not the player's to convert (MG Charge Core, The Quantum Driver: "a
        # Damage 1 card" of their own deck), and it reads the options its own card reads.
        if cmd.opts.with_part is not None:
            raise refuse("cannot_convert")
        check_card_options(card, cmd.opts)
    ctx.emit(MercenaryUsed(seat, cmd.slot, card, credits, prestige))
    if card in CREW:
        ability = CREW_TABLE[card]
        kind, value = ability.counts(ctx, seat, cmd.opts)
        ability.check(ctx.state, seat, cmd.opts)
        ctx.emit(Contributed(seat, kind, value, True, True, card, merc=True))
        # 001: "The player does get to use the special ability of any Crew hired for the Contract as
        # if they had played it themselves" (A60). R-M3's "no benefit" is said of Mercenary *Action
        # Deck* cards only, so a Crew whose ability is to be played as a Shield (Tantin al Vale)
        # blocks like the player's own; first-of-kind part bonuses stay with the player's own cards.
        card_kind_effects(ctx, seat, kind, value, False)
        ability.effect(ctx, seat, cmd.opts)
    else:
        ctx.emit(Contributed(seat, BASIC_TYPE[card], BASIC_VALUE.get(card, 1), False, True, card, merc=True))
    after_play(ctx)


def check_trash_choice(state: GameState, seat: int, cmd: TrashChoice) -> bool:
    """Every refusal of ``trash_choice``: the trash, and the Contract's resolution, refuse nothing."""
    p = _actor(state, seat, followup=True)
    assert p.followup is not None
    if p.followup.kind != "kal_trash":
        raise refuse("wrong_followup")
    if cmd.card is not None and cmd.card not in state.players[seat].hand:
        raise refuse("not_in_hand", card=cmd.card)
    return True


def trash_choice(ctx: Ctx, seat: int, cmd: TrashChoice) -> None:
    """Kal Damar: after drawing 2, trash 1 card from the hand, or none."""
    check_trash_choice(ctx.state, seat, cmd)
    if cmd.card is not None:
        trash_from_hand(ctx, seat, cmd.card, "kal-damar")
    ctx.emit(FollowupClosed(seat, "kal_trash", cmd.card or "none"))
    after_play(ctx)


def pick(ctx: Ctx, seat: int, cmd: Pick) -> None:
    _actor(ctx.state, seat, followup=True)
    pick_core(ctx, seat, cmd)
    after_play(ctx)


def pick_core(ctx: Ctx, seat: int, cmd: Pick) -> None:
    p = participant(ctx, seat)
    assert p.followup is not None
    kind = p.followup.kind
    player = ctx.state.players[seat]
    if kind == "kal_trash":
        raise refuse("wrong_followup")
    if kind == "ryan_pick":
        # Ryan Rogal: one drawn Damage card may be played as a Damage 5, free (ruling A29).
        if cmd.card is not None:
            if cmd.card not in p.followup.cards or cmd.card not in player.hand:
                raise refuse("not_offered", card=cmd.card)
            ctx.emit(FollowupClosed(seat, kind, cmd.card))
            first = "damage" not in participant(ctx, seat).firsts
            ctx.emit(CardPlayed(seat, cmd.card, "damage", 5, False, 0, "hand", "ryan-rogal"))
            card_kind_effects(ctx, seat, "damage", 5, first)
        else:
            ctx.emit(FollowupClosed(seat, kind, "none"))
        return
    if cmd.card is None:
        raise refuse("must_pick")
    if kind == "lee_pick":
        if cmd.card not in p.looking:
            raise refuse("not_offered", card=cmd.card)
        ctx.emit(FollowupClosed(seat, kind, cmd.card))
        play_card(ctx, seat, cmd.card, cmd.opts, zone="looking", via="lee-van-cribb", cost=0)
        rest = participant(ctx, seat).looking
        if rest:
            ctx.emit(CardsDiscarded(seat, rest, "looking", "lee-van-cribb"))
    else:  # zek_pick: any card of the draw pile, free, then the draw pile is shuffled
        if cmd.card not in player.draw:
            raise refuse("not_offered", card=cmd.card)
        ctx.emit(FollowupClosed(seat, kind, cmd.card))
        play_card(ctx, seat, cmd.card, cmd.opts, zone="draw", via="zek-zarag", cost=0)
        rest = ctx.state.players[seat].draw
        if rest:
            ctx.emit(DrawPileShuffled(seat, tuple(ctx.rng.shuffle(rest))))


def check_done(state: GameState, seat: int, cmd: Done) -> bool:
    """Every refusal of ``done``: the Contract's resolution that may follow refuses nothing."""
    _actor(state, seat)
    return True


def done(ctx: Ctx, seat: int, cmd: Done) -> None:
    check_done(ctx.state, seat, cmd)
    ctx.emit(ParticipantDone(seat, "done"))
    after_play(ctx)


def guard_plays(state: GameState, seat: int) -> list[str]:
    """The next card ``guard`` plays (spec §5.1), or nothing: Shields for one's own Hazard, Reactors
    to afford them. Never Crew."""
    att = state.attempt
    assert att is not None
    p = att.part(seat)
    hand = state.players[seat].hand
    if unblocked(p) <= 0 or "shield" not in hand or p.actions < 1:
        return []
    # "Play a Shield if that uses the last Shield needed or leaves an Action": what this Shield blocks
    # (Duo 1000 doubles the first) and what it costs (Emulator mk2 makes the first free), as the
    # play itself will count them.
    blocks = first_value(state, seat, "shield", 1)
    free = free_via(state, seat, "shield", "shield") is not None
    if unblocked(p) <= blocks or free or p.actions >= 2:
        return ["shield"]
    if "reactor" in hand:
        return ["reactor"]
    return ["shield"]


def check_guard(state: GameState, seat: int, cmd: Guard) -> bool:
    """Every refusal of ``guard`` when no follow-up is open: it then plays only the Shields and
    Reactors ``guard_plays`` finds playable. Closing a follow-up by its default plays a picked card,
    with that card's checks: for that only the handler can tell."""
    return _actor(state, seat, followup=None).followup is None


def guard(ctx: Ctx, seat: int, cmd: Guard) -> None:
    """The timeout default: close any follow-up by its default, block one's own Hazard as far as
    possible with Shields (and Reactors to afford them), then finish."""
    check_guard(ctx.state, seat, cmd)
    for _ in range(60):
        if participant(ctx, seat).followup is not None:
            close_followup_by_default(ctx, seat)
            continue
        cards = guard_plays(ctx.state, seat)
        if not cards:
            break
        play_card(ctx, seat, cards[0], Opts())
    ctx.emit(ParticipantDone(seat, "guard"))
    after_play(ctx)


def close_followup_by_default(ctx: Ctx, seat: int) -> None:
    from games.engine.moonrakers.legal import followup_default

    cmd = followup_default(ctx.state, seat)
    if isinstance(cmd, TrashChoice):
        if cmd.card is not None:
            trash_from_hand(ctx, seat, cmd.card, "kal-damar")
        ctx.emit(FollowupClosed(seat, "kal_trash", cmd.card or "none"))
        return
    assert isinstance(cmd, Pick)
    pick_core(ctx, seat, cmd)


def after_play(ctx: Ctx) -> None:
    """When every participant has finished, the Contract is resolved (ruling A36)."""
    att: Attempt | None = ctx.state.attempt
    if ctx.state.phase == EXECUTION and att is not None and all(p.done for p in att.participants):
        from games.engine.moonrakers.resolution import resolve

        resolve(ctx)
