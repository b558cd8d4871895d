import VCAuditYAML

extension RuleDescription.Example {
    /// The marker that shows, in an example spec, where an expected finding points.
    public static let marker: Unicode.Scalar = "↓"

    /// The spec without its `↓` markers, and the 1-based line and column each marker pointed at, in order.
    ///
    /// Columns count Unicode scalars, as `Mark` does. A marker points at the
    /// character that follows it once the markers are removed.
    public var unmarked: (source: String, markers: [Mark]) {
        var source = String.UnicodeScalarView()
        var markers: [Mark] = []
        var line = 1
        var column = 1
        for scalar in spec.unicodeScalars {
            if scalar == Self.marker {
                markers.append(Mark(line: line, column: column))
                continue
            }
            source.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (String(source), markers)
    }

    /// The spec as a user would write it: the markers removed.
    public var source: String { unmarked.source }
}
