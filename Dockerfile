# syntax=docker/dockerfile:1
# The service image: built in one stage, run from a slim one as a non-root user.

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY service ./service
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
RUN useradd --create-home --uid 10001 buttonup
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER buttonup
WORKDIR /home/buttonup
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2).status != 200)"]
# The same invocation the end-to-end tests start: gunicorn from gunicorn.conf.py,
# with REDIS_URL from the environment.
CMD ["buttonup", "serve", "--host", "0.0.0.0", "--port", "8000"]
