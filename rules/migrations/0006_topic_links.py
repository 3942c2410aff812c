import django.db.models.deletion
from django.db import migrations, models


def forget_content_versions(apps, schema_editor):
    # Links are worked out when content loads: the next load_content (make run
    # runs one) must load every game again, even one whose files are unchanged.
    apps.get_model("rules", "Game").objects.update(content_version="")


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0005_merge_topics_and_cards"),
    ]

    operations = [
        migrations.CreateModel(
            name="TopicLinks",
            fields=[
                (
                    "topic",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="links",
                        serialize=False,
                        to="rules.topic",
                    ),
                ),
                ("data", models.JSONField(default=dict)),
            ],
        ),
        migrations.RunPython(forget_content_versions, migrations.RunPython.noop),
    ]
