#!/usr/bin/env python3
"""Splits README.md's code blocks into files for Scripts/ci/test-readme.sh.

Usage: readme_snippets.py README.md OUT_DIR
  ```swift blocks: a manifest fragment (it starts with `dependencies:` or `.target(`) goes into
      manifest-N.swift inside a whole Package.swift; other Swift goes into snippet-N.swift, its imports first and
      the rest inside an `async throws` function (top-level code of a README is the body of something).
  ``` blocks whose lines run `swift run …` or `.build/…` commands: shell-N.sh, with `swift run X` turned into the
      built program `X` (the script puts them on PATH). A block with a `# not run` line, or only a folder listing,
      is skipped.
Prints one line per file written.
"""
import re
import sys
from pathlib import Path


def blocks(text):
    for match in re.finditer(r"^```(\w*)\n(.*?)^```", text, flags=re.S | re.M):
        yield match.group(1), match.group(2), text[: match.start()].count("\n") + 1


def main():
    readme, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    manifest_parts = []
    for index, (language, body, line) in enumerate(blocks(readme.read_text(encoding="utf-8"))):
        name = f"{index:02d}-line{line}"
        if language == "swift":
            stripped = body.lstrip()
            if stripped.startswith("dependencies:") or stripped.startswith(".target("):
                manifest_parts.append((name, body))
                continue
            imports = [l for l in body.splitlines() if l.startswith("import ")]
            rest = [l for l in body.splitlines() if not l.startswith("import ")]
            code = "\n".join(imports) + "\nimport Foundation\n\n@MainActor\nfunc snippet() async throws {\n" \
                + "\n".join("    " + l for l in rest) + "\n}\n"
            (out / f"snippet-{name}.swift").write_text(code, encoding="utf-8")
            print(f"snippet-{name}.swift")
        elif language == "" and re.search(r"^(swift run |\.build/)", body, flags=re.M) and "# not run" not in body:
            lines = []
            for l in body.splitlines():
                l = re.sub(r"\bswift run (rasp-mock|rasp)\b", r"\1", l)
                lines.append(l)
            (out / f"shell-{name}.sh").write_text("\n".join(lines) + "\n", encoding="utf-8")
            print(f"shell-{name}.sh")
    if manifest_parts:
        deps = [b for _, b in manifest_parts if b.lstrip().startswith("dependencies:")]
        targets = [b for _, b in manifest_parts if b.lstrip().startswith(".target(")]
        manifest = "import PackageDescription\n\nlet package = Package(\n    name: \"ReadmeApp\",\n"
        # Several `dependencies:` fragments become one array of all their entries (the manifest is only
        # type-checked, so two entries for one package do not clash).
        entries = [l for d in deps for l in d.strip().splitlines()[1:-1]]
        if deps:
            manifest += "    dependencies: [\n" + "".join("    " + l + "\n" for l in entries) + "    ],\n"
        manifest += "    targets: [\n" + "".join("        " + l + "\n" for t in targets for l in t.strip().splitlines())
        manifest += "    ]\n)\n"
        (out / "manifest.swift").write_text(manifest, encoding="utf-8")
        print("manifest.swift")


if __name__ == "__main__":
    main()
