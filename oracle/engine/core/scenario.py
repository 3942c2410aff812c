"""Scenarios: parse and validate, and dump back (see docs/ENGINE.md).

``Scenario.parse(data)`` checks every field and raises ``ScenarioError`` with
all problems (JSON-pointer paths), or ``UnknownCard`` when a card slug is not
in the pack. ``scenario.dump()`` returns the canonical mapping that parses back
to an equal scenario. ``oracle.engine.io.runner.run(scenario)`` runs one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from oracle.engine.core.pack import Pack, get_pack
from oracle.engine.core.parsing import Parser
from oracle.engine.core.specs import CardSpec, Expectation, PlayerSpec, Step


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario, ready to run."""

    game: str
    players: tuple[PlayerSpec, ...]
    steps: tuple[Step, ...] = ()
    expect: tuple[Expectation, ...] = ()
    seed: int = 0
    phase: str | None = None
    round: int = 1
    active_player: str | None = None
    decks: Mapping[str, tuple[CardSpec, ...]] = field(default_factory=dict)
    board: Mapping[str, object] = field(default_factory=dict)
    raw_board: Mapping[str, object] | None = None
    #: The judge's question in words: kept with the scenario (and its hash),
    #: never read by the run.
    question: str | None = None

    @classmethod
    def parse(cls, data: object) -> Scenario:
        """Validate ``data`` (a mapping) and return the scenario."""
        return Parser().parse(data, cls)

    def dump(self) -> dict[str, object]:
        """Return the canonical mapping; ``Scenario.parse`` reads it back."""
        out: dict[str, object] = {"game": self.game}
        if self.question is not None:
            out["question"] = self.question
        out["seed"] = self.seed
        if self.phase is not None:
            out["phase"] = self.phase
        if self.round != 1:
            out["round"] = self.round
        if self.active_player is not None:
            out["active_player"] = self.active_player
        out["players"] = [p.dump() for p in self.players]
        if self.decks:
            out["decks"] = {k: [c.dump() for c in v] for k, v in self.decks.items()}
        if self.raw_board is not None:
            out["board"] = dict(self.raw_board)
        out["steps"] = [s.dump() for s in self.steps]
        if self.expect:
            out["expect"] = [e.dump() for e in self.expect]
        return out

    @property
    def pack(self) -> Pack:
        """Return the pack of the scenario's game."""
        return get_pack(self.game)
