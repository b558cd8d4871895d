import VCAuditReplay

/// Where an event came from, as diff lines show it.
///
/// The event itself reads as `Event.summary`, the same line `vcaudit replay --format text` prints.
public enum EventText {
    /// `Specs/App.yaml:12:9 step 3`, with ` via <transition>` when a transition expanded into the event.
    ///
    /// When the event comes from `spec` (the log's own spec, named in the
    /// scenario's heading) only `line:column` is shown, so the same step in two
    /// copies of a spec reads the same.
    public static func position(_ event: Event, in spec: String? = nil) -> String {
        var out = (event.at.file == spec ? "\(event.at.line):\(event.at.column)" : event.at.description) + " step \(event.step)"
        if let transition = event.transition { out += " via \(transition)" }
        return out
    }
}
