import VCAuditSpec

extension Decider {
    /// State preservation as the app goes to the background.
    ///
    /// The app delegate's `shouldSaveApplicationState` returns the spec's
    /// `restoration:`; when it declines, nothing is encoded. Otherwise UIKit walks
    /// the window's hierarchy (children, then what each presents) and encodes a
    /// controller only when it and every ancestor on its path (parents and
    /// presenters) have a restoration identifier; the restoration path is the
    /// chain of those identifiers joined by `/`.
    ///
    /// Simplification: custom containers are assumed to encode their children
    /// (UIKit leaves that to their code), like the system containers.
    mutating func preserve() {
        let root = state.windowRoot
        let declined = parts.spec.restoration ? nil : ReplayReason.restorationNotOptedIn
        emit(.shouldSaveApplicationState) { $0.vc = root; $0.reason = declined }
        guard parts.spec.restoration else { return }
        // The paths encoded so far, in the walk's order, searched from the newest: a walk is a few controllers, and a
        // dictionary of them hashed each id and grew as it filled.
        // Each path by its payload number (`Event.RestorationPathNumbers`), made of the one above and an identifier.
        var paths: [(id: ControllerID, path: UInt32)] = []
        paths.reserveCapacity(state.controllers.count)
        for (id, up) in state.preservationOrder {
            guard let identifier = state[id].internedRestorationID else { continue }
            let path: UInt32
            if let up {
                guard let upPath = paths.last(where: { $0.id == up })?.path else { continue }
                path = parts.pathNumbers.number(appending: identifier, to: upPath)
            } else {
                path = parts.pathNumbers.number(appending: identifier, to: nil)
            }
            paths.append((id, path))
            emit(.encodeRestorableState) { $0.vc = id; $0.setOnlyPayload(restorationPathNumbered: path) }
        }
    }

    /// The system relaunches the app and restores what `preserve` saved.
    ///
    /// `relaunch` returns every controller to its declaration; the window gets
    /// its root; each saved controller is decoded; then, before the window is
    /// shown, containers rebuild from what was saved: a navigation controller
    /// its stack (the saved children), a tab bar its selection, a split view
    /// controller its columns and a page controller its pages (when both saved
    /// and valid); finally saved presentations are presented again without
    /// animation and everything in the window appears. Whatever was not saved
    /// comes back as declared, or not at all. When the app does not opt in
    /// (`restoration: false`), or nothing was preserved, it is a plain relaunch.
    ///
    /// Simplifications: every saved controller is found again (the app's
    /// `viewControllerWithRestorationIdentifierPath` and restoration classes are
    /// assumed to return the declared instance); the relaunch keeps the current
    /// size classes.
    mutating func restore() {
        let window = parts.spec.window?.id
        let declined = parts.spec.restoration ? nil : ReplayReason.restorationNotOptedIn
        emit(.shouldRestoreApplicationState) { $0.vc = window; $0.reason = declined }
        let archive = parts.spec.restoration ? state.archive ?? RestorationArchive() : RestorationArchive()
        emit(.relaunch)
        // The process ended: animations still running in this turn never complete (their controllers, segue
        // instances among them, are gone), as `evolve` drops them from the state.
        completions.removeAll(keepingCapacity: true)
        guard let root = window else {
            exception(messages.windowWithoutRoot(), reason: .windowWithoutRoot)
            return
        }
        emit(.setRootViewController) { $0.vc = root }
        // Instances segues had made are made again from the storyboard, under the same names. The entries are read in
        // place, by position: a loop over them copied each (its path, its children).
        let entries = archive.entries
        for index in entries.indices where !state.contains(entries[index].id) {
            let id = entries[index].id
            emit(.instantiateViewController) { $0.vc = id }
        }
        for index in entries.indices {
            let id = entries[index].id
            let path = parts.pathNumbers.number(of: entries[index].path, for: id)
            emit(.decodeRestorableState) { $0.vc = id; $0.setOnlyPayload(restorationPathNumbered: path) }
        }
        // The saved controllers in a borrowed list: an archive holds a few, and a set of them hashed each.
        var saved = borrowList()
        defer { giveBack(&saved) }
        for index in entries.indices { saved.append(entries[index].id) }
        for index in entries.indices {
            let id = entries[index].id
            // What was saved of the children, made only for the containers that rebuild from it.
            switch state[id].kind {
            case .navigation:
                let restored = entries[index].children.filter { saved.contains($0) }
                if !restored.isEmpty && restored != state.children(of: id) { setViewControllers(restored, of: id, animated: false) }
            case .tabBar:
                if let selected = entries[index].selected, saved.contains(selected), state[id].selected != selected,
                   state.children(of: id).contains(selected) {
                    select(selected, in: id)
                }
            case .split:
                let restored = entries[index].children.filter { saved.contains($0) }
                if restored.count == 2 && restored.count == entries[index].children.count && restored != state.children(of: id) {
                    setViewControllers(restored, of: id, animated: false)
                }
            case .page:
                let restored = entries[index].children.filter { saved.contains($0) }
                if restored.count == entries[index].children.count && !restored.isEmpty && restored != state.children(of: id) {
                    setViewControllers(restored, of: id, animated: false)
                }
            case .content, .container:
                break
            }
            if isDone { return }
        }
        emit(.makeKeyAndVisible) { $0.vc = root }
        for index in entries.indices {
            let id = entries[index].id
            guard let presenter = entries[index].presenter, saved.contains(presenter), state[id].presenting == nil,
                  state[presenter].presented == nil else { continue }
            let style = entries[index].presentationStyle ?? .fullScreen
            let requested = entries[index].requestedPresentationStyle ?? style
            emit(.present) {
                $0.vc = presenter
                $0.presenter = presenter
                $0.presented = id
                $0.style = style
                $0.requestedStyle = requested == style ? nil : requested
                $0.animated = false
            }
            emit(.presentationDidComplete) { $0.vc = id; $0.presenter = presenter }
        }
        emitAppearanceOnScreen()
    }
}
