"""Documents API: upload (queued as a job), list, detail, records, corrections, jobs."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.lanes import lane_for
from access.roles import Cap, can, is_member
from access.throttles import UPLOAD, throttle
from citenexus.ingest import ExtractionError
from common.errors import Invalid, NotFound
from common.http import actor_name
from curation.domain import authority_policy
from curation.ingest_jobs import job_create_ingest
from curation.models import Correction, Document, Job, document_id_validator
from curation.selectors import (
    correction_dict,
    document_detail,
    document_get,
    document_list,
    document_summary,
    job_dict,
    records_get,
)
from curation.services.corrections import correction_add, correction_withdraw
from curation.services.documents import (
    ERR_BAD_DOCUMENT_ID,
    check_authority,
    content_hash,
    document_authority,
    document_extract,
)
from curation.uploads import (
    UploadedFile,
    UploadError,
    document_id_from_name,
    expand_uploads,
    is_zip,
)

ERR_NO_FILE = "send the document as a multipart field named 'file'"
ERR_NEED_DOCUMENT_ID = "document_id is required for a single file"
ERR_NEED_SOURCE_TYPE = "source_type is required (e.g. documentary or conversational)"
ERR_AUTHORITY_JSON = "authority must be a JSON object of strings"
ERR_MAY_NOT_INGEST = "you may not add documents to this lane"
ERR_MAY_NOT_CORRECT = "you may not add or withdraw corrections in this lane"
ERR_NO_DOCUMENT = "no document {document_id!r} in this lane"
ERR_NEED_LANE = "the lane query parameter is required"
ERR_DUPLICATE_IDS = "two files would get the same document_id: {ids}"


class UploadSerializer(serializers.Serializer[Any]):
    file = serializers.FileField(
        help_text="txt, md, html, pdf, docx, or a zip of them; repeat for several"
    )
    document_id = serializers.CharField(required=False, max_length=200)
    source_type = serializers.CharField(max_length=100)
    authority = serializers.CharField(required=False, help_text="JSON object of strings")
    title = serializers.CharField(required=False, max_length=500)


class CorrectionInput(serializers.Serializer[Any]):
    text = serializers.CharField(max_length=20_000, allow_blank=True)
    authority = serializers.CharField(required=False, max_length=100)


def _authority_field(raw: Any) -> dict[str, str]:
    if raw in (None, ""):
        return {}
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise Invalid("invalid_authority", ERR_AUTHORITY_JSON) from exc
    return check_authority(raw)


def _document_or_404(lane: Any, document_id: str) -> Document:
    document = document_get(lane=lane, document_id=document_id)
    if document is None:
        raise NotFound("not_found", ERR_NO_DOCUMENT.format(document_id=document_id))
    return document


class DocumentListCreateApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, slug: str) -> Response:
        lane = lane_for(request.user, slug)
        documents = document_list(lane=lane)
        policy = authority_policy(lane)
        return Response([document_summary(d, lane, policy) for d in documents])

    @extend_schema(
        request={"multipart/form-data": UploadSerializer}, responses={202: OpenApiTypes.OBJECT}
    )
    def post(self, request: Request, slug: str) -> Response:
        lane = lane_for(request.user, slug, Cap.INGEST, ERR_MAY_NOT_INGEST)
        throttle(action=UPLOAD, user=request.user, lane=lane)
        uploads = [
            UploadedFile(f.name or "unnamed", f.read()) for f in request.FILES.getlist("file")
        ]
        if not uploads:
            raise Invalid("invalid", ERR_NO_FILE, {"field": "file"})
        source_type = (request.data.get("source_type") or "").strip()
        if not source_type:
            raise Invalid("invalid", ERR_NEED_SOURCE_TYPE, {"field": "source_type"})
        authority = _authority_field(request.data.get("authority"))
        may_assert = can(request.user, Cap.ASSIGN_TIER, lane)
        # Checked now so a bad tier or source type is a 400 before anything is queued.
        document_authority(
            lane=lane, source_type=source_type, authority=authority, may_assert=may_assert
        )
        single = len(uploads) == 1 and not is_zip(uploads[0].name, uploads[0].data)
        try:
            files = expand_uploads(uploads)
        except UploadError as exc:
            raise Invalid("invalid_upload", str(exc)) from exc
        if single:
            document_id = (request.data.get("document_id") or "").strip()
            if not document_id:
                raise Invalid("invalid", ERR_NEED_DOCUMENT_ID, {"field": "document_id"})
            try:
                document_id_validator(document_id)
            except DjangoValidationError as exc:
                raise Invalid("invalid", ERR_BAD_DOCUMENT_ID, {"field": "document_id"}) from exc
            unchanged = _unchanged_single(lane, document_id, files[0], authority)
            if unchanged is not None:
                return Response(unchanged, status=status.HTTP_200_OK)
            ids = [document_id]
        else:
            ids = [document_id_from_name(f.name) for f in files]
            duplicates = sorted({i for i in ids if ids.count(i) > 1})
            if duplicates:
                raise Invalid("invalid_upload", ERR_DUPLICATE_IDS.format(ids=duplicates))
        job = job_create_ingest(
            lane=lane,
            files=files,
            document_ids=ids,
            source_type=source_type,
            authority=authority,
            title=(request.data.get("title") or "").strip(),
            actor=actor_name(request),
            user=request.user,
            may_assert=may_assert,
        )
        job.refresh_from_db()
        body: dict[str, Any] = {
            "job": job_dict(job),
            "documents": [{"document_id": i, "lane": lane.slug} for i in ids],
        }
        if single:
            stored = document_get(lane=lane, document_id=ids[0])
            body["document"] = (
                document_detail(stored, lane)
                if stored
                else {"document_id": ids[0], "lane": lane.slug}
            )
        return Response(body, status=status.HTTP_202_ACCEPTED)


def _unchanged_single(
    lane: Any, document_id: str, upload: UploadedFile, authority: dict[str, str]
) -> dict[str, Any] | None:
    """Identical content and no new metadata: nothing to do, and the answer says so."""
    existing = Document.objects.filter(lane=lane, document_id=document_id).first()
    if existing is None:
        return None
    try:
        text, _, _ = document_extract(data=upload.data, filename=upload.name)
    except ExtractionError as exc:
        raise Invalid(exc.code, exc.message, {"file": upload.name}) from exc
    if content_hash(text) != existing.content_hash:
        return None
    if {**existing.authority, **authority} != existing.authority:
        return None
    detail = document_detail(_document_or_404(lane, document_id), lane)
    return {
        "result": "unchanged",
        "message": "identical content is already ingested as this document; nothing changed",
        "document": detail,
        "job": None,
    }


class DocumentDetailApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, slug: str, document_id: str) -> Response:
        lane = lane_for(request.user, slug)
        return Response(document_detail(_document_or_404(lane, document_id), lane))


class CorrectionCreateApi(APIView):
    @extend_schema(request=CorrectionInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request, slug: str, document_id: str) -> Response:
        lane = lane_for(request.user, slug, Cap.CORRECT, ERR_MAY_NOT_CORRECT)
        document = _document_or_404(lane, document_id)
        data = CorrectionInput(data=request.data)
        data.is_valid(raise_exception=True)
        correction = correction_add(
            document=document,
            text=data.validated_data["text"],
            authority=data.validated_data.get("authority"),
            actor=actor_name(request),
            user=request.user,
        )
        return Response(correction_dict(correction), status=status.HTTP_201_CREATED)


class CorrectionWithdrawApi(APIView):
    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, slug: str, document_id: str, correction_id: int) -> Response:
        lane = lane_for(request.user, slug, Cap.CORRECT, ERR_MAY_NOT_CORRECT)
        correction = get_object_or_404(
            Correction, pk=correction_id, document__lane=lane, document__document_id=document_id
        )
        return Response(
            correction_dict(correction_withdraw(correction=correction, actor=actor_name(request)))
        )


class RecordsApi(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("lane", str, required=True),
            OpenApiParameter("ids", str, required=True, description="comma-separated document ids"),
        ],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request: Request) -> Response:
        slug = request.query_params.get("lane", "")
        if not slug:
            raise Invalid("invalid", ERR_NEED_LANE, {"field": "lane"})
        lane = lane_for(request.user, slug)
        ids = [i.strip() for i in request.query_params.get("ids", "").split(",") if i.strip()]
        return Response(records_get(lane=lane, document_ids=ids[:1000]))


class JobDetailApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, job_id: str) -> Response:
        job = Job.objects.select_related("lane").filter(pk=job_id).first()
        visible = job is not None and (
            job.created_by_id == request.user.pk
            or (job.lane is not None and is_member(request.user, job.lane))
        )
        if not visible:
            raise NotFound("not_found", "no such job")
        return Response(job_dict(job))
