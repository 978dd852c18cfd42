from django.urls import path

from evaluations import views

urlpatterns = [
    path("lanes/<slug:slug>/evaluations/", views.lane_evaluations, name="evaluations"),
    path("lanes/<slug:slug>/evaluations/what-if/", views.what_if, name="evaluation-what-if"),
    path("evaluations/<int:evaluation_id>/", views.evaluation_page, name="evaluation"),
    path(
        "evaluations/<int:evaluation_id>/diff/<int:other_id>/",
        views.evaluation_diff_page,
        name="evaluation-diff",
    ),
]
