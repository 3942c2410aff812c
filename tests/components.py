"""Builders for a small game with component types (units, technologies,
agendas, a faction): the demo game of tests/builders.py plus card_fields."""

from __future__ import annotations

from pathlib import Path

from tests.builders import GAME_YAML, write_game

COMPONENT_GAME = (
    GAME_YAML.replace(
        "card_types: {action: Action card}",
        "card_types: {action: Action card, unit: Unit, technology: Technology, "
        "agenda: Agenda, faction: Faction}",
    )
    + """\
factions: {blue-folk: The Blue Folk}
required_card_fields:
  action: [window, timing]
card_fields:
  unit:
    cost: text
    combat: text
    plastic_limit: {kind: int, label: Pieces}
    abilities: text-list
    upgrade: {kind: card, card_types: technology}
  technology:
    colour: {kind: choice, choices: [blue, green]}
    prerequisites: {kind: choice-list, choices: [blue, green]}
    unit: {kind: card, card_types: unit}
  agenda:
    agenda_type: {kind: choice, choices: {law: Law, directive: Directive}}
    outcomes: outcomes
    secret: bool
  faction:
    commodities: {kind: int, required: true}
    starting_technologies: {kind: card-list, card_types: technology}
"""
)

CRUISER = """\
slug: cruiser
name: Cruiser
type: unit
expansion: base
effect: A ship.
attrs:
  cost: 2
  combat: "7"
  plastic_limit: 8
  abilities: [Sustain Damage]
  upgrade: cruiser-ii
notes:
  - text: Cruisers fly; see [[rule:2.1]].
    source: community
    date: 2024-05-06
"""

CRUISER_II = """\
slug: cruiser-ii
name: Cruiser II
type: technology
expansion: base
effect: Better cruisers.
attrs:
  colour: green
  prerequisites: [green, blue]
  unit: cruiser
"""

VOTE = """\
slug: vote
name: Vote
type: agenda
expansion: base
effect: Players vote.
replaces: old-vote
attrs:
  agenda_type: law
  secret: false
  outcomes:
    - outcome: For
      effect: Play [[card:cancel]] at once.
    - outcome: Against
      effect: Nothing happens.
"""

OLD_VOTE = """\
slug: old-vote
name: Old Vote
type: agenda
expansion: base
effect: Players voted.
"""

BLUE_FOLK = """\
slug: blue-folk
name: The Blue Folk
type: faction
expansion: base
effect: A faction.
faction: blue-folk
attrs:
  commodities: 3
  starting_technologies: [cruiser-ii, Any 1 blue technology]
"""


def components(tmp_path: Path, **files: str | None) -> Path:
    return write_game(
        tmp_path,
        **{
            "game.yaml": COMPONENT_GAME,
            "cards__cruiser.yaml": CRUISER,
            "cards__cruiser-ii.yaml": CRUISER_II,
            "cards__vote.yaml": VOTE,
            "cards__old-vote.yaml": OLD_VOTE,
            "cards__blue-folk.yaml": BLUE_FOLK,
            **files,
        },
    )
