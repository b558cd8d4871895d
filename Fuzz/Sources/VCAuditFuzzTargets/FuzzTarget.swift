import VCAuditReplay
import VCAuditRules
import VCAuditSpec

/// One reader of outside input, exercised with whatever bytes libFuzzer makes.
///
/// A target must never crash, hang or grow memory without bound, whatever the bytes: libFuzzer
/// reports any of those (with `-timeout` and `-rss_limit_mb`). Errors thrown for bad input are
/// the expected outcome and are rendered, so the diagnostic code is exercised too.
public struct FuzzTarget: Sendable {
    public let name: String
    public let run: @Sendable ([UInt8]) -> Void

    public static let all: [FuzzTarget] = [
        FuzzTarget(name: "spec", run: FuzzTargets.spec),
        FuzzTarget(name: "yaml", run: FuzzTargets.yaml),
        FuzzTarget(name: "config", run: FuzzTargets.configuration),
        FuzzTarget(name: "baseline", run: FuzzTargets.baseline),
        FuzzTarget(name: "eventlog", run: FuzzTargets.eventLog),
        FuzzTarget(name: "check", run: FuzzTargets.check),
        FuzzTarget(name: "storyboard", run: FuzzTargets.storyboard),
        FuzzTarget(name: "appsettings", run: FuzzTargets.appSettings),
    ]
}
