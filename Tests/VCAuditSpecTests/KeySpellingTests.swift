import Testing
@testable import VCAuditSpec

/// One word per role: a key's other spelling (the word the same role has in another mapping) is accepted, and the
/// one unknown key of a mapping that lacks one required key is taken for that key, in one error.
@Suite("Key spellings")
struct KeySpellingTests {
    static let controllers = """
        vcaudit: 1
        controllers:
          nav:
            kind: navigation
            root: cart
          cart:
          checkout:
        window: nav

        """

    @Test("'present: {by}' reads as 'present: {from}', and 'presented: {from}' as 'presented: {by}'")
    func presenterAliases() throws {
        let spec = try #require(loadSpec(Self.controllers + """
            scenarios:
              - name: Checkout
                steps:
                  - launch
                  - present: { by: cart, vc: checkout }
                  - expect: { presented: { from: nav, vc: checkout } }
                  - present: { from: cart, vc: checkout }
                  - expect: { presented: { by: nav, vc: checkout } }

            """))
        #expect(spec.scenarios[0].steps.map(summary) == [
            "launch",
            "present checkout from cart",
            "expect {presented checkout by nav}",
            "present checkout from cart",
            "expect {presented checkout by nav}",
        ])
    }

    @Test("a key written in both its spellings is an error at the other spelling")
    func bothSpellings() {
        #expect(renderedDiagnostics(Self.controllers + """
            scenarios:
              - name: Checkout
                steps:
                  - present: { from: cart, by: cart, vc: checkout }
                  - expect: { presented: { by: nav, from: nav, vc: checkout } }

            """) == """
            spec.yaml:12:32: error: 'by' is another spelling of 'from' in the 'present' step, which has both; keep one
                  - present: { from: cart, by: cart, vc: checkout }
                                           ^~
            spec.yaml:13:41: error: 'from' is another spelling of 'by' in 'expect: presented', which has both; keep one
                  - expect: { presented: { by: nav, from: nav, vc: checkout } }
                                                    ^~~~

            """)
    }

    @Test("the one unknown key of a mapping missing one required key is one error that names the missing key")
    func unknownKeyForMissingKey() {
        #expect(renderedDiagnostics(Self.controllers + """
            scenarios:
              - name: Checkout
                steps:
                  - dismiss: { by: cart }
                  - show: { on: cart, vc: checkout }
                  - push: { navigation: nav, vc: checkout }
                  - expect: { top: { controller: nav, vc: checkout } }
                  - ignore: [{ rule: pop_root, why: the test pops its root }]
                    pop: nav
                  - beginAppearance: { vc: cart, apearing: true }

            """) == """
            spec.yaml:12:20: error: unknown key 'by' in the 'dismiss' step; did you mean 'vc'?
                  - dismiss: { by: cart }
                               ^~
            spec.yaml:13:17: error: unknown key 'on' in the 'show' step; did you mean 'from'?
                  - show: { on: cart, vc: checkout }
                            ^~
            spec.yaml:14:17: error: unknown key 'navigation' in the 'push' step; did you mean 'nav'?
                  - push: { navigation: nav, vc: checkout }
                            ^~~~~~~~~~
            spec.yaml:15:26: error: unknown key 'controller' in 'expect: top'; did you mean 'nav'?
                  - expect: { top: { controller: nav, vc: checkout } }
                                     ^~~~~~~~~~
            spec.yaml:16:36: error: unknown key 'why' in an 'ignore' entry; did you mean 'reason'?
                  - ignore: [{ rule: pop_root, why: the test pops its root }]
                                               ^~~
            spec.yaml:18:38: error: unknown key 'apearing' in the 'beginAppearance' step; did you mean 'appearing'?
                  - beginAppearance: { vc: cart, apearing: true }
                                                 ^~~~~~~~

            """)
    }

    @Test("an unknown key is taken for a missing one only when it is the only unknown key and the only missing one")
    func unknownKeysOtherwise() {
        #expect(renderedDiagnostics(Self.controllers + """
            scenarios:
              - name: Checkout
                steps:
                  - show: { on: cart, to: checkout }
                  - addChild: { container: nav }
                  - present: { vc: checkout, from: cart, styl: pageSheet, on: nav }

            """) == """
            spec.yaml:12:15: error: missing 'from' in the 'show' step; add 'from: ...'
                  - show: { on: cart, to: checkout }
                          ^
            spec.yaml:12:17: error: unknown key 'on' in the 'show' step; remove it, or use one of 'from', 'vc', 'ignore'
                  - show: { on: cart, to: checkout }
                            ^~
            spec.yaml:12:27: error: unknown key 'to' in the 'show' step; remove it, or use one of 'from', 'vc', 'ignore'
                  - show: { on: cart, to: checkout }
                                      ^~
            spec.yaml:13:19: error: missing 'parent' in the 'addChild' step; add 'parent: ...'
                  - addChild: { container: nav }
                              ^
            spec.yaml:13:21: error: unknown key 'container' in the 'addChild' step; remove it, or use one of 'parent', 'child', 'ignore'
                  - addChild: { container: nav }
                                ^~~~~~~~~
            spec.yaml:14:46: error: unknown key 'styl' in the 'present' step; did you mean 'style'?
                  - present: { vc: checkout, from: cart, styl: pageSheet, on: nav }
                                                         ^~~~
            spec.yaml:14:63: error: unknown key 'on' in the 'present' step; remove it, or use one of 'vc', 'from', 'style', 'anchor', 'animated', 'ignore'
                  - present: { vc: checkout, from: cart, styl: pageSheet, on: nav }
                                                                          ^~

            """)
    }

    @Test("an expectation names each controller with the word of the step that sets what it checks, or accepts it")
    func expectationsSpeakAsSteps() throws {
        // `stack: {nav, vcs}` and `setViewControllers: {of, vcs}` differ on purpose: `of` is a navigation, tab bar,
        // page or split view controller.
        let pairs = [("presented", "present"), ("top", "push"), ("selected", "select"), ("parent", "addChild")]
        for (expectation, step) in pairs {
            let stepKeys = try #require(SpecVocabulary.step(step)).keys
            guard case .mapping(let keys)? = SpecVocabulary.expectations.first(where: { $0.name.description == expectation })?.type else {
                Issue.record("'\(expectation)' takes no mapping")
                continue
            }
            for key in keys {
                let spellings = Set(([key.name] + key.aliases).map(\.description))
                let stepKey = stepKeys.first { spellings.contains($0.name.description) }
                #expect(stepKey != nil, "'\(expectation): {\(key.name)}' has no key of the same name in the '\(step)' step")
                if let stepKey {
                    #expect(Set(([stepKey.name] + stepKey.aliases).map(\.description)) == spellings,
                            "'\(expectation): {\(key.name)}' and '\(step): {\(stepKey.name)}' accept different spellings")
                }
            }
        }
    }
}
