#!/usr/bin/env python3
"""schemathesis (a third-party property-based API tester) against rasp-mock on loopback, driven by openapi.yaml.

Run from the repository root:  python3 Scripts/ci/run-schemathesis.py [--max-examples N] [--max-time S]

rasp-mock is started with --require-key (a fresh random key, sent in the Authorization header), so unauthenticated
requests get 401 as from the real API. Every check schemathesis has runs, in positive and negative mode, over every
operation; the run is bounded by --max-examples per operation and --max-time. The script prints the number of
operations, generated cases and checks, and fails on any failure or error.

What the config below tells schemathesis, and why (nothing else is excluded or relaxed):
  * Realistic values: codes, thread uids and carrier codes of the demo data (read from the mock itself) are offered
    through dictionaries for `from`/`to`/`station`/`uid`/`code` most of the time; the rest is generated, so
    unknown codes (404) are still tried.
  * `date` is a date inside the API's window (30 days back to 11 months ahead) in generated cases. The window moves
    with the calendar, so a schema cannot say it, and the real API answers 400 outside it; the coverage phase still
    sends boundary dates, so `search`, `schedule` and `thread` may answer 400 in the positive check (below).
    check-spec.py and the test suite cover the out-of-window 400 itself.
  * `result_timezone` is always a zone of the tz database: the real API answers 400 for any other, and no schema can
    hold the database.
  * `thread` and `search` may answer 400 to valid-looking data: a thread must pass through `from`/`to`, and a
    search's `from` must differ from `to` (the real API's rules; relations between parameters that a schema cannot
    state).
  * A request line or header over the server's limits is refused with 414/431 before its parameters are read; the
    negative-data check counts those as rejections.
  * `format` is always `json`. The real API also answers `format=xml`, in XML, which openapi.yaml deliberately does
    not describe (its responses are JSON only); the demo server serves JSON only and answers 400 for xml.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mock_requests  # noqa: E402  (a sibling module of this script)

ROOT = Path(__file__).resolve().parents[2]


def demo_values(base_url: str) -> dict[str, list]:
    """Codes, uids and carrier codes that exist in the demo data, read from the server."""
    directory = mock_requests.fetch(base_url, "stations_list", {}, "directory").json()
    settlements, stations = mock_requests._places(directory)
    day = (date.today() + timedelta(days=1)).isoformat()
    threads = []
    for a, b in zip(settlements[:6], settlements[1:7]):
        answer = mock_requests.fetch(base_url, "search", {"from": a["code"], "to": b["code"], "date": day}, "")
        if answer.status == 200:
            threads.extend(mock_requests._threads(answer.json()))
    carriers = sorted({str(t["carrier"]["code"]) for t in threads if t.get("carrier")})
    return {
        # Departure and arrival points from separate halves, so that `from == to` (a 400) stays rare.
        "origins": [p["code"] for p in settlements[0:10:2] + stations[0:10:2]],
        "destinations": [p["code"] for p in settlements[1:10:2] + stations[1:10:2]],
        "stations": [s["code"] for s in stations[:20]],
        "uids": sorted({t["uid"] for t in threads})[:20],
        "carriers": carriers[:10] or ["0"],
        "zones": ["Europe/Moscow", "Europe/Kaliningrad", "Asia/Yekaterinburg", "Asia/Vladivostok", "UTC"],
        "dates": [(date.today() + timedelta(days=n)).isoformat() for n in (-29, -1, 0, 1, 7, 60, 300)],
    }


def config(values: dict[str, list], max_examples: int) -> str:
    def strings(items: list) -> str:
        return "[" + ", ".join(json.dumps(str(item)) for item in items) + "]"

    dictionaries = "\n".join(f"{name} = {{ values = {strings(items)} }}" for name, items in values.items())
    return f"""
headers = {{ Authorization = "${{RASP_MOCK_KEY}}" }}

[generation]
max-examples = {max_examples}

[dictionaries]
{dictionaries}

[parameters]
"query.format" = "json"
"query.date" = {{ dictionary = "dates", probability = 1.0 }}
"query.result_timezone" = {{ dictionary = "zones", probability = 1.0 }}
"query.from" = {{ dictionary = "origins", probability = 0.8 }}
"query.to" = {{ dictionary = "destinations", probability = 0.8 }}
"query.station" = {{ dictionary = "stations", probability = 0.8 }}
"query.uid" = {{ dictionary = "uids", probability = 0.8 }}
"query.code" = {{ dictionary = "carriers", probability = 0.8 }}

# Rules no schema can state, so valid-looking data may be rejected with 400 as the real API does: a thread must
# pass through `from`/`to`; a search's `from` must differ from `to`; a `date` must lie in the window around today
# (the coverage phase sends boundary dates such as 2000-01-01 whatever the `date` dictionary says).
[[operations]]
include-name = "GET /v3.0/thread/"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404"]

[[operations]]
include-name = "GET /v3.0/search/"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404"]

[[operations]]
include-name = "GET /v3.0/schedule/"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404"]

# A request line or header too long for the server is refused before it is read as API parameters (414, 431),
# as nginx in front of the real API does; that is a rejection too.
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "414", "415", "422", "428", "429",
                     "431", "5xx"]
"""


def summarize(report: Path) -> tuple[int, int, int, int]:
    """(operations, cases, checks, failures) from schemathesis' NDJSON event stream."""
    operations, cases, checks, failures = set(), 0, 0, 0
    for line in report.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        for kind, payload in event.items():
            if kind == "ScenarioFinished":
                label = payload.get("label") or (payload.get("recorder") or {}).get("label")
                if label:
                    operations.add(label)
                recorder = payload.get("recorder") or {}
                cases += len(recorder.get("cases", {}))
                for results in (recorder.get("checks") or {}).values():
                    checks += len(results)
                    failures += sum(1 for r in results if r.get("status") == "failure")
    return len(operations), cases, checks, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=25, help="cases per operation and phase")
    parser.add_argument("--max-time", type=int, default=240, help="time budget for the whole run, in seconds")
    parser.add_argument("--seed", type=int, default=None, help="schemathesis' random seed (default: random)")
    args = parser.parse_args()

    key = "st-" + secrets.token_hex(12)
    os.environ["RASP_MOCK_KEY"] = key
    with mock_requests.MockProcess(require_key=True) as mock, tempfile.TemporaryDirectory() as scratch:
        mock_requests.KEY = key
        config_file = Path(scratch) / "schemathesis.toml"
        config_file.write_text(config(demo_values(mock.url), args.max_examples), encoding="utf-8")
        report = Path(scratch) / "events.ndjson"
        command = [
            "schemathesis", "--config-file", str(config_file), "run", str(ROOT / "openapi.yaml"),
            "--url", mock.url, "--checks", "all", "--mode", "all", "--max-time", str(args.max_time),
            "--workers", "2", "--report", "ndjson", "--report-ndjson-path", str(report), "--no-color",
        ]
        if args.seed is not None:
            command += ["--seed", str(args.seed)]
        result = subprocess.run(command, cwd=scratch)
        operations, cases, checks, failures = summarize(report) if report.exists() else (0, 0, 0, 0)
    print(f"schemathesis.operations: {operations}")
    print(f"schemathesis.cases: {cases}")
    print(f"schemathesis.checks: {checks}")
    print(f"schemathesis.failed_checks: {failures}")
    if result.returncode != 0 or operations != 8 or checks == 0:
        print(f"schemathesis: FAILED (exit {result.returncode}, {operations} of 8 operations tested)")
        return 1
    print("schemathesis: 0 failures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
