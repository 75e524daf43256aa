"""Button Up! service: rules engine, Redis game store and the v1 HTTP API."""

__version__ = "0.1.0"
