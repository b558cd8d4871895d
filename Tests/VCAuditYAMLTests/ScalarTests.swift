import Testing
import VCAuditYAML

@Suite("Scalars keep their value, style and tag")
struct ScalarTests {
    @Test("each scalar style is recorded, with the value as YAML reads it")
    func styles() throws {
        let root = try Composer.compose("""
            plain: hello world
            single: 'it''s'
            double: "tab\\there"
            literal: |
              line one
              line two
            folded: >
              folded
              text
            """)
        let expected: [(String, String, Node.ScalarStyle)] = [
            ("plain", "hello world", .plain),
            ("single", "it's", .singleQuoted),
            ("double", "tab\there", .doubleQuoted),
            ("literal", "line one\nline two\n", .literal),
            ("folded", "folded text", .folded),  // the last line: no line break to keep
        ]
        for (key, value, style) in expected {
            let scalar = try #require(root[path: key]?.scalar, "\(key)")
            #expect(scalar.value == value, "\(key)")
            #expect(scalar.style == style, "\(key)")
            #expect(scalar.tag == nil, "\(key)")
        }
    }

    @Test("explicit tags are kept, resolved to their full form")
    func tags() throws {
        let root = try Composer.compose("a: !!str 1\nb: !custom x\nc: !!map {k: v}\nd: !!seq [1]\n")
        #expect(root[path: "a"]?.scalar?.tag == "tag:yaml.org,2002:str")
        #expect(root[path: "b"]?.scalar?.tag == "!custom")
        #expect(root[path: "c"]?.mapping?.tag == "tag:yaml.org,2002:map")
        #expect(root[path: "d"]?.sequence?.tag == "tag:yaml.org,2002:seq")
        // A string tag makes a number a string.
        #expect(root[path: "a"]?.scalar?.int == nil)
        #expect(try Composer.compose("!!int 3").scalar?.int == 3)
        #expect(try Composer.compose("!!bool true").scalar?.bool == true)
        #expect(try Composer.compose("!!str true").scalar?.bool == nil)
    }

    @Test("booleans, integers, doubles and null follow the core schema, only when plain")
    func typedReadings() throws {
        let root = try Composer.compose("""
            t: true
            f: False
            q: "true"
            yes: yes
            n: 42
            neg: -7
            qn: '42'
            d: 2.5
            nul: null
            tilde: ~
            empty:
            quoted: ""
            """)
        #expect(root[path: "t"]?.scalar?.bool == true)
        #expect(root[path: "f"]?.scalar?.bool == false)
        #expect(root[path: "q"]?.scalar?.bool == nil)
        #expect(root[path: "yes"]?.scalar?.bool == nil)
        #expect(root[path: "n"]?.scalar?.int == 42)
        #expect(root[path: "neg"]?.scalar?.int == -7)
        #expect(root[path: "qn"]?.scalar?.int == nil)
        #expect(root[path: "d"]?.scalar?.double == 2.5)
        #expect(root[path: "d"]?.scalar?.int == nil)
        for key in ["nul", "tilde", "empty"] {
            #expect(root[path: key]?.scalar?.isNull == true, "\(key)")
            #expect(root[path: key]?.kindDescription == "null", "\(key)")
        }
        #expect(root[path: "quoted"]?.scalar?.isNull == false)
        #expect(root[path: "quoted"]?.kindDescription == "a scalar")
        #expect(root[path: "t"]?.scalar?.isNull == false)
    }

    @Test("mappings keep their entries in source order")
    func order() throws {
        let root = try Composer.compose("z: 1\na: 2\nm: 3\n")
        #expect(root.mapping?.entries.compactMap { $0.key.scalar?.value } == ["z", "a", "m"])
        #expect(root.kindDescription == "a mapping")
        #expect(try Composer.compose("[1]").kindDescription == "a sequence")
    }
}
