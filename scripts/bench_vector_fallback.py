"""What the exact read after a short HNSW scan costs, on the lanes `make run` / evaluate load.

A vector search that comes back with fewer than k rows reads the lane exactly (docs/deploy.md,
"HNSW parameters"). A lane with fewer units than k takes that path on every ask. This times,
per lane, a search for k = the lane's size (index only) against k = size + 1 (index, then the
exact read), 20 rounds each after 3 warm-up rounds:

    HF_HUB_OFFLINE=1 .venv/bin/python manage.py shell < scripts/bench_vector_fallback.py
"""

import time

from curation.bootstrap import ports
from curation.models import EvidenceUnit, Lane
from curation.retrieval import PostgresRetriever

vector = ports().embedder.embed(["How much notice must be given?"])[0]
for lane in Lane.objects.order_by("slug"):
    size = EvidenceUnit.objects.filter(lane=lane, current=True).count()
    if not size:
        continue
    retriever = PostgresRetriever(lane)
    means = []
    for k in (size, size + 1):
        for _ in range(3):
            retriever.search_vector(vector, k)
        start = time.perf_counter()
        for _ in range(20):
            retriever.search_vector(vector, k)
        means.append((time.perf_counter() - start) / 20 * 1000)
    print(
        f"{lane.slug}: {size} units, k={size} (index only) {means[0]:.2f} ms,"
        f" k={size + 1} (index, then exact) {means[1]:.2f} ms"
    )
