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
        var paths: [ControllerID: String] = [:]
        for (id, up) in state.preservationOrder {
            guard let identifier = state[id].restorationID else { continue }
            let path: String
            if let up {
                guard let upPath = paths[up] else { continue }
                path = upPath + "/" + identifier
            } else {
                path = identifier
            }
            paths[id] = path
            emit(.encodeRestorableState) { $0.vc = id; $0.restorationPath = path }
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
        // Instances segues had made are made again from the storyboard, under the same names.
        for entry in archive.entries where !state.contains(entry.id) {
            emit(.instantiateViewController) { $0.vc = entry.id }
        }
        for entry in archive.entries {
            emit(.decodeRestorableState) { $0.vc = entry.id; $0.restorationPath = entry.path }
        }
        let saved = Set(archive.entries.map(\.id))
        for entry in archive.entries {
            let restored = entry.children.filter { saved.contains($0) }
            let current = state.children(of: entry.id)
            switch state[entry.id].kind {
            case .navigation where !restored.isEmpty && restored != current:
                setViewControllers(restored, of: entry.id, animated: false)
            case .tabBar:
                if let selected = entry.selected, saved.contains(selected), state[entry.id].selected != selected, current.contains(selected) {
                    select(selected, in: entry.id)
                }
            case .split where restored.count == 2 && restored.count == entry.children.count && restored != current:
                setViewControllers(restored, of: entry.id, animated: false)
            case .page where restored.count == entry.children.count && !restored.isEmpty && restored != current:
                setViewControllers(restored, of: entry.id, animated: false)
            default:
                break
            }
            if isDone { return }
        }
        emit(.makeKeyAndVisible) { $0.vc = root }
        for entry in archive.entries {
            guard let presenter = entry.presenter, saved.contains(presenter), state[entry.id].presenting == nil,
                  state[presenter].presented == nil else { continue }
            let style = entry.presentationStyle ?? .fullScreen
            let requested = entry.requestedPresentationStyle ?? style
            emit(.present) {
                $0.vc = presenter
                $0.presenter = presenter
                $0.presented = entry.id
                $0.style = style
                $0.requestedStyle = requested == style ? nil : requested
                $0.animated = false
            }
            emit(.presentationDidComplete) { $0.vc = entry.id; $0.presenter = presenter }
        }
        emitAppearanceOnScreen()
    }
}
