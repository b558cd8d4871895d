import VCAuditReplay
import VCAuditSpec

/// Reports the `exception` and `warning` events the replay records with one of the given `reason` codes.
///
/// Rules for what UIKit itself raises or logs use it: the log says what UIKit
/// says; `describe` adds what the log cannot (why, and what to do).
struct UIKitOutcomeObserver: SelectiveObserver {
    /// A message and the controllers it is about, most relevant first.
    struct Description {
        var message: String
        var controllers: [ControllerID]
        var notes: [Finding.Note] = []
        /// `.error` where UIKit crashes on what the rule otherwise reports as a warning.
        var minimumSeverity: Severity? = nil
    }

    let context: RuleContext
    static var observedEvents: Set<EventName> { [.exception, .warning] }
    static var callbacks: ObserverCallbacks { .willApply }
    /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
    static var keepsState: Bool { false }
    /// A list: a rule claims a few reasons, and a set would hash their raw values on every warning.
    let reasons: [ReplayReason]
    /// A set of observers passes it only the exceptions and warnings of its reasons.
    var observedReasons: [ReplayReason]? { reasons }
    /// Builds the finding from the event and the state before it.
    let describe: (Event, HierarchyState, RuleContext) -> Description?

    init(_ context: RuleContext, reasons: [ReplayReason], describe: @escaping (Event, HierarchyState, RuleContext) -> Description?) {
        self.context = context
        self.reasons = reasons
        self.describe = describe
    }

    /// An observer whose findings depend on the event alone (not on the state, nor on where the event happens):
    /// each distinct event is described once per spec.
    ///
    /// `explore` meets the same warning on many paths (a double tap's nested push, on every path that double taps),
    /// and a check meets it in many scenarios and on each device (the corpus of `vcaudit-benchmark check` repeats
    /// its rounds); the message is most of what a finding costs, five or six strings made and freed. `describe` is
    /// handed the event without its position (no sequence number, step, depth, transition or location), so that what
    /// it returns for one event holds for every event equal to it but for where it happens; the finding itself is
    /// located at the event as it happened.
    ///
    /// The closure captures the descriptions alone, which hold `describeEvent`: capturing both, it was an object of
    /// its own, allocated with every observer (every spec checked).
    init(_ context: RuleContext, reasons: [ReplayReason], describeEvent: @escaping (Event, RuleContext) -> Description?) {
        let descriptions = Descriptions(describing: describeEvent)
        self.init(context, reasons: reasons) { event, _, context in
            descriptions.description(of: event, context: context)
        }
    }

    /// The descriptions an observer made, by event without its position. One observer's (one spec's rules) is used
    /// by one thread at a time, as the observer is.
    final class Descriptions {
        /// What describes an event without its position, the first time it is met (`description(of:context:)`).
        private let describe: (Event, RuleContext) -> Description?

        init(describing describe: @escaping (Event, RuleContext) -> Description?) {
            self.describe = describe
        }

        /// Read, then written, never in overlapping accesses: without the run time's exclusivity checks.
        @exclusivity(unchecked) private var known: [Content: Description?] = [:]

        /// An event without its position, hashed by a digest of its name, its reason and the controllers it names,
        /// all integers; equality still compares every field.
        ///
        /// The synthesized hash runs over every field of the event, the reason's text among them, on each warning
        /// `explore` meets. Hashed by the name and three controllers alone, events that differ in their reason or in
        /// another controller (a transition's `from` and `to`) fell into one bucket, and a lookup compared whole
        /// events about six times (callgrind); one digest is also one value for `Hasher` to mix, not four.
        struct Content: Hashable {
            let event: Event

            static func == (lhs: Content, rhs: Content) -> Bool { lhs.event == rhs.event }

            func hash(into hasher: inout Hasher) {
                var digest = UInt64(event.name.ordinal) << 8 | UInt64(event.reason.map { $0.ordinal + 1 } ?? 0)
                Self.mix(event.vc, into: &digest)
                Self.mix(event.parent, into: &digest)
                Self.mix(event.child, into: &digest)
                Self.mix(event.presenter, into: &digest)
                Self.mix(event.source, into: &digest)
                Self.mix(event.presented, into: &digest)
                Self.mix(event.nav, into: &digest)
                Self.mix(event.tabs, into: &digest)
                Self.mix(event.from, into: &digest)
                Self.mix(event.to, into: &digest)
                hasher.combine(digest)
            }

            @inline(__always)
            private static func mix(_ id: ControllerID?, into digest: inout UInt64) {
                digest = (digest ^ (id?.key ?? 0)) &* 0x9E37_79B9_7F4A_7C15
            }
        }

        /// How many descriptions the table first has room for: a spec's check makes a few (the benchmark's 1 MB corpus,
        /// 856 over its 100 specs).
        private static let expectedCount = 16

        /// What the observer's `describe` says of `event` without its position, in `context`.
        func description(of event: Event, context: RuleContext) -> Description? {
            description(of: event) { describe($0, context) }
        }

        /// What `describe` says of `event` without its position, kept for the events equal to it.
        func description(of event: Event, _ describe: (Event) -> Description?) -> Description? {
            var content = event
            content.seq = 0
            content.step = 0
            content.depth = 0
            content.transitionName = nil
            content.location = InternedLocation(file: event.location.file, line: 0, column: 0)
            if let description = known[Content(event: content)] { return description }
            // Made with room for several when the first is added: grown one size at a time from empty, the table
            // rehashed every event it held at each step (describing a check's warnings cost a sixth more, callgrind).
            if known.isEmpty { known.reserveCapacity(Self.expectedCount) }
            let description = describe(content)
            known[Content(event: content)] = description
            return description
        }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        guard event.name == .exception || event.name == .warning, let reason = event.reason, reasons.contains(reason),
              let description = describe(event, state, context) else { return }
        context.report(event, description.message, controllers: description.controllers, notes: description.notes,
                       minimumSeverity: description.minimumSeverity)
    }
}

extension Event {
    /// UIKit's message as the log records it, ending with a period so that more sentences can follow.
    func uikitMessage(or fallback: @autoclosure () -> String) -> String {
        let text = message ?? fallback()
        return text.hasSuffix(".") || text.hasSuffix("!") ? text : text + "."
    }
}
