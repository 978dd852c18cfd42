from django.urls import path

from accounts import api

urlpatterns = [
    path("tokens/", api.TokenListCreateApi.as_view(), name="api-token-list"),
    path("tokens/<int:token_id>/", api.TokenDetailApi.as_view(), name="api-token-detail"),
]
