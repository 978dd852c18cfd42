from django.urls import path

from audit import views

urlpatterns = [
    path("audit/", views.audit_log, name="audit-log"),
    path("audit/events/<int:event_id>/", views.audit_event, name="audit-event"),
    path("audit/chain/", views.audit_chain, name="audit-chain"),
]
