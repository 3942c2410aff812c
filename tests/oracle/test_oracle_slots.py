"""A node runs at most ORACLE_CONCURRENCY scenarios at once across its
workers, so that workers stay free for pages: a new run that finds every slot
taken is refused at once with a 429 and Retry-After; stored answers need no
slot; a slot is free again once its run ends."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from oracle.models import Run
from oracle.slots import OracleBusy, oracle_slot
from tests.oracle.conftest import post_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"


@pytest.fixture
def one_slot(settings: Any, tmp_path: Path) -> Path:
    settings.ORACLE_CONCURRENCY = 1
    settings.ORACLE_SLOTS_DIR = tmp_path
    return tmp_path


@pytest.fixture
def taken(one_slot: Path) -> Iterator[None]:
    """The node's one slot, held as another worker's run would hold it."""
    descriptor = os.open(one_slot / "slot-0", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    yield
    os.close(descriptor)


def test_a_new_run_is_refused_when_every_slot_is_taken(
    client: Client, ti4: Any, scenario: Any, taken: None
) -> None:
    response = post_json(client, URL, scenario)

    assert response.status_code == 429
    assert response["Retry-After"] == "1"
    assert response.json()["error"]["code"] == "busy"
    assert not Run.objects.exists()


def test_a_stored_answer_needs_no_slot(
    client: Client, ti4: Any, scenario: Any, one_slot: Path
) -> None:
    first = post_json(client, URL, scenario)
    descriptor = os.open(one_slot / "slot-0", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    try:
        again = post_json(client, URL, scenario)
    finally:
        os.close(descriptor)

    assert again.status_code == 200
    assert again.json()["permalink"] == first.json()["permalink"]


def test_the_editor_says_the_oracle_is_busy(
    client: Client, ti4: Any, scenario: Any, taken: None
) -> None:
    response = client.post(
        "/ti4/oracle/", {"mode": "paste", "text": json.dumps(scenario)}
    )

    assert response.status_code == 429
    assert response["Retry-After"] == "1"
    assert "The oracle is busy" in response.content.decode()


def test_a_slot_is_free_again_once_its_run_ends(one_slot: Path) -> None:
    with oracle_slot(), pytest.raises(OracleBusy), oracle_slot():
        pass
    with oracle_slot():
        pass


def test_no_limit_when_the_concurrency_is_zero(settings: Any, one_slot: Path) -> None:
    settings.ORACLE_CONCURRENCY = 0
    with oracle_slot(), oracle_slot():
        pass
