import ArgumentParser
import Foundation
import VCAuditSpec

/// The words of an option that takes one of a fixed list, such as `--format` or `--device`.
public protocol OptionWord: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// What a word names, in messages: "format", "device".
    static var kind: String { get }
}

extension OptionWord {
    /// The usage error for `text`, which is none of the words: the closest word, then the words to use.
    static func unknown(_ text: String, use: String? = nil) -> ValidationError {
        let words = allCases.map(\.rawValue)
        return ValidationError("unknown \(kind) '\(text)'" + Suggestions.insteadOf(text, in: words, use: use ?? "one of " + words.joined(separator: ", ")))
    }
}

/// One word of an option's list, as the command line gives it (`--format sarif`).
///
/// swift-argument-parser answers a value its type cannot read in its own words; vcaudit's say which word was
/// probably meant ("unknown format 'sarf'; did you mean 'sarif'?"). So any text parses, and the command's
/// `validate()` calls `validate()` here, which throws that message for text that is no word. Help lists the words
/// and the default, as it does for any enumeration.
public struct Choice<Word: OptionWord>: ExpressibleByArgument, Sendable {
    /// The word given; the first word of the list when the text is none (which `validate()` reports).
    public let word: Word
    /// The text given when it is no word.
    private let unknownText: String?

    public init(_ word: Word) {
        self.word = word
        self.unknownText = nil
    }

    public init?(argument: String) {
        self.word = Word(rawValue: argument) ?? Word.allCases.first!
        self.unknownText = Word(rawValue: argument) == nil ? argument : nil
    }

    public var defaultValueDescription: String { word.rawValue }

    public static var allValueStrings: [String] { Word.allCases.map(\.rawValue) }

    /// Throws the usage error for text that is no word.
    public func validate() throws {
        if let unknownText { throw Word.unknown(unknownText) }
    }
}

/// The devices one `--device` names: `iphone`, `ipad`, or both, comma-separated (`iphone,ipad`).
///
/// Every command that replays on chosen devices takes it (check, explore, generate tests, replay, tree), repeatable
/// where the command runs several devices. As with `Choice`, any text parses and `validate()` reports a name that is
/// no device, with the closest one.
public struct DeviceList: ExpressibleByArgument, Sendable, Equatable {
    /// The devices named, each once, in the order first named.
    public let devices: [Device]
    /// The first name that is no device.
    public let unknownName: String?

    public init(_ devices: [Device]) {
        self.devices = devices
        self.unknownName = nil
    }

    public init?(argument: String) {
        var devices: [Device] = []
        var unknownName: String?
        for name in argument.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let device = Device(rawValue: name) else {
                unknownName = unknownName ?? name
                continue
            }
            if !devices.contains(device) { devices.append(device) }
        }
        self.devices = devices
        self.unknownName = unknownName
    }

    public var defaultValueDescription: String { devices.map(\.rawValue).joined(separator: ",") }

    /// Throws the usage error for a name that is no device.
    public func validate() throws {
        if let unknownName { throw Device.unknown(unknownName, use: "iphone, ipad or iphone,ipad") }
        if devices.isEmpty { throw ValidationError("--device needs a device: iphone, ipad or iphone,ipad") }
    }

    /// The devices of every list (a repeated `--device`), each once, in the order first named; the first usage error.
    public static func devices(_ lists: [DeviceList]) throws -> [Device] {
        var result: [Device] = []
        for list in lists {
            try list.validate()
            for device in list.devices where !result.contains(device) { result.append(device) }
        }
        return result
    }
}

extension Device: OptionWord {
    public static let kind = "device"
}

/// The formats of `check` and `explore` (standard output and `--report`): one per reporter.
public enum ReportFormat: String, OptionWord {
    case text, json, sarif, junit, github, markdown

    public static let kind = "format"
}
