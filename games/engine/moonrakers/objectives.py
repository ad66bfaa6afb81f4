"""The 23 Objectives: one predicate each over this turn's public record (ruling A4, R-O4).

An Objective is met by something that happened this turn: a Contract's result (with the holder as
participant), an installation (brand sets, Tinker), or the end of the holder's own turn (Money
Bags). Nothing secret is recorded: the predicates read public facts and the holder's own cards.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.moonrakers.cards import CONTRACTS, PARTS
from games.engine.moonrakers.state import BUYING, Attempt, ContractResult, GameState, Install

ResultCheck = Callable[[GameState, int, ContractResult, int], bool]
InstallCheck = Callable[[Install], bool]


def _solo(kind: str) -> ResultCheck:
    """Completed alone, as Mission Leader, with no Ally and no Mercenary card (001 SINGLE PLAYER)."""

    def check(s: GameState, seat: int, r: ContractResult, i: int) -> bool:
        return (
            r.success and r.leader == seat and r.participants == (seat,) and not r.merc and _type(r) == kind
        )

    return check


def _type(r: ContractResult) -> str:
    return CONTRACTS[r.contract].type


def _without(kind: str, played_index: int) -> ResultCheck:
    def check(s: GameState, seat: int, r: ContractResult, i: int) -> bool:
        return r.success and _type(r) == kind and r.played[i][played_index] == 0

    return check


def _played(played_index: int, n: int) -> ResultCheck:
    return lambda s, seat, r, i: r.played[i][played_index] >= n


def _utopia(s: GameState, seat: int, r: ContractResult, i: int) -> bool:
    if not r.success or r.leader != seat:
        return False
    if s.solo:
        return r.merc  # A40: the Mercenary Deck stands for the Allies
    return set(r.participants) == set(range(s.n))


RESULT_OBJECTIVES: dict[str, ResultCheck] = {
    "ace": lambda s, seat, r, i: r.success and r.targeting[i] >= 2,
    "barrage": lambda s, seat, r, i: r.damage[i] >= 5,
    "chain-reaction": _played(0, 4),
    "quick-strike": _played(1, 3),
    "shield-wall": _played(2, 3),
    "natural-leader": _played(4, 3),
    "daredevil": _without("rescue", 2),
    "efficiency": _without("delivery", 1),
    "fire-support": _without("kill", 3),
    "gun-for-hire": _solo("kill"),
    "quick-run": _solo("delivery"),
    "santa-maria": _solo("explore"),
    "youre-my-hero": _solo("rescue"),
    "saboteur": lambda s, seat, r, i: not r.success and r.leader != seat,
    "utopia": _utopia,
}


def _brands(parts: tuple[str, ...]) -> list[str]:
    return [PARTS[p].brand for p in parts]


def _set_of(brand: str, n: int) -> InstallCheck:
    """Met by installing a part of ``brand`` after which ``n`` of them are installed (A38)."""
    return lambda inst: PARTS[inst.part].brand == brand and _brands(inst.parts_after).count(brand) >= n


GENERALIST = ("magnomi", "henko", "komek", "ventus")

INSTALL_OBJECTIVES: dict[str, InstallCheck] = {
    "generalist": lambda inst: (
        PARTS[inst.part].brand in GENERALIST and set(GENERALIST) <= set(_brands(inst.parts_after))
    ),
    "megaton": _set_of("magnomi", 3),
    "over-9000": _set_of("komek", 3),
    "specialist": _set_of("sorelia", 2),
    "speed-demon": _set_of("ventus", 3),
    "tank": _set_of("henko", 3),
    "tinker": lambda inst: inst.purchase and inst.replaced is not None,  # A57: a purchase only
}

MONEY_BAGS = 8
# Met by the cards played, whatever the outcome ("counts even if it fails"): claimable while the
# Contract is still being played, as soon as the cards are down ("claim any time ... when its
# conditions are met").
WHILE_PLAYING = ("barrage", "chain-reaction", "quick-strike", "shield-wall", "natural-leader")


# The live results of the last state asked about, by its identity (the state is kept, so its id is
# not reused while the entry lives): a bot's candidates ask once per Objective each seat holds.
_LIVE: dict[int, tuple[GameState, tuple[ContractResult, ...]]] = {}


def _live_results(state: GameState, att: Attempt) -> tuple[ContractResult, ...]:
    """This turn's results with the Contract in play, read as its record will be once resolved
    (success aside)."""
    live = _LIVE.get(id(state))
    if live is not None and live[0] is state:
        return live[1]
    from games.engine.moonrakers.events import contract_result

    results = (*state.record.results, contract_result(att, att.contract, False))
    _LIVE.clear()  # one entry: a reader in another thread finds it, or none and reads it again
    _LIVE[id(state)] = (state, results)
    return results


def met(state: GameState, seat: int, objective: str, at_end: bool = False) -> bool:
    """Whether ``seat`` met ``objective`` during this turn (so far)."""
    if objective == "money-bags":
        if seat != state.leader or state.players[seat].credits < MONEY_BAGS:
            return False
        return at_end or state.phase == BUYING  # A56: the very end of the holder's own turn
    check = RESULT_OBJECTIVES.get(objective)
    if check is not None:
        # Asked for every Objective a seat holds before each of its moves: the results read in line.
        results = state.record.results
        att = state.attempt
        if att is not None and att.success is None and objective in WHILE_PLAYING:
            results = _live_results(state, att)
        for r in results:
            if seat in r.participants and check(state, seat, r, r.participants.index(seat)):
                return True
        return False
    installs = state.record.installs
    if not installs:  # most turns install nothing
        return False
    inst_check = INSTALL_OBJECTIVES[objective]
    return any(inst.seat == seat and inst_check(inst) for inst in installs)


assert set(RESULT_OBJECTIVES) | set(INSTALL_OBJECTIVES) | {"money-bags"} == set(
    __import__("games.engine.moonrakers.cards", fromlist=["OBJECTIVES"]).OBJECTIVES
)
