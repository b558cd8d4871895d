extension Spec {
    /// `<Class: id>`: how UIKit names a controller in its messages (`<Class: 0x...>`), with the spec's id for the address.
    public func uikitName(_ id: ControllerID) -> String {
        "<\(controller(id)?.swiftClass ?? "UIViewController"): \(id)>"
    }

    /// `'a', 'b' and 'c'`.
    static func quotedList(_ ids: [String]) -> String {
        let quoted = ids.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}
