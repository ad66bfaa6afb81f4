"""Standing answers: rules a captain sets in advance for the quick follow-ups of Moonrakers.

An offer to join a Contract (``answer_offer``) may be declined always, or accepted when the share
offered is worth it; the Bonus Card's deck (``bonus_deck``) may be chosen in advance. A rule that
does not fit an offer (too little Prestige, too many Hazard Dice) plays nothing: the captain
answers that offer themself, or its timeout default (``decline``) does.
"""

from __future__ import annotations

from games.engine.core import Pending, Policy, PolicyParam, PolicySpec, msg
from games.engine.moonrakers.state import OPEN, GameState

M = msg

# The largest share any Contract offers (cards.json: 5 Prestige, 12 Credits, 4 Hazard Dice).
_MOST_PRESTIGE, _MOST_CREDITS, _MOST_DICE = 5, 12, 4

_OFFER = M("moonrakers.standing.asks_offer")
_BONUS = M("moonrakers.standing.asks_bonus_deck")
# Offers go to other captains: a solo captain has nobody to hear from (the Mercenaries are hired,
# not asked), so the offer answers are for tables of two or more.
_OFFERS = 2
_DICE = PolicyParam("dice", M("moonrakers.standing.at_most_dice"), 0, _MOST_DICE, 0)

STANDING_POLICIES: tuple[PolicySpec, ...] = (
    PolicySpec("decline", "answer_offer", M("moonrakers.standing.decline"), asks=_OFFER, min_players=_OFFERS),
    PolicySpec(
        "accept_prestige",
        "answer_offer",
        M("moonrakers.standing.accept_prestige"),
        (PolicyParam("prestige", M("moonrakers.standing.at_least_prestige"), 1, _MOST_PRESTIGE, 1), _DICE),
        asks=_OFFER,
        min_players=_OFFERS,
    ),
    PolicySpec(
        "accept_credits",
        "answer_offer",
        M("moonrakers.standing.accept_credits"),
        (PolicyParam("credits", M("moonrakers.standing.at_least_credits"), 1, _MOST_CREDITS, 2), _DICE),
        asks=_OFFER,
        min_players=_OFFERS,
    ),
    PolicySpec("bonus_crew", "bonus_deck", M("moonrakers.standing.bonus_crew"), asks=_BONUS),
    PolicySpec("bonus_part", "bonus_deck", M("moonrakers.standing.bonus_part"), asks=_BONUS),
)


def standing_command(state: GameState, seat: int, pending: Pending, policy: Policy) -> str | None:
    """The command ``policy`` plays for ``seat`` on its ``pending`` decision, or None."""
    name = policy.get("policy")
    if pending.seat != seat:
        return None
    if pending.kind == "bonus_deck":
        return {"bonus_crew": "bonus crew", "bonus_part": "bonus part"}.get(str(name))
    if pending.kind != "answer_offer" or state.negotiation is None:
        return None
    offer = state.negotiation.offer(seat)
    if offer is None or offer.status != OPEN:
        return None
    terms = offer.terms
    if name == "decline":
        return "decline"
    if terms.d > int(policy.get("dice", 0)):
        return None
    if name == "accept_prestige" and terms.p >= int(policy.get("prestige", _MOST_PRESTIGE + 1)):
        return "accept"
    if name == "accept_credits" and terms.c >= int(policy.get("credits", _MOST_CREDITS + 1)):
        return "accept"
    return None


__all__ = ["STANDING_POLICIES", "standing_command"]
