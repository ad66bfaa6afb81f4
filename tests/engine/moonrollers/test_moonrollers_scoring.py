"""Final scoring: Hazard tokens, the most Hazard symbols disqualified, the winner and tie-breaks."""

from __future__ import annotations

from moonrollers_scenario import Game

from games.engine.moonrollers import ENGINE


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


def test_all_players_tied_for_the_most_hazard_symbols_score_no_tokens() -> None:
    g = ended(["A", "B", "C"], {"A": 10, "B": 10, "C": 10}, {"A": [5], "B": [2, 2], "C": [1, 1]})
    result = ENGINE.outcome(g.state)
    assert result is not None
    assert result.scores == {0: 10, 1: 10, 2: 12}
    assert result.details["hazard_disqualified"] == [0, 1]


def test_with_2_players_the_most_hazard_is_disqualified_only_3_symbols_ahead() -> None:
    two_ahead = ENGINE.outcome(ended(["A", "B"], {"A": 5, "B": 5}, {"A": [5], "B": [1]}).state)
    assert two_ahead is not None and two_ahead.scores == {0: 10, 1: 6}
    assert two_ahead.details["hazard_disqualified"] == []
    tied = ENGINE.outcome(ended(["A", "B"], {"A": 5, "B": 5}, {"A": [5, 2], "B": [5, 2]}).state)
    assert tied is not None and tied.scores == {0: 12, 1: 12}
    three = ENGINE.outcome(ended(["A", "B"], {"A": 5, "B": 5}, {"A": [5, 5], "B": [2]}).state)
    assert three is not None and three.scores == {0: 5, 1: 7}
    assert three.details["hazard_disqualified"] == [0]


def test_no_hazard_symbols_at_all_disqualifies_nobody() -> None:
    result = ENGINE.outcome(ended(["A", "B", "C"], {"A": 1}, {"A": [1], "B": [1, 1]}).state)
    assert result is not None and result.scores == {0: 2, 1: 2, 2: 0}
    assert result.details["hazard_disqualified"] == []


def test_a_prestige_tie_goes_to_the_fewest_hazard_symbols() -> None:
    g = ended(["A", "B", "C"], {"A": 12, "B": 10, "C": 14}, {"A": [2], "B": [2, 2], "C": [5, 5]})
    result = ENGINE.outcome(g.state)
    assert result is not None
    # C (4 symbols) scores no tokens: 14. A 14 with 1 symbol; B 14 with 2 symbols.
    assert result.scores == {0: 14, 1: 14, 2: 14}
    assert result.ranking == [[0], [1], [2]]
    assert result.winners == [0]


def test_a_full_tie_shares_the_place() -> None:
    result = ENGINE.outcome(ended(["A", "B"], {"A": 3, "B": 3}, {"A": [2], "B": [2]}).state)
    assert result is not None and result.ranking == [[0, 1]]
    assert result.to_json()["winners"] == [0, 1]
