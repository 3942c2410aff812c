"""Stored runs can be pruned: ``prune_runs`` by age and by size, and the admin
lists them with their size, filters and deletes them."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from oracle.models import Run

pytestmark = pytest.mark.django_db


def stored(ti4: Any, name: str, *, days: int = 0, size: int = 10) -> Run:
    run = Run.objects.create(
        hash=name,
        game=ti4,
        scenario={"game": "ti4"},
        result_json="{}",
        result_size=size,
        engine_version="3.0.0",
    )
    Run.objects.filter(pk=run.pk).update(updated=timezone.now() - timedelta(days=days))
    return run


def prune(*args: str) -> str:
    out = io.StringIO()
    call_command("prune_runs", *args, stdout=out)
    return out.getvalue()


def test_it_prunes_runs_older_than_a_number_of_days(ti4: Any) -> None:
    stored(ti4, "old", days=200)
    stored(ti4, "recent", days=10)

    assert prune("--older-than", "180") == "deleted 1 runs (10 characters)\n"
    assert list(Run.objects.values_list("hash", flat=True)) == ["recent"]


def test_it_prunes_runs_larger_than_a_size(ti4: Any) -> None:
    stored(ti4, "huge", size=205_000_000)
    stored(ti4, "small", size=9_000)

    assert prune("--larger-than", "4M") == "deleted 1 runs (205,000,000 characters)\n"
    assert list(Run.objects.values_list("hash", flat=True)) == ["small"]


def test_either_criterion_selects_a_run(ti4: Any) -> None:
    stored(ti4, "old", days=400)
    stored(ti4, "huge", size=5_000_000)
    stored(ti4, "kept", days=1, size=100)

    prune("--older-than", "365", "--larger-than", "500k")

    assert list(Run.objects.values_list("hash", flat=True)) == ["kept"]


def test_a_dry_run_deletes_nothing(ti4: Any) -> None:
    stored(ti4, "old", days=200)

    assert prune("--older-than", "30", "--dry-run") == (
        "would delete 1 runs (10 characters)\n"
    )
    assert Run.objects.count() == 1


@pytest.mark.parametrize(
    "args",
    [(), ("--larger-than", "lots"), ("--older-than", "-1")],
)
def test_it_refuses_to_prune_without_a_clear_criterion(
    ti4: Any, args: tuple[str, ...]
) -> None:
    stored(ti4, "old", days=200)

    with pytest.raises(CommandError):
        prune(*args)
    assert Run.objects.count() == 1


@pytest.fixture
def admin_client(client: Client) -> Client:
    user = User.objects.create_superuser("admin", "admin@example.org", "pw-1234567")
    client.force_login(user)
    return client


def test_the_admin_lists_runs_by_size_without_reading_results(
    admin_client: Client, ti4: Any
) -> None:
    huge = stored(ti4, "huge", size=205_000_000)
    Run.objects.filter(pk=huge.pk).update(result_json="{not json")
    stored(ti4, "tiny-run", size=9_000)

    page = admin_client.get("/admin/oracle/run/?size=huge")

    text = page.content.decode()
    assert page.status_code == 200
    assert "205,000,000" in text
    assert "tiny-run" not in text
    assert "tiny-run" in admin_client.get("/admin/oracle/run/").content.decode()


def test_the_admin_deletes_selected_runs(admin_client: Client, ti4: Any) -> None:
    huge = stored(ti4, "huge", size=205_000_000)
    stored(ti4, "small", size=9_000)

    admin_client.post(
        "/admin/oracle/run/",
        {"action": "delete_selected", "_selected_action": [huge.pk], "post": "yes"},
    )

    assert list(Run.objects.values_list("hash", flat=True)) == ["small"]
