from django.urls import path

from accounts import views

urlpatterns = [
    path("account/tokens/", views.tokens_page, name="api-tokens"),
    path("account/tokens/<int:token_id>/revoke/", views.token_revoke_view, name="api-token-revoke"),
]
