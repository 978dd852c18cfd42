from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from citenexus_web import views

# The JSON API, all under one prefix; the order is the schema's order of paths.
api = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI's start-up script from its own URL (?script) and its page without inline
    # <style>, so the strict Content-Security-Policy covers this page too (citenexus_web/csp.py).
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("", include("curation.api_urls")),
    path("audit/", include("audit.api_urls")),
    path("", include("answers.api_urls")),
    path("", include("evaluations.api_urls")),
    path("", include("accounts.api_urls")),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/", include(api)),
    path("", include("curation.urls")),
    path("", include("answers.urls")),
    path("", include("audit.urls")),
    path("", include("reporting.urls")),
    path("", include("evaluations.urls")),
    path("", include("accounts.urls")),
]

handler404 = "citenexus_web.api_errors.api_not_found"
