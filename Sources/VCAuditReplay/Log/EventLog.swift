import VCAuditSpec
import VCAuditSupport

/// The immutable record of one scenario's replay (log format v1).
///
/// Built append-only through `EventLog.Builder`, read-only afterwards.
/// `jsonLines` is canonical: the same replay gives the same bytes.
public struct EventLog: Sendable, Hashable {
    /// Line 1 of the serialized log.
    public struct Header: Sendable, Hashable {
        public var log = "vcaudit"
        public var version = 1
        /// `vcaudit <version>`.
        public var tool: String
        public var spec: String
        public var specDigest: String
        public var scenario: String
        public var device: Device
        public var ios: Int

        public init(tool: String = VCAuditVersion.tool, spec: String, specDigest: String, scenario: String, device: Device, ios: Int) {
            self.tool = tool
            self.spec = spec
            self.specDigest = specDigest
            self.scenario = scenario
            self.device = device
            self.ios = ios
        }

        public var json: JSONValue {
            .object([
                "log": .string(log), "version": .int(version), "tool": .string(tool), "spec": .string(spec),
                "specDigest": .string(specDigest), "scenario": .string(scenario), "device": .string(device.rawValue),
                "ios": .int(ios),
            ])
        }
    }

    public let header: Header
    public let events: [Event]

    init(header: Header, events: [Event]) {
        self.header = header
        self.events = events
    }

    /// The same log with each event's location replaced by `place(location)`: where a spec built on storyboards
    /// has its imported segues (`Spec.sourceLocation(of:)`), for a log a person reads.
    public func locating(_ place: (SourceLocation) -> SourceLocation) -> EventLog {
        var cache: [InternedLocation: InternedLocation] = [:]
        return EventLog(header: header, events: events.map { event in
            var event = event
            if let placed = cache[event.location] {
                event.location = placed
            } else {
                let placed = InternedLocation(place(event.location.location))
                cache[event.location] = placed
                event.location = placed
            }
            return event
        })
    }

    /// The log as JSON Lines: the header, then one event a line, each line ending in a newline.
    public var jsonLines: String {
        var out = header.json.canonical + "\n"
        for event in events {
            out += event.canonicalJSON
            out += "\n"
        }
        return out
    }

    /// `sha256:<hex>` of `jsonLines`: identifies the log.
    public var digest: String { "sha256:" + SHA256.hex(jsonLines) }

    /// Collects events in order, numbering them; `build()` freezes the log.
    public struct Builder: Sendable {
        public let header: Header
        public private(set) var events: [Event] = []
        /// How many events were recorded (kept or not).
        public private(set) var count = 0
        /// Whether recorded events are kept; `check` only watches them as they happen.
        let keepsEvents: Bool

        public init(header: Header) {
            self.header = header
            self.keepsEvents = true
        }

        init(header: Header, keepsEvents: Bool) {
            self.header = header
            self.keepsEvents = keepsEvents
        }

        /// Appends `event`, assigning the next `seq`; returns the event as recorded.
        @discardableResult
        public mutating func append(_ event: Event) -> Event {
            var event = event
            count += 1
            event.seq = count
            if keepsEvents { events.append(event) }
            return event
        }

        /// Makes room for `count` events (when they are kept), so that a long log does not grow by copying itself.
        mutating func reserveCapacity(_ count: Int) {
            if keepsEvents { events.reserveCapacity(count) }
        }

        /// Appends `event` as the next one, numbering it, without handing a copy back (the replay's hot path).
        ///
        /// Inlined, so that a replay that keeps no events does not move each one into a call only to count it.
        @inline(__always)
        mutating func record(_ event: consuming Event) {
            count += 1
            guard keepsEvents else { return }
            event.seq = count
            events.append(event)
        }

        public func build() -> EventLog { EventLog(header: header, events: events) }
    }
}

/// The tool's version, as it appears in logs and reports.
public enum VCAuditVersion {
    public static let number = "0.1.0"
    public static let tool = "vcaudit \(number)"
}

extension EventLog {
    /// Why a log file could not be read.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var line: Int
        /// 1-based, in characters; 1 when the whole line is at fault.
        public var column: Int = 1
        public var message: String
        public var description: String { "\(line):\(column): \(message)" }

        init(line: Int, column: Int = 1, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }

        /// A line that is not JSON, at the place the parser stopped.
        init(line: Int, text: Substring, failure: JSONParser.Failure) {
            self.init(line: line, column: failure.position(in: text).column, message: "not valid JSON: \(failure.message)")
        }
    }

    /// A line break of a log: LF, or CRLF (a log checked out by git on Windows, or edited there), which Swift reads
    /// as one character. A file's lines are joined with LF again, so a log reads the same with either.
    static func isLineBreak(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }

    /// Reads a log written by `jsonLines` (this or another version of the tool).
    ///
    /// Unknown fields are ignored and unknown event names refused, so logs from
    /// newer tools fail with a located error instead of a wrong diff.
    /// A file holding several logs (one per scenario, as `vcaudit replay` writes without `--scenario`) is refused:
    /// read it with `parseFile`.
    public static func parse(_ text: String) throws(ParseError) -> EventLog {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
        if lines.last == "" { lines.removeLast() }
        return try parse(lines[...], firstLine: 1)
    }

    /// One log of a log file: the log, the file line its header is on, and its exact text (lines and their newlines).
    public struct FilePart: Sendable {
        public let log: EventLog
        /// The 1-based line of the file that holds this log's header.
        public let firstLine: Int
        /// This log's lines as they are in the file, each with its newline (the last one without, when the file lacks it).
        public let text: String
    }

    /// Reads a log file: one or more logs, each beginning with its header line, as `vcaudit replay` writes them.
    ///
    /// Line numbers in errors are lines of the file, not of the log they fall in.
    public static func parseFile(_ text: String) throws(ParseError) -> [FilePart] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
        let terminated = lines.last == ""
        if terminated { lines.removeLast() }
        guard !lines.isEmpty else { throw ParseError(line: 1, message: "the log is empty; expected a header line") }
        var starts: [Int] = []
        for index in lines.indices where index == 0 || isHeaderLine(lines[index]) { starts.append(index) }
        var parts: [FilePart] = []
        parts.reserveCapacity(starts.count)
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : lines.count
            let log = try parse(lines[start..<end], firstLine: start + 1)
            var partText = lines[start..<end].joined(separator: "\n")
            if end < lines.count || terminated { partText += "\n" }
            parts.append(FilePart(log: log, firstLine: start + 1, text: partText))
        }
        return parts
    }

    /// Whether a line is a log header: a JSON object with a `"log"` member (event lines never have one).
    private static func isHeaderLine(_ line: Substring) -> Bool {
        guard line.first == "{", line.contains("\"log\":") else { return false }
        var found = false
        do throws(JSONParser.Failure) {
            try JSONParser.forEachMember(ofObject: line) { key, _ in if key == "log" { found = true } }
        } catch {
            return false
        }
        return found
    }

    /// Reads one log from its lines; `firstLine` is the file line of `lines.first`, for error locations.
    private static func parse(_ lines: ArraySlice<Substring>, firstLine: Int) throws(ParseError) -> EventLog {
        guard let first = lines.first else { throw ParseError(line: firstLine, message: "the log is empty; expected a header line") }
        let head = try object(first, line: firstLine)
        guard head["log"]?.stringValue == "vcaudit" else {
            throw ParseError(line: firstLine, message: "not a vcaudit event log (the header has no \"log\":\"vcaudit\")")
        }
        guard let version = head["version"]?.intValue, version == 1 else {
            throw ParseError(line: firstLine, message: "unsupported log version \(head["version"].map { $0.canonical } ?? "(none)"); this vcaudit reads version 1")
        }
        let header = Header(
            tool: head["tool"]?.stringValue ?? "unknown", spec: head["spec"]?.stringValue ?? "",
            specDigest: head["specDigest"]?.stringValue ?? "", scenario: head["scenario"]?.stringValue ?? "",
            device: head["device"]?.stringValue.flatMap(Device.init(rawValue:)) ?? .iphone, ios: head["ios"]?.intValue ?? 17)
        var builder = Builder(header: header)
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = firstLine + offset + 1
            if line.isEmpty { continue }
            // Fill the event member by member: no dictionary per line.
            var event = Event(name: .warning, at: SourceLocation(file: "", line: 0, column: 0))
            var reasonText: String?
            var nameText: String?
            var atText: String?
            var seq: Int?
            func id(_ value: JSONValue) -> ControllerID? { value.stringValue.map { ControllerID($0) } }
            do throws(JSONParser.Failure) {
                try JSONParser.forEachMember(ofObject: line) { key, value in
                    switch key {
                    case "event": nameText = value.stringValue
                    case "at": atText = value.stringValue
                    case "seq": seq = value.intValue
                    case "step": event.step = value.intValue ?? 0
                    case "depth": event.depth = value.intValue ?? 0
                    case "vc": event.vc = id(value)
                    case "parent": event.parent = id(value)
                    case "child": event.child = id(value)
                    case "presenter": event.presenter = id(value)
                    case "source": event.source = id(value)
                    case "presented": event.presented = id(value)
                    case "nav": event.nav = id(value)
                    case "tabs": event.tabs = id(value)
                    case "from": event.from = id(value)
                    case "to": event.to = id(value)
                    case "vcs": event.vcs = value.arrayValue?.compactMap(id)
                    case "style": event.style = value.stringValue.flatMap(PresentationStyle.init(rawValue:))
                    case "requestedStyle": event.requestedStyle = value.stringValue.flatMap(PresentationStyle.init(rawValue:))
                    case "anchor": event.anchor = value.stringValue
                    case "animated": event.animated = value.boolValue
                    case "appearing": event.appearing = value.boolValue
                    case "width": event.width = value.stringValue.flatMap(SizeClass.init(rawValue:))
                    case "height": event.height = value.stringValue.flatMap(SizeClass.init(rawValue:))
                    case "restorationPath": event.restorationPath = value.stringValue
                    case "message": event.message = value.stringValue
                    case "reason": reasonText = value.stringValue
                    case "passed": event.passed = value.boolValue
                    case "expectation": event.expectation = value.stringValue
                    case "transition": event.transition = value.stringValue
                    default: break  // fields of newer versions are ignored
                    }
                }
            } catch {
                throw ParseError(line: number, text: line, failure: error)
            }
            guard let nameText else {
                throw ParseError(line: number, message: isHeaderLine(line)
                    ? "another log's header: this text holds several logs; read it with EventLog.parseFile"
                    : "event has no \"event\" name")
            }
            guard let name = EventName(rawValue: nameText) else {
                throw ParseError(line: number, message: "unknown event '\(nameText)'; the log may come from a newer vcaudit")
            }
            guard let atText, let at = location(atText) else {
                throw ParseError(line: number, message: "event has no \"at\" location (file:line:column)")
            }
            event.name = name
            event.at = at
            if let reasonText {
                // One field, three vocabularies: which one the event's name says.
                switch name {
                case .animationDidStart, .animationDidComplete: event.animation = Animation.Kind(rawValue: reasonText)
                case .performSegue: event.segue = Segue.Kind(rawValue: reasonText)
                default: event.reason = ReplayReason(rawValue: reasonText)
                }
                guard event.reasonCode != nil else {
                    throw ParseError(line: number, message: "unknown reason '\(reasonText)' for '\(nameText)'; the log may come from a newer vcaudit")
                }
            }
            let recorded = builder.append(event)
            if let seq, seq != recorded.seq {
                throw ParseError(line: number, message: "event seq \(seq) out of order (expected \(recorded.seq))")
            }
        }
        return builder.build()
    }

    private static func object(_ line: Substring, line number: Int) throws(ParseError) -> [String: JSONValue] {
        let value: JSONValue
        do throws(JSONParser.Failure) {
            value = try JSONParser.parse(line)
        } catch {
            throw ParseError(line: number, text: line, failure: error)
        }
        guard case .object(let members) = value else { throw ParseError(line: number, message: "expected a JSON object") }
        return members
    }

    /// Parses `file:line:column` (the file may contain colons).
    static func location(_ text: String) -> SourceLocation? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let column = Int(parts[parts.count - 1]), let line = Int(parts[parts.count - 2]) else { return nil }
        return SourceLocation(file: parts[0..<(parts.count - 2)].joined(separator: ":"), line: line, column: column)
    }
}
