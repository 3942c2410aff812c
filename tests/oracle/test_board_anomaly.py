"""The builder's system rows carry a system's anomaly: written into the
scenario's board as the pack spells it, and read back from a board."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.forms import Rows, build, rows_for

pytestmark = pytest.mark.django_db


def test_a_system_row_writes_its_anomaly(ti4: Any) -> None:
    rows = Rows(
        {"phase": "action"},
        [{"name": "Alice"}, {"name": "Bob"}],
        [],
        [
            {"system": "Rift", "anomaly": "Gravity Rift"},
            {"system": "Fog", "anomaly": "nebula, supernova"},
        ],
        [],
        [],
    )

    systems = build("ti4", rows).data["board"]["systems"]

    assert systems == [
        {"id": "rift", "name": "Rift", "anomaly": "gravity-rift"},
        {"id": "fog", "name": "Fog", "anomaly": ["nebula", "supernova"]},
    ]


def test_a_board_with_an_anomaly_opens_in_the_builder(ti4: Any) -> None:
    scenario = {
        "phase": "action",
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "board": {"systems": [{"id": "rift", "anomaly": "gravity-rift"}]},
    }

    rows = rows_for(scenario, "ti4")

    assert rows is not None
    assert rows.systems[0]["anomaly"] == "gravity rift"
    assert build("ti4", rows).data["board"] == scenario["board"]
