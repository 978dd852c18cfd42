from __future__ import annotations

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from axes.signals import user_locked_out

        from accounts.services import login_lockout_record

        user_locked_out.connect(login_lockout_record, dispatch_uid="accounts.lockout_audit")
