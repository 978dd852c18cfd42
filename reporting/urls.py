from django.urls import path

from reporting import views

urlpatterns = [
    path("audit/dashboard/", views.audit_dashboard, name="audit-dashboard"),
]
