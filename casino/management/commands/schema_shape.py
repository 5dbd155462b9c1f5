"""manage.py schema_shape: the database's guards (triggers, functions, the application
role's grants) against the shape the migrations install (casino.common.shape).

    python manage.py schema_shape           name each difference; exit 1 if there is one
    python manage.py schema_shape --write   keep this database's as the migrations' shape
                                            (on a database just migrated, as the owner)
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from casino.common import shape


class Command(BaseCommand):
    help = "Compare the database's guards with the shape the migrations install."

    def add_arguments(self, parser):
        parser.add_argument("--write", action="store_true",
                            help="Write this database's shape to casino/schema/shape.json.")

    def handle(self, *args, write=False, **options):
        if write:
            kept = shape.write()
            self.stdout.write(f"Wrote {shape.EXPECTED}: {len(kept['triggers'])} triggers, "
                              f"{len(kept['functions'])} functions, grants on "
                              f"{len(kept['grants'])} tables.")
            return
        found = shape.differences()
        if not found:
            self.stdout.write(self.style.SUCCESS("The database's guards are as the "
                                                 "migrations install them."))
            return
        for each in found:
            self.stderr.write(each)
        raise CommandError(f"{len(found)} difference(s) from the migrations' shape.")
