#!/usr/bin/env python3
"""Groups the failures of the last round trip by class: per document, the count of each (kind, hints) class and a
few examples of each (schema, direction, JSON path, what differs; for a disagreement between the two decoding paths,
what each gave).

Usage: python3 Scripts/corpus/roundtrip/summarize.py [--examples N] [--work DIR] [DOCUMENT...]
   (default: every document run so far)
"""
import argparse
import collections
import glob
import json
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
WORK = os.path.join(ROOT, ".build-roundtrip")


def outcome(result):
    if result.get("ok"):
        return "ok " + json.dumps(result.get("output"), ensure_ascii=False)[:80]
    return f"{result.get('kind')} at {result.get('codingPath')}: {(result.get('error') or '')[:120]}"


def describe(entry):
    if entry["class"] == "lossy":
        difference = entry["differences"][0]
        return f"{difference['reason']}: {difference['expected']} → {difference['actual']}"
    if entry["class"] == "failed":
        return f"{entry.get('errorKind')}: {entry.get('error', '')[:160]}"
    if entry["class"] == "disagree":
        return f"{entry['reason']}; JSONCoding.decode: {outcome(entry['new'])}; JSONDecoder: {outcome(entry['old'])}"
    return entry.get("error", "")[:200]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("documents", nargs="*")
    parser.add_argument("--examples", type=int, default=3)
    parser.add_argument("--work", default=WORK, help=f"the round trip's folder (default {WORK})")
    args = parser.parse_args()
    documents = args.documents or sorted(os.path.basename(os.path.dirname(path))
                                         for path in glob.glob(os.path.join(args.work, "*", "failures.jsonl")))
    for document in documents:
        path = os.path.join(args.work, document, "failures.jsonl")
        if not os.path.exists(path):
            print(f"{document}: no failures file")
            continue
        with open(path) as handle:
            entries = [json.loads(line) for line in handle]
        classes = collections.defaultdict(list)
        for entry in entries:
            classes[(entry["class"], ", ".join(entry.get("hints") or []) or "-")].append(entry)
        print(f"== {document}: {len(entries)} failures")
        for (kind, hints), members in sorted(classes.items(), key=lambda item: -len(item[1])):
            schemas = len({entry["schema"] for entry in members})
            print(f"  {kind} [{hints}]: {len(members)} instances, {schemas} schemas")
            shown = set()
            for entry in members:
                if entry["schema"] in shown:
                    continue
                shown.add(entry["schema"])
                print(f"    {entry['schema']} ({entry['direction']}, {entry['source']}, id {entry['id']}) "
                      f"at {entry.get('path')}: {describe(entry)}")
                if len(shown) >= args.examples:
                    break


if __name__ == "__main__":
    main()
