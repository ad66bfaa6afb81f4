"""End of game: Hazard scoring (the most Hazard symbols score no tokens), the winner, tie-breaks,
and the messages that explain them."""

from __future__ import annotations

from games.engine.core import Message, Outcome, SeatRef, msg
from games.engine.messages import ParamValue
from games.engine.moonrollers.cards import HAZARD_SYMBOLS, hazard_symbols
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

    "The player(s) with the most Hazard symbols across their Hazard tokens are disqualified from
    scoring Prestige from their tokens. In the case of a tie for the most Hazard symbols, all tied
    players do not score their tokens." The text makes no exception for 0: when every player has 0
    symbols, they are all tied for the most, and none scores tokens (3 to 5 players).

    "In 2 player games, the player with the most Hazard symbols is only disqualified from scoring
    additional Prestige if they have at least 3 more Hazard symbols than their opponent": a tie
    (0 and 0 included) is a margin of 0, so nobody is disqualified.
    """
    symbols = [hazard_symbols(p.hazard) for p in state.players]
    most = max(symbols)
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
    if out_seats and max(symbols.values()) == 0:
        out.append(msg("moonrollers.outcome.tied_at_zero"))
    else:
        for seat in out_seats:
            out.append(Message("moonrollers.outcome.disqualified", {"player": SeatRef(seat)}, symbols[seat]))
    if not out_seats:
        out.append(msg("moonrollers.outcome.no_margin"))  # only 2 players can have nobody disqualified
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
    out_seats = disqualified(state)
    most = max(symbols.values())
    two = state.seats == 2
    rows = []
    for seat, player in enumerate(state.players):
        place = next(i for i, group in enumerate(ranking) if seat in group) + 1
        tied = [s for s in scores if s != seat and scores[s] == scores[seat]]
        rows.append(
            {
                "seat": seat,
                "prestige": player.prestige,
                "tokens": [{"prestige": t, "hazard": HAZARD_SYMBOLS[t]} for t in player.hazard],
                "hazard_symbols": symbols[seat],
                "most_hazard": symbols[seat] == most,
                "disqualified": seat in out_seats,
                # 2 players: the most Hazard symbols, yet scoring, by the 3-symbol margin rule.
                "saved_by_margin": two and symbols[seat] == most and seat not in out_seats,
                "hazard_prestige": 0 if seat in out_seats else sum(player.hazard),
                "total": scores[seat],
                "place": place,
                # How this seat's tie on total was settled: None (no tie), "fewest_hazard", "shared".
                "tie_break": None
                if not tied
                else ("shared" if len(ranking[place - 1]) > 1 else "fewest_hazard"),
            }
        )
    return Outcome(
        scores=scores,
        ranking=ranking,
        details={
            "rows": rows,
            "two_player_margin": two,
            "hazard_prestige": {str(r["seat"]): r["hazard_prestige"] for r in rows},
            "tie_break_used": sorted({str(r["tie_break"]) for r in rows if r["tie_break"]}),
            "prestige_before_hazard": {str(s): p.prestige for s, p in enumerate(state.players)},
            "hazard_tokens": {str(s): list(p.hazard) for s, p in enumerate(state.players)},
            "hazard_symbols": {str(s): n for s, n in symbols.items()},
            "hazard_disqualified": disqualified(state),
            "end_reasons": list(state.ending),
            "tie_break": TIE_BREAK.to_json(),
            "explanations": [m.to_json() for m in explanations(state, scores, ranking)],
        },
    )
