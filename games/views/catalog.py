"""English texts the pages show but do not write: services' refusals and the engines' fixed wording.

Services and engines speak English (engines import no Django). Pages pass their texts through
gettext (``common.reason``, the ``translated`` filter, ``{% translate spec.label %}``), so a text
listed here is shown in French to French readers. Texts built with numbers or names (most log
lines, "Lock 2 Shield dice...") stay English: the catalog cannot hold every combination.
Nothing imports this module; ``makemessages`` reads it.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

SERVICE_REFUSALS = (
    gettext_noop("This game has already started."),
    gettext_noop("You already have a seat at this table."),
    gettext_noop("This table is full."),
    gettext_noop("The game has started: resign instead."),
    gettext_noop("You have no seat at this table."),
    gettext_noop("The creator cannot leave; start the game or fill it with bots."),
    gettext_noop("Only the game's creator can add bots."),
    gettext_noop("Only the game's creator can start it."),
    gettext_noop("You have resigned from this game."),
    gettext_noop("Only players at this table can chat."),
    gettext_noop("Write something to send."),
    gettext_noop("Choose another player at this table to write to."),
    gettext_noop("Chat opens when the game starts."),
    gettext_noop("Only a game in progress can be resigned."),
    gettext_noop("You have already resigned."),
    gettext_noop("You are already playing this seat."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Only players at this table can invite."),
    gettext_noop("This player already has a seat at this table."),
    gettext_noop("This game is not in progress."),
    gettext_noop("It is not your turn."),
    gettext_noop("The game is over."),
)

MOONROLLERS_TEXTS = (
    # What the player to act must decide (view["prompt"]).
    gettext_noop("Keep one of the two Hazard tokens you drew; the other goes back to the pile."),
    gettext_noop("Choose the crew card to work on this turn."),
    gettext_noop("Roll again, or stop and keep your completed requirements."),
    gettext_noop("Nothing you rolled can be locked: use an ability that might help, or bust."),
    gettext_noop("You hired a duplicate faction: you may return one of your Hazard tokens to the pile."),
    # Command labels, their params and help.
    gettext_noop("Roll the dice"),
    gettext_noop("Roll again"),
    gettext_noop("Pass your turn"),
    gettext_noop("Stop"),
    gettext_noop("Bust"),
    gettext_noop("Choose a crew card"),
    gettext_noop("Commit to a requirement"),
    gettext_noop("Keep a Hazard token"),
    gettext_noop("Place the new crew card"),
    gettext_noop("Return a Hazard token"),
    gettext_noop("Keep them all"),
    gettext_noop("Crew"),
    gettext_noop("Requirement"),
    gettext_noop("Where"),
    gettext_noop("Token to keep"),
    gettext_noop("Token to return"),
    gettext_noop("Dice to re-roll"),
    gettext_noop("Under"),
    gettext_noop("On top (its ability replaces the current one)"),
    gettext_noop("End your turn, keeping completed requirements."),
    gettext_noop("Take back the tokens you placed this turn."),
    gettext_noop("Extra Dice shown add supply dice first."),
    gettext_noop("You place nothing this turn."),
    gettext_noop("Re-roll your whole rolling pool (Salatar)"),
    gettext_noop("Complete your committed requirement (B3-AR)"),
    gettext_noop("Draw 1 Hazard token (Imdar Shade)"),
    gettext_noop("Set a Wild aside for your next roll (Meg Gallak)"),
    gettext_noop("Treat your Wild as an Extra Die (FT-1000)"),
    # Die faces as choice labels.
    gettext_noop("Extra Die"),
    # The tiny test game's wording never reaches players; Moonrollers' option does.
    gettext_noop("Longer game"),
    gettext_noop("No starting crew: every crew card is shuffled into the deck (best with 2-3 players)."),
)
