from django.urls import path

from curation import views, views_admin, views_ingest, views_pages

urlpatterns = [
    path("lanes/<slug:slug>/", views.lane_page, name="lane"),
    path("lanes/<slug:slug>/upload/", views_ingest.upload_page, name="upload"),
    path("lanes/<slug:slug>/authority-csv/", views_ingest.authority_csv_page, name="authority-csv"),
    path("lanes/<slug:slug>/settings/", views_admin.lane_settings, name="lane-settings"),
    path("lanes/<slug:slug>/documents/<str:document_id>/", views.document_page, name="document"),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/pages/<int:page>.png",
        views_pages.document_page_image,
        name="document-page-image",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/tier/",
        views.document_tier,
        name="document-tier",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/corrections/",
        views.correction_create,
        name="correction-add",
    ),
    path(
        "lanes/<slug:slug>/documents/<str:document_id>/corrections/<int:correction_id>/withdraw/",
        views.correction_withdraw_view,
        name="correction-withdraw",
    ),
    path("jobs/<uuid:job_id>/", views_ingest.job_page, name="job"),
]
