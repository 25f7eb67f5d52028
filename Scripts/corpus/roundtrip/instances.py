"""A seeded, bounded random generator of JSON instances from OpenAPI/JSON Schema schemas.

It aims at instances that are *probably* valid and that exercise what generated types tend to lose: optional
properties present or absent, explicit nulls where a schema allows them (in null instances, at every such place),
extra keys where `additionalProperties` allows them, each variant of a `oneOf`/`anyOf`, discriminator values
consistent with the chosen subtype (and subtypes of a base schema that carries a discriminator), date-times with
offsets and 0–9 fractional digits, the edges of integer ranges. Whether an instance is valid is decided afterwards
by the strict validator (`validation.py`): the caller keeps only the candidates that pass.

Direction: in `response` instances `writeOnly` properties are left out, in `request` instances `readOnly` ones.

Bounds: integers stay within 64 bits (32 for `format: int32`, unsigned for `uint64`), including both ends; `number`
values are decimals with up to 6 digits after the point within ±10^6 (or the schema's bounds), floats for `format:
float`; free-form values (no type) may hold integers up to 2^63 - 1.
"""
import base64
import random
import string
import struct
import uuid

try:
    import re._parser as sre_parse
    import re._constants as sre_constants
except ImportError:  # Python < 3.11
    import sre_parse
    import sre_constants


class Skip(Exception):
    """The generator gave up on this candidate (too deep, `false` schema, unsatisfiable constraint)."""


MAX_DEPTH = 4
HARD_DEPTH = 14


class View:
    """A schema with its `$ref`s and `allOf` parts merged (and one variant of each `oneOf`/`anyOf` chosen)."""

    def __init__(self):
        self.types = None          # set of allowed types, or None for any
        self.nullable = False
        self.properties = {}       # name -> [Loc]
        self.required = set()
        self.additional = []       # Locs of `additionalProperties` schemas
        self.additional_true = False
        self.additional_false = False
        self.items = []            # Locs
        self.prefix_items = []     # [[Loc]]
        self.enum = None
        self.const = None
        self.has_const = False
        self.keywords = {}         # first value of every other keyword (format, bounds, pattern...)
        self.discriminators = []   # (Loc of the schema holding it, discriminator dict)
        self.origins = set()       # Locs merged in
        self.chosen = {}           # Loc of a union schema -> Loc of the chosen variant


class InstanceGenerator:
    def __init__(self, document, seed, direction="response", examples_of=None):
        self.document = document
        self.rng = random.Random(seed)
        self.direction = direction
        self.examples_of = examples_of or (lambda loc: [])
        # Rich instances carry nearly every optional property near the top: the variants of an overlapping `oneOf`
        # differ only there, so the caller switches to them when plain ones keep failing validation.
        self.rich = False
        # Null instances: every property, item and map value whose schema allows `null` is present and `null`
        # (optional ones too, at any depth), and a union with a `null` variant chooses it. One per schema makes each
        # way a type stores a nullable value meet an explicit `null`, which random instances reach only by chance.
        self.nulls = False

    # MARK: Merging

    def view(self, locs):
        view = View()
        for loc in locs:
            self._merge(view, loc, set())
        return view

    def _merge(self, view, loc, active):
        if loc in active:
            raise Skip("allOf cycle")
        active = active | {loc}
        node = self.document.node(loc)
        if node is True or node is None:
            return
        if node is False:
            raise Skip("false schema")
        if not isinstance(node, dict):
            return
        view.origins.add(loc)
        if isinstance(node.get("$ref"), str):
            target = self.document.resolve_ref(node["$ref"], loc)
            if node.get("nullable") is True and not self.document.is31:
                view.nullable = True
            self._merge(view, target, active)
            if not self.document.is31:
                return  # 3.0: siblings of $ref are ignored (but `nullable` is honoured, see validation.py)
        if node.get("nullable") is True and not self.document.is31:
            view.nullable = True
        types = node.get("type")
        if types is not None:
            allowed = set(types) if isinstance(types, list) else {types}
            if "null" in allowed:
                view.nullable = True
            allowed.discard("null")
            if not allowed and isinstance(types, str):
                allowed = {"null"}
            view.types = allowed if view.types is None else (view.types & allowed) or view.types
        if "properties" in node and isinstance(node["properties"], dict):
            for name in node["properties"]:
                view.properties.setdefault(name, []).append(loc.child("properties", name))
        if isinstance(node.get("required"), list):
            view.required.update(name for name in node["required"] if isinstance(name, str))
        additional = node.get("additionalProperties")
        if additional is True:
            view.additional_true = True
        elif additional is False:
            view.additional_false = True
        elif isinstance(additional, dict):
            view.additional.append(loc.child("additionalProperties"))
        if isinstance(node.get("items"), dict):
            view.items.append(loc.child("items"))
        if isinstance(node.get("prefixItems"), list):
            view.prefix_items = [[loc.child("prefixItems", index)] for index in range(len(node["prefixItems"]))]
        if "const" in node:
            view.const, view.has_const = node["const"], True
        if isinstance(node.get("enum"), list):
            # Every part must accept the value: the enums of merged parts intersect.
            view.enum = list(node["enum"]) if view.enum is None else [value for value in view.enum
                                                                      if value in node["enum"]]
        for key in ("format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
                    "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "minProperties",
                    "maxProperties", "propertyNames", "readOnly", "writeOnly", "contentEncoding"):
            if key in node and key not in view.keywords:
                view.keywords[key] = node[key]
        discriminator = node.get("discriminator")
        if isinstance(discriminator, dict) and isinstance(discriminator.get("propertyName"), str):
            view.discriminators.append((loc, discriminator))
        for index, _ in enumerate(node.get("allOf") or []):
            self._merge(view, loc.child("allOf", index), active)
        for keyword in ("oneOf", "anyOf"):
            variants = node.get(keyword)
            if isinstance(variants, list) and variants:
                choice = self._choose_variant(view, loc, keyword, variants)
                if choice is None:
                    view.nullable = True
                    view.types = {"null"} if not view.properties else view.types
                    continue
                view.chosen[loc] = choice
                self._merge(view, choice, active)

    def _choose_variant(self, view, loc, keyword, variants):
        """One variant's Loc (None for a `{type: null}` variant chosen: the value is null). A variant whose
        `const`/`enum` cannot meet the values merged so far (`enum: [2]` beside `allOf: [{oneOf: [{const: 1}, …]}]`)
        is not chosen while another can."""
        def compatible(index):
            node = self.document.node(self.document.sole_ref_target(loc.child(keyword, index)))
            if not isinstance(node, dict):
                return True
            values = [node["const"]] if "const" in node else node.get("enum")
            if not isinstance(values, list):
                return True
            if view.has_const and view.const not in values:
                return False
            return view.enum is None or any(value in view.enum for value in values)

        def is_null(variant):
            return isinstance(variant, dict) and variant.get("type") == "null" and len(variant) == 1

        candidates = [index for index in range(len(variants)) if compatible(index)] or list(range(len(variants)))
        nulls = [index for index in candidates if is_null(variants[index])] if self.nulls else []
        index = nulls[0] if nulls else self.rng.choice(candidates)
        variant = variants[index]
        if is_null(variant):
            return None
        return loc.child(keyword, index)

    # MARK: Values

    def generate(self, locs, depth=0):
        if depth > HARD_DEPTH:
            raise Skip("too deep")
        subtype = self._subtype(locs)
        if subtype is not None:
            locs = [subtype]
        view = self.view(locs)
        if view.nullable and ((self.nulls and depth > 0) or self.rng.random() < 0.12):
            return None
        if view.types == {"null"}:
            return None
        if view.has_const:
            if view.enum is not None and view.const not in view.enum:
                raise Skip("const outside the enum")
            return view.const
        if view.enum is not None:
            values = [value for value in view.enum if value is not None or view.nullable]
            if not values:
                raise Skip("empty enum")
            return self.rng.choice(values)
        # An example the schema gives itself is a realistic value (patterns and formats that are hard to invent).
        examples = [value for loc in view.origins for value in self.examples_of(loc)]
        kind = self._kind(view)
        if examples and kind not in ("object", "array") and self.rng.random() < 0.3:
            return self.rng.choice(examples)
        if kind == "object":
            return self._object(view, depth)
        if kind == "array":
            return self._array(view, depth)
        if kind == "string":
            return self._string(view)
        if kind == "integer":
            return self._integer(view)
        if kind == "number":
            return self._number(view)
        if kind == "boolean":
            return self.rng.random() < 0.5
        if kind == "null":
            return None
        return self._any(depth)

    def _subtype(self, locs):
        """For a base schema whose discriminator maps to subtypes (and that has no `oneOf`/`anyOf` of its own),
        sometimes one of the subtypes: a value of the base may be any of them."""
        for loc in locs:
            loc = self.document.sole_ref_target(loc)
            node = self.document.node(loc)
            if not isinstance(node, dict) or "oneOf" in node or "anyOf" in node:
                continue
            discriminator = node.get("discriminator")
            mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
            if isinstance(mapping, dict) and mapping and self.rng.random() < 0.6:
                target = self.rng.choice(sorted(str(value) for value in mapping.values()))
                target_loc = self.document.sole_ref_target(self.document.mapping_target(target, loc))
                if target_loc != loc:
                    return target_loc
        return None

    def _kind(self, view):
        if view.types:
            return self.rng.choice(sorted(view.types))
        if view.properties or view.required or view.additional or view.additional_true or view.discriminators:
            return "object"
        if view.items or view.prefix_items:
            return "array"
        keywords = view.keywords
        if "format" in keywords or "pattern" in keywords or "minLength" in keywords or "maxLength" in keywords:
            return "string"
        if any(key in keywords for key in ("minimum", "maximum", "multipleOf")):
            return "number"
        return "any"

    def _skips(self, locs):
        """Whether a property is left out in this direction (`writeOnly` in responses, `readOnly` in requests)."""
        flag = "writeOnly" if self.direction == "response" else "readOnly"
        for loc in locs:
            node = self.document.node(loc)
            if isinstance(node, dict) and node.get(flag) is True:
                return True
            target = self.document.node(self.document.deref(loc))
            if isinstance(target, dict) and target.get(flag) is True:
                return True
        return False

    def _object(self, view, depth):
        value = {}
        deep = depth >= MAX_DEPTH
        for name, locs in view.properties.items():
            if self._skips(locs):
                continue
            required = name in view.required
            # Fewer optional properties deeper down keeps instances small enough to read (and to validate).
            chance = 0.9 if self.rich and depth < 2 else 0.6 - 0.12 * depth
            if not required and (deep or self.rng.random() > chance) and not (self.nulls and self._nullable(locs)):
                continue
            value[name] = self.generate(locs, depth + 1)
        for name in view.required:
            if name not in value and name not in view.properties:
                value[name] = self._any(depth + 1)
        self._set_discriminators(view, value)
        extras = 0
        minimum = view.keywords.get("minProperties", 0) if isinstance(view.keywords.get("minProperties"), int) else 0
        if view.additional and not deep:
            extras = self.rng.choice([0, 1, 1, 2, 3]) if not view.properties else self.rng.choice([0, 0, 1, 2])
        elif view.additional_true and not deep:
            extras = self.rng.choice([0, 0, 1, 2])
        elif not view.additional_false and not deep:
            # No `additionalProperties` at all: unknown keys are allowed and must at least not break decoding.
            extras = 1 if self.rng.random() < 0.15 else 0
        extras = max(extras, minimum - len(value))
        names = []
        # Now and then two of a map's keys differ only in Unicode normalization ("café" precomposed and with a
        # combining accent): JSON keeps both, and so must the generated map.
        if extras >= 2 and (view.additional or view.additional_true) and "propertyNames" not in view.keywords \
                and self.rng.random() < 0.4:
            names = self._twin_keys(value)
        while len(names) < extras:
            names.append(self._extra_key(value, names))
        for name in names:
            if view.additional:
                value[name] = self.generate(view.additional, depth + 1)
            else:
                value[name] = self._any(depth + 1)
        return value

    def _twin_keys(self, value):
        """Two keys equal under Unicode canonical equivalence, different in their bytes (NFC and NFD)."""
        while True:
            suffix = str(self.rng.randint(0, 99))
            composed, decomposed = "caf\u00e9" + suffix, "cafe\u0301" + suffix
            if composed not in value and decomposed not in value:
                return [composed, decomposed]

    def _nullable(self, locs):
        """Whether the schemas of a property allow `null` (in null instances, where a union chooses its `null`
        variant)."""
        try:
            return self.view(locs).nullable
        except Skip:
            return False

    def _set_discriminators(self, view, value):
        """Sets each discriminator property to a value consistent with the subtype chosen (or merged in)."""
        for holder, discriminator in view.discriminators:
            name = discriminator["propertyName"]
            mapping = discriminator.get("mapping") or {}
            chosen = None
            targets = {key: self.document.sole_ref_target(self.document.mapping_target(target, holder))
                       for key, target in mapping.items() if isinstance(target, str)}
            origins = {self.document.sole_ref_target(origin) for origin in view.origins} | view.origins
            for key, target in targets.items():
                if target in origins:
                    chosen = key
                    break
            if chosen is None and not self._constrained(view.properties.get(name, [])):
                # Implicit mapping: the name of a component schema merged in (the chosen variant or the subtype),
                # unless the property's own schema says which values it takes (then its generated value stands).
                for origin in sorted(view.origins, key=lambda loc: len(loc.tokens)):
                    if origin.tokens[:2] == ("components", "schemas") and len(origin.tokens) == 3 \
                            and origin != holder:
                        chosen = origin.tokens[2]
                        break
            if chosen is not None:
                value[name] = chosen

    def _constrained(self, locs):
        """Whether a property's schemas fix its values (`const` or `enum`)."""
        for loc in locs:
            for place in (loc, self.document.sole_ref_target(loc)):
                node = self.document.node(place)
                if isinstance(node, dict) and ("const" in node or "enum" in node):
                    return True
        return False

    def _extra_key(self, value, taken=()):
        while True:
            name = self.rng.choice(["extra", "custom_attr", "x_extra", "meta_key", "zz"]) + \
                str(self.rng.randint(0, 99))
            if name not in value and name not in taken:
                return name

    def _array(self, view, depth):
        minimum = view.keywords.get("minItems", 0) or 0
        maximum = view.keywords.get("maxItems")
        count = minimum if depth >= MAX_DEPTH else self.rng.randint(minimum, minimum + (3 if depth < 2 else 1))
        if isinstance(maximum, int):
            count = min(count, maximum)
        items = []
        for index in range(count):
            if index < len(view.prefix_items):
                items.append(self.generate(view.prefix_items[index], depth + 1))
            elif view.items:
                items.append(self.generate(view.items, depth + 1))
            else:
                items.append(self._any(depth + 1))
        if view.keywords.get("uniqueItems"):
            unique = []
            for item in items:
                if item not in unique:
                    unique.append(item)
            items = unique
        return items

    def _any(self, depth):
        choices = ["string", "integer", "number", "boolean", "null"]
        if depth < MAX_DEPTH:
            choices += ["object", "array"]
        kind = self.rng.choice(choices)
        if kind == "string":
            return self.rng.choice(["", "text", "ünïcödé ✓", "a\nb", "42"])
        if kind == "integer":
            # Free-form values hold whatever a server sends: large ids too.
            return self.rng.choice([0, 1, -7, 2**31, 2**53 + 1, 2**63 - 1])
        if kind == "number":
            return self.rng.choice([0.5, -2.25, 1e-3, 3.0e10])
        if kind == "boolean":
            return self.rng.random() < 0.5
        if kind == "null":
            return None
        if kind == "object":
            return {"k" + str(index): self._any(depth + 1) for index in range(self.rng.randint(0, 2))}
        return [self._any(depth + 1) for _ in range(self.rng.randint(0, 2))]

    # MARK: Scalars

    def _string(self, view):
        keywords = view.keywords
        fmt = keywords.get("format")
        pattern = keywords.get("pattern")
        if fmt in FORMATS:
            return FORMATS[fmt](self.rng)
        if keywords.get("contentEncoding") == "base64":
            return _byte(self.rng)
        if isinstance(pattern, str):
            sampled = sample_regex(pattern, self.rng)
            if sampled is not None:
                return sampled
        minimum = keywords.get("minLength", 0) if isinstance(keywords.get("minLength"), int) else 0
        maximum = keywords.get("maxLength") if isinstance(keywords.get("maxLength"), int) else None
        text = self.rng.choice(["", "a", "hello world", "Ünïcode ✓ 😀", "line\nbreak \"quoted\" \\", "123",
                                "x" * 40, "tab\tand/slash"])
        if len(text) < minimum:
            text += "y" * (minimum - len(text))
        if maximum is not None:
            text = text[:maximum]
        return text

    def _bounds(self, view, integer):
        keywords = view.keywords
        low, high = keywords.get("minimum"), keywords.get("maximum")
        exclusive_low, exclusive_high = keywords.get("exclusiveMinimum"), keywords.get("exclusiveMaximum")
        if isinstance(exclusive_low, bool):
            exclusive_low = low if exclusive_low else None
        if isinstance(exclusive_high, bool):
            exclusive_high = high if exclusive_high else None
        step = 1 if integer else 1e-6
        if isinstance(exclusive_low, (int, float)):
            low = max(low, exclusive_low + step) if isinstance(low, (int, float)) else exclusive_low + step
        if isinstance(exclusive_high, (int, float)):
            high = min(high, exclusive_high - step) if isinstance(high, (int, float)) else exclusive_high - step
        return low, high

    def _integer(self, view):
        fmt = view.keywords.get("format")
        bits = 31 if fmt == "int32" else 63
        # The format's range: signed 32 or 64 bits, or 0 ..< 2^64 for `uint64`.
        floor, ceiling = (0, 2**64 - 1) if fmt == "uint64" else (-2**bits, 2**bits - 1)
        low, high = self._bounds(view, integer=True)
        low = floor if not isinstance(low, (int, float)) else max(int(-(-low // 1)), floor)
        high = ceiling if not isinstance(high, (int, float)) else min(int(high // 1), ceiling)
        if low > high:
            raise Skip("empty integer range")
        candidates = [self.rng.randint(max(low, -1000), min(high, 1000)) if max(low, -1000) <= min(high, 1000)
                      else low, low, high, self.rng.randint(low, high)]
        if low <= 0 <= high:
            candidates.append(0)
        weights = [6, 1, 1, 2] + ([1] if low <= 0 <= high else [])
        value = self.rng.choices(candidates, weights)[0]
        multiple = view.keywords.get("multipleOf")
        if isinstance(multiple, int) and multiple > 0:
            value = value - value % multiple
            if value < low:
                value += multiple
        return value

    def _number(self, view):
        low, high = self._bounds(view, integer=False)
        low = -1e6 if not isinstance(low, (int, float)) else low
        high = 1e6 if not isinstance(high, (int, float)) else high
        if low > high:
            raise Skip("empty number range")
        kind = self.rng.random()
        multiple = view.keywords.get("multipleOf")
        if isinstance(multiple, (int, float)) and multiple > 0:
            return round(self.rng.randint(int(low // multiple) + 1, int(high // multiple)) * multiple, 12) \
                if int(low // multiple) + 1 <= int(high // multiple) else low
        if kind < 0.3:
            value = self.rng.randint(int(max(low, -1e6)), int(min(high, 1e6))) if low <= high - 1 else low
        elif kind < 0.4:
            value = self.rng.choice([low, high])
        else:
            value = round(self.rng.uniform(low, high), self.rng.choice([1, 2, 3, 6]))
        if view.keywords.get("format") == "float" and isinstance(value, float):
            value = float(f"{struct.unpack('f', struct.pack('f', value))[0]:.6g}")
        return value


# MARK: Formats

def _date_time(rng):
    year = rng.choice([1970, 1999, 2000, 2021, 2024, 2024, 2025, 2038, 2099])
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, second = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    digits = rng.choice([0, 0, 1, 2, 3, 3, 6, 9])
    fraction = ("." + "".join(rng.choice(string.digits) for _ in range(digits))) if digits else ""
    offset = rng.choice(["Z", "Z", "+00:00", "+03:00", "-07:00", "+05:30", "-00:00"])
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}{fraction}{offset}"


def _date(rng):
    return f"{rng.choice([1970, 2000, 2024, 2030]):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _time(rng):
    return f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}" + rng.choice(["Z", "+02:00"])


def _byte(rng):
    return base64.b64encode(bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 12)))).decode("ascii")


FORMATS = {
    "date-time": _date_time,
    "date": _date,
    "time": _time,
    "uuid": lambda rng: str(uuid.UUID(int=rng.getrandbits(128), version=4)),
    "email": lambda rng: rng.choice(["a@example.com", "first.last+tag@sub.example.org", "x@y.io"]),
    "uri": lambda rng: rng.choice(["https://example.com/a?b=c#d", "http://localhost:8080/", "urn:isbn:0451450523"]),
    "url": lambda rng: rng.choice(["https://example.com/path", "http://x.io/"]),
    "byte": _byte,
    # JSON carries no raw bytes: a `binary` string in a JSON body is base64, as the generated types write it.
    "binary": _byte,
    "ipv4": lambda rng: ".".join(str(rng.randint(0, 255)) for _ in range(4)),
    "ipv6": lambda rng: rng.choice(["::1", "2001:db8::ff00:42:8329"]),
    "hostname": lambda rng: rng.choice(["example.com", "api.test"]),
}


# MARK: Regular expressions

def sample_regex(pattern, rng, max_repeat=4):
    """A string matching `pattern` (Python syntax, which covers most ECMA patterns documents use), or None."""
    try:
        parsed = sre_parse.parse(pattern)
    except Exception:
        return None
    groups = {}
    try:
        return _emit(parsed, rng, groups, max_repeat)
    except Exception:
        return None


_CATEGORIES = {
    sre_constants.CATEGORY_DIGIT: string.digits,
    sre_constants.CATEGORY_NOT_DIGIT: string.ascii_letters,
    sre_constants.CATEGORY_SPACE: " ",
    sre_constants.CATEGORY_NOT_SPACE: string.ascii_letters + string.digits,
    sre_constants.CATEGORY_WORD: string.ascii_letters + string.digits + "_",
    sre_constants.CATEGORY_NOT_WORD: "-.!",
}


def _emit(parsed, rng, groups, max_repeat):
    out = []
    for op, arg in parsed:
        if op == sre_constants.LITERAL:
            out.append(chr(arg))
        elif op == sre_constants.NOT_LITERAL:
            out.append(rng.choice([c for c in string.ascii_letters if ord(c) != arg]))
        elif op == sre_constants.ANY:
            out.append(rng.choice(string.ascii_letters))
        elif op == sre_constants.IN:
            out.append(_class(arg, rng))
        elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, getattr(sre_constants, "POSSESSIVE_REPEAT",
                                                                                None)):
            low, high, sub = arg
            high = min(high, low + max_repeat) if high != sre_constants.MAXREPEAT else low + max_repeat
            for _ in range(rng.randint(low, high)):
                out.append(_emit(sub, rng, groups, max_repeat))
        elif op == sre_constants.SUBPATTERN:
            group, _, _, sub = arg
            text = _emit(sub, rng, groups, max_repeat)
            if group is not None:
                groups[group] = text
            out.append(text)
        elif op == sre_constants.BRANCH:
            out.append(_emit(rng.choice(arg[1]), rng, groups, max_repeat))
        elif op == sre_constants.GROUPREF:
            out.append(groups.get(arg, ""))
        elif op == sre_constants.CATEGORY:
            out.append(rng.choice(_CATEGORIES.get(arg, "a")))
        elif op in (sre_constants.AT, sre_constants.ASSERT, sre_constants.ASSERT_NOT):
            continue
        elif op == getattr(sre_constants, "ATOMIC_GROUP", None):
            out.append(_emit(arg, rng, groups, max_repeat))
        else:
            raise ValueError(f"unsupported regex construct {op}")
    return "".join(out)


def _class(items, rng):
    choices = []
    negate = False
    for op, arg in items:
        if op == sre_constants.NEGATE:
            negate = True
        elif op == sre_constants.LITERAL:
            choices.append(chr(arg))
        elif op == sre_constants.RANGE:
            low, high = arg
            choices.extend(chr(code) for code in range(low, min(high, low + 200) + 1))
        elif op == sre_constants.CATEGORY:
            choices.extend(_CATEGORIES.get(arg, "a"))
    if negate:
        pool = [c for c in string.ascii_letters + string.digits + "-_." if c not in choices]
        return rng.choice(pool)
    return rng.choice(choices) if choices else "a"
