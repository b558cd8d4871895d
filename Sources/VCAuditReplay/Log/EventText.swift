import VCAuditSpec

extension Event {
    /// The event as one readable line: name, receiver, then the other fields as `key=value`.
    ///
    /// `pushViewController charactersNav child=characterDetail animated`
    public var summary: String {
        var parts: [String] = [name.rawValue]
        if let vc { parts.append(vc.name) }
        func add(_ key: String, _ value: String?) { if let value { parts.append("\(key)=\(value)") } }
        func add(_ key: String, _ value: ControllerID?) { add(key, value?.name) }
        add("parent", parent); add("child", child); add("presenter", presenter); add("source", source)
        add("presented", presented); add("nav", nav); add("tabs", tabs); add("from", from); add("to", to)
        if let vcs { parts.append("vcs=[\(vcs.joined(separator: ","))]") }
        add("style", style?.rawValue); add("requestedStyle", requestedStyle?.rawValue); add("anchor", anchor)
        if let appearing { parts.append(appearing ? "appearing" : "disappearing") }
        if animated == true { parts.append("animated") }
        add("width", width?.rawValue); add("height", height?.rawValue); add("path", restorationPath)
        add(name == .performSegue ? "segue" : "reason", reasonCode)
        if let passed { parts.append(passed ? "passed" : "FAILED") }
        if let expectation { parts.append("(\(expectation))") }
        if let message { parts.append("— \(message)") }
        return parts.joined(separator: " ")
    }
}

extension EventLog {
    /// The log as readable text: a title line, then one line per event, indented by the
    /// nesting of the step that caused it, with the step's location and transition.
    public var text: String {
        var out = "# \(header.spec) — scenario \"\(header.scenario)\" on \(header.device.rawValue), iOS \(header.ios)\n"
        let width = String(events.count).count
        for event in events {
            let seq = String(event.seq)
            let pad = String(repeating: " ", count: max(0, width - seq.count))
            let indent = String(repeating: "  ", count: event.depth)
            var line = "\(pad)\(seq)  \(indent)\(event.summary)"
            // A line of the spec by its line:column; a storyboard's element with its file.
            var origin = event.at.file == header.spec ? "  @ \(event.at.line):\(event.at.column)" : "  @ \(event.at)"
            if let transition = event.transition { origin += " [\(transition)]" }
            line += origin
            out += line + "\n"
        }
        return out
    }
}
