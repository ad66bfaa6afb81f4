"""What the table endpoints read and write: invitations, a finished game's export and its check.

The export renders ``selectors.game_export`` field for field, as the page's download holds it;
the verification renders ``games.verification.verify_game``'s report, as the page shows it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games import models
from games.api.fields import StrictEmailField
from games.forms import MAX_EMAIL_LENGTH

# ---- input ---------------------------------------------------------------------------------


class InviteSerializer(serializers.Serializer[Any]):
    email = StrictEmailField(
        max_length=MAX_EMAIL_LENGTH, help_text=_("The address to send the invitation to.")
    )


# ---- output --------------------------------------------------------------------------------


class InvitationSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField(help_text=_("The table's id."))
    email = serializers.EmailField(help_text=_("The address the invitation goes to."))
    state = serializers.ChoiceField(
        choices=[("queued", "queued"), ("sent", "sent")],
        help_text=_("queued: the email leaves in a moment; sent: it has left."),
    )
    created_at = serializers.DateTimeField()
    invite_url = serializers.URLField(
        help_text=_("The table's invitation link, the one the email carries (players see it on the page).")
    )


class InvitationLinkSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField(help_text=_("The table's id."))
    invite_url = serializers.URLField(
        allow_null=True,
        help_text=_(
            "The new invitation link; null once the game has started (the page shares the link only "
            "while the table is open)."
        ),
    )
    revoked_at = serializers.DateTimeField(
        help_text=_("From then on the old link, and the emails that carried it, let nobody in.")
    )


class ExportPlayerSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    is_bot = serializers.BooleanField()
    resigned = serializers.BooleanField()


class ExportEventSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    version = serializers.IntegerField(help_text=_("The version of the event type's payload."))
    seat = serializers.IntegerField(allow_null=True)
    payload = serializers.DictField(
        help_text=_(
            "The event's own fields, as stored. A private chat line keeps its text between its two "
            "seats: text null, private true."
        )
    )
    batch = serializers.IntegerField(help_text=_("The seq of the first event written with this one."))
    cause = serializers.ChoiceField(choices=models.Event.Cause.choices)
    command = serializers.CharField(allow_blank=True, help_text=_("The command that made it, if any."))
    actor = serializers.IntegerField(allow_null=True, help_text=_("The seat that acted, if any."))
    created_at = serializers.DateTimeField()


class GameExportSerializer(serializers.Serializer[Any]):
    """A finished game as one document: what the game page's JSON download holds."""

    id = serializers.IntegerField()
    kind = serializers.CharField()
    options = serializers.DictField(child=serializers.BooleanField())
    seat_count = serializers.IntegerField()
    time_per_move_seconds = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    players = ExportPlayerSerializer(many=True)
    seed = serializers.CharField(help_text=_("The secret seed of every roll and shuffle, hex."))
    seed_sha256 = serializers.CharField(help_text=_("Its SHA-256, published at the start."))
    outcome = serializers.DictField(help_text=_("Scores and ranking, as stored."))
    events = ExportEventSerializer(many=True, help_text=_("Every event of the game, in order."))


class BatchCheckSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(help_text=_("The batch's first event."))
    cause = serializers.ChoiceField(choices=models.Event.Cause.choices)
    command = serializers.CharField(allow_blank=True)
    matches = serializers.BooleanField(help_text=_("Recomputed from the seed, it gives the stored events."))
    detail = serializers.CharField(allow_blank=True, help_text=_("How it differs; empty when it matches."))


class VerificationSerializer(serializers.Serializer[Any]):
    """A finished game's dice and shuffles recomputed from its revealed seed."""

    id = serializers.IntegerField()
    seed = serializers.CharField(help_text=_("The seed, revealed at the end, hex."))
    seed_sha256 = serializers.CharField(help_text=_("The SHA-256 published at the start."))
    computed_sha256 = serializers.CharField(help_text=_("The seed's SHA-256, computed now."))
    seed_matches_hash = serializers.BooleanField()
    all_match = serializers.BooleanField(
        help_text=_("The seed matches its hash and every batch recomputed from it matches.")
    )
    checked = serializers.IntegerField(help_text=_("How many batches with dice or shuffles were recomputed."))
    batches = BatchCheckSerializer(many=True)
