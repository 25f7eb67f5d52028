"""Strict JSON Schema validation of instances against a document's schemas, per direction.

OpenAPI 3.0 documents use openapi-schema-validator's OAS 3.0 dialect, with `nullable: true` read as "null is also
valid here" whatever else the schema says (what vendors mean by it, also beside `allOf`/`$ref`); 3.1 documents use
Draft 2020-12 (plus a 3.0-style boolean `exclusiveMinimum`/`exclusiveMaximum`, which some 3.1 documents still
write). In both, an integer is one by value (`1.0` is an integer, as from Draft 6 on). Both directions follow the
OpenAPI rules for `readOnly`/`writeOnly`:

- `response`: a required `writeOnly` property may be absent, and a `writeOnly` property must not be present;
- `request`: a required `readOnly` property may be absent, and a `readOnly` property must not be present.

Formats are checked: date-time, date, time, email, uuid, ipv4/ipv6, uri (a scheme is required), byte and binary (base64),
int32/int64/uint64 (range), float/double. Unknown formats pass.
"""
import base64
import binascii
import re

from jsonschema import FormatChecker, ValidationError
from jsonschema import _keywords as jsonschema_keywords
from jsonschema.validators import extend
from openapi_schema_validator import OAS30ReadValidator, OAS30WriteValidator, OAS31Validator
from openapi_schema_validator import _keywords as oas_keywords
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4, DRAFT202012
from urllib.parse import unquote

from documents import Loc

URI_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S*$")


def _format_checker():
    checker = FormatChecker()

    @checker.checks("int32")
    def is_int32(value):
        return not isinstance(value, int) or isinstance(value, bool) or -2**31 <= value < 2**31

    @checker.checks("int64")
    def is_int64(value):
        return not isinstance(value, int) or isinstance(value, bool) or -2**63 <= value < 2**63

    @checker.checks("uint64")
    def is_uint64(value):
        return not isinstance(value, int) or isinstance(value, bool) or 0 <= value < 2**64

    # A `binary` string in JSON (a body shared with multipart) can only carry its bytes encoded: base64, as for
    # `byte` and as the generated types write it.
    @checker.checks("binary", raises=(binascii.Error, ValueError))
    @checker.checks("byte", raises=(binascii.Error, ValueError))
    def is_byte(value):
        if not isinstance(value, str):
            return True
        base64.b64decode(value.encode("ascii"), validate=True)
        return True

    for name in ("uri", "url"):
        checker.checks(name)(lambda value: not isinstance(value, str) or bool(URI_SCHEME.match(value)))
    return checker


FORMATS = _format_checker()


def _nullable_first(function):
    """A 3.0 keyword that accepts null outright in a schema with `nullable: true`."""
    def keyword(validator, value, instance, schema):
        if instance is None and isinstance(schema, dict) and schema.get("nullable") is True:
            return
        yield from function(validator, value, instance, schema)
    return keyword


def _is_integer(checker, instance):
    """Integers by value, as Draft 6 and later have them (1.0 is an integer): numbers are compared by value, so
    `1.0` and `1` must be the same to the validator too."""
    if isinstance(instance, bool):
        return False
    return isinstance(instance, int) or (isinstance(instance, float) and instance.is_integer())


def _oas30(base):
    return extend(base, {name: _nullable_first(function) for name, function in base.VALIDATORS.items()},
                  type_checker=base.TYPE_CHECKER.redefine("integer", _is_integer))


def _minimum(validator, minimum, instance, schema):
    """`minimum` with a 3.0-style boolean `exclusiveMinimum` beside it (3.1 documents that still write one)."""
    if not validator.is_type(instance, "number") or isinstance(instance, bool):
        return
    exclusive = schema.get("exclusiveMinimum") is True
    if instance < minimum or (exclusive and instance == minimum):
        yield ValidationError(f"{instance!r} is below the minimum of {minimum!r}")


def _maximum(validator, maximum, instance, schema):
    if not validator.is_type(instance, "number") or isinstance(instance, bool):
        return
    exclusive = schema.get("exclusiveMaximum") is True
    if instance > maximum or (exclusive and instance == maximum):
        yield ValidationError(f"{instance!r} is above the maximum of {maximum!r}")


def _numeric_only(function):
    """Draft 2020-12 `exclusiveMinimum`/`exclusiveMaximum`, skipped when written as a boolean."""
    def keyword(validator, value, instance, schema):
        if isinstance(value, bool):
            return
        yield from function(validator, value, instance, schema)
    return keyword


_OAS31 = extend(OAS31Validator, {
    "minimum": _minimum, "maximum": _maximum,
    "exclusiveMinimum": _numeric_only(jsonschema_keywords.exclusiveMinimum),
    "exclusiveMaximum": _numeric_only(jsonschema_keywords.exclusiveMaximum),
})

VALIDATORS = {
    (False, "response"): _oas30(OAS30ReadValidator),
    (False, "request"): _oas30(OAS30WriteValidator),
    (True, "response"): extend(_OAS31, {"required": oas_keywords.read_required,
                                        "writeOnly": oas_keywords.read_writeOnly}),
    (True, "request"): extend(_OAS31, {"required": oas_keywords.write_required,
                                       "readOnly": oas_keywords.write_readOnly}),
}


class Validation:
    """Validates instances against the schemas of one document (by `Loc`), following `$ref`s across its files."""

    def __init__(self, document):
        self.document = document
        specification = DRAFT202012 if document.is31 else DRAFT4
        self.specification = specification

        def retrieve(uri):
            path = unquote(uri.removeprefix("file://"))
            return Resource.from_contents(document.load(path), default_specification=specification)

        self.registry = Registry(retrieve=retrieve)
        self.cache = {}

    def validator(self, loc, direction):
        key = (loc, direction)
        validator = self.cache.get(key)
        if validator is None:
            cls = VALIDATORS[(self.document.is31, direction)]
            validator = cls({"$ref": loc.uri}, registry=self.registry, format_checker=FORMATS)
            self.cache[key] = validator
        return validator

    def errors(self, instance, loc, direction):
        """The validation errors, best first (empty when valid)."""
        try:
            errors = list(self.validator(loc, direction).iter_errors(instance))
        except RecursionError:
            return [ValidationError("the schema recurses too deeply to validate")]
        except Exception as error:  # a schema the validator cannot use (bad pattern, unresolvable $ref)
            return [ValidationError(f"cannot validate: {type(error).__name__}: {error}")]
        return errors

    def is_valid(self, instance, loc, direction):
        try:
            return self.validator(loc, direction).is_valid(instance)
        except RecursionError:
            return False
        except Exception:  # a schema the validator cannot use (bad pattern, unresolvable $ref)
            return False

    def describe(self, instance, loc, direction):
        """A short description of the first error, with the instance path, or None when valid."""
        errors = self.errors(instance, loc, direction)
        if not errors:
            return None
        error = min(errors, key=lambda e: len(e.path))
        path = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path)
        return f"${path}: {error.message[:300]}"


def loc_from_uri(uri):
    """The `Loc` a validator URI names (the inverse of `Loc.uri`)."""
    base, _, fragment = uri.partition("#")
    tokens = tuple(unquote(token).replace("~1", "/").replace("~0", "~") for token in fragment.split("/")[1:])
    return Loc(unquote(base.removeprefix("file://")), tokens)
