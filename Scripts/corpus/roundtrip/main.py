#!/usr/bin/env python3
"""The value round-trip harness (issue #34): does every valid value survive decode → encode through the generated
Swift types?

For each document: generate the client with `rasp-generate --report`, build a harness executable that links it, take
JSON instances of every named schema that an operation's request or response body reaches (the document's own
examples where they validate, plus seeded random instances kept only when a strict validator accepts them), decode
and re-encode each one in Swift, and compare. Each instance is decoded both ways: with `JSONCoding.decode` (the
types' `init(reading:)`, the new path, which the lossy, failed and encoded-invalid figures describe) and with
`JSONCoding.decoder` (`JSONDecoder` and `init(from:)`, the old path); an instance where the two disagree is a
disagreement, and counts as a failure.

With `--bench` the harness is built in release, and after its round trip each document's instances that both paths
decode are timed as one mix, in the harness: `JSONDecoder`, `JSONCoding.decode` and `JSONCoding.validate` (the
floor), interleaved run by run; the figures are medians.

Run it through `Scripts/corpus/roundtrip.sh`, which builds rasp-generate first; see the README section "Value round
trip".
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from compare import Comparer  # noqa: E402
from documents import Document, DocumentError, Loc  # noqa: E402
from harness_swift import MAIN, executable_name, module_name, package_source, registry_source  # noqa: E402
from instances import InstanceGenerator, Skip  # noqa: E402
from validation import Validation  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
WORK = os.path.join(ROOT, ".build-roundtrip")
KINDS = ("lossy", "failed", "encoded_invalid", "disagree")
NOTES = [
    "covers the named schemas (components, other files' schemas) that JSON request and response bodies reach; "
    "inline body types are one-way (Encodable or Decodable only) and are not round-tripped",
    "instances: the document's examples that validate, plus seeded random ones that a strict validator accepts; "
    "response direction for schemas a response reaches (writeOnly left out), request direction otherwise "
    "(readOnly left out)",
    "comparison: key order ignored, numbers by value, strings exactly (date-times too); where a schema has no "
    "additionalProperties at all, only its declared keys are compared (others may be dropped by design); a base "
    "schema's discriminator subtype counts as declared",
    "lossless = decoded, equal and valid when encoded; lossy and encoded-invalid may overlap; failed = a valid "
    "instance that does not decode; all three through JSONCoding.decode (init(reading:))",
    "disagree = JSONDecoder (init(from:)) and JSONCoding.decode disagree: one fails, both fail with another error "
    "kind or coding path, or both decode but encode to different bytes",
]


def spec_name(spec):
    """The document's short name, as Scripts/corpus/build-real-specs.sh makes it."""
    name = re.sub(r"[^A-Za-z0-9]+", "_", re.sub(r"\.(ya?ml|json)$", "", os.path.basename(spec)))
    if name == "openapi" and os.path.dirname(os.path.abspath(spec)) != ROOT:
        name = re.sub(r"[^A-Za-z0-9]+", "_", os.path.basename(os.path.dirname(os.path.abspath(spec)))) + "_openapi"
    return name


def default_specs():
    shared = os.path.normpath(os.path.join(ROOT, "..", "shared", "specs"))
    specs = []
    for pattern in ("*.yaml", "*.yml", "*.json"):
        specs += sorted(glob.glob(os.path.join(shared, pattern)))
    specs += [os.path.join(ROOT, "openapi.yaml"), os.path.join(ROOT, "Tests/Fixtures/edge-cases-spec/openapi.yaml")]
    entry = re.compile(r'^(openapi:|\{?"openapi")')
    for folder in sorted(glob.glob(os.path.join(shared, "*/"))):
        candidates = sorted(glob.glob(folder + "*.yaml") + glob.glob(folder + "*.yml") + glob.glob(folder + "*.json"))
        for candidate in candidates:
            with open(candidate, encoding="utf-8", errors="replace") as handle:
                if any(entry.match(line) for line in handle):
                    specs.append(candidate)
                    break
    return specs


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


class Run:
    """One document's round trip."""

    def __init__(self, spec, args):
        self.spec = os.path.abspath(spec)
        self.args = args
        self.name = spec_name(spec)
        self.work = args.work
        self.folder = os.path.join(self.work, self.name)
        # Release builds for timing, debug ones (quicker to build) otherwise.
        self.configuration = "release" if args.bench else "debug"
        self.figures = {"reachable": 0, "schemas": 0, "instances": 0, "lossless": 0, "lossy": 0, "failed": 0,
                        "encoded_invalid": 0, "disagree": 0, "examples_valid": 0, "examples_invalid": 0,
                        "crashed": 0, "null_instances": 0}
        self.bench = None
        self.first = {}
        self.problem = None
        self.uncovered = []
        self.note = None

    # MARK: Generating the client and the harness

    def generate(self, generator, access="public"):
        """Generates the client (with `access` as its access modifier; `internal` ones are imported `@testable`) and
        the harness sources."""
        self.access = access
        os.makedirs(self.folder, exist_ok=True)
        api = os.path.join(self.folder, "Sources", "API")
        harness = os.path.join(self.folder, "Sources", "Harness")
        os.makedirs(api, exist_ok=True)
        os.makedirs(harness, exist_ok=True)
        report_path = os.path.join(self.folder, "report.json")
        command = [generator, self.spec, "--output", api, "--report", report_path, "--quiet"]
        if access != "public":
            config = os.path.join(self.folder, "rasp-generate.yaml")
            write_if_changed(config, f"accessModifier: {access}\n")
            command += ["--config", config]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if result.returncode != 0:
            self.problem = "generation failed: " + (result.stderr.strip().splitlines() or ["?"])[0]
            return False
        with open(report_path) as handle:
            self.report = json.load(handle)
        types = sorted({schema["swiftType"] for schema in self.report["schemas"]})
        # A schema that allows null at its top level is decoded as an optional of its type (its uses are optionals).
        nullable = {schema["swiftType"] for schema in self.report["schemas"] if schema.get("nullable")}
        write_if_changed(os.path.join(harness, "main.swift"), MAIN)
        write_if_changed(os.path.join(harness, "Registry.swift"),
                         registry_source(module_name(self.name), types, nullable, testable=access != "public"))
        return True

    def start_build(self):
        self.build_log = os.path.join(self.folder, "build.log")
        self.build_start = time.monotonic()
        handle = open(self.build_log, "w")
        self.build = subprocess.Popen(["swift", "build", "-c", self.configuration, "--package-path", self.work,
                                       "--product", executable_name(self.name)],
                                      stdout=handle, stderr=subprocess.STDOUT)

        def wait():
            self.build.wait()
            self.build_seconds = time.monotonic() - self.build_start
        self.build_waiter = threading.Thread(target=wait)
        self.build_waiter.start()

    def finish_build(self):
        self.build_waiter.join()
        if self.build.returncode != 0:
            with open(self.build_log, errors="replace") as handle:
                errors = sorted({line.strip() for line in handle if "error:" in line})
            self.problem = f"build failed ({len(errors)} distinct errors, log: {self.build_log})" + \
                (": " + errors[0][:300] if errors else "")
            return False
        return True

    # MARK: Instances

    def collect(self):
        """Finds the reachable schemas and their instances; writes instances.jsonl."""
        started = time.monotonic()
        document = self.document = Document(self.spec)
        self.validation = Validation(document)
        entries = []
        by_loc = {}
        for schema in self.report["schemas"]:
            if schema.get("pointer"):
                tokens = tuple(token.replace("~1", "/").replace("~0", "~")
                               for token in schema["pointer"].lstrip("#").split("/")[1:])
                loc = Loc(document.root, tokens)
            else:
                file = os.path.normpath(os.path.join(ROOT, schema["file"]))
                loc = document.loc_at_mark(file, schema["line"], schema["column"])
                if loc is None:
                    log(f"{self.name}: cannot find {schema['name']} at {schema['file']}:{schema['line']}")
                    continue
            entry = {"schema": schema, "loc": loc, "directions": [], "examples": []}
            entries.append(entry)
            by_loc.setdefault(loc, entry)
            by_loc.setdefault(document.sole_ref_target(loc), entry)
        self.entries = entries

        # Every schema that a body reaches, by direction (transitively through $refs and discriminator mappings).
        walked = {"request": set(), "response": set()}
        media_examples = []
        for direction, media_loc, schema_loc in document.bodies():
            def visit(target, direction=direction):
                for loc in (target, document.sole_ref_target(target)):
                    entry = by_loc.get(loc)
                    if entry is not None and direction not in entry["directions"]:
                        entry["directions"].append(direction)
                if target in walked[direction]:
                    return False
                walked[direction].add(target)
                return True
            visit(schema_loc)
            document.walk_refs(schema_loc, visit)
            values = document.media_examples(media_loc)
            if values:
                media_examples.append((direction, schema_loc, values))
        for direction, schema_loc, values in media_examples:
            node = document.node(schema_loc)
            entry = by_loc.get(document.sole_ref_target(schema_loc))
            if entry is not None:
                entry["examples"] += [(direction, value) for value in values]
            elif isinstance(node, dict) and node.get("type") == "array" and isinstance(node.get("items"), dict):
                entry = by_loc.get(document.sole_ref_target(schema_loc.child("items")))
                if entry is not None:
                    entry["examples"] += [(direction, item) for value in values if isinstance(value, list)
                                          for item in value]
        reachable = [entry for entry in entries if entry["directions"]]
        for entry in reachable:
            entry["directions"].sort(key=lambda direction: direction != "response")
            loc = entry["loc"]
            for own in {loc, document.sole_ref_target(loc)}:
                entry["examples"] += [(None, value) for value in document.example_values(own)]
        self.figures["reachable"] = len(reachable)

        records = []
        budget = self.args.time
        for position, entry in enumerate(reachable):
            remaining = budget - (time.monotonic() - started)
            share = max(remaining / max(len(reachable) - position, 1), 0.05)
            records += self.instances_of(entry, share)
        for index, record in enumerate(records):
            record["id"] = index
        self.records = records
        self.figures["schemas"] = len({record["schema"] for record in records})
        self.figures["instances"] = len(records)
        with open(os.path.join(self.folder, "uncovered.jsonl"), "w") as handle:
            for item in self.uncovered:
                handle.write(json.dumps(item, ensure_ascii=False) + "\n")
        with open(os.path.join(self.folder, "instances.jsonl"), "w") as handle:
            for record in records:
                handle.write(json.dumps({"id": record["id"], "type": record["type"],
                                         "instance": record["instance"]},
                                        separators=(",", ":"), ensure_ascii=False) + "\n")
        self.collect_seconds = time.monotonic() - started

    def instances_of(self, entry, seconds):
        schema, loc = entry["schema"], entry["loc"]
        records, seen = [], set()
        deadline = time.monotonic() + seconds

        def add(value, direction, source):
            key = json.dumps(value, sort_keys=True)
            if key in seen:
                return
            seen.add(key)
            records.append({"id": 0, "type": schema["swiftType"].strip("`"), "schema": schema["name"],
                            "loc": loc, "direction": direction, "source": source, "instance": value})

        tried = set()
        for direction, value in entry["examples"]:
            key = json.dumps(value, sort_keys=True)
            if key in tried:
                continue
            tried.add(key)
            directions = [direction] if direction else entry["directions"]
            valid = next((d for d in directions if self.validation.is_valid(value, loc, d)), None)
            if valid:
                self.figures["examples_valid"] += 1
                add(value, valid, "example")
            else:
                self.figures["examples_invalid"] += 1
        seed = zlib.crc32(f"{self.args.seed}/{self.name}/{schema['name']}".encode())
        generators = {direction: InstanceGenerator(self.document, seed + index, direction,
                                                   examples_of=self.document.example_values)
                      for index, direction in enumerate(entry["directions"])}
        # First a null instance per direction (every nullable place `null`), then random ones (none with --count 0:
        # examples only).
        for index, direction in enumerate(entry["directions"] if self.args.count > 0 else []):
            nulls = InstanceGenerator(self.document, seed ^ 0x5EED + index, direction,
                                      examples_of=self.document.example_values)
            nulls.nulls = True
            try:
                value = nulls.generate([loc])
            except (Skip, RecursionError):
                continue
            if self.validation.is_valid(value, loc, direction):
                self.figures["null_instances"] += 1
                add(value, direction, "nulls")
        attempts = 0
        last = None
        while len(records) < self.args.count and attempts < self.args.count * 4 and time.monotonic() < deadline:
            direction = entry["directions"][attempts % len(entry["directions"])]
            attempts += 1
            generators[direction].rich = attempts > self.args.count and len(records) < attempts // 4
            try:
                value = generators[direction].generate([loc])
            except (Skip, RecursionError) as error:
                last = (direction, None, f"generator: {error}")
                continue
            if self.validation.is_valid(value, loc, direction):
                add(value, direction, "generated")
            else:
                last = (direction, value, None)
        if not records:
            direction, value, reason = last or (entry["directions"][0], None, "no time left")
            if reason is None:
                reason = self.validation.describe(value, loc, direction)
            self.uncovered.append({"schema": schema["name"], "type": schema["swiftType"], "direction": direction,
                                   "reason": reason, "lastCandidate": value})
        return records

    # MARK: Running and comparing

    def binary(self):
        return os.path.join(self.work, ".build", self.configuration, executable_name(self.name))

    def run_harness(self):
        """Runs the harness over instances.jsonl; an instance that crashes it is recorded and the run resumes after
        it."""
        binary = self.binary()
        results = {}
        pending = self.records
        while pending:
            lines = "".join(json.dumps({"id": record["id"], "type": record["type"], "instance": record["instance"]},
                                       separators=(",", ":"), ensure_ascii=False) + "\n" for record in pending)
            process = subprocess.run([binary], input=lines.encode(), capture_output=True)
            for line in process.stdout.decode(errors="replace").splitlines():
                try:
                    result = json.loads(line)
                except json.JSONDecodeError:
                    continue
                results[result["id"]] = result
            if process.returncode == 0:
                break
            # A crash: the first instance without a result is the culprit.
            culprit = next((record for record in pending if record["id"] not in results), None)
            if culprit is None:
                break
            results[culprit["id"]] = {"id": culprit["id"], "ok": False, "kind": "crash",
                                      "codingPath": "$", "error": process.stderr.decode(errors="replace")[-300:]}
            pending = [record for record in pending if record["id"] not in results]
        self.results = results

    def evaluate(self):
        comparers = {}
        failures_path = os.path.join(self.folder, "failures.jsonl")
        with open(failures_path, "w") as failures:
            for record in self.records:
                result = self.results.get(record["id"])
                direction = record["direction"]
                base = {"id": record["id"], "schema": record["schema"], "type": record["type"],
                        "direction": direction, "source": record["source"]}
                if result is not None and "old" in result:
                    self.disagreement(failures, base, record, result)
                if result is None or not result.get("ok"):
                    kind = "crashed" if result and result.get("kind") == "crash" else "failed"
                    self.figures["failed"] += 1
                    if kind == "crashed":
                        self.figures["crashed"] += 1
                    error = result or {"kind": "missing", "codingPath": "$", "error": "no result"}
                    hints = self.decode_hints(record, error)
                    entry = dict(base, **{"class": "failed", "path": error.get("codingPath", "$"),
                                          "errorKind": error.get("kind"), "error": error.get("error"),
                                          "hints": hints, "instance": record["instance"]})
                    failures.write(json.dumps(entry, ensure_ascii=False) + "\n")
                    self.first.setdefault("failed", entry)
                    continue
                output = result["output"]
                comparer = comparers.get(direction)
                if comparer is None:
                    comparer = comparers[direction] = Comparer(self.document, self.validation, direction)
                differences = comparer.compare(record["instance"], output, [record["loc"]])
                invalid = self.validation.describe(output, record["loc"], direction)
                if differences:
                    self.figures["lossy"] += 1
                    entry = dict(base, **{"class": "lossy", "path": differences[0].path,
                                          "reason": differences[0].reason, "hints": differences[0].json()["hints"],
                                          "differences": [difference.json() for difference in differences],
                                          "instance": record["instance"], "output": output})
                    failures.write(json.dumps(entry, ensure_ascii=False) + "\n")
                    self.first.setdefault("lossy", entry)
                if invalid:
                    self.figures["encoded_invalid"] += 1
                    entry = dict(base, **{"class": "encoded_invalid", "path": invalid.split(":")[0],
                                          "error": invalid, "hints": self.invalid_hints(invalid),
                                          "instance": record["instance"], "output": output})
                    failures.write(json.dumps(entry, ensure_ascii=False) + "\n")
                    self.first.setdefault("encoded_invalid", entry)
                if not differences and not invalid:
                    self.figures["lossless"] += 1

    def disagreement(self, failures, base, record, result):
        """Records an instance that the two decoding paths do not agree on (the harness gives the old path's result
        only then)."""
        self.figures["disagree"] += 1
        new = {key: value for key, value in result.items() if key != "id" and key != "old"}
        old = result["old"]
        if new.get("ok") and old.get("ok"):
            path, what = "$", "both decode, encoded differently"
        else:
            failed = new if not new.get("ok") else old
            path = failed.get("codingPath", "$")
            what = "JSONCoding.decode fails" if not new.get("ok") else "JSONDecoder fails"
            if not new.get("ok") and not old.get("ok"):
                what = "both fail, differently"
        entry = dict(base, **{"class": "disagree", "path": path, "reason": what, "new": new, "old": old,
                              "instance": record["instance"]})
        failures.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self.first.setdefault("disagree", entry)

    def run_bench(self):
        """Times decoding this document's instances that both paths decode, as one mix (`--bench`)."""
        ids = {identifier for identifier, result in self.results.items()
               if result.get("ok") and result.get("old", {"ok": True}).get("ok")}
        mix = [record for record in self.records if record["id"] in ids]
        if not mix:
            # Nothing to time is no failure of the bench's own (the round trip reports why there is nothing).
            self.bench = {"problem": "not timed: no instance decodes both ways", "skipped": True}
            return
        path = os.path.join(self.folder, "bench.jsonl")
        with open(path, "w") as handle:
            for record in mix:
                handle.write(json.dumps({"id": record["id"], "type": record["type"], "instance": record["instance"]},
                                        separators=(",", ":"), ensure_ascii=False) + "\n")
        process = subprocess.run([self.binary(), "--bench", str(self.args.bench_runs), str(self.args.bench_time),
                                  path], capture_output=True, text=True)
        try:
            self.bench = json.loads(process.stdout.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            self.bench = {"problem": f"the bench failed (status {process.returncode}): "
                                     f"{process.stderr.strip()[-300:]}"}

    def bench_figures(self):
        """The bench's figures: throughput of each way (MB/s, from the medians), the reader's speedup over
        JSONDecoder and its time over the floor's."""
        bench = self.bench
        if not bench or "problem" in bench:
            return None
        megabytes = bench["bytes"] / 1e6
        return {"bytes": bench["bytes"], "instances": bench["instances"],
                "readable_bytes": bench["readableBytes"],
                "jsondecoder": megabytes / max(bench["jsondecoder"], 1e-12),
                "reader": megabytes / max(bench["reader"], 1e-12),
                "floor": megabytes / max(bench["floor"], 1e-12),
                "speedup": bench["jsondecoder"] / max(bench["reader"], 1e-12),
                "floor_ratio": bench["reader"] / max(bench["floor"], 1e-12),
                "runs": bench["runs"], "passes": bench["passes"]}

    def decode_hints(self, record, error):
        """Likely causes of a decoding failure, read from the error and the instance."""
        hints = set()
        kind, message = error.get("kind"), error.get("error") or ""
        if kind == "valueNotFound":
            hints.add("null")
        if kind == "keyNotFound":
            hints.add("missing key")
            key = error.get("codingPath", "").rsplit(".", 1)[-1]
            if self.flagged(record["loc"], key):
                hints.add("readOnly/writeOnly")
        if "date" in message.lower() or "ISO-8601" in message:
            hints.add("date-time")
        if kind == "typeMismatch":
            hints.add("type")
        if "Number" in message and ("fit" in message or "not representable" in message or "precision" in message):
            hints.add("big number")
        if kind == "dataCorrupted" and ("oneOf" in message or "variant" in message or "matches" in message):
            hints.add("union")
        if beyond_64_bits(record["instance"]):
            hints.add("big number")
        return sorted(hints)

    @staticmethod
    def invalid_hints(message):
        """Likely causes of an encoded value that its schema rejects, read from the validator's message."""
        hints = set()
        if "is a required property" in message:
            hints.add("required omitted")
        if "None" in message:
            hints.add("null")
        if "is not valid under any of the given schemas" in message or "is valid under each of" in message:
            hints.add("union")
        if "Tried to" in message:
            hints.add("readOnly/writeOnly")
        if "is not a" in message and "date" in message:
            hints.add("date-time")
        return sorted(hints)

    def flagged(self, loc, key):
        """Whether a property named `key` is readOnly or writeOnly anywhere in the document's schemas that the
        instance's schema reaches (cheap approximation: searched by name)."""
        found = [False]

        def visit(target):
            node = self.document.node(target)
            if isinstance(node, dict):
                prop = (node.get("properties") or {}).get(key) if isinstance(node.get("properties"), dict) else None
                if isinstance(prop, dict) and (prop.get("readOnly") or prop.get("writeOnly")):
                    found[0] = True
            return not found[0]
        visit(loc)
        self.document.walk_refs(loc, visit)
        return found[0]

    # MARK: Output

    def lines(self):
        figures = self.figures
        units = {"reachable": "schemas", "schemas": "schemas", "examples_valid": "examples",
                 "examples_invalid": "examples", "null_instances": "instances"}
        out = []
        for key in ("reachable", "schemas", "instances", "lossless", "lossy", "failed", "encoded_invalid", "disagree",
                    "crashed", "examples_valid", "examples_invalid", "null_instances"):
            out.append(f"roundtrip.{self.name}.{key}: {figures[key]} {units.get(key, 'instances')}")
        bench = self.bench_figures()
        if bench:
            prefix = f"roundtrip.{self.name}.codec"
            out += [f"{prefix}_bytes: {bench['bytes']} bytes",
                    f"{prefix}_instances: {bench['instances']} instances",
                    f"{prefix}_readable_bytes: {bench['readable_bytes']} bytes",
                    f"{prefix}_jsondecoder: {bench['jsondecoder']:.1f} MB/s",
                    f"{prefix}_reader: {bench['reader']:.1f} MB/s",
                    f"{prefix}_floor: {bench['floor']:.1f} MB/s",
                    f"{prefix}_speedup: {bench['speedup']:.2f} x",
                    f"{prefix}_floor_ratio: {bench['floor_ratio']:.2f} x"]
        elif self.bench:
            out.append(f"roundtrip.{self.name}.codec: {self.bench['problem']}")
        return out


def beyond_64_bits(value):
    """Whether a value holds an integer beyond Int64 (vendors' examples sometimes do)."""
    if isinstance(value, dict):
        return any(beyond_64_bits(item) for item in value.values())
    if isinstance(value, list):
        return any(beyond_64_bits(item) for item in value)
    return isinstance(value, int) and not isinstance(value, bool) and not -2**63 <= value < 2**63


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as handle:
            if handle.read() == text:
                return
    with open(path, "w") as handle:
        handle.write(text)


def outcome(result):
    """A harness result in a few words: the error, or the encoded value's start."""
    if result.get("ok"):
        return "ok " + json.dumps(result.get("output"), ensure_ascii=False)[:60]
    return f"{result.get('kind')} at {result.get('codingPath')}: {(result.get('error') or '')[:100]}"


def first_line(kind, entry):
    where = entry.get("path", "$")
    if kind == "failed":
        what = f"{entry.get('errorKind')}: {entry.get('error', '')[:140]}"
    elif kind == "lossy":
        difference = entry["differences"][0]
        what = f"{difference['reason']}: {difference['expected']} → {difference['actual']}"
    elif kind == "disagree":
        what = f"{entry['reason']}; JSONCoding.decode: {outcome(entry['new'])}; JSONDecoder: {outcome(entry['old'])}"
    else:
        what = entry.get("error", "")[:160]
    hints = f" [{', '.join(entry.get('hints', []))}]" if entry.get("hints") else ""
    return f"    first {kind}: {entry['schema']} ({entry['direction']}, {entry['source']}) at {where}{hints}: {what}"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", help="documents (default: ../shared/specs, openapi.yaml, edge cases)")
    parser.add_argument("--generator", default=os.path.join(ROOT, ".build", "release", "rasp-generate"))
    parser.add_argument("--count", type=int, default=20, help="instances per schema at most (default 20)")
    parser.add_argument("--time", type=float, default=180, help="seconds per document for instances (default 180)")
    parser.add_argument("--seed", type=int, default=34, help="random seed (default 34)")
    parser.add_argument("--report-only", action="store_true", help="exit 0 even when values are lost")
    parser.add_argument("--bench", action="store_true",
                        help="build in release and time decoding each document's instances (JSONDecoder, "
                             "JSONCoding.decode, JSONCoding.validate)")
    parser.add_argument("--bench-runs", type=int, default=30, help="timed runs of each decoder (default 30)")
    parser.add_argument("--bench-time", type=float, default=60,
                        help="seconds per document after which the bench stops once it has 5 runs (default 60)")
    parser.add_argument("--work", default=WORK, help=f"the folder for clients, builds and results (default {WORK})")
    args = parser.parse_args(argv)
    specs = args.specs or default_specs()
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    for note in NOTES:
        print(f"note: {note}")

    runs = [Run(spec, args) for spec in specs]
    names = [run.name for run in runs]
    if len(set(names)) != len(names):
        sys.exit(f"roundtrip: two documents have the same name: {names}")
    built = []
    for run in runs:
        if run.generate(args.generator):
            built.append(run)
        else:
            log(f"{run.name}: {run.problem}")
    write_if_changed(os.path.join(args.work, "Package.swift"), package_source(ROOT, [run.name for run in built]))

    for run in built:
        log(f"{run.name}: building the harness while collecting instances…")
        run.start_build()
        try:
            run.collect()
        except (DocumentError, OSError) as error:
            run.problem = f"cannot read the document: {error}"
            run.build_waiter.join()
            continue
        if not run.finish_build():
            # A public client that does not compile (issue #34 item 7) is still worth round-tripping: the same
            # types, generated internal and imported @testable.
            log(f"{run.name}: {run.problem}; trying again with an internal client")
            public_problem = run.problem
            run.problem = None
            if not run.generate(args.generator, access="internal"):
                continue
            run.start_build()
            if not run.finish_build():
                run.problem = public_problem + "; internal: " + run.problem
                log(f"{run.name}: {run.problem}")
                continue
            run.note = "public client does not compile; round-tripped generated internal"
        run.run_harness()
        run.evaluate()
        log(f"{run.name}: {run.figures['instances']} instances, build {run.build_seconds:.0f} s, "
            f"instances {run.collect_seconds:.0f} s")
        if args.bench:
            log(f"{run.name}: timing the decoders…")
            run.run_bench()
        for line in run.lines():
            print(line, flush=True)

    print()
    header = f"{'document':<32} {'schemas':>9} {'instances':>9} {'lossless':>8} {'lossy':>6} {'failed':>6} " \
             f"{'enc-inv':>7} {'differ':>6}"
    print(header)
    print("-" * len(header))
    totals = {key: 0 for key in ("reachable", "schemas", "instances", "lossless", "lossy", "failed",
                                 "encoded_invalid", "disagree")}

    def row(name, figures):
        return f"{name:<32} {figures['schemas']:>4}/{figures['reachable']:<4} {figures['instances']:>9} " \
               f"{figures['lossless']:>8} {figures['lossy']:>6} {figures['failed']:>6} " \
               f"{figures['encoded_invalid']:>7} {figures['disagree']:>6}"
    bad = False
    for run in runs:
        if run.problem:
            print(f"{run.name:<32} {run.problem}")
            bad = True
            continue
        figures = run.figures
        for key in totals:
            totals[key] += figures[key]
        print(row(run.name, figures))
        if run.note:
            print(f"    note: {run.note}")
        for kind in KINDS:
            if kind in run.first:
                print(first_line(kind, run.first[kind]))
        if any(figures[kind] for kind in KINDS):
            bad = True
    print("-" * len(header))
    print(row("total", totals))
    for key, value in totals.items():
        print(f"roundtrip.total.{key}: {value} {'schemas' if key in ('reachable', 'schemas') else 'instances'}")
    if args.bench:
        print()
        header = f"{'decoding, MB/s':<32} {'bytes':>10} {'JSONDecoder':>11} {'reader':>8} {'floor':>8} " \
                 f"{'speedup':>7} {'floor x':>7}"
        print(header)
        print("-" * len(header))
        for run in runs:
            if run.problem:
                continue
            bench = run.bench_figures()
            if bench is None:
                print(f"{run.name:<32} {(run.bench or {}).get('problem', 'not timed')}")
                bad = bad or not (run.bench or {}).get("skipped")
                continue
            print(f"{run.name:<32} {bench['bytes']:>10} {bench['jsondecoder']:>11.1f} {bench['reader']:>8.1f} "
                  f"{bench['floor']:>8.1f} {bench['speedup']:>7.2f} {bench['floor_ratio']:>7.2f}")
        print("(medians of interleaved runs; speedup = JSONDecoder time / reader time, floor x = reader time / "
              "validate time)")
    print(f"failures: {args.work}/<document>/failures.jsonl")
    return 1 if bad and not args.report_only else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
