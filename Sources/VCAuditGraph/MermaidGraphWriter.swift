import VCAuditSpec

/// Writes an `AppGraph` as a Mermaid flowchart, which GitHub renders in Markdown (a README, a PR comment).
///
/// Containers are subgraphs holding their children; transitions are edges labelled `transition: call`, solid for
/// navigation, dotted for presentation, thick for containment made by code, dotted back for unwinds. Controllers
/// and transitions a finding names are drawn in red.
public enum MermaidGraphWriter {
    public static func render(_ graph: AppGraph) -> String {
        var out = "flowchart LR\n"
        out += "  %% \(graph.title): containment as nested boxes, transitions as labelled arrows (vcaudit graph)\n"
        if let window = graph.window {
            out += "  window((window)) --> \(name(window))\n"
        }
        var written: Set<ControllerID> = []
        for root in graph.roots { write(root, in: graph, indent: "  ", into: &out, written: &written) }
        var flaggedEdges: [Int] = []
        var linkIndex = graph.window == nil ? 0 : 1
        for edge in graph.edges {
            let arrow: String
            switch edge.style {
            case .navigation: arrow = "-->"
            case .presentation: arrow = "-.->"
            case .containment: arrow = "==>"
            case .unwind: arrow = "-.->"
            }
            out += "  \(name(edge.from)) \(arrow)|\(label(edge.label))| \(name(edge.to))\n"
            if edge.flagged { flaggedEdges.append(linkIndex) }
            linkIndex += 1
        }
        let flaggedNodes = graph.nodes.filter(\.flagged).map { name($0.id) }
        if !flaggedNodes.isEmpty {
            out += "  classDef finding fill:#fde2e1,stroke:#c0392b,stroke-width:2px\n"
            out += "  class \(flaggedNodes.joined(separator: ",")) finding\n"
        }
        if !flaggedEdges.isEmpty {
            out += "  linkStyle \(flaggedEdges.map(String.init).joined(separator: ",")) stroke:#c0392b,stroke-width:2px\n"
        }
        return out
    }

    private static func write(_ id: ControllerID, in graph: AppGraph, indent: String, into out: inout String, written: inout Set<ControllerID>) {
        guard written.insert(id).inserted, let node = graph.node(id) else { return }
        let text = "\(node.id)<br/><small>\(node.className)</small>"
        if node.children.isEmpty {
            out += "\(indent)\(name(id))[\"\(label(text))\"]\n"
            return
        }
        out += "\(indent)subgraph \(name(id))[\"\(label(text))\"]\n"
        if node.kind == .navigation || node.kind == .tabBar || node.kind == .page || node.kind == .split {
            out += "\(indent)  direction TB\n"
        }
        for child in node.children { write(child, in: graph, indent: indent + "  ", into: &out, written: &written) }
        out += "\(indent)end\n"
    }

    /// A Mermaid id for a controller id: letters, digits and `_` (others become `_`), never a keyword.
    static func name(_ id: ControllerID) -> String {
        "vc_" + String(id.name.unicodeScalars.map { ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) ? Character($0) : "_" })
    }

    /// Text inside quotes or pipes: quotes, pipes and angle brackets (other than the markup we write) escaped.
    static func label(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "|", with: "#124;")
    }
}
