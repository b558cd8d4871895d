import VCAuditSpec

/// Writes an `AppGraph` in Graphviz DOT: containers are clusters, each with a node for the container itself
/// (where its transitions start and end), transitions labelled edges styled by kind, findings in red.
public enum DotGraphWriter {
    public static func render(_ graph: AppGraph) -> String {
        var out = "digraph \(quote(graph.title)) {\n"
        out += "  rankdir=LR;\n  compound=true;\n  node [shape=box, style=rounded, fontname=Helvetica];\n"
        out += "  edge [fontname=Helvetica, fontsize=10];\n"
        if let window = graph.window {
            // A name for the window that no sensible controller id takes.
            out += "  \"vcaudit.window\" [shape=circle, label=\"window\"];\n  \"vcaudit.window\" -> \(quote(window));\n"
        }
        var written: Set<ControllerID> = []
        for root in graph.roots { write(root, in: graph, indent: "  ", into: &out, written: &written) }
        for edge in graph.edges {
            var attributes = ["label=\(quote(edge.label))"]
            switch edge.style {
            case .navigation: break
            case .presentation: attributes.append("style=dashed")
            case .containment: attributes.append("penwidth=2")
            case .unwind: attributes += ["style=dotted", "arrowhead=empty"]
            }
            if edge.flagged { attributes.append("color=\"#c0392b\"") }
            out += "  \(quote(edge.from)) -> \(quote(edge.to)) [\(attributes.joined(separator: ", "))];\n"
        }
        out += "}\n"
        return out
    }

    private static func write(_ id: ControllerID, in graph: AppGraph, indent: String, into out: inout String, written: inout Set<ControllerID>) {
        guard written.insert(id).inserted, let node = graph.node(id) else { return }
        var attributes = ["label=\(quote("\(node.id)\n\(node.className)"))"]
        if node.flagged { attributes += ["color=\"#c0392b\"", "penwidth=2"] }
        let line = "\(indent)\(quote(id)) [\(attributes.joined(separator: ", "))];\n"
        if node.children.isEmpty {
            out += line
            return
        }
        out += "\(indent)subgraph \(quote("cluster_" + id.name)) {\n"
        out += "\(indent)  label=\(quote(node.kind.rawValue)); style=rounded;\n"
        out += indent + "  " + line.dropFirst(indent.count)
        for child in node.children { write(child, in: graph, indent: indent + "  ", into: &out, written: &written) }
        out += "\(indent)}\n"
    }

    /// A controller id as a DOT string literal.
    static func quote(_ id: ControllerID) -> String { quote(id.name) }

    /// A DOT string literal.
    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
