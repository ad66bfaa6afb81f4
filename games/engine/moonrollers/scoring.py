"""End of game: Hazard scoring (the most Hazard symbols score no tokens), the winner, tie-breaks,
and the messages that explain them."""

from __future__ import annotations

from games.engine.core import Message, Outcome, SeatRef, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.cards import hazard_symbols
from games.engine.moonrollers.state import GameState
from games.engine.moonrollers.texts import listing

TWO_PLAYER_MARGIN = 3

_END_REASONS = {
    reason: msg(f"moonrollers.end.{reason}")
    for reason in ("one_of_each_faction", "three_of_a_faction", "deck_exhausted")
}
TIE_BREAK = msg("moonrollers.outcome.tie_break")


def end_reason(reason: str) -> Message:
    """Why the game ended: "one player has a crew member of each faction"."""
    return _END_REASONS[reason]


def disqualified(state: GameState) -> list[int]:
    """Seats that score nothing from their Hazard tokens.

    The player(s) with the most Hazard symbols are disqualified, all of them on a tie. With 2
    players, only with at least 3 symbols more than the opponent. Nobody is disqualified when the
    most is 0 symbols: with no Hazard there is nothing to reprimand (our reading of a case the
    rulebook does not address).
    """
    symbols = [hazard_symbols(p.hazard) for p in state.players]
    most = max(symbols)
    if most == 0:
        return []
    if len(symbols) == 2:
        low = min(symbols)
        return [s for s, n in enumerate(symbols) if n == most and most - low >= TWO_PLAYER_MARGIN]
    return [s for s, n in enumerate(symbols) if n == most]


def final_scores(state: GameState) -> dict[int, int]:
    out = disqualified(state)
    return {seat: p.prestige + (0 if seat in out else sum(p.hazard)) for seat, p in enumerate(state.players)}


def scores(state: GameState) -> dict[int, int]:
    """Each seat's Prestige now; at the end, with the Hazard tokens that score."""
    if state.finished:
        return final_scores(state)
    return {seat: p.prestige for seat, p in enumerate(state.players)}


def _seats(seats: list[int]) -> ParamValue:
    return listing([SeatRef(s) for s in seats])


def explanations(state: GameState, scores: dict[int, int], ranking: list[list[int]]) -> list[Message]:
    """Why the game ended, how the Hazard tokens scored, how ties were settled, who won."""
    symbols = {seat: hazard_symbols(p.hazard) for seat, p in enumerate(state.players)}
    out: list[Message] = []
    if state.ending:
        out.append(msg("moonrollers.outcome.ended", reasons=listing([end_reason(r) for r in state.ending])))
    out_seats = disqualified(state)
    for seat in out_seats:
        out.append(Message("moonrollers.outcome.disqualified", {"player": SeatRef(seat)}, symbols[seat]))
    if not out_seats:
        key = "no_margin" if state.seats == 2 and max(symbols.values()) else "nobody_disqualified"
        out.append(msg(f"moonrollers.outcome.{key}"))
    by_score: dict[int, list[int]] = {}
    for seat in sorted(scores):
        by_score.setdefault(scores[seat], []).append(seat)
    for points, seats in sorted(by_score.items(), reverse=True):
        if len(seats) < 2:
            continue
        shared = [place for place in ranking if len(place) > 1 and set(place) <= set(seats)]
        key = "tie_shared" if shared and len(shared[0]) == len(seats) else "tie_broken"
        out.append(Message(f"moonrollers.outcome.{key}", {"players": _seats(seats)}, points))
    winners = ranking[0]
    key = "winner" if len(winners) == 1 else "winners"
    out.append(Message(f"moonrollers.outcome.{key}", {"players": _seats(winners)}, scores[winners[0]]))
    return out


def outcome(state: GameState) -> Outcome | None:
    if not state.finished:
        return None
    scores = final_scores(state)
    symbols = {seat: hazard_symbols(p.hazard) for seat, p in enumerate(state.players)}
    # Most Prestige wins; a tie goes to the fewest Hazard symbols; still tied, the place is shared.
    keys = sorted({(-scores[s], symbols[s]) for s in scores})
    ranking = [[s for s in sorted(scores) if (-scores[s], symbols[s]) == key] for key in keys]
    return Outcome(
        scores=scores,
        ranking=ranking,
        details={
            "prestige_before_hazard": {str(s): p.prestige for s, p in enumerate(state.players)},
            "hazard_tokens": {str(s): list(p.hazard) for s, p in enumerate(state.players)},
            "hazard_symbols": {str(s): n for s, n in symbols.items()},
            "hazard_disqualified": disqualified(state),
            "end_reasons": list(state.ending),
            "tie_break": TIE_BREAK.to_json(),
            "explanations": [m.to_json() for m in explanations(state, scores, ranking)],
        },
    )
