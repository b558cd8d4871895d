import VCAuditYAML

/// A named code path of the app: a segue or a list of explicit UIKit calls.
public struct Transition: Sendable {
    public enum Body: Sendable {
        case segue(Segue)
        case calls([Step])
    }

    public var name: String
    /// Where the name is declared.
    public var mark: Mark
    public var body: Body
    public var ignore: [Suppression]
    /// Where the transition is really declared (a storyboard segue), when the spec was imported.
    public var source: SourceReference?
    /// For `calls`: the controller whose control (a button, a cell) runs them, when the spec says (`from:`).
    /// `vcaudit explore` performs such a transition as a user action while that controller is on screen;
    /// calls without it are code paths, which only scenarios run.
    public var trigger: Reference?
    /// For `calls` without `from:`: the system may run them at any moment (`event: true`: a notification, a
    /// completion handler, a deep link), so `vcaudit explore` tries them in every state, as `--events` does for
    /// every code path.
    public var isEvent = false

    public init(name: String, mark: Mark, body: Body, ignore: [Suppression] = []) {
        self.name = name
        self.mark = mark
        self.body = body
        self.ignore = ignore
    }

    /// A transition with every field given, as the decoder makes one: set after construction, each field cost a
    /// copy of the whole transition and a release of the original.
    init(name: String, mark: Mark, body: Body, ignore: [Suppression], source: SourceReference?, trigger: Reference?, isEvent: Bool) {
        self.name = name
        self.mark = mark
        self.body = body
        self.ignore = ignore
        self.source = source
        self.trigger = trigger
        self.isEvent = isEvent
    }
}

/// A storyboard segue as the app's code triggers it.
public struct Segue: Sendable {
    /// The segue kinds Interface Builder offers.
    ///
    /// `push` is Interface Builder's legacy Push segue (a storyboard without size classes still writes it): it pushes
    /// onto the source's navigation controller and raises when there is none, where `show` presents.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case show, showDetail, modal, popover, embed, unwind, custom, push
    }

    public var kind: Kind
    public var from: Reference
    /// The destination; for `unwind`, the controller unwound to.
    public var to: Reference
    /// Overrides the destination's `modalPresentationStyle`.
    public var style: Located<PresentationStyle>?
    /// Overrides the destination's popover anchor.
    public var anchor: PopoverAnchor?
    public var animated: Bool
    /// The identifier `performSegue(withIdentifier:)` performs it by.
    public var identifier: Identifier = .transitionName
    /// A manual segue (Interface Builder's term): drawn from the controller, not from a control, so no tap performs
    /// it; the code does, with `performSegue(withIdentifier:sender:)`, once per call. `vcaudit explore` performs it
    /// while its source is on screen, to reach what it shows, but never double taps it.
    public var isManual = false
    public var mark: Mark

    /// A segue's identifier in its storyboard.
    public enum Identifier: Sendable, Hashable {
        /// The transition's name: a spec written by hand names each segue by its identifier.
        case transitionName
        /// Another word (an imported spec's transition names are made from identifiers, made unique).
        case named(String)
        /// None: only the control the segue hangs on performs it.
        case none
    }

    /// The identifier `performSegue(withIdentifier:)` performs it by, and UIKit names it by in its messages, in a
    /// transition named `transitionName`: that name unless the spec gives another; nil for a segue without one.
    public func identifier(inTransitionNamed transitionName: String) -> String? {
        switch identifier {
        case .transitionName: transitionName
        case .named(let identifier): identifier
        case .none: nil
        }
    }

    public init(kind: Kind, from: Reference, to: Reference, style: Located<PresentationStyle>? = nil,
                anchor: PopoverAnchor? = nil, animated: Bool = true, mark: Mark) {
        self.init(kind: kind, from: from, to: to, style: style, anchor: anchor, animated: animated, identifier: .transitionName,
                  isManual: false, mark: mark)
    }

    /// A segue with every field given, as the decoder makes one (see `Transition.init(name:mark:body:ignore:source:trigger:isEvent:)`).
    init(kind: Kind, from: Reference, to: Reference, style: Located<PresentationStyle>?, anchor: PopoverAnchor?, animated: Bool,
         identifier: Identifier, isManual: Bool, mark: Mark) {
        self.kind = kind
        self.from = from
        self.to = to
        self.style = style
        self.anchor = anchor
        self.animated = animated
        self.identifier = identifier
        self.isManual = isManual
        self.mark = mark
    }
}
