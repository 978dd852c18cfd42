from django.apps import AppConfig


class CurationConfig(AppConfig):
    name = "curation"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The job kinds register with the runner (curation/jobs.py) when they are defined, so
        # that a web process can resume their unfinished jobs at start-up.
        import curation.tasks  # noqa: F401
