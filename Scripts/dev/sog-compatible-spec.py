#!/usr/bin/env python3
"""Writes a copy of an OpenAPI document that swift-openapi-generator 1.14.3 accepts, for rasp-bench's side-by-side
run when it rejects the document as published (rasp-generate warns and continues on these instead):
  - `minimum`/`maximum` beyond 64-bit integers (OpenAI's `seed`) are removed;
  - OpenAPI 3.0-style boolean `exclusiveMinimum`/`exclusiveMaximum` in a 3.1 document are removed.
Usage: sog-compatible-spec.py SPEC OUT.json   (prints what it removed)"""
import json
import sys

import yaml


def main() -> None:
    source, target = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as handle:
        document = yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    removed = []

    def walk(node, path):
        if isinstance(node, dict):
            for key in list(node):
                value = node[key]
                too_big = key in ("minimum", "maximum") and isinstance(value, (int, float)) \
                    and not isinstance(value, bool) and abs(value) >= 2**63 - 1024
                boolean_bound = key in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(value, bool)
                if too_big or boolean_bound:
                    del node[key]
                    removed.append(f"{path}/{key}")
                else:
                    walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{path}/{index}")

    walk(document, "#")
    with open(target, "w", encoding="utf-8") as handle:
        json.dump(document, handle, default=str)
    print(f"removed {len(removed)}: " + ", ".join(removed))


if __name__ == "__main__":
    main()
