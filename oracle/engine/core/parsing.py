"""Scenario validation: every problem is collected with its JSON-pointer path."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from oracle.engine.core.errors import ScenarioError, UnknownCard, unknown_player_message
from oracle.engine.core.errors import unknown_card_message as _unknown
from oracle.engine.core.pack import Pack, get_pack
from oracle.engine.core.refs import parse_ref
from oracle.engine.core.schema import Reader, pointer, present
from oracle.engine.core.specs import (
    EXPECT_OPS,
    MAX_CARDS,
    MAX_EXPECT,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_QUESTION,
    MAX_STEPS,
    MAX_ZONE,
    SCENARIO_ZONES,
    STEP_KINDS,
    CardSpec,
    Expectation,
    PlayerSpec,
    Step,
    in_key_order,
)
from oracle.engine.core.spelling import Spelling

if TYPE_CHECKING:
    from oracle.engine.core.scenario import Scenario

# The fields each mapping may have (sets: checked once per mapping read).
_TOP = frozenset(
    {
        "game",
        "seed",
        "phase",
        "round",
        "active_player",
        "players",
        "decks",
        "board",
        "steps",
        "expect",
        "question",
    }
)
_CARD_FIELDS = frozenset({"card", "exhausted", "tokens", "attachments"})
_STEP_FIELDS = frozenset({"player", *STEP_KINDS, "ability", "targets"})
_EXPECT_FIELDS = frozenset({"path", *EXPECT_OPS})
# Sets, intersected with a step's or expectation's few keys in one call.
_STEP_KINDS = frozenset(STEP_KINDS)
_EXPECT_OPS = frozenset(EXPECT_OPS)
# A blank line: the start of a second paragraph.
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r]*\n")
# Characters that card references give a meaning, so no player name has them.
_NAME_MARKS = frozenset("/@#:.")


@functools.cache
def _player_fields(
    pack: Pack,
) -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    """The card zones of a pack's players (in order and as a set), and every
    player field the engine reads."""
    zones = (*SCENARIO_ZONES, *pack.player_zones)
    return zones, frozenset(zones), frozenset({"name", "resources", *zones})


#: The spec of each card named by its slug alone: one frozen value per slug,
#: shared by every scenario, so its empty tokens cannot be written to. A slug is
#: only added once read as valid text and found in a pack.
_BARE_CARDS: dict[str, CardSpec] = {}


def _bare_card(slug: str) -> CardSpec:
    spec = _BARE_CARDS.get(slug)
    if spec is None:
        spec = _BARE_CARDS[slug] = CardSpec(slug, tokens=MappingProxyType({}))
    return spec


class Parser(Reader):
    """Validates a scenario mapping, collecting every problem with its path."""

    def __init__(self) -> None:
        super().__init__()
        self.pack: Pack | None = None
        self.names: list[str] = []
        # Replaced by the pack's in ``_scenario``: nothing is known before.
        self.spelling = Spelling(lambda _: False, ())
        self.total = 0
        self.unknown_cards: list[tuple[str, str]] = []

    def parse(self, data: object, scenario: type[Scenario]) -> Scenario:
        """Validate ``data`` and return it as a ``scenario`` (the class
        ``Scenario.parse`` is called on), or raise every problem.

        Every mapping is walked in key order, and the parts kept as given (the
        board, a player's pack fields, expected values) are kept in the form
        ``in_key_order`` gives, so the order of the input's keys changes nothing.
        """
        top = self.mapping(data, "")
        if top is None:
            raise ScenarioError(self.problems)
        self.unknown(top, _TOP, "")
        game = (
            self.string(top.get("game"), "/game", MAX_NAME) if "game" in top else None
        )
        if "game" not in top:
            self.fail("/game", "is required")
        if game is not None:
            try:
                self.pack = get_pack(game)
            except KeyError:
                self.fail("/game", f"unknown game {game!r}")
        if self.pack is None:
            raise ScenarioError(self.problems)
        parsed = self._scenario(top, self.pack, scenario)
        self._raise()
        assert parsed is not None
        return parsed

    def _raise(self) -> None:
        if self.unknown_cards:
            slug, path = self.unknown_cards[0]
            raise UnknownCard(slug, path, self.problems, self.unknown_cards)
        if self.problems:
            raise ScenarioError(self.problems)

    def _scenario(
        self, top: Mapping[str, object], pack: Pack, scenario: type[Scenario]
    ) -> Scenario | None:
        zones = (*SCENARIO_ZONES, *pack.player_zones, *pack.shared_zones)
        self.spelling = Spelling(pack.has_card, zones, pack.slug_aliases)
        players = self._players(top.get("players"), pack)
        seed = self.integer(top.get("seed", 0), "/seed", 0, 2**63 - 1)
        rnd = self.integer(top.get("round", 1), "/round", 1, 10_000)
        phase = self._choice(top, "phase", pack.phases)
        active = self._active_player(top)
        decks = self._decks(top.get("decks", {}), pack)
        board, raw_board = self._board(top, pack)
        steps = self._steps(top.get("steps", []), pack)
        expect = self._expect(top.get("expect", []))
        question = self._question(top)
        if self.problems or players is None or seed is None or rnd is None:
            return None
        return scenario(
            pack.slug,
            players,
            steps,
            expect,
            seed,
            phase,
            rnd,
            active,
            decks,
            board,
            raw_board,
            question,
        )

    def _choice(
        self, top: Mapping[str, object], key: str, allowed: tuple[str, ...] | list[str]
    ) -> str | None:
        if key not in top:
            return None
        value = self.string(top[key], f"/{key}", MAX_NAME)
        if value is not None and value not in allowed:
            self.fail(f"/{key}", f"must be one of {', '.join(allowed)}")
            return None
        return value

    def _active_player(self, top: Mapping[str, object]) -> str | None:
        if "active_player" not in top:
            return None
        name = self.string(top["active_player"], "/active_player", MAX_NAME)
        if name is None:
            return None
        name = self.spelling.player(name)
        if name not in self.names:
            self.fail("/active_player", unknown_player_message(name, self.names))
            return None
        return name

    def _question(self, top: Mapping[str, object]) -> str | None:
        """The judge's question in words: one paragraph, its line breaks and
        runs of spaces read as one space (a YAML block keeps them), so that
        the same words always give the same scenario hash."""
        if "question" not in top:
            return None
        value = top["question"]
        if not isinstance(value, str) or not value.strip():
            self.fail("/question", "must be a non-empty text")
            return None
        if _PARAGRAPH_BREAK.search(value.strip()):
            self.fail("/question", "must be one paragraph: remove the blank line")
            return None
        text = " ".join(value.split())
        if len(text) > MAX_QUESTION:
            self.fail(
                "/question",
                f"must be at most {MAX_QUESTION} characters "
                f"(it has {len(text)}): ask one question, in short",
            )
            return None
        return self.string(text, "/question", MAX_QUESTION)

    def _board(
        self, top: Mapping[str, object], pack: Pack
    ) -> tuple[Mapping[str, object], Mapping[str, object] | None]:
        if "board" not in top:
            return {}, None
        raw = self.mapping(top["board"], "/board")
        if raw is None:
            return {}, None
        # Its values are two levels below the top (for in_key_order's depth).
        raw = {key: in_key_order(raw[key], 2) for key in sorted(raw)}
        raw = dict(pack.spell_board(raw, self.spelling))
        board, problems = pack.parse_board(raw, "/board")
        self.problems.extend(problems)
        if not problems:
            self._count_pieces(pack.board_pieces(board))
            self.spelling.add_ids(pack.board_ids(board))
        return board, dict(raw)

    def _count_pieces(self, pieces: Iterable[tuple[str, int]]) -> None:
        """Count the board's pieces (systems, units...) with the cards: each
        becomes a card instance of the game, and its result."""
        for path, count in pieces:
            self.total += count
            if self.total > MAX_CARDS:
                self.fail(
                    path,
                    f"a scenario may hold at most {MAX_CARDS} cards and pieces "
                    "(units, planets and systems count)",
                )
                return

    # -- cards -------------------------------------------------------------------

    def card(
        self, value: object, path: str, pack: Pack, depth: int = 0
    ) -> CardSpec | None:
        """Read one card: a slug, or a mapping with state in play."""
        self.total += 1
        if self.total > MAX_CARDS:
            if self.total == MAX_CARDS + 1:
                self.fail(path, f"a scenario may hold at most {MAX_CARDS} cards")
            return None
        if type(value) is str:
            bare = _BARE_CARDS.get(value)
            # A slug read before is valid text: only whether the pack has it
            # is left to check (most cards of a scenario are bare slugs).
            if bare is not None and value in pack.cards:
                return bare
        if isinstance(value, str):
            return self._slug(value, path, pack)
        data = self.mapping(value, path)
        if data is None:
            return None
        self.unknown(data, _CARD_FIELDS, path)
        slug = self._slug(data.get("card"), f"{path}/card", pack)
        exhausted = self.boolean(data.get("exhausted", False), f"{path}/exhausted")
        tokens = self.counts(data.get("tokens", {}), f"{path}/tokens")
        attached = self._attachments(data, path, pack, depth)
        if slug is None:
            return None
        return CardSpec(slug.slug, bool(exhausted), tokens, attached)

    def _attachments(
        self, data: Mapping[str, object], path: str, pack: Pack, depth: int
    ) -> tuple[CardSpec, ...]:
        if "attachments" not in data:
            return ()
        at = f"{path}/attachments"
        if depth > 0:
            self.fail(at, "attachments cannot carry attachments")
            return ()
        items = self.listing(data["attachments"], at, 20) or []
        found = [
            self.card(v, f"{at}/{i}", pack, depth + 1) for i, v in enumerate(items)
        ]
        return present(found)

    def _slug(self, value: object, path: str, pack: Pack) -> CardSpec | None:
        slug = self.string(value, path, MAX_NAME)
        if slug is None:
            return None
        slug = self.spelling.slug(slug)
        if not pack.has_card(slug):
            self.unknown_cards.append((slug, path))
            self.fail(path, _unknown(slug, pack.implemented_cards()))
            return None
        return _bare_card(slug)

    def cards(self, value: object, path: str, pack: Pack) -> tuple[CardSpec, ...]:
        """Read a list of cards (a zone or a deck)."""
        items = self.listing(value, path, MAX_ZONE) or []
        found = [self.card(v, f"{path}/{i}", pack) for i, v in enumerate(items)]
        return present(found)

    # -- players and decks ---------------------------------------------------------

    def _players(self, value: object, pack: Pack) -> tuple[PlayerSpec, ...] | None:
        if value is None:
            self.fail("/players", "is required")
            return None
        items = self.listing(value, "/players", MAX_PLAYERS)
        if items is None:
            return None
        if not items:
            self.fail("/players", "must name at least one player")
        found = [self._player(v, f"/players/{i}", pack) for i, v in enumerate(items)]
        return present(found)

    def _player(self, value: object, path: str, pack: Pack) -> PlayerSpec | None:
        data = self.mapping(value, path)
        if data is None:
            return None
        name = self._name(data.get("name"), f"{path}/name")
        card_zones, zone_set, core = _player_fields(pack)
        zones = {}
        # The zones the player fills (one or two of the pack's many), in order.
        for zone in sorted(zone_set.intersection(data), key=card_zones.index):
            zones[zone] = self.cards(data[zone], f"{path}/{zone}", pack)
            if zone not in pack.in_play_zones:
                self._out_of_play(zones[zone], f"{path}/{zone}")
        resources = {}
        if "resources" in data:
            resources = self.counts(data["resources"], f"{path}/resources")
        # Kept as given: the values are three levels below the top. Most
        # players have no such field.
        raw_extra = {}
        if not data.keys() <= core:
            raw_extra = {
                k: in_key_order(data[k], 3) for k in sorted(data.keys() - core)
            }
            raw_extra = dict(pack.spell_player(raw_extra, self.spelling))
        extra, problems = pack.parse_player(raw_extra, path)
        self.problems.extend(problems)
        if name is None:
            return None
        return PlayerSpec(name, zones, resources, extra, raw_extra)

    def _name(self, value: object, path: str) -> str | None:
        name = self.string(value, path, MAX_NAME)
        if name is None:
            return None
        if not _NAME_MARKS.isdisjoint(name):
            self.fail(path, "must not contain / @ # : or .")
            return None
        if (problem := _lookalike(name)) is not None:
            self.fail(path, problem)
            return None
        if name in self.names:
            self.fail(path, f"duplicate player name {name!r}")
            return None
        if (other := self.spelling.clash(name)) is not None:
            # Names are matched in any case, so these would be one player.
            self.fail(
                path,
                f"players {other!r} and {name!r} differ only in case; "
                "give them different names",
            )
            return None
        self.spelling.add_player(name)
        self.names.append(name)
        return name

    def _decks(self, value: object, pack: Pack) -> dict[str, tuple[CardSpec, ...]]:
        data = self.mapping(value, "/decks") or {}
        out = {}
        for key in sorted(data):
            cards = data[key]
            path = pointer("/decks", key)
            if key not in pack.shared_zones:
                known = ", ".join(pack.shared_zones) or "none"
                self.fail(path, f"unknown shared zone (known: {known})")
                continue
            out[key] = self.cards(cards, path, pack)
            self._out_of_play(out[key], path)
        return out

    def _out_of_play(self, cards: tuple[CardSpec, ...], path: str) -> None:
        """Refuse state that only a card in play can have: set-up would ignore
        it (an exhausted card in a hand, a deck card with attachments)."""
        for i, card in enumerate(cards):
            if card.exhausted:
                self.fail(
                    f"{path}/{i}/exhausted", "only a card in play can be exhausted"
                )
            if card.attachments:
                self.fail(
                    f"{path}/{i}/attachments",
                    "only a card in play can have attachments",
                )

    # -- steps and expectations ------------------------------------------------

    def _steps(self, value: object, pack: Pack) -> tuple[Step, ...]:
        items = self.listing(value, "/steps", MAX_STEPS) or []
        found = [self._step(v, f"/steps/{i}", pack) for i, v in enumerate(items)]
        return present(found)

    def _step(self, value: object, path: str, pack: Pack) -> Step | None:
        data = self.mapping(value, path)
        if data is None:
            return None
        self.unknown(data, _STEP_FIELDS, path)
        kinds = _STEP_KINDS.intersection(data)
        if len(kinds) != 1:
            self.fail(path, f"a step needs exactly one of {', '.join(STEP_KINDS)}")
            return None
        (kind,) = kinds
        player = self._step_player(data, path, kind)
        value = self._step_value(kind, data[kind], f"{path}/{kind}", pack)
        ability = None
        if "ability" in data:
            ability = self.string(data["ability"], f"{path}/ability")
        targets = self._targets(data, path)
        if kind not in ("play", "use") and ("ability" in data or "targets" in data):
            self.fail(path, "ability and targets go with play or use")
        if value is None:
            return None
        return Step(kind, value, player, ability, targets)

    def _step_player(
        self, data: Mapping[str, object], path: str, kind: str
    ) -> str | None:
        at = f"{path}/player"
        if "player" not in data:
            if kind not in ("advance", "end"):
                self.fail(at, "is required")
            return None
        name = self.string(data["player"], at, MAX_NAME)
        if name is not None:
            name = self.spelling.player(name)
        if name is not None and name not in self.names:
            self.fail(at, unknown_player_message(name, self.names))
            return None
        return name

    def _step_value(self, kind: str, value: object, path: str, pack: Pack) -> object:
        if kind in ("play", "use"):
            text = self.string(value, path)
            if text is not None:
                text = self.spelling.reference(text)
                ref = parse_ref(text)
                slug = ref.slug if ref else text
                if not pack.has_card(slug):
                    self.unknown_cards.append((slug, path))
                    self.fail(path, _unknown(slug, pack.implemented_cards()))
            return text
        if kind == "pass":
            if value is not True:
                self.fail(path, "must be true")
                return None
            return True
        if kind == "choose":
            return self.spelling.answer(self.answer(value, path))
        allowed = (
            pack.phases
            if kind == "advance"
            else ("turn", "phase", "round", *pack.periods)
        )
        text = self.string(value, path, MAX_NAME)
        if text is not None and text not in allowed:
            self.fail(path, f"must be one of {', '.join(allowed)}")
            return None
        return text

    def _targets(self, data: Mapping[str, object], path: str) -> dict[str, object]:
        if "targets" not in data:
            return {}
        at = f"{path}/targets"
        targets = self.mapping(data["targets"], at) or {}
        return {
            k: self.spelling.answer(self.answer(targets[k], pointer(at, k)))
            for k in sorted(targets)
        }

    def _expect(self, value: object) -> tuple[Expectation, ...]:
        items = self.listing(value, "/expect", MAX_EXPECT) or []
        found = [self._expectation(v, f"/expect/{i}") for i, v in enumerate(items)]
        return present(found)

    def _expectation(self, value: object, path: str) -> Expectation | None:
        data = self.mapping(value, path)
        if data is None:
            return None
        self.unknown(data, _EXPECT_FIELDS, path)
        where = self.string(data.get("path"), f"{path}/path")
        ops = _EXPECT_OPS.intersection(data)
        if len(ops) != 1:
            self.fail(
                path, f"an expectation needs exactly one of {', '.join(EXPECT_OPS)}"
            )
            return None
        (op,) = ops
        if where is not None:
            where = self._spelled_path(where)
        expected = data[op]
        if op == "count":
            expected = self.integer(expected, f"{path}/{op}")
        if where is None or expected is None:
            return None
        # Kept as given: the value is three levels below the top.
        return Expectation(where, op, _plain(in_key_order(expected, 3)))

    def _spelled_path(self, path: str) -> str:
        """An expectation's path with the player it names (``players.alice``)
        spelled as declared."""
        parts = path.split(".")
        if len(parts) > 1 and parts[0] == "players":
            parts[1] = self.spelling.player(parts[1])
        return ".".join(parts)


def _lookalike(name: str) -> str | None:
    """Why a player name could look like another one, or None: names are
    compared as written, so two players must not differ only by spaces
    around a name, invisible characters or another form of the same letters
    (Unicode compatibility forms: full-width "Alice" is "Alice")."""
    if name != name.strip():
        return "must not start or end with a space"
    if name.isascii():  # the usual case: nothing else can differ unseen
        return None
    if any(unicodedata.category(char) == "Cf" for char in name):
        return "must not contain invisible formatting characters"
    normal = unicodedata.normalize("NFKC", name)
    if normal != name:
        return f"must be written {normal!r} (its Unicode NFKC form)"
    return None


def _plain(value: object) -> object:
    """Copy JSON-like data so a scenario never shares mutable input."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
