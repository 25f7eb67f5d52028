#!/usr/bin/env python3
"""Check openapi.yaml against its own contract and against real, hand-written and mock API responses.

Run from the repository root:  python3 Scripts/ci/check-spec.py [--no-mock]

What it does
  1. Validates openapi.yaml as an OpenAPI 3.1 document (openapi_spec_validator, against the 3.1 schema), checks
     every Schema Object against the JSON Schema 2020-12 meta-schema, and asserts the structural contract:
     exactly the 8 Rasp v3.0 paths (GET only) with the agreed operationIds, both API-key security schemes as
     alternatives, the two servers in order, no `apikey` query parameter on operations, shared error responses,
     no 3.0 leftovers (`nullable`, schema-level `example`), and none of the constructs that break tolerant
     decoding (`additionalProperties: false`, `format: date-time`, `format: uri`).
  2. Validates every JSON file in Tests/Fixtures/samples (byte-identical copies of ../shared/rasp-samples, which
     is re-checked when present) and Tests/Fixtures/edge against the response schema of the endpoint named by
     the file-name prefix (the part before `__`; `error__*` -> ErrorResponse, `error_<status>_<endpoint>__*` ->
     that operation's <status> response).
  3. Validates Tests/Fixtures/invalid: every file there MUST fail, at the JSON path listed in
     INVALID_EXPECTATIONS, which proves the check can fail for the intended reason.
  4. Starts rasp-mock (built with `swift build --product rasp-mock` unless RASP_MOCK_URL names a running one) and
     validates its answers to a request plan that covers every endpoint, its response shapes and its errors
     against the schema of the status it answered with (Scripts/ci/mock_requests.py).

Every instance is validated by jsonschema's Draft 2020-12 validator with format assertion on, unmodified: the
document's schemas say `null` where null is allowed (`type: [string, "null"]`, `oneOf: [{$ref}, {type: "null"}]`),
so no keyword needs to be widened.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from pathlib import Path
from typing import Any, Iterable

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from openapi_spec_validator import OpenAPIV31SpecValidator
from referencing import Registry

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mock_requests  # noqa: E402  (a sibling module of this script)

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "openapi.yaml"
FIXTURES = ROOT / "Tests" / "Fixtures"
SAMPLES = FIXTURES / "samples"
EDGE = FIXTURES / "edge"
INVALID = FIXTURES / "invalid"
SHARED_SAMPLES = Path(os.environ.get("RASP_SAMPLES", ROOT.parent / "shared" / "rasp-samples")).resolve()

# endpoint name (as used in fixture file names) -> (path, operationId)
ENDPOINTS = {
    "search": ("/v3.0/search/", "search"),
    "schedule": ("/v3.0/schedule/", "schedule"),
    "thread": ("/v3.0/thread/", "thread"),
    "nearest_stations": ("/v3.0/nearest_stations/", "nearestStations"),
    "nearest_settlement": ("/v3.0/nearest_settlement/", "nearestSettlement"),
    "carrier": ("/v3.0/carrier/", "carrier"),
    "stations_list": ("/v3.0/stations_list/", "stationsList"),
    "copyright": ("/v3.0/copyright/", "copyright"),
}
SERVERS = ["https://api.rasp.yandex-net.ru", "https://api.rasp.yandex.net"]

# schemas the generated Swift types are built from (fact sheet section 3)
REQUIRED_SCHEMAS = [
    "Point", "Carrier", "CarrierCodes", "Thread", "TransportSubtype", "Interval", "TicketsInfo", "Place", "Price",
    "Pagination", "Segment", "TransferSegment", "TransferLeg", "Transfer", "IntervalSegment", "SearchResponse",
    "SearchInfo", "ScheduleResponse", "ScheduleItem", "IntervalScheduleItem", "Direction", "ThreadResponse",
    "ThreadStop", "StationCodes", "NearestStationsResponse", "NearestStation", "TypeChoice",
    "NearestSettlementResponse", "CarrierResponse", "Office", "StationsListResponse", "Country", "Region",
    "Settlement", "Station", "CopyrightResponse", "Copyright", "ErrorResponse",
]

# The one real sample that its author edited by hand (see Tests/Fixtures/samples/SOURCES.md).
KNOWN_EDITED = {
    "search__artembark_city_info_guide.json": {
        "index": 0,
        "emptied": ["thread", "from", "to", "tickets_info"],
        "why": "its author replaced thread/from/to/tickets_info with {} (SOURCES.md)",
    },
}

# invalid fixture -> JSON path at (or under) which the validation failure must be reported
INVALID_EXPECTATIONS = {
    "search__segment_missing_thread.json": "$.segments[0]",
    "carrier__code_as_string.json": "$.carrier.code",
    "search__pagination_as_string.json": "$.pagination.total",
    "schedule__directions_as_object.json": "$.directions",
    "search__segment_matches_both_shapes.json": "$.segments[0]",
    "search__transfer_item_is_transfer_false.json": "$.segments[1].details[1]",
    "nearest_stations__type_choices_not_a_map.json": "$.stations[0].type_choices.desktop_url",
    "thread__stop_duration_as_string.json": "$.stops[1].duration",
    "search__carrier_missing_title.json": "$.segments[0].thread.carrier",
    "schedule__point_type_unknown.json": "$.station.type",
    "error__missing_error_wrapper.json": "$",
}


# --------------------------------------------------------------------------- validator
FORMAT_CHECKER = Draft202012Validator.FORMAT_CHECKER


class Checker:
    def __init__(self, spec: dict):
        self.spec = spec
        self.components = spec["components"]

    def validator_for(self, schema: dict):
        # One root schema holding the target and all components, so that '#/components/...' resolves.
        root = {"$schema": "https://json-schema.org/draft/2020-12/schema", "components": self.components,
                "allOf": [schema]}
        return Draft202012Validator(root, registry=Registry(), format_checker=FORMAT_CHECKER)

    def errors(self, instance: Any, schema: dict) -> list[ValidationError]:
        return sorted(self.validator_for(schema).iter_errors(instance), key=lambda e: list(e.absolute_path))

    def resolve(self, node: dict) -> dict:
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), ref
            target: Any = self.spec
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def response_schema(self, endpoint: str, status: str) -> tuple[dict, str]:
        path, _ = ENDPOINTS[endpoint]
        response = self.resolve(self.spec["paths"][path]["get"]["responses"][status])
        content = response["content"]
        if len(content) != 1:
            raise AssertionError(f"{path} {status}: expected exactly one media type, got {list(content)}")
        media_type, media = next(iter(content.items()))
        return media["schema"], media_type


# --------------------------------------------------------------------------- error formatting
def _short(value: Any, limit: int = 70) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _message(err: ValidationError) -> str:
    v = err.validator
    if v == "type":
        return f"{_short(err.instance)} is not of type {err.validator_value!r}"
    if v in ("oneOf", "anyOf"):
        if err.context:
            return f"{_short(err.instance, 50)} matches none of the {v} alternatives"
        return f"{_short(err.instance, 50)} matches more than one {v} alternative (must be exactly one)"
    if v == "enum":
        return f"{_short(err.instance)} is not one of {err.validator_value}"
    if v == "required":
        return err.message
    return f"{v}: {err.message[:160]}"


def describe(err: ValidationError, indent: str = "    ", depth: int = 0) -> list[str]:
    lines = [f"{indent}{err.json_path}: {_message(err)}"]
    if err.context and depth < 3:
        by_branch: dict[int, list[ValidationError]] = {}
        for sub in err.context:
            by_branch.setdefault(sub.schema_path[0], []).append(sub)
        for branch, subs in sorted(by_branch.items()):
            first = sorted(subs, key=lambda e: (-len(e.absolute_path), str(e.json_path)))[0]
            lines.append(f"{indent}  alternative #{branch}:")
            lines.extend(describe(first, indent + "    ", depth + 1))
    return lines


def all_paths(errors: Iterable[ValidationError]) -> set[str]:
    out: set[str] = set()
    stack = list(errors)
    while stack:
        e = stack.pop()
        out.add(e.json_path)
        stack.extend(e.context or [])
    return out


def path_under(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")


# --------------------------------------------------------------------------- spec structure
def walk(node: Any, where: str = "#"):
    yield where, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, f"{where}/{i}")


def check_spec_structure(spec: dict, chk: Checker) -> list[str]:
    problems: list[str] = []

    def expect(cond: bool, msg: str):
        if not cond:
            problems.append(msg)

    expect(spec.get("openapi") == "3.1.0", f"openapi version is {spec.get('openapi')!r}, expected '3.1.0'")
    expect(spec.get("info", {}).get("title") == "Yandex Rasp API", "info.title must be 'Yandex Rasp API'")
    expect(str(spec.get("info", {}).get("version")) == "3.0", "info.version must be '3.0'")
    expect("copyright" in spec.get("info", {}).get("description", "").lower(),
           "info.description must mention the attribution (/copyright/) requirement")

    urls = [s.get("url") for s in spec.get("servers", [])]
    expect(urls == SERVERS, f"servers must be {SERVERS} in this order, got {urls}")
    expect(all(s.get("description") for s in spec.get("servers", [])), "every server needs a description")

    expected_paths = {p for p, _ in ENDPOINTS.values()}
    paths = spec.get("paths", {})
    expect(len(paths) == 8, f"expected exactly 8 paths, got {len(paths)}")
    expect(set(paths) == expected_paths, f"paths differ: extra={set(paths) - expected_paths}, "
                                         f"missing={expected_paths - set(paths)}")
    for name, (path, op_id) in ENDPOINTS.items():
        item = paths.get(path, {})
        expect(list(item) == ["get"], f"{path}: only GET expected, got {list(item)}")
        op = item.get("get", {})
        expect(op.get("operationId") == op_id, f"{path}: operationId {op.get('operationId')!r} != {op_id!r}")
        for key in ("summary", "description", "tags"):
            expect(bool(op.get(key)), f"{path}: missing {key}")
        responses = op.get("responses", {})
        for status in ("200", "400", "404", "default"):
            expect(status in responses, f"{path}: missing response {status}")
        for status in ("400", "404", "default"):
            ref = responses.get(status, {}).get("$ref", "")
            expect(ref.startswith("#/components/responses/"),
                   f"{path}: response {status} must $ref components.responses, got {responses.get(status)}")
        if "200" in responses:
            _, media_type = chk.response_schema(name, "200")
            want = "text/html" if name == "stations_list" else "application/json"
            expect(media_type == want, f"{path}: 200 media type {media_type!r}, expected {want!r}")
        for p in op.get("parameters", []):
            pr = chk.resolve(p)
            expect(pr.get("name") != "apikey", f"{path}: apikey must not be declared as a parameter")
            expect("description" in pr and "schema" in pr,
                   f"{path}: parameter {pr.get('name')} lacks description/schema")

    schemes = spec.get("components", {}).get("securitySchemes", {})
    expect(schemes.get("apiKeyQuery", {}) | {"description": None} ==
           {"type": "apiKey", "in": "query", "name": "apikey", "description": None},
           f"securitySchemes.apiKeyQuery wrong: {schemes.get('apiKeyQuery')}")
    expect(schemes.get("apiKeyHeader", {}) | {"description": None} ==
           {"type": "apiKey", "in": "header", "name": "Authorization", "description": None},
           f"securitySchemes.apiKeyHeader wrong: {schemes.get('apiKeyHeader')}")
    expect(spec.get("security") == [{"apiKeyQuery": []}, {"apiKeyHeader": []}],
           f"top-level security must be two alternatives, got {spec.get('security')}")

    schemas = spec.get("components", {}).get("schemas", {})
    missing = [n for n in REQUIRED_SCHEMAS if n not in schemas]
    expect(not missing, f"components.schemas lacks {missing}")
    for name, schema in schemas.items():
        expect(bool(schema.get("description")), f"components.schemas.{name} has no description")
        for prop, sub in schema.get("properties", {}).items():
            # a bare `$ref` to a described component needs no description of its own
            expect("$ref" in sub or bool(sub.get("description")),
                   f"components.schemas.{name}.{prop} has no description")

    for where, node in walk(spec):
        if not isinstance(node, dict):
            continue
        if node.get("additionalProperties") is False:
            problems.append(f"{where}: additionalProperties: false is not allowed (the API adds keys)")
        if node.get("format") in ("date-time", "uri", "url"):
            problems.append(f"{where}: format {node['format']!r} is not allowed (polymorphic/scheme-less values)")
        if "nullable" in node and not where.endswith("/properties"):
            problems.append(f"{where}: `nullable` is OpenAPI 3.0; 3.1 spells null as a type")
        if "example" in node and ("/schemas/" in where or where.endswith("/schema")):
            problems.append(f"{where}: a schema's `example` is deprecated in 3.1; use `examples: [...]`")
    problems.extend(check_schema_objects(spec))
    return problems


def schema_objects(spec: dict):
    """Every Schema Object of the document with its location: components, parameters, media types."""
    components = spec.get("components", {})
    for name, schema in components.get("schemas", {}).items():
        yield f"#/components/schemas/{name}", schema
    for name, parameter in components.get("parameters", {}).items():
        if "schema" in parameter:
            yield f"#/components/parameters/{name}/schema", parameter["schema"]
    for where, node in walk(spec):
        if isinstance(node, dict) and where.split("/")[-2:-1] == ["content"] and "schema" in node:
            yield f"{where}/schema", node["schema"]


def check_schema_objects(spec: dict) -> list[str]:
    """Checks each Schema Object against the JSON Schema 2020-12 meta-schema (the 3.1 dialect's base)."""
    problems = []
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA, format_checker=FORMAT_CHECKER)
    for where, schema in schema_objects(spec):
        for error in meta.iter_errors(schema):
            problems.append(f"{where}: not a JSON Schema 2020-12 schema: {error.message[:160]}")
    return problems


# --------------------------------------------------------------------------- fixtures
def endpoint_for(file_name: str) -> tuple[str, str]:
    """Return (endpoint, status) for a fixture file name."""
    prefix = file_name.split("__", 1)[0]
    if prefix == "error":
        return "error", ""
    if prefix.startswith("error_"):
        parts = prefix.split("_", 2)  # error, 400, search
        if len(parts) == 3 and parts[1].isdigit() and parts[2] in ENDPOINTS:
            return parts[2], parts[1]
        return "error", ""
    by_op_id = {op_id: name for name, (_, op_id) in ENDPOINTS.items()}
    if prefix in by_op_id:
        return by_op_id[prefix], "200"
    candidates = [n for n in ENDPOINTS if prefix == n or prefix.startswith(n + "_")]
    if not candidates:
        raise KeyError(f"cannot map file-name prefix {prefix!r} to an endpoint")
    return max(candidates, key=len), "200"


def schema_for_file(chk: Checker, file_name: str) -> tuple[dict, str]:
    endpoint, status = endpoint_for(file_name)
    if endpoint == "error":
        return {"$ref": "#/components/schemas/ErrorResponse"}, "ErrorResponse"
    schema, media = chk.response_schema(endpoint, status)
    label = f"{ENDPOINTS[endpoint][0]} {status} ({media})"
    return schema, label


class Report:
    def __init__(self):
        self.counts = {"ok": 0, "skipped": 0, "expected-failure ok": 0, "FAIL": 0}
        self.failures: list[str] = []

    def line(self, group: str, name: str, status: str, detail: str = "", extra: list[str] | None = None):
        key = "FAIL" if status.startswith("FAIL") else ("skipped" if status.startswith("skipped") else status)
        self.counts[key] = self.counts.get(key, 0) + 1
        text = f"[{group}] {name}: {status}" + (f" {detail}" if detail else "")
        print(text)
        for e in extra or []:
            print(e)
        if key == "FAIL":
            self.failures.append(f"[{group}] {name}")


def load_json(path: Path) -> tuple[Any, str | None]:
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"


def check_known_edited(chk: Checker, rep: Report, name: str, doc: Any, schema: dict, label: str):
    info = KNOWN_EDITED[name]
    idx = info["index"]
    segments = doc.get("segments", []) if isinstance(doc, dict) else []
    item_schema = {"$ref": "#/components/schemas/SearchResponse/properties/segments/items"}
    failing = [i for i, s in enumerate(segments) if chk.errors(s, item_schema)]
    problems = []
    if failing != [idx]:
        problems.append(f"    expected exactly segment [{idx}] to fail on its own, failing segments: {failing}")
    seg = segments[idx] if len(segments) > idx else {}
    emptied = [k for k in info["emptied"] if seg.get(k) != {}]
    if emptied:
        problems.append(f"    segment [{idx}] is not the known-edited one: {emptied} are not {{}}")
    full_errors = chk.errors(doc, schema)
    stray = [e for e in full_errors if not path_under(e.json_path, f"$.segments[{idx}]")]
    if not full_errors:
        problems.append("    the unedited document unexpectedly validates (edited segment no longer detected)")
    if stray:
        problems.append(f"    {len(stray)} error(s) outside the edited segment (first 8 shown):")
        for e in stray[:8]:
            problems.extend(describe(e, "      "))
    trimmed = copy.deepcopy(doc)
    del trimmed["segments"][idx]
    rest_errors = chk.errors(trimmed, schema)
    if rest_errors:
        problems.append(f"    document without segment [{idx}] still fails "
                        f"({len(rest_errors)} error(s), first 8 shown):")
        for e in rest_errors[:8]:
            problems.extend(describe(e, "      "))
    if problems:
        rep.line("samples", name, "FAIL", f"against {label} (known-edited sample)", problems)
    else:
        rep.line("samples", name, "ok",
                 f"against {label}; known-edited segment $.segments[{idx}] removed before validation "
                 f"({info['why']}); it is the only failing segment, the other {len(segments) - 1} validate")


def check_valid_dir(chk: Checker, rep: Report, group: str, directory: Path):
    files = sorted(directory.iterdir()) if directory.is_dir() else []
    if not files:
        rep.line(group, str(directory), "FAIL", "directory missing or empty")
        return
    for path in files:
        name = path.name
        if path.suffix != ".json":
            rep.line(group, name, "skipped:", "not a JSON response (provenance notes)")
            continue
        doc, err = load_json(path)
        if err:
            if group == "samples" and "docs_example" in name:
                rep.line(group, name, "skipped:", f"{err}; a copy of the docs example with '...' placeholders")
            else:
                rep.line(group, name, "FAIL", err)
            continue
        try:
            schema, label = schema_for_file(chk, name)
        except KeyError as exc:
            rep.line(group, name, "FAIL", str(exc))
            continue
        if group == "samples" and name in KNOWN_EDITED:
            check_known_edited(chk, rep, name, doc, schema, label)
            continue
        errors = chk.errors(doc, schema)
        if errors:
            extra = [line for e in errors[:8] for line in describe(e)]
            if len(errors) > 8:
                extra.append(f"    … and {len(errors) - 8} more errors")
            rep.line(group, name, "FAIL", f"against {label}: {len(errors)} error(s)", extra)
        else:
            rep.line(group, name, "ok", f"against {label}")


def check_invalid_dir(chk: Checker, rep: Report):
    files = sorted(p for p in INVALID.iterdir() if p.suffix == ".json") if INVALID.is_dir() else []
    if not files:
        rep.line("invalid", str(INVALID), "FAIL", "no invalid fixtures found")
        return
    for name in INVALID_EXPECTATIONS:
        if not (INVALID / name).exists():
            rep.line("invalid", name, "FAIL", "listed in INVALID_EXPECTATIONS but the file is missing")
    for path in files:
        name = path.name
        doc, err = load_json(path)
        if err:
            rep.line("invalid", name, "FAIL", f"{err} (invalid fixtures must be valid JSON that breaks the schema)")
            continue
        schema, label = schema_for_file(chk, name)
        errors = chk.errors(doc, schema)
        expected = INVALID_EXPECTATIONS.get(name)
        if not errors:
            rep.line("invalid", name, "FAIL", f"validated against {label} but MUST fail")
            continue
        paths = all_paths(errors)
        where = "; ".join(f"{e.json_path}: {_message(e)}" for e in errors[:3])
        if expected and not any(path_under(p, expected) for p in paths):
            rep.line("invalid", name, "FAIL", f"failed, but not at {expected}",
                     [line for e in errors for line in describe(e)])
            continue
        rep.line("invalid", name, "expected-failure ok", f"against {label}; rejected at {where}")


def check_sample_copies(rep: Report):
    if not SHARED_SAMPLES.is_dir():
        print(f"[copies] {SHARED_SAMPLES} not present; byte-identity of samples not re-checked")
        return
    src = {p.name for p in SHARED_SAMPLES.iterdir() if p.is_file()}
    dst = {p.name for p in SAMPLES.iterdir() if p.is_file()} if SAMPLES.is_dir() else set()
    bad = [n for n in sorted(src & dst) if (SHARED_SAMPLES / n).read_bytes() != (SAMPLES / n).read_bytes()]
    missing, extra = sorted(src - dst), sorted(dst - src)
    if bad or missing or extra:
        rep.line("copies", "samples", "FAIL",
                 f"not byte-identical to {SHARED_SAMPLES}: differing={bad} missing={missing} extra={extra}")
    else:
        rep.line("copies", "samples", "ok", f"{len(src)} files byte-identical to {SHARED_SAMPLES}")


def check_mock(chk: Checker, rep: Report) -> None:
    """Validates rasp-mock's answers to mock_requests' plan; prints how many were validated per endpoint."""
    counts: dict[str, int] = {}
    with mock_requests.MockProcess() as mock:
        for answer in mock_requests.ask_everything(mock.url):
            name = f"{answer.endpoint} {answer.label}"
            if answer.status != answer.expected:
                rep.line("mock", name, "FAIL",
                         f"status {answer.status}, expected {answer.expected}: {answer.body[:200]!r}")
                continue
            status = str(answer.status)
            responses = chk.spec["paths"][ENDPOINTS[answer.endpoint][0]]["get"]["responses"]
            schema, media_type = chk.response_schema(answer.endpoint, status if status in responses else "default")
            if answer.content_type.split(";")[0].strip() != media_type:
                rep.line("mock", name, "FAIL", f"Content-Type {answer.content_type!r}, the spec says {media_type}")
                continue
            try:
                doc = answer.json()
            except ValueError as exc:
                rep.line("mock", name, "FAIL", f"body is not JSON: {exc}")
                continue
            errors = chk.errors(doc, schema)
            if errors:
                rep.line("mock", name, "FAIL", f"{status}: {len(errors)} error(s)",
                         [line for e in errors[:8] for line in describe(e)])
                continue
            counts[answer.endpoint] = counts.get(answer.endpoint, 0) + 1
            rep.counts["ok"] += 1
    missing = [e for e in ENDPOINTS if e not in counts]
    if missing:
        rep.line("mock", "coverage", "FAIL", f"no valid answer from {missing}")
    summary = ", ".join(f"{endpoint} {counts.get(endpoint, 0)}" for endpoint in ENDPOINTS)
    print(f"[mock] rasp-mock answers validated per endpoint: {summary}")


def main() -> int:
    spec = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    rep = Report()
    errors = list(OpenAPIV31SpecValidator(spec).iter_errors())
    if errors:
        print(f"[spec] openapi.yaml: FAIL not a valid OpenAPI 3.1 document:")
        for error in errors[:8]:
            print(f"    {error}")
        return 1
    chk = Checker(spec)
    problems = check_spec_structure(spec, chk)
    if problems:
        rep.line("spec", "openapi.yaml", "FAIL", "structure", [f"    {p}" for p in problems])
    else:
        rep.line("spec", "openapi.yaml", "ok",
                 "valid OpenAPI 3.1.0, schemas valid JSON Schema 2020-12; 8 GET paths, operationIds, "
                 "2 security alternatives, servers in order")

    check_sample_copies(rep)
    check_valid_dir(chk, rep, "samples", SAMPLES)
    check_valid_dir(chk, rep, "edge", EDGE)
    check_invalid_dir(chk, rep)
    if "--no-mock" not in sys.argv[1:]:
        check_mock(chk, rep)

    c = rep.counts
    print()
    print(f"Summary: {c['ok']} ok, {c['skipped']} skipped, {c['expected-failure ok']} expected failures ok, "
          f"{c['FAIL']} problem(s)")
    if rep.failures:
        print("FAILED: " + ", ".join(rep.failures))
        return 1
    print("All checks passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
