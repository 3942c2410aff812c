from __future__ import annotations

from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules reference"
    default_auto_field = "django.db.models.BigAutoField"
