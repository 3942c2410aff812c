from __future__ import annotations

from typing import Any

from django.db import migrations, models
from django.db.models.functions import Length


def measure(apps: Any, schema_editor: Any) -> None:
    """The size of every stored result, in one statement."""
    Run = apps.get_model("oracle", "Run")
    Run.objects.using(schema_editor.connection.alias).update(
        result_size=Length("result_json")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("oracle", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="run",
            name="result_size",
            field=models.PositiveBigIntegerField(
                default=0,
                help_text="Characters of the stored result: its page, pruning and "
                "the admin read this instead of the result.",
            ),
        ),
        migrations.RunPython(measure, migrations.RunPython.noop),
    ]
