import VCAuditSpec
import VCAuditSupport

/// Checks an `expect:` assertion against the replayed state.
struct ExpectationEvaluator {
    let state: HierarchyState

    /// Whether it holds, what was found instead, and what it checks (for the log).
    ///
    /// The texts are made only when `describing` (a replay that keeps its log, whose events carry them): a check
    /// that does not hold in a replay that keeps no log is described by the rule that reports it, from the same
    /// state (`HierarchyState.writeFailure(of:separator:into:)`). Made here for every failure, the two texts were
    /// interned into the event's payloads, then read back to write the finding's message: about 2% of a check of the
    /// benchmark's corpus (callgrind) more than writing the message from the state.
    func check(_ check: Expectation.Check, describing: Bool) -> (passed: Bool, failure: String?, description: String?) {
        if !describing {
            // A check naming a controller the state does not have does not hold: `holds` tells it by the lookups it
            // makes anyway, with no pass over the references before (`missingReference`, a lookup each, and a read
            // of the name of each one not found).
            return (holds(check), nil, nil)
        }
        if let missing = missingReference(in: check) {
            let texts = missingTexts(missing)
            return (false, texts.failure, texts.description)
        }
        let fact = HierarchyFact(check)
        let (passed, failure) = self.check(fact)
        return (passed, failure, fact.summary)
    }

    /// Writes what `check` states, then `separator`, then what was found instead: the texts an `expect` event of a
    /// log carries (`expectation`, `message`), for a check that does not hold in `state`.
    func writeFailure(of check: Expectation.Check, separator: String, into text: inout TextWriter) {
        if let missing = missingReference(in: check) {
            let texts = missingTexts(missing)
            text.write(texts.description)
            text.write(separator)
            text.write(texts.failure)
            return
        }
        if case .visible(let written) = check {
            writeVisibleFailure(of: written, separator: separator, into: &text)
            return
        }
        let fact = HierarchyFact(check)
        fact.writeSummary(into: &text)
        text.write(separator)
        writeFailure(of: fact, into: &text)
    }

    /// `writeFailure(of:separator:into:)` of a `visible` check of `written`, from the references in place: the fact
    /// would copy their ids into a list of its own.
    ///
    /// Not inlined: inlined, it made its caller too large for the rule to inline, which cost the other checks' texts
    /// a call more (callgrind of checking the 1 MB corpus, whose failed expectations are of the other kinds).
    @inline(never)
    private func writeVisibleFailure(of written: [Reference], separator: String, into text: inout TextWriter) {
        HierarchyFact.writeVisibleSummary(of: written.lazy.map(\.id), into: &text)
        text.write(separator)
        writeWindowFailure(written, { $0.id }, into: &text)
    }

    /// The first reference of `check` that names a controller the state does not have.
    ///
    /// Only `id#n` and `tabs.more` can name a controller that does not exist (the decoder checked the rest). Whether
    /// the state holds it first: a table lookup, where telling a More controller by name reads the name.
    private func missingReference(in check: Expectation.Check) -> Reference? {
        check.firstReference(where: { !state.contains(id($0.id)) && Self.mayBeMissing($0.id) })
    }

    /// What a check naming `missing`, a controller the state does not have, checks, and what was found instead.
    private func missingTexts(_ missing: Reference) -> (description: String, failure: String) {
        if let tabs = MoreNavigation.tabBarID(missing.id) {
            return ("\(missing.id) exists", "'\(tabs)' has no More tab: it has \(state.children(of: tabs).count) tabs, "
                + "and a tab bar shows up to \(MoreNavigation.compactTabLimit) in compact width")
        }
        let scene = missing.id.sceneID
        let made = state.instanceCount(of: scene) ?? 1
        return ("instance \(missing.id) exists",
                "no instance '\(missing.id)' has been made (\(made == 1 ? "'\(scene)' is the only one" : "segues made \(made) of '\(scene)'"))")
    }

    /// Whether `check` holds: what `check(HierarchyFact(check)).passed` answers, read in place without making the
    /// fact or any list; false when it names a controller the state does not have (an instance no segue made, the
    /// More controller of a tab bar that has none).
    ///
    /// The controller a check reads is looked up by position, and a missing one does not hold; the others it names
    /// are compared by id with what the state holds, which names only controllers it has, so a missing one matches
    /// nothing.
    private func holds(_ check: Expectation.Check) -> Bool {
        switch check {
        case .visible(let written):
            return windowShowsExactly(written) { $0.id }
        case .presented(let by, let vc):
            guard let by = position(of: by) else { return false }
            return state.controllers.states[by].presented == vc.map { id($0.id) }
        case .top(let nav, let vc):
            guard let nav = position(of: nav) else { return false }
            return state.controllers.children(at: nav).last == id(vc.id)
        case .stack(let nav, let vcs):
            guard let nav = position(of: nav) else { return false }
            return state.controllers.children(at: nav).elementsEqual(vcs) { $0 == id($1.id) }
        case .selected(let tabs, let vc):
            guard let tabs = position(of: tabs) else { return false }
            return state.controllers.states[tabs].selected == id(vc.id)
        case .parent(let child, let parent):
            guard let child = position(of: child) else { return false }
            return state.controllers.states[child].parent == parent.map { id($0.id) }
        case .appearance(let vc, let expected):
            guard let vc = position(of: vc) else { return false }
            return state.controllers.states[vc].appearance == expected
        }
    }

    /// The table position of the controller `reference` names, nil when the state does not have it.
    private func position(of reference: Reference) -> Int? {
        state.controllers.position(of: id(reference.id))
    }

    /// Whether exactly the controllers `written` names are in the window, in any order: each of them is, and each in
    /// the window is one of them (`name` gives an element's id as the spec writes it). A written controller the state
    /// does not have (an instance no segue made, the More controller of a tab bar that has none) is not in the window.
    ///
    /// Read in place, without making a list: the window's controllers by table position (`order` is the table's
    /// ids), so that none is looked up by id. Inlined into its two callers: called, with `name` passed as a closure,
    /// it cost 0.45 M instructions more of a callgrind of checking the long-scenario benchmark's 40 specs.
    @inline(__always)
    private func windowShowsExactly<Written: Collection>(_ written: Written, _ name: (Written.Element) -> ControllerID) -> Bool {
        for element in written {
            guard let position = state.controllers.position(of: id(name(element))), state.isInWindow(at: position) else {
                return false
            }
        }
        for (position, candidate) in state.order.enumerated() where state.isInWindow(at: position) {
            var isWritten = false
            for element in written where id(name(element)) == candidate {
                isWritten = true
                break
            }
            if !isWritten { return false }
        }
        return true
    }

    /// Where a controller's view is, for a `visible` check: by table position, in `withWindowMarks`.
    private enum WindowMark: UInt8, BitwiseCopyable {
        case notInWindow
        case inWindow
        /// In the window, and named by the check.
        case written
    }

    /// Runs `body` with every controller marked, by table position, `inWindow` or `notInWindow`, in room on the stack.
    ///
    /// The whole window in one pass (`markControllersInWindow`), with no list made: each written controller is then
    /// one lookup of its position, where looking each up in a list of the window's ids walked it.
    private func withWindowMarks<Result>(_ body: (UnsafeMutableBufferPointer<WindowMark>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: WindowMark.self, capacity: state.controllers.count) { marks in
            state.markControllersInWindow(marks, inWindow: .inWindow, notInWindow: .notInWindow)
            return body(marks)
        }
    }

    /// Whether `fact` (in the ids the spec writes) holds, what it checks (for the log), and what was found instead.
    func evaluate(_ fact: HierarchyFact) -> (passed: Bool, description: String, failure: String?) {
        let (passed, failure) = check(fact)
        return (passed, fact.summary, failure)
    }

    /// Whether `fact` (in the ids the spec writes) holds, and what was found instead.
    func check(_ fact: HierarchyFact) -> (passed: Bool, failure: String?) {
        if holds(fact) { return (true, nil) }
        return (false, TextWriter.text { writeFailure(of: fact, into: &$0) })
    }

    /// Whether `fact` (in the ids the spec writes) holds.
    private func holds(_ fact: HierarchyFact) -> Bool {
        switch fact {
        case .visible(let written):
            return windowShowsExactly(written) { $0 }
        case .presented(let by, let vc):
            // Exactly the presenter UIKit resolved (docs/spec-format.md), not a controller below it: UIKit's own
            // `presentedViewController` would answer for those too, which hides a presentation from the wrong context.
            return state[id(by)].presented == vc.map(id)
        case .isPresented(let vc, let presented):
            return (state[id(vc)].presenting != nil) == presented
        case .top(let nav, let vc):
            return state.children(of: id(nav)).last == id(vc)
        case .stack(let container, let vcs), .tabs(let container, let vcs), .pages(let container, let vcs):
            return state.children(of: id(container)).elementsEqual(vcs) { $0 == id($1) }
        case .selected(let tabs, let vc):
            return state[id(tabs)].selected == id(vc)
        case .parent(let child, let parent):
            return state[id(child)].parent == parent.map(id)
        case .appearance(let vc, let expected):
            return state[id(vc)].appearance == expected
        case .restorationPath(let vc, let path):
            return savedPath(of: vc) == path
        case .notRestorable(let vc):
            return savedPath(of: vc) == nil
        case .forwardsAppearance(let vc, let forwards):
            return state[id(vc)].forwardsAppearance == forwards
        }
    }

    /// Writes what was found instead of `fact`, which does not hold.
    private func writeFailure(of fact: HierarchyFact, into problem: inout TextWriter) {
        switch fact {
        case .visible(let written):
            writeWindowFailure(written, { $0 }, into: &problem)
        case .presented(let by, _):
            let presenter = id(by)
            let actual = state[presenter].presented
            problem.write("'")
            problem.write(name: presenter)
            if let actual {
                problem.write("' presents '")
                problem.write(name: actual)
                problem.write("'")
            } else {
                problem.write("' presents nothing")
                // The controller presented from a controller it contains, and that one.
                if let via = state.presentedViewController(of: presenter), let by = state[via].presenting {
                    problem.write(" ('")
                    problem.write(name: via)
                    problem.write("' is presented by '")
                    problem.write(name: by)
                    problem.write("', which contains it)")
                }
            }
        case .isPresented(let vc, _):
            let vc = id(vc)
            problem.write(quoted: vc)
            if let presenter = state[vc].presenting {
                problem.write(" is presented by ")
                problem.write(quoted: presenter)
            } else {
                problem.write(" is not presented")
            }
        case .top(let nav, _):
            let nav = id(nav)
            let stack = state.children(of: nav)
            problem.write("the top of '")
            problem.write(name: nav)
            if let top = stack.last {
                problem.write("' is '")
                problem.write(name: top)
                problem.write("' (stack: [")
            } else {
                problem.write("' is nothing (stack: [")
            }
            problem.write(joined: stack)
            problem.write("])")
        case .stack(let nav, _):
            writeChildren(of: nav, named: "stack", into: &problem)
        case .tabs(let tabs, _):
            writeChildren(of: tabs, named: "tabs", into: &problem)
        case .pages(let pages, _):
            writeChildren(of: pages, named: "pages", into: &problem)
        case .selected(let tabs, _):
            let tabs = id(tabs)
            problem.write(quoted: tabs)
            problem.write(" has ")
            if let actual = state[tabs].selected { problem.write(quoted: actual) } else { problem.write("nothing") }
            problem.write(" selected")
        case .parent(let child, _):
            let child = id(child)
            problem.write("the parent of ")
            problem.write(quoted: child)
            problem.write(" is ")
            if let actual = state[child].parent { problem.write(quoted: actual) } else { problem.write("none") }
        case .appearance(let vc, _):
            let vc = id(vc)
            problem.write(quoted: vc)
            problem.write(" is ")
            problem.write(state[vc].appearance.rawValue)
        case .restorationPath(let vc, _), .notRestorable(let vc):
            problem.write(quoted: id(vc))
            if let saved = savedPath(of: vc) {
                problem.write(" was saved as ")
                problem.write(saved)
            } else {
                problem.write(" was not saved")
            }
        case .forwardsAppearance(let vc, _):
            let vc = id(vc)
            problem.write(quoted: vc)
            problem.write(state[vc].forwardsAppearance ? " forwards appearance" : " does not forward appearance")
        }
    }

    /// Writes what was found instead of a `visible` check of `written` (`name` gives an element's id as the spec
    /// writes it), which does not hold: the written controllers not in the window, those in the window not written,
    /// and every controller in the window, in declaration order.
    @inline(__always)
    private func writeWindowFailure<Written: Collection>(
        _ written: Written, _ name: (Written.Element) -> ControllerID, into problem: inout TextWriter
    ) {
        withWindowMarks { marks in
            var wroteMissing = false
            for element in written {
                let id = id(name(element))
                let position = state.controllers.position(of: id)!
                if marks[position] == .notInWindow {
                    problem.write(wroteMissing ? ", " : "not in the window: ")
                    problem.write(name: id)
                    wroteMissing = true
                } else {
                    marks[position] = .written
                }
            }
            let ids = state.controllers.ids
            var wroteExtra = false
            for position in marks.indices where marks[position] == .inWindow {
                problem.write(wroteExtra ? ", " : wroteMissing ? "; also in the window: " : "also in the window: ")
                problem.write(name: ids[position])
                wroteExtra = true
            }
            problem.write(" (in the window: [")
            problem.write(joined: marks.indices.lazy.filter { marks[$0] != .notInWindow }.map { ids[$0] })
            problem.write("])")
        }
    }

    /// The restoration path `preserve` saved `vc` under (in the ids the spec writes), if it saved it.
    private func savedPath(of vc: ControllerID) -> String? {
        let vc = id(vc)
        return state.archive?.entries.first { $0.id == vc }?.path
    }

    /// Writes a container's ordered children (a navigation stack, tabs, pages), which are not the ones expected.
    private func writeChildren(of container: ControllerID, named what: String, into problem: inout TextWriter) {
        let container = id(container)
        problem.write("the ")
        problem.write(what)
        problem.write(" of '")
        problem.write(name: container)
        problem.write(what == "stack" ? "' is [" : "' are [")
        problem.write(joined: state.children(of: container))
        problem.write("]")
    }

    /// The instance an expectation naming `reference` means: the newest a segue made (docs/uikit-semantics.md).
    /// Whether a reference is an instance number or a More controller, which may not exist.
    private static func mayBeMissing(_ id: ControllerID) -> Bool {
        id.isInstance || MoreNavigation.tabBarID(id) != nil
    }

    /// `detail#2` names that instance and `detail#1` the declared one; a plain id names the newest.
    private func id(_ id: ControllerID) -> ControllerID {
        guard id.isInstance else { return state.current(id) }
        return id.instance == 1 ? id.sceneID : id
    }
}

extension HierarchyState {
    /// Writes what `check` states, then `separator`, then what was found instead: the texts an `expect` event of a
    /// log carries (`expectation`, `message`), for a check that does not hold in this state.
    package func writeFailure(of check: Expectation.Check, separator: String, into text: inout TextWriter) {
        ExpectationEvaluator(state: self).writeFailure(of: check, separator: separator, into: &text)
    }
}
