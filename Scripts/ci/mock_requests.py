"""rasp-mock as a subprocess, and a request plan that asks it every endpoint in each of its response shapes.

Used by check-spec.py (every answer is validated against openapi.yaml) and run-schemathesis.py (the server to
test). The plan is derived from the mock's own station directory, so it follows the demo data when that changes:
settlements and stations from `stations_list`, thread uids and carrier codes from search answers.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[2]
# The key sent with every request; the mock accepts any key unless started with --require-key.
KEY = "check-spec-0000"


@dataclass
class Answer:
    """One request of the plan and what the server answered."""
    endpoint: str  # the path's last component, e.g. "search"
    label: str  # what the request is meant to show
    query: dict[str, str]
    expected: int  # the status the real API gives for this request
    status: int
    content_type: str
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


class MockProcess:
    """Builds (unless RASP_MOCK_BIN or RASP_MOCK_URL says otherwise) and starts rasp-mock on a free port."""

    def __init__(self, require_key: bool = False):
        self.require_key = require_key  # the key is read from RASP_MOCK_KEY, as rasp-mock does
        self.process: subprocess.Popen | None = None
        self.url = os.environ.get("RASP_MOCK_URL", "").rstrip("/")

    def __enter__(self) -> "MockProcess":
        if self.url:
            return self
        binary = os.environ.get("RASP_MOCK_BIN") or self._build()
        flags = ["--require-key"] if self.require_key else []
        self.process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", *flags],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            self.url = self._read_url(timeout=60)
        except BaseException:
            # `with` calls __exit__ only after __enter__ returned: a server that never said where it listens is
            # stopped here, or it would outlive the script.
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    @staticmethod
    def _build() -> str:
        subprocess.run(["swift", "build", "--product", "rasp-mock"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout.strip()
        return str(Path(bin_path) / "rasp-mock")

    def _read_url(self, timeout: float) -> str:
        """The first `http://…` on the server's stdout (its ready line)."""
        assert self.process and self.process.stdout
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        text = b""
        while selector.select(timeout):
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                break
            text += chunk
            found = re.search(rb"http://[0-9.]+:[0-9]+", text)
            if found:
                return found.group(0).decode()
        raise RuntimeError(f"rasp-mock printed no URL within {timeout} s (got {text[:200]!r})")


def fetch(base_url: str, endpoint: str, query: dict[str, str], label: str, expected: int = 200,
          headers: dict[str, str] | None = None) -> Answer:
    """One GET of `/v3.0/<endpoint>/` with the key in the `Authorization` header."""
    url = f"{base_url}/v3.0/{endpoint}/"
    if query:
        url += "?" + urllib.parse.urlencode(query)
    request = urllib.request.Request(url, headers={"Authorization": KEY} | (headers or {}))
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Answer(endpoint, label, query, expected, response.status, response.headers.get("Content-Type", ""),
                          response.read())
    except urllib.error.HTTPError as error:
        return Answer(endpoint, label, query, expected, error.code, error.headers.get("Content-Type", ""), error.read())


def ask_everything(base_url: str, today: date | None = None) -> Iterator[Answer]:
    """Every endpoint, each of its answer shapes (one-day and all-days, transfers, errors), over the demo data."""
    today = today or date.today()
    day = (today + timedelta(days=1)).isoformat()
    directory = fetch(base_url, "stations_list", {}, "the whole directory")
    yield directory
    yield fetch(base_url, "copyright", {}, "attribution")
    settlements, stations = _places(directory.json())

    # Searches between the first settlements of the directory, and between their first stations.
    pairs = [(a, b) for a in settlements[:6] for b in settlements[:6] if a["code"] != b["code"]][:12]
    searches: list[Answer] = []
    for a, b in pairs:
        searches.append(fetch(base_url, "search", {"from": a["code"], "to": b["code"], "date": day},
                              f"{a['title']} → {b['title']}, one day"))
    a, b = pairs[0]
    searches += [
        fetch(base_url, "search", {"from": a["code"], "to": b["code"]}, "all days"),
        fetch(base_url, "search", {"from": a["code"], "to": b["code"], "date": day, "transfers": "true"},
              "with transfers"),
        fetch(base_url, "search", {"from": a["code"], "to": b["code"], "add_days_mask": "true"}, "days mask"),
        fetch(base_url, "search", {"from": a["code"], "to": b["code"], "date": day, "limit": "2", "offset": "1"},
              "a page"),
        fetch(base_url, "search", {"from": a["code"], "to": b["code"], "result_timezone": "Asia/Yekaterinburg",
                                   "date": day}, "result time zone"),
    ]
    for first, second in zip(stations[:4], stations[4:8]):
        searches.append(fetch(base_url, "search", {"from": first["code"], "to": second["code"], "date": day},
                              "station to station"))
    yield from searches

    threads = _unique(t for s in searches if s.status == 200 for t in _threads(s.json()))
    for thread in threads[:8]:
        yield fetch(base_url, "thread", {"uid": thread["uid"], "date": day}, f"thread {thread['number']}")
        yield fetch(base_url, "thread", {"uid": thread["uid"]}, "thread, no date")
    for code in sorted({t["carrier"]["code"] for t in threads if t.get("carrier")})[:6]:
        yield fetch(base_url, "carrier", {"code": str(code)}, f"carrier {code}")
    for iata in sorted({t["carrier"]["codes"]["iata"] for t in threads
                        if t.get("carrier") and t["carrier"]["codes"].get("iata")})[:3]:
        yield fetch(base_url, "carrier", {"code": iata, "system": "iata"}, f"carrier by IATA {iata}")

    for station in stations[:8]:
        yield fetch(base_url, "schedule", {"station": station["code"], "date": day}, f"{station['title']}, one day")
        yield fetch(base_url, "schedule", {"station": station["code"]}, "all days")
        yield fetch(base_url, "schedule", {"station": station["code"], "event": "arrival", "date": day}, "arrivals")

    for station in [s for s in stations if isinstance(s.get("latitude"), (int, float))][:5]:
        where = {"lat": str(station["latitude"]), "lng": str(station["longitude"])}
        yield fetch(base_url, "nearest_stations", where | {"distance": "30"}, f"near {station['title']}")
        yield fetch(base_url, "nearest_settlement", where | {"distance": "50"}, f"settlement near {station['title']}")
    yield fetch(base_url, "nearest_stations", {"lat": "0", "lng": "-160", "distance": "1"}, "nothing near")

    # Errors as the real API gives them.
    a = settlements[0]["code"]
    yield fetch(base_url, "search", {"from": a, "to": a}, "from == to", 400)
    yield fetch(base_url, "search", {"from": "c1111111", "to": a}, "unknown code", 404)
    yield fetch(base_url, "search", {"from": a, "to": settlements[1]["code"], "date": "1990-01-01"},
                "date outside the window", 400)
    yield fetch(base_url, "thread", {"uid": "no-such-thread"}, "unknown thread", 404)
    yield fetch(base_url, "schedule", {"station": "s1"}, "unknown station", 404)
    yield fetch(base_url, "carrier", {"code": "999999999"}, "unknown carrier", 404)
    yield fetch(base_url, "nearest_stations", {"lat": "100", "lng": "0"}, "latitude out of range", 400)
    # Statuses the document only describes as `default`: server faults and the server's own limits.
    for status in (500, 503, 429):
        yield fetch(base_url, "copyright", {}, f"fault {status}", status, headers={"X-Mock-Fault": str(status)})
    yield fetch(base_url, "thread", {"uid": "x" * 9000}, "request line over the limit", 414)


def _places(directory: dict) -> tuple[list[dict], list[dict]]:
    settlements, stations = [], []
    for country in directory["countries"]:
        for region in country["regions"]:
            for settlement in region["settlements"]:
                code = settlement["codes"].get("yandex_code")
                if code and settlement["stations"]:
                    settlements.append({"code": code, "title": settlement["title"]})
                for station in settlement["stations"]:
                    if station["codes"].get("yandex_code"):
                        stations.append(station | {"code": station["codes"]["yandex_code"]})
    return settlements, stations


def _threads(answer: dict) -> Iterator[dict]:
    for segment in answer.get("segments", []):
        if "thread" in segment:
            yield segment["thread"]
        for leg in segment.get("details", []):
            if "thread" in leg:
                yield leg["thread"]


def _unique(threads: Iterator[dict]) -> list[dict]:
    seen: dict[str, dict] = {}
    for thread in threads:
        seen.setdefault(thread["uid"], thread)
    return list(seen.values())
