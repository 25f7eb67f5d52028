#!/usr/bin/env python3
"""schemathesis against `rasp-mock --spec DOC` for every real document in ../shared/specs (and the given ones).

Run from the repository root:  python3 Scripts/corpus/schemathesis-specs.py [--max-examples N] [--max-time S] [DOC...]

For each document a spec-driven mock is started on loopback (`rasp-mock --spec DOC --port 0`: each operation answers
with its example or a value made from its response schema) and schemathesis sends it spec-valid requests (positive
mode) with the checks that concern a server answering valid requests: no 5xx, a documented status, a documented
content type, documented headers, a body valid under the response schema, and valid requests accepted. Negative mode
is not run: the spec-driven mock does not validate request bodies, it only requires the required parameters and
bodies (a generated server validates them by decoding, see Tests/RaspServerTests).

Prints `<doc>.operations`, `.cases`, `.checks`, `.failed_checks` lines per document and the failing checks' names;
exits 1 if any check failed or a document could not be served.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKS = ",".join([
    "not_a_server_error", "status_code_conformance", "content_type_conformance", "response_headers_conformance",
    "response_schema_conformance", "positive_data_acceptance",
])


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


def serve(mock: str, spec: Path) -> tuple[subprocess.Popen, str]:
    """Starts the spec-driven mock and returns it with its base URL (read from its ready line)."""
    process = subprocess.Popen([mock, "--spec", str(spec), "--port", "0"], stdout=subprocess.PIPE, text=True)
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
        try:
            process, url = serve(args.mock, spec)
        except RuntimeError as error:
            print(f"{name}: {error}")
            failed = True
            continue
        try:
            with tempfile.TemporaryDirectory() as scratch:
                # The event stream of each document is kept under .build-schemathesis/ to read the failures.
                report = ROOT / ".build-schemathesis" / f"{name}.ndjson"
                report.parent.mkdir(exist_ok=True)
                report.unlink(missing_ok=True)
                command = [
                    "schemathesis", "run", str(spec), "--url", url, "--checks", CHECKS, "--mode", "positive",
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
