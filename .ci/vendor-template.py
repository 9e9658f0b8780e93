#!/usr/bin/env python3
"""The vendor template of CONTRIBUTING ("One template for every vendor"), checked file by file.

Every built-in vendor has the template's files, and in them the one shape of each thing: the backend plugs into
the session through `package protocol <V>SessionBackend: CredentialIssuer` only; one backend initializer
`<V>Provider(issuer:port:clock:logger:)` and `backendIssuer`; loggers labelled by `ProviderKind.loggerLabel`;
`identityError(...)` the one name of error mapping; every provider on the session engine (`SessionProvider`, whose
requirements the compiler holds every vendor to: the login step's shape is no longer checked here); every public
`verify` in `<V>Issuer+Verification.swift`; typed claims named `<V>Claims`; `VendorEventMapping` as an extension
of the plugin. `Examples/IntercomKind` (one module, no app half) is held to the parts that apply to it.
Prints one line per finding and exits 1 when there is any.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENDORS = ["Helpshift", "ZendeskChat", "ZendeskMessaging", "ZendeskSupport"]
findings = []


def read(path):
    return path.read_text(encoding="utf-8") if path.exists() else ""


def swift_files(folder):
    return sorted(p for p in folder.rglob("*.swift") if ".build" not in p.parts)


def need(condition, message):
    if not condition:
        findings.append(message)


def common(name, sources, provider_files, issuer_dir):
    """The rules every kind follows, the built-in vendors and Examples/IntercomKind alike."""
    for path in sources:
        text = read(path)
        rel = path.relative_to(ROOT)
        for match in re.finditer(r"\bfunc (error|mismatch)\(", text):
            need(False, f"{rel}: 'func {match.group(1)}(' maps an error; the template's one name is identityError(...)")
        need('Logger(label: "' not in text, f"{rel}: a literal logger label; use Logger(label: ProviderKind.<kind>.loggerLabel)")
        if "Credentials" in path.parts and not path.name.endswith("+Verification.swift"):
            need(
                re.search(r"public func verify\(", text) is None,
                f"{rel}: a public verify outside {name}Issuer+Verification.swift (verification lives in one place)",
            )
        for match in re.finditer(r"(?:public|package) struct (\w+Claims)\b", text):
            need(match.group(1) == f"{name}Claims", f"{rel}: claims type {match.group(1)}; the template's name is {name}Claims")
    provider = "".join(read(p) for p in provider_files)
    need(
        re.search(rf"public actor {name}Provider: SessionProvider\b", provider) is not None,
        f"{name}: {name}Provider is not 'public actor {name}Provider: SessionProvider' (the session engine)",
    )
    need((issuer_dir / f"{name}Issuer+Verification.swift").exists(), f"{name}: no Credentials/{name}Issuer+Verification.swift")


for v in VENDORS:
    session = ROOT / "Sources" / f"{v}Session"
    adapter = ROOT / "Sources" / f"{v}Adapter"
    required = [
        session / f"{v}Limits.swift",
        session / f"ProviderKind+{v}.swift",
        session / "Port" / f"{v}SDKPort.swift",
        session / "Session" / f"{v}SessionBackend.swift",
        session / "Session" / f"{v}Provider.swift",
        session / "Session" / f"{v}Provider+Login.swift",
        adapter / f"{v}Plugin.swift",
        adapter / f"{v}Provider+Backend.swift",
        adapter / "Exports.swift",
        adapter / "Settings" / f"{v}Settings.swift",
        adapter / "Settings" / f"{v}Settings+Parsing.swift",
        adapter / "Credentials" / f"{v}Issuer.swift",
        adapter / "Credentials" / f"{v}Issuer+Verification.swift",
        adapter / "Credentials" / f"{v}Claims.swift",
    ]
    for path in required:
        need(path.exists(), f"{v}: missing {path.relative_to(ROOT)}")
    common(v, swift_files(session) + swift_files(adapter), [session / "Session" / f"{v}Provider.swift"], adapter / "Credentials")

    hook = read(session / "Session" / f"{v}SessionBackend.swift")
    need(
        f"package protocol {v}SessionBackend: CredentialIssuer" in hook,
        f"{v}: the session's backend hook is not 'package protocol {v}SessionBackend: CredentialIssuer'",
    )
    provider = read(session / "Session" / f"{v}Provider.swift")
    need(
        re.search(rf"package init\([^)]*backend: \(any {v}SessionBackend\)\?", provider, re.S) is not None,
        f"{v}: {v}Provider's package initializer does not take 'backend: (any {v}SessionBackend)?'",
    )
    need(
        re.search(r"\blet \w+: \(@Sendable", provider) is None,
        f"{v}: {v}Provider keeps a closure; the backend plugs in through {v}SessionBackend only",
    )
    backend = read(adapter / f"{v}Provider+Backend.swift")
    need(
        re.search(
            rf"public init\(\s*issuer: {v}Issuer, port: [^\n]+?, clock: any IdentityClock,\s*"
            rf"logger: Logger = Logger\(label: ProviderKind\.\w+\.loggerLabel\)\s*\)",
            backend,
        )
        is not None,
        f"{v}: the backend initializer is not init(issuer: {v}Issuer, port:, clock:, logger: = Logger(label: ProviderKind.<kind>.loggerLabel))",
    )
    need(f"public nonisolated var backendIssuer: {v}Issuer?" in backend, f"{v}: no backendIssuer in {v}Provider+Backend.swift")
    need(f"extension {v}Issuer: {v}SessionBackend" in backend, f"{v}: {v}Issuer does not adopt {v}SessionBackend in {v}Provider+Backend.swift")
    issuer = read(adapter / "Credentials" / f"{v}Issuer.swift")
    need(
        re.search(r"public init\(\s*settings: \w+, provider: ProviderReference[^,]*,\s*clock: any IdentityClock", issuer) is not None,
        f"{v}: the issuer's initializer is not init(settings:provider:clock:)",
    )
    need("public let settings:" in issuer, f"{v}: the issuer does not keep its settings")
    plugin = read(adapter / f"{v}Plugin.swift")
    need(re.search(r"struct \w+Plugin:[^{]*VendorEventMapping", plugin) is None, f"{v}: VendorEventMapping on the plugin's declaration")
    maps_events = (session / "Events" / f"{v}EventMapper.swift").exists()
    need(
        (f"extension {v}Plugin: VendorEventMapping" in plugin) == maps_events,
        f"{v}: 'extension {v}Plugin: VendorEventMapping' and Events/{v}EventMapper.swift go together",
    )

intercom = ROOT / "Examples" / "IntercomKind" / "Sources" / "IntercomKind"
common("Intercom", swift_files(intercom), [intercom / "Session" / "IntercomProvider.swift"], intercom / "Credentials")
need(
    re.search(
        r"public init\(\s*issuer: IntercomIssuer, port: [^\n]+?, clock: any IdentityClock,\s*"
        r"logger: Logger = Logger\(label: ProviderKind\.intercom\.loggerLabel\)",
        read(intercom / "Session" / "IntercomProvider.swift"),
    )
    is not None,
    "Intercom: the provider's initializer is not init(issuer:port:clock:logger: = Logger(label: ProviderKind.intercom.loggerLabel))",
)

for finding in findings:
    print("vendor-template:", finding)
if findings:
    sys.exit(1)
print(f"vendor-template: {len(VENDORS)} vendors and Examples/IntercomKind follow CONTRIBUTING's template")
