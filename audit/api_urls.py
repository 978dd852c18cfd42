from django.urls import path

from audit import api

urlpatterns = [
    path("", api.AuditListApi.as_view(), name="api-audit"),
    path("verify/", api.AuditVerifyApi.as_view(), name="api-audit-verify"),
    path("export.csv", api.AuditExportApi.as_view(fmt="csv"), name="api-audit-export-csv"),
    path("export.jsonl", api.AuditExportApi.as_view(fmt="jsonl"), name="api-audit-export-jsonl"),
]
