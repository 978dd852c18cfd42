from django.urls import path

from answers import api

urlpatterns = [
    path("ask/", api.AskApi.as_view(), name="api-ask"),
    path("verify/", api.VerifyApi.as_view(), name="api-verify"),
    path("answers/", api.AnswerListApi.as_view(), name="api-answers"),
    path("answers/<int:answer_id>/", api.AnswerDetailApi.as_view(), name="api-answer"),
    path(
        "answers/<int:answer_id>/export.md",
        api.AnswerExportApi.as_view(),
        name="api-answer-export",
    ),
    path(
        "answers/<int:answer_id>/review/", api.AnswerReviewApi.as_view(), name="api-answer-review"
    ),
]
