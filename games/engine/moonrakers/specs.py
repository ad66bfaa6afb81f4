"""Command specs with parameters, for forms and bots: one spec per card or part with its options
as ``Param``s whose values are notation words (``trash miss``, ``reduce damage``, ``as shield``),
so that ``CommandSpec.build`` writes a line ``parse`` reads."""

from __future__ import annotations

from games.engine.core import Choice, Message, Param, msg
from games.engine.moonrakers.cards import CREW
from games.engine.moonrakers.effects import CREW_TABLE, REPLICATOR_AS, printed
from games.engine.moonrakers.state import GameState


def card_label(slug: str) -> Message:
    return msg(f"moonrakers.card.{slug}")


def _param(
    name: str, choices: list[Choice], *, multiple: bool = False, least: int = 1, most: int | None = None
) -> Param:
    return Param(name, msg(f"moonrakers.param.{name}"), tuple(choices), multiple, least, most)


def crew_params(
    state: GameState, seat: int, crew: str, *, hand_after: tuple[str, ...]
) -> tuple[str, tuple[Param, ...]]:
    """(words after the card name, params) for a Crew card's options."""
    ability = CREW_TABLE[crew]
    params: list[Param] = []
    suffix = ""
    if "mode" in ability.needs:
        keyword = "as " if crew == "tantin-al-vale" else ""
        params.append(
            _param("mode", [Choice(f"{keyword}{m}", msg(f"moonrakers.mode.{m}")) for m in ability.modes])
        )
    if "trash" in ability.needs and hand_after:
        params.append(_param("trash", [Choice(f"trash {c}", card_label(c)) for c in sorted(set(hand_after))]))
    if "reduce" in ability.needs and state.attempt is not None:
        kinds = printed(state)
        params.append(_param("reduce", [Choice(f"reduce {k}", msg(f"moonrakers.kind.{k}")) for k in kinds]))
    if "take" in ability.needs:
        p = state.players[seat]
        crews = sorted({c for c in (*p.play, *p.discard) if c in CREW and c != "b3-ar"})
        if crews:
            params.append(
                _param(
                    "take",
                    [Choice(f"take {c}", card_label(c)) for c in crews],
                    multiple=True,
                    least=0,
                    most=1,
                )
            )
    if "dice" in ability.needs and state.attempt is not None:
        dice = state.attempt.part(seat).dice
        choices = [
            Choice(str(i + 1), msg("moonrakers.label.die", i + 1, n=i + 1, icons=f))
            for i, f in enumerate(dice)
        ]
        if crew == "at-0k":
            if dice:
                suffix = "die"
                params.append(_param("dice", choices))
        else:
            suffix = "reroll"
            params.append(_param("dice", choices, multiple=True, least=0))
    if "cards" in ability.needs:
        suffix = "discard"
        params.append(_param("cards", [Choice(c, card_label(c)) for c in hand_after], multiple=True, least=0))
    return suffix, tuple(params)


def part_params(state: GameState, seat: int, part: str) -> tuple[str, tuple[Param, ...]] | None:
    """(words after ``use PART``, params) for an activated part; None: no parameters."""
    hand = state.players[seat].hand
    if part in ("the-pursuer", "multi-stage-m1"):
        return "", (
            _param("cards", [Choice(c, card_label(c)) for c in hand], multiple=True, least=0, most=3),
        )
    if part == "defender-5000":
        return "", (
            _param(
                "cards",
                [Choice(c, card_label(c)) for c in hand if c != "shield"],
                multiple=True,
                least=2,
                most=2,
            ),
        )
    if part == "replicator-mk1":
        # Two identical cards, never Crew (Glossary II "Same Card"): one choice per pair held, so a
        # form or a bot cannot pick two different cards that the engine would refuse.
        pairs = sorted({c for c in hand if c not in CREW and hand.count(c) >= 2})
        return "", (
            _param(
                "pair",
                [Choice(f"{c} {c}", msg("moonrakers.label.pair_of", card=card_label(c))) for c in pairs],
            ),
            _param("mode", [Choice(f"as {m}", card_label(m)) for m in REPLICATOR_AS]),
        )
    if part == "symbiote-9000":
        return "", (_param("trash", [Choice(f"trash {c}", card_label(c)) for c in sorted(set(hand))]),)
    return None
