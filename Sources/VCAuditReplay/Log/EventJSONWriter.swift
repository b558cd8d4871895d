import VCAuditSpec
import VCAuditSupport


extension Event {
    /// The canonical JSON line of the event, written directly in sorted key order.
    ///
    /// Byte for byte what `json.canonical` gives (a test holds the two
    /// together), without building a dictionary per event: serializing long
    /// logs is dominated by this.
    public var canonicalJSON: String {
        var out = "{"
        out.reserveCapacity(160)
        var first = true
        func key(_ name: StaticString) {
            if first { first = false } else { out += "," }
            out += "\""
            out += name.description
            out += "\":"
        }
        func string(_ name: StaticString, _ value: String?) {
            guard let value else { return }
            key(name)
            out += JSONText.quoted(value)
        }
        func string(_ name: StaticString, _ value: ControllerID?) { string(name, value?.name) }
        func bool(_ name: StaticString, _ value: Bool?) {
            guard let value else { return }
            key(name)
            out += value ? "true" : "false"
        }
        // Keys in the order their UTF-8 bytes sort.
        string("anchor", anchor)
        bool("animated", animated)
        bool("appearing", appearing)
        string("at", at.description)
        string("child", child)
        if depth > 0 {
            key("depth")
            out += String(depth)
        }
        string("event", name.rawValue)
        string("expectation", expectation)
        string("from", from)
        string("height", height?.rawValue)
        string("message", message)
        string("nav", nav)
        string("parent", parent)
        bool("passed", passed)
        string("presented", presented)
        string("presenter", presenter)
        string("reason", reasonCode)
        string("requestedStyle", requestedStyle?.rawValue)
        string("restorationPath", restorationPath)
        key("seq")
        out += String(seq)
        string("source", source)
        key("step")
        out += String(step)
        string("style", style?.rawValue)
        string("tabs", tabs)
        string("to", to)
        string("transition", transition)
        string("vc", vc)
        if let vcs {
            key("vcs")
            out += "["
            for (index, id) in vcs.enumerated() {
                if index > 0 { out += "," }
                out += JSONText.quoted(id.name)
            }
            out += "]"
        }
        string("width", width?.rawValue)
        out += "}"
        return out
    }
}
