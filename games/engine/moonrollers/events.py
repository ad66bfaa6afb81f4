"""Event types, their payloads, and ``evolve``: one small fold function per event type.

Evolve never draws randomness and never re-checks rules: every outcome (faces, tokens drawn,
cards revealed, where a returned token went) is in the payload, decided by ``decide``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.core import Event
from games.engine.moonrollers.cards import CREW, DISPLAY_SIZE
from games.engine.moonrollers.dice import (
    FACE_INDEX,
    NO_DICE,
    TOTAL_DICE,
    Counts,
    add,
    counts_of,
    sub,
)
from games.engine.moonrollers.state import (
    HIRED,
    OVER,
    ROLLED,
    START,
    DisplayCard,
    GameState,
    Player,
    Turn,
    new_player,
)

# Event types (snake_case, past tense, like the platform's own events).
GAME_SET_UP = "game_set_up"
TURN_STARTED = "turn_started"
TURN_PASSED = "turn_passed"
DICE_ROLLED = "dice_rolled"
DICE_REROLLED = "dice_rerolled"
SUPPLY_DICE_ROLLED = "supply_dice_rolled"
CREW_CHOSEN = "crew_chosen"
REQUIREMENT_COMMITTED = "requirement_committed"
DICE_LOCKED = "dice_locked"
DICE_TREATED_AS_EXTRA = "dice_treated_as_extra"
WILD_SAVED = "wild_saved"
REQUIREMENT_COMPLETED = "requirement_completed"
HAZARD_TOKENS_DRAWN = "hazard_tokens_drawn"
HAZARD_TOKEN_KEPT = "hazard_token_kept"  # noqa: S105 - an event name, not a secret
PRESTIGE_SCORED = "prestige_scored"
CREW_HIRED = "crew_hired"
CREW_STACKED = "crew_stacked"
HAZARD_TOKEN_RETURNED = "hazard_token_returned"  # noqa: S105 - an event name
STOPPED = "stopped"
BUSTED = "busted"
GAME_ENDED = "game_ended"

VERSION = 1


def event(type_: str, actor: int | None, /, **payload: Any) -> Event:
    """An event of this game; ``actor`` is the seat that acted (or owns its secret)."""
    return Event(type=type_, payload=payload, version=VERSION, seat=actor)


def _faces(names: list[str]) -> Counts:
    return counts_of(FACE_INDEX[n] for n in names)


def _set_player(state: GameState, seat: int, player: Player) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def _set_card(state: GameState, slot: int, card: DisplayCard) -> tuple[DisplayCard, ...]:
    display = list(state.display)
    display[slot] = card
    return tuple(display)


def _insert(pile: tuple[int, ...], position: int, token: int) -> tuple[int, ...]:
    return (*pile[:position], token, *pile[position:])


def _end_of_turn(turn: Turn, phase: str) -> Turn:
    """The dice go back to the supply; only what the hire's decisions need is kept."""
    return Turn(
        seat=turn.seat,
        phase=phase,
        roll=turn.roll,
        crew=turn.crew,
        placed=turn.placed,
        drawn=turn.drawn,
    )


# ---- fold functions ----------------------------------------------------------------------------


def game_set_up(state: GameState | None, e: Event) -> GameState:
    p = e.payload
    players = tuple(new_player(stacks=((s,),) if s else ()) for s in p["starting_crew"])
    display = tuple(DisplayCard(s, (None,) * len(CREW[s].requirements)) for s in p["display"])
    assert len(display) == DISPLAY_SIZE[len(players)]
    return GameState(
        players=players,
        display=display,
        deck=tuple(p["deck"]),
        hazard_pile=tuple(p["hazard_pile"]),
        supply=TOTAL_DICE,
        turn=Turn(seat=p["first_player"], phase=OVER),
        longer_game=bool(p["longer_game"]),
        first_player=p["first_player"],
    )


def turn_started(state: GameState, e: Event) -> GameState:
    return state._replace(
        turn=Turn(seat=e.payload["seat"], phase=START), supply=TOTAL_DICE, turns=state.turns + 1
    )


def turn_passed(state: GameState, e: Event) -> GameState:
    return state._replace(turn=_end_of_turn(state.turn, OVER))


def dice_rolled(state: GameState, e: Event) -> GameState:
    p = e.payload
    turn = state.turn
    rolled = _faces(p["faces"])
    kept = p["kept"]  # Meg Gallak's saved Wild comes back without being rolled
    pool = add(rolled, (0, 0, 0, 0, kept, 0)) if kept else rolled
    return state._replace(
        supply=state.supply - p["from_supply"],
        turn=turn._replace(
            phase=ROLLED,
            roll=turn.roll + 1,
            pool=pool,
            rolled=rolled,
            pool_size=len(p["faces"]) + kept,
            as_extra=NO_DICE,
            saved=0,
            locked_this_roll=0,
            committed_this_roll=False,
            completed_this_roll=False,
            acted=False,
            used=frozenset(),
            at_ok_safe=bool(p["safe"]),
        ),
    )


def dice_rerolled(state: GameState, e: Event) -> GameState:
    p = e.payload
    turn = state.turn
    before, after = _faces(p["before"]), _faces(p["after"])
    return state._replace(
        turn=turn._replace(
            pool=add(sub(turn.pool, before), after),
            rolled=add(sub(turn.rolled, before), after),
            used=turn.used | {p["crew"]},
        ),
    )


def supply_dice_rolled(state: GameState, e: Event) -> GameState:
    p = e.payload
    turn = state.turn
    added = _faces(p["added"])
    return state._replace(
        supply=state.supply - sum(added),
        turn=turn._replace(pool=add(turn.pool, added), used=turn.used | {p["crew"]}, acted=True),
    )


def crew_chosen(state: GameState, e: Event) -> GameState:
    return state._replace(turn=state.turn._replace(crew=e.payload["crew"], acted=True))


def requirement_committed(state: GameState, e: Event) -> GameState:
    return state._replace(
        turn=state.turn._replace(
            requirement=e.payload["requirement"],
            progress=0,
            committed_this_roll=True,
            acted=True,
        ),
    )


def dice_locked(state: GameState, e: Event) -> GameState:
    p = e.payload
    turn = state.turn
    faces = _faces([d["face"] for d in p["dice"]])
    used = {d["with"] for d in p["dice"] if d["with"]}
    return state._replace(
        turn=turn._replace(
            pool=sub(turn.pool, faces),
            locked=add(turn.locked, faces),
            progress=p["progress"],
            locked_this_roll=turn.locked_this_roll + sum(faces),
            used=turn.used | used if used else turn.used,
            acted=True,
        ),
    )


def dice_treated_as_extra(state: GameState, e: Event) -> GameState:
    p = e.payload
    turn = state.turn
    faces = _faces(p["faces"])
    return state._replace(
        turn=turn._replace(
            pool=sub(turn.pool, faces),
            as_extra=add(turn.as_extra, faces),
            used=turn.used | {p["crew"]},
            acted=True,
        ),
    )


def wild_saved(state: GameState, e: Event) -> GameState:
    turn = state.turn
    return state._replace(
        turn=turn._replace(
            pool=sub(turn.pool, (0, 0, 0, 0, 1, 0)),
            saved=1,
            used=turn.used | {e.payload["crew"]},
            acted=True,
        ),
    )


def requirement_completed(state: GameState, e: Event) -> GameState:
    p = e.payload
    turn = state.turn
    slot = state.slot_of(p["crew"])
    card = state.display[slot]
    tokens = list(card.tokens)
    tokens[p["requirement"]] = e.seat
    used = turn.used | {p["by"]} if p["by"] else turn.used
    return state._replace(
        display=_set_card(state, slot, DisplayCard(card.crew, tuple(tokens))),
        turn=turn._replace(
            requirement=None,
            progress=0,
            completed_this_roll=True,
            placed=(*turn.placed, p["requirement"]),
            used=used,
            acted=True,
        ),
    )


def hazard_tokens_drawn(state: GameState, e: Event) -> GameState:
    p = e.payload
    tokens = tuple(p["tokens"])
    pile = state.hazard_pile[len(tokens) :]
    turn = state.turn
    if p["crew"]:
        turn = turn._replace(used=turn.used | {p["crew"]}, acted=True)
    if p["choose"]:
        return state._replace(hazard_pile=pile, turn=turn._replace(drawn=tokens))
    seat = e.seat
    assert seat is not None
    player = state.players[seat]
    return state._replace(
        hazard_pile=pile,
        players=_set_player(state, seat, player._replace(hazard=player.hazard + tokens)),
        turn=turn,
    )


def hazard_token_kept(state: GameState, e: Event) -> GameState:
    p = e.payload
    seat = e.seat
    assert seat is not None
    player = state.players[seat]
    return state._replace(
        players=_set_player(state, seat, player._replace(hazard=(*player.hazard, p["token"]))),
        hazard_pile=_insert(state.hazard_pile, p["position"], p["returned"]),
        turn=state.turn._replace(drawn=()),
    )


def prestige_scored(state: GameState, e: Event) -> GameState:
    players = list(state.players)
    for seat, points in e.payload["awards"]:
        players[seat] = players[seat]._replace(prestige=players[seat].prestige + points)
    return state._replace(players=tuple(players))


def crew_hired(state: GameState, e: Event) -> GameState:
    p = e.payload
    seat = e.seat
    assert seat is not None
    crew = p["crew"]
    player = state.players[seat]
    stack = player.stack_of(CREW[crew].faction)
    stacks = list(player.stacks)
    if stack is None:
        stacks.append((crew,))
    elif p["stack"] == "top":  # the hire ends the game: where it goes no longer matters
        stacks[stack] = (crew, *stacks[stack])
    refill = p["refill"]
    display = list(state.display)
    if refill:
        display[p["slot"]] = DisplayCard(refill, (None,) * len(CREW[refill].requirements))
    else:
        del display[p["slot"]]
    turn = _end_of_turn(state.turn, HIRED)
    duplicate = stack is not None
    turn = turn._replace(
        hired=crew if p["stack"] == "ask" else None,
        stack_pending=p["stack"] == "ask",
        return_pending=duplicate,
    )
    return state._replace(
        players=_set_player(state, seat, player.with_stacks(tuple(stacks))),
        display=tuple(display),
        deck=state.deck[1:] if refill else state.deck,
        supply=TOTAL_DICE,
        turn=turn,
        ending=state.ending + tuple(r for r in p["ending"] if r not in state.ending),
    )


def crew_stacked(state: GameState, e: Event) -> GameState:
    p = e.payload
    seat = e.seat
    assert seat is not None
    player = state.players[seat]
    crew = p["crew"]
    stack = player.stack_of(CREW[crew].faction)
    assert stack is not None
    stacks = list(player.stacks)
    stacks[stack] = (crew, *stacks[stack]) if p["position"] == "top" else (*stacks[stack], crew)
    return state._replace(
        players=_set_player(state, seat, player.with_stacks(tuple(stacks))),
        turn=state.turn._replace(hired=None, stack_pending=False),
    )


def hazard_token_returned(state: GameState, e: Event) -> GameState:
    p = e.payload
    turn = state.turn._replace(return_pending=False)
    if p["index"] is None:
        return state._replace(turn=turn)
    seat = e.seat
    assert seat is not None
    player = state.players[seat]
    index = p["index"]
    hazard = player.hazard[:index] + player.hazard[index + 1 :]
    return state._replace(
        players=_set_player(state, seat, player._replace(hazard=hazard)),
        hazard_pile=_insert(state.hazard_pile, p["position"], p["token"]),
        turn=turn,
    )


def stopped(state: GameState, e: Event) -> GameState:
    # The token of an uncompleted commitment lives in turn.requirement: ending the turn takes it back.
    return state._replace(supply=TOTAL_DICE, turn=_end_of_turn(state.turn, OVER))


def busted(state: GameState, e: Event) -> GameState:
    p = e.payload
    seat = e.seat
    assert seat is not None
    turn = state.turn
    display = state.display
    if turn.crew is not None and p["removed"]:
        slot = state.slot_of(turn.crew)
        card = display[slot]
        tokens = list(card.tokens)
        for i in p["removed"]:
            tokens[i] = None
        display = _set_card(state, slot, DisplayCard(card.crew, tuple(tokens)))
    players = state.players
    if p["prestige"]:
        player = players[seat]
        players = _set_player(state, seat, player._replace(prestige=player.prestige + p["prestige"]))
    return state._replace(
        display=display,
        players=players,
        supply=TOTAL_DICE,
        turn=_end_of_turn(turn, OVER)._replace(placed=()),
    )


def game_ended(state: GameState, e: Event) -> GameState:
    return state._replace(
        finished=True,
        ending=tuple(e.payload["reasons"]),
        supply=TOTAL_DICE,
        turn=_end_of_turn(state.turn, OVER)._replace(drawn=()),
    )


FOLDS: dict[str, Callable[[Any, Event], GameState]] = {
    GAME_SET_UP: game_set_up,
    TURN_STARTED: turn_started,
    TURN_PASSED: turn_passed,
    DICE_ROLLED: dice_rolled,
    DICE_REROLLED: dice_rerolled,
    SUPPLY_DICE_ROLLED: supply_dice_rolled,
    CREW_CHOSEN: crew_chosen,
    REQUIREMENT_COMMITTED: requirement_committed,
    DICE_LOCKED: dice_locked,
    DICE_TREATED_AS_EXTRA: dice_treated_as_extra,
    WILD_SAVED: wild_saved,
    REQUIREMENT_COMPLETED: requirement_completed,
    HAZARD_TOKENS_DRAWN: hazard_tokens_drawn,
    HAZARD_TOKEN_KEPT: hazard_token_kept,
    PRESTIGE_SCORED: prestige_scored,
    CREW_HIRED: crew_hired,
    CREW_STACKED: crew_stacked,
    HAZARD_TOKEN_RETURNED: hazard_token_returned,
    STOPPED: stopped,
    BUSTED: busted,
    GAME_ENDED: game_ended,
}

EVENT_TYPES: frozenset[str] = frozenset(FOLDS)


def upcast(e: Event) -> Event:
    """Bring an old version of an event to the current shape. Every event is still version 1."""
    return e


def evolve(state: GameState | None, e: Event) -> GameState:
    e = upcast(e)
    fold = FOLDS.get(e.type)
    if fold is None:
        raise ValueError(f"moonrollers has no event type {e.type!r}")
    return fold(state, e)
