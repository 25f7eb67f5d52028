#!/usr/bin/env python3
"""Reads what `docc convert` and the symbol graphs say about one product's documentation.

Usage:
  doc_report.py warnings DIAGNOSTICS_JSON             prints every warning or error (file:line:column: severity:
                                                      summary, paths relative to the working directory), then the
                                                      count alone on the last line
  doc_report.py undocumented SYMBOL_GRAPH_DIR MODULE  prints the count of undocumented public symbols; with --list,
                [--list]                              each of them first, one per line \
(`kind Path.To.symbol  file:line`)

A public (or open) symbol counts as undocumented when its DocC page would have no documentation: it has no doc
comment of its own and inherits none (a member that implements a documented protocol requirement inherits that
requirement's comment in the symbol graph, and DocC shows it). Extension blocks, the module itself and members the
compiler synthesizes (`::SYNTHESIZED::` identifiers: default implementations, `!=` from `Equatable`…) are not
counted: nobody writes a comment for them. The graphs read are MODULE.symbols.json and MODULE@*.symbols.json
(members this module declares in extensions of other modules' types).
"""
import glob
import json
import os
import sys
from urllib.parse import unquote, urlparse


def relative(uri):
    path = unquote(urlparse(uri).path) if uri.startswith("file://") else uri
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


def warnings(path):
    with open(path, encoding="utf-8") as handle:
        diagnostics = json.load(handle).get("diagnostics", [])
    count = 0
    for diagnostic in diagnostics:
        severity = diagnostic.get("severity", "warning")
        if severity not in ("warning", "error"):
            continue
        count += 1
        start = (diagnostic.get("range") or {}).get("start") or {}
        place = relative(diagnostic.get("source", "")) or "<docc>"
        if start:
            place += f":{start.get('line', 0)}:{start.get('column', 0)}"
        print(f"{place}: {severity}: {diagnostic.get('summary', '')}")
    print(count)


def has_text(symbol):
    lines = (symbol.get("docComment") or {}).get("lines") or []
    return any(line.get("text", "").strip() for line in lines)


def undocumented(folder, module, show):
    files = [os.path.join(folder, f"{module}.symbols.json")] + sorted(
        glob.glob(os.path.join(folder, f"{module}@*.symbols.json")))
    missing = []
    for file in files:
        if not os.path.exists(file):
            continue
        with open(file, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            kind = symbol["kind"]["identifier"]
            if kind in ("swift.extension", "module") or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if symbol.get("accessLevel") not in ("public", "open") or has_text(symbol):
                continue
            location = symbol.get("location") or {}
            place = relative(location.get("uri", ""))
            if place and "position" in location:
                place += f":{location['position'].get('line', 0) + 1}"
            missing.append((kind.removeprefix("swift."), ".".join(symbol["pathComponents"]), place))
    if show:
        for kind, path, place in sorted(set(missing), key=lambda item: (item[2], item[1])):
            print(f"{kind} {path}  {place}")
    print(len(set(missing)))


def main(argv):
    if len(argv) >= 2 and argv[0] == "warnings":
        warnings(argv[1])
    elif len(argv) >= 3 and argv[0] == "undocumented":
        undocumented(argv[1], argv[2], "--list" in argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
