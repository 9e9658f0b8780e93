#!/usr/bin/env python3
"""The stand-ins say what the vendors ship: every public declaration of a stand-in module
(Examples/AppBridges/Sources/StandIns/<Module>/, except its `+StandIn.swift` files, which hold the
test-only API and say so) appears in the excerpt of the vendor's own interface
(Examples/AppBridges/Interfaces/<Module>.swiftinterface, or for an Objective-C SDK
<Module>.h, whose `// swift:` lines give each declaration as Swift imports it), and every enum case
and protocol requirement the excerpt lists for a type the stand-in declares is declared by the
stand-in. Comparison is on a normalised form: module prefixes (`Swift.`, `Foundation.`, the
vendor's own), attributes other than `@escaping`/`@Sendable`, access and `final`/`convenience`/
`override`/`dynamic` modifiers, accessor blocks, and white space are dropped; labels, types,
optionality, `async`/`throws`, default values, the declaration kind (class/struct/enum/protocol,
let/var, static/class) and, for a type, its superclass and refined protocols are kept.

Usage: standins.py [APPBRIDGES_DIR]  (exit 1 on any difference, each named with file and line)
       standins.py --self-test     (the check fails on copies with a changed label, either side, a removed
                                    enum case and a dropped optional)
"""
import os
import re
import sys

ROOT = sys.argv[-1] if len(sys.argv) > 1 and not sys.argv[-1].startswith("--") else os.path.join(os.path.dirname(__file__), "..", "Examples", "AppBridges")
STANDINS = os.path.join(ROOT, "Sources", "StandIns")
INTERFACES = os.path.join(ROOT, "Interfaces")

TYPE_KINDS = ("class", "struct", "enum", "protocol", "actor")
DECL_WORDS = TYPE_KINDS + ("extension", "func", "init", "var", "let", "case", "typealias", "subscript", "associatedtype")
MODIFIERS = {"public", "open", "final", "convenience", "override", "dynamic", "nonisolated", "required", "weak",
             "indirect", "mutating", "package", "internal", "fileprivate", "private", "lazy", "optional"}
# `class func` is how Swift presents an Objective-C class method and a non-final class method of a
# final class; `static func` says the same of a final class.
KEEP_ATTRIBUTES = {"@escaping", "@Sendable", "@autoclosure"}


def strip_attributes(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "@":
            m = re.match(r"@[A-Za-z_][\w.]*", text[i:])
            if m:
                name = m.group(0)
                j = i + len(name)
                if j < len(text) and text[j] == "(":
                    depth = 0
                    while j < len(text):
                        depth += text[j] == "("
                        depth -= text[j] == ")"
                        j += 1
                        if depth == 0:
                            break
                if name.split(".")[-1] in {a[1:] for a in KEEP_ATTRIBUTES}:
                    out.append("@" + name.split(".")[-1] + " ")
                i = j
                continue
        out.append(text[i])
        i += 1
    return "".join(out)


def normalise(text, modules):
    text = strip_attributes(text)
    text = re.sub(r"\bprivate\(set\)|\binternal\(set\)|\bfileprivate\(set\)", " ", text)
    for module in sorted(modules, key=len, reverse=True):
        text = re.sub(r"(?<![\w.])" + re.escape(module) + r"\.(?=[A-Za-zА-я_\u0400-\u04ff])", "", text)
    words = text.split()
    kept = []
    for index, word in enumerate(words):
        if word in MODIFIERS:
            continue
        kept.append(word)
    text = " ".join(kept)
    text = re.sub(r"\bclass func\b", "static func", text)
    text = re.sub(r"\bclass var\b", "static var", text)
    text = re.sub(r"\s*([:,()\[\]<>=?!{}])\s*", r"\1", text)
    text = re.sub(r"\s*->\s*", "->", text)
    text = text.replace("Void", "()") if False else text
    return text.strip()


def statements(lines):
    """Yields (line number, text, depth before) for each declaration, multi-line ones joined, bodies skipped.
    Braces are tracked so that containers (types, extensions) are known."""
    result = []
    i = 0
    depth = 0
    stack = []  # (depth at which the container's body starts, container name)
    skip_until = None
    while i < len(lines):
        raw = lines[i]
        line = re.sub(r"//.*$", "", raw).strip() if not raw.strip().startswith("// swift:") else raw.strip()
        start = i + 1
        if not line:
            i += 1
            continue
        # Join until parentheses balance.
        text = line
        while text.count("(") > text.count(")") and i + 1 < len(lines):
            i += 1
            text += " " + re.sub(r"//.*$", "", lines[i]).strip()
        i += 1
        if skip_until is not None:
            # inside a function's or a property's body: statements, not declarations
            depth += text.count("{") - text.count("}")
            if depth <= skip_until:
                skip_until = None
            continue
        # Closing braces at the start of a line end containers.
        stripped = text
        while stripped.startswith("}"):
            depth -= 1
            while stack and stack[-1][0] > depth:
                stack.pop()
            stripped = stripped[1:].strip()
        if not stripped:
            continue
        head = strip_attributes(stripped)
        head_words = [w for w in re.split(r"[\s(:<{?!]", head) if w]
        words = [w for w in head_words if w not in MODIFIERS and w != "static"]
        while len(words) > 1 and words[0] == "class" and words[1] in ("func", "var", "let", "subscript", "init"):
            words = words[1:]
        kind = words[0] if words and words[0] in DECL_WORDS else None
        is_decl = kind is not None
        # the declaration text stops at its body
        body_at = None
        paren = 0
        for index, ch in enumerate(stripped):
            paren += ch == "("
            paren -= ch == ")"
            if ch == "{" and paren == 0:
                body_at = index
                break
        decl = stripped if body_at is None else stripped[:body_at]
        container = stack[-1][1] if stack else ""
        opens = stripped.count("{") - stripped.count("}")
        if is_decl:
            result.append((start, decl.strip(), container, kind))
        if is_decl and kind not in TYPE_KINDS + ("extension",) and opens > 0:
            skip_until = depth
        if is_decl and kind in TYPE_KINDS + ("extension",) and body_at is not None:
            name = type_name(decl, kind)
            stack.append((depth + 1, (container + "." if container and kind != "extension" else "") + name))
        depth += opens
        while stack and stack[-1][0] > depth:
            stack.pop()
    return result


def type_name(decl, kind):
    m = re.search(r"\b" + kind + r"\s+([\w.\u0400-\u04ff]+)", strip_attributes(decl))
    return m.group(1).split(".")[-1] if m else "?"


def inheritance(decl):
    body = strip_attributes(decl)
    m = re.search(r"\b(class|struct|enum|protocol|actor|extension)\s+[\w.]+\s*(<[^>]*>)?\s*:(.*?)(\bwhere\b|$)", body)
    if not m:
        return []
    return [p.strip().split(".")[-1] for p in m.group(3).split(",") if p.strip()]


def parse(path, modules, swift_lines_only=False):
    lines = open(path, encoding="utf-8").read().split("\n")
    if swift_lines_only:
        # An Objective-C header: its `// swift:` lines, a type's members running to the header's `@end`.
        swift, open_type = [], False
        for l in lines:
            if l.strip().startswith("// swift:"):
                text = re.sub(r"^\s*// swift:\s?", "", l)
                if (re.search(r"\b(class|protocol|enum|struct|extension)\s+\w", strip_attributes(re.sub(r"//.*$", "", text)))
                        and not re.search(r"\b(func|var|let|typealias|init)\b", text) and "{" not in text):
                    swift.append(text + " {")
                    open_type = True
                    continue
                swift.append(text)
            elif l.strip().startswith("@end") and open_type:
                swift.append("}")
                open_type = False
            else:
                swift.append("")
        lines = swift
    decls = []
    for number, text, container, kind in statements(lines):
        if kind == "extension" and not inheritance(text):
            continue
        if text.startswith("deinit"):
            continue
        decls.append((number, text, container, kind))
    return decls


def without_initial_value(text):
    """A stored property's declaration without its initial value (an interface never shows one)."""
    depth = 0
    for index, ch in enumerate(text):
        depth += ch in "([<"
        depth -= ch in ")]>"
        if ch == "=" and depth == 0 and text[index + 1:index + 2] != "=":
            return text[:index]
    return text


def key(decl, modules):
    number, text, container, kind = decl
    if kind in ("var", "let"):
        text = without_initial_value(text)
    if kind in TYPE_KINDS or kind == "extension":
        name = type_name(text, kind)
        qualified = (container + "." if container and kind != "extension" else "") + name
        return (qualified, kind if kind != "extension" else "extension", None)
    return (container, kind, normalise(text, modules))


def check_module(module):
    folder = os.path.join(STANDINS, module)
    swift_excerpt = os.path.join(INTERFACES, module + ".swiftinterface")
    header_excerpt = os.path.join(INTERFACES, module + ".h")
    failures = []
    sources = [(p, p.endswith(".h")) for p in (swift_excerpt, header_excerpt) if os.path.exists(p)]
    if not sources:
        return [f"{folder}: no excerpt of the vendor's interface ({module}.swiftinterface or {module}.h in {INTERFACES})"]
    excerpt_path = " and ".join(os.path.basename(p) for p, _ in sources)
    modules = {"Swift", "Foundation", "ObjectiveC", "Dispatch", "_Concurrency", "CoreFoundation", module}
    modules |= {os.path.splitext(f)[0] for f in os.listdir(INTERFACES) if f.endswith((".swiftinterface", ".h"))}
    excerpt = []
    for path, from_header in sources:
        head = open(path, encoding="utf-8").read().split("\n")[:8]
        for field in ("repository:", "version:", "path:"):
            if not any(l.startswith("// " + field) for l in head):
                failures.append(f"{path}:1: the excerpt's header does not name its {field[:-1]}")
        excerpt += [(path,) + d for d in parse(path, modules, swift_lines_only=from_header)]
    excerpt_types = {}
    excerpt_members = {}
    for source, *decl in excerpt:
        decl = tuple(decl)
        k = key(decl, modules)
        if k[2] is None:
            excerpt_types.setdefault((k[0], k[1]), []).append(decl)
        else:
            excerpt_members.setdefault(k, (source,) + decl)
    standin = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".swift") or name.endswith("+StandIn.swift"):
            continue
        path = os.path.join(folder, name)
        for decl in parse(path, modules):
            number, text, container, kind = decl
            public = re.search(r"\b(public|open)\b", text) is not None
            if kind == "case" or kind == "extension":
                public = True
            if not public and not (container and kind in ("func", "var", "let", "init", "associatedtype", "subscript")
                                   and any(t[0] == container and t[1] == "protocol" for t in excerpt_types)):
                continue
            standin.append((path, decl))
    declared_types = set()
    declared_members = set()
    for path, decl in standin:
        number, text, container, kind = decl
        k = key(decl, modules)
        if k[2] is None:
            declared_types.add(k[0])
            theirs = excerpt_types.get((k[0], k[1]))
            if not theirs:
                if kind == "extension":
                    # a conformance the excerpt does not list
                    failures.append(f"{path}:{number}: 'extension {k[0]}: {', '.join(inheritance(text))}' is not in {excerpt_path}")
                else:
                    failures.append(f"{path}:{number}: {kind} '{k[0]}' is not in {excerpt_path} (as a {kind})")
                continue
            mine = set(inheritance(text))
            all_theirs = set()
            for d in theirs:
                all_theirs |= set(inheritance(d[1]))
            extra = mine - all_theirs
            if extra:
                failures.append(f"{path}:{number}: {k[0]} adopts {sorted(extra)}, which the vendor's {k[0]} does not ({sorted(all_theirs)})")
            for required in ("NSObject", "NSObjectProtocol"):
                if required in all_theirs and required not in mine and kind != "extension":
                    failures.append(f"{path}:{number}: the vendor's {k[0]} inherits {required}; the stand-in's does not")
            continue
        declared_members.add(k)
        if k not in excerpt_members:
            near = [d for (c, kd, t), d in excerpt_members.items() if c == k[0] and kd == k[1]
                    and re.split(r"[(:<=]", t)[0].split()[-1:] == re.split(r"[(:<=]", k[2])[0].split()[-1:]]
            hint = f"; the excerpt has '{near[0][2]}' ({os.path.basename(near[0][0])}:{near[0][1]})" if near else ""
            failures.append(f"{path}:{number}: '{text}' in {k[0] or 'the module'} is not in {excerpt_path}{hint}")
    # Every case and protocol requirement of a type the stand-in declares.
    for (container, kind, text), decl in excerpt_members.items():
        if container not in declared_types:
            continue
        type_kind = next((tk for (name, tk) in excerpt_types if name == container and tk in TYPE_KINDS), None)
        if (kind == "case" and type_kind == "enum") or type_kind == "protocol":
            if (container, kind, text) not in declared_members:
                failures.append(f"{decl[0]}:{decl[1]}: '{decl[2]}' of {container} is not declared by the stand-in {module}")
    return failures


def main():
    modules = sorted(m for m in os.listdir(STANDINS) if os.path.isdir(os.path.join(STANDINS, m)))
    failures = []
    counts = []
    for module in modules:
        found = check_module(module)
        failures += found
        counts.append(module)
    for failure in failures:
        print(f"standins: {failure}", file=sys.stderr)
    if failures:
        print(f"standins: {len(failures)} difference(s) between the stand-ins and the vendors' interfaces", file=sys.stderr)
        sys.exit(1)
    print(f"standins: {', '.join(counts)}: every public declaration is the vendor's, every enum case and protocol requirement is there")


def self_test():
    """The check fails on a changed label (on either side) and a removed enum case: run on copies."""
    import shutil
    import subprocess
    import tempfile
    mutations = [
        ("a label changed in a stand-in", "Sources/StandIns/ZendeskSDK/Zendesk+Login.swift", "loginUser(with jwt:", "loginUser(using jwt:"),
        ("a label changed in an excerpt", "Interfaces/ChatProvidersSDK.swiftinterface", "setIdentity(authenticator:", "setIdentity(jwtAuthenticator:"),
        ("an enum case removed from a stand-in", "Sources/StandIns/ChatProvidersSDK/AuthenticationError.swift", "case internalError\n", ""),
        ("an optional dropped in a stand-in", "Sources/StandIns/ZendeskSDK/Zendesk.swift", "Zendesk?", "Zendesk"),
    ]
    failed = []
    for name, path, old, new in mutations:
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(os.path.join(ROOT, "Sources", "StandIns"), os.path.join(tmp, "Sources", "StandIns"))
            shutil.copytree(INTERFACES, os.path.join(tmp, "Interfaces"))
            target = os.path.join(tmp, path)
            text = open(target, encoding="utf-8").read()
            if old not in text:
                failed.append(f"{name}: '{old}' is not in {path}")
                continue
            open(target, "w", encoding="utf-8").write(text.replace(old, new, 1))
            run = subprocess.run([sys.executable, __file__, tmp], capture_output=True, text=True)
            if run.returncode == 0:
                failed.append(f"{name}: the check passed")
            else:
                first = run.stderr.strip().split("\n")[0]
                print(f"standins self-test: {name} ({path}) fails the check: {first}")
    for failure in failed:
        print(f"standins self-test: {failure}", file=sys.stderr)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        sys.argv.pop(1)
        self_test()
    else:
        main()
