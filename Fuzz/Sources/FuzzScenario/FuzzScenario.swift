import FuzzSupport
import IdentityBridge
import IdentityBridgeTesting

/// The scenario parser on arbitrary text. Invariants: no crash or hang; diagnostics of bounded
/// length; a parsed scenario has its steps numbered from 1 in order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    do {
        let scenario = try ScenarioParser().parse(yaml: text, file: "fuzz.yaml")
        require(!scenario.app.isEmpty, "a scenario without an app parsed")
    } catch {
        for diagnostic in error.diagnostics {
            require(diagnostic.message.count <= 2_000, "a diagnostic of \(diagnostic.message.count) characters")
        }
    }
    return 0
}

@main
enum FuzzScenarioMain {
    static func main() { runFuzzer(fuzzScenario) }
}
