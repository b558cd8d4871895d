import VCAuditReplay

/// How one event reads in a diff line: `viewWillAppear vc=home animated=true`, and where it came from.
public enum EventText {
    /// The event name followed by its content as `key=value`, keys in `Event`'s field order.
    ///
    /// Built from `Event.content`, so it shows exactly what alignment compares;
    /// keys this version does not know come last, sorted.
    public static func summary(_ event: Event) -> String {
        var members = event.content.objectMembers
        var out = members.removeValue(forKey: "event")?.stringValue ?? event.name.rawValue
        let order = EventInterner.contentFields.dropFirst()
        for key in order + members.keys.filter({ !order.contains($0) }).sorted() {
            guard let value = members[key] else { continue }
            out += " \(key)=" + text(value)
        }
        return out
    }

    /// `Specs/App.yaml:12:9 step 3`, with ` via <transition>` when a transition expanded into the event.
    public static func position(_ event: Event) -> String {
        var out = "\(event.at) step \(event.step)"
        if let transition = event.transition { out += " via \(transition)" }
        return out
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let string):
            let plain = !string.isEmpty && string.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-./:".unicodeScalars.contains(scalar)
            }
            return plain ? string : JSONText.quoted(string)
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        default: return value.canonical
        }
    }
}
