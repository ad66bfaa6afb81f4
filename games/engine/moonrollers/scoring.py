"""End of game: Hazard scoring (the most Hazard symbols score no tokens), the winner, tie-breaks."""

from __future__ import annotations

from games.engine.core import Outcome
from games.engine.moonrollers.cards import hazard_symbols
from games.engine.moonrollers.state import GameState

TWO_PLAYER_MARGIN = 3


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
            "tie_break": "fewest Hazard symbols",
        },
    )
