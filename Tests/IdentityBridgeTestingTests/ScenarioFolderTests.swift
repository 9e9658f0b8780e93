import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// Runs every scenario file in the top-level Scenarios/ folder against Scenarios/config.yaml.
@Suite("Scenarios/ folder")
struct ScenarioFolderTests {
    /// Every `*.yaml` under Scenarios/ except the configuration, relative to the folder.
    static let files: [String] = {
        let base = StandardFixture.scenarios.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".yaml"), path != "config.yaml" { files.append(path) }
        }
        return files.sorted()
    }()

    @Test("the scenario runs green on its providers", arguments: files)
    func scenario(file: String) async throws {
        let path = StandardFixture.scenarios.appendingPathComponent(file).path
        let scenario = try ScenarioParser().parse(path: path)
        let result = try await ScenarioRunner(configuration: StandardFixture.configuration()).run(scenario)
        for failure in result.failures { Issue.record("\(file): \(failure.line)") }
        #expect(result.passed + result.failed > 0, "a scenario must expect something")
        if !result.failures.isEmpty { print(result.lines.joined(separator: "\n")) }
    }

    @Test("the scenario file is valid: it parses and names an app and providers of the configuration", arguments: files)
    func scenarioIsValid(file: String) throws {
        let scenario = try ScenarioParser().parse(path: StandardFixture.scenarios.appendingPathComponent(file).path)
        #expect(scenario.steps.contains { if case .expect = $0.action { true } else { false } })
        let kind = file.split(separator: "/").first.map(String.init) ?? ""
        if kind != "common" {
            #expect(scenario.providers?.allSatisfy { $0.hasPrefix(kind) } == true, "a scenario in \(kind)/ runs on \(kind) instances only")
        }
    }

    @Test("every built-in kind has scenarios of its own", arguments: StandardFixture.kinds)
    func kindHasScenarios(kind: ProviderKind) {
        #expect(Self.files.filter { $0.hasPrefix(kind.rawValue + "/") }.count >= 2)
    }

    @Test("the folder exercises every step kind")
    func everyStepKindIsUsed() throws {
        var keywords: Set<String> = []
        for file in Self.files {
            let scenario = try ScenarioParser().parse(path: StandardFixture.scenarios.appendingPathComponent(file).path)
            keywords.formUnion(scenario.steps.map(\.action.keyword))
        }
        #expect(keywords == Set(ScenarioParser.stepKeywords))
    }

    @Test("the folder holds scenarios")
    func folderIsFound() {
        #expect(Self.files.count >= 10, "found: \(Self.files)")
    }
}
