"""Facts of the game as data: the action deck, strategy cards, technologies,
units, factions and laws. Numbers and names carry over from the game; nothing
here has behaviour.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The base-game action deck: slug -> (printed name, copies). 80 cards.
BASE_ACTION_DECK: dict[str, tuple[str, int]] = {
    "ancient-burial-sites": ("Ancient Burial Sites", 1),
    "assassinate-representative": ("Assassinate Representative", 1),
    "bribery": ("Bribery", 1),
    "bunker": ("Bunker", 1),
    "confusing-legal-text": ("Confusing Legal Text", 1),
    "construction-rider": ("Construction Rider", 1),
    "courageous-to-the-end": ("Courageous to the End", 1),
    "cripple-defenses": ("Cripple Defenses", 1),
    "diplomacy-rider": ("Diplomacy Rider", 1),
    "direct-hit": ("Direct Hit", 4),
    "disable": ("Disable", 1),
    "distinguished-councilor": ("Distinguished Councilor", 1),
    "economic-initiative": ("Economic Initiative", 1),
    "emergency-repairs": ("Emergency Repairs", 1),
    "experimental-battlestation": ("Experimental Battlestation", 1),
    "fighter-prototype": ("Fighter Prototype", 1),
    "fire-team": ("Fire Team", 1),
    "flank-speed": ("Flank Speed", 4),
    "focused-research": ("Focused Research", 1),
    "frontline-deployment": ("Frontline Deployment", 1),
    "ghost-ship": ("Ghost Ship", 1),
    "imperial-rider": ("Imperial Rider", 1),
    "in-the-silence-of-space": ("In The Silence Of Space", 1),
    "industrial-initiative": ("Industrial Initiative", 1),
    "infiltrate": ("Infiltrate", 1),
    "insubordination": ("Insubordination", 1),
    "intercept": ("Intercept", 1),
    "leadership-rider": ("Leadership Rider", 1),
    "lost-star-chart": ("Lost Star Chart", 1),
    "lucky-shot": ("Lucky Shot", 1),
    "maneuvering-jets": ("Maneuvering Jets", 4),
    "mining-initiative": ("Mining Initiative", 1),
    "morale-boost": ("Morale Boost", 4),
    "parley": ("Parley", 1),
    "plague": ("Plague", 1),
    "political-stability": ("Political Stability", 1),
    "politics-rider": ("Politics Rider", 1),
    "public-disgrace": ("Public Disgrace", 1),
    "reactor-meltdown": ("Reactor Meltdown", 1),
    "reparations": ("Reparations", 1),
    "repeal-law": ("Repeal Law", 1),
    "rise-of-a-messiah": ("Rise of a Messiah", 1),
    "sabotage": ("Sabotage", 4),
    "salvage": ("Salvage", 1),
    "shields-holding": ("Shields Holding", 4),
    "signal-jamming": ("Signal Jamming", 1),
    "skilled-retreat": ("Skilled Retreat", 4),
    "spy": ("Spy", 1),
    "summit": ("Summit", 1),
    "tactical-bombardment": ("Tactical Bombardment", 1),
    "technology-rider": ("Technology Rider", 1),
    "trade-rider": ("Trade Rider", 1),
    "unexpected-action": ("Unexpected Action", 1),
    "unstable-planet": ("Unstable Planet", 1),
    "upgrade": ("Upgrade", 1),
    "uprising": ("Uprising", 1),
    "veto": ("Veto", 1),
    "war-effort": ("War Effort", 1),
    "warfare-rider": ("Warfare Rider", 1),
}

#: Prophecy of Kings and Codex action cards the pack knows by name without
#: implementing them (the implemented ones are their own modules), so that a
#: hand may hold one and playing it is refused with the reason.
EXPANSION_ACTION_CARDS: dict[str, str] = {
    "archaeological-expedition": "Archaeological Expedition",
    "coup-detat": "Coup D\u2019etat",  # as printed
    "divert-funding": "Divert Funding",
    "exploration-probe": "Exploration Probe",
    "fighter-conscription": "Fighter Conscription",
    "impersonation": "Impersonation",
    "manipulate-investments": "Manipulate Investments",
    "master-plan": "Master Plan",
    "refit-troops": "Refit Troops",
    "reverse-engineer": "Reverse Engineer",
    "scuttle": "Scuttle",
    "seize-artifact": "Seize Artifact",
}

#: Strategy cards: slug -> (name, initiative number).
STRATEGY_CARDS: dict[str, tuple[str, int]] = {
    "leadership": ("Leadership", 1),
    "diplomacy": ("Diplomacy", 2),
    "politics": ("Politics", 3),
    "construction": ("Construction", 4),
    "trade": ("Trade", 5),
    "warfare": ("Warfare", 6),
    "technology": ("Technology", 7),
    "imperial": ("Imperial", 8),
}

COLORS = {"G": "green", "B": "blue", "Y": "yellow", "R": "red"}


@dataclass(frozen=True)
class Tech:
    """A technology: its color (None for a unit upgrade), prerequisites as color
    letters (``"GG"``) and the faction it belongs to, if any. ``replaces``: the
    slug of the earlier printing a Codex card replaces (the two are one
    technology: a deck holds the earlier one unless a scenario lists them)."""

    name: str
    color: str | None
    prerequisites: str = ""
    faction: str | None = None
    replaces: str | None = None


TECHNOLOGIES: dict[str, Tech] = {
    "neural-motivator": Tech("Neural Motivator", "G"),
    "dacxive-animators": Tech("Dacxive Animators", "G", "G"),
    "hyper-metabolism": Tech("Hyper Metabolism", "G", "GG"),
    "x-89-bacterial-weapon": Tech("X-89 Bacterial Weapon", "G", "GGG"),
    "antimass-deflectors": Tech("Antimass Deflectors", "B"),
    "gravity-drive": Tech("Gravity Drive", "B", "B"),
    "fleet-logistics": Tech("Fleet Logistics", "B", "BB"),
    "light-wave-deflector": Tech("Light/Wave Deflector", "B", "BBB"),
    "sarween-tools": Tech("Sarween Tools", "Y"),
    "graviton-laser-system": Tech("Graviton Laser System", "Y", "Y"),
    "transit-diodes": Tech("Transit Diodes", "Y", "YY"),
    "integrated-economy": Tech("Integrated Economy", "Y", "YYY"),
    "plasma-scoring": Tech("Plasma Scoring", "R"),
    "magen-defense-grid": Tech("Magen Defense Grid", "R", "R"),
    "duranium-armor": Tech("Duranium Armor", "R", "RR"),
    "assault-cannon": Tech("Assault Cannon", "R", "RRR"),
    "carrier-ii": Tech("Carrier II", None, "BB"),
    "cruiser-ii": Tech("Cruiser II", None, "GYR"),
    "destroyer-ii": Tech("Destroyer II", None, "RR"),
    "dreadnought-ii": Tech("Dreadnought II", None, "BBY"),
    "fighter-ii": Tech("Fighter II", None, "GB"),
    "infantry-ii": Tech("Infantry II", None, "GG"),
    "pds-ii": Tech("PDS II", None, "RY"),
    "space-dock-ii": Tech("Space Dock II", None, "YY"),
    "war-sun-upgrade": Tech("War Sun", None, "YRRR"),
    "instinct-training": Tech("Instinct Training", "G", "G", "xxcha"),
    "nullification-field": Tech("Nullification Field", "Y", "YY", "xxcha"),
    "transparasteel-plating": Tech("Transparasteel Plating", "G", "G", "yssaril"),
    "mageon-implants": Tech("Mageon Implants", "G", "GGG", "yssaril"),
}

#: Base-game factions: slug -> (name, commodity value).
FACTIONS: dict[str, tuple[str, int]] = {
    "arborec": ("The Arborec", 3),
    "letnev": ("The Barony of Letnev", 2),
    "saar": ("The Clan of Saar", 3),
    "muaat": ("The Embers of Muaat", 4),
    "hacan": ("The Emirates of Hacan", 6),
    "sol": ("The Federation of Sol", 4),
    "creuss": ("The Ghosts of Creuss", 4),
    "l1z1x": ("The L1Z1X Mindnet", 2),
    "mentak": ("The Mentak Coalition", 2),
    "naalu": ("The Naalu Collective", 3),
    "nekro": ("The Nekro Virus", 3),
    "norr": ("Sardakk N'orr", 3),
    "jolnar": ("The Universities of Jol-Nar", 4),
    "winnu": ("The Winnu", 3),
    "xxcha": ("The Xxcha Kingdom", 4),
    "yin": ("The Yin Brotherhood", 2),
    "yssaril": ("The Yssaril Tribes", 3),
    # Prophecy of Kings (their flagships and mechs: faction_units.py).
    "argent": ("The Argent Flight", 3),
    "empyrean": ("The Empyrean", 4),
    "mahact": ("The Mahact Gene-Sorcerers", 3),
    "naaz-rokha": ("The Naaz-Rokha Alliance", 3),
    "nomad": ("The Nomad", 4),
    "ul": ("The Titans of Ul", 2),
    "vuilraith": ("The Vuil'raith Cabal", 2),
}

#: Faction abilities the pack implements, by faction.
FACTION_ABILITIES: dict[str, tuple[str, ...]] = {
    "yssaril": ("scheming", "crafty"),
    "hacan": ("arbiters",),
    "xxcha": ("quash",),
    "nekro": ("galactic-threat",),
}

SHIPS = (
    "war-sun",
    "flagship",
    "dreadnought",
    "carrier",
    "cruiser",
    "destroyer",
    "fighter",
)
GROUND_FORCES = ("infantry", "mech")
STRUCTURES = ("space-dock", "pds")
UNITS = (*SHIPS, *GROUND_FORCES, *STRUCTURES)

#: Plastic units of each color (rule 96.2). Fighters and infantry also come as
#: tokens in the box, so the pack never runs out of them.
UNIT_SUPPLY: dict[str, int] = {
    "war-sun": 2,
    "flagship": 1,
    "dreadnought": 5,
    "carrier": 4,
    "cruiser": 8,
    "destroyer": 8,
    "fighter": 10,
    "infantry": 12,
    "mech": 4,
    "space-dock": 3,
    "pds": 6,
}
UNLIMITED_UNITS = ("fighter", "infantry")

#: Units that have the Bombardment ability without faction upgrades.
BOMBARDMENT_UNITS = ("dreadnought", "war-sun")

#: A player's eight starting command tokens plus the eight in reinforcements
#: (each color has sixteen).
COMMAND_TOKENS = 16

#: Base-game laws (agenda cards that stay in play when enacted).
LAWS: dict[str, str] = {
    "anti-intellectual-revolution": "Anti-Intellectual Revolution",
    "classified-document-leaks": "Classified Document Leaks",
    "committee-formation": "Committee Formation",
    "conventions-of-war": "Conventions of War",
    "enforced-travel-ban": "Enforced Travel Ban",
    "executive-sanctions": "Executive Sanctions",
    "fleet-regulations": "Fleet Regulations",
    "holy-planet-of-ixth": "Holy Planet of Ixth",
    "homeland-defense-act": "Homeland Defense Act",
    "imperial-arbiter": "Imperial Arbiter",
    "minister-of-commerce": "Minister of Commerce",
    "minister-of-exploration": "Minister of Exploration",
    "minister-of-industry": "Minister of Industry",
    "minister-of-peace": "Minister of Peace",
    "minister-of-policy": "Minister of Policy",
    "minister-of-sciences": "Minister of Sciences",
    "minister-of-war": "Minister of War",
    "prophecy-of-ixth": "Prophecy of Ixth",
    "publicize-weapon-schematics": "Publicize Weapon Schematics",
    "regulated-conscription": "Regulated Conscription",
    "representative-government": "Representative Government",
    "research-team-biotic": "Research Team: Biotic",
    "research-team-cybernetic": "Research Team: Cybernetic",
    "research-team-propulsion": "Research Team: Propulsion",
    "research-team-warfare": "Research Team: Warfare",
    "senate-sanctuary": "Senate Sanctuary",
    "shard-of-the-throne": "Shard of the Throne",
    "shared-research": "Shared Research",
    "terraforming-initiative": "Terraforming Initiative",
    "the-crown-of-emphidia": "The Crown of Emphidia",
    "the-crown-of-thalnos": "The Crown of Thalnos",
    "wormhole-reconstruction": "Wormhole Reconstruction",
}

#: Base-game generic promissory notes.
PROMISSORY_NOTES: dict[str, str] = {
    "ceasefire": "Ceasefire",
    "trade-agreement": "Trade Agreement",
    "political-secret": "Political Secret",
    "support-for-the-throne": "Support for the Throne",
}

HAND_LIMIT = 7

# Prophecy of Kings technologies the pack implements (appended after the base
# game's so the base technologies keep their order).
TECHNOLOGIES["sling-relay"] = Tech("Sling Relay", "B", "B")

#: Factions with unit upgrades of their own, by the unit types they upgrade
#: (the pack does not model these technologies; 97.N1: such a faction cannot
#: have the generic upgrade of that unit type).
FACTION_UNIT_UPGRADES: dict[str, tuple[str, ...]] = {
    "arborec": ("infantry",),
    "l1z1x": ("dreadnought",),
    "muaat": ("war-sun",),
    "naalu": ("fighter",),
    "norr": ("dreadnought",),
    "saar": ("space-dock",),
    "sol": ("carrier", "infantry"),
    "argent": ("destroyer",),
    "mahact": ("infantry",),
    "nomad": ("flagship",),
    "ul": ("cruiser", "pds"),
    "vuilraith": ("space-dock",),
}

# Codex printings the pack implements, each beside the printing it replaces.
TECHNOLOGIES["x-89-bacterial-weapon-omega"] = Tech(
    "X-89 Bacterial Weapon \u03a9", "G", "GGG", replaces="x-89-bacterial-weapon"
)
