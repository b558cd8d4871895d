import Testing
@testable import VCAuditSpec
import VCAuditYAML

@Suite("Names are found by their bytes")
struct NameTableTests {
    @Test("numbers follow insertion order, a repeated name keeps its number, and lookups survive growth")
    func insertAndFind() throws {
        var table = NameTable()
        let names = (0..<1_000).map { "screen\($0)_\($0 % 7)" }
        for (index, name) in names.enumerated() { #expect(table.insert(name) == index) }
        #expect(table.insert("screen5_5") == 5)
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() { #expect(table.number(of: name) == index) }
        #expect(table.number(of: "screen5") == nil)
        #expect(table.number(of: "") == nil)
        #expect(table.names == names)
    }

    @Test("a table sized for some names still takes more, and finds every one", arguments: [0, 1, 8, 40, 200])
    func capacity(capacity: Int) {
        var table = NameTable(capacity: capacity)
        let names = (0..<100).map { "nav\($0)" }
        for (index, name) in names.enumerated() { #expect(table.insert(name) == index) }
        for (index, name) in names.enumerated() { #expect(table.number(of: name) == index) }
        #expect(table.number(of: "nav100") == nil)
    }

    @Test("a scalar is looked up without making a String, and enumerations are read by their raw values")
    func scalarLookups() throws {
        var table = NameTable()
        table.insert("home")
        table.insert("détail")
        let root = try Composer.compose("a: home\nb: détail\nc: homes\nd: navigation\ne: Navigation\n")
        let mapping = try #require(BorrowedNode(root).mapping)
        #expect(mapping["a"]?.scalar.flatMap { table.number(of: $0) } == 0)
        #expect(mapping["b"]?.scalar.flatMap { table.number(of: $0) } == 1)
        #expect(mapping["c"]?.scalar.flatMap { table.number(of: $0) } == nil)
        #expect(mapping["d"]?.scalar?.named(Controller.Kind.self) == .navigation)
        #expect(mapping["e"]?.scalar?.named(Controller.Kind.self) == nil)
        withExtendedLifetime(root) {}
    }

    @Test("a name map reads and updates like a dictionary: updateValue returns the value it replaces")
    func nameMap() {
        var map = NameMap<Int>()
        var dictionary: [String: Int] = [:]
        let names = (0..<500).map { "tab\($0 % 97)" }
        for (index, name) in names.enumerated() {
            #expect(map.updateValue(index, forName: name) == dictionary.updateValue(index, forKey: name))
        }
        for name in Set(names) { #expect(map[name] == dictionary[name]) }
        #expect(map["tab97"] == nil)
    }
}
