"""The rulebook's three worked turn examples, with their exact results."""

from __future__ import annotations

from moonrollers_scenario import Game

DISPLAY = ["namari", "lee-van-cribb", "avari", "b3-ar", "tantin-al-vale"]


def angelo_adria_danielle() -> Game:
    # Danielle has previously completed the 1 Reactor requirement on Namari.
    return Game.build(
        ["Angelo", "Adria", "Danielle"],
        crew={"Angelo": ["salatar", "zek-zarag"], "Adria": ["dana-powalki"], "Danielle": ["ada-massa"]},
        display=DISPLAY,
        tokens={"namari": {"reactor": "Danielle"}},
        hazard_pile_top=[2, 5],
        first="Angelo",
    )


def play_angelos_turn(g: Game) -> None:
    g.roll("shield wild extra extra thruster")
    # (A) He has Salatar and may re-roll his starting dice, but elects not to.
    assert "use salatar" in g.legal_texts()
    g.play("choose namari")
    # (B) Danielle's token: Angelo cannot commit to the Reactor requirement.
    assert "already has a token" in g.illegal("commit reactor")
    # (C) 4 Shield: locks 1 Shield and 1 Wild.
    g.play("commit shield")
    g.play("lock shield wild")
    # (D) Before rolling again he adds 2 dice for his 2 Extra Dice.
    rolled = g.roll("thruster damage damage reactor reactor")[0]
    assert rolled.payload["from_supply"] == 2 and len(rolled.payload["faces"]) == 5
    # No Shield, no Wild: Zek Zarag locks his only Thruster as a Wild, so he does not bust.
    g.play("lock thruster as wild with zek-zarag")
    assert g.turn.progress == 3
    # No Extra Dice: only 4 dice for the next roll.
    rolled = g.roll("shield damage reactor reactor")[0]
    assert len(rolled.payload["faces"]) == 4
    g.play("lock shield")  # his final Shield: the token slides down
    assert g.tokens_on("namari")["shield"] == g.seat("Angelo")
    # Rolling again, he must commit to Damage or Thrusters.
    g.roll("wild thruster thruster")
    assert "already has a token" in g.illegal("commit reactor")
    g.play("commit thruster")
    events = g.play("lock wild thruster thruster")
    # He locked his final 3 dice: this ends his turn.
    assert [e.type for e in events][-2:] == ["stopped", "turn_started"]
    assert g.tokens_on("namari") == {"shield": 0, "damage": None, "thruster": 0, "reactor": 2}


def test_angelo_works_on_namari_with_zek_zarag() -> None:
    g = angelo_adria_danielle()
    play_angelos_turn(g)
    assert g.turn.seat == g.seat("Adria")
    assert g.prestige("Angelo") == 0  # Prestige comes only when the card is complete


def test_adria_completes_namari() -> None:
    g = angelo_adria_danielle()
    play_angelos_turn(g)
    # (A, B) Adria locks her 2 Wilds and 1 Damage to complete Namari's 3 Damage.
    g.roll("wild wild damage reactor thruster")
    g.play("choose namari")
    g.play("commit damage")
    g.play("lock wild wild damage")
    # (C, D) The Damage requirement is hazardous: she draws 2 Hazard tokens and keeps 1.
    assert g.turn.drawn == (2, 5)
    g.play("keep 2")
    assert g.player("Adria").hazard == (5,)
    # (E) Prestige: 7 to Angelo, 3 to Adria, 1 to Danielle.
    assert (g.prestige("Angelo"), g.prestige("Adria"), g.prestige("Danielle")) == (7, 3, 1)
    # (F) Namari goes to Adria, who completed the card; her turn is over.
    assert ("namari",) in g.player("Adria").stacks
    # The display is refilled from the deck before the next turn: still 5 cards for 3 players.
    assert "namari" not in [c.crew for c in g.state.display]
    assert len(g.state.display) == 5
    assert g.turn.seat == g.seat("Danielle")


def test_alex_with_kal_damar_busts_on_lee_van_cribb() -> None:
    g = Game.build(
        ["Alex", "Sam"],
        crew={"Alex": ["kal-damar"]},
        display=["lee-van-cribb", "namari", "avari", "salatar"],
        hazard_pile_top=[1, 2],
    )
    # (A) 6 dice, thanks to Kal Damar.
    rolled = g.roll("damage thruster thruster shield reactor reactor")[0]
    assert len(rolled.payload["faces"]) == 6
    # (B) 1 Damage completes Lee Van Cribb's hazardous 1 Damage: draw 2 Hazards, keep 1.
    g.play("choose lee-van-cribb")
    g.play("commit damage")
    g.play("lock damage")
    assert g.tokens_on("lee-van-cribb")["damage"] == 0
    g.play("keep 1")
    # (C) 2 Wilds locked as Reactors complete that requirement.
    g.roll("wild wild extra thruster shield")
    g.play("commit reactor")
    g.play("lock wild wild")
    assert g.tokens_on("lee-van-cribb")["reactor"] == 0
    # (D) 1 Extra Die: a die from the supply joins before rolling again.
    rolled = g.roll("reactor reactor damage damage")[0]
    assert rolled.payload["from_supply"] == 1
    # (E) No Shields or Wilds (nor Thrusters): a bust.
    assert [e.type for e in g.events[-2:]] == ["busted", "turn_started"]
    # (F) Alex takes back every token placed this turn but keeps the Hazard token.
    assert g.tokens_on("lee-van-cribb") == {"reactor": None, "thruster": None, "shield": None, "damage": None}
    assert g.player("Alex").hazard == (1,)
    assert g.state.tokens_out(0) == 0
