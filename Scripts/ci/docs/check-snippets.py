#!/usr/bin/env python3
"""Compiles the Swift code blocks of every DocC catalog against the package, so an article cannot show code that
does not build.

Usage: check-snippets.py [--scratch-path DIR] [--keep] [CATALOG_OR_ARTICLE...]
  --scratch-path  the SwiftPM scratch folder the package was built in (default .build); its modules are imported
  --keep          keep the generated sources (printed) instead of deleting them
  CATALOG...      check only these catalogs or articles (default: every *.docc under Sources/ and Generated/)

The package must be built in the scratch folder first (Scripts/ci/build-docs.sh does it). Every ```swift block is
type-checked with `swiftc -typecheck` and the flags SwiftPM used for the package's own targets (read from
<scratch>/debug/description.json), against the modules in <scratch>/debug/Modules. An HTML comment on the line
before a block says how to check it; DocC drops HTML comments, so readers never see it:

  <!-- snippet: body -->        (the default) the block is the body of an `async throws` function on the main
                                actor; `import` lines at its top are hoisted to the file
  <!-- snippet: file -->        the block is a whole source file (types, extensions, conformances)
  <!-- snippet: swiftui -->     like `file`, using SwiftUI; where SwiftUI does not exist (Linux) it is checked
                                against Scripts/ci/docs/SwiftUIStub.swift, which declares the few SwiftUI APIs the
                                articles use, with SwiftUI's signatures
  <!-- snippet: manifest -->    the block is a whole Package.swift, checked against PackageDescription
  <!-- snippet: spec NAME -->   (a ```yaml block) an OpenAPI document, and
  <!-- snippet: config NAME --> (a ```yaml block) a rasp-generate config for it; then
  <!-- snippet: spec NAME; module MODULE -->
                                the document's client (with config NAME, if any) is also generated and compiled
                                as module MODULE, which every block of every article can import
  <!-- snippet: output NAME --> the ```swift block is an excerpt of what rasp-generate writes for spec NAME (with
                                config NAME, if any): each of its lines must appear, in order, in the generated
                                files (whitespace at either end ignored); a line `// …` stands for lines left out
  <!-- snippet: skip REASON --> not checked; a reason is required (use it for code that cannot compile here)

Directives combine with `;`, and `given NAME: TYPE` declares a value the block uses without creating it (a client,
a key): `<!-- snippet: given client: RaspClient; given key: String -->` makes them parameters of the function.
A body or file block also sees the imports written in the other blocks of its article (an article shows its imports
once), and nothing else. Prints `docs.snippets.checked: N`, `docs.snippets.skipped: N`, `docs.snippets.failed: N`
and exits 1 when a block fails.
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DIRECTIVE = re.compile(r"^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:public\s+|internal\s+)?import\s+\w+")
MODES = {"body", "file", "swiftui", "manifest", "spec", "config", "output", "skip"}
# `module MODULE` on a spec block: the generated client is compiled as that module for the snippets to import.


class Block:
    def __init__(self, article, line, language, code, directive):
        self.article, self.line, self.language, self.code = article, line, language, code
        self.mode, self.name, self.reason, self.givens = "body", None, None, []
        self.module = None
        for part in [p.strip() for p in directive.split(";") if p.strip()]:
            word, _, rest = part.partition(" ")
            if word == "module":
                self.module = rest.strip() or None
                if not self.module or not re.fullmatch(r"[A-Z][A-Za-z0-9_]*", self.module):
                    raise ValueError(f"{self.where}: `module` needs a module name, found '{rest}'")
            elif word == "given":
                name, _, type_ = rest.partition(":")
                if not name.strip() or not type_.strip():
                    raise ValueError(f"{self.where}: `given` needs NAME: TYPE, found '{rest}'")
                self.givens.append((name.strip(), type_.strip()))
            elif word in MODES:
                self.mode = word
                if word in ("spec", "config", "output"):
                    self.name = rest.strip() or None
                    if not self.name:
                        raise ValueError(f"{self.where}: `{word}` needs a name")
                if word == "skip":
                    self.reason = rest.strip()
                    if not self.reason:
                        raise ValueError(f"{self.where}: `skip` needs a reason")
            else:
                raise ValueError(f"{self.where}: unknown snippet directive '{part}'")

    @property
    def where(self):
        return f"{os.path.relpath(self.article, ROOT)}:{self.line}"

    def imports(self):
        return [line.strip() for line in self.code if IMPORT.match(line)]

    def statements(self):
        return [line for line in self.code if not IMPORT.match(line)]


def blocks_of(article):
    lines = Path(article).read_text(encoding="utf-8").splitlines()
    blocks, index, directive = [], 0, ""
    while index < len(lines):
        line = lines[index]
        match = FENCE.match(line)
        if match:
            indent, fence, language = match.group(1), match.group(2), match.group(3).lower()
            code, start = [], index + 1
            index += 1
            while index < len(lines) and not lines[index].strip().startswith(fence):
                text = lines[index]
                code.append(text[len(indent):] if text.startswith(indent) else text.lstrip())
                index += 1
            blocks.append(Block(article, start, language, code, directive))
            directive = ""
        elif DIRECTIVE.match(line):
            directive = DIRECTIVE.match(line).group(1)
        elif line.strip():
            directive = ""
        index += 1
    return blocks


def compiler_flags(scratch):
    """The flags SwiftPM compiled the package's targets with, as far as type-checking another file needs them."""
    description = Path(scratch) / "debug" / "description.json"
    if not description.exists():
        sys.exit(f"check-snippets: {description} is missing: build the package first (Scripts/ci/build-docs.sh does)")
    commands = json.loads(description.read_text())["swiftCommands"].values()
    flags, seen, import_path = [], set(), None
    for command in commands:
        if str(command.get("importPath", "")).endswith("/Modules"):
            import_path = command["importPath"]
        arguments = command.get("otherArguments", [])
        for position, argument in enumerate(arguments):
            if argument in ("-target", "-module-cache-path") and position + 1 < len(arguments):
                pair = (argument, arguments[position + 1])
            elif argument == "-Xcc" and position + 1 < len(arguments):
                value = arguments[position + 1]
                if value == "-I" and position + 3 < len(arguments):
                    pair = ("-Xcc", "-I", "-Xcc", arguments[position + 3])
                elif value.startswith("-fmodule-map-file=") or value.startswith("-I") and len(value) > 2:
                    pair = ("-Xcc", value)
                else:
                    continue
            elif argument.startswith("-D"):
                pair = (argument,)
            else:
                continue
            if pair not in seen:
                seen.add(pair)
                flags.extend(pair)
    if not import_path:
        sys.exit("check-snippets: no module folder in the build description")
    return ["-I", import_path] + flags


def swiftc():
    return shutil.which("swiftc") or sys.exit("check-snippets: swiftc is not on PATH")


def run(arguments, cwd=None):
    process = subprocess.run(arguments, cwd=cwd, capture_output=True, text=True)
    return process.returncode, (process.stdout + process.stderr).strip()


def body_file(article, blocks, imports, index):
    """One file: every body block of an article, each the body of its own function."""
    out = [f"// Snippets of {os.path.relpath(article, ROOT)}"] + sorted(imports) + [""]
    origins = []
    for block in blocks:
        index += 1
        parameters = ", ".join(f"{name}: {type_}" for name, type_ in block.givens)
        out.append(f"// {block.where}")
        out.append(f"@MainActor func snippet{index}({parameters}) async throws {{")
        origins.append((len(out) + 1 - len(block.imports()), block))
        out.extend("    " + line if line else "" for line in block.statements())
        out.append("}")
        out.append("")
    return "\n".join(out) + "\n", origins, index


def generate(spec, config, generator, folder):
    """Runs rasp-generate on a spec block (and its config block, if any) into `folder`/out; an error text or None."""
    os.makedirs(folder, exist_ok=True)
    document = Path(folder) / "openapi.yaml"
    document.write_text("\n".join(spec.code) + "\n")
    arguments = [generator, str(document), "--output", str(Path(folder) / "out"), "--quiet"]
    if config:
        settings = Path(folder) / "rasp-generate.yaml"
        settings.write_text("\n".join(config.code) + "\n")
        arguments += ["--config", str(settings)]
    status, text = run(arguments)
    return None if status == 0 else f"{spec.where}: rasp-generate fails on spec {spec.name}:\n{text}"


def build_module(spec, config, generator, compiler, flags, work):
    """Generates a spec block's client and compiles it as its `module` into <work>/modules; an error text or None."""
    folder = Path(work) / f"module-{spec.module}"
    problem = generate(spec, config, generator, folder)
    if problem:
        return problem
    modules = Path(work) / "modules"
    os.makedirs(modules, exist_ok=True)
    files = sorted(str(f) for f in (folder / "out").glob("*.swift"))
    status, text = run([compiler, "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name",
                        spec.module, "-emit-module-path", str(modules / f"{spec.module}.swiftmodule")] + flags + files)
    return None if status == 0 else f"{spec.where}: the client of spec {spec.name} does not compile:\n{text}"


def check_output(block, specs, configs, generator, work):
    """An excerpt of generated code: its lines must appear in order in what rasp-generate writes."""
    if block.name not in specs:
        return f"{block.where}: no ```yaml block marked `spec {block.name}` in this article"
    folder = Path(work) / f"generated-{block.name}"
    if not folder.exists():
        problem = generate(specs[block.name], configs.get(block.name), generator, folder)
        if problem:
            return problem
    # The files in the order they are written (their names sort that way).
    names = sorted(path.name for path in (folder / "out").glob("*.swift"))
    generated = []
    for name in names:
        generated += [line.strip() for line in (folder / "out" / name).read_text().splitlines()]
    position = 0
    for offset, line in enumerate(block.code):
        wanted = line.strip()
        if not wanted or wanted in ("// …", "…"):
            continue
        try:
            position = generated.index(wanted, position) + 1
        except ValueError:
            return (f"{os.path.relpath(block.article, ROOT)}:{block.line + offset + 1}: this line is not in what "
                    f"rasp-generate writes for spec {block.name} (after the lines matched before it):\n    {wanted}")
    return None


def main(argv):
    scratch, keep, targets = ".build", False, []
    arguments = list(argv)
    while arguments:
        argument = arguments.pop(0)
        if argument == "--scratch-path":
            scratch = arguments.pop(0)
        elif argument.startswith("--scratch-path="):
            scratch = argument.split("=", 1)[1]
        elif argument == "--keep":
            keep = True
        elif argument in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            targets.append(argument)
    os.chdir(ROOT)
    scratch = os.path.abspath(scratch)
    roots = targets or sorted(str(p) for p in
                              list(ROOT.glob("Sources/*/*.docc")) + list(ROOT.glob("Generated/*/*.docc")))
    articles = []
    for root in roots:
        path = Path(root)
        articles += [path] if path.is_file() else sorted(path.rglob("*.md"))

    failures, checked, skipped = [], 0, 0
    work = tempfile.mkdtemp(prefix="rasp-snippets-")
    flags = compiler_flags(scratch)
    compiler = swiftc()
    generator = str(Path(scratch) / "debug" / "rasp-generate")
    jobs = []  # (description, arguments, file, origins)
    body_sources, body_origins, index = [], [], 0

    # The clients of the spec blocks marked `module`, compiled first: any snippet may import them.
    module_folder = None
    for article in articles:
        try:
            blocks = blocks_of(article)
        except ValueError:
            continue  # Reported below.
        configs = {b.name: b for b in blocks if b.mode == "config"}
        for spec in (b for b in blocks if b.mode == "spec" and b.module):
            if not Path(generator).exists():
                failures.append(f"{spec.where}: {generator} is missing: build the package first")
                continue
            problem = build_module(spec, configs.get(spec.name), generator, compiler, flags, work)
            if problem:
                failures.append(problem)
            module_folder = str(Path(work) / "modules")
    if module_folder:
        flags = flags + ["-I", module_folder]

    for article in articles:
        try:
            blocks = blocks_of(article)
        except ValueError as error:
            failures.append(str(error))
            continue
        imports = set()
        for block in blocks:
            if block.mode in ("body", "file", "swiftui"):
                imports.update(block.imports())
        specs = {b.name: b for b in blocks if b.mode == "spec"}
        configs = {b.name: b for b in blocks if b.mode == "config"}
        bodies = []
        for block in blocks:
            if block.language != "swift":
                continue
            if block.mode == "skip":
                skipped += 1
                continue
            checked += 1
            if block.mode == "body":
                bodies.append(block)
            elif block.mode == "output":
                if not Path(generator).exists():
                    failures.append(f"{block.where}: {generator} is missing: build the package first")
                    continue
                problem = check_output(block, specs, configs, generator, work)
                if problem:
                    failures.append(problem)
            else:
                name = f"{block.mode}{len(jobs) + 1}.swift"
                file = Path(work) / name
                lines = (block.code if block.mode == "manifest"
                         else sorted(imports | set(block.imports())) + [""] + block.statements())
                file.write_text("\n".join(lines) + "\n")
                first = (1 if block.mode == "manifest"
                         else len(lines) - len(block.statements()) + 1 - len(block.imports()))
                jobs.append((block.mode, block.where, file, [(first, block)]))
        if bodies:
            source, origins, index = body_file(article, bodies, imports, index)
            file = Path(work) / f"body-{len(body_sources) + 1}.swift"
            file.write_text(source)
            body_sources.append(file)
            body_origins.append((file, origins))

    def command(mode, files):
        if mode == "manifest":
            manifest_api = Path(compiler).resolve().parent.parent / "lib" / "swift" / "pm" / "ManifestAPI"
            return [compiler, "-typecheck", "-swift-version", "6", "-package-description-version", "6.1",
                    "-I", str(manifest_api)] + [str(f) for f in files]
        extra = ["-I", stub_folder] if stub_folder else []
        return [compiler, "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "DocSnippets"] \
            + flags + extra + [str(f) for f in files]

    stub_folder = None
    uses_swiftui = any(job[0] == "swiftui" for job in jobs) or any(
        "import SwiftUI" in path.read_text() for path in body_sources)
    if uses_swiftui and not has_swiftui(compiler, flags, work):
        stub_folder = str(Path(work) / "swiftui-stub")
        os.makedirs(stub_folder)
        status, text = run([compiler, "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name",
                            "SwiftUI", "-emit-module-path", str(Path(stub_folder) / "SwiftUI.swiftmodule"),
                            str(ROOT / "Scripts" / "ci" / "docs" / "SwiftUIStub.swift")] + flags)
        if status != 0:
            failures.append(f"Scripts/ci/docs/SwiftUIStub.swift does not compile:\n{text}")

    tasks = []
    if body_sources:
        tasks.append(("body", "function-body snippets", body_sources, body_origins))
    for mode, where, file, origins in jobs:
        tasks.append((mode, where, [file], [(file, origins)]))

    def compile_task(task):
        mode, where, files, origin_groups = task
        status, text = run(command(mode, files))
        if status == 0:
            return None
        for file, origins in origin_groups:
            text = relocate(text, file, origins)
        errors = "\n".join(line for line in text.splitlines() if "error" in line or line.startswith("    ")) or text
        return f"{where}: does not compile:\n{errors}"

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for problem in pool.map(compile_task, tasks):
            if problem:
                failures.append(problem)

    for failure in failures:
        print(failure)
    print(f"docs.snippets.checked: {checked}")
    print(f"docs.snippets.skipped: {skipped}")
    print(f"docs.snippets.failed: {len(failures)}")
    if keep:
        print(f"check-snippets: sources kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


def has_swiftui(compiler, flags, work):
    probe = Path(work) / "probe.swift"
    probe.write_text("#if !canImport(SwiftUI)\n#error(\"no SwiftUI\")\n#endif\n")
    status, _ = run([compiler, "-typecheck", "-parse-as-library", str(probe)] + flags)
    return status == 0


def relocate(text, file, origins):
    """Rewrites `<file>:LINE:COL` in compiler output to the article and line the snippet came from."""
    pattern = re.compile(r"\S*" + re.escape(Path(file).name) + r":(\d+):(\d+)")

    def replace(match):
        line = int(match.group(1))
        for first, block in sorted(origins, key=lambda item: item[0], reverse=True):
            if line >= first:
                return f"{os.path.relpath(block.article, ROOT)}:{block.line + line - first + 1}:{match.group(2)}"
        return match.group(0)
    return pattern.sub(replace, text)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
