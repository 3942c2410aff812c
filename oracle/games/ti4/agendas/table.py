"""The agenda cards as data: name, law or directive, what is elected, expansion.

Pure data, like ``data.LAWS`` (a test compares it with the ``agenda`` cards
of ``fixtures/ti4/cards``). ``BASE_AGENDA_DECK`` is what ``fill_agendas``
completes a scenario's agenda deck from: the base game's fifty agendas.
"""

from __future__ import annotations

from dataclasses import dataclass

# What an agenda elects (the fixtures' ``elect``).
FOR_AGAINST = "for-against"
PLAYER = "player"
PLANET = "planet"
CULTURAL_PLANET = "cultural-planet"
HAZARDOUS_PLANET = "hazardous-planet"
INDUSTRIAL_PLANET = "industrial-planet"
NON_HOME_PLANET = "non-home-planet"
LAW = "law"
SECRET_OBJECTIVE = "secret-objective"
STRATEGY_CARD = "strategy-card"
HIDDEN_AGENDA = "hidden-agenda"

#: Elections of a planet, and the trait the planet needs (None: any).
PLANET_ELECTIONS: dict[str, str | None] = {
    PLANET: None,
    CULTURAL_PLANET: "cultural",
    HAZARDOUS_PLANET: "hazardous",
    INDUSTRIAL_PLANET: "industrial",
    NON_HOME_PLANET: None,
}


@dataclass(frozen=True)
class Agenda:
    """One agenda card: ``law`` (else a directive), what it ``elect``s."""

    name: str
    law: bool
    elect: str
    expansion: str


#: Every agenda of the base game and Prophecy of Kings, by slug.
AGENDAS: dict[str, Agenda] = {
    "anti-intellectual-revolution": Agenda(
        "Anti-Intellectual Revolution", True, FOR_AGAINST, "base"
    ),
    "archived-secret": Agenda("Archived Secret", False, PLAYER, "base"),
    "armed-forces-standardization": Agenda(
        "Armed Forces Standardization", False, PLAYER, "pok"
    ),
    "arms-reduction": Agenda("Arms Reduction", False, FOR_AGAINST, "base"),
    "articles-of-war": Agenda("Articles of War", True, FOR_AGAINST, "pok"),
    "checks-and-balances": Agenda("Checks and Balances", True, FOR_AGAINST, "pok"),
    "clandestine-operations": Agenda(
        "Clandestine Operations", False, FOR_AGAINST, "pok"
    ),
    "classified-document-leaks": Agenda(
        "Classified Document Leaks", True, SECRET_OBJECTIVE, "base"
    ),
    "colonial-redistribution": Agenda(
        "Colonial Redistribution", False, NON_HOME_PLANET, "base"
    ),
    "committee-formation": Agenda("Committee Formation", True, PLAYER, "base"),
    "compensated-disarmament": Agenda("Compensated Disarmament", False, PLANET, "base"),
    "conventions-of-war": Agenda("Conventions of War", True, FOR_AGAINST, "base"),
    "core-mining": Agenda("Core Mining", True, HAZARDOUS_PLANET, "base"),
    "covert-legislation": Agenda("Covert Legislation", False, HIDDEN_AGENDA, "pok"),
    "demilitarized-zone-agenda": Agenda(
        "Demilitarized Zone", True, CULTURAL_PLANET, "base"
    ),
    "economic-equality": Agenda("Economic Equality", False, FOR_AGAINST, "base"),
    "enforced-travel-ban": Agenda("Enforced Travel Ban", True, FOR_AGAINST, "base"),
    "executive-sanctions": Agenda("Executive Sanctions", True, FOR_AGAINST, "base"),
    "fleet-regulations": Agenda("Fleet Regulations", True, FOR_AGAINST, "base"),
    "galactic-crisis-pact": Agenda("Galactic Crisis Pact", False, STRATEGY_CARD, "pok"),
    "holy-planet-of-ixth": Agenda("Holy Planet of Ixth", True, CULTURAL_PLANET, "base"),
    "homeland-defense-act": Agenda("Homeland Defense Act", True, FOR_AGAINST, "base"),
    "imperial-arbiter": Agenda("Imperial Arbiter", True, PLAYER, "base"),
    "incentive-program": Agenda("Incentive Program", False, FOR_AGAINST, "base"),
    "ixthian-artifact": Agenda("Ixthian Artifact", False, FOR_AGAINST, "base"),
    "judicial-abolishment": Agenda("Judicial Abolishment", False, LAW, "base"),
    "minister-of-antiquities": Agenda("Minister of Antiquities", False, PLAYER, "pok"),
    "minister-of-commerce": Agenda("Minister of Commerce", True, PLAYER, "base"),
    "minister-of-exploration": Agenda("Minister of Exploration", True, PLAYER, "base"),
    "minister-of-industry": Agenda("Minister of Industry", True, PLAYER, "base"),
    "minister-of-peace": Agenda("Minister of Peace", True, PLAYER, "base"),
    "minister-of-policy": Agenda("Minister of Policy", True, PLAYER, "base"),
    "minister-of-sciences": Agenda("Minister of Sciences", True, PLAYER, "base"),
    "minister-of-war": Agenda("Minister of War", True, PLAYER, "base"),
    "miscount-disclosed": Agenda("Miscount Disclosed", False, LAW, "base"),
    "mutiny": Agenda("Mutiny", False, FOR_AGAINST, "base"),
    "new-constitution": Agenda("New Constitution", False, FOR_AGAINST, "base"),
    "nexus-sovereignty": Agenda("Nexus Sovereignty", True, FOR_AGAINST, "pok"),
    "political-censure": Agenda("Political Censure", True, PLAYER, "pok"),
    "prophecy-of-ixth": Agenda("Prophecy of Ixth", True, PLAYER, "base"),
    "public-execution": Agenda("Public Execution", False, PLAYER, "base"),
    "publicize-weapon-schematics": Agenda(
        "Publicize Weapon Schematics", True, FOR_AGAINST, "base"
    ),
    "rearmament-agreement": Agenda("Rearmament Agreement", False, FOR_AGAINST, "pok"),
    "regulated-conscription": Agenda(
        "Regulated Conscription", True, FOR_AGAINST, "base"
    ),
    "representative-government-pok": Agenda(
        "Representative Government", True, FOR_AGAINST, "pok"
    ),
    "representative-government": Agenda(
        "Representative Government", True, FOR_AGAINST, "base"
    ),
    "research-grant-reallocation": Agenda(
        "Research Grant Reallocation", False, PLAYER, "pok"
    ),
    "research-team-biotic": Agenda(
        "Research Team: Biotic", True, INDUSTRIAL_PLANET, "base"
    ),
    "research-team-cybernetic": Agenda(
        "Research Team: Cybernetic", True, INDUSTRIAL_PLANET, "base"
    ),
    "research-team-propulsion": Agenda(
        "Research Team: Propulsion", True, INDUSTRIAL_PLANET, "base"
    ),
    "research-team-warfare": Agenda(
        "Research Team: Warfare", True, HAZARDOUS_PLANET, "base"
    ),
    "search-warrant": Agenda("Search Warrant", True, PLAYER, "pok"),
    "seed-of-an-empire": Agenda("Seed of an Empire", False, FOR_AGAINST, "base"),
    "senate-sanctuary": Agenda("Senate Sanctuary", True, CULTURAL_PLANET, "base"),
    "shard-of-the-throne-agenda": Agenda("Shard of the Throne", True, PLAYER, "base"),
    "shared-research": Agenda("Shared Research", True, FOR_AGAINST, "base"),
    "swords-to-plowshares": Agenda("Swords to Plowshares", False, FOR_AGAINST, "base"),
    "terraforming-initiative": Agenda(
        "Terraforming Initiative", True, HAZARDOUS_PLANET, "base"
    ),
    "the-crown-of-emphidia-agenda": Agenda(
        "The Crown of Emphidia", True, PLAYER, "base"
    ),
    "the-crown-of-thalnos-agenda": Agenda("The Crown of Thalnos", True, PLAYER, "base"),
    "unconventional-measures": Agenda(
        "Unconventional Measures", False, FOR_AGAINST, "base"
    ),
    "wormhole-reconstruction": Agenda(
        "Wormhole Reconstruction", True, FOR_AGAINST, "base"
    ),
    "wormhole-research": Agenda("Wormhole Research", False, FOR_AGAINST, "base"),
}

#: The base game's agenda deck (one copy of each), in slug order.
BASE_AGENDA_DECK: tuple[str, ...] = tuple(
    slug for slug, agenda in AGENDAS.items() if agenda.expansion == "base"
)
