"""The SDK's version, sent in the User-Agent and read by pyproject.toml: the version of the API whose OpenAPI document
(``info.version``) the models were generated from. A test in the Assay repository fails when the two differ."""

__version__ = "1.0.0"
