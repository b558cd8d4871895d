import Foundation
import VCAuditStoryboard

/// `vcaudit-benchmark import`: `vcaudit import storyboard` on storyboard files, next to libyaml's parse of the spec it writes.
///
/// Without files it generates an app's storyboard (navigation stacks in a tab bar, container views, every segue
/// kind) of about 150 KB, the size of the largest real ones, so the benchmark runs anywhere; give real
/// storyboards to measure those.
struct ImportBenchmark {
    var files: [String] = []
    var iterations = 20
    var scenes = 120

    static let usage = """
        usage: vcaudit-benchmark import [FILE.storyboard...] [--iterations N] [--scenes N]

          Imports each storyboard (or, without files, a generated one of --scenes scenes, default 120) N times
          (default 20), from its bytes in memory to the spec's YAML text, and parses that YAML with libyaml the
          same number of times. Prints min and median milliseconds of both; the target is an import under 50 ms.
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument.hasPrefix("--") {
                guard let value = rest.popFirst(), let number = Int(value), number > 0 else {
                    throw UsageError("\(argument) needs a positive whole number")
                }
                switch argument {
                case "--iterations": iterations = number
                case "--scenes": scenes = number
                default: throw UsageError("unknown option '\(argument)'")
                }
            } else {
                files.append(argument)
            }
        }
    }

    func run() throws(UsageError) {
        var inputs: [(path: String, bytes: [UInt8])] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("cannot read \(file)") }
            inputs.append((file, [UInt8](data)))
        }
        if inputs.isEmpty { inputs.append(("Generated.storyboard", Array(Self.generate(scenes: scenes).utf8))) }
        print("import benchmark: \(iterations) iterations each")
        print("file                                          KB   import min/median (ms)   libyaml of the spec (ms)   spec KB")
        for input in inputs {
            var importTimes: [Double] = []
            var yaml = ""
            for _ in 0..<iterations {
                importTimes.append(Measurement.seconds {
                    yaml = (try? StoryboardImporter.importTexts([input]))?.yaml ?? ""
                } * 1000)
            }
            guard !yaml.isEmpty else { throw UsageError("\(input.path) does not import") }
            let yamlBytes = Array(yaml.utf8)
            var yamlTimes: [Double] = []
            for _ in 0..<iterations {
                yamlTimes.append(Measurement.seconds { _ = LibYAMLBaseline.parse(yamlBytes) } * 1000)
            }
            let name = String(input.path.split(separator: "/").last ?? "")
            print(name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(format: "%5d   %8.2f / %8.2f        %8.3f / %8.3f      %6d", input.bytes.count / 1024,
                         importTimes.min()!, Measurement.median(importTimes), yamlTimes.min()!, Measurement.median(yamlTimes),
                         yamlBytes.count / 1024))
        }
    }

    /// A storyboard of `scenes` scenes shaped like a real app's.
    static func generate(scenes: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="tabs">
                <scenes>
                    <scene sceneID="s-tabs"><objects><tabBarController id="tabs" sceneMemberID="viewController"><connections>

            """
        let stacks = max(1, scenes / 10)
        for stack in 0..<stacks {
            xml += "            <segue destination=\"nav\(stack)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"t\(stack)\"/>\n"
        }
        xml += "        </connections></tabBarController></objects></scene>\n"
        var id = 0
        for stack in 0..<stacks {
            xml += "        <scene sceneID=\"s-nav\(stack)\"><objects><navigationController id=\"nav\(stack)\" sceneMemberID=\"viewController\"><connections>"
            xml += "<segue destination=\"vc\(stack)-0\" kind=\"relationship\" relationship=\"rootViewController\" id=\"r\(stack)\"/></connections></navigationController></objects></scene>\n"
            for level in 0..<9 {
                id += 1
                let next = level < 8 ? "vc\(stack)-\(level + 1)" : "vc\(stack)-0"
                let kinds = ["show", "presentation", "popoverPresentation", "showDetail", "push", "modal", "custom", "show", "unwind"]
                let kind = kinds[level]
                var attributes = "destination=\"\(kind == "unwind" ? "exit\(id)" : next)\" kind=\"\(kind)\" identifier=\"seg\(id)\" id=\"g\(id)\""
                if kind == "popoverPresentation" { attributes += " popoverAnchorView=\"b\(id)\"" }
                if kind == "custom" { attributes += " customClass=\"FadeSegue\"" }
                if kind == "unwind" { attributes += " unwindAction=\"back:\"" }
                xml += """
                            <scene sceneID="s\(id)"><objects>
                                <viewController storyboardIdentifier="screen\(id)" useStoryboardIdentifierAsRestorationIdentifier="YES" id="vc\(stack)-\(level)" customClass="Screen\(id)ViewController" sceneMemberID="viewController">
                                    <view key="view" contentMode="scaleToFill" id="v\(id)">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                        <subviews>
                                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="b\(id)" userLabel="Button \(id)">
                                                <rect key="frame" x="16" y="100" width="361" height="44"/>
                                                <state key="normal" title="Next"/>
                                                <connections><segue \(attributes)/></connections>
                                            </button>
                                            <containerView opaque="NO" contentMode="scaleToFill" id="c\(id)">
                                                <rect key="frame" x="16" y="160" width="361" height="200"/>
                                            </containerView>
                                        </subviews>
                                        <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    </view>
                                    <navigationItem key="navigationItem" title="Screen \(id)" id="n\(id)"/>
                                </viewController>
                                <placeholder placeholderIdentifier="IBFirstResponder" id="f\(id)" userLabel="First Responder" sceneMemberID="firstResponder"/>
                                <exit id="exit\(id)" userLabel="Exit" sceneMemberID="exit"/>
                            </objects></scene>

                """
            }
        }
        xml += "    </scenes>\n</document>\n"
        return xml
    }
}
