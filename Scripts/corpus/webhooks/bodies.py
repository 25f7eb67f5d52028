#!/usr/bin/env python3
"""The request body of every webhook of a document, for Scripts/corpus/webhooks-loopback.sh: the webhook's JSON example
when it has one that is valid under its schema, else the smallest value its schema allows (required properties, the
first enum value). Prints a JSON list of {"webhook": key, "body": value}. The webhook bodies of vendor documents are
flat enough for this."""

import json
import sys
from pathlib import Path

import jsonschema
import yaml


def load(path: Path):
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)


def resolve(document, schema, depth=0):
    while isinstance(schema, dict) and "$ref" in schema and depth < 32:
        node = document
        for token in schema["$ref"].lstrip("#/").split("/"):
            node = node[token.replace("~1", "/").replace("~0", "~")]
        schema, depth = node, depth + 1
    return schema


def value(document, schema, depth=0):
    schema = resolve(document, schema)
    if not isinstance(schema, dict) or depth > 12:
        return None
    if "example" in schema:
        return schema["example"]
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return next((item for item in schema["enum"] if item is not None), None)
    for key in ("allOf",):
        if schema.get(key):
            merged = {}
            for part in schema[key]:
                part_value = value(document, part, depth + 1)
                if isinstance(part_value, dict):
                    merged.update(part_value)
            return merged
    for key in ("oneOf", "anyOf"):
        if schema.get(key):
            return value(document, schema[key][0], depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((item for item in kind if item != "null"), None)
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        return {name: value(document, properties.get(name, {}), depth + 1) for name in schema.get("required", [])}
    if kind == "array":
        return []
    if kind == "integer":
        return max(0, int(schema.get("minimum", 0)))
    if kind == "number":
        return max(0, schema.get("minimum", 0))
    if kind == "boolean":
        return True
    if kind == "string":
        return {"date-time": "2024-01-02T03:04:05Z", "uri": "https://example.com/"}.get(schema.get("format"), "value")
    return {}


def valid(document, instance, schema) -> bool:
    """Whether a vendor's example is valid under its schema (OpenAPI 3.0's `nullable` read as JSON Schema's null)."""
    def nullable(node):
        if isinstance(node, dict):
            node = {key: nullable(item) for key, item in node.items()}
            if node.pop("nullable", False):
                node = {"anyOf": [node, {"type": "null"}]}
            return node
        return [nullable(item) for item in node] if isinstance(node, list) else node
    # The schema inside the document (whose other keys JSON Schema ignores), so that `#/components/…` resolves.
    wrapper = dict(nullable(document))
    wrapper.update(nullable(schema))
    validator = jsonschema.Draft202012Validator(wrapper)
    return not list(validator.iter_errors(instance))


def main() -> None:
    document = load(Path(sys.argv[1]))
    bodies = []
    for key, item in (document.get("webhooks") or {}).items():
        item = resolve(document, item)
        media = (((item.get("post") or {}).get("requestBody") or {}).get("content") or {}).get("application/json")
        if media is None:
            continue
        schema = media.get("schema", {})
        body = media["example"] if "example" in media and valid(document, media["example"], schema) else None
        if body is None and "example" in media:
            print(f"{key}: the example breaks its schema; a value made from the schema is sent", file=sys.stderr)
        body = body if body is not None else value(document, schema)
        bodies.append({"webhook": key, "body": body})
    json.dump(bodies, sys.stdout)


if __name__ == "__main__":
    main()
