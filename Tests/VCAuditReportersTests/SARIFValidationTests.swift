import Foundation
import Testing
import VCAuditReporters
import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// The SARIF log has the shape SARIF 2.1.0 and GitHub code scanning require.
///
/// A structural check of the schema's required properties and allowed keys
/// for every object the reporter writes, plus GitHub's own demands: relative
/// URIs under `%SRCROOT%`, a `ruleIndex` that points at the rule, and
/// fingerprints that are unique and survive moved lines.
@Suite struct SARIFValidationTests {
    let result = ReportFixture.result
    let text = SARIFReporter(options: ReportFixture.options).report(ReportFixture.result)

    /// The keys the SARIF 2.1.0 schema allows (additionalProperties is false) on the objects the reporter writes.
    static let allowedKeys: [String: Set<String>] = [
        "sarifLog": ["$schema", "version", "runs", "inlineExternalProperties", "properties"],
        "run": ["tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
                "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates",
                "baselineGuid", "redactionReleases", "defaultEncoding", "defaultSourceLanguage", "newlineSequences",
                "columnKind", "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses",
                "translations", "policies", "webRequests", "webResponses", "specialLocations", "properties"],
        "tool": ["driver", "extensions", "properties"],
        "driver": ["guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
                   "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri",
                   "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language",
                   "contents", "isComprehensive", "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion",
                   "associatedComponent", "translationMetadata", "supportedTaxonomies", "properties"],
        "reportingDescriptor": ["id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames",
                                "shortDescription", "fullDescription", "messageStrings", "defaultConfiguration",
                                "helpUri", "help", "relationships", "properties"],
        "result": ["ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
                   "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows",
                   "graphs", "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank",
                   "attachments", "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest",
                   "webResponse", "properties"],
        "location": ["id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties"],
        "physicalLocation": ["address", "artifactLocation", "region", "contextRegion", "properties"],
        "artifactLocation": ["uri", "uriBaseId", "index", "description", "properties"],
        "region": ["startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset",
                   "byteLength", "snippet", "message", "sourceLanguage", "properties"],
        "invocation": ["commandLine", "arguments", "responseFiles", "startTimeUtc", "endTimeUtc", "exitCode",
                       "ruleConfigurationOverrides", "notificationConfigurationOverrides", "toolExecutionNotifications",
                       "toolConfigurationNotifications", "exitCodeDescription", "exitSignalName", "exitSignalNumber",
                       "processStartFailureMessage", "executionSuccessful", "machine", "account", "processId",
                       "executableLocation", "workingDirectory", "environmentVariables", "stdin", "stdout", "stderr",
                       "stdoutStderr", "properties"],
        "notification": ["locations", "message", "level", "threadId", "timeUtc", "exception", "descriptor",
                         "associatedRule", "properties"],
        "message": ["text", "markdown", "id", "arguments", "properties"],
        "multiformatMessageString": ["text", "markdown", "properties"],
        "reportingConfiguration": ["enabled", "level", "rank", "parameters", "properties"],
    ]

    @Test("a rule's help in Markdown keeps its description's code spans as code, not escaped backticks")
    func helpMarkdownKeepsCodeSpans() throws {
        let finding = Finding(ruleID: "pop_root", severity: .warning, message: "m", location: SourceLocation(file: "a.yaml", line: 1, column: 1))
        let sarif = SARIFReporter(options: ReportFixture.options).report(CheckResult(files: ["a.yaml"], findings: [finding], rules: RuleCatalog.descriptions))
        #expect(sarif.contains("\"markdown\": \"`popViewController(animated:)` on a navigation controller"))
        #expect(!sarif.contains("\\\\`popViewController"))
    }

    @Test func parsesAsStandardJSON() throws {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(object is [String: Any])
        _ = try JSONParser.parse(text)
    }

    @Test func hasTheRequiredShape() throws {
        let log = try JSONParser.parse(text)
        try expectKeys(log, "sarifLog", required: ["version", "runs"])
        #expect(log["version"]?.stringValue == "2.1.0")
        #expect(log["$schema"]?.stringValue?.hasPrefix("https://") == true)
        let runs = try #require(log["runs"]?.arrayValue)
        #expect(runs.count == 1)
        let run = runs[0]
        try expectKeys(run, "run", required: ["tool"])
        #expect(run["columnKind"]?.stringValue == "unicodeCodePoints")
        try expectKeys(try #require(run["tool"]), "tool", required: ["driver"])
        let driver = try #require(run["tool"]?["driver"])
        try expectKeys(driver, "driver", required: ["name"])
        #expect(driver["name"]?.stringValue == "vcaudit")
        #expect(driver["version"]?.stringValue == "1.2.3")

        let rules = try #require(driver["rules"]?.arrayValue)
        let ruleIDs = rules.compactMap { $0["id"]?.stringValue }
        #expect(ruleIDs.count == rules.count)
        #expect(ruleIDs == ruleIDs.sorted() && Set(ruleIDs).count == ruleIDs.count)
        #expect(Set(ruleIDs) == Set(result.rules.map(\.identifier)))
        for rule in rules {
            try expectKeys(rule, "reportingDescriptor", required: ["id", "name", "shortDescription", "fullDescription", "help", "defaultConfiguration"])
            for key in ["shortDescription", "fullDescription", "help"] {
                let string = try #require(rule[key])
                try expectKeys(string, "multiformatMessageString", required: ["text"])
                #expect(string["text"]?.stringValue?.isEmpty == false)
            }
            let configuration = try #require(rule["defaultConfiguration"])
            try expectKeys(configuration, "reportingConfiguration", required: ["level"])
            #expect(["note", "warning", "error"].contains(configuration["level"]?.stringValue ?? ""))
        }

        let results = try #require(run["results"]?.arrayValue)
        #expect(results.count == result.findings.count)
        var fingerprints: Set<String> = []
        for item in results {
            try expectKeys(item, "result", required: ["message", "ruleId", "ruleIndex", "level", "locations", "partialFingerprints"])
            let ruleID = try #require(item["ruleId"]?.stringValue)
            let index = try #require(item["ruleIndex"]?.intValue)
            #expect(rules.indices.contains(index) && ruleIDs[index] == ruleID)
            #expect(["note", "warning", "error"].contains(item["level"]?.stringValue ?? ""))
            try expectKeys(try #require(item["message"]), "message", required: ["text"])
            let locations = try #require(item["locations"]?.arrayValue)
            #expect(locations.count == 1)
            for location in locations + (item["relatedLocations"]?.arrayValue ?? []) {
                try expectLocation(location, withRegion: true)
            }
            let partial = try #require(item["partialFingerprints"]).objectMembers
            #expect(!partial.isEmpty)
            for value in partial.values { fingerprints.insert(try #require(value.stringValue)) }
        }
        #expect(fingerprints.count == results.count, "every result has its own fingerprint")

        let invocations = try #require(run["invocations"]?.arrayValue)
        #expect(invocations.count == 1)
        try expectKeys(invocations[0], "invocation", required: ["executionSuccessful"])
        #expect(invocations[0]["executionSuccessful"]?.boolValue == false)
        let notifications = try #require(invocations[0]["toolExecutionNotifications"]?.arrayValue)
        #expect(notifications.count == result.inputErrors.count + result.skipped.count)
        #expect(notifications.count(where: { $0["level"]?.stringValue == "error" }) == result.inputErrors.count)
        for notification in notifications {
            try expectKeys(notification, "notification", required: ["message"])
            for location in notification["locations"]?.arrayValue ?? [] {
                try expectLocation(location, withRegion: notification["level"]?.stringValue == "error")
            }
        }
    }

    @Test func aRunWithoutInputErrorsIsSuccessful() throws {
        let log = try JSONParser.parse(SARIFReporter(options: ReportFixture.options).report(ReportFixture.clean))
        let invocation = try #require(log["runs"]?.arrayValue?.first?["invocations"]?.arrayValue?.first)
        #expect(invocation["executionSuccessful"]?.boolValue == true)
    }

    @Test func fingerprintsSurviveMovedLinesButNotOtherScenarios() throws {
        var moved = ReportFixture.result
        for index in moved.findings.indices {
            moved.findings[index].location.line += 7
            for note in moved.findings[index].notes.indices { moved.findings[index].notes[note].location.line += 7 }
        }
        #expect(try fingerprints(of: moved) == fingerprints(of: ReportFixture.result))

        var renamed = ReportFixture.result
        let index = try #require(renamed.findings.firstIndex { $0.ruleID == "push_duplicate_instance" })
        renamed.findings[index].scenario = "Browse again"
        let changed = try fingerprints(of: renamed)
        let original = try fingerprints(of: ReportFixture.result)
        #expect(changed.count == original.count)
        #expect(zip(changed, original).count(where: { $0 != $1 }) == 1)
    }

    @Test func findingsTheCatalogLacksGetABareRuleEntry() throws {
        let result = CheckResult(
            files: ["Specs/A.yaml"],
            findings: [Finding(ruleID: "unused_suppression", severity: .warning, message: "nothing to suppress",
                               location: ReportFixture.at("Specs/A.yaml", 3, 5))],
            rules: ReportFixture.rules)
        let log = try JSONParser.parse(SARIFReporter(options: ReportFixture.options).report(result))
        let run = try #require(log["runs"]?.arrayValue?.first)
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        let index = try #require(run["results"]?.arrayValue?.first?["ruleIndex"]?.intValue)
        #expect(rules[index]["id"]?.stringValue == "unused_suppression")
        #expect(rules.count == ReportFixture.rules.count + 1)
    }

    @Test func pathsAreRelativeToTheRootAndEncodedAsURIs() throws {
        let outside = "/elsewhere/My Specs/a.yaml"
        let result = CheckResult(
            files: ["/work/app/Specs/Ünïcode spec.yaml", "./Specs/b.yaml", outside],
            findings: [
                Finding(ruleID: "pop_root", severity: .warning, message: "m", location: ReportFixture.at("/work/app/Specs/Ünïcode spec.yaml", 1, 1)),
                Finding(ruleID: "pop_root", severity: .warning, message: "m", location: ReportFixture.at("./Specs/b.yaml", 1, 1)),
                Finding(ruleID: "pop_root", severity: .warning, message: "m", location: ReportFixture.at(outside, 1, 1)),
            ])
        let log = try JSONParser.parse(SARIFReporter(options: ReportFixture.options).report(result))
        let artifacts = try #require(log["runs"]?.arrayValue?.first?["results"]?.arrayValue).map { $0["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"] }
        // Report order sorts the paths as given: "./Specs/b.yaml" < "/elsewhere/…" < "/work/app/…".
        #expect(artifacts.map { $0?["uri"]?.stringValue } == [
            "Specs/b.yaml", "file:///elsewhere/My%20Specs/a.yaml", "Specs/%C3%9Cn%C3%AFcode%20spec.yaml",
        ])
        #expect(artifacts.map { $0?["uriBaseId"]?.stringValue } == ["%SRCROOT%", nil, "%SRCROOT%"])
        for artifact in artifacts {
            let uri = try #require(artifact?["uri"]?.stringValue)
            #expect(URL(string: uri) != nil, "\(uri) is a valid URI reference")
        }
    }

    private func fingerprints(of result: CheckResult) throws -> [String] {
        let log = try JSONParser.parse(SARIFReporter(options: ReportFixture.options).report(result))
        let results = try #require(log["runs"]?.arrayValue?.first?["results"]?.arrayValue)
        return results.map { $0["partialFingerprints"]?[SARIFReporter.fingerprintKey]?.stringValue ?? "" }
    }

    private func expectLocation(_ location: JSONValue, withRegion: Bool) throws {
        try expectKeys(location, "location", required: ["physicalLocation"])
        if let message = location["message"] { try expectKeys(message, "message", required: ["text"]) }
        let physical = try #require(location["physicalLocation"])
        try expectKeys(physical, "physicalLocation", required: withRegion ? ["artifactLocation", "region"] : ["artifactLocation"])
        let artifact = try #require(physical["artifactLocation"])
        try expectKeys(artifact, "artifactLocation", required: ["uri", "uriBaseId"])
        let uri = try #require(artifact["uri"]?.stringValue)
        #expect(!uri.hasPrefix("/") && !uri.contains("://") && !uri.hasPrefix("./"), "\(uri) is relative to the source root")
        #expect(artifact["uriBaseId"]?.stringValue == "%SRCROOT%")
        #expect(URL(string: uri) != nil, "\(uri) is a valid URI reference")
        if let region = physical["region"] {
            try expectKeys(region, "region", required: ["startLine", "startColumn"])
            #expect((region["startLine"]?.intValue ?? 0) >= 1 && (region["startColumn"]?.intValue ?? 0) >= 1)
        }
    }

    private func expectKeys(_ value: JSONValue, _ kind: String, required: Set<String>, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        guard case .object(let members) = value else {
            Issue.record("\(kind) is not an object", sourceLocation: sourceLocation)
            return
        }
        let allowed = try #require(Self.allowedKeys[kind])
        let keys = Set(members.keys)
        #expect(keys.isSuperset(of: required), "\(kind) lacks \(required.subtracting(keys).sorted())", sourceLocation: sourceLocation)
        #expect(keys.isSubset(of: allowed), "\(kind) has keys SARIF does not define: \(keys.subtracting(allowed).sorted())", sourceLocation: sourceLocation)
    }
}
