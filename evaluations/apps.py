from django.apps import AppConfig


class EvaluationsConfig(AppConfig):
    name = "evaluations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The evaluation job kind registers with the runner (curation/jobs.py) when defined, so
        # that a web process resumes unfinished evaluation runs at start-up.
        import evaluations.tasks  # noqa: F401
