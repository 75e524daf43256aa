# syntax=docker/dockerfile:1
# The service image: built in one stage, run from a slim one as a non-root user.

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY service ./service
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
# BUTTONUP_BIND is where `buttonup serve` listens; the health check asks that port.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 BUTTONUP_BIND=0.0.0.0:8000
RUN useradd --create-home --uid 10001 buttonup \
  && mkdir -p /var/lib/buttonup && chown buttonup /var/lib/buttonup
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER buttonup
WORKDIR /home/buttonup
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ['BUTTONUP_BIND'].rpartition(':')[2]; sys.exit(urllib.request.urlopen(f'http://127.0.0.1:{port}/readyz', timeout=2).status != 200)"]
# The same invocation the end-to-end tests start: gunicorn from gunicorn.conf.py,
# bound to BUTTONUP_BIND, with REDIS_URL from the environment.
CMD ["buttonup", "serve"]
