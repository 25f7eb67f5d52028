#!/usr/bin/env python3
"""Where the lines of a generated client go: each line of rasp-generate's output sorted into one category.

Usage: line-budget.py DIR [DIR...] [--table] [--unclassified N] [--annotate]
  DIR: a folder of Swift files written by `rasp-generate SPEC --output DIR --generate "types, client, server"`;
       the document is named after the folder.
  --table: also print a Markdown table, categories x documents (lines and share), then the operation counts and
           lines per operation.
  --unclassified N: print up to N shapes of the lines per document that fell into `other` (to check the rules).
  --annotate: print every line with its category instead (to check the rules).

Prints `<doc>.<category>: <lines> lines (<share>%, <lines per operation>/op)` for every category, then the
subtotals `models` (properties to typeShells) and `perOperationCode` (client to opNamespaces), the total, and
`<doc>.operationCount: N`: the distinct inputs of the client protocol's methods, one per operation (a streaming
variant or an `accepting:` overload takes the same input; webhooks are not counted).

The categories (each line counts once; a `///` line is always `doc`, an empty one always `blank`):
  doc            `///` doc comments, wherever they are
  properties     stored and computed property declarations of model types (a computed one's body included)
  memberwiseInit `init(...)` of model structs taking their properties (`self.x = x` bodies)
  decode         `init(from decoder: any Decoder)` of model types, body included
  readJSON       `init(reading reader: inout JSONReader)` of model types, body included, and its `_readerKeys`
  encode         `func encode(to encoder: any Encoder)` of model types, body included
  writeJSON      `func writeJSON(to writer: inout JSONWriter)` of model types, body included
  enums          model enums and unions but their coding members: header, cases, `knownCases`, `rawValue`
                 switches, `_candidates`
  typeShells     model struct headers and closing braces, schema typealiases
  client         the client struct, its operation methods, the flattened-parameter overloads on the protocol
  protocol       the client protocol (one requirement per operation)
  mock           the mock client and its methods
  exampleHandler the protocol conformance that answers from examples (a server for mocks)
  server         server routes (`...ServerRoutes`) and `registerHandlers(on:)`
  webhooks       the webhook protocol, its routes and the webhook enum
  opNamespaces   `extension Operations`: the input structs (parameters and init), response content-type and body
                 enums, operation-level typealiases (model types nested there count as models)
  other          file headers, imports, servers, authentication, anything no rule knows
  blank          empty lines

Types are recognised from their headers: a struct or enum is a model when it conforms to `Codable`, `Decodable`,
`Encodable`, `JSONWritable`, `JSONReadable` or `OpenEnum`; the client is the type conforming to `GeneratedClient`, its first
conformance the protocol; the mock and the example handler are the other conformers of that protocol. Blocks are
followed by brace depth (string literals and `//` comments stripped first), statements across lines by bracket depth.
"""
import re
import sys
from collections import Counter
from pathlib import Path

CATEGORIES = [
    "doc", "properties", "memberwiseInit", "decode", "readJSON", "encode", "writeJSON", "enums", "typeShells",
    "client", "protocol", "mock", "exampleHandler", "server", "webhooks", "opNamespaces", "other", "blank",
]
# Subtotals: the code of the model types, and the code written once per operation.
GROUPS = {
    "models": ["properties", "memberwiseInit", "decode", "readJSON", "encode", "writeJSON", "enums", "typeShells"],
    "perOperationCode": ["client", "protocol", "mock", "exampleHandler", "server", "webhooks", "opNamespaces"],
}
MODEL_CONFORMANCES = {"Codable", "Decodable", "Encodable", "JSONWritable", "JSONReadable", "OpenEnum"}
MODIFIERS = r"(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated|@\w+(?:\([^)]*\))?)\s+)*"
TYPE_HEADER = re.compile(
    r"^" + MODIFIERS + r"(struct|enum|class|actor|protocol)\s+(\w+)(?:<[^>]*>)?\s*(?::\s*([^{]*))?\{")
EXTENSION_HEADER = re.compile(r"^" + MODIFIERS + r"extension\s+([\w.]+)")
TYPEALIAS = re.compile(r"^" + MODIFIERS + r"typealias\s")
PROPERTY = re.compile(r"^" + MODIFIERS + r"(?:static\s+|lazy\s+)?(?:let|var)\s")
DECODE = re.compile(r"^" + MODIFIERS + r"init\(from decoder:")
READ_JSON = re.compile(r"^" + MODIFIERS + r"(?:init\(reading reader:|static\s+let\s+_readerKeys\b)")
INIT = re.compile(r"^" + MODIFIERS + r"(?:convenience\s+|required\s+)?init[?!]?\(")
ENCODE = re.compile(r"^" + MODIFIERS + r"func encode\(to encoder:")
WRITE_JSON = re.compile(r"^" + MODIFIERS + r"func writeJSON\(to writer:")
FUNC = re.compile(r"^" + MODIFIERS + r"(?:static\s+|mutating\s+)*func\s+(\w+)")
REQUIREMENT_INPUT = re.compile(r"^func\s+\w+\(_ \w+: ([\w.]+)")
ATTRIBUTE = re.compile(r"^@\w+(?:\(.*\))?$")


def strip_code(line):
    """The line without string literals' contents and `//` comments (interpolations kept, nested strings stripped)."""
    out = []
    i, n = 0, len(line)
    stack = []  # per interpolation `\(...)` we are in, innermost last: its parentheses open so far
    in_string = False
    while i < n:
        c = line[i]
        if in_string:
            if c == "\\" and i + 1 < n:
                if line[i + 1] == "(":
                    stack.append(0)
                    in_string = False
                    out.append("(")
                    i += 2
                    continue
                i += 2
                continue
            if c == '"':
                in_string = False
                out.append('"')
            i += 1
            continue
        if c == '"':
            in_string = True
            out.append('"')
        elif c == "/" and line.startswith("//", i):
            break
        elif stack and c == "(":
            stack[-1] += 1
            out.append(c)
        elif stack and c == ")":
            if stack[-1] == 0:
                stack.pop()
                in_string = True
            else:
                stack[-1] -= 1
            out.append(c)
        else:
            out.append(c)
        i += 1
    return "".join(out)


def conformances(text):
    return [part.strip().split("<")[0] for part in (text or "").split(",") if part.strip()]


class Names:
    """What the pre-scan learns of the output's top-level types."""

    def __init__(self, files):
        self.client, self.protocol = set(), set()
        self.conformers = {}  # name -> category
        self.models = set()
        for path in files:
            for raw in path.read_text(encoding="utf-8").splitlines():
                match = TYPE_HEADER.match(raw.strip())
                if not match:
                    continue
                kind, name, confs = match.group(1), match.group(2), conformances(match.group(3))
                if "GeneratedClient" in confs:
                    self.client.add(name)
                    self.protocol.update(c for c in confs if c not in ("GeneratedClient", "Sendable"))
                if MODEL_CONFORMANCES & set(confs):
                    self.models.add(name)
        for path in files:
            for raw in path.read_text(encoding="utf-8").splitlines():
                match = TYPE_HEADER.match(raw)  # top level only
                if match and match.group(2) not in self.client and self.protocol & set(conformances(match.group(3))):
                    self.conformers[match.group(2)] = "mock" if match.group(2).startswith("Mock") else "exampleHandler"

    def top_level_category(self, name):
        """The category of a non-model top-level type or extension named `name`, and its frame kind."""
        if name in self.client:
            return "client", "leaf"
        if name in self.protocol:
            return "protocol", "clientProtocol"
        if name in self.conformers:
            return self.conformers[name], "leaf"
        if name == "Operations":
            return "opNamespaces", "operations"
        if "Webhook" in name:
            return "webhooks", "leaf"
        if name.endswith("Routes"):
            return "server", "leaf"
        if name in self.models:
            return "typeShells", "modelStruct"
        return "other", "leaf"


def type_rule(match, in_operations=False):
    """Category and frame kind of a type declared by a header `match`, nested in a model or an operation or not."""
    kind, confs = match.group(1), set(conformances(match.group(3)))
    if MODEL_CONFORMANCES & confs:
        return ("enums", "modelEnum") if kind == "enum" else ("typeShells", "modelStruct")
    if in_operations:
        return "opNamespaces", "opType"
    return None


def member_rule(parent, code, names):
    """(category, frame kind) of a line starting a statement directly inside a frame of kind `parent`."""
    if parent == "file":
        match = TYPE_HEADER.match(code)
        if match:
            rule = type_rule(match)
            if rule:
                return rule
            category, kind = names.top_level_category(match.group(2))
            return category, ("leaf" if kind == "operations" and code.endswith("{}") else kind)
        match = EXTENSION_HEADER.match(code)
        if match:
            name = match.group(1).split(".")[-1]
            if name in names.protocol:  # the flattened-parameter overloads, and `registerHandlers(on:)`
                return "client", "clientProtocol"
            return names.top_level_category(name)
        if TYPEALIAS.match(code):
            return "typeShells", "leaf"
        return "other", "leaf"
    if parent in ("modelStruct", "modelEnum"):
        match = TYPE_HEADER.match(code)
        if match:
            return type_rule(match) or ("other", "leaf")
        if DECODE.match(code):
            return "decode", "leaf"
        if READ_JSON.match(code):
            return "readJSON", "leaf"
        if ENCODE.match(code):
            return "encode", "leaf"
        if WRITE_JSON.match(code):
            return "writeJSON", "leaf"
        if parent == "modelEnum":
            return "enums", "leaf"
        if INIT.match(code):
            return "memberwiseInit", "leaf"
        if PROPERTY.match(code):
            return "properties", "leaf"
        if TYPEALIAS.match(code):
            return "typeShells", "leaf"
        return "other", "leaf"
    if parent in ("operations", "opType"):
        match = TYPE_HEADER.match(code)
        if match:
            return type_rule(match, in_operations=True)
        return "opNamespaces", "leaf"
    if parent == "clientProtocol":  # the protocol itself, or an extension of it
        match = FUNC.match(code)
        if match and match.group(1) == "registerHandlers":
            return "server", "leaf"
        return None
    return None  # inside a member: inherit


def budget(folder, annotate=None):
    """Lines per category, the operation count and the lines left in `other`; `annotate(category, line)` sees each."""
    files = sorted(Path(folder).glob("*.swift"))
    if not files:
        sys.exit(f"line-budget: no .swift files in {folder}")
    names = Names(files)
    counts = Counter()
    unclassified = []
    operations = set()
    for path in files:
        frames = [("file", "other")]  # (kind, category)
        paren = 0
        continuation = None
        attributes = []
        for raw in path.read_text(encoding="utf-8").splitlines():
            stripped = raw.strip()
            if not stripped or stripped.startswith("///"):
                category = "doc" if stripped else "blank"
                counts[category] += 1
                if annotate:
                    annotate(category, raw)
                continue
            code = strip_code(stripped).strip()
            if continuation is None and ATTRIBUTE.match(code):  # `@available(...)` on its own line: counted with
                attributes.append(raw)                            # the declaration that follows
                continue
            kind = None
            if continuation is not None:
                category = continuation
            elif code.startswith("}") or code.startswith(")") or code.startswith("]"):
                category = frames[-1][1]
            else:
                parent_kind, parent_category = frames[-1]
                rule = member_rule(parent_kind, code, names)
                if rule is None:
                    category = parent_category
                else:
                    category, kind = rule
                if parent_kind == "clientProtocol" and frames[-1][1] == "protocol" and FUNC.match(code):
                    # One per operation: a streaming variant or an `accepting:` overload takes the same input.
                    match = REQUIREMENT_INPUT.match(code)
                    operations.add(match.group(1) if match else FUNC.match(code).group(1))
            opened_first = True
            for c in code:
                if c == "{":
                    frames.append((kind if opened_first and kind else "leaf", category))
                    opened_first = False
                elif c == "}":
                    if len(frames) > 1:
                        frames.pop()
                elif c in "([":
                    paren += 1
                elif c in ")]":
                    paren = max(0, paren - 1)
            if paren > 0 and continuation is None:
                continuation = category
            elif paren == 0:
                continuation = None
            counts[category] += 1 + len(attributes)
            if annotate:
                for line in attributes + [raw]:
                    annotate(category, line)
            attributes = []
            if category == "other" and len(unclassified) < 10000:
                unclassified.append(f"{path.name}: {stripped[:140]}")
        if len(frames) != 1 or paren:
            print(f"warning: {path}: unbalanced at the end ({len(frames) - 1} blocks, {paren} brackets open); "
                  "its counts are approximate", file=sys.stderr)
    return counts, len(operations), unclassified


def main():
    args = sys.argv[1:]
    table = "--table" in args
    samples = 0
    if "--unclassified" in args:
        index = args.index("--unclassified")
        samples = int(args[index + 1])
        del args[index:index + 2]
    if "--annotate" in args:
        for folder in [a for a in args if not a.startswith("--")]:
            budget(folder, annotate=lambda category, line: print(f"{category:>14} | {line}"))
        return
    folders = [a for a in args if a != "--table"]
    if not folders:
        sys.exit(__doc__)
    results = []
    for folder in folders:
        name = Path(folder).resolve().name
        counts, operations, unclassified = budget(folder)
        total = sum(counts.values())
        results.append((name, counts, operations, total))
        per = operations or 1
        for category in CATEGORIES:
            lines = counts[category]
            print(f"{name}.{category}: {lines} lines ({100 * lines / total:.1f}%, {lines / per:.1f}/op)")
        for group, members in GROUPS.items():
            lines = sum(counts[category] for category in members)
            print(f"{name}.{group}: {lines} lines ({100 * lines / total:.1f}%, {lines / per:.1f}/op)")
        print(f"{name}.total: {total} lines ({total / per:.1f}/op)")
        print(f"{name}.operationCount: {operations}")
        if samples:
            seen = Counter(re.sub(r"\w+", "w", line.split(": ", 1)[1]) for line in unclassified)
            for shape, count in seen.most_common(samples):
                print(f"  other x{count}: {shape}")
    if table:
        print()
        print("| category | " + " | ".join(name for name, *_ in results) + " |")
        print("|---|" + "---:|" * len(results))
        for category in CATEGORIES + list(GROUPS) + ["total"]:
            cells = []
            for _, counts, _, total in results:
                lines = total if category == "total" else sum(counts[c] for c in GROUPS.get(category, [category]))
                cells.append(f"{lines:,} ({100 * lines / total:.1f}%)" if category != "total" else f"{lines:,}")
            print(f"| {category} | " + " | ".join(cells) + " |")
        print("| operations | " + " | ".join(str(ops) for _, _, ops, _ in results) + " |")
        print("| lines/op | " + " | ".join(f"{total / (ops or 1):.0f}" for _, _, ops, total in results) + " |")
        for group, members in GROUPS.items():
            print(f"| {group}/op | " + " | ".join(
                f"{sum(counts[c] for c in members) / (ops or 1):.1f}" for _, counts, ops, _ in results) + " |")


if __name__ == "__main__":
    main()
