"""Rule ids the pack cites, gathered in one place so a test can check them all.

Every id here must exist in ``fixtures/ti4/topics``. Use ``cite("2.4")`` to
declare ids where they are used; ``CITED`` collects them for the pack's
``extra_rule_ids``.
"""

from __future__ import annotations

CITED: set[str] = set()


def cite(*ids: str) -> tuple[str, ...]:
    """Declare rule ids (remembered in ``CITED``) and return them as a tuple."""
    CITED.update(ids)
    return ids


# Action cards (topic 2).
STATUS_DRAW = cite("2.1", "81.3", "2.N5")
POLITICS_DRAW = cite("2.2", "66.2.ii")
DRAW = cite("2.3")
HAND_LIMIT = cite("2.4", "2.N12")
LIMIT_CHANGED = cite("2.4a")
HIDDEN = cite("2.5", "2.N2")
TIMING = cite("2.6")
ACTION_TIMING = cite("2.6a")
SAME_NAME = cite("2.6b")
PLAY = cite("2.7")
CANCELLED = cite("2.8")
SECOND_COPY = cite("2.N8", "2.6b")
RESHUFFLE = cite("2.N4")
NEURAL_MOTIVATOR = cite("2.N6")
SCHEMING = cite("2.N7")
OFFENSIVE = cite("2.N9")
ZERO_TARGETS = cite("2.N10")
TARGETS_EXIST = cite("2.N11")

# Other topics.
CANCEL_KEEPS_ACTION = cite("22.4")
NOT_RESOLVABLE = cite("22.3")
COMPONENT_ACTION = cite("2.6a", "3.1")
ONE_ACTION = cite("3.1")
PASSED = cite("3.3")
PASS_STRATEGY_FIRST = cite("3.4")
PASS_BOTH_CARDS = cite("3.4a")
ALL_PASSED = cite("3.5")
ACTIVE_FIRST = cite("4.1")
NEXT_ACTIVE = cite("4.2", "4.3")
ABILITY = cite("1.3")
COST = cite("1.11")
AND_EFFECTS = cite("1.9")
THEN = cite("1.17")
TOKEN_POOLS = cite("20.2")
NO_TOKEN_LEFT = cite("20.3a")
TOKEN_FROM_POOL = cite("20.3b")
TOKEN_ALREADY_THERE = cite("20.6")
SECONDARY_TOKEN = cite("20.5")
TACTIC_TOKEN = cite("89.1", "89.1a")
EXHAUSTED_ALREADY = cite("34.4")
STRATEGY_EXHAUSTED = cite("34.5")
READY_STEP = cite("34.2", "81.6")
SPEAKER = cite("66.2.i", "80.6")
SECONDARY = cite("66.3", "83.4", "3.3b")
AGENDA_LOOK = cite("66.2.iii")
STATUS_TOKENS_REMOVED = cite("81.4")
STATUS_TOKENS_GAINED = cite("81.5")
STATUS_RETURN = cite("81.8")
STRATEGY_PICK = cite("84.1", "80.1")
STRATEGY_PICK_SECOND = cite("84.1c")
STRATEGY_TRADE_GOODS = cite("84.1a")
STRATEGY_TAKEN = cite("84.1b")
STRATEGY_UNCHOSEN = cite("84.2")
AGENDA_SKIPPED = cite("8.1", "40.1")
AGENDA_READY = cite("8.4")
LAW_DISCARDED = cite("7.5")
RESEARCH = cite("90.10", "90.12")
RESEARCH_FACTION = cite("90.11")
SPECIALTY = cite("90.14")
PREREQUISITES = cite("90.12", "90.12c", "90.14")
GAIN_TECH = cite("90.5")
INFLUENCE = cite("47.2", "47.3")
TRADE_GOOD_SPEND = cite("93.4")
REINFORCEMENTS = cite("72.1")
UNIT_TOKENS = cite("23.2", "23.4", "23.4b")
BORROW_UNIT = cite("23.4a")
NEEDS_PLASTIC: dict[str, tuple[str, ...]] = {
    "infantry": cite("23.4b", "23.N1", "46.3"),
    "fighter": cite("23.4b", "23.N1", "36.3"),
}
NEIGHBORS = cite("60.1")

# What a card needs to exist before it can be played (2.N11), by kind of refusal.
NEEDS = (*TARGETS_EXIST, *ACTION_TIMING)
NEEDS_SETS: dict[str, tuple[str, ...]] = {
    "exist": NEEDS,
    "offensive": (*NEEDS, *OFFENSIVE),
    "unresolvable": (*NEEDS, *NOT_RESOLVABLE),
    "stock": (*NEEDS, *NOT_RESOLVABLE, *REINFORCEMENTS, *BORROW_UNIT),
    "plastic": (*NEEDS, *NOT_RESOLVABLE, *NEEDS_PLASTIC["infantry"], *BORROW_UNIT),
    "response-stock": (*TARGETS_EXIST, *REINFORCEMENTS, *BORROW_UNIT),
    "tactic": TACTIC_TOKEN,
}

# The agenda phase (topics 7 and 8; see ``agenda.py`` and ``voting.py``).
AGENDA_FIRST = cite("8.2")
AGENDA_SECOND = cite("8.3")
AGENDA_REVEAL = cite("8.2.i", "80.2")
AGENDA_WINDOWS = cite("1.20")
AGENDA_VOTE = cite("8.2.ii", "80.2")
VOTES_CAST = cite("8.6", "8.6a", "8.7", "8.12")
ABSTAIN = cite("8.14")
NO_TRADE_GOOD_VOTES = cite("8.13", "47.3a")
EXTRA_VOTES = cite("8.15")
CANNOT_VOTE = cite("8.16")
AGENDA_TALLY = cite("8.2.iii")
AGENDA_TIE = cite("8.19", "8.19a", "80.2")
AGENDA_RESOLVE = cite("8.18", "1.24")
ELECT_PLAYER = cite("8.9", "8.10", "8.10a")
ELECT_PLANET = cite("8.9", "8.11", "8.11a")
LAW_ENACTED = cite("8.20", "7.3")
LAW_OWNED = cite("8.20", "7.3", "7.4")
DIRECTIVE_DONE = cite("8.21", "7.7", "7.8")
LAW_AGAINST = cite("8.21", "7.6")
PREDICT = cite("8.22", "8.22a")
PREDICTION_RESOLVES = cite("8.22b")

# Movement, anomalies, transport, capacity and the fleet pool (movement.py).
MOVE_VALUE = cite("58.3", "58.4f")
MOVE_STEP = cite("89.2", "58.4", "58.6")
MOVE_ENDS_ACTIVE = cite("58.4a")
MOVE_BLOCKED = cite("58.4b")
MOVE_OWN_TOKEN = cite("58.4c")
ASTEROID_FIELD = cite("11.1")
ANTIMASS = cite("11.N1")
NEBULA_ENTER = cite("59.1", "59.1a")
NEBULA_MOVE = cite("59.2")
SUPERNOVA = cite("86.1")
RIFT_BONUS = cite("41.1", "41.N6")
RIFT_ROLL = cite("41.2", "41.2a", "41.2b", "41.2c", "41.N2")
WORMHOLE_ADJACENT = cite("6.1", "101.N4")
TRANSPORT = cite("95.1", "16.1")
PICK_UP_TOKEN = cite("95.3")
CAPACITY_EXCESS = cite("16.2", "16.3", "16.3a")
FLEET_POOL_EXCESS = cite("37.1", "37.3")
FIGHTER_FLEET = cite("37.N2")
NO_STATS = cite("58.3")
SPACE_CANNON_OFFENSE = cite("58.7", "89.2c")
SPACE_COMBAT = cite("89.3")
INVASION = cite("89.4")
MOVE_NONE = cite("89.2b")
GRAVITY_DRIVE = cite("57.1", "58.3")
FLANK_SPEED = cite("57.1", "58.3")
PRODUCTION = cite("89.5", "68.1", "68.1a", "68.1b", "67.1", "67.2", "67.6")
SHIPS_PLACED = cite("67.3", "68.2")
GROUND_PLACED = cite("67.3", "68.3")
RESOURCE_SPEND = cite("67.1", "67.1a", "67.1c")
NAV_SUITE = cite("9.1", "58.4")
REPLENISH = cite("21.3")
WAR_MACHINE = cite("68.1a", "67.1")
ABILITY_MOVE = cite("58.9")
RIFT_LATER_PICKUP = cite("41.N7")
SLING_RELAY = cite("22.1", "34.4", "67.4", "67.1")
NO_SHIPS_WITH_OTHERS = cite("67.6")
RESERVE_LIMIT = cite("67.5", "67.5a")
SARWEEN_TOOLS = cite("67.1c", "68.1")

RIDER_RESEARCH = cite("8.22b", "90.10", "90.12", "90.14")
RIDER_SPACE_DOCK = cite("8.22b", "79.3", "85.4")
RIDER_DREADNOUGHT = cite("8.22b", "23.4a")
RIDER_TOKENS = cite("8.22b", "20.3b")
VICTORY_POINT = cite("8.22b", "98.4")
GAME_ENDS = cite("98.7")
SANCTION = cite("8.22b", "37.1")
DIPLOMATIC_PRESSURE = cite("8.2.i", "69.1")
AGENDA_RESHUFFLE = cite("23.5")

# Laws in play that change modelled rules (laws.py).
LAW_FLEET_LIMIT = cite("7.2", "20.2", "37.1")
LAW_TRAVEL_BAN = cite("7.2", "6.1", "101.1")
LAW_WORMHOLES_JOINED = cite("7.2", "6.1", "101.1")
LAW_NEBULAE = cite("7.2", "59.1a")
LAW_CONSCRIPTION = cite("7.2", "67.2")
LAW_PROPHECY = cite("7.2", "7.4", "56.1", "78.5")
LAW_PROPHECY_LOST = cite("7.4", "7.5", "68.1")
LAW_WAR_SUN = cite("7.2", "87.1")
LAW_WAR_SUN_PREREQUISITES = cite("7.2", "90.12")
LAW_RESEARCH_COST = cite("7.2", "90.3")
LAW_BOMBARDMENT = cite("7.2", "15.1", "64.3")

# Promissory notes (topic 69; ``notes.py``).
NOTE_PLAYED = cite("69.1", "69.1a")
OWN_NOTE = cite("69.2")
NOTE_RETURNED = cite("69.3")
POLITICAL_SECRET = cite("69.1", "8.16")
NEEDS_SETS["own-note"] = OWN_NOTE

#: Resources are spent by exhausting planets, and trade goods count as resources.
RESOURCES = cite("75.2", "75.3")
#: Reveal Prototype with no unit upgrade to research (its card notes).
NEEDS_SETS["unit-upgrade"] = cite(*TARGETS_EXIST, "90.6")
NEEDS_SETS["unit-upgrade-prerequisites"] = (*NEEDS_SETS["unit-upgrade"], *PREREQUISITES)

# X-89 Bacterial Weapon: the base printing is a component action (exhausted,
# 34.4); Planetary Shield does not protect from it (65.1). The Codex printing
# acts after a bombardment's hits are assigned (15.2, 49.1).
X89_ACTION = cite("22.1", "34.4", "15.1a")
X89_SHIELD = cite("65.1")
X89_OMEGA = cite("49.1", "15.2")
NEEDS_SETS["x89"] = (*X89_ACTION, *NOT_RESOLVABLE)

# A faction's own unit upgrade replaces the generic one (research.py).
OWN_UPGRADE = cite("90.6", "97.N1")

# Quash (Xxcha): discard the agenda revealed for a strategy token (cards/quash.py).
QUASH = cite("8.2", "20.4")

LAW_ONE_VOTE = cite("7.2", "8.6", "8.7", "8.12")
LAW_NO_EXTRA_VOTES = cite("7.2", "8.15", "1.6")
LAW_SANCTUARY = cite("7.2", "12.1", "47.1")
PROPAGATION = cite("1.25", "90.3", "20.2")
# A card with nothing it may do under a law (2.N11): extra votes it cannot cast.
NEEDS_SETS["no-extra-votes"] = (*TARGETS_EXIST, *LAW_NO_EXTRA_VOTES)
PROPAGATION_TOKEN = cite("1.25", "90.3")

# Galactic Threat (Nekro Virus): no votes; a prediction after an agenda is
# revealed, rewarded with a voter's technology (cards/galactic_threat.py).
GALACTIC_THREAT = cite("8.16", "8.22")
GALACTIC_THREAT_GAIN = cite("8.22b", "90.5")

# Research Team laws: the law card, attached to its planet, is exhausted to
# ignore one prerequisite of its color (research_teams.py).
LAW_RESEARCH_TEAM = cite("7.2", "12.1", "90.12c")

# Committee Formation: its owner discards it to choose who an agenda elects,
# with no vote (agendas/ministers.py).
COMMITTEE_FORMATION = cite("7.4", "7.5", "8.9", "8.10a")

# Minister of Peace: its owner discards it after an activation to end the
# active player's turn (cards/minister_of_peace.py).
MINISTER_OF_PEACE = cite("7.5", "89.1")

# Homeland Defense Act: Against destroys a PDS of each player; the law lifts
# the two-PDS limit, which comes back when it leaves play (agendas/homeland.py).
HOMELAND_AGAINST = cite("8.21", "7.6", "63.3")
HOMELAND_LIMIT = cite("7.5", "63.3")

# Nexus Sovereignty Against: a gamma wormhole token in the Mecatol Rex system
# (agendas/nexus.py).
NEXUS_GAMMA = cite("8.21", "7.6", "101.4", "6.1")

# Minister of Commerce: after its owner's commodities are replenished, a trade
# good per neighbor (agendas/ministers.py).
MINISTER_OF_COMMERCE = cite("7.2", "7.4", "21.3", "60.1")

# Minister of Exploration: a trade good each time its owner gains control of a
# planet (agendas/ministers.py).
MINISTER_OF_EXPLORATION = cite("7.2", "7.4", "25.1")

# Minister of Policy: its owner draws an action card once the status phase
# has ended (agendas/ministers.py).
MINISTER_OF_POLICY = cite("7.2", "7.4", "81.8", "2.1")

# Checks and Balances: a chosen strategy card goes to another player (For);
# only three planets ready after the agenda phase (Against) (agendas/strategy.py).
CHECKS_AND_BALANCES = cite("7.2", "84.1")
CHECKS_AND_BALANCES_READY = cite("8.4", "7.6", "8.18")

# Imperial Arbiter: its owner discards it to swap two strategy cards at the end
# of the strategy phase (agendas/arbiter.py).
IMPERIAL_ARBITER = cite("7.2", "7.4", "7.5", "83.8b")

# Minister of War: after an action its owner discards it to take a command
# token off the board and perform one more action in the same turn; the
# action needs the token removed first (agendas/minister_of_war.py).
MINISTER_OF_WAR = cite("1.2", "3.1", "7.4", "7.5")
MINISTER_OF_WAR_THEN = cite("1.17", "7.4")

# Demilitarized Zone (the agenda): nothing lands on, is produced on or is placed
# on its planet (laws.demilitarized, agendas/demilitarized.py).
LAW_DEMILITARIZED = cite("7.2", "12.1", "1.6")
LAW_DEMILITARIZED_LANDING = cite("7.2", "12.1", "1.6", "49.2")

# Minister of Industry: its owner's units use Production where they placed a
# space dock (agendas/industry.py).
MINISTER_OF_INDUSTRY = cite("7.4", "68.1")
INDUSTRY_PRODUCTION = cite("7.4", "68.1", "68.1a", "68.1b", "67.1", "67.2", "67.6")
