"""Reports that combine several apps' data: the auditors' dashboard (documents per tier,
refusals and reviews per day). It reads through the selectors of ``curation`` and ``answers``
and sits above them; the audit log itself depends on none of them."""
