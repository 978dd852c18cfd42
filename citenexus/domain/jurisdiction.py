"""A document's jurisdiction: its own ``jurisdiction`` metadata, else its lane's
(docs/design.md, "Applicability").

A document with no ``jurisdiction`` in a lane that has one is of the lane's jurisdiction, and
is shown as inherited ("CA, from the lane"). The lane's value is resolved when units are read
for an ask and when a document is shown — never written into the stored metadata: a lane's
jurisdiction can be edited later, and a document that named none still names none of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from citenexus.domain.model import Unit

JURISDICTION_KEY = "jurisdiction"
FROM_THE_LANE = "from the lane"


@dataclass(frozen=True)
class Jurisdiction:
    """The jurisdiction a document is of, and whether it comes from the lane."""

    value: str = ""
    inherited: bool = False

    @property
    def label(self) -> str:
        """What a page shows: ``CA``, ``CA, from the lane``, or ``""`` when there is none."""
        if self.inherited:
            return f"{self.value}, {FROM_THE_LANE}"
        return self.value


def document_jurisdiction(meta: Mapping[str, str], lane_jurisdiction: str) -> Jurisdiction:
    """The document's own non-blank ``jurisdiction``; else the lane's, marked inherited."""
    own = str(meta.get(JURISDICTION_KEY) or "").strip()
    if own:
        return Jurisdiction(own)
    lane = (lane_jurisdiction or "").strip()
    return Jurisdiction(lane, inherited=True) if lane else Jurisdiction()


def meta_of_lane(meta: Mapping[str, str], lane_jurisdiction: str) -> Mapping[str, str]:
    """``meta`` with the lane's jurisdiction filled in where the document names none.

    The same mapping comes back when there is nothing to inherit, so a lane without a
    jurisdiction reads its units unchanged.
    """
    jurisdiction = document_jurisdiction(meta, lane_jurisdiction)
    if not jurisdiction.inherited:
        return meta
    return {**meta, JURISDICTION_KEY: jurisdiction.value}


def unit_of_lane(unit: Unit, lane_jurisdiction: str) -> Unit:
    """The unit as an ask must judge its applicability: of the lane's jurisdiction if it has none."""
    meta = meta_of_lane(unit.authority_meta, lane_jurisdiction)
    return unit if meta is unit.authority_meta else replace(unit, authority_meta=meta)
