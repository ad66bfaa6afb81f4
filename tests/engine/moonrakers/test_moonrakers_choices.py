"""What a player is offered to choose from (`legal`, which draws the forms and the email links): every
choice the rules allow, named in the game's words, the decisive ones first."""

from __future__ import annotations

from dataclasses import replace

from games.engine.core import Message
from games.engine.messages import render
from games.engine.moonrakers import ENGINE
from games.engine.moonrakers.state import Terms
from games.engine.moonrakers.view import terms_message
from tests.engine.moonrakers.moonrakers_scenario import Table, position


def words(label: Message) -> str:
    return render(label, "en")


def test_stay_at_base_offers_to_replace_any_contract_of_the_row() -> None:
    """001 Stay At Base "4) If desired, replace an available Contract with one from the top of the
    Contract Deck": any of the eight, or none."""
    t = Table(position(3))
    t(0, "base")
    (drawn, other) = t.p(0).choosing
    specs = {s.prefix: s for s in ENGINE.legal(t.state, 0)}
    for obj in (drawn, other):
        assert f"keep {obj}" in specs
        assert {f"keep {obj} replace {n}" for n in range(1, 9)} <= set(specs)
    first = words(ENGINE.legal(t.state, 0)[0].label)
    assert first.startswith("Keep ")
    row = t.state.contract_row
    name = render(Message(f"moonrakers.card.{row[4]}"), "en")
    label = words(specs[f"keep {drawn} replace 5"].label)
    assert label.endswith(f"and replace {name} with the top of the Contract deck")


def test_planning_names_the_contracts_and_lists_staying_at_base_first() -> None:
    t = Table(position(3))
    specs = ENGINE.legal(t.state, 0)
    assert specs[0].prefix == "base"
    named = {s.prefix: words(s.label) for s in specs}
    contract = render(Message(f"moonrakers.card.{t.state.contract_row[0]}"), "en")
    assert named["contract 1"] == f"Choose {contract}"
    assert named["contract 1 solo"] == f"Attempt {contract} alone"
    # Alone, the Contract is locked and its dice rolled at once: the form asks to confirm first,
    # as "solo" in negotiation does; choosing it to negotiate takes nothing back.
    confirm = {s.prefix: s.confirm for s in specs}
    assert confirm["contract 1 solo"] and not confirm["contract 1"]


def test_an_invitee_answers_its_offer_rather_than_proposing() -> None:
    """Proposals are how captains without an offer volunteer; an invited captain accepts, declines
    or counters (one way to say the same thing, so one form)."""
    t = Table(position(3, row=["ancient-ruins"]))
    t(0, "contract 1")
    t(0, "offer p2 1c")
    actions = [s.action for s in ENGINE.legal(t.state, 1)]
    assert actions[:3] == ["acceptoffer", "declineoffer", "counter"] and "propose" not in actions
    assert t.refused(1, "propose 1c").reason.key == "moonrakers.refused.counter_instead"
    assert "propose" in [s.action for s in ENGINE.legal(t.state, 2)]  # no offer: may volunteer
    t(2, "propose 1c")


def test_a_claim_names_its_objective() -> None:
    # The button read "Claim: claim shield-wall" (the generic label around the command).
    hand = ["shield", "shield", "shield"]
    state = position(3, hands={0: hand}, objectives={0: ["shield-wall", "ace"]}, row=["escape-pods"])
    t = Table(state)
    t(0, "contract 1 solo", dice=[0, 0])
    t.state = replace(t.state, attempt=t.state.attempt.replace_part(0, actions=3))  # type: ignore[union-attr]
    for _ in hand:
        t(0, "play shield")
    [spec] = [s for s in ENGINE.legal(t.state, 0) if s.prefix == "claim shield-wall"]
    assert words(spec.label) == "Claim Shield Wall"
    assert render(spec.label, "fr") == "Réclamer Mur de boucliers"


def test_a_mercenary_is_named_with_its_price() -> None:
    # "Use a Mercenary: merc 3" said neither the card nor what it costs out of the rewards.
    state = position(1, hands={0: ["miss"]}, row=["claim-bounty"])
    t = Table(replace(state, merc_row=("ada-massa", "thruster", "shield", "damage-1", "reactor")))
    t(0, "contract 1")
    named = {
        s.prefix.split()[1]: words(s.label) for s in ENGINE.legal(t.state, 0) if s.action == "usemercenary"
    }
    assert named["2"] == "Use Mercenary #2 Thruster (costs 1 Credit of the rewards)"
    assert named["1"] == "Use Mercenary #1 Ada Massa (costs 1 Prestige of the rewards)"
    t(0, "merc 2")
    named = {
        s.prefix.split()[1]: words(s.label) for s in ENGINE.legal(t.state, 0) if s.action == "usemercenary"
    }
    assert named["3"] == "Use Mercenary #3 Shield (costs 2 Credits of the rewards)"  # the second costs 2
    fr = next(s for s in ENGINE.legal(t.state, 0) if s.prefix == "merc 3")
    assert render(
        fr.label, "fr"
    ) == "Utiliser le Mercenaire n°\u00a03 Shield (coûte 2 Crédits des récompenses)".replace(
        "Shield", render(Message("moonrakers.card.shield"), "fr")
    )


def test_the_bonus_card_and_the_solo_discard_are_named() -> None:
    from games.engine.moonrakers.commands import BonusDeck, KeepBonus, Scrap
    from games.engine.moonrakers.legal import _named_label

    state = position(1)
    crew = _named_label(state, BonusDeck("crew"))
    assert crew is not None
    assert words(crew) == f"Draw the Bonus Card from the Crew deck ({len(state.crew_deck)} cards left)"
    kept = _named_label(state, KeepBonus("titan-3000"))
    assert kept is not None and words(kept) == "Keep the Bonus Card in place of Titan 3000"
    scrap = _named_label(state, Scrap("the-leech"))
    assert scrap is not None and words(scrap) == "Discard The Leech from the Armory for free"


def test_the_guard_reads_right_for_its_player_and_for_the_others() -> None:
    # "If Ada's time runs out: Shield yourself, then finish" spoke to Ada on everyone's page.
    from test_moonrakers_crew import solo

    t = solo("claim-bounty", ["shield"], dice=[1])
    [guard] = [s for s in ENGINE.legal(t.state, 0) if s.prefix == "guard"]
    assert words(guard.label) == "Block own Hazard with Shields, then finish"
    assert "yourself" not in words(guard.label) and "Vous" not in render(guard.label, "fr")


def test_alone_at_the_table_each_contract_is_offered_once() -> None:
    # In the solo game "contract 3" is an attempt alone as well: the page showed each Contract twice,
    # once asking to confirm and once not. Typed, "contract 3" is still read and played alone.
    t = Table(position(1))
    prefixes = [s.prefix for s in ENGINE.legal(t.state, 0) if s.action == "choosecontract"]
    assert prefixes and all(p.endswith(" solo") for p in prefixes)
    t(0, "contract 1")
    assert t.state.attempt is not None and [p.seat for p in t.state.attempt.participants] == [0]


def test_locking_the_deal_says_the_deal() -> None:
    # The confirmation page only said "Lock the deal and roll": each share is what is confirmed.
    t = Table(position(3, row=["claim-bounty"]))
    t(0, "contract 1")
    t(0, "offer p2 1c 1d")
    t(1, "accept")
    [launch] = [s for s in ENGINE.legal(t.state, 0) if s.prefix == "launch"]
    names = {0: "Ann", 1: "Bob", 2: "Cy"}
    assert render(launch.label, "en", names) == (
        "Lock the deal on Claim Bounty and roll: Ann: 1 Prestige, 2 Credits; Bob: 1 Credit, 1 Hazard Die"
    )
    # Typeset once however deep the message: one no-break space before each colon.
    assert "Ann\u00a0: 1 Prestige" in render(launch.label, "fr", names)
    assert "\u00a0\u00a0" not in render(launch.label, "fr", names)


def test_the_terms_forms_name_hazard_dice_as_every_other_line_does() -> None:
    # The offer, counter and proposal forms said "1 die" where the offers, the deal and the log
    # say "1 Hazard Die".
    t = Table(position(3, row=["claim-bounty"]))
    t(0, "contract 1")
    t(0, "offer p2 1c")
    forms = [ENGINE.legal(t.state, 0), ENGINE.legal(t.state, 1), ENGINE.legal(t.state, 2)]
    for seat, action in ((0, "offer"), (1, "counter"), (2, "propose")):
        [spec] = [s for s in forms[seat] if s.action == action][:1]
        dice = next(p for p in spec.params if p.name == "dice")
        assert [words(c.label) for c in dice.choices][:2] == ["0 Hazard Dice", "1 Hazard Die"]
        assert render(dice.choices[1].label, "fr") == "1 dé de Danger"


def test_terms_said_in_full_name_every_reward_and_the_bonus_card_only_when_it_is_part() -> None:
    # The board lists offers side by side ("Offer to Bob: 0 Prestige, 1 Credit, 0 Hazard Dice"); the
    # log and the labels leave the nothing out ("1 Credit").
    assert render(terms_message(Terms(c=1)), "en") == "1 Credit"
    assert render(terms_message(Terms(c=1), every=True), "en") == "0 Prestige, 1 Credit, 0 Hazard Dice"
    assert render(terms_message(Terms(1, 0, 1, 2), every=True), "en") == (
        "1 Prestige, 0 Credits, the Bonus Card, 2 Hazard Dice"
    )
    assert render(terms_message(Terms(c=1), every=True), "fr") == "0 Prestige, 1 Crédit, 0 dé de Danger"
