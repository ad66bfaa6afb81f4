"""The turn: rolling (and adding Extra dice), choosing a crew, committing, stopping and busting;
plus ``follow_up``, the events that happen by themselves after a command (a bust when
nothing can be locked, the end of the turn, the next turn, the end of the game)."""

from __future__ import annotations

from games.engine.core import Event, Rng
from games.engine.moonrollers import dice
from games.engine.moonrollers.abilities import (
    AVARI,
    KAL_DAMAR,
    KAL_DAMAR_DICE,
    MEG_GALLAK,
    NAMARI,
    NAMARI_PRESTIGE,
    STARTING_DICE,
    TREAT_AS_EXTRA,
    at_ok_protects_next_roll,
    avari_applies,
    can_lock_any,
    can_save_wild,
    dice_added_on_roll,
    dice_to_roll_again,
    die_fits,
    is_safe,
    lockable_requirements,
    must_lock_or_bust,
    rescues,
    treatable_faces,
)
from games.engine.moonrollers.cards import CREW, REQUIREMENT_TOKENS
from games.engine.moonrollers.checks import apply, refuse, require_rolled
from games.engine.moonrollers.commands import Bust, ChooseCrew, Commit, Roll, Stop
from games.engine.moonrollers.dice import FACE_INDEX
from games.engine.moonrollers.events import (
    Busted,
    CrewChosen,
    DiceRolled,
    GameEnded,
    RequirementCommitted,
    Stopped,
    TurnStarted,
)
from games.engine.moonrollers.state import HIRED, OVER, ROLLED, START, GameState, for_last_state
from games.engine.moonrollers.texts import dice as dice_of
from games.engine.moonrollers.texts import face, listing, name, requirement


def roll(state: GameState, seat: int, command: Roll, rng: Rng) -> list[Event]:
    """ "Roll 5 dice" (6 with Kal Damar), or roll the rolling pool again. ``command.without`` declines
    an ability that adds dice ("All abilities are optional to use")."""
    turn = state.turn
    abilities = state.players[seat].abilities
    if turn.phase == START:
        kal = KAL_DAMAR in abilities
        if command.without is not None and not (command.without == KAL_DAMAR and kal):
            raise refuse("cannot_decline", crew=name(command.without))
        n = KAL_DAMAR_DICE if kal and command.without is None else STARTING_DICE
        faces = dice.face_names(dice.roll(rng, n))
        return [DiceRolled(faces=faces, first=True, from_supply=n, kept=0, safe=False).event(seat)]
    require_rolled(state)
    if command.without is not None and not (command.without == AVARI and avari_applies(state)):
        raise refuse("cannot_decline", crew=name(command.without))
    if not may_roll_again(state):
        if must_lock_or_bust(state):
            raise refuse("nothing_lockable")
        raise refuse("lock_before_rolling")
    added = dice_added_on_roll(state, avari=command.without is None)
    n = sum(turn.pool) + sum(turn.as_extra) + added
    if n + turn.saved == 0:
        raise refuse("no_dice_left")
    faces = dice.face_names(dice.roll(rng, n))
    return [
        DiceRolled(
            faces=faces,
            first=False,
            from_supply=added,
            kept=turn.saved,
            safe=at_ok_protects_next_roll(state),
        ).event(seat)
    ]


def roll_done(state: GameState) -> bool:
    """This roll has met its duty: "Lock in at least 1 die", or a safe roll (AT-OK, Moro Mada) on
    which nothing can be locked. A safe roll that can lock must still lock: the safety lets you
    "roll again even if you are unable to lock", not skip a lock you are able to make."""
    turn = state.turn
    if turn.phase != ROLLED or turn.drawn:
        return False
    if turn.locked_this_roll or turn.completed_this_roll:
        return True
    return is_safe(state) and not can_lock_any(state)


# Asked of one state by the follow-up of the command before, the bot (should it roll?), its
# legality check of the roll and the decide that rolls: worked out once.
@for_last_state
def may_roll_again(state: GameState) -> bool:
    """After locking at least one die (or completing with B3-AR), or on a safe roll that can lock
    nothing."""
    if not roll_done(state):
        return False
    # Meg Gallak's saved Wild alone is enough: that roll rolls nothing and brings the Wild back.
    return dice_to_roll_again(state) + state.turn.saved > 0


def may_stop(state: GameState) -> bool:
    """Stopping comes between rolls: after this roll's lock (or completed requirement), or on a
    safe roll where nothing can be locked. Never instead of a lock the roll must make."""
    return roll_done(state)


def may_decline_safety(state: GameState) -> bool:
    """A safe roll that can lock nothing may still bust, declining AT-OK's or Moro Mada's safety:
    it only matters with Namari ("Gain 2 Prestige after you bust"); without her a bust is a stop
    that also loses the turn's completed requirements, so it is not offered."""
    turn = state.turn
    return (
        turn.phase == ROLLED
        and not turn.drawn
        and not turn.locked_this_roll
        and not turn.completed_this_roll
        and NAMARI in state.players[turn.seat].abilities
        and is_safe(state)
        and not can_lock_any(state)
    )


def stop(state: GameState, seat: int, command: Stop, rng: Rng) -> list[Event]:
    if state.turn.phase == START:
        raise refuse("not_rolled_yet")
    require_rolled(state)
    if must_lock_or_bust(state):
        raise refuse("stop_would_bust")
    if not may_stop(state):
        raise refuse("lock_before_stopping")
    return [stopped_event(state, auto=False)]


def stopped_event(state: GameState, *, auto: bool) -> Event:
    turn = state.turn
    return Stopped(taken_back=turn.requirement, kept=list(turn.placed), auto=auto, crew=turn.crew).event(
        turn.seat
    )


def bust(state: GameState, seat: int, command: Bust, rng: Rng) -> list[Event]:
    require_rolled(state)
    if not (must_lock_or_bust(state) or may_decline_safety(state)):
        raise refuse("no_bust")
    return [busted_event(state)]


def busted_event(state: GameState) -> Event:
    turn = state.turn
    bonus = NAMARI_PRESTIGE if NAMARI in state.players[turn.seat].abilities else 0
    return Busted(
        crew=turn.crew,
        removed=list(turn.placed),
        taken_back=turn.requirement,
        prestige=bonus,
        rolled=dice.names_of(turn.rolled),
    ).event(turn.seat)


def choose_crew(state: GameState, seat: int, command: ChooseCrew, rng: Rng) -> list[Event]:
    require_rolled(state)
    turn = state.turn
    if turn.crew is not None:
        raise refuse("already_working_on", crew=name(turn.crew))
    if not any(card.crew == command.crew for card in state.display):
        raise refuse("not_in_display", crew=name(command.crew))
    if state.tokens_left(seat) == 0:
        raise refuse("no_tokens_left", REQUIREMENT_TOKENS)
    if not lockable_requirements(state, command.crew):
        raise refuse("nothing_fits_crew", crew=name(command.crew))
    return [CrewChosen(crew=command.crew).event(seat)]


def find_requirement(state: GameState, crew: str, command_face: str, count: int | None) -> int:
    card = state.display[state.slot_of(crew)]
    f = FACE_INDEX[command_face]
    reqs = CREW[crew].requirements
    matching = [i for i, r in enumerate(reqs) if r.face == f and (count is None or r.count == count)]
    if not matching:
        what = dice_of(f, count) if count is not None else face(f)
        raise refuse("no_such_requirement", crew=name(crew), requirement=what)
    open_ = [i for i in matching if card.tokens[i] is None]
    if not open_:
        raise refuse("requirement_taken", requirement=requirement(crew, matching[0]))
    if len(open_) > 1:
        options = listing([f"commit {command_face} {reqs[i].count}" for i in open_], "or")
        raise refuse("several_open", crew=name(crew), face=face(f), options=options)
    return open_[0]


def commit(state: GameState, seat: int, command: Commit, rng: Rng) -> list[Event]:
    require_rolled(state)
    turn = state.turn
    if turn.crew is None:
        raise refuse("choose_crew_first")
    if turn.requirement is not None:
        raise refuse("already_committed", requirement=requirement(turn.crew, turn.requirement))
    if turn.completed_this_roll:
        raise refuse("completed_this_roll_commit")
    index = find_requirement(state, turn.crew, command.face, command.count)
    if state.tokens_left(seat) == 0:
        raise refuse("no_tokens_left", REQUIREMENT_TOKENS)
    req = CREW[turn.crew].requirements[index]
    if not die_fits(turn, req, state.players[seat].abilities):
        raise refuse("nothing_fits_requirement", requirement=requirement(turn.crew, index))
    return [RequirementCommitted(crew=turn.crew, requirement=index).event(seat)]


def anything_but_stop(state: GameState, lockable: bool) -> bool:
    """Is there anything left to do on this roll besides stopping?"""
    turn = state.turn
    if lockable or may_roll_again(state) or rescues(state) or may_decline_safety(state):
        return True  # rescues: every re-roll, supply roll, B3-AR and Imdar Shade
    abilities = state.players[turn.seat].abilities
    if any(treatable_faces(state, a) is not None for a in abilities & TREAT_AS_EXTRA):
        return True
    return MEG_GALLAK in abilities and can_save_wild(state)


def _next_event(state: GameState) -> Event | None:
    if state.finished:
        return None
    turn = state.turn
    if turn.drawn:
        return None  # the keep decision
    if turn.phase == ROLLED:
        lockable = can_lock_any(state)
        if must_lock_or_bust(state, lockable):
            return None if rescues(state) else busted_event(state)
        if not anything_but_stop(state, lockable):
            return stopped_event(state, auto=True)  # e.g. every die locked: the turn is over
        return None
    if turn.phase == HIRED:
        if turn.stack_pending or (turn.return_pending and state.players[turn.seat].hazard):
            return None
    elif turn.phase != OVER:
        return None
    if state.ending:
        return GameEnded(reasons=list(state.ending)).event(None)
    following = (turn.seat + 1) % state.seats
    return TurnStarted(seat=following).event(following)


def follow_up(state: GameState) -> list[Event]:
    """The events that follow by themselves until someone must decide."""
    events: list[Event] = []
    while (e := _next_event(state)) is not None:
        events.append(e)
        state = apply(state, [e])
    return events
