import VCAuditSupport

/// A controller's identity: the scene it is declared under in `controllers:`, and which instance of it.
///
/// A value of two integers, so that the replay's state, its events and the rules compare, hash and copy ids
/// without touching strings (no reference counting, no string hashing). The scene's name (`detail`; `detail#2` is
/// the second instance a segue made of it) is an `InternedString`, read only where a log, a tree, a message or a
/// report is written.
///
/// Ordering compares names, never the numbers, which depend on which file a process interned first; so
/// anything sorted by id is the same whatever the order files were loaded in.
public struct ControllerID: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The scene's name, interned.
    public let scene: InternedString
    /// The instance number as written: 0 for the plain scene name (`detail`), n for `detail#n`.
    ///
    /// A segue's second instance of `detail` is `detail#2`; `detail#1` is how `expect:` names the declared
    /// controller explicitly, where plain `detail` means the newest instance.
    public let instance: UInt32

    /// The id of instance `instance` of `scene`'s scene (0: the plain scene name).
    @inlinable
    public init(scene: ControllerID, instance: Int) {
        self.scene = scene.scene
        self.instance = UInt32(instance)
    }

    /// The id a name spells: `detail` is the declared controller, `detail#2` its second instance.
    ///
    /// A suffix that is not `#` and a decimal number without leading zeros is part of the scene's name (`x#0`,
    /// `x#02`, `x#a`), so that every name reads back exactly as it was written.
    public init(_ name: String) {
        if let (scene, instance) = Self.instanceSuffix(of: name) {
            self.scene = InternedString(scene)
            self.instance = instance
        } else {
            self.scene = InternedString(name)
            self.instance = 0
        }
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// The plain id (instance 0) of the scene named by `scene`, already interned.
    init(interned scene: InternedString) {
        self.scene = scene
        self.instance = 0
    }

    /// The id as logs, trees and messages write it.
    public var name: String {
        let scene = scene.string
        return instance == 0 ? scene : "\(scene)#\(instance)"
    }

    public var description: String { name }

    /// The scene this is an instance of (`detail` for `detail#2`), named plainly.
    @inlinable
    public var sceneID: ControllerID { ControllerID(scene: self, instance: 0) }

    /// Whether the id carries an instance number (`detail#2`, or `detail#1` in `expect:`).
    @inlinable
    public var isInstance: Bool { instance != 0 }

    /// The id as one number, the scene's above the instance's: what tables of ids hash and compare.
    @inlinable
    public var key: UInt64 { UInt64(scene.number) << 32 | UInt64(instance) }

    @inlinable
    public static func == (lhs: ControllerID, rhs: ControllerID) -> Bool { lhs.key == rhs.key }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public static func < (lhs: ControllerID, rhs: ControllerID) -> Bool {
        lhs == rhs ? false : lhs.name < rhs.name
    }

    /// `name` split at its last `#` when what follows is an instance number (no leading zero, at most 9 digits).
    private static func instanceSuffix(of name: String) -> (String, UInt32)? {
        // Most names have no `#`: one pass over their bytes says so, where `lastIndex` walks the view an index at
        // a time.
        guard name.utf8Contains(UInt8(ascii: "#")) else { return nil }
        let utf8 = name.utf8
        guard let hash = utf8.lastIndex(of: UInt8(ascii: "#")) else { return nil }
        let digits = utf8[utf8.index(after: hash)...]
        guard let first = digits.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9"), digits.count <= 9 else {
            return nil
        }
        var value: UInt32 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt32(byte - UInt8(ascii: "0"))
        }
        return (String(name[..<hash]), value)
    }
}
extension String {
    /// Whether the string's UTF-8 contains `byte`, read as one buffer.
    ///
    /// `utf8.contains` walks the view an index at a time, several times slower on the short names read for every
    /// declared controller.
    func utf8Contains(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}

extension Sequence<ControllerID> {
    /// The ids' names joined with `separator`, as messages list them.
    ///
    /// Inlinable, so that it is specialized where it is called: run generically, every element read through the
    /// sequence's iterator allocated the read's frame on the heap.
    @inlinable
    public func joined(separator: String = "") -> String {
        var result = ""
        var first = true
        for id in self {
            if !first { result += separator }
            first = false
            result += id.name
        }
        return result
    }
}
