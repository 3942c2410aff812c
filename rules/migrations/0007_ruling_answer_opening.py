from django.db import migrations, models


def forget_content_versions(apps, schema_editor):
    # The opening is worked out when content loads: the next load_content (make
    # run runs one) must load every game again, even one whose files are unchanged.
    apps.get_model("rules", "Game").objects.update(content_version="")


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0006_topic_links"),
    ]

    operations = [
        migrations.AddField(
            model_name="ruling",
            name="answer_opening",
            field=models.CharField(blank=True, max_length=300),
        ),
        migrations.RunPython(forget_content_versions, migrations.RunPython.noop),
    ]
