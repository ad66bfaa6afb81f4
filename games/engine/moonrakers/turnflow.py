"""The end of a turn (R-T, §1.11): the Mission Leader's new hand, Objectives scored after the Hazard
losses, the 10-Prestige check with the net-worth tie-break, the solo round counter and score, the
Mercenary row, and the next Mission Leader."""

from __future__ import annotations

from games.engine.moonrakers.cards import CREW, MERC_ROW, PARTS, SOLO_RANKS, SOLO_ROUNDS, WIN_PRESTIGE
from games.engine.moonrakers.commands import Claim
from games.engine.moonrakers.context import Ctx, draw, next_contract, refuse
from games.engine.moonrakers.events import (
    ContractDealt,
    GameEnded,
    MercenaryDeckReshuffled,
    MercenaryRowCleared,
    MercenaryRowDealt,
    ObjectiveClaimed,
    TurnEnded,
    TurnStarted,
)
from games.engine.moonrakers.objectives import met
from games.engine.moonrakers.state import KEEP_OBJECTIVES, OVER, GameState, net_worth


def start_turn(ctx: Ctx, seat: int, turn: int) -> None:
    rnd = turn if ctx.state.solo else 0
    ctx.emit(TurnStarted(seat, turn, rnd))
    # "There are always 8 Contract cards available": a slot left empty while both Contract piles
    # were empty is filled as soon as a card is back.
    for slot, contract in enumerate(ctx.state.contract_row):
        if contract is None:
            top = next_contract(ctx)
            if top is not None:
                ctx.emit(ContractDealt(slot, top))


def check_claim(s: GameState, seat: int, cmd: Claim) -> bool:
    """Every refusal of ``claim``."""
    if s.phase in (KEEP_OBJECTIVES, OVER):
        raise refuse("cannot_claim_now")
    if cmd.objective not in s.players[seat].objectives:
        raise refuse("objective_not_held", objective=cmd.objective)
    if not met(s, seat, cmd.objective):
        raise refuse("objective_not_met", objective=cmd.objective)
    return True


def claim(ctx: Ctx, seat: int, cmd: Claim) -> None:
    """R-O2: reveal an Objective whose condition was met this turn; it scores at the end of the turn."""
    check_claim(ctx.state, seat, cmd)
    ctx.emit(ObjectiveClaimed(seat, cmd.objective))


def solo_score(state: GameState) -> int:
    """R-M7: 10 per Prestige, 1 per Credit, plus the cost of installed parts and Crew owned."""
    p = state.players[0]
    crew = sum(CREW[c].cost for c in p.deck_cards() if c in CREW)
    return 10 * p.prestige + p.credits + sum(PARTS[x].cost for x in p.parts) + crew


def solo_rank(score: int) -> str:
    """A35: >=100 Novice, >=150 Advanced, >=200 Mastery, >250 Chosen one, else Beginner."""
    for bound, rank, strict in SOLO_RANKS:
        if score > bound or (not strict and score >= bound):
            return rank
    return "beginner"


def end_turn(ctx: Ctx) -> None:
    s = ctx.state
    leader = s.leader
    player = s.players[leader]
    if not s.stayed:
        draw(ctx, leader, player.hand_limit, "end_of_turn")
    elif len(player.hand) < player.hand_limit:
        # A9: Stay at Base drew the new hand already, before the Buying Phase. A Flash bought in that
        # phase raises the hand limit to 6, and its owner "always begins with 6 cards on every
        # Contract" (001 Glossary II, Hand Limit): the new hand is topped up to it now.
        draw(ctx, leader, player.hand_limit - len(player.hand), "end_of_turn")
    if ctx.state.option("auto_claim"):
        for seat in range(ctx.state.n):
            for obj in ctx.state.players[seat].objectives:
                if met(ctx.state, seat, obj, at_end=True):
                    ctx.emit(ObjectiveClaimed(seat, obj, auto=True))
    # Money Bags is judged on the Credits held when the turn is over: one claimed in the Buying Phase
    # and then spent below 8 does not score and goes back, revealed, to its holder (A56).
    unmet = tuple(
        (seat, obj)
        for seat, p in enumerate(ctx.state.players)
        for obj in p.claimed
        if obj == "money-bags" and not met(ctx.state, seat, obj, at_end=True)
    )
    scored = tuple(
        (seat, tuple(o for o in p.claimed if (seat, o) not in unmet))
        for seat, p in enumerate(ctx.state.players)
        if any((seat, o) not in unmet for o in p.claimed)
    )
    ctx.emit(TurnEnded(leader, scored, unmet), leader)
    s = ctx.state
    if s.solo:
        if s.round >= SOLO_ROUNDS:
            score = solo_score(s)
            ctx.emit(GameEnded("solo_rounds", (0,), _worth(s), score, solo_rank(score)))
            return
    else:
        at_ten = [seat for seat, p in enumerate(s.players) if p.prestige >= WIN_PRESTIGE]
        if at_ten:
            worth = _worth(s)
            best = max(worth[seat] for seat in at_ten)  # A12: net worth only, ties share the win
            winners = tuple(seat for seat in at_ten if worth[seat] == best)
            ctx.emit(GameEnded("ten_prestige", winners, worth))
            return
    if s.uses_mercenaries and (s.solo or s.turn % 2 == 0):
        refresh_mercenaries(ctx)
    nxt = leader if s.solo else (leader + 1) % s.n
    start_turn(ctx, nxt, s.turn + 1)


def _worth(s: GameState) -> tuple[int, ...]:
    """Every seat's net worth, for the end of the game (worked out only then: a turn that ends
    without ending the game reads none)."""
    return tuple(net_worth(s, seat) for seat in range(s.n))


def refresh_mercenaries(ctx: Ctx) -> None:
    """R-M4: discard the row (Crew to the bottom of the Armory's Crew deck, replaced in the Mercenary
    discard by the top Crew card), reshuffle when the deck runs out, deal 5."""
    s = ctx.state
    row = tuple(c for c in s.merc_row if c is not None)
    crew = tuple(c for c in row if c in CREW)
    basics = tuple(c for c in row if c not in CREW)
    # "return it to the bottom of the Crew deck ... Then place the top Crew card of the Crew deck in
    # the discard pile of the Mercenary deck": returned first, so a short Crew deck still gives one.
    taken = (*s.crew_deck, *crew)[: len(crew)]
    ctx.emit(MercenaryRowCleared(basics, crew, taken))
    if len(ctx.state.merc_deck) < MERC_ROW and ctx.state.merc_discard:
        ctx.emit(MercenaryDeckReshuffled(tuple(ctx.rng.shuffle(ctx.state.merc_discard))))
    ctx.emit(MercenaryRowDealt(ctx.state.merc_deck[:MERC_ROW]))
