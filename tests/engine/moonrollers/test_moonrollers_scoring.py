"""Final scoring: Hazard tokens, the most Hazard symbols disqualified, the winner and tie-breaks."""

from __future__ import annotations

from typing import Any

from moonrollers_scenario import Game, french

from games.engine.core import Outcome
from games.engine.messages import render
from games.engine.moonrollers import ENGINE
from games.engine.simulation import game_seed, play

NAMES = {0: "A", 1: "B", 2: "C"}


def explained(result: Outcome | None, language: str = "en") -> list[str]:
    """The outcome's explanations, as a reader of ``language`` reads them."""
    assert result is not None
    messages: list[Any] = result.details["explanations"]
    return [render(m, language, NAMES) for m in messages]


def ended(players: list[str], prestige: dict[str, int], hazard: dict[str, list[int]]) -> Game:
    g = Game.build(players, prestige=prestige, hazard=hazard)  # type: ignore[arg-type]
    return g.with_state(finished=True, ending=("three_of_a_faction",))


def test_there_is_no_outcome_before_the_end() -> None:
    assert ENGINE.outcome(Game.build(3).state) is None


def test_players_add_their_hazard_tokens_unless_they_have_the_most_hazard_symbols() -> None:
    g = ended(["A", "B", "C"], {"A": 10, "B": 10, "C": 10}, {"A": [5, 5], "B": [2, 1], "C": [1]})
    result = ENGINE.outcome(g.state)
    assert result is not None
    assert result.scores == {0: 10, 1: 13, 2: 11}  # A has 4 symbols: no tokens
    assert result.details["hazard_disqualified"] == [0]
    assert result.details["hazard_symbols"] == {"0": 4, "1": 1, "2": 0}
    assert result.ranking == [[1], [2], [0]]
    assert explained(result) == [
        "The game ended: a player has 3 crew members of one faction.",
        "A has the most Hazard symbols (4): their Hazard tokens score nothing.",
        "B wins with 13 Prestige.",
    ]
    assert explained(result, "fr") == [
        french("La partie s'est terminée\u00a0: un joueur a 3 membres d'Équipage d'une même faction."),
        "A a le plus de symboles Danger (4)\u00a0: ses jetons Danger ne rapportent rien.",
        french("B l'emporte avec 13 Prestige."),
    ]


def test_all_players_tied_for_the_most_hazard_symbols_score_no_tokens() -> None:
    g = ended(["A", "B", "C"], {"A": 10, "B": 10, "C": 10}, {"A": [5], "B": [2, 2], "C": [1, 1]})
    result = ENGINE.outcome(g.state)
    assert result is not None
    assert result.scores == {0: 10, 1: 10, 2: 12}
    assert result.details["hazard_disqualified"] == [0, 1]
    assert explained(result)[1:3] == [
        "A has the most Hazard symbols (2): their Hazard tokens score nothing.",
        "B has the most Hazard symbols (2): their Hazard tokens score nothing.",
    ]


def test_with_2_players_the_most_hazard_is_disqualified_only_3_symbols_ahead() -> None:
    two_ahead = ENGINE.outcome(ended(["A", "B"], {"A": 5, "B": 5}, {"A": [5], "B": [1]}).state)
    assert two_ahead is not None and two_ahead.scores == {0: 10, 1: 6}
    assert two_ahead.details["hazard_disqualified"] == []
    tied = ENGINE.outcome(ended(["A", "B"], {"A": 5, "B": 5}, {"A": [5, 2], "B": [5, 2]}).state)
    assert tied is not None and tied.scores == {0: 12, 1: 12}
    three = ENGINE.outcome(ended(["A", "B"], {"A": 5, "B": 5}, {"A": [5, 5], "B": [2]}).state)
    assert three is not None and three.scores == {0: 5, 1: 7}
    assert three.details["hazard_disqualified"] == [0]


def test_when_nobody_has_a_hazard_symbol_everybody_is_tied_for_the_most_and_scores_no_tokens() -> None:
    # "The player(s) with the most Hazard symbols across their Hazard tokens are disqualified from
    # scoring Prestige from their tokens. In the case of a tie for the most Hazard symbols, all
    # tied players do not score their tokens." All at 0 is a tie for the most.
    result = ENGINE.outcome(ended(["A", "B", "C"], {"A": 1}, {"A": [1], "B": [1, 1]}).state)
    assert result is not None and result.scores == {0: 1, 1: 0, 2: 0}
    assert result.details["hazard_disqualified"] == [0, 1, 2]
    assert [r["hazard_prestige"] for r in result.details["rows"]] == [0, 0, 0]
    assert (
        "Nobody holds a Hazard symbol: every player is tied for the most (0), so no Hazard token scores."
        in explained(result)
    )


def test_with_2_players_a_tie_at_zero_hazard_symbols_disqualifies_nobody() -> None:
    # "In 2 player games, the player with the most Hazard symbols is only disqualified ... if they
    # have at least 3 more Hazard symbols than their opponent": 0 and 0 is no margin.
    result = ENGINE.outcome(ended(["A", "B"], {"A": 1}, {"A": [1], "B": [1, 1]}).state)
    assert result is not None and result.scores == {0: 2, 1: 2}
    assert result.details["hazard_disqualified"] == []
    assert result.details["two_player_margin"] is True
    assert [r["saved_by_margin"] for r in result.details["rows"]] == [True, True]


def test_a_prestige_tie_goes_to_the_fewest_hazard_symbols() -> None:
    g = ended(["A", "B", "C"], {"A": 12, "B": 10, "C": 14}, {"A": [2], "B": [2, 2], "C": [5, 5]})
    result = ENGINE.outcome(g.state)
    assert result is not None
    # C (4 symbols) scores no tokens: 14. A 14 with 1 symbol; B 14 with 2 symbols.
    assert result.scores == {0: 14, 1: 14, 2: 14}
    assert result.ranking == [[0], [1], [2]]
    assert result.winners == [0]
    assert explained(result)[-2:] == [
        "A, B and C tied on 14 Prestige: the fewest Hazard symbols settled it.",
        "A wins with 14 Prestige.",
    ]


def test_a_full_tie_shares_the_place() -> None:
    result = ENGINE.outcome(ended(["A", "B"], {"A": 3, "B": 3}, {"A": [2], "B": [2]}).state)
    assert result is not None and result.ranking == [[0, 1]]
    assert result.to_json()["winners"] == [0, 1]
    assert explained(result)[-2:] == [
        "A and B tied on 5 Prestige and on Hazard symbols: they share the place.",
        "A and B share the win with 5 Prestige.",
    ]
    assert explained(result, "fr")[-1] == "A et B se partagent la victoire avec 5 Prestige."


def test_the_scores_follow_each_seats_prestige_and_end_with_the_final_scores() -> None:
    game = play(ENGINE, 3, seed=game_seed("scores", 0))
    state = None
    for event in game.events:
        state = ENGINE.evolve(state, event)
        if not state.finished:
            assert ENGINE.scores(state) == {seat: p.prestige for seat, p in enumerate(state.players)}
    assert state is not None and state.finished
    assert ENGINE.scores(state) == game.outcome.scores
