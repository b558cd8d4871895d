extension Spec {
    /// `<Class: id>`: how UIKit names a controller in its messages (`<Class: 0x...>`), with the spec's id for the address.
    public func uikitName(_ id: ControllerID) -> String {
        "<\(className(of: id)): \(id)>"
    }
}
