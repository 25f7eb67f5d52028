"""The bundled view of an OpenAPI document: every file it spans, loaded once, and `$ref`s followed across them.

A place in the document is a `Loc`: an absolute file path and the JSON pointer tokens inside that file. The rest of
the harness walks schemas by `Loc`, so a relative `$ref` inside another file always resolves against that file.
"""
import json
import os
import re
from dataclasses import dataclass
from urllib.parse import quote, unquote

import yaml

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# Keywords whose values are data, not schemas: never walked for `$ref`s.
DATA_KEYWORDS = {"example", "examples", "enum", "const", "default", "x-examples"}


def _loader_class():
    """A libyaml loader with YAML 1.2 scalars: dates stay strings and only true/false are booleans (as the
    generator's parser reads them)."""
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):
        pass

    resolvers = {}
    for first, entries in base.yaml_implicit_resolvers.items():
        kept = [(tag, regexp) for tag, regexp in entries
                if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")]
        resolvers[first] = kept
    Loader.yaml_implicit_resolvers = resolvers
    Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                 list("tTfF"))
    return Loader


LOADER = _loader_class()


def is_json(media_type):
    """Whether a body of this media type is JSON (`application/json`, `…+json`, `*/*`, `application/*`)."""
    base = str(media_type).split(";")[0].strip().lower()
    return base.endswith("json") or base in ("*/*", "application/*")


@dataclass(frozen=True)
class Loc:
    """A node of the document: a file and the pointer tokens within it."""
    file: str
    tokens: tuple = ()

    def child(self, *tokens):
        return Loc(self.file, self.tokens + tuple(str(token) for token in tokens))

    @property
    def pointer(self):
        return "".join("/" + token.replace("~", "~0").replace("/", "~1") for token in self.tokens)

    @property
    def uri(self):
        """The `file://` URI the validators know the node by (pointer tokens percent-encoded)."""
        fragment = "".join("/" + quote(token.replace("~", "~0").replace("/", "~1"), safe="")
                           for token in self.tokens)
        return "file://" + quote(self.file) + "#" + fragment

    def __str__(self):
        return f"{os.path.basename(self.file)}#{self.pointer}"


class DocumentError(Exception):
    pass


class Document:
    """One OpenAPI document and every file its `$ref`s reach."""

    def __init__(self, path):
        self.root = os.path.normpath(os.path.abspath(path))
        self.files = {}
        self.marks = {}
        root = self.load(self.root)
        if str(root.get("swagger", "")).startswith("2."):
            self._read_swagger2_bodies(root)
        version = str(root.get("openapi", "3.0"))
        self.is31 = version.startswith("3.1")

    def _read_swagger2_bodies(self, root):
        """Gives a Swagger 2.0 document's JSON bodies the places OpenAPI 3.0 has for them, in memory, as the generator
        reads them: an `in: body` parameter's schema as the operation's `requestBody`, a response's `schema` as its
        content in the JSON type the operation produces, `definitions` as `components.schemas` (where the generator's
        report points; `$ref`s follow), and `x-nullable` as `nullable`."""
        def json_type(types):
            return next((t for t in types if is_json(t)), None) if types else "application/json"

        for _, _, op_loc in list(self.operations()):
            op = self.node(op_loc)
            if not isinstance(op, dict):
                continue
            item_loc = Loc(op_loc.file, op_loc.tokens[:-1])
            parameters = [self.node(self.deref(owner.child("parameters", index)))
                          for owner in (item_loc, op_loc)
                          for index in range(len((self.node(owner) or {}).get("parameters") or []))]
            body = next((p for p in parameters if isinstance(p, dict) and p.get("in") == "body"), None)
            consumed = json_type(op.get("consumes", root.get("consumes")))
            if body is not None and "schema" in body and consumed:
                op["requestBody"] = {"content": {consumed: {"schema": body["schema"]}}}
            produced = json_type(op.get("produces", root.get("produces")))
            for status in list(op.get("responses") or {}):
                response = self.node(self.deref(op_loc.child("responses", status)))
                if isinstance(response, dict) and "schema" in response and produced:
                    op["responses"][status] = {**response, "content": {produced: {"schema": response["schema"]}}}
        root.setdefault("components", {})["schemas"] = root.get("definitions") or {}
        stack = [root]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                if node.get("x-nullable") is True:
                    node["nullable"] = True
                ref = node.get("$ref")
                if isinstance(ref, str) and ref.startswith("#/definitions/"):
                    node["$ref"] = "#/components/schemas/" + ref[len("#/definitions/"):]
                stack.extend(value for key, value in node.items() if key not in DATA_KEYWORDS)
            elif isinstance(node, list):
                stack.extend(node)

    # MARK: Files and pointers

    def load(self, path):
        path = os.path.normpath(path)
        if path not in self.files:
            try:
                with open(path, "rb") as handle:
                    data = handle.read()
            except OSError as error:
                raise DocumentError(f"cannot read {path}: {error.strerror}")
            if path.endswith(".json"):
                self.files[path] = json.loads(data)
            else:
                self.files[path] = yaml.load(data, Loader=LOADER)
        return self.files[path]

    def node(self, loc):
        """The value at `loc`, or None when nothing is there."""
        current = self.load(loc.file)
        for token in loc.tokens:
            if isinstance(current, dict):
                # YAML reads an unquoted key such as a status code (`200:`) as an integer.
                current = current.get(token, current.get(int(token)) if token.isdigit() else None)
            elif isinstance(current, list) and token.isdigit() and int(token) < len(current):
                current = current[int(token)]
            else:
                return None
        return current

    def resolve_ref(self, ref, at):
        """The place a `$ref` written in the file of `at` names."""
        target, _, fragment = ref.partition("#")
        file = at.file
        if target:
            file = os.path.normpath(os.path.join(os.path.dirname(at.file), unquote(target)))
        tokens = tuple(unquote(token).replace("~1", "/").replace("~0", "~")
                       for token in fragment.split("/")[1:]) if fragment else ()
        return Loc(file, tokens)

    def deref(self, loc, limit=64):
        """Follows `loc` while it is a mapping with a `$ref` and nothing else that matters; returns the target."""
        for _ in range(limit):
            node = self.node(loc)
            if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)):
                return loc
            loc = self.resolve_ref(node["$ref"], loc)
        raise DocumentError(f"$ref chain too long at {loc}")

    def sole_ref_target(self, loc):
        """For a schema that is only a `$ref` (with at most docs beside it), the schema it stands for."""
        for _ in range(16):
            node = self.node(loc)
            if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)):
                return loc
            others = set(node) - {"$ref", "description", "summary", "title"}
            if others:
                return loc
            loc = self.resolve_ref(node["$ref"], loc)
        return loc

    def loc_at_mark(self, file, line, column):
        """The mapping node that starts at a 1-based line and column of a file (the generator's report gives marks).
        Each file is composed once, into an index of its mappings by position."""
        file = os.path.normpath(file)
        index = self.marks.get(file)
        if index is None:
            index = self.marks[file] = {}
            with open(file, "rb") as handle:
                root = yaml.compose(handle, Loader=LOADER)
            stack = [(root, ())]
            while stack:
                node, tokens = stack.pop()
                if isinstance(node, yaml.MappingNode):
                    index.setdefault((node.start_mark.line + 1, node.start_mark.column + 1), tokens)
                    stack.extend((value, tokens + (str(key.value),)) for key, value in node.value)
                elif isinstance(node, yaml.SequenceNode):
                    stack.extend((value, tokens + (str(position),)) for position, value in enumerate(node.value))
        tokens = index.get((line, column))
        return Loc(file, tokens) if tokens is not None else None

    # MARK: Operations and the schemas they reach

    def operations(self):
        """Every operation as (method, path, Loc of the operation object)."""
        paths_loc = self.deref(Loc(self.root, ("paths",)))
        paths = self.node(paths_loc) or {}
        for path in paths:
            item_loc = self.deref(paths_loc.child(path))
            item = self.node(item_loc)
            if not isinstance(item, dict):
                continue
            for method in METHODS:
                if method in item:
                    yield method, path, self.deref(item_loc.child(method))

    def bodies(self):
        """Every JSON body schema of every operation: (direction, media type Loc, schema Loc). The direction is
        `request` for request bodies and `response` for responses. Bodies of other media types (forms, multipart,
        files) are left out: their types are not sent or read as JSON."""
        for _, _, op_loc in self.operations():
            op = self.node(op_loc)
            if not isinstance(op, dict):
                continue
            if "requestBody" in op:
                body_loc = self.deref(op_loc.child("requestBody"))
                yield from self._content("request", body_loc)
            responses = op.get("responses")
            if isinstance(responses, dict):
                for status in responses:
                    yield from self._content("response", self.deref(op_loc.child("responses", status)))

    def _content(self, direction, owner_loc):
        owner = self.node(owner_loc)
        if not isinstance(owner, dict) or not isinstance(owner.get("content"), dict):
            return
        for media in owner["content"]:
            if not is_json(media):
                continue
            media_loc = self.deref(owner_loc.child("content", media))
            media_node = self.node(media_loc)
            if isinstance(media_node, dict) and "schema" in media_node:
                yield direction, media_loc, media_loc.child("schema")

    def walk_refs(self, loc, visit):
        """Calls `visit(target)` for every schema `$ref` (and discriminator mapping target) reachable from the schema
        at `loc`, transitively; each target is walked once. `visit` returns whether to walk into the target."""
        seen = set()
        stack = [loc]
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            node = self.node(current)
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "$ref" and isinstance(value, str):
                        target = self.resolve_ref(value, current)
                        if visit(target):
                            stack.append(target)
                    elif key == "discriminator" and isinstance(value, dict):
                        for mapped in (value.get("mapping") or {}).values():
                            if isinstance(mapped, str):
                                target = self._mapping_target(mapped, current)
                                if visit(target):
                                    stack.append(target)
                    elif key in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
                        if isinstance(value, dict):
                            stack.extend(current.child(key, name) for name in value)
                    elif key not in DATA_KEYWORDS and isinstance(value, (dict, list)):
                        stack.append(current.child(key))
            elif isinstance(node, list):
                stack.extend(current.child(index) for index in range(len(node)))

    def _mapping_target(self, mapped, at):
        """A discriminator mapping value: a `$ref`, or a bare component name."""
        if "#" in mapped or "/" in mapped or mapped.endswith((".yaml", ".yml", ".json")):
            return self.resolve_ref(mapped, at)
        return Loc(self.root, ("components", "schemas", mapped))

    def mapping_target(self, mapped, at):
        return self._mapping_target(mapped, at)

    # MARK: Examples

    def example_values(self, loc):
        """The examples a schema gives for itself: `example`, and `examples` when it is a list (3.1)."""
        node = self.node(loc)
        values = []
        if isinstance(node, dict):
            if "example" in node:
                values.append(node["example"])
            if isinstance(node.get("examples"), list):
                values.extend(node["examples"])
        return values

    def media_examples(self, media_loc):
        """The examples a media type object gives: `example` and each `examples` entry's `value` (entries may be
        `$ref`s to `components.examples`; `externalValue` is not read)."""
        media = self.node(media_loc)
        values = []
        if not isinstance(media, dict):
            return values
        if "example" in media:
            values.append(media["example"])
        examples = media.get("examples")
        if isinstance(examples, dict):
            for name in examples:
                entry_loc = self.deref(media_loc.child("examples", name))
                entry = self.node(entry_loc)
                if isinstance(entry, dict) and "value" in entry:
                    values.append(entry["value"])
        return values
