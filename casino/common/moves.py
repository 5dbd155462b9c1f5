"""A model moved from one app to another keeps its table, its rows, their seals and their
signatures (all named by the table, never by the app); what Django keys by the app's label
follows it in the move's migration: its content type, and so the permissions on it."""

from __future__ import annotations

from django.db import migrations
from django.db.migrations.operations.base import Operation


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


class DropTriggersOf(Operation):
    """The database triggers django-pgtrigger installed for the named models of this
    app (their names hash the app's label), and their functions: dropped as the models
    leave it, the new app installing its own. Django's state is left to the operations
    beside it."""

    reduces_to_sql = True
    reversible = True

    def __init__(self, *model_names: str):
        self.model_names = model_names

    def state_forwards(self, app_label, state):
        pass

    def _triggers(self, app_label, state):
        for name in self.model_names:
            yield from state.models[app_label, name.lower()].options.get("triggers", [])

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        for trigger in self._triggers(app_label, from_state):
            schema_editor.execute(trigger.uninstall_sql, params=None)
            # pgtrigger leaves a dropped trigger's function behind: nothing calls it now.
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {trigger.sql.pgid}()", params=None)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        for trigger in self._triggers(app_label, to_state):
            schema_editor.execute(trigger.install_sql, params=None)

    def describe(self) -> str:
        return f"Drop the audit and guard triggers of {', '.join(self.model_names)}"

    def deconstruct(self):
        return self.__class__.__qualname__, self.model_names, {}
