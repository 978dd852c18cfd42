"""Lane settings: tier-order editor (reorder, add, rename, remove, floor preview), policy, members."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from audit.models import AuditEvent
from common.errors import ServiceError
from curation.models import Document, EvidenceUnit, Lane, LaneMembership
from curation.selectors import tier_counts
from curation.services.documents import document_ingest_text
from curation.services.tiers import TierEdit, floor_preview, tier_order_change
from tests.conftest import LEGAL_ORDER

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def documents(lane: Any) -> None:
    for document_id, tier in [("a", "statute"), ("b", "statute"), ("c", "secondary-blog")]:
        document_ingest_text(
            lane=lane,
            document_id=document_id,
            text=f"{document_id} text about notice.",
            source_type="documentary",
            actor="setup",
            authority={"authority_tier": tier},
            may_assert=True,
        )


def form(
    lane: Any, order: list[str], action: str, floor: str = "general-statute", **extra: Any
) -> dict[str, Any]:
    """The editor's POST: rows highest first, as the page lists them."""
    names = extra.pop("names", None) or order
    return {
        "section": "tiers",
        "original": list(reversed(order)),
        "name": list(reversed(names)),
        "minimum_tier": floor,
        "profile": "ordered.v1",
        "default_mode": "strict",
        "jurisdiction": "CA",
        "action": action,
        **extra,
    }


def test_only_admins_see_the_settings(admin, curator, reviewer, auditor, lane):
    assert signed_in(admin).get(f"/lanes/{lane.slug}/settings/").status_code == 200
    for user in (curator, reviewer, auditor):
        assert signed_in(user).get(f"/lanes/{lane.slug}/settings/").status_code == 403
        response = signed_in(user).post(
            f"/lanes/{lane.slug}/settings/", form(lane, LEGAL_ORDER, "save")
        )
        assert response.status_code == 403


def test_the_editor_lists_tiers_highest_first_with_move_buttons(admin, lane):
    html = signed_in(admin).get(f"/lanes/{lane.slug}/settings/").content.decode()
    assert html.index('value="controlling-statute"') < html.index('value="out-of-jurisdiction"')
    assert "Move controlling-statute</span> up" in html
    assert 'for="id_minimum_tier"' in html


def test_moving_a_tier_up_changes_nothing_until_saved(admin, lane):
    client = signed_in(admin)
    index = LEGAL_ORDER.index("statute")
    html = client.post(
        f"/lanes/{lane.slug}/settings/", form(lane, LEGAL_ORDER, f"raise:{index}")
    ).content.decode()
    assert html.index('value="statute"') < html.index('value="binding-appellate"')
    lane.refresh_from_db()
    assert lane.tier_order == LEGAL_ORDER


def test_saving_a_reordered_list_and_a_higher_floor(admin, lane, documents):
    order = LEGAL_ORDER.copy()
    order[3], order[4] = order[4], order[3]
    response = signed_in(admin).post(
        f"/lanes/{lane.slug}/settings/", form(lane, order, "save", floor="statute")
    )
    assert response.status_code == 302
    lane.refresh_from_db()
    assert lane.tier_order == order and lane.minimum_tier == "statute"
    assert AuditEvent.objects.filter(action="lane.policy_change", lane=lane.slug).exists()


def test_the_preview_counts_documents_below_the_floor_before_saving(admin, lane, documents):
    html = (
        signed_in(admin)
        .post(
            f"/lanes/{lane.slug}/settings/",
            form(lane, LEGAL_ORDER, "preview", floor="binding-appellate"),
        )
        .content.decode()
    )
    assert "<strong>3</strong> of 3 documents would fall below the floor" in html
    lane.refresh_from_db()
    assert lane.minimum_tier == "general-statute"


def test_renaming_a_tier_renames_it_on_documents_units_and_the_policy(admin, lane, documents):
    names = [("state-statute" if n == "statute" else n) for n in LEGAL_ORDER]
    response = signed_in(admin).post(
        f"/lanes/{lane.slug}/settings/", form(lane, LEGAL_ORDER, "save", names=names)
    )
    assert response.status_code == 302
    lane.refresh_from_db()
    assert "state-statute" in lane.tier_order and lane.policy["documentary"] == "state-statute"
    assert Document.objects.get(document_id="a").authority["authority_tier"] == "state-statute"
    assert all(
        u.authority_meta["authority_tier"] == "state-statute"
        for u in EvidenceUnit.objects.filter(document__document_id="a")
    )
    event = AuditEvent.objects.get(action="lane.tier_rename")
    assert (
        event.details["renames"] == {"statute": "state-statute"} and event.details["documents"] == 2
    )


def test_swapping_two_names_moves_every_document_exactly_once(lane, documents):
    edits = [
        TierEdit(n, {"statute": "secondary-blog", "secondary-blog": "statute"}.get(n, n))
        for n in LEGAL_ORDER
    ]
    tier_order_change(lane=lane, edits=edits, minimum_tier="general-statute", actor="t")
    assert tier_counts(lane=lane) == {"secondary-blog": 2, "statute": 1}


def test_removing_a_tier_in_use_is_refused_with_its_count(admin, lane, documents):
    index = LEGAL_ORDER.index("statute")
    html = (
        signed_in(admin)
        .post(f"/lanes/{lane.slug}/settings/", form(lane, LEGAL_ORDER, f"remove:{index}"))
        .content.decode()
    )
    assert "tier &#x27;statute&#x27; cannot be removed: 2 document(s) carry it" in html
    with pytest.raises(ServiceError) as error:
        tier_order_change(
            lane=lane,
            edits=[TierEdit(n, n) for n in LEGAL_ORDER if n != "statute"],
            minimum_tier="",
            actor="t",
        )
    assert "2 document(s)" in error.value.message


def test_removing_and_adding_unused_tiers(admin, lane, documents):
    client = signed_in(admin)
    index = LEGAL_ORDER.index("out-of-jurisdiction")
    html = client.post(
        f"/lanes/{lane.slug}/settings/", form(lane, LEGAL_ORDER, f"remove:{index}")
    ).content.decode()
    assert 'name="name" value="out-of-jurisdiction"' not in html
    html = client.post(
        f"/lanes/{lane.slug}/settings/", form(lane, LEGAL_ORDER, "add", new_tier="forum")
    ).content.decode()
    assert 'name="name" value="forum"' in html and "badge new" in html


def test_an_empty_or_repeated_tier_name_is_refused(admin, lane):
    names = ["statute" if n == "general-statute" else n for n in LEGAL_ORDER]
    response = signed_in(admin).post(
        f"/lanes/{lane.slug}/settings/", form(lane, LEGAL_ORDER, "save", names=names, floor="")
    )
    assert response.status_code == 400
    assert "tier &#x27;statute&#x27; appears twice" in response.content.decode()
    lane.refresh_from_db()
    assert lane.tier_order == LEGAL_ORDER


def test_the_floor_preview_ranks_unknown_names_below_every_tier():
    edits = [TierEdit(n, n) for n in LEGAL_ORDER]
    preview = floor_preview(
        counts={"statute": 2, "typo": 1, "": 4}, edits=edits, minimum_tier="statute"
    )
    assert preview == {"below": 5, "total": 7, "by_tier": {"typo": 1, "(no tier)": 4}}


def test_a_policy_naming_a_tier_outside_the_order_is_refused_naming_it(admin, lane):
    response = signed_in(admin).post(
        f"/lanes/{lane.slug}/settings/",
        {
            "section": "policy",
            "kind": "closed",
            "source_type": ["documentary", "forum"],
            "tier": ["statute", "statue"],
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "statue" in html and "policy-error" in html
    start = html.rindex("<tr>", 0, html.index('value="forum"'))
    forum_row = html[start : html.index("</tr>", start)]
    assert 'value="statue"' in forum_row and 'aria-invalid="true"' in forum_row
    assert 'aria-describedby="policy-error-2"' in forum_row
    assert '<p class="error" role="alert" id="policy-error-2">' in forum_row
    assert "source type &#x27;forum&#x27; to tier &#x27;statue&#x27;" in forum_row
    documentary_row = html[html.index('value="documentary"') : start]
    assert "aria-invalid" not in documentary_row and "policy-error" not in documentary_row
    lane.refresh_from_db()
    assert lane.kind == "open"


def test_a_valid_policy_is_saved(admin, lane):
    signed_in(admin).post(
        f"/lanes/{lane.slug}/settings/",
        {
            "section": "policy",
            "kind": "closed",
            "source_type": ["documentary", "forum", ""],
            "tier": ["statute", "secondary-blog", ""],
        },
    )
    lane.refresh_from_db()
    assert lane.kind == "closed" and lane.policy == {
        "documentary": "statute",
        "forum": "secondary-blog",
    }


def test_members_are_added_and_removed(admin, lane, make_user):
    bob = make_user("bob", "reviewer")
    client = signed_in(admin)
    client.post(
        f"/lanes/{lane.slug}/settings/",
        {"section": "members", "username": "bob", "role": "reviewer"},
    )
    assert LaneMembership.objects.filter(lane=lane, user=bob, role="reviewer").exists()
    client.post(
        f"/lanes/{lane.slug}/settings/", {"section": "members", "remove": f"{bob.pk}:reviewer"}
    )
    assert not LaneMembership.objects.filter(lane=lane, user=bob).exists()
    assert AuditEvent.objects.filter(action="lane.member_remove").exists()


def test_an_unknown_user_is_reported_beside_the_username(admin, lane):
    response = signed_in(admin).post(
        f"/lanes/{lane.slug}/settings/",
        {"section": "members", "username": "nobody", "role": "curator"},
    )
    assert response.status_code == 400
    assert "id_username_error" in response.content.decode()
    assert Lane.objects.get(pk=lane.pk).memberships.count() == 1
