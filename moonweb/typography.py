"""Template helpers for typography that depends on the reader's language, loaded in every template.

French puts a no-break space before a colon: ``{% translate "Supply" %}{% colon %}`` reads
"Supply:" in English and "Réserve :" in French, where a literal ":" would glue to the word.
"""

from __future__ import annotations

from django import template
from django.utils import translation

register = template.Library()


@register.simple_tag
def colon() -> str:
    language = (translation.get_language() or "en").split("-")[0]
    return "\u00a0:" if language == "fr" else ":"
