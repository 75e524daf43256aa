"""The spec and the human docs are served, and the docs need no internet."""

import re

from tests.contract.test_openapi import OPERATION_IDS


def test_the_openapi_document_is_served_with_every_operation(client):
    spec = client.get("/openapi.json").get_json()
    operation_ids = {
        operation["operationId"]
        for path in spec["paths"].values()
        for operation in path.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    assert operation_ids >= OPERATION_IDS


def test_the_docs_page_loads_its_assets_from_the_service_itself(client):
    response = client.get("/docs/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "/openapi.json" in page
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets
    for asset in assets:
        assert not asset.startswith(("http://", "https://", "//")), asset
        assert client.get(asset).status_code == 200, asset


def test_probes(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ok"}
