"""Shapes of the oracle endpoint, for the OpenAPI schema only: the request is
validated by the engine's scenario parser and the answer is the engine's result,
so these serializers never touch data."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from oracle import odds
from oracle.engine.core.records import VERDICTS
from oracle.engine.core.specs import (
    EXPECT_OPS,
    MAX_EXPECT,
    MAX_PLAYERS,
    MAX_QUESTION,
    MAX_STEPS,
)

# What the scenario parser accepts as one expectation: a path and exactly one
# operation, nothing else.
EXPECTATION = {
    "type": "object",
    "properties": {
        "path": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "pattern": "^[^\\u0000-\\u001f\\u007f]+$",
        },
        "count": {"type": "integer", "minimum": 0, "maximum": 10**9},
        "equals": {},
        "contains": {},
    },
    "required": ["path"],
    "additionalProperties": False,
    "oneOf": [{"required": [op]} for op in EXPECT_OPS],
}


@extend_schema_field(EXPECTATION)
class ExpectationField(serializers.JSONField):
    pass


class OraclePlayerSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="Unique; no / @ # : or . characters.")
    hand = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Card slugs."
    )
    deck = serializers.ListField(child=serializers.CharField(), required=False)
    discard = serializers.ListField(child=serializers.CharField(), required=False)
    play = serializers.ListField(child=serializers.JSONField(), required=False)
    resources = serializers.DictField(child=serializers.IntegerField(), required=False)
    faction = serializers.CharField(required=False, help_text="Pack-defined (ti4).")
    technologies = serializers.ListField(
        child=serializers.JSONField(), required=False, help_text="Pack-defined (ti4)."
    )
    trade_goods = serializers.IntegerField(required=False, help_text="ti4.")


class OracleScenarioSerializer(serializers.Serializer):
    game = serializers.CharField(
        required=False, help_text="Defaults to the game of the URL; must match it."
    )
    question = serializers.CharField(
        required=False,
        max_length=MAX_QUESTION,
        help_text="The question in words, one paragraph (line breaks and runs of "
        "spaces read as one space). Stored with the run and part of its "
        "permalink; the run does not read it.",
    )
    seed = serializers.IntegerField(required=False, help_text="All randomness.")
    phase = serializers.CharField(required=False, help_text="The starting phase.")
    round = serializers.IntegerField(required=False)
    active_player = serializers.CharField(required=False)
    players = serializers.ListField(
        child=OraclePlayerSerializer(),
        min_length=1,
        max_length=MAX_PLAYERS,
        help_text=f"1 to {MAX_PLAYERS} players.",
    )
    decks = serializers.DictField(
        child=serializers.ListField(child=serializers.JSONField()),
        required=False,
        help_text="Shared zones, top card first.",
    )
    board = serializers.DictField(required=False, help_text="Pack-defined board.")
    steps = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        max_length=MAX_STEPS,
        help_text=f"At most {MAX_STEPS}: "
        "{player, play|use: card, targets}, {player, pass: true}, "
        "{player, choose: option}, {advance: phase}, {end: period}.",
    )
    expect = serializers.ListField(
        child=ExpectationField(),
        required=False,
        max_length=MAX_EXPECT,
        help_text="Assertions on the final state: {path, count|equals|contains}.",
    )


class OracleStepSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["accepted", "rejected"])
    verdict = serializers.ChoiceField(
        choices=list(VERDICTS),
        allow_null=True,
        help_text="legal, illegal (refused) or not_modelled (resolved, but part "
        "of it is only stated); null when a guard stopped the run before it.",
    )
    reason = serializers.CharField(allow_null=True)
    rules = serializers.ListField(child=serializers.CharField())
    card = serializers.CharField(
        allow_null=True, help_text="The slug of the card the step plays or uses."
    )
    card_id = serializers.CharField(
        allow_null=True,
        help_text="The card instance it used (a key of state.cards); null when "
        "the step was refused before one was found.",
    )


class OracleLogEntrySerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    player = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    event = serializers.CharField(allow_null=True)
    cards = serializers.ListField(
        child=serializers.CharField(), help_text="Card instance ids."
    )
    card_slugs = serializers.ListField(
        child=serializers.CharField(), help_text="The slug of each card in `cards`."
    )
    rules = serializers.ListField(child=serializers.CharField())
    modelled = serializers.BooleanField(
        required=False,
        help_text="Present and false when the entry states what happens without "
        "the engine modelling it.",
    )
    step = serializers.IntegerField(
        allow_null=True,
        help_text="Index of the step the entry belongs to (a response taken from "
        "a later step counts as that step); null during set-up.",
    )


class OracleDecisionSerializer(serializers.Serializer):
    at = serializers.IntegerField(help_text="Index of the step being resolved.")
    player = serializers.CharField()
    window = serializers.CharField()
    options = serializers.ListField(child=serializers.CharField())
    prompt = serializers.CharField(
        required=False,
        help_text='The text the player is shown ("Choose a card"); absent where '
        "there is none, as in a response window.",
    )


class OracleResultSerializer(serializers.Serializer):
    ok = serializers.BooleanField(
        help_text="The run finished and every expectation holds. Rejected steps "
        "are answers and leave it true."
    )
    game = serializers.CharField()
    engine_version = serializers.CharField()
    verdict = serializers.ChoiceField(
        choices=list(VERDICTS),
        allow_null=True,
        help_text="The run's answer: illegal when a step was refused, else "
        "not_modelled when anything rested on what the engine only states, else "
        "legal; null when a guard stopped the run first.",
    )
    steps = OracleStepSerializer(many=True)
    log = OracleLogEntrySerializer(many=True)
    decisions = OracleDecisionSerializer(many=True)
    state = serializers.DictField(help_text="The final game state.")
    expect = serializers.ListField(
        child=serializers.DictField(),
        help_text="Each expectation with `passed` and the `actual` value.",
    )
    error = serializers.CharField(
        allow_null=True,
        help_text="Why a guard (step or recursion budget) stopped the run; null "
        "when it ran to the end.",
    )
    question = serializers.CharField(
        allow_null=True, help_text="The scenario's question in words, if any."
    )
    permalink = serializers.URLField(
        help_text="The answer's page, /<game>/oracle/r/<hash>/: the same scenario "
        "always gets the same link."
    )


class OracleProblemSerializer(serializers.Serializer):
    pointer = serializers.CharField(help_text="JSON pointer to the field.")
    message = serializers.CharField()
    card = serializers.CharField(
        required=False, help_text="not_implemented: the card's slug."
    )


class OracleErrorDetailSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=["invalid", "not_implemented"])
    message = serializers.CharField()
    details = OracleProblemSerializer(many=True)


class OracleErrorSerializer(serializers.Serializer):
    """A scenario the oracle cannot run (documentation only)."""

    error = OracleErrorDetailSerializer()


# -- combat odds ----------------------------------------------------------------------


class OddsOptionsSerializer(serializers.Serializer):
    """The odds' query parameters (validated by ``oracle.odds.options``)."""

    policy = serializers.ChoiceField(
        choices=list(odds.POLICIES),
        required=False,
        help_text="How each player assigns hits (default sustain-first).",
    )
    samples = serializers.IntegerField(
        min_value=odds.MIN_SAMPLES,
        max_value=odds.MAX_SAMPLES,
        required=False,
        help_text="Combats a simulation rolls (default 20000).",
    )
    seed = serializers.IntegerField(
        min_value=0,
        max_value=odds.MAX_SEED,
        required=False,
        help_text="The simulation's seed (default 1).",
    )
    retreat_at = serializers.IntegerField(
        min_value=1,
        max_value=odds.MAX_SHIPS,
        required=False,
        help_text="The attacker retreats at the start of the first round in "
        "which it has this many ships or fewer (default: nobody retreats; a "
        "ground combat refuses it: ground forces never retreat).",
    )


class OddsSideSerializer(serializers.Serializer):
    player = serializers.CharField()
    ships = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Units in the combat by type: ships in a space combat, ground "
        "forces in a ground combat.",
    )
    damaged = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Of those, the units already damaged as the combat begins, by type.",
    )
    upgrades = serializers.ListField(
        child=serializers.CharField(), help_text="Unit upgrades applied."
    )
    not_used = serializers.ListField(
        child=serializers.CharField(),
        help_text="Abilities the player may decline, taken as not used.",
    )


class OddsCombatSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["space", "ground"],
        help_text="space: the active system's space combat; ground: the ground "
        "combat on one of its planets (when there is no space combat).",
    )
    system = serializers.CharField(help_text="The active system's name.")
    planet = serializers.CharField(
        allow_null=True, help_text="The planet of a ground combat; null in space."
    )
    attacker = OddsSideSerializer()
    defender = OddsSideSerializer()


class OddsChancesSerializer(serializers.Serializer):
    attacker_wins = serializers.FloatField()
    defender_wins = serializers.FloatField()
    no_one_survives = serializers.FloatField()
    retreat = serializers.FloatField(
        help_text="The attacker retreats (0 unless `retreat_at` is given; "
        "always 0 in a ground combat)."
    )


class OddsAssumptionSerializer(serializers.Serializer):
    text = serializers.CharField()
    rules = serializers.ListField(child=serializers.CharField())


class OddsSerializer(serializers.Serializer):
    game = serializers.CharField()
    engine_version = serializers.CharField()
    combat = OddsCombatSerializer()
    method = serializers.ChoiceField(
        choices=["exact", "simulation"],
        help_text="exact: computed over every state; simulation: sampled.",
    )
    policy = serializers.ChoiceField(choices=["sustain-first", "no-sustain"])
    samples = serializers.IntegerField(
        allow_null=True, help_text="Combats simulated; null when exact."
    )
    seed = serializers.IntegerField(
        allow_null=True, help_text="The simulation's seed; null when exact."
    )
    retreat_at = serializers.IntegerField(
        allow_null=True, help_text="The retreat option given, or null."
    )
    chances = OddsChancesSerializer()
    survivors = serializers.DictField(
        child=serializers.DictField(child=serializers.FloatField()),
        help_text="`attacker` and `defender`: expected units left by type.",
    )
    expected_rounds = serializers.FloatField()
    standard_error = serializers.DictField(
        child=serializers.FloatField(),
        allow_null=True,
        help_text="Simulation only: the standard error of each chance (same "
        "keys), of each survivor figure (`attacker.<unit>`) and of `rounds`.",
    )
    assumptions = OddsAssumptionSerializer(many=True)


class OddsErrorDetailSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=["invalid", "not_implemented", "no_combat"])
    message = serializers.CharField()
    details = serializers.JSONField(
        help_text="Problems as {pointer, message} (scenario) or parameter → "
        "messages (query parameters)."
    )


class OddsErrorSerializer(serializers.Serializer):
    """Combat odds that cannot be given (documentation only)."""

    error = OddsErrorDetailSerializer()
