from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "demo"
    verbose_name = "demo"

    def ready(self) -> None:
        from config import pages  # noqa: PLC0415

        pages.register(demo_load="demo:first-start-demo")  # the first start's button
