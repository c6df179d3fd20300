"""Check that a Celery worker consumes the configured broker and reaches the database."""

from celery.exceptions import TimeoutError as CeleryTimeout
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from config.celery import ping


class Command(BaseCommand):
    help = "Send a ping task through the broker and wait for a worker to answer."

    def add_arguments(self, parser):
        parser.add_argument("--timeout", type=float, default=10.0)

    def handle(self, *args, timeout, **options):
        broker = settings.CELERY_BROKER_URL.split("@")[-1]
        try:
            answer = ping.delay().get(timeout=timeout)
        except CeleryTimeout:
            raise CommandError(
                f"no worker answered within {timeout:g} s on broker {broker}"
            ) from None
        except Exception as exc:  # a broker that cannot be reached, a backend error
            raise CommandError(f"broker {broker}: {exc}") from None
        self.stdout.write(f"worker answered on {broker}: {answer}")
