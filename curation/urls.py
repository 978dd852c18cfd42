from django.urls import path

from curation.views import documents, ingest, lane_settings, pages

urlpatterns = [
    path("lanes/<slug:slug>/", documents.lane_page, name="lane"),
    path("lanes/<slug:slug>/upload/", ingest.upload_page, name="upload"),
    path("lanes/<slug:slug>/authority-csv/", ingest.authority_csv_page, name="authority-csv"),
    path("lanes/<slug:slug>/settings/", lane_settings.lane_settings, name="lane-settings"),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/", documents.document_page, name="document"
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/pages/<int:page>.png",
        pages.document_page_image,
        name="document-page-image",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/tier/",
        documents.document_tier,
        name="document-tier",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/corrections/",
        documents.correction_create,
        name="correction-add",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/corrections/<int:correction_id>/withdraw/",
        documents.correction_withdraw_view,
        name="correction-withdraw",
    ),
    path("jobs/<uuid:job_id>/", ingest.job_page, name="job"),
]
