"""Compares an instance with what the generated type encoded back, guided by the schema.

The rules (printed with every run):
- object key order is ignored, numbers are compared by value (1 == 1.0), booleans are not numbers;
- strings are compared exactly, `format: date-time` ones too (the generated type, `Timestamp`, keeps the text: a
  changed offset or a dropped digit is a loss);
- at an object whose applicable schemas say nothing about `additionalProperties` (neither `true` nor a schema), keys
  that none of them declares may be dropped: only declared keys are compared there;
- everything else is strict: a key missing in the output, a key the output adds (a `null` for an absent property, a
  default), a changed value.

The schemas that apply to a value are found as a validator would: `$ref`s, every `allOf` part, the `oneOf`/`anyOf`
variants the value is valid under (the discriminator's mapped variant when there is one), and, for a base schema
with a discriminator, the subtype its value maps to (a base schema stands for its subtypes).
"""
import re

BIG = 2**53


class Difference:
    def __init__(self, path, reason, hints, expected=None, actual=None):
        self.path = path
        self.reason = reason
        self.hints = hints
        self.expected = expected
        self.actual = actual

    def json(self):
        return {"path": self.path, "reason": self.reason, "hints": sorted(self.hints),
                "expected": excerpt(self.expected), "actual": excerpt(self.actual)}


def excerpt(value, limit=160):
    import json
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "…"


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class SchemaWalker:
    """Finds the schemas that apply to a value, and what they say about its keys, items and format."""

    def __init__(self, document, validation, direction):
        self.document = document
        self.validation = validation
        self.direction = direction

    def applicable(self, locs, value):
        """Every schema node (Loc) that applies to `value`, and the hints of the unions passed on the way."""
        found, hints, seen = [], set(), set()
        stack = list(locs)
        while stack:
            loc = stack.pop()
            if loc in seen:
                continue
            seen.add(loc)
            node = self.document.node(loc)
            if not isinstance(node, dict):
                continue
            found.append(loc)
            if isinstance(node.get("$ref"), str):
                stack.append(self.document.resolve_ref(node["$ref"], loc))
            for index, _ in enumerate(node.get("allOf") or []):
                stack.append(loc.child("allOf", index))
            discriminator = node.get("discriminator") if isinstance(node.get("discriminator"), dict) else None
            mapped = self._mapped(loc, discriminator, value)
            for keyword in ("oneOf", "anyOf"):
                variants = node.get(keyword)
                if not isinstance(variants, list):
                    continue
                hints.add("discriminator" if discriminator else "union")
                if mapped is not None:
                    stack.append(mapped)
                    continue
                for index, _ in enumerate(variants):
                    variant = loc.child(keyword, index)
                    if self.validation.is_valid(value, variant, self.direction):
                        stack.append(variant)
            if mapped is not None and "oneOf" not in node and "anyOf" not in node \
                    and self.validation.is_valid(value, mapped, self.direction):
                hints.add("discriminator")
                stack.append(mapped)
        return found, hints

    def _mapped(self, loc, discriminator, value):
        if not discriminator or not isinstance(value, dict):
            return None
        name = discriminator.get("propertyName")
        tag = value.get(name) if isinstance(name, str) else None
        if not isinstance(tag, str):
            return None
        mapping = discriminator.get("mapping") or {}
        if isinstance(mapping.get(tag), str):
            return self.document.mapping_target(mapping[tag], loc)
        if not mapping and loc.tokens[:2] == ("components", "schemas"):
            candidate = self.document.mapping_target(tag, loc)
            return candidate if self.document.node(candidate) is not None else None
        return None

    def keywords(self, found):
        return [self.document.node(loc) for loc in found]


class Comparer:
    def __init__(self, document, validation, direction, limit=8):
        self.walker = SchemaWalker(document, validation, direction)
        self.document = document
        self.limit = limit

    def compare(self, expected, actual, locs):
        """The differences (up to `limit`) between the instance and the output, first first."""
        differences = []
        self._compare(expected, actual, list(locs), "$", set(), differences)
        return differences

    def _compare(self, expected, actual, locs, path, hints, out):
        if len(out) >= self.limit:
            return
        found, union_hints = self.walker.applicable(locs, expected) if locs else ([], set())
        hints = hints | union_hints
        nodes = [self.document.node(loc) for loc in found]
        if expected is None or actual is None:
            if expected is not actual and not (expected is None and actual is None):
                out.append(Difference(path, "null vs value", hints | {"null"}, expected, actual))
            return
        if isinstance(expected, bool) or isinstance(actual, bool):
            if expected is not actual:
                out.append(Difference(path, "boolean changed", hints, expected, actual))
            return
        if is_number(expected):
            if not is_number(actual) or expected != actual:
                extra = {"big number"} if is_number(expected) and abs(expected) > BIG else {"number"}
                out.append(Difference(path, "number changed", hints | extra, expected, actual))
            return
        if isinstance(expected, str):
            if not isinstance(actual, str):
                out.append(Difference(path, "type changed", hints, expected, actual))
            elif expected != actual:
                is_date_time = any(isinstance(node, dict) and node.get("format") == "date-time" for node in nodes)
                extra = {"date-time"} if is_date_time else set()
                out.append(Difference(path, "string changed", hints | extra, expected, actual))
            return
        if isinstance(expected, list):
            if not isinstance(actual, list):
                out.append(Difference(path, "type changed", hints, expected, actual))
                return
            if len(expected) != len(actual):
                out.append(Difference(path, f"{len(expected)} items became {len(actual)}", hints, expected, actual))
                return
            for index, (left, right) in enumerate(zip(expected, actual)):
                self._compare(left, right, self._item_locs(found, nodes, index), f"{path}[{index}]", hints, out)
            return
        if isinstance(expected, dict):
            if not isinstance(actual, dict):
                out.append(Difference(path, "type changed", hints, expected, actual))
                return
            declared, open_ = self._declared(nodes)
            for key in sorted(set(expected) | set(actual)):
                child_path = f"{path}.{key}" if re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", key) else f"{path}[{key!r}]"
                known = key in declared or self._pattern_match(nodes, key)
                if not known and not open_:
                    continue  # dropped by design: no `additionalProperties` here
                key_hints = hints if known else hints | {"additionalProperties"}
                property_nodes = self._property_nodes(found, nodes, key)
                if any(node.get("readOnly") is True or node.get("writeOnly") is True for node in property_nodes):
                    key_hints = key_hints | {"readOnly/writeOnly"}
                if key not in actual:
                    reason = "null dropped" if expected[key] is None else "key dropped"
                    extra = {"null"} if expected[key] is None else set()
                    out.append(Difference(child_path, reason, key_hints | extra, expected[key], "<absent>"))
                elif key not in expected:
                    extra = {"null"} if actual[key] is None else set()
                    if any("default" in node and node["default"] == actual[key] for node in property_nodes):
                        extra.add("default")
                    elif actual[key] in ([], {}):
                        extra.add("empty collection")
                    out.append(Difference(child_path, "key added", key_hints | extra, "<absent>", actual[key]))
                else:
                    self._compare(expected[key], actual[key], self._property_locs(found, nodes, key), child_path,
                                  key_hints, out)
                if len(out) >= self.limit:
                    return
            return
        if expected != actual:
            out.append(Difference(path, "value changed", hints, expected, actual))

    @staticmethod
    def _declared(nodes):
        declared, open_ = set(), False
        for node in nodes:
            if isinstance(node.get("properties"), dict):
                declared.update(node["properties"])
            additional = node.get("additionalProperties")
            if additional is True or isinstance(additional, dict):
                open_ = True
        return declared, open_

    @staticmethod
    def _pattern_match(nodes, key):
        for node in nodes:
            for pattern in (node.get("patternProperties") or {}):
                try:
                    if re.search(pattern, key):
                        return True
                except re.error:
                    continue
        return False

    def _property_nodes(self, found, nodes, key):
        """The schemas of a property (each `$ref` followed), for its flags and default."""
        out = []
        for loc in self._property_locs(found, nodes, key):
            for place in (loc, self.document.sole_ref_target(loc)):
                node = self.document.node(place)
                if isinstance(node, dict):
                    out.append(node)
        return out

    @staticmethod
    def _property_locs(found, nodes, key):
        locs = [loc.child("properties", key) for loc, node in zip(found, nodes)
                if isinstance(node.get("properties"), dict) and key in node["properties"]]
        if not locs:
            locs = [loc.child("additionalProperties") for loc, node in zip(found, nodes)
                    if isinstance(node.get("additionalProperties"), dict)]
        return locs

    @staticmethod
    def _item_locs(found, nodes, index):
        locs = []
        for loc, node in zip(found, nodes):
            prefix = node.get("prefixItems")
            if isinstance(prefix, list) and index < len(prefix):
                locs.append(loc.child("prefixItems", index))
            elif isinstance(node.get("items"), dict):
                locs.append(loc.child("items"))
        return locs
