"""A model moved from one app to another keeps its table, its rows, their seals and their
signatures (all named by the table, never by the app); what Django keys by the app's label
follows it in the move's migration: its content type, and so the permissions on it."""

from __future__ import annotations

from django.db import migrations


def moved_content_types(old: str, new: str, models: list[str]) -> migrations.RunPython:
    """The operation that relabels the moved models' content types (``models``: their
    lower-case names) from app ``old`` to app ``new``, and back when unapplied. A content
    type the new app already has (made by a post_migrate before the move) gives way."""

    def relabel(source: str, target: str):
        def run(apps, schema_editor):
            types = apps.get_model("contenttypes", "ContentType").objects
            for model in models:
                if types.filter(app_label=source, model=model).exists():
                    types.filter(app_label=target, model=model).delete()
                    types.filter(app_label=source, model=model).update(app_label=target)
        return run

    return migrations.RunPython(relabel(old, new), relabel(new, old), elidable=False)
