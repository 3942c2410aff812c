from __future__ import annotations

from django.apps import AppConfig


class OracleConfig(AppConfig):
    name = "oracle"
    verbose_name = "Oracle"
    default_auto_field = "django.db.models.BigAutoField"
