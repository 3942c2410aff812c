"""The admin login: wrong passwords lock the client out for a while (django-axes)
before they cost a password hash each, and weak passwords are refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/"
PASSWORD = "correct horse battery staple"


@pytest.fixture
def admin(settings: Any) -> User:
    settings.AXES_FAILURE_LIMIT = 5
    # Fast hashing for the test; which hasher runs does not change the lockout.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return User.objects.create_superuser("admin", "admin@example.org", PASSWORD)


def log_in(client: Client, password: str, address: str = "198.51.100.7") -> int:
    response = client.post(
        LOGIN, {"username": "admin", "password": password}, REMOTE_ADDR=address
    )
    return int(response.status_code)


def test_wrong_passwords_lock_the_client_out(client: Client, admin: User) -> None:
    statuses = [log_in(client, f"guess {n}") for n in range(30)]

    # The form again with its error, until the fifth wrong password locks out.
    assert statuses[:4] == [200] * 4
    assert set(statuses[4:]) == {429}
    assert log_in(client, PASSWORD) == 429
    # Another client is not locked out by this one.
    assert log_in(Client(), PASSWORD, address="192.0.2.44") == 302


def test_a_locked_out_client_costs_no_password_hash(
    client: Client, admin: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    hashed = []
    encode = MD5PasswordHasher.encode

    def counting(self: Any, *args: Any, **kwargs: Any) -> str:
        hashed.append(1)
        return encode(self, *args, **kwargs)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counting)
    for n in range(5):
        log_in(client, f"guess {n}")
    assert len(hashed) == 5
    hashed.clear()

    for n in range(20):
        assert log_in(client, f"more {n}") == 429

    assert hashed == []


def test_a_right_password_resets_the_count(client: Client, admin: User) -> None:
    for n in range(4):
        log_in(client, f"guess {n}")
    assert log_in(client, PASSWORD) == 302
    client.logout()

    assert [log_in(client, f"again {n}") for n in range(4)] == [200] * 4


@pytest.mark.parametrize(
    "password", ["short1!", "password1234", "12345678901234", "admin@example.org"]
)
def test_weak_passwords_are_refused(admin: User, password: str) -> None:
    with pytest.raises(ValidationError):
        validate_password(password, user=admin)


def test_a_long_unusual_password_is_accepted(admin: User) -> None:
    validate_password("violet-orbit-42-tangram", user=admin)
