"""The Moonrakers board on the game page: the Dispatch, the Armory, Command Terminals, the Contract
being attempted, the deal on the table, the forms built from ``legal``, the end, and hidden information.

Games are three captains (Ann seat 0, Bob seat 1, Cyd seat 2) driven to a phase by the engine's bot
moves through the services; then a page is read, or a form posted as a browser would post it.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.core.cache import caches
from django.utils import translation

from games import models, page_cache, selectors, services, texts
from games.boards import presentation_for
from games.engine.core import msg
from games.engine.moonrakers.cards import CONTRACTS, CREW, PARTS
from tests.factories import NOW
from tests.web.conftest import client_for, event_count
from tests.web.moonrakers_play import (
    ENGINE,
    kinds,
    moonrakers_game,
    name_of,
    pending_of,
    play_until,
    shows_objective,
    state_of,
    submit,
)

pytestmark = pytest.mark.django_db


def page_of(game: models.Game, user: Any) -> str:
    response = client_for(user).get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def without_examples(page: str) -> str:
    """The page less the notation help, whose fixed examples name cards (``claim barrage``)."""
    return re.sub(r'<dl class="notation-examples.*?</dl>', "", page, flags=re.S)


def user_at(game: models.Game, seat: int) -> Any:
    return game.seats.get(position=seat).user


def post_move(game: models.Game, user: Any, **fields: Any) -> Any:
    game.refresh_from_db()
    return client_for(user).post(f"/games/{game.pk}/move/", {"seq": game.last_seq, **fields})


def participant_area(page: str, seat: int) -> str:
    found = re.search(rf'<article class="mr-participant[^"]*" data-seat="{seat}">(.*?)</article>', page, re.S)
    assert found, f"no play area for seat {seat}"
    return found.group(1)


@pytest.fixture
def three(ann: Any, bob: Any, cyd: Any) -> models.Game:
    return moonrakers_game(ann, bob, cyd)


class TestObjectivesChoice:
    def test_each_captain_keeps_two_of_three_by_one_button(self, three: models.Game, ann: Any) -> None:
        state = state_of(three)
        dealt = state.players[0].choosing
        page = page_of(three, ann)

        assert page.count('name="prefix" value="keep ') == 3
        for slug in dealt:
            assert name_of(slug) in page
        response = post_move(three, ann, action="keep", prefix=f"keep {dealt[0]} {dealt[1]}")

        assert response.status_code == 302
        assert state_of(three).players[0].objectives == (dealt[0], dealt[1])
        after = page_of(three, ann)
        assert "My secret Objectives" in after and f'data-objective="{dealt[0]}"' in after

    def test_the_dispatch_armory_and_vault_are_drawn(self, three: models.Game, bob: Any) -> None:
        state = state_of(three)
        page = page_of(three, bob)

        assert "The Dispatch" in page and "The Armory" in page and "The Vault" in page
        for slug in state.contract_row:
            assert f'data-contract="{slug}"' in page and name_of(slug) in page
        for slug in (*state.part_row, *state.crew_row):
            assert f'data-armory="{slug}"' in page
        assert page.count('class="mr-req"') >= sum(len(CONTRACTS[c].requirements) for c in state.contract_row)
        assert page.count("/10 Prestige") == 3  # the Prestige tracker, one line per captain


class TestPlanning:
    def test_the_mission_leader_chooses_a_contract_by_its_button(self, three: models.Game) -> None:
        state = play_until(three, lambda s: "plan" in kinds(s))
        leader = state.leader
        page = page_of(three, user_at(three, leader))

        assert 'data-action="choosecontract"' in page and 'name="prefix" value="contract 1"' in page
        assert 'value="contract 1 solo"' in page and 'data-action="stayatbase"' in page
        other = page_of(three, user_at(three, (leader + 1) % 3))
        assert 'data-action="choosecontract"' not in other

    def test_staying_at_base_asks_to_confirm_first(self, three: models.Game) -> None:
        state = play_until(three, lambda s: "plan" in kinds(s))
        leader = user_at(three, state.leader)
        before = event_count(three)

        asked = post_move(three, leader, action="stayatbase", prefix="base")

        assert asked.status_code == 200 and 'name="confirmed" value="1"' in asked.content.decode()
        assert event_count(three) == before
        done = post_move(three, leader, action="stayatbase", prefix="base", confirmed="1")
        assert done.status_code == 302 and event_count(three) > before

    def test_attempting_a_contract_alone_asks_to_confirm_first(self, three: models.Game) -> None:
        # Alone, the Contract is locked and its dice rolled at once: nothing to take back.
        state = play_until(three, lambda s: "plan" in kinds(s))
        leader = user_at(three, state.leader)
        slot = next(i for i, c in enumerate(state.contract_row) if c is not None) + 1
        before = event_count(three)

        asked = post_move(three, leader, action="choosecontract", prefix=f"contract {slot} solo")

        assert asked.status_code == 200 and 'name="confirmed" value="1"' in asked.content.decode()
        assert event_count(three) == before
        done = post_move(
            three, leader, action="choosecontract", prefix=f"contract {slot} solo", confirmed="1"
        )
        assert done.status_code == 302 and state_of(three).attempt is not None

    def test_at_base_the_free_replacement_names_the_contract_it_replaces(self, three: models.Game) -> None:
        """``keep OBJ replace N`` swaps the Contract in Dispatch slot N (rulebook, Stay at Base step 4);
        the button once read N as an Objective held and said "giving back" that Objective."""
        state = play_until(three, lambda s: "plan" in kinds(s))
        submit(three, state.leader, "base")
        state = state_of(three)
        spec = next(sp for sp in ENGINE.legal(state, state.leader) if " replace " in sp.prefix)
        slot = int(spec.prefix.split()[-1])
        contract = state.contract_row[slot - 1]

        page = page_of(three, user_at(three, state.leader))

        option = re.search(rf'<option value="{spec.prefix}"([^>]*)>(.*?)</option>', page, re.S)
        assert option, spec.prefix
        assert f'data-replace="{contract}"' in option.group(1)
        assert html.unescape(option.group(2)) == f"#{slot} {html.unescape(name_of(contract))}"
        assert "giving back" not in page and "give back one you hold" not in page
        assert "the other goes to the bottom of the Objective deck" in page

    def test_at_base_each_objective_is_one_choice_with_its_replacements(self, three: models.Game) -> None:
        # 18 buttons (each Objective with each replacement) became one form per Objective: a list
        # of the Contracts it may replace and a button that keeps it. Choosing posts that command.
        state = play_until(three, lambda s: "plan" in kinds(s))
        submit(three, state.leader, "base")
        state = state_of(three)
        leader = user_at(three, state.leader)
        drawn = state.players[state.leader].choosing
        page = page_of(three, leader)

        forms = re.findall(r"<form[^>]*mr-base-choice.*?</form>", page, re.S)
        assert len(forms) == len(drawn) == 2
        for form, slug in zip(forms, drawn, strict=True):
            assert f"Keep {html.unescape(name_of(slug))}" in html.unescape(form)
            assert form.count("<option ") == 1 + sum(1 for c in state.contract_row if c)
            assert f'<option value="keep {slug}">' in form  # no replacement, first
        slot = next(i for i, c in enumerate(state.contract_row) if c) + 1
        replaced = state.contract_row[slot - 1]
        done = post_move(three, leader, action="keep", prefix=f"keep {drawn[1]} replace {slot}")
        assert done.status_code == 302
        after = state_of(three)
        assert drawn[1] in after.players[state.leader].objectives and after.contract_row[slot - 1] != replaced


def to_negotiation(game: models.Game) -> Any:
    """The Mission Leader has chosen a Contract with help and no offer is open yet."""
    state = play_until(game, lambda s: "plan" in kinds(s))
    slot = next(i for i, c in enumerate(state.contract_row) if c is not None)
    submit(game, state.leader, f"contract {slot + 1}")
    state = state_of(game)
    assert "negotiate" in kinds(state)
    return state


class TestNegotiation:
    def test_an_offer_goes_on_the_table_and_the_invitee_may_accept_decline_or_counter(
        self, three: models.Game
    ) -> None:
        state = to_negotiation(three)
        leader = state.leader
        invitee = (leader + 1) % 3
        contract = CONTRACTS[state.negotiation.contract]
        page = page_of(three, user_at(three, leader))
        assert 'data-action="offer"' in page and f'name="p_seat" value="p{invitee + 1}"' in page
        assert 'name="p_prestige"' in page and 'name="p_credits"' in page and 'name="p_dice"' in page
        assert "only the deal launched binds" in page

        response = post_move(
            three,
            user_at(three, leader),
            action="offer",
            prefix="offer",
            p_seat=f"p{invitee + 1}",
            p_prestige="0p",
            p_credits="1c",
            p_dice="0d",
        )

        assert response.status_code == 302
        assert pending_of(state_of(three), "answer_offer") == [invitee]
        seen = page_of(three, user_at(three, invitee))
        table = seen[seen.index('id="on-the-table"') :]
        assert f'data-offer-to="{invitee}"' in table and "waiting for an answer" in table
        keeps = f'data-prestige="{contract.prestige}" data-credits="{contract.credits - 1}"'
        assert keeps in table  # what the leader keeps: the rewards less the offer
        for action in ("acceptoffer", "declineoffer", "counter"):
            assert f'data-action="{action}"' in seen
        # The terms are said beside the Accept button too, with the Contract's name.
        invite = re.search(r'<p class="mr-invite">(.*?)</p>', seen, re.S)
        assert (
            invite
            and 'data-credits="1"' in invite.group(1)
            and name_of(state.negotiation.contract) in invite.group(1)
        )
        counter = seen[seen.index('data-action="counter"') :]
        assert '<option value="1c" selected>' in counter  # a counter starts from the offer
        third = page_of(three, user_at(three, (leader + 2) % 3))
        assert 'data-action="acceptoffer"' not in third

    def test_the_would_keep_line_has_each_noun_for_0_1_and_more(self, three: models.Game) -> None:
        # deal.js writes the number kept as the steppers move and picks the noun's form from these.
        state = to_negotiation(three)
        leader = user_at(three, state.leader)
        page = page_of(three, leader)
        line = re.search(r'<p class="mr-would-keep[^"]*".*?</p>', page, re.S)
        assert line
        assert 'data-noun="credits" data-zero="Credits" data-one="Credit" data-more="Credits"' in line.group(
            0
        )
        assert (
            'data-noun="dice" data-zero="Hazard Dice" data-one="Hazard Die" data-more="Hazard Dice"'
            in line.group(0)
        )
        kept = CONTRACTS[state.negotiation.contract].credits
        shown = "Credit" if kept == 1 else "Credits"
        assert f'<output data-keep="credits">{kept}</output> <output data-noun="credits"' in line.group(0)
        assert f'data-more="Credits">{shown}</output>,' in line.group(0)  # no space before the comma
        leader.language = "fr"
        leader.save(update_fields=["language"])
        french = re.search(r'<p class="mr-would-keep[^"]*".*?</p>', page_of(three, leader), re.S)
        assert french
        # In French 0 takes the singular.
        assert 'data-noun="credits" data-zero="Crédit" data-one="Crédit" data-more="Crédits"' in french.group(
            0
        )
        assert 'data-zero="dé de Danger" data-one="dé de Danger" data-more="dés de Danger"' in french.group(0)

    def test_a_volunteer_taken_on_board_shows_no_count_of_offers(self, three: models.Game) -> None:
        # The Mission Leader took a proposal: no offer was made to that captain, and the table
        # said "(0 offers made)".
        state = to_negotiation(three)
        volunteer = (state.leader + 1) % 3
        submit(three, volunteer, "propose 1c")
        submit(three, state.leader, f"accept p{volunteer + 1}")
        page = page_of(three, user_at(three, state.leader))
        line = re.search(rf'<li[^>]*data-offer-to="{volunteer}".*?</li>', page, re.S)
        assert line and "accepted" in line.group(0) and "offers made" not in line.group(0)
        assert "0 offer" not in line.group(0)

    def test_a_revised_offer_starts_from_the_offer_made(self, three: models.Game) -> None:
        # The form to offer again to a captain started at 0 whatever was on the table.
        state = to_negotiation(three)
        leader, invitee = state.leader, (state.leader + 1) % 3
        submit(three, leader, f"offer p{invitee + 1} 1c")
        page = page_of(three, user_at(three, leader))
        form = re.search(rf'<form[^>]*data-to="p{invitee + 1}".*?</form>', page, re.S)
        other = re.search(rf'<form[^>]*data-to="p{(leader + 2) % 3 + 1}".*?</form>', page, re.S)
        assert form and other
        assert '<option value="1c" selected>' in form.group(0)
        assert '<option value="1c" selected>' not in other.group(0)  # no offer to that one yet

    def test_an_overcommitted_deal_says_why_nothing_can_launch(self, three: models.Game) -> None:
        # Both captains accepted every Credit of the Contract: the Launch button is gone (the lock
        # would refuse), and the table says why, to everyone, and the Mission Leader what to do.
        state = to_negotiation(three)
        leader, credits = state.leader, CONTRACTS[state.negotiation.contract].credits
        one, two = (leader + 1) % 3, (leader + 2) % 3
        submit(three, leader, f"offer p{one + 1} {credits}c")
        submit(three, leader, f"offer p{two + 1} {credits}c")
        page = page_of(three, user_at(three, leader))
        assert "mr-overcommitted" not in page  # offered twice, accepted by nobody yet: no harm
        submit(three, one, "accept")
        submit(three, two, "accept")

        page = page_of(three, user_at(three, leader))
        assert 'data-action="launch"' not in page
        assert "withdraw or revise an offer to launch" in page
        watcher = page_of(three, user_at(three, one))
        assert "the Mission Leader must withdraw or revise an offer before launching" in watcher
        mission_leader = user_at(three, leader)
        mission_leader.language = "fr"
        mission_leader.save(update_fields=["language"])
        assert "retirez ou revoyez une offre pour lancer" in html.unescape(page_of(three, mission_leader))
        submit(three, leader, f"cancel p{two + 1}")
        page = page_of(three, user_at(three, leader))
        assert "mr-overcommitted" not in page and 'data-action="launch"' in page

    def test_a_counter_posted_with_the_steppers_is_on_the_table(self, three: models.Game) -> None:
        state = to_negotiation(three)
        invitee = (state.leader + 1) % 3
        submit(three, state.leader, f"offer p{invitee + 1} 1c")

        response = post_move(
            three,
            user_at(three, invitee),
            action="counter",
            prefix="counter",
            p_prestige="0p",
            p_credits="2c",
            p_dice="0d",
        )

        assert response.status_code == 302
        offer = state_of(three).negotiation.offer(invitee)
        assert offer.status == "countered" and offer.terms.c == 2
        page = page_of(three, user_at(three, state.leader))
        assert "countered" in page and 'data-action="acceptseat"' in page

    def test_a_term_outside_the_contract_is_refused_and_changes_nothing(self, three: models.Game) -> None:
        state = to_negotiation(three)
        before = event_count(three)

        response = post_move(
            three,
            user_at(three, state.leader),
            action="offer",
            prefix="offer",
            p_seat="p2" if state.leader != 1 else "p1",
            p_prestige="99p",
            p_credits="0c",
            p_dice="0d",
        )

        assert response.status_code == 400 and event_count(three) == before

    def test_launching_asks_to_confirm_first(self, three: models.Game) -> None:
        state = to_negotiation(three)
        before = event_count(three)

        asked = post_move(three, user_at(three, state.leader), action="launch", prefix="launch")

        assert asked.status_code == 200 and 'name="confirmed" value="1"' in asked.content.decode()
        assert event_count(three) == before


def to_execution(game: models.Game) -> tuple[Any, int]:
    """A Contract under way and a seat that may play a basic card from its hand."""

    def ready(s: Any) -> bool:
        return any(
            not spec.params and spec.action == "playcard" and len(spec.prefix.split()) == 2
            for seat in pending_of(s, "play")
            for spec in ENGINE.legal(s, seat)
        )

    state = play_until(game, ready)
    seat = next(
        seat
        for seat in pending_of(state, "play")
        if any(spec.action == "playcard" for spec in ENGINE.legal(state, seat))
    )
    return state, seat


class TestExecution:
    def test_hand_cards_are_buttons_and_posting_one_plays_it(self, three: models.Game) -> None:
        state, seat = to_execution(three)
        player = user_at(three, seat)
        page = page_of(three, player)
        playable = [
            s.prefix.split()[1]
            for s in ENGINE.legal(state, seat)
            if s.action == "playcard" and not s.params and len(s.prefix.split()) == 2
        ]
        for card in playable:
            assert f'data-play="{card}"' in page
        assert "During the Contract" in page and 'class="mr-tally"' in page
        needed = state.attempt and set(ENGINE.view(state, seat)["attempt"]["needed"])
        card = next((c for c in playable if c.split("-")[0] in needed), playable[0])
        got_before = ENGINE.view(state, seat)["attempt"]["got"]

        response = post_move(three, player, action="playcard", prefix=f"play {card}")

        assert response.status_code == 302
        after = page_of(three, player)
        assert f'data-card="{card}"' in participant_area(after, seat)
        kind = card.split("-")[0]
        if kind in got_before:
            got = ENGINE.view(state_of(three), seat)["attempt"]["got"][kind]
            assert got > got_before[kind]
            assert f'data-kind="{kind}" data-got="{got}"' in after

    def test_every_participant_is_drawn_with_actions_dice_and_share(self, three: models.Game) -> None:
        state, _seat = to_execution(three)
        page = page_of(three, None)
        for part in state.attempt.participants:
            area = participant_area(page, part.seat)
            assert "Action" in area and "Hazard Dice" in area and "Share" in area
        assert "may play now" in page

    def test_a_basic_card_played_with_a_part_gets_its_own_form(
        self, three: models.Game, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """``play damage-1 with mg-charge-core`` (MG Charge Core, The Quantum Driver) is a basic card
        with a longer prefix: its form is drawn (the page once failed, reading it as an Armory card)."""
        from games.engine.core import CommandSpec

        _state, seat = to_execution(three)
        prefix = "play damage-1 with mg-charge-core"
        legal = ENGINE.legal

        def with_the_part(s: Any, at: int) -> list[Any]:
            extra = CommandSpec("playcard", prefix, msg("moonrakers.label.playcard", text=prefix), ())
            return [*legal(s, at), extra] if at == seat else legal(s, at)

        monkeypatch.setattr(ENGINE, "legal", with_the_part)
        page = page_of(three, user_at(three, seat))
        form = re.search(
            rf'<form[^>]*with-options[^>]*>(?:(?!</form>).)*value="{prefix}".*?</form>', page, re.S
        )
        assert form and 'data-play="damage-1"' in form.group(0)


class TestBuying:
    def test_a_participant_without_actions_is_told_to_finish(self, three: models.Game) -> None:
        def stuck(s: Any) -> bool:
            att = s.attempt
            return att is not None and any(
                not p.done and p.actions == 0 and p.seat in pending_of(s, "play") for p in att.participants
            )

        state = play_until(three, stuck)
        page = page_of(three, None)
        seat = next(p.seat for p in state.attempt.participants if not p.done and p.actions == 0)
        card = re.search(rf'<article class="mr-participant[^"]*" data-seat="{seat}">.*?</h4>', page, re.S)
        assert card is not None and "no Action left: to finish" in card.group(0)
        assert "may play now" not in card.group(0)

    def test_the_leader_buys_from_the_armory_by_its_button(self, three: models.Game) -> None:
        def can_buy(s: Any) -> bool:
            return "buy" in kinds(s) and any(sp.action == "buy" for sp in ENGINE.legal(s, s.leader))

        state = play_until(three, can_buy)
        leader = user_at(three, state.leader)
        spec = next(sp for sp in ENGINE.legal(state, state.leader) if sp.action == "buy")
        card = spec.prefix.split()[1]
        page = page_of(three, leader)
        assert f'data-buy="{card}"' in page
        # The button says what the card is and what it costs.
        button = re.search(rf'<button[^>]*data-buy="{card}"[^>]*>(.*?)</button>', page, re.S)
        assert button is not None and re.search(
            r"\((Crew|Ship Part), \d+ Credits?\)", re.sub(r"<[^>]+>", "", button.group(1))
        )

        response = post_move(three, leader, action="buy", prefix=spec.prefix)

        assert response.status_code == 302
        after = state_of(three).players[state.leader]
        assert card in after.parts or card in after.discard or card in after.deck_cards()
        if card in CREW:
            assert name_of(card) in page_of(three, leader).split("Crew hired", 1)[1].split("</p>", 1)[0]


class TestTheEnd:
    def test_the_score_table_gives_prestige_and_net_worth(self, three: models.Game, ann: Any) -> None:
        for _ in range(6000):
            if three.is_finished:
                break
            from tests.web.moonrakers_play import play_one

            play_one(three)
        assert three.is_finished
        page = page_of(three, ann)
        outcome = three.outcome
        assert "Game over" in page and "Net worth" in page
        for worth in outcome["details"]["net_worth"].values():
            assert f"<td>{worth}</td>" in page or f">{worth}<" in page

    def test_the_solo_game_ends_with_a_score_and_a_rank(self, ann: Any) -> None:
        game = moonrakers_game(ann)
        from tests.web.moonrakers_play import play_one

        for _ in range(3000):
            if game.is_finished:
                break
            play_one(game)
        assert game.is_finished
        page = page_of(game, ann)
        rank = html.escape(texts.render(game.outcome["details"]["rank"], lang="en"))
        assert "Rank" in page and rank in page and str(game.outcome["details"]["solo_score"]) in page
        assert "Other captains" not in page  # alone at the table: no empty heading
        # The total is explained: 10 per Prestige plus the net worth.
        score, worth = game.outcome["details"]["solo_score"], game.outcome["details"]["net_worth"]["0"]
        assert f"Score {score}: 10 per Prestige ({(score - worth) // 10}) plus the net worth, {worth}" in page
        # Solo has a score and a rank, never a winner: nobody was beaten (page and email alike).
        assert "Winner" not in page
        from tests.mail.helpers import run_outbox, text_of

        (end,) = [m for m in run_outbox() if "is over" in m.subject]
        assert end.subject == f"Moonrakers #{game.pk} is over"
        assert f"Moonrakers #{game.pk} is over.\n" in text_of(end) and " won" not in text_of(end)
        assert str(score) in text_of(end)


class TestHiddenInformation:
    def test_a_hand_and_unclaimed_objectives_reach_only_their_owner(
        self, three: models.Game, ann: Any, bob: Any
    ) -> None:
        state, _seat = to_execution(three)
        ann_state = state.players[0]
        hidden_objectives = [o for o in ann_state.objectives if o not in ann_state.claimed]
        assert ann_state.hand and hidden_objectives

        mine = page_of(three, ann)
        assert 'data-hand-of="0"' in mine
        hand_html = mine.split('data-hand-of="0"', 1)[1].split("</div>", 1)[0]
        for card in ann_state.hand:
            assert f'data-card="{card}"' in hand_html
        for objective in hidden_objectives:
            assert shows_objective(mine, objective)

        for viewer in (bob, None):
            page = without_examples(page_of(three, viewer))
            assert "data-hand-of" not in page.replace('data-hand-of="1"', "")
            for objective in hidden_objectives:
                assert not shows_objective(page, objective)
            # The draw pile is never listed, in order or not: only its count.
            order = ", ".join(name_of(c) for c in ann_state.draw)
            assert not order or order not in page

    def test_a_captains_terminal_is_drawn_again_only_when_what_it_shows_changes(
        self, three: models.Game, ann: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The terminals are kept under a digest of what they show (moonrakers_board.draw_captain):
        a chat line (a new position, no captain changed) draws none again; a captain who keeps two
        Objectives is drawn again, for each reader as that reader sees it."""
        from django.template import loader

        drawn: list[str] = []
        real = loader.render_to_string

        def counting(name: str, context: Any = None, *args: Any, **kwargs: Any) -> str:
            if name.endswith("_captain.html"):
                drawn.append(context["p"]["seat"] if context["mine"] else "other")
            return real(name, context, *args, **kwargs)

        monkeypatch.setattr(page_cache, "render_to_string", counting)
        caches[page_cache.cache_alias()].clear()  # another test may have drawn the same terminals
        page_of(three, ann)
        page_of(three, bob)
        drawn.clear()
        services.chat_send(game=three, user=bob, text="good luck", now=NOW)
        page_of(three, ann)
        page_of(three, bob)
        assert drawn == []

        dealt = state_of(three).players[0].choosing
        assert post_move(three, ann, action="keep", prefix=f"keep {dealt[0]} {dealt[1]}").status_code == 302
        mine, bobs = page_of(three, ann), page_of(three, bob)
        assert drawn.count(0) == 1 and drawn.count("other") == 1  # Ann's terminal, as Ann and as Bob see it
        assert shows_objective(mine, dealt[0]) and not shows_objective(without_examples(bobs), dealt[0])

    def test_objectives_being_chosen_are_secret_too(self, three: models.Game, ann: Any, bob: Any) -> None:
        dealt = state_of(three).players[0].choosing
        assert all(shows_objective(page_of(three, ann), o) for o in dealt)
        for viewer in (bob, None):
            page = without_examples(page_of(three, viewer))
            assert not any(shows_objective(page, o) for o in dealt)


class TestEmailLines:
    def test_situation_lines_name_the_contract_its_tally_and_my_hand(self, three: models.Game) -> None:
        state, seat = to_execution(three)
        shows = presentation_for("moonrakers")
        view = texts.render_json(ENGINE.view(state, seat), {0: "Ann", 1: "Bob", 2: "Cyd"})

        lines = shows.situation_lines(view, {0: "Ann", 1: "Bob", 2: "Cyd"})

        assert any(texts.render(msg(f"moonrakers.card.{state.attempt.contract}")) in line for line in lines)
        assert any(line.startswith("Your hand") for line in lines)
        assert shows.score_text(7) == "7 Prestige"

    def test_an_email_tells_its_reader_their_actions_hazard_dice_and_the_cards_to_choose_from(self) -> None:
        # Played by email, a captain could not tell how many Actions were left, what their Hazard
        # Dice rolled, which three cards Lee van Cribb showed, which Bonus Card came, nor what the
        # Objectives dealt to them ask: the page showed all of it, the email none.
        shows = presentation_for("moonrakers")
        view: dict[str, Any] = {
            "you": 1,
            "attempt": {
                "contract": "stim-run",
                "needed": {"reactor": 2},
                "got": {"reactor": 1},
                "success": None,
                "bonus_card": "lee-van-cribb",
                "participants": [
                    {"seat": 0, "actions": 3, "dice": [2], "blocked": 0},
                    {
                        "seat": 1,
                        "actions": 2,
                        "dice": [2, 0, 1],
                        "blocked": 1,
                        "looking": ["shield", "reactor"],
                    },
                ],
            },
            "players": [
                {"seat": 1, "hand": ["thruster"], "credits": 3, "prestige": 2, "choosing": ["tinker"]}
            ],
        }
        lines = shows.situation_lines(view, {0: "Ann", 1: "Bob"})
        assert "You: 2 Actions left · 3 Hazard Dice · Hazard icons: 3, blocked: 1" in lines
        assert "Looking at: Shield, Reactor" in lines
        text = texts.render(msg("moonrakers.text.lee-van-cribb"), lang="en")
        assert f"Bonus Card drawn: Lee van Cribb: {text}" in lines
        tinker = texts.render(msg("moonrakers.text.tinker"), lang="en")
        assert lines[lines.index("Objectives to choose from:") + 1] == f"  Tinker: {tinker}"
        view["attempt"]["participants"][1] = {"seat": 1, "actions": 1, "dice": [], "blocked": 0}
        assert "You: 1 Action left" in shows.situation_lines(view, {0: "Ann", 1: "Bob"})
        assert "Round 3 of 10" in shows.situation_lines({**view, "round": 3}, {0: "Ann"})  # solo
        with translation.override("fr"):
            french = shows.situation_lines(view, {0: "Ann", 1: "Bob"})
        assert "Vous\u00a0: 1 Action restante" in french, french

    def test_a_line_of_several_cards_is_said_in_words(self, three: models.Game) -> None:
        # An email's answer said "Played: play reactor damage-1": no form makes that command.
        _, seat = to_execution(three)
        # Words for what was sent, played or not: the line need not be legal now.
        label = selectors.command_label(three, seat, "play reactor reactor d1")
        words = texts.move_words(label, {0: "Ann", 1: "Bob", 2: "Cyd"}, lang="en")
        assert words == "Play Reactor, Reactor, Damage I"
        label = selectors.command_label(three, seat, "launch order p2 p1")
        assert texts.move_words(label, {0: "Ann", 1: "Bob", 2: "Cyd"}, lang="fr") == (
            "Lancer, dans cet ordre\u00a0: Bob, Ann"
        )

    def test_a_negotiation_email_puts_the_table_in_words(self) -> None:
        # The Mission Leader's email said only "Contract in negotiation: Stim Run": not what it
        # needs and pays, what was offered to whom and answered, nor what the leader would keep.
        shows = presentation_for("moonrakers")
        c = CONTRACTS["stim-run"]
        terms = {"prestige": 0, "credits": 1, "bonus": 0, "dice": 1}
        view: dict[str, Any] = {
            "you": 0,
            "negotiation": {
                "contract": "stim-run",
                "offers": [{"seat": 1, "terms": terms, "status": "accepted", "made": 1}],
                "proposals": [{"seat": 2, "terms": {"prestige": 1, "credits": 0, "bonus": 0, "dice": 0}}],
            },
        }
        lines = shows.situation_lines(view, {0: "Ann", 1: "Bob", 2: "Cyd"})
        assert lines[0] == "Contract in negotiation: Stim Run"
        assert lines[1].startswith("  needs ") and f"pays {c.prestige} Prestige" in lines[1]
        assert "  Offer to Bob: 0 Prestige, 1 Credit, 1 Hazard Die (accepted)" in lines
        assert "  Cyd proposes to join for 1 Prestige, 0 Credits, 0 Hazard Dice" in lines
        keeps = f"{c.prestige} Prestige, {c.credits - 1} Credit"
        assert any(s.startswith(f"  The Mission Leader keeps: {keeps}") for s in lines), lines

    def test_a_turn_email_carries_them_for_its_reader_only(self, three: models.Game) -> None:
        from games.mail import situation

        state, seat = to_execution(three)
        other = (
            next(p.seat for p in state.attempt.participants if p.seat != seat)
            if len(state.attempt.participants) > 1
            else (seat + 1) % 3
        )
        contract = texts.render(msg(f"moonrakers.card.{state.attempt.contract}"), lang="en")

        mine = situation.for_seat(three, three.seats.get(position=seat), now=NOW, with_links=False)
        theirs = situation.for_seat(three, three.seats.get(position=other), now=NOW, with_links=False)

        assert any(contract in line for line in mine.summary)
        hand = ", ".join(
            texts.render(msg(f"moonrakers.card.{c}"), lang="en") for c in state.players[seat].hand
        )
        assert f"Your hand: {hand}" in mine.summary
        assert (
            f"Your hand: {hand}" not in theirs.summary
            or state.players[other].hand == state.players[seat].hand
        )

    def test_a_mission_leader_who_must_plan_reads_the_contracts_to_choose_from(
        self, three: models.Game
    ) -> None:
        # The planning email listed "Choose Stim Run"... with nothing to choose by: each Contract now
        # comes with what it needs, pays and risks, with the reader's own Objectives.
        from games.mail import situation

        state = play_until(three, lambda s: "plan" in kinds(s))
        leader = state.leader
        mine = situation.for_seat(three, three.seats.get(position=leader), now=NOW, with_links=False)
        slug = state.contract_row[0]
        c = CONTRACTS[slug]
        needs = ", ".join(texts.render(msg(f"moonrakers.need.{k}", n)) for k, n in c.requirements)
        # The type too: Gun for Hire, Santa Maria... ask for a Kill, a Rescue.
        kind = {"explore": "Explore", "delivery": "Delivery", "kill": "Kill", "rescue": "Rescue"}[c.type]
        line = f"  #1 {html.unescape(name_of(slug))} ({kind}): needs {needs}; pays {c.prestige} Prestige, "
        assert any(s.startswith(line) and "Hazard Di" in s for s in mine.summary), mine.summary
        # Each Objective held, with what it asks.
        assert "Your secret Objectives:" in mine.summary
        for held in state.players[leader].objectives:
            text = texts.render(msg(f"moonrakers.text.{held}"), lang="en")
            assert f"  {html.unescape(name_of(held))}: {text}" in mine.summary
        other = situation.for_seat(
            three, three.seats.get(position=(leader + 1) % 3), now=NOW, with_links=False
        )
        assert not any(s.startswith("  #1 ") for s in other.summary)  # only for whom must choose
        assert not any(s.startswith("Your secret Objectives") for s in other.summary)
        with translation.override("fr"):
            french = situation.for_seat(three, three.seats.get(position=leader), now=NOW, with_links=False)
        assert any(
            s.startswith(f"  n°\u00a01 {html.unescape(name_of(slug, 'fr'))} (") and "\u00a0: demande " in s
            for s in french.summary
        )
        assert "Vos Objectifs secrets\u00a0:" in french.summary, french.summary

    def test_a_mission_leader_who_buys_reads_the_armory_and_its_prices(self, three: models.Game) -> None:
        from games.mail import situation

        state = play_until(three, lambda s: "buy" in kinds(s))
        leader = state.leader
        mine = situation.for_seat(three, three.seats.get(position=leader), now=NOW, with_links=False)
        crew = state.crew_row[0]
        cost = CREW[crew].cost
        price = f"{cost} Credit" if cost == 1 else f"{cost} Credits"
        assert "The Armory:" in mine.summary
        assert any(
            s.startswith(f"  {html.unescape(name_of(crew))} (Crew · {price}): ") for s in mine.summary
        ), mine.summary
        # A Ship Part says its brand and the cards it adds: Objectives ask for brands.
        part = state.part_row[0]
        brand = PARTS[part].brand.capitalize()
        assert any(
            s.startswith(f"  {html.unescape(name_of(part))} (Ship Part · {brand} · ") for s in mine.summary
        )


class TestMercenaries:
    def test_the_row_says_each_card_its_price_rule_and_what_was_used(self, ann: Any) -> None:
        # "merc 3" meant counting along the row; a Mercenary used showed nowhere in the play area.
        game = moonrakers_game(ann)  # solo: the Mercenary Deck
        state = play_until(game, lambda s: any(sp.action == "usemercenary" for sp in ENGINE.legal(s, 0)))
        spec = next(sp for sp in ENGINE.legal(state, 0) if sp.action == "usemercenary" and not sp.params)
        slot = int(spec.prefix.split()[1])
        used = state.merc_row[slot - 1]
        submit(game, 0, spec.prefix)

        page = html.unescape(page_of(game, ann))
        assert "a Crew costs 1 Prestige; the first Action card 1 Credit, the second 2" in page
        row = re.search(r'<ul class="mr-merc-row">.*?</ul>', page, re.S)
        assert row
        item = re.search(rf'<li data-merc-slot="{slot}">(.*?)</li>', row.group(0), re.S)
        assert item and f"#{slot}" in item.group(1) and f'data-card="{used}"' in item.group(1)
        assert "used" in item.group(1)
        area = participant_area(page, 0)
        assert "Mercenaries used" in area and f'data-card="{used}"' in area


class TestNothingAffordable:
    def test_a_buyer_who_can_afford_nothing_is_told_so(self, three: models.Game) -> None:
        # The "Done" button alone said nothing of why: the line says the Credits are too few.
        state = play_until(three, lambda s: "buy" in kinds(s))
        leader = state.leader
        # The buyer's Credits as the page reads them: the state cache rewritten with none.
        cache = models.StateCache.objects.get(game=three)
        cache.state = ENGINE.dump_state(state.with_player(leader, credits=0))
        cache.save(update_fields=["state"])
        page = html.unescape(page_of(three, user_at(three, leader)))
        assert "Nothing in the Armory costs 0 Credits or less." in page
        assert 'data-action="buy"' not in page


class TestFrench:
    def test_the_board_speaks_french(self, three: models.Game, bob: Any) -> None:
        bob.language = "fr"
        bob.save(update_fields=["language"])
        state = state_of(three)
        page = page_of(three, bob)

        assert "Le Dispatch" in page and "Armurerie" in page and "Mon terminal de commande" in page
        assert name_of(state.contract_row[0], "fr") in page
        assert "The Dispatch" not in page and "My Command Terminal" not in page

    def test_french_words_agree_with_what_they_name(self, three: models.Game, bob: Any) -> None:
        # "Pièces installées : aucun" (pièce is feminine); "Si le temps de Alice" (no elision before a
        # name: the sentence now needs none).
        bob.language = "fr"
        bob.save(update_fields=["language"])
        page = html.unescape(page_of(three, bob))
        parts = re.search(r"<h5>Pièces installées</h5>\s*<p[^>]*>(.*?)</p>", page, re.S)
        assert parts and parts.group(1) == "aucune"
        assert "ne joue pas à temps\u00a0:" in page and "Si le temps de" not in page

    def test_a_captains_credits_agree_with_their_number(self) -> None:
        from games.boards.moonrakers.templatetags.moonrakers_board import counted_noun

        with translation.override("en"):
            assert [counted_noun("credits", n) for n in (0, 1, 2)] == ["Credits", "Credit", "Credits"]
        with translation.override("fr"):
            assert [counted_noun("credits", n) for n in (0, 1, 2)] == ["Crédit", "Crédit", "Crédits"]

    def test_cards_drawn_in_english_are_drawn_again_in_french(self, three: models.Game, bob: Any) -> None:
        """A card's face is drawn once per process and language (moonrakers_board.draw_*): the same
        Contracts, Armory and hand read in English, then in French, each in its own words."""
        state = state_of(three)
        shown = [state.contract_row[0], state.crew_row[0], *state.players[1].hand]
        english = page_of(three, bob)
        bob.language = "fr"
        bob.save(update_fields=["language"])
        french = page_of(three, bob)

        differ = [slug for slug in shown if name_of(slug) != name_of(slug, "fr")]
        assert differ, "no card of this deal has a French name of its own"
        for slug in differ:
            assert name_of(slug) in english and name_of(slug, "fr") not in english
            assert name_of(slug, "fr") in french and f">{name_of(slug)}<" not in french


class TestEveryDecision:
    @pytest.mark.parametrize("players", [1, 2])
    def test_every_kind_of_decision_renders_for_every_viewer(self, players: int, ann: Any, bob: Any) -> None:
        """A solo game and a two-player game (the Mercenary row), played by bots: at the first moment
        of each kind of decision, every seat's page and a spectator's page render, and the seat to act
        gets a form for each of its legal commands."""
        from tests.web.moonrakers_play import play_one

        wanted = {"keep_objectives", "plan", "play", "buy"}
        seen: set[str] = set()
        # A game's seed comes from its id, which depends on the tests run before: about one solo
        # game in a hundred ends without a "play" decision (2 of 200 bot games), so another
        # game is played until every kind was seen.
        for _ in range(5):
            game = moonrakers_game(*(ann, bob)[:players])
            for _ in range(400):
                if game.is_finished:
                    break
                state = state_of(game)
                for pending in ENGINE.pending(state):
                    if pending.kind in seen:
                        continue
                    seen.add(pending.kind)
                    page = page_of(game, user_at(game, pending.seat))
                    for spec in ENGINE.legal(state, pending.seat):
                        assert f'value="{html.escape(spec.prefix)}"' in page, (pending.kind, spec.prefix)
                    for seat in range(players):
                        page_of(game, user_at(game, seat))
                    page_of(game, None)
                play_one(game)
            if wanted <= seen:
                break
        assert wanted <= seen
        if players == 2:
            assert "mercenary" in ENGINE.view(state_of(game), None)
            assert "Mercenaries" in page_of(game, None)
