# Production image: the web, worker and beat services of docker-compose.yml.
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 casino
WORKDIR /app
COPY pyproject.toml README.md ./
COPY casino ./casino
COPY tables ./tables
COPY payouts ./payouts
COPY templates ./templates
COPY static ./static
COPY manage.py ./
RUN pip install . && mkdir -p /app/beat && chown -R casino:casino /app
USER casino
ENV CASINO_VAR_DIR=/app/var
# collectstatic needs settings, not a database nor the service's keys: every value here
# is a placeholder that only lets the production settings load (each one they require
# with DEBUG off; tests/test_static_collected.py runs this line). Without the files it
# writes, every page answers 500: `check --deploy` says so (casino.E005).
RUN DEBUG=0 SECRET_KEY=build-only-build-only-build-only-build-only-build-only \
    LEDGER_ANCHOR_KEYS=build:build-only-build-only-build-only-build-only \
    ALLOWED_HOSTS=build DATABASE_URL=postgres://build@localhost/build \
    python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["gunicorn", "casino.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
