"""Every text of the engine is a message of both catalogs, in the French rulebook's words.

Walking many random games, every message the engine produced (log lines of every event for every
seat and spectators, prompts, labels and help of legal specs, option labels, the outcome's
explanations, the notation examples, the refusals of the notation's errors and of illegal
commands) has its key in the English and the French catalogs, renders in both without a leftover
brace, and reads differently in French. The catalogs agree with each other and with their
compiled ``.mo`` files, and French typography holds on real lines.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from moonrollers_scenario import Game, french
from test_moonrollers_notation import UNPARSABLE

from games.engine.core import CannotParse, CommandSpec, Event, IllegalCommand, Message, Rng, SeatRef, msg
from games.engine.messages import has_text, is_message_json, render, translations
from games.engine.moonrollers import ENGINE
from games.engine.moonrollers.cards import CREW
from games.engine.moonrollers.state import GameState
from games.engine.moonrollers.texts import requirement
from games.engine.simulation import game_seed, play

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "games" / "engine" / "moonrollers"
CATALOGS = {lang: SOURCE / "locale" / lang / "LC_MESSAGES" / "moonrollers.po" for lang in ("en", "fr")}
# Names that start with a vowel, to see French elision at work on players too.
NAMES = {0: "Ann", 1: "Bob", 2: "Émile", 3: "Dora", 4: "Yann"}
PLAIN_SPACE_BEFORE_MARK = re.compile(r" [:;!?]")


def keys_of(message: Message) -> Iterator[str]:
    yield message.key
    for value in message.params.values():
        if isinstance(value, Message):
            yield from keys_of(value)


class Checker:
    """Checks each distinct message once, and keeps every French line for the typography tests."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.keys: set[str] = set()
        self.french: list[str] = []

    def check(self, message: Message | dict[str, Any]) -> None:
        data = message.to_json() if isinstance(message, Message) else message
        assert is_message_json(data), data
        canonical = repr(data)  # messages are built the same way each time: a cheap identity
        if canonical in self.seen:
            return
        self.seen.add(canonical)
        parsed = Message.from_json(data)
        for key in keys_of(parsed):
            assert key.startswith("moonrollers."), key
            assert has_text(key, "en") and has_text(key, "fr"), f"{key} is missing from a catalog"
            self.keys.add(key)
        english, french = render(parsed, "en", NAMES), render(parsed, "fr", NAMES)
        for text in (english, french):
            assert "{" not in text and "}" not in text, text
            assert "moonrollers." not in text, f"a message did not render: {text}"
        assert french != english, f"{parsed.key} reads the same in French: {french}"
        self.french.append(french)

    def check_json(self, node: Any) -> int:
        """Every message inside a view or a log entry; any other dict must not have a "key"."""
        if isinstance(node, dict):
            if "key" in node:
                self.check(node)
                return 1
            return sum(self.check_json(v) for v in node.values())
        if isinstance(node, list):
            return sum(self.check_json(v) for v in node)
        return 0

    def check_specs(self, specs: list[CommandSpec]) -> None:
        for spec in specs:
            self.check(spec.label)
            if spec.help is not None:
                self.check(spec.help)
            for param in spec.params:
                self.check(param.label)
                for choice in param.choices:
                    self.check(choice.label)

    def refused(self, error: IllegalCommand | CannotParse) -> None:
        self.check(error.reason)


def meg_gallak_game() -> Game:
    """A position reaching the one event random games rarely show: Meg Gallak's saved Wild."""
    g = Game.build(["Ann", "Bob"], crew={"Ann": ["meg-gallak"]}, display=["namari"])
    g.roll("wild shield shield damage thruster")
    g.play("save wild")
    return g


GAMES = [(2, False, "heuristic"), (3, False, "heuristic"), (4, True, "heuristic"), (5, False, "heuristic")]
GAMES += [(4, False, "random")]  # the random bot reaches rare abilities and refusals


@pytest.fixture(scope="module")
def walked() -> Checker:
    """Play the games and check every message on the way."""
    checker = Checker()
    for index, (players, longer, bot) in enumerate(GAMES):
        game = play(
            ENGINE, players, seed=game_seed("messages", index), options={"longer_game": longer}, bot=bot
        )
        walk(checker, game.events, players, full_views=False)
    for event in meg_gallak_game().events:
        for seat in (0, 1, None):
            checker.check_json(ENGINE.redact(event, seat))
    return checker


def walk(checker: Checker, events: list[Event], players: int, *, full_views: bool) -> None:
    state: GameState | None = None
    for n, event in enumerate(events):
        for seat in [*range(players), None]:
            entry = ENGINE.redact(event, seat)
            assert entry is not None
            assert checker.check_json(entry) == 1  # the line itself; nothing else is a message
        state = ENGINE.evolve(state, event)
        pending = ENGINE.pending(state)
        if full_views or n % 25 == 0 or state.finished:
            for seat in [*range(players), None]:
                checker.check_json(ENGINE.view(state, seat))
        else:
            # The view's other messages (cards, abilities, stacks) change seldom: prompts are enough.
            for seat in [*(p.seat for p in pending), None]:
                checker.check(ENGINE.view(state, seat)["prompt"])
        for p in pending:
            checker.check_specs(ENGINE.legal(state, p.seat))
            refuse_everything(checker, state)
        if state.finished:
            outcome = ENGINE.outcome(state)
            assert outcome is not None
            assert checker.check_json(outcome.to_json()) >= 3  # tie-break, end, Hazard, winner


# Commands of every kind, refused in most positions: their reasons must be messages too.
ATTEMPTS = [
    "roll",
    "roll without avari",
    "settle",
    "stop",
    "bust",
    "choose namari",
    "choose salatar",
    "commit shield",
    "commit reactor 9",
    "lock wild",
    "lock damage damage damage damage",
    "lock extra",
    "lock thruster as wild with zek-zarag",
    "lock extra as 2 reactors with ada-massa",
    "reroll shield with vila-noir",
    "reroll reactor reactor with lila-al-bindar",
    "use salatar",
    "use b3-ar",
    "use imdar-shade",
    "use ryan-rogal",
    "treat wild as extra with ft-1000",
    "treat damage as extra with kary-powalk",
    "save wild",
    "keep 1",
    "stack top",
    "return 1",
    "return none",
]
_COMMANDS = [ENGINE.parse(text) for text in ATTEMPTS]
_probed: set[tuple[Any, ...]] = set()


def refuse_everything(checker: Checker, state: GameState) -> None:
    key = (state.turn.phase, state.turn.crew, state.turn.requirement, state.turn.roll, state.turn.drawn)
    if key in _probed:
        return
    _probed.add(key)
    for command in _COMMANDS:
        for seat in range(state.seats):
            try:
                ENGINE.decide(state, seat, command, Rng(b"refusals", seat, 0))
            except IllegalCommand as refused:
                checker.refused(refused)


def test_every_message_of_real_games_is_in_both_catalogs_and_reads_in_french(walked: Checker) -> None:
    families = {key.split(".")[1] for key in walked.keys}
    assert {
        "log",
        "prompt",
        "command",
        "param",
        "choice",
        "help",
        "refused",
        "outcome",
        "face",
        "dice",
    } <= families
    logged = {key.split(".")[2] for key in walked.keys if key.startswith("moonrollers.log.")}
    assert {
        "dice_rolled",
        "dice_locked",
        "requirement_completed",
        "crew_hired_refill",
        "busted",
        "stopped",
    } <= logged
    assert "wild_saved" in logged
    prompts = {key.split(".")[2] for key in walked.keys if key.startswith("moonrollers.prompt.")}
    assert {
        "start_turn",
        "choose_crew",
        "commit",
        "lock_dice",
        "roll_or_stop",
        "keep_hazard",
        "waiting",
    } <= prompts
    assert len([k for k in walked.keys if k.startswith("moonrollers.refused.")]) > 20
    assert len(walked.seen) > 1000


def test_refusals_of_the_notation_and_the_option_and_examples_are_messages_too() -> None:
    checker = Checker()
    for text, _ in UNPARSABLE:
        with pytest.raises(CannotParse) as error:
            ENGINE.parse(text)
        checker.refused(error.value)
    for option in ENGINE.OPTIONS:
        checker.check(option.label)
        assert option.help is not None
        checker.check(option.help)
    assert 6 <= len(ENGINE.NOTATION_EXAMPLES) <= 12
    for what, text in ENGINE.NOTATION_EXAMPLES:
        checker.check(what)
        ENGINE.parse(text)  # every example is a command of the notation


def test_french_typography_holds_on_every_french_line(walked: Checker) -> None:
    assert walked.french
    for line in walked.french:
        assert not PLAIN_SPACE_BEFORE_MARK.search(line), line
        assert "'" not in line, f"a straight apostrophe in French: {line}"
    assert any("\u00a0:" in line for line in walked.french)


def test_french_elides_before_a_vowel_and_agrees_in_number() -> None:
    assert render(msg("moonrollers.prompt.commit", crew=CREW["aponi"].name), "fr") == (
        french("Optez pour une condition d'Aponi.")
    )
    assert render(msg("moonrollers.prompt.commit", crew=CREW["namari"].name), "fr") == (
        "Optez pour une condition de Namari."
    )
    assert render(requirement("avari", 0), "fr") == french("la condition 3 Dommages d'Avari")
    assert render(msg("moonrollers.prompt.waiting", player=SeatRef(2)), "fr", NAMES) == french(
        "En attente d'Émile."
    )
    one = Message("moonrollers.log.stopped", {"player": SeatRef(1)}, 1)
    two = Message("moonrollers.log.stopped", {"player": SeatRef(1)}, 2)
    assert render(one, "fr", NAMES) == french("Bob s'arrête et garde 1 condition remplie ce tour-ci.")
    assert render(two, "fr", NAMES) == french("Bob s'arrête et garde 2 conditions remplies ce tour-ci.")
    assert render(one, "en", NAMES) == "Bob stops, keeping 1 completed requirement this turn."
    assert render(two, "en", NAMES) == "Bob stops, keeping 2 completed requirements this turn."
    assert render(Message("moonrollers.token", {"prestige": 5}, 2), "fr") == "5 Prestige/2 Dangers"
    assert render(Message("moonrollers.token", {"prestige": 2}, 1), "fr") == "2 Prestige/1 Danger"


def test_a_real_refusal_reads_in_french_with_its_typography() -> None:
    g = Game.build(["Ann", "Bob"], display=["namari", "aponi"])
    g.roll("reactor reactor reactor shield wild")
    reason = g.refusal("lock shield")
    assert reason.key == "moonrollers.refused.choose_crew_first"
    assert render(reason, "fr") == french("Choisissez d'abord une carte Équipage\u00a0: choisir <équipage>.")
    g.play("choose aponi")
    assert render(g.refusal("lock shield"), "fr") == (
        french("Optez d'abord pour une condition d'Aponi\u00a0: opter <face>.")
    )


def test_the_log_uses_the_french_rulebook_words() -> None:
    game = play(ENGINE, 2, seed=game_seed("fr-words", 1))
    lines = " ".join(render(ENGINE.redact(e, e.seat)["text"], "fr", NAMES) for e in game.events)  # type: ignore[index]
    for word in (
        "lance",
        "verrouille",
        "opte pour la condition",
        "Au tour",
        "remplit",
        "pioche",
        "jetons Danger",
    ):
        assert word in lines, word
    # "Engager" is hiring crew in the French rulebook: committing to a requirement is "opter pour".
    assert "engage" not in lines


def test_french_hides_the_hazard_tokens_of_others_as_english_does() -> None:
    game = play(ENGINE, 3, seed=game_seed("fr-hazard", 0))
    drawn = [e for e in game.events if e.type == "hazard_tokens_drawn"]
    assert drawn
    event = drawn[0]
    other = ((event.seat or 0) + 1) % 3
    for language in ("en", "fr"):
        assert "Prestige/" not in render(ENGINE.redact(event, other)["text"], language)  # type: ignore[index]
        assert "Prestige/" not in render(ENGINE.redact(event, None)["text"], language)  # type: ignore[index]
        assert "Prestige/" in render(ENGINE.redact(event, event.seat)["text"], language)  # type: ignore[index]


# ---- the catalogs ---------------------------------------------------------------------------------


def po_entries(path: Path) -> dict[str, tuple[str, ...]]:
    """msgid -> its msgstr (or msgstr[0], msgstr[1]) from a .po file of this package's simple form."""
    entries: dict[str, tuple[str, ...]] = {}
    msgid: str | None = None
    strs: list[str] = []
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("msgid "):
            msgid, strs = json.loads(line[6:]), []
        elif line.startswith("msgstr"):
            strs.append(json.loads(line.split(" ", 1)[1]))
        elif line.startswith('"') and strs:
            strs[-1] += json.loads(line)
        elif not line.strip() and msgid:
            entries[msgid] = tuple(strs)
            msgid = None
    return entries


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_catalogs_have_the_same_keys_with_the_same_parameters() -> None:
    english, french = po_entries(CATALOGS["en"]), po_entries(CATALOGS["fr"])
    assert english.keys() == french.keys()
    assert len(english) > 250
    for key, texts in english.items():
        assert key.startswith("moonrollers."), key
        assert len(texts) == len(french[key]), key
        wanted = set().union(*(fields(t) for t in texts)) - {"count"}
        assert set().union(*(fields(t) for t in french[key])) - {"count"} == wanted, key
        assert all(t.strip() for t in (*texts, *french[key])), key


def test_the_compiled_catalogs_match_their_sources() -> None:
    for lang, path in CATALOGS.items():
        compiled = getattr(translations("moonrollers", lang), "_catalog", {})
        for key, texts in po_entries(path).items():
            if len(texts) == 1:
                assert compiled.get(key) == texts[0], f"{lang} {key}: run msgfmt"
            else:
                assert tuple(compiled.get((key, i)) for i in range(len(texts))) == texts, (
                    f"{lang} {key}: run msgfmt"
                )


def test_every_key_the_code_names_is_in_both_catalogs() -> None:
    patterns = {
        r'refuse\("(\w+)"': "moonrollers.refused.{}",
        r'_refused\("(\w+)"': "moonrollers.parse.{}",
        r'_what\("(\w+)"': "moonrollers.parse.what.{}",
        r'_log\(\s*"(\w+)"': "moonrollers.log.{}",
        r'_label\(\s*"([\w.]+)"': "moonrollers.{}",
        r'"(moonrollers\.[\w.-]+\w)"': "{}",
    }
    named: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for pattern, key in patterns.items():
            named |= {key.format(found) for found in re.findall(pattern, source)}
    # Keys built from names: faces, factions, abilities, end reasons, the refused numbers.
    named |= {
        f"moonrollers.{kind}.{f}" for kind in ("face", "a_face", "dice") for f in ("damage", "wild", "extra")
    }
    named |= {f"moonrollers.parse.not_a_number_{what}" for what in ("commit", "keep", "return")}
    assert len(named) > 200
    missing = sorted(k for k in named if not (has_text(k, "en") and has_text(k, "fr")))
    assert missing == []


# ---- summaries --------------------------------------------------------------------------------------


def test_a_summary_has_a_line_for_the_turns_results_and_none_for_bookkeeping() -> None:
    """The owner reads the turn's results in the second person; other seats and spectators read a
    third-person line for each event that matters; bookkeeping events have none."""
    game = play(ENGINE, 3, seed=game_seed("summary", 0))
    lines: dict[str, int] = {}
    for event in game.events:
        for seat in (event.seat, None):
            line = ENGINE.summary(event, seat)
            owner = seat is not None and seat == event.seat
            if event.type in ("busted", "stopped", "turn_settled", "requirement_completed", "crew_hired"):
                assert line is not None, event.type
                text = render(line, "en")
                assert text.startswith("You" if owner else "Player"), text
                lines[event.type] = lines.get(event.type, 0) + 1
            elif event.type == "dice_rolled":
                assert (line is None) == owner
            elif event.type != "game_ended":
                assert line is None, event.type
    assert {"stopped", "requirement_completed", "crew_hired"} <= set(lines)
    last = ENGINE.summary(game.events[-1], None)
    assert last is not None and render(last, "en").startswith("The game is over: ")
