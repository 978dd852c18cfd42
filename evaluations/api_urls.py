from django.urls import path

from evaluations import api

urlpatterns = [
    path(
        "lanes/<slug:slug>/evaluations/",
        api.LaneEvaluationsApi.as_view(),
        name="api-lane-evaluations",
    ),
    path(
        "evaluations/<int:evaluation_id>/", api.EvaluationDetailApi.as_view(), name="api-evaluation"
    ),
    path(
        "evaluations/<int:evaluation_id>/diff/<int:other_id>/",
        api.EvaluationDiffApi.as_view(),
        name="api-evaluation-diff",
    ),
]
