"""The spec's rulings (§3) that no other scenario already pins down, one test each, plus T-08 and T-44."""

from __future__ import annotations

from moonrakers_scenario import Table, position
from test_moonrakers_crew import MISSES, solo

from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.state import BUYING, EXECUTION


def test_t08_no_draw_when_out_of_cards() -> None:
    """001: "Players may not ... Draw additional cards if they run out of Action Cards, even if they have
    unused Actions." """
    t = solo("claim-bounty", ["reactor"])
    t(0, "play reactor")
    assert t.p(0).hand == () and t.part(0).actions == 2
    assert {s.prefix for s in ENGINE.legal(t.state, 0)} <= {"done", "guard"}


def test_t44_lila_trashes_a_reactor_then_adds_one() -> None:
    """Glossary II Trash: "returns it to the Supply"; Lila adds a Reactor from the Supply."""
    t = solo("claim-bounty", ["lila-al-bindar", "reactor"])
    supply = t.state.supply_of("reactor")
    t(0, "play lila-al-bindar trash reactor")
    assert t.state.supply_of("reactor") == supply and t.p(0).discard == ("reactor",) and t.p(0).hand == ()


def test_a5_rewards_before_hazard() -> None:
    """A5: at 0 Prestige, +2 reward and 3 unblocked Hazard ends at 0 (rewards first, then the loss)."""
    hand = ["reactor"] * 4 + ["thruster"] * 4
    t = Table(position(3, hands={0: hand}, draws={0: MISSES * 2}, row=["ancient-ruins"]))
    t(0, "contract 1 solo", dice=[2, 1])
    for card in hand:
        t(0, f"play {card}")
    t(0, "done")
    assert t.p(0).prestige == 0


def test_a19_a_free_play_still_needs_an_action() -> None:
    t = solo("escape-pods", ["shield", "shield"], parts=["emulator-mk2"])
    t(0, "play shield")
    t(0, "play shield")
    assert t.part(0).actions == 0
    t2 = solo("claim-bounty", ["damage-1", "miss"], parts=["predator-mk1"])
    t2(0, "play miss")
    assert t2.refused(0, "play damage-1").reason.key == "moonrakers.refused.no_action_left"


def test_a21_refused_bonus_part_goes_to_the_bottom() -> None:
    state = position(
        3, hands={0: ["reactor"] * 3 + ["damage-3"]}, draws={0: MISSES}, row=["abandoned-vessel"]
    )
    t = Table(state)
    t(0, "contract 1 solo", dice=[0, 0])
    for card in ("reactor", "reactor", "reactor", "damage-3"):
        t(0, f"play {card}")
    t(0, "done")
    top = t.state.part_deck[0]
    t(0, "bonus part")
    t(0, "refuse")
    assert t.state.part_deck[-1] == top and t.state.phase == BUYING


def test_bonus_part_installed_with_its_cards() -> None:
    state = position(
        3, hands={0: ["reactor"] * 3 + ["damage-3"]}, draws={0: MISSES}, row=["abandoned-vessel"]
    )
    t = Table(state)
    t(0, "contract 1 solo", dice=[0, 0])
    for card in ("reactor", "reactor", "reactor", "damage-3"):
        t(0, f"play {card}")
    t(0, "done")
    top = t.state.part_deck[0]
    t(0, "bonus part")
    t(0, "keep")
    assert t.p(0).parts == (top,)


def test_a43_cloaking_with_no_dice_rolls_none() -> None:
    t = Table(
        position(3, hands={0: ["miss"], 1: ["miss"]}, parts={1: ["cloaking-device"]}, row=["escape-pods"])
    )
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "accept")
    t(0, "launch", dice=[1, 1])
    assert t.part(1).targeting == 0 and t.part(0).targeting == 2


def test_a44_parts_of_a_non_participant_do_nothing() -> None:
    t = Table(
        position(3, hands={0: ["damage-1", "damage-1"]}, parts={1: ["predator-mk1"]}, row=["claim-bounty"])
    )
    t(0, "contract 1 solo", dice=[0])
    t(0, "play damage-1")
    assert t.part(0).actions == 0


def test_a46_vector_jets_useless_as_ally() -> None:
    t = Table(
        position(
            3,
            hands={0: ["miss"], 1: ["miss"]},
            draws={1: MISSES},
            parts={1: ["vector-jets-e3"]},
            row=["claim-bounty"],
        )
    )
    t(0, "contract 1")
    t(0, "offer p2 nothing")
    t(1, "accept")
    t(0, "launch", dice=[0])
    assert len(t.p(1).hand) == 1


def test_a48_unassigned_rewards_and_dice_are_the_leaders() -> None:
    t = Table(position(3, row=["escape-pods"]))
    t(0, "contract 1")
    t(0, "offer p2 1c 1d")
    t(1, "accept")
    t(0, "launch", dice=[0, 0])
    assert t.state.attempt is not None
    leader = t.state.attempt.share(0)
    assert (leader.p, leader.c, leader.d) == (2, 6, 1)


def test_a61_a_released_contract_returns_to_its_slot() -> None:
    t = Table(position(3, row=["escape-pods"]))
    t(0, "contract 1")
    assert t.state.contract_row[0] is None
    t(0, "contract 2")
    assert t.state.contract_row[0] == "escape-pods" and t.state.contract_row[1] is None


def test_counter_then_accept_and_play_in_order() -> None:
    """R-E6: "The Mission Leader decides the order of play between any Allies." """
    t = Table(position(3, hands={0: ["miss"], 1: ["miss"], 2: ["miss"]}, row=["escape-pods"]))
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(0, "offer p3 1c")
    assert {p.seat for p in ENGINE.pending(t.state)} == {1, 2}
    t(1, "counter 3c")
    t(2, "accept")
    t(0, "accept p2")
    # An order without the Mission Leader is refused with one that reads.
    from games.engine.messages import render

    refused = t.refused(0, "launch order p3 p2")
    assert render(refused.reason, "en").endswith(
        "the Mission Leader included: for example launch order p1 p2 p3."
    )
    t(0, "launch order p3 p1 p2", dice=[0, 0])
    assert t.state.phase == EXECUTION and [p.seat for p in ENGINE.pending(t.state)] == [2]
    t.refused(0, "done")
    t(2, "done")
    t(0, "done")
    assert [p.seat for p in ENGINE.pending(t.state)] == [1]


def test_a_volunteer_proposal_accepted_by_the_leader() -> None:
    t = Table(position(3, row=["escape-pods"]))
    t(0, "contract 1")
    t(2, "propose 2c 1d")
    t(0, "accept p3")
    t(0, "launch", dice=[0, 0])
    assert t.state.attempt is not None and t.state.attempt.share(2).c == 2


def test_leave_before_the_lock() -> None:
    t = Table(position(3, row=["escape-pods"]))
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(1, "accept")
    t(1, "leave")
    t(0, "launch", dice=[0, 0])
    assert t.state.attempt is not None and t.state.attempt.seats == (0,)


def test_a_deal_that_gives_too_much_cannot_be_locked() -> None:
    t = Table(position(3, row=["escape-pods"]))
    t(0, "contract 1")
    t(0, "offer p2 2p")
    t(0, "offer p3 1p")
    t(1, "accept")
    t(2, "accept")
    assert t.refused(0, "launch").reason.key == "moonrakers.refused.deal_does_not_fit"


def test_specs_carry_a_crew_cards_options_as_parameters() -> None:
    t = solo("escape-pods", ["meg-gallak", "miss", "shield"])
    spec = next(s for s in ENGINE.legal(t.state, 0) if s.prefix == "play meg-gallak")
    names = [p.name for p in spec.params]
    assert names == ["trash", "reduce"]
    text = spec.build({"trash": ["trash miss"], "reduce": ["reduce damage"]})
    assert text == "play meg-gallak trash miss reduce damage"
    t(0, text)
    assert t.p(0).hand == ("shield",)


def test_specs_for_a_part_with_cards() -> None:
    t = solo("claim-bounty", ["miss", "miss", "reactor"], parts=["the-pursuer"])
    spec = next(s for s in ENGINE.legal(t.state, 0) if s.prefix == "use the-pursuer")
    assert spec.params[0].most == 3
    t(0, spec.build({"cards": ["miss", "miss"]}))
    assert t.p(0).discard == ("miss", "miss")


def test_several_cards_on_one_line_all_or_nothing() -> None:
    """Spec §5.1: ``play reactor thruster``, ``play 2 shield`` (one email line)."""
    t = solo("escape-pods", ["reactor", "shield", "shield", "miss"])
    assert ENGINE.parse("play reactor 2 shield").cards == ("reactor", "shield", "shield")  # type: ignore[attr-defined]
    t.refused(0, "play reactor shield shield miss")  # the 4th play has no Action: nothing is played
    assert t.p(0).play == ()
    t(0, "play reactor 2 shields")
    assert t.p(0).play == ("reactor", "shield", "shield") and t.part(0).actions == 0


def test_cards_shown_by_an_ability_reach_their_owner_only() -> None:
    """Spec §4.5: cards seen by Lee van Cribb, drawn by Ryan Rogal: the owner sees them, others a count."""
    t = solo(
        "claim-bounty",
        ["ryan-rogal", "lee-van-cribb", "reactor"],
        draw=["damage-2", "shield", "damage-3", *MISSES],
    )
    t(0, "play reactor")
    t(0, "play ryan-rogal")
    opened = next(e for e in t.events if e.type == "followup_opened")
    assert ENGINE.redact(opened, 0)["payload"]["cards"] == ["damage-2"]  # type: ignore[index]
    for reader in (None, 1, 2):
        red = ENGINE.redact(opened, reader)
        assert red is not None and "cards" not in red["payload"] and "damage-2" not in str(red["text"])
        assert "followup_cards" not in ENGINE.view(t.state, reader)["attempt"]["participants"][0]
    assert ENGINE.view(t.state, 0)["attempt"]["participants"][0]["followup_cards"] == ["damage-2"]


def test_several_seats_pending_at_once_with_keys_and_reply_times() -> None:
    """Spec §4.3: every invitee answers at once (reply time); a revised offer changes that seat's key
    only; the Mission Leader waits for nobody while offers are open."""
    t = Table(position(4, row=["escape-pods"]))
    t(0, "contract 1")
    t(0, "offer p2 1c")
    t(0, "offer p3 1c")
    before = {p.seat: p for p in ENGINE.pending(t.state)}
    assert set(before) == {1, 2} and all(p.reply and p.kind == "answer_offer" for p in before.values())
    t(0, "offer p3 2c")
    after = {p.seat: p for p in ENGINE.pending(t.state)}
    assert after[1].key == before[1].key and after[2].key != before[2].key
    t(1, "decline")
    t(2, "decline")
    assert [(p.seat, p.kind) for p in ENGINE.pending(t.state)] == [(0, "negotiate")]


def test_guard_plays_the_shield_alone_when_it_is_the_last_needed() -> None:
    """Spec §5.1, the ``guard`` macro: "play a Shield if that uses the last Shield needed or leaves an
    Action; otherwise play a Reactor ...". With Duo 1000 the first Shield blocks 2: against 2
    Hazard it is the last one needed, so no Reactor is spent before it."""
    t = solo("claim-bounty", ["reactor", "shield"], parts=["duo-1000"], dice=[2])
    assert t.part(0).actions == 1
    t(0, "guard")
    played = [e.payload["card"] for e in t.events if e.type == "card_played"]
    assert played == ["shield"]
    applied = next(e for e in t.events if e.type == "hazard_applied")
    assert [list(x) for x in applied.payload["hazard"]] == [[0, 0]]  # both blocked


def test_guard_plays_a_free_first_shield_before_anything() -> None:
    """With Emulator mk2 the first Shield costs no Action: it "leaves an Action", so it is played
    first; the second, the last needed, then takes the Action. The Reactor is never needed."""
    t = solo("claim-bounty", ["reactor", "shield", "shield"], parts=["emulator-mk2"], dice=[2])
    t(0, "guard")
    played = [e.payload["card"] for e in t.events if e.type == "card_played"]
    assert played == ["shield", "shield"]


def test_what_you_missed_tells_the_hazard_rolled_and_the_prestige_it_took() -> None:
    """001: "Each Hazard a player rolls will cost that player 1 Prestige unless they play a Shield by
    the end of the Execution Phase": a captain reading only "since you last played" (the page's
    first lines, an email's) learns what they must block, and what it cost them."""
    from games.engine.messages import render
    from games.engine.moonrakers.events import HazardApplied, HazardDiceRolled

    names = {0: "Ann", 1: "Bob"}
    rolled = ENGINE.summary(HazardDiceRolled(1, (2, 0)).to_event(1), 1)
    assert rolled is not None
    assert render(rolled, "en", names) == "Bob rolls 2 Hazard Dice: 2 0 (2 Hazard)."
    took = ENGINE.summary(HazardApplied(((1, 1),), ((1, 2),)).to_event(), 0)
    assert took is not None and "Bob takes 2 Hazard, loses 1 Prestige" in render(took, "en", names)
    # A Contract whose every Hazard was blocked cost nobody anything: no line for it.
    assert ENGINE.summary(HazardApplied((), ()).to_event(), 0) is None
