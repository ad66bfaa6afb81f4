"""Properties over random games: invariants after every event, replay, JSON, determinism, notation,
refusals that leave the state unchanged, timeouts, and hidden information."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import simulation
from games.engine.core import CannotParse, Event, IllegalCommand, Rng, fold
from games.engine.messages import has_text, render_json
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.cards import BASIC, CONTRACTS, CREW, MAX_PARTS, OBJECTIVES, PARTS, SUPPLY
from games.engine.moonrakers.legal import candidates
from games.engine.moonrakers.negotiation import contract_terms
from games.engine.moonrakers.notation import format_command
from games.engine.moonrakers.state import GameState, Terms

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def invariants(s: GameState) -> None:
    """Every card in exactly one zone, totals equal the component counts, Prestige >= 0, <= 4 parts,
    the deal within the Contract's values."""
    counts: Counter[str] = Counter()
    for p in s.players:
        counts.update(p.hand + p.draw + p.discard + p.play)
        assert p.prestige >= 0 and p.credits >= 0
        assert len(p.parts) <= MAX_PARTS
    if s.attempt is not None:
        for part in s.attempt.participants:
            counts.update(part.looking)
    counts.update(c for c in (*s.merc_deck, *s.merc_row, *s.merc_discard) if c is not None)
    for card in BASIC:
        assert counts[card] + s.supply_of(card) == SUPPLY[card], card
    bonus = s.attempt.bonus_card if s.attempt is not None else None
    crew = Counter(c for c in counts.elements() if c in CREW)
    crew.update(c for c in (*s.crew_row, *s.crew_deck, *s.removed) if c in CREW)
    if bonus in CREW:
        crew[bonus] += 1
    assert crew == Counter(list(CREW)), crew
    parts = Counter(x for p in s.players for x in p.parts)
    parts.update(c for c in (*s.part_row, *s.part_deck, *s.removed) if c in PARTS)
    if bonus in PARTS:
        parts[bonus] += 1
    assert parts == Counter(list(PARTS))
    contracts = Counter(c for c in (*s.contract_row, *s.contract_deck, *s.contract_discard) if c)
    if s.negotiation is not None:
        contracts[s.negotiation.contract] += 1
    if s.attempt is not None:
        contracts[s.attempt.contract] += 1
    assert set(contracts.values()) == {1}
    assert len(contracts) == (40 if not (s.solo and s.option("solo_remove_4_dice")) else 36)
    objectives = Counter(s.objective_deck)
    for p in s.players:
        objectives.update(p.objectives + p.choosing + p.claimed + p.scored)
    assert set(objectives.values()) == {1} and len(objectives) == (22 if s.solo else 23)
    if s.attempt is not None:
        total = Terms()
        for share in s.attempt.shares:
            t = share.terms
            assert min(t.p, t.c, t.b, t.d) >= 0
            total = total.plus(t)
        assert total == contract_terms(s.attempt.contract)
    if s.negotiation is not None:
        full = contract_terms(s.negotiation.contract)
        for o in s.negotiation.offers:
            assert 0 <= o.terms.p <= full.p and 0 <= o.terms.c <= full.c and o.terms.d <= full.d


def play_random(players: int, seed: int, steps: int, check: Any = None) -> tuple[GameState, list[Event]]:
    """Random legal commands (the first candidate ``decide`` accepts, in a random order), any seat that
    is pending, sometimes an optional move of another seat."""
    key = seed.to_bytes(8, "big")
    events = ENGINE.setup(players, {}, Rng(key, 1, 1))
    state: Any = None
    for e in events:
        state = ENGINE.evolve(state, e)
        if check:
            check(state, e)
    pick = Rng(key, 1, 0, "test")
    for _ in range(steps):
        if state.finished:
            break
        pending = ENGINE.pending(state)
        seat = pick.choice(pending).seat if pick.randbelow(6) else pick.randbelow(players)
        seq = len(events) + 1
        for cmd in pick.shuffle(candidates(state, seat)):
            try:
                new = ENGINE.decide(state, seat, cmd, Rng(key, 1, seq))
            except IllegalCommand:
                continue
            for e in new:
                state = ENGINE.evolve(state, e)
                if check:
                    check(state, e)
            events += new
            break
    return state, events


@SETTINGS
@given(st.integers(0, 2**40), st.integers(1, 5))
def test_invariants_after_every_event_replay_and_json(seed: int, players: int) -> None:
    state, events = play_random(players, seed, 120, lambda s, e: invariants(s))
    assert fold(ENGINE, events) == state  # replay from nothing equals the live state
    data = json.loads(json.dumps(ENGINE.dump_state(state)))
    assert ENGINE.load_state(data) == state
    for e in events:
        assert json.loads(json.dumps(e.to_json())) == e.to_json()


def test_determinism() -> None:
    a = play_random(4, 7, 80)[1]
    b = play_random(4, 7, 80)[1]
    assert [e.to_json() for e in a] == [e.to_json() for e in b]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_games_end(players: int) -> None:
    game = simulation.play(ENGINE, players, seed=simulation.game_seed("end", players), bot="heuristic")
    assert game.outcome.winners
    state = fold(ENGINE, game.events)
    assert state.finished


def test_random_bot_games_end() -> None:
    game = simulation.play(ENGINE, 3, seed=simulation.game_seed("random", 1), bot="random")
    assert game.outcome.winners


@SETTINGS
@given(st.integers(0, 2**40), st.integers(1, 5))
def test_notation_round_trip_of_every_candidate(seed: int, players: int) -> None:
    state, _ = play_random(players, seed, 60)
    for seat in range(players):
        for cmd in candidates(state, seat):
            text = format_command(cmd)
            assert ENGINE.parse(text) == cmd, text
            assert len(text) < 120


WORDS = [
    "play",
    "use",
    "offer",
    "p2",
    "p9",
    "1p",
    "3c",
    "bonus",
    "2d",
    "keep",
    "contract",
    "9",
    "0",
    "solo",
    "base",
    "reactor",
    "d1",
    "meg",
    "trash",
    "reduce",
    "damage",
    "crew",
    "launch",
    "order",
    "accept",
    "counter",
    "buy",
    "flash",
    "replace",
    "claim",
    "ace",
    "merc",
    "pick",
    "none",
    "discard",
    "die",
    "reroll",
    "as",
    "with",
    "mg",
    "done",
    "guard",
    "swap",
    "refresh",
    "scrap",
    "leave",
    "bonus",
    "part",
    "xyzzy",
    "-1",
    "#",
    "stay",
    "at",
]


@SETTINGS
@given(st.integers(0, 2**40))
def test_random_texts_parse_or_refuse_and_never_change_the_state(seed: int) -> None:
    state, _ = play_random(4, seed, 40)
    before = ENGINE.dump_state(state)
    rng = Rng(seed.to_bytes(8, "big"), 2, 2)
    for _ in range(42):  # 12 examples x 42 = 504 texts
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
        try:
            cmd = ENGINE.parse(text)
        except CannotParse as bad:
            assert bad.reason.key.startswith("moonrakers.parse.")
            continue
        for seat in range(4):
            try:
                ENGINE.decide(state, seat, cmd, Rng(b"x", 1, 1))
            except IllegalCommand as refused:
                assert refused.reason.key.startswith("moonrakers.refused.")
    assert ENGINE.dump_state(state) == before


def test_every_kind_of_illegal_command_is_refused_without_change() -> None:
    """Well-formed commands of every kind, sent by every seat at many moments: refused ones leave
    the state as it was (decide is pure) and carry a catalogued reason."""
    texts = [
        "keep ace tank",
        "keep ace replace 2",
        "swap 1",
        "contract 1",
        "contract 2 solo",
        "base",
        "offer p2 1p 1c 1d",
        "cancel p2",
        "accept p3",
        "launch",
        "launch order p1 p2",
        "solo",
        "accept",
        "decline",
        "counter 1c",
        "propose 2c",
        "leave",
        "play reactor",
        "play meg-gallak trash miss reduce damage",
        "use the-pursuer miss",
        "merc 1",
        "trash none",
        "pick reactor",
        "pick none",
        "done",
        "guard",
        "bonus crew",
        "keep",
        "refuse",
        "buy flash",
        "refresh flash",
        "scrap the-leech",
        "claim ace",
    ]
    refused = Counter()
    for seed in range(6):
        state, _ = play_random(3, seed, 30 + 15 * seed)
        before = json.dumps(ENGINE.dump_state(state), sort_keys=True)
        for text in texts:
            cmd = ENGINE.parse(text)
            for seat in range(3):
                try:
                    ENGINE.decide(state, seat, cmd, Rng(b"x", 1, 1))
                except IllegalCommand as no:
                    refused[type(cmd).__name__] += 1
                    assert has_text(no.reason.key, "en") and has_text(no.reason.key, "fr"), no.reason.key
        assert json.dumps(ENGINE.dump_state(state), sort_keys=True) == before
    assert len(refused) >= 25


def test_defaults_are_legal_and_keep_the_game_moving() -> None:
    """From many reachable states, applying every pending seat's default repeatedly: each default is
    accepted, turns keep passing, and a solo game ends. (With every seat timing out forever a 3-5
    player game cannot reach 10 Prestige: Stay at Base is the only default that commits nobody.)"""
    for seed in range(8):
        for players in (1, 3, 5):
            state, _ = play_random(players, seed, 10 + 13 * seed)
            start_turn = state.turn
            for step in range(400):
                if state.finished:
                    break
                pending = ENGINE.pending(state)
                assert pending, "a game that is not over always waits for someone"
                for p in pending:
                    if state.finished or p not in ENGINE.pending(state):
                        continue
                    text = ENGINE.format(p.default)
                    assert ENGINE.parse(text) == p.default
                    for e in ENGINE.decide(state, p.seat, p.default, Rng(b"t", seed, step)):
                        state = ENGINE.evolve(state, e)
                    for part in state.players:
                        assert part.prestige >= 0
            assert state.finished or state.turn >= start_turn + 5
            if players == 1:
                assert state.finished


def test_defaults_never_cost_prestige_nor_commit() -> None:
    """A default is never an offer, an acceptance, a Contract choice or a play other than guarding."""
    for seed in range(10):
        state, _ = play_random(4, seed, 20 + 9 * seed)
        for p in ENGINE.pending(state):
            text = ENGINE.format(p.default)
            assert text.split()[0] in {
                "keep",
                "base",
                "decline",
                "guard",
                "trash",
                "pick",
                "bonus",
                "refuse",
                "done",
            }


def test_every_log_line_and_label_has_both_catalogs() -> None:
    state, events = play_random(3, 3, 200)
    seen = set()

    def keys(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("key"), str):
                seen.add(value["key"])
            for v in value.values():
                keys(v)
        elif isinstance(value, list):
            for v in value:
                keys(v)

    for e in events:
        for seat in (None, 0, 1):
            red = ENGINE.redact(e, seat)
            assert red is not None and red["type"] == e.type
            keys(red["text"])
            render_json(red, "fr")
    for seat in range(3):
        for spec in ENGINE.legal(state, seat):
            seen.add(spec.label.key)
    keys(ENGINE.view(state, 0))
    missing = [k for k in seen for lang in ("en", "fr") if not has_text(k, lang)]
    assert not missing, missing


# --- hidden information ----------------------------------------------------------------------------


def _secrets(state: GameState, seat: int) -> list[str]:
    p = state.players[seat]
    return list(p.objectives) + list(p.choosing)


@SETTINGS
@given(st.integers(0, 2**40), st.integers(2, 5))
def test_no_secret_reaches_another_seat_or_a_spectator(seed: int, players: int) -> None:
    state, events = play_random(players, seed, 80)
    for owner in range(players):
        secrets = _secrets(state, owner)
        own = json.dumps(ENGINE.view(state, owner))
        assert all(obj in own for obj in secrets)  # the owner does see them
        assert ENGINE.view(state, owner)["players"][owner]["hand"] == list(state.players[owner].hand)
        for reader in [None, *range(players)]:
            if reader == owner:
                continue
            seen = ENGINE.view(state, reader)
            other = seen["players"][owner]
            assert "hand" not in other and "objectives" not in other and "draw" not in other
            text = json.dumps(seen)
            for obj in secrets:
                assert f'"{obj}"' not in text, (obj, reader)
    for e in events:
        for reader in [None, *range(players)]:
            red = ENGINE.redact(e, reader)
            assert red is not None
            payload = red["payload"]
            if e.type in ("game_set_up",):
                assert (
                    "decks" not in payload
                    and "contract_deck" not in payload
                    and "objective_deck" not in payload
                )
            if e.type in (
                "deck_reshuffled",
                "draw_pile_shuffled",
                "contract_deck_reshuffled",
                "mercenary_deck_reshuffled",
            ):
                assert "order" not in payload
            if reader != e.seat and e.type in (
                "cards_drawn",
                "objectives_dealt",
                "objectives_kept",
                "followup_opened",
            ):
                assert "cards" not in payload and "kept" not in payload and "bottom" not in payload
                secret = e.payload.get("cards") or e.payload.get("kept") or []
                if e.type != "cards_drawn":
                    assert not any(obj in json.dumps(red) for obj in secret)
            if reader == e.seat and e.type == "cards_drawn":
                assert payload["cards"] == e.payload["cards"]


def test_contract_types_are_the_four_of_the_rulebook() -> None:
    assert Counter(c.type for c in CONTRACTS.values()) == {
        "explore": 10,
        "kill": 10,
        "delivery": 10,
        "rescue": 10,
    }
    assert len(OBJECTIVES) == 23


def test_only_messages_have_a_key_field_in_views_and_redactions() -> None:
    state, events = play_random(3, 11, 150)

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if "key" in value:
                assert isinstance(value["key"], str) and set(value) <= {"key", "params", "count"}, value
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for seat in (None, 0, 1, 2):
        walk(ENGINE.view(state, seat))
        for e in events:
            red = ENGINE.redact(e, seat)
            walk(red)
            assert red is not None and isinstance(red["text"]["key"], str)


def test_log_renders_in_french() -> None:
    from games.engine.messages import render

    _state, events = play_random(3, 5, 120)
    texts = [render(ENGINE.redact(e, 0)["text"], "fr") for e in events]  # type: ignore[index]
    assert not any(t.startswith("moonrakers.") for t in texts), [
        t for t in texts if t.startswith("moonrakers.")
    ]
    assert any("pioche" in t for t in texts)


def test_legal_specs_build_commands_that_decide_accepts() -> None:
    """Specs are complete enough to drive a bot: every filled-in spec parses and most are legal."""
    for seed in range(5):
        state, _ = play_random(4, seed, 25 + 20 * seed)
        for seat in range(4):
            for spec in ENGINE.legal(state, seat):
                values = {
                    p.name: [p.choices[-1].value] if p.min_count or not p.multiple else []
                    for p in spec.params
                }
                text = spec.build(values)
                cmd = ENGINE.parse(text)
                if not spec.params:
                    ENGINE.decide(state, seat, cmd, Rng(b"spec", 1, 1))  # accepted as it is


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_log_line_of_a_whole_game_renders_in_both_languages(players: int) -> None:
    from games.engine.messages import render

    game = simulation.play(ENGINE, players, seed=simulation.game_seed("log", players), bot="heuristic")
    for e in game.events:
        for seat in (None, 0):
            red = ENGINE.redact(e, seat)
            assert red is not None
            for lang in ("en", "fr"):
                text = render(red["text"], lang)
                assert "moonrakers." not in text, (e.type, text)


@pytest.mark.parametrize("seed", range(4))
def test_every_log_line_of_random_play_renders_in_both_languages(seed: int) -> None:
    # Random captains do what the heuristic bot never does (withdraw an offer, counter, leave...):
    # a line whose parameters the engine did not send shows its key ("moonrakers.log.offer_cancelled").
    from games.engine.messages import render

    rng_seed = simulation.game_seed("random-log", seed)
    events = ENGINE.setup(3, {}, Rng(rng_seed, 1, 1))
    state = fold(ENGINE, events)
    while ENGINE.outcome(state) is None and len(events) < 3000:
        seat = ENGINE.pending(state)[0].seat
        seq = len(events) + 1
        text = ENGINE.random_command(state, seat, Rng(rng_seed, 1, seq, "bot"))
        new = ENGINE.decide(state, seat, ENGINE.parse(text), Rng(rng_seed, 1, seq))
        state = fold(ENGINE, new, state)
        events += new
    for e in events:
        for seat in (None, 0):
            red = ENGINE.redact(e, seat)
            assert red is not None
            for lang in ("en", "fr"):
                assert "moonrakers." not in render(red["text"], lang), e.type


_TERMS = {"p": 1, "c": 2, "b": False, "d": 1}
# What random captains never do: withdraw an offer, volunteer, take a volunteer, leave, refresh.
_RARE_EVENTS = [
    Event("offer_cancelled", {"to": 2}, seat=0),
    Event("proposal_made", {"by": 2, "terms": _TERMS}, seat=2),
    Event("ally_accepted", {"seat": 1, "terms": _TERMS}, seat=0),
    Event("ally_left", {"seat": 1}, seat=1),
    Event(
        "armory_refreshed",
        {"seat": 0, "row": "crew", "slot": 0, "returned": "meg-gallak", "drawn": "ada-massa", "paid": 1},
        seat=0,
    ),
    Event("contract_dealt", {"slot": 2, "contract": "claim-bounty"}),
]


@pytest.mark.parametrize("event", _RARE_EVENTS, ids=lambda e: e.type)
def test_the_lines_random_play_never_reaches_render_too(event: Event) -> None:
    from games.engine.messages import render

    red = ENGINE.redact(event, None)
    assert red is not None
    for lang in ("en", "fr"):
        assert "moonrakers." not in render(red["text"], lang, {0: "Alice", 1: "Bob", 2: "Carol"})


def test_french_contract_lines_agree_whatever_the_contracts_gender() -> None:
    # "Livraison de stimulants est réussi": the Contract names differ in gender, "Contrat" does not.
    from games.engine.messages import render

    done = ENGINE.redact(
        Event("contract_resolved", {"contract": "stim-run", "success": True, "needed": {}, "got": {}}), None
    )
    assert done is not None
    assert render(done["text"], "fr").startswith("Le Contrat ")


def test_a_mercenary_crew_with_no_card_type_counts_as_a_crew() -> None:
    # "Alice contributes no card type 0 (Ada Massa)."
    from games.engine.messages import render

    payload = {
        "seat": 0,
        "kind": "none",
        "value": 0,
        "crew": True,
        "card": True,
        "source": "ada-massa",
        "merc": True,
    }
    red = ENGINE.redact(Event("contributed", payload, seat=0), None)
    assert red is not None
    assert render(red["text"], "en", {0: "Alice"}) == "Alice counts Ada Massa as 1 Crew."
    assert render(red["text"], "fr", {0: "Alice"}) == "Alice compte Ada Massa comme 1 Équipier."


def test_a_withdrawn_offer_names_whom_it_was_made_to() -> None:
    from games.engine.messages import render

    red = ENGINE.redact(_RARE_EVENTS[0], None)
    assert red is not None
    assert render(red["text"], "en", {0: "Alice", 2: "Carol"}) == "Alice withdraws the offer to Carol."
    assert render(red["text"], "fr", {0: "Alice", 2: "Carol"}) == "Alice retire son offre à Carol."


def test_a_single_credit_of_a_split_reward_reads_in_the_singular() -> None:
    """A share of a split reward, or a Mercenary's cost, can be one Credit: "+1 Credit", not
    "+1 Credits", in both languages."""
    from games.engine.messages import render

    def line(event: Event, lang: str) -> str:
        red = ENGINE.redact(event, None)
        assert red is not None
        return render(red["text"], lang)

    def share(seat: int, p: int, c: int) -> dict[str, Any]:
        return {"seat": seat, "terms": {"p": p, "c": c, "b": False, "d": 0}}

    paid = Event("rewards_paid", {"shares": [share(0, 1, 1), share(1, 0, 3)]})
    assert line(paid, "en") == "Rewards: Player 1 +1 Prestige +1 Credit, Player 2 +0 Prestige +3 Credits."
    assert "+1 Prestige +1 Crédit," in line(paid, "fr") and "+0 Prestige +3 Crédits" in line(paid, "fr")
    hired = Event(
        "mercenary_used",
        {"seat": 0, "slot": 0, "card": next(iter(CREW)), "credits": 1, "prestige": 0},
        seat=0,
    )
    assert "(1 Credit, 0 Prestige from the rewards)" in line(hired, "en")
    assert "(1 Crédit, 0 Prestige pris sur les récompenses)" in line(hired, "fr")


def test_french_elides_de_before_a_name_that_starts_with_a_vowel() -> None:
    # "Le tour de Ada se termine": French writes "d\u2019Ada" (and "de Zoe").
    from games.engine.core import SeatRef, msg
    from games.engine.messages import render

    line = msg("moonrakers.log.turn_ended", player=SeatRef(0))
    assert render(line, "fr", {0: "Ada"}) == "Le tour d\u2019Ada se termine."
    assert render(line, "fr", {0: "Zoe"}) == "Le tour de Zoe se termine."
