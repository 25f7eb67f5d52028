#!/usr/bin/env python3
"""Independent inventory of the operations and parameters of an OpenAPI 3.0/3.1 document.

This is a cross-check for the Swift OpenAPI generator: it deliberately shares no code or
logic with it. It reads a (possibly multi-file) document, follows the `$ref`s that matter
for the inventory (path items, operations, parameters -- never schemas) and prints JSON:

    {"operations": [{"method", "path", "operationId", "parameters": [{"name", "in"}], "request_media_types": [...]}],
     "operation_count": N, "parameter_count": M, "files": [files read, relative to the root]}

Usage: python3 Scripts/corpus/spec-inventory.py SPEC [--summary]
    --summary  print only "operations: N" and "parameters: M"
Errors (missing file, bad pointer, ref cycle) go to stderr as "error: ..." with exit status 1.
"""
import json
import os
import sys
from urllib.parse import unquote

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


class InventoryError(Exception):
    pass


class Documents:
    """Loads each file once and resolves `$ref`s relative to the file that contains them."""

    def __init__(self):
        self.cache = {}

    def load(self, path):
        path = os.path.normpath(os.path.abspath(path))
        if path not in self.cache:
            try:
                with open(path, "rb") as f:
                    data = f.read()
                if path.endswith(".json"):
                    self.cache[path] = json.loads(data)
                else:
                    self.cache[path] = yaml.load(data, Loader=LOADER)
            except OSError as e:
                raise InventoryError(f"cannot read {path}: {e.strerror}")
            except (ValueError, yaml.YAMLError) as e:
                raise InventoryError(f"cannot parse {path}: {e}")
        return self.cache[path]

    def deref(self, node, file, seen=()):
        """Follow `node` while it is a `{$ref: ...}` mapping; return (target, file containing it)."""
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            if not isinstance(ref, str):
                raise InventoryError(f"non-string $ref {ref!r} in {file}")
            key = self.absolute(ref, file)
            if key in seen:
                raise InventoryError(f"$ref cycle: {' -> '.join(seen + (key,))}")
            seen = seen + (key,)
            node, file = self.pointer(key, seen)
        return node, file

    @staticmethod
    def absolute(ref, file):
        """Canonical 'abs/path#pointer' form of `ref` as written in `file`."""
        target, _, fragment = ref.partition("#")
        if "://" in target:
            raise InventoryError(f"remote $ref not supported: {ref} (in {file})")
        target = os.path.normpath(os.path.join(os.path.dirname(file), unquote(target))) if target else file
        return f"{target}#{unquote(fragment)}"

    def pointer(self, key, seen):
        """Resolve the canonical ref `key`, following refs met on intermediate nodes."""
        file, _, pointer = key.partition("#")
        node = self.load(file)
        if pointer == "":
            return node, file
        if not pointer.startswith("/"):
            raise InventoryError(f"bad JSON pointer '#{pointer}' in $ref {key}")
        for token in pointer[1:].split("/"):
            node, file = self.deref(node, file, seen)
            node, file = self.step(node, token.replace("~1", "/").replace("~0", "~"), file, key)
        return node, file

    @staticmethod
    def step(node, token, file, key):
        if isinstance(node, dict) and token in node:
            return node[token], file
        if isinstance(node, list) and token.isdigit() and int(token) < len(node):
            return node[int(token)], file
        raise InventoryError(f"bad pointer in $ref {key}: no '{token}' in {file}")


def parameters(docs, params, file, where, swagger2=False):
    """(name, in) of each parameter in `params` (a list in `file`), refs followed. In a Swagger 2.0 document, the
    body and form parameters are the request body, not parameters."""
    params, file = docs.deref(params, file)
    if params is None:
        return []
    if not isinstance(params, list):
        raise InventoryError(f"parameters of {where} is not a list")
    result = []
    for param in params:
        param, pfile = docs.deref(param, file)
        if not isinstance(param, dict) or not isinstance(param.get("name"), str) or "in" not in param:
            raise InventoryError(f"parameter without name/in in {where} ({pfile})")
        if swagger2 and param["in"] in ("body", "formData"):
            continue
        result.append((param["name"], param["in"]))
    return result


def swagger2_media_types(docs, params, file, consumes):
    """The request media types of a Swagger 2.0 operation: its `consumes` (JSON when none) for a body parameter;
    multipart for form parameters with a file (or when consumed), a URL-encoded form otherwise."""
    locations = []
    structured = False
    for param in params:
        param, _ = docs.deref(param, file)
        if isinstance(param, dict):
            locations.append((param.get("in"), param.get("type")))
            schema = param.get("schema") if param.get("in") == "body" else None
            if isinstance(schema, dict):
                structured = bool({"$ref", "properties", "allOf", "items"} & set(schema)) or \
                    schema.get("type") in ("object", "array")
    if any(where == "body" for where, _ in locations):
        types = [t for t in consumes if t != "application/x-www-form-urlencoded" and not t.startswith("multipart/")]
        # README's 2.0 table: text beside JSON for a structured body is the same JSON text, read as JSON only.
        if structured and any(t.split(";")[0].strip().lower().endswith("json") for t in types):
            types = [t for t in types if not t.lower().startswith("text/")]
        return types or ["application/json"]
    if any(where == "formData" for where, _ in locations):
        files = any(where == "formData" and kind == "file" for where, kind in locations)
        if files or "multipart/form-data" in consumes:
            return ["multipart/form-data"]
        return ["application/x-www-form-urlencoded"]
    return []


def inventory(spec):
    docs = Documents()
    root_file = os.path.normpath(os.path.abspath(spec))
    root = docs.load(root_file)
    if not isinstance(root, dict):
        raise InventoryError(f"{spec} is not an OpenAPI document")
    swagger2 = "swagger" in root and "openapi" not in root
    paths, pfile = docs.deref(root.get("paths") or {}, root_file)
    if not isinstance(paths, dict):
        raise InventoryError("paths is not a mapping")
    operations = []
    for path, item in paths.items():
        if not str(path).startswith("/"):
            continue  # extensions (x-...)
        item, ifile = docs.deref(item, pfile)
        if not isinstance(item, dict):
            raise InventoryError(f"path item {path} is not a mapping")
        common = parameters(docs, item.get("parameters"), ifile, path, swagger2)
        common_raw, _ = docs.deref(item.get("parameters") or [], ifile)
        for method, op in item.items():
            if method not in METHODS:
                continue
            op, ofile = docs.deref(op, ifile)
            if not isinstance(op, dict):
                raise InventoryError(f"operation {method} {path} is not a mapping")
            merged = dict.fromkeys(common)  # insertion-ordered set of (name, in)
            merged.update(dict.fromkeys(parameters(docs, op.get("parameters"), ofile, f"{method} {path}", swagger2)))
            if swagger2:
                own, _ = docs.deref(op.get("parameters") or [], ofile)
                consumes = op.get("consumes", root.get("consumes") or [])
                media_types = swagger2_media_types(docs, list(common_raw) + list(own), ofile, consumes)
            else:
                body, _ = docs.deref(op.get("requestBody") or {}, ofile)
                content = body.get("content") if isinstance(body, dict) else None
                media_types = [k for k in content if "/" in str(k)] if isinstance(content, dict) else []
            operations.append({
                "method": method, "path": path, "operationId": op.get("operationId"),
                "parameters": [{"name": n, "in": i} for n, i in merged],
                "request_media_types": media_types,
            })
    base = os.path.dirname(root_file)
    return {
        "operations": operations,
        "operation_count": len(operations),
        "parameter_count": sum(len(op["parameters"]) for op in operations),
        "files": sorted(os.path.relpath(f, base) for f in docs.cache),
    }


def main(argv):
    args = [a for a in argv if a != "--summary"]
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: spec-inventory.py SPEC [--summary]", file=sys.stderr)
        return 2
    try:
        result = inventory(args[0])
    except InventoryError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if "--summary" in argv:
        print(f"operations: {result['operation_count']}\nparameters: {result['parameter_count']}")
    else:
        json.dump(result, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
