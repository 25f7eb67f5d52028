#!/usr/bin/env python3
"""Checks that every description of an OpenAPI document appears whole in the doc comments of a generated client.

Usage: check-doc-coverage.py GENERATOR SPEC GENERATED_DIR [NAME]   (NAME prefixes the figures; default: the file's)
Walks the document from its entry file, following every `$ref` into the files it reads (GENERATOR --list-inputs SPEC),
collects the `description` texts it reaches on operations, path items, parameters, bodies and schemas (not of
document metadata, examples, links, response objects or `x-` extensions), and looks for each of their lines,
whitespace-normalized, in the `///` comments of GENERATED_DIR.
Prints `<name>.doc_descriptions: N` and `<name>.doc_descriptions_missing: M` (with the first few missing) and
exits 1 when M > 0. Tests/RaspGeneratorTests/DocCompletenessTests does the same for openapi.yaml in the test run.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

import yaml

SKIPPED = {"info", "servers", "tags", "externalDocs", "examples", "example", "links", "callbacks", "variables",
           "encoding", "headers", "webhooks", "securitySchemes"}


class Document:
    """The files of a document, and a walk from its entry that follows `$ref`s into other files."""

    def __init__(self, files):
        self.files = {str(Path(f).resolve()): f for f in files}
        self.cache = {}

    def load(self, file):
        if file not in self.cache:
            text = Path(file).read_text(encoding="utf-8")
            loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
            self.cache[file] = json.loads(text) if file.endswith(".json") else yaml.load(text, Loader=loader)
        return self.cache[file]

    def resolve(self, file, ref):
        target, _, pointer = ref.partition("#")
        if target:
            file = str((Path(file).parent / target).resolve())
        node = self.load(file)
        for token in [t for t in pointer.split("/") if t]:
            token = token.replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        return file, pointer, node

    def descriptions(self, entry):
        """(where, text) of every description the entry document reaches, each node visited once."""
        found, seen = [], set()
        entry = str(Path(entry).resolve())

        def visit(node, file, path):
            if isinstance(node, dict):
                ref = node.get("$ref")
                if isinstance(ref, str):
                    target_file, pointer, target = self.resolve(file, ref)
                    if (target_file, pointer) not in seen:
                        seen.add((target_file, pointer))
                        visit(target, target_file, [Path(target_file).name + "#" + pointer])
                under_properties = bool(path) and path[-1] == "properties"
                for key, value in node.items():
                    key = str(key)
                    if key == "$ref" or (not under_properties and (key in SKIPPED or key.startswith("x-"))):
                        continue
                    if key == "description" and not under_properties and isinstance(value, str):
                        # A response object's own words (under `responses`, or a file or entry that is one; a
                        # Swagger 2.0 response holds its `schema` and `examples`).
                        is_response = (len(path) >= 2 and path[-2] == "responses") or (
                            set(node) <= {"description", "content", "headers", "links", "schema", "examples"})
                        if not is_response:
                            found.append(("/".join(path), value))
                    else:
                        visit(value, file, path + [key])
            elif isinstance(node, list):
                for index, value in enumerate(node):
                    visit(value, file, path + [str(index)])

        visit(self.load(entry), entry, [Path(entry).name])
        return found


def normalized(text):
    return re.sub(r"\s+", " ", text).strip()


def main():
    generator, spec, generated = sys.argv[1:4]
    name = sys.argv[4] if len(sys.argv) > 4 else re.sub(r"[^A-Za-z0-9]+", "_", Path(spec).stem)
    files = subprocess.run([generator, spec, "--list-inputs"],
                           check=True, capture_output=True, text=True).stdout.split()
    found = Document(files).descriptions(spec)
    docs = " ".join(line.strip()[3:] for swift in Path(generated).glob("*.swift")
                    for line in swift.read_text(encoding="utf-8").splitlines() if line.strip().startswith("///"))
    docs = normalized(docs)
    missing = [(where, text) for where, text in found
               if any(normalized(line) and normalized(line) not in docs for line in text.splitlines())]
    print(f"{name}.doc_descriptions: {len(found)}")
    print(f"{name}.doc_descriptions_missing: {len(missing)}")
    for where, text in missing[:5]:
        print(f"  {where}: {normalized(text)[:110]}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
