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

Prints `<doc>.operations`, `.cases`, `.checks`, `.failed_checks` lines per document and the failing checks' names,
and `.document_gaps`: refusals of schema-violating requests (or requests without the credential) answered with a
status the operation does not document because it documents no client error at all (`document_gap`), which
schemathesis reports as undocumented statuses; they are the document's gaps, not the mock's failures. Exits 1 if any
other check failed or a document could not be served.
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


# What the mock answers a refusal with when the operation documents it (RequestCheck.answer in RaspSpecMock): 401 or
# 403 (or a 4XX range) for a request without its credential; for a missing or invalid parameter or body, 400, 422,
# another status that says the request is wrong, a 4XX range or `default`.
CREDENTIAL_REFUSALS = {"401", "403", "4XX"}
REQUEST_REFUSALS = {"400", "405", "406", "409", "412", "413", "414", "415", "422", "428", "431", "4XX", "default"}


def document_gap(check: str, status: int | None, mode: str | None, documented: str) -> bool:
    """Whether a failure is the document's, not the mock's: the mock refused a schema-violating request (or one
    without its credential) with a status the operation does not document, because it documents no status that
    says so. schemathesis reports the refusal as an undocumented status; the real service answers it all the same."""
    if check != "status_code_conformance" or mode != "negative" or status not in (400, 401, 415):
        return False
    codes = {code.strip().upper() if code.strip() != "default" else "default" for code in documented.split(",")}
    return not codes & (CREDENTIAL_REFUSALS if status == 401 else REQUEST_REFUSALS)


def gap(result: dict, case_id: str, recorder: dict) -> bool:
    """Whether a failed check of a case is a document gap (``document_gap``)."""
    failure = result.get("failure_info") or {}
    detail = (failure.get("failure") or {}) if isinstance(failure, dict) else {}
    message = str(detail.get("message", ""))
    response = ((recorder.get("interactions") or {}).get(case_id) or {}).get("response") or {}
    case = ((recorder.get("cases") or {}).get(case_id) or {}).get("value") or {}
    mode = ((case.get("meta") or {}).get("generation") or {}).get("mode")
    documented = message.split("Documented:", 1)[1] if "Documented:" in message else ""
    return document_gap(result.get("name", ""), response.get("status_code"), mode, documented)


def summarize(report: Path) -> tuple[int, int, int, Counter, dict[str, str], Counter]:
    """(operations, cases, checks, failures by check name, the first failure of each check, document gaps by
    status) from schemathesis' NDJSON event stream."""
    operations, cases, checks, failures, first, gaps = set(), 0, 0, Counter(), {}, Counter()
    for line in report.read_text(encoding="utf-8").splitlines():
        for kind, payload in json.loads(line).items():
            if kind != "ScenarioFinished":
                continue
            recorder = payload.get("recorder") or {}
            label = payload.get("label") or recorder.get("label")
            if label:
                operations.add(label)
            cases += len(recorder.get("cases", {}))
            interactions = recorder.get("interactions") or {}
            # A case whose refusal is a document gap: its other complaints about that answer (its media type, for
            # a status the document has no response for) are the same gap.
            gap_cases = set()
            for name, results in (recorder.get("checks") or {}).items():
                for result in results:
                    if result.get("status") == "failure" and gap(result, name, recorder):
                        gap_cases.add(name)
            for name, results in (recorder.get("checks") or {}).items():
                checks += len(results)
                for result in results:
                    if result.get("status") == "failure":
                        check = result.get("name") or name
                        failure = result.get("failure_info") or {}
                        detail = (failure.get("failure") or {}) if isinstance(failure, dict) else {}
                        message = str(detail.get("message", ""))
                        if name in gap_cases and check in ("status_code_conformance", "content_type_conformance"):
                            status = ((interactions.get(name) or {}).get("response") or {}).get("status_code")
                            gaps[status] += check == "status_code_conformance"
                            continue
                        failures[check] += 1
                        first.setdefault(check, f"{label}: {detail.get('title', '')} {message}"
                                         .replace("\n", " ")[:300])
    return len(operations), cases, checks, failures, first, gaps


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
                    operations, cases, checks, failures, first, gaps = summarize(report)
                else:
                    operations, cases, checks, failures, first, gaps = 0, 0, 0, Counter(), {}, Counter()
        finally:
            process.kill()
            process.wait()
        print(f"{name}.operations: {operations}")
        print(f"{name}.cases: {cases}")
        print(f"{name}.checks: {checks}")
        print(f"{name}.failed_checks: {sum(failures.values())}")
        # Reported apart: refusals the real service makes too, at statuses the document leaves out.
        print(f"{name}.document_gaps: {sum(gaps.values())}"
              + "".join(f" ({count} undocumented {status})" for status, count in sorted(gaps.items())))
        for check, count in failures.most_common():
            print(f"  {check}: {count} (first: {first.get(check, '')})")
        if failures or checks == 0:
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
