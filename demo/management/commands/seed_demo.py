"""Create the demo clubs, members and logins (demo.services.demo_seed). Running it again
changes nothing; it leaves alone whatever it did not create itself."""

from django.core.management.base import BaseCommand

from demo.clubs import DEMO_PASSWORD
from demo.services import demo_seed


class Command(BaseCommand):
    help = "Create the demo clubs Spellenclub Rooi and Spellenclub Veghel (idempotent)."

    def handle(self, *args, **options):
        ready = demo_seed(warn=self.stderr.write)
        if not ready:
            return
        self.stdout.write(f"Demo clubs ready. Logins (password for all: {DEMO_PASSWORD}):")
        for demo in ready:
            logins = ", ".join(
                f"{username} ({level.lower()})" for username, _index, level in demo.logins
            )
            self.stdout.write(f"  {demo.name}: {logins}")
