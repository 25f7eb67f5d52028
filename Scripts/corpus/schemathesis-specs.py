#!/usr/bin/env python3
"""schemathesis against `rasp-mock --spec DOC` for every real document in ../shared/specs (and the given ones).

Run from the repository root:  python3 Scripts/corpus/schemathesis-specs.py [--max-examples N] [--max-time S] [DOC...]

For each document a spec-driven mock is started on loopback (`rasp-mock --spec DOC --port 0`: each operation answers
with its example or a value made from its response schema) and schemathesis sends it spec-valid
and schema-violating requests (positive and negative mode) with every check but the stateful ones: no 5xx, documented
statuses, content types and headers, bodies valid under the response schema, valid requests accepted and invalid
ones refused, requests without a credential (or with another one) refused, unsupported methods answered 405 with a
correct Allow. The mock accepts one random credential (RASP_MOCK_KEY, --require-key), which a schemathesis.toml
gives to every security scheme of the document.

Prints `<doc>.operations`, `.cases`, `.checks`, `.failed_checks` lines per document and the failing checks' names;
exits 1 if any check failed or a document could not be served.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
# Every check but the stateful ones (which follow links between operations, and need a server that keeps state).
EXCLUDED_CHECKS = ",".join(["use_after_free", "ensure_resource_availability", "object_level_authorization"])


def corpus() -> list[Path]:
    """The corpus documents, as Scripts/corpus/corpus.sh lists them."""
    listing = subprocess.run(["bash", "-c", f'. "{ROOT}/Scripts/corpus/corpus.sh"; corpus_specs "{ROOT}"'],
                             capture_output=True, text=True, check=True).stdout.split()
    return [Path(path) for path in listing]


def summarize(report: Path) -> tuple[int, int, int, Counter, dict[str, str]]:
    """(operations, cases, checks, failures by check name, the first failure of each check) from schemathesis'
    NDJSON event stream."""
    operations, cases, checks, failures, first = set(), 0, 0, Counter(), {}
    for line in report.read_text(encoding="utf-8").splitlines():
        for kind, payload in json.loads(line).items():
            if kind != "ScenarioFinished":
                continue
            recorder = payload.get("recorder") or {}
            label = payload.get("label") or recorder.get("label")
            if label:
                operations.add(label)
            cases += len(recorder.get("cases", {}))
            for name, results in (recorder.get("checks") or {}).items():
                checks += len(results)
                for result in results:
                    if result.get("status") == "failure":
                        check = result.get("name") or name
                        failures[check] += 1
                        failure = result.get("failure_info") or {}
                        detail = (failure.get("failure") or {}) if isinstance(failure, dict) else {}
                        first.setdefault(check, f"{label}: {detail.get('title', '')} {detail.get('message', '')}"
                                         .replace("\n", " ")[:300])
    return len(operations), cases, checks, failures, first


def security_schemes(spec: Path) -> dict[str, dict]:
    """The document's security schemes by name (`components.securitySchemes`, or 2.0 `securityDefinitions`), as far as
    the root file declares them."""
    text = spec.read_text(encoding="utf-8")
    document = json.loads(text) if spec.suffix == ".json" else yaml.safe_load(text)
    schemes = (document.get("components") or {}).get("securitySchemes") or document.get("securityDefinitions") or {}
    return {name: scheme for name, scheme in schemes.items() if isinstance(scheme, dict) and "$ref" not in scheme}


def auth_config(spec: Path, credential: str) -> str:
    """A schemathesis.toml that gives every security scheme the credential the mock accepts (OpenAPI-aware auth), so
    that valid requests carry it and `ignored_auth` can check that requests without it are refused."""
    lines = []
    for name, scheme in security_schemes(spec).items():
        kind = scheme.get("type")
        if kind == "apiKey":
            values = {"api_key": credential}
        elif kind == "basic" or (kind == "http" and str(scheme.get("scheme", "")).lower() == "basic"):
            values = {"username": "mock", "password": credential}
        elif kind in ("http", "oauth2", "openIdConnect"):
            values = {"bearer": credential}
        else:
            continue
        lines.append(f"[auth.openapi.{json.dumps(name)}]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    return "\n".join(lines) + "\n"


def serve(mock: str, spec: Path, credential: str) -> tuple[subprocess.Popen, str]:
    """Starts the spec-driven mock, accepting `credential` on secured operations, and returns it with its base URL
    (read from its ready line)."""
    environment = dict(os.environ, RASP_MOCK_KEY=credential)
    process = subprocess.Popen([mock, "--spec", str(spec), "--port", "0", "--require-key"], stdout=subprocess.PIPE,
                               text=True, env=environment)
    line = process.stdout.readline() if process.stdout else ""
    if "listening on" not in line:
        process.kill()
        raise RuntimeError(f"rasp-mock did not start for {spec.name}: {line!r}")
    return process, line.split("listening on", 1)[1].strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=5, help="cases per operation")
    parser.add_argument("--max-time", type=int, default=120, help="time budget per document, in seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mock", default=str(ROOT / ".build/debug/rasp-mock"), help="the rasp-mock executable")
    parser.add_argument("docs", nargs="*", type=Path)
    args = parser.parse_args()

    failed = False
    for spec in [path.resolve() for path in args.docs or corpus()]:
        name = spec.stem
        if spec.stem == "openapi" and spec.parent != ROOT:
            name = f"{spec.parent.name}_openapi"
        credential = secrets.token_hex(16)
        try:
            process, url = serve(args.mock, spec, credential)
        except RuntimeError as error:
            print(f"{name}: {error}")
            failed = True
            continue
        try:
            with tempfile.TemporaryDirectory() as scratch:
                (Path(scratch) / "schemathesis.toml").write_text(auth_config(spec, credential), encoding="utf-8")
                # The event stream of each document is kept under .build-schemathesis/ to read the failures.
                report = ROOT / ".build-schemathesis" / f"{name}.ndjson"
                report.parent.mkdir(exist_ok=True)
                report.unlink(missing_ok=True)
                command = [
                    "schemathesis", "run", str(spec), "--url", url, "--checks", "all", "--exclude-checks",
                    EXCLUDED_CHECKS, "--mode", "all",
                    "--max-examples", str(args.max_examples), "--max-time", str(args.max_time), "--seed",
                    str(args.seed), "--workers", "2", "--report", "ndjson", "--report-ndjson-path", str(report),
                    "--no-color", "--phases", "examples,coverage,fuzzing",
                ]
                subprocess.run(command, cwd=scratch, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                if report.exists():
                    operations, cases, checks, failures, first = summarize(report)
                else:
                    operations, cases, checks, failures, first = 0, 0, 0, Counter(), {}
        finally:
            process.kill()
            process.wait()
        print(f"{name}.operations: {operations}")
        print(f"{name}.cases: {cases}")
        print(f"{name}.checks: {checks}")
        print(f"{name}.failed_checks: {sum(failures.values())}")
        for check, count in failures.most_common():
            print(f"  {check}: {count} (first: {first.get(check, '')})")
        if failures or checks == 0:
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
