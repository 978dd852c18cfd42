from django.urls import path

from curation.api import authority, documents, lanes, pages

urlpatterns = [
    path("lanes/", lanes.LaneListCreateApi.as_view(), name="api-lanes"),
    path("lanes/<slug:slug>/", lanes.LaneDetailApi.as_view(), name="api-lane"),
    path("lanes/<slug:slug>/precedence/", lanes.LanePrecedenceApi.as_view(), name="api-precedence"),
    path(
        "lanes/<slug:slug>/documents/",
        documents.DocumentListCreateApi.as_view(),
        name="api-documents",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/",
        documents.DocumentDetailApi.as_view(),
        name="api-document",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/corrections/",
        documents.CorrectionCreateApi.as_view(),
        name="api-corrections",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/corrections/<int:correction_id>/withdraw/",
        documents.CorrectionWithdrawApi.as_view(),
        name="api-correction-withdraw",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/pages/<int:page>.png",
        pages.DocumentPageImageApi.as_view(),
        name="api-document-page",
    ),
    path(
        "lanes/<slug:slug>/authority-csv/",
        authority.AuthorityCsvApi.as_view(),
        name="api-authority-csv",
    ),
    path("records/", documents.RecordsApi.as_view(), name="api-records"),
    path("jobs/<uuid:job_id>/", documents.JobDetailApi.as_view(), name="api-job"),
]
