#!/usr/bin/env python3
"""Writes a conformance to a generated `<Client>Webhooks` protocol whose every method counts its calls (for
Scripts/corpus/webhooks-loopback.sh): the requirements are read from the generated files."""

import re
import sys
from pathlib import Path

text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(Path(sys.argv[1]).glob("*.swift")))
protocol = re.search(r"public protocol (\w+Webhooks): Sendable \{(.*?)\n\}", text, re.S)
requirements = re.findall(r"func (\w+)\(_ input: ([\w.]+)\) async throws -> (.+)", protocol.group(2))
print("import GeneratedAPI\nimport RaspRuntime\n")
print(f"typealias ReceiverProtocol = {protocol.group(1)}\n")
print("struct Receiver: ReceiverProtocol {\n    let count: @Sendable (String) -> Void\n")
for name, input_type, result in requirements:
    if name == "unrecognizedWebhook":
        continue
    if result.strip() != "Void":
        raise SystemExit(f"{name} returns {result}: this check only sends webhooks answered with no body")
    print(f'    func {name}(_ input: {input_type}) async throws {{ count("{name}") }}')
print("}")
