#!/usr/bin/env python3
"""The README's and the guides' code blocks, extracted (issue 36).

Documents: README.md, CONTRIBUTING.md, Scenarios/README.md and every DocC article (Sources/*/*.docc/*.md).

Swift blocks become one generated file each under Tests/IdentityBridgeClientTests/DocumentationSnippets/
(committed), so `swift test` compiles them: each block is the body of its own function (never called: a
block that needs a running service is compiled, not run), its `import` lines hoisted to the file, `@Test`
dropped from a test function it declares (the example is compiled, not run as a test), and a
`#sourceLocation` directive makes the compiler name the document's FILE:LINE. A marker on the line before
the fence (an HTML comment: GitHub and DocC show nothing) changes that:

    <!-- snippet: fragment (REASON) -->             not compiled: Package.swift lines, an excerpt of a bigger file
    <!-- snippet: continues -->                      compiled after the previous block of the same document, in a
                                                     nested scope of the same function (its names stay visible)
    <!-- snippet: given NAME: TYPE, ... (REASON) -->  the function's parameters: what the surrounding text says the
                                                     reader already has (a provider instance, say)
    <!-- snippet: target NAME (REASON) -->          generated into Tests/NAME instead (a test-only kind it names)

Markers may be combined, separated by ';' (`continues; given chat: ZendeskChatProvider`).

Usage:
    docs_snippets.py swift --write      regenerate the Swift files
    docs_snippets.py swift --check      exit 1 when the committed files differ from the documents (docs drifted)
    docs_snippets.py shell              print the shell commands as JSON lines (file, line, command), for docs-commands.sh
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TARGET = "IdentityBridgeClientTests"  # its dependencies reach every product the documents import
OUT_DIR = "DocumentationSnippets"  # in Tests/TARGET
SHELL_LANGS = {"sh", "bash", "console", "shell"}
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$")


def documents():
    paths = ["README.md", "CONTRIBUTING.md", "Scenarios/README.md"]
    paths += sorted(glob.glob("Sources/*/*.docc/*.md", root_dir=ROOT))
    return [p for p in paths if os.path.exists(os.path.join(ROOT, p))]


def blocks(path):
    """Yields (language, first body line number (1-based), body lines, marker dict) for each fenced block."""
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^(\s*)(```+)\s*([\w+-]*)", lines[i])
        if not fence:
            i += 1
            continue
        indent, ticks, lang = fence.group(1), fence.group(2), fence.group(3).lower()
        start = i
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(ticks):
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        i += 1
        marker = {}
        j = start - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        m = MARKER.match(lines[j]) if j >= 0 else None
        if m:
            for part in re.split(r";\s*(?=(?:fragment|continues|given|target)\b)", m.group(1)):
                part = part.strip()
                word, _, rest = part.partition(" ")
                if word not in ("fragment", "continues", "given", "target"):
                    sys.exit(f"{path}:{j + 1}: unknown snippet marker '{word}' (fragment, continues, given, target)")
                marker[word] = rest.strip()
        yield lang, start + 2, body, marker


# MARK: Swift


def identifier(path):
    stem = os.path.splitext(path)[0]
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", stem) if p and not p.endswith("docc") and p != "Sources"]
    return "_".join(parts[-2:]) if len(parts) > 1 else parts[0]


def given_parameters(text):
    """'chat: ZendeskChatProvider, user: UserIdentity (why)' -> 'chat: ZendeskChatProvider, user: UserIdentity'."""
    return re.sub(r"\s+\([^()]*\)\s*$", "", text).strip().rstrip(",")


def hoist_functions(code):
    """Splits a block's lines into (file-scope functions, the rest): a `func` at column 0 (with the `///` lines
    before it) of a chain's first block is a top-level function where a reader pastes the example, so it stays
    one (`fileprivate`), not a local function; the lines it leaves become empty lines, keeping the line numbers."""
    hoisted, rest, i = [], list(code), 0
    while i < len(rest):
        if re.match(r"^(@\w+\s+)*func\s", rest[i]):
            start = i
            while start > 0 and rest[start - 1].startswith("///"):
                start -= 1
            depth, end = 0, i
            while end < len(rest):
                depth += rest[end].count("{") - rest[end].count("}")
                if depth <= 0 and "{" in "".join(rest[i:end + 1]):
                    break
                end += 1
            hoisted.append((start, rest[start:end + 1]))
            for k in range(start, end + 1):
                rest[k] = ""
            i = end + 1
        else:
            i += 1
    return hoisted, rest


def swift_files():
    """{relative output path: text} for every Swift block of every document."""
    files = {}
    for path in documents():
        chains = []  # [(first line, imports, params, [(line, body)], target)]
        for lang, line, body, marker in blocks(path):
            if lang != "swift" or "fragment" in marker:
                continue
            imports = [b.strip() for b in body if re.match(r"^\s*(@testable\s+)?import\s+\w+", b)]
            # an import line becomes an empty line, so that #sourceLocation keeps every line's number
            code = ["" if re.match(r"^\s*(@testable\s+)?import\s+\w+", b) else b for b in body]
            code = [re.sub(r"^(\s*)@Test(\([^)]*\))?\s+", r"\1", b) for b in code]
            params = given_parameters(marker["given"]) if "given" in marker else ""
            if "continues" in marker:
                if not chains:
                    sys.exit(f"{path}:{line - 1}: 'continues' on the first Swift block of the document")
                chain = chains[-1]
                chain[1].extend(imports)
                if params:
                    chain[2].append(params)
                chain[3].append((line, code))
            else:
                target = marker["target"].split(" (")[0].strip() if "target" in marker else TARGET
                chains.append((line, imports, [params] if params else [], [(line, code)], target))
        for first, imports, params, parts, target in chains:
            name = f"{identifier(path)}_{first}"
            out = [
                "// swift-format-ignore-file",
                f"// GENERATED by .ci/docs_snippets.py from {path}: do not edit; edit the document, then run",
                "// `python3 .ci/docs_snippets.py swift --write`. Compiled by `swift test`, never run.",
            ]
            out += sorted(set(imports))
            out.append("")
            for line, code in parts[:1]:  # a continuation's functions may use the names before them: left local
                for start, function in hoist_functions(code)[0]:
                    out.append(f'#sourceLocation(file: "{path}", line: {line + start})')
                    out += [("fileprivate " + f) if re.match(r"^(@\w+\s+)*func\s", f) else f for f in function]
                    out.append("#sourceLocation()")
                    out.append("")
            out.append(f"func documentationSnippet_{name}({', '.join(params)}) async throws {{")
            depth = 0
            for index, (line, code) in enumerate(parts):
                if index > 0:
                    out.append("    " * (depth + 1) + "do {")
                    depth += 1
                pad = "    " * (depth + 1)
                code = hoist_functions(code)[1] if index == 0 else code
                out.append(f'#sourceLocation(file: "{path}", line: {line})')
                out += [(pad + c) if c.strip() else "" for c in code]
                out.append("#sourceLocation()")
            for d in range(depth, 0, -1):
                out.append("    " * d + "}")
            out.append("}")
            files[f"Tests/{target}/{OUT_DIR}/{name}.swift"] = "\n".join(out) + "\n"
    return files


def swift(mode):
    files = swift_files()
    existing = {os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "Tests", "*", OUT_DIR, "*.swift"))}
    if mode == "--write":
        for stale in existing - files.keys():
            os.remove(os.path.join(ROOT, stale))
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(ROOT, path)), exist_ok=True)
            with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
                f.write(text)
        print(f"docs_snippets.py: {len(files)} files in Tests/*/{OUT_DIR}")
        return 0
    problems = []
    for path in sorted(existing - files.keys()):
        problems.append(f"{path}: no longer generated (its block moved or went)")
    for path, text in sorted(files.items()):
        full = os.path.join(ROOT, path)
        if not os.path.exists(full):
            problems.append(f"{path}: missing (a new Swift block)")
        elif open(full, encoding="utf-8").read() != text:
            problems.append(f"{path}: differs from its document")
    if problems:
        print("docs_snippets.py: the generated Swift files do not match the documents' Swift blocks:", file=sys.stderr)
        for p in problems:
            print("    " + p, file=sys.stderr)
        print("Run `python3 .ci/docs_snippets.py swift --write`, then `swift test` compiles them; commit both.", file=sys.stderr)
        return 1
    print(f"docs_snippets.py: {len(files)} generated Swift files match the documents")
    return 0


# MARK: Shell


def shell_commands():
    """(file, line, command) for each command of each shell block: comments and output lines dropped,
    backslash continuations joined, a console block's `$ ` prompt removed (its other lines are output)."""
    for path in documents():
        for lang, line, body, marker in blocks(path):
            if lang not in SHELL_LANGS or "fragment" in marker:
                continue
            console = any(b.startswith("$ ") for b in body)
            pending, pending_line = "", 0
            for offset, text in enumerate(body):
                number = line + offset
                if console and not pending:
                    if not text.startswith("$ "):
                        continue
                    text = text[2:]
                if not pending and (not text.strip() or text.lstrip().startswith("#")):
                    continue
                if not pending:
                    pending_line = number
                if text.rstrip().endswith("\\"):
                    pending += text.rstrip()[:-1].rstrip() + " "
                    continue
                yield path, pending_line, (pending + text.strip()).strip()
                pending = ""


def main():
    os.chdir(ROOT)
    if len(sys.argv) >= 2 and sys.argv[1] == "swift" and sys.argv[2:] in (["--write"], ["--check"]):
        return swift(sys.argv[2])
    if sys.argv[1:] == ["shell"]:
        for path, line, command in shell_commands():
            print(json.dumps({"file": path, "line": line, "command": command}))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
