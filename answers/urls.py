from django.urls import path

from answers import views

urlpatterns = [
    path("ask/", views.ask_page, name="ask"),
    path("verify/", views.verify_page, name="verify"),
    path("answers/", views.answer_history, name="answers"),
    path("answers/<int:answer_id>/", views.answer_page, name="answer"),
    path("answers/<int:answer_id>/review/", views.review_view, name="answer-review"),
    path("answers/<int:answer_id>/export.md", views.answer_export, name="answer-export"),
    path(
        "answers/<int:answer_id>/claims/<int:claim_index>/citations/<str:key>/",
        views.citation_panel,
        name="citation",
    ),
]
