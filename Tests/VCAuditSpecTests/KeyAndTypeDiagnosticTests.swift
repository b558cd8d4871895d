import Testing
@testable import VCAuditSpec

@Suite("Unknown keys and wrong types")
struct KeyAndTypeDiagnosticTests {
    @Test("an unknown key gets a did-you-mean, and the key it stands for is not also reported missing")
    func unknownKeySuggestion() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
                modalPresentationStyel: popover
              list:
                kind: navigation
                rot: home

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:4:5: error: unknown key 'modalPresentationStyel' in controller 'home'; did you mean 'modalPresentationStyle'?
                modalPresentationStyel: popover
                ^~~~~~~~~~~~~~~~~~~~~~
            spec.yaml:7:5: error: unknown key 'rot' in controller 'list'; did you mean 'root'?
                rot: home
                ^~~

            """)
    }

    @Test("an unknown key with no near miss lists the known keys")
    func unknownKeyNoSuggestion() {
        let spec = """
            vcaudit: 1
            controllers:
              info:
                popover:
                  sourceView: button
                  color: red

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:6:7: error: unknown key 'color' in 'popover' of controller 'info'; remove it, or use one of 'sourceView', 'barButtonItem', 'sourceRect', 'adaptive'
                  color: red
                  ^~~~~

            """)
    }

    @Test("a misspelled required top-level key is one error, not two")
    func misspelledTopLevel() {
        let spec = """
            vcaudit: 1
            controlers:
              home:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:2:1: error: unknown key 'controlers' in the spec; did you mean 'controllers'?
            controlers:
            ^~~~~~~~~~

            """)
    }

    @Test("wrong types name what was expected and what was found")
    func wrongTypes() {
        let spec = """
            vcaudit: 1
            restoration: yes
            ios: "16"
            app: [Wonderland]
            controllers:
              home:
                modalInPresentation: 3
              box:
                kind: container
                children: home
            window: [box]

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:2:14: error: expected true or false for 'restoration' in the spec, found 'yes'
            restoration: yes
                         ^~~
            spec.yaml:3:6: error: expected a whole number for 'ios' in the spec, found the quoted string "16"; remove the quotes: 'ios: 16'
            ios: "16"
                 ^~~~
            spec.yaml:4:6: error: expected a string for 'app' in the spec, found a sequence
            app: [Wonderland]
                 ^
            spec.yaml:7:26: error: expected true or false for 'modalInPresentation' in controller 'home', found '3'
                modalInPresentation: 3
                                     ^
            spec.yaml:10:15: error: expected a list of controller ids for 'children' of controller 'box', found 'home'; write [home]
                children: home
                          ^~~~
            spec.yaml:11:9: error: expected a controller id for 'window', found a sequence
            window: [box]
                    ^

            """)
    }

    @Test("unknown enumeration values get a did-you-mean or the list of values")
    func wrongKindValue() {
        let spec = """
            vcaudit: 1
            device: iphon
            controllers:
              home: navigation
              nav:
                kind: navigaton
                root: home
              pop:
                modalPresentationStyle: popup

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:2:9: error: unknown device 'iphon'; did you mean 'iphone'?
            device: iphon
                    ^~~~~
            spec.yaml:4:9: error: expected a mapping for controller 'home', found 'navigation'; write 'home: {kind: navigation}'
              home: navigation
                    ^~~~~~~~~~
            spec.yaml:6:11: error: unknown controller kind 'navigaton'; did you mean 'navigation'?
                kind: navigaton
                      ^~~~~~~~~
            spec.yaml:9:29: error: unknown presentation style 'popup'; use one of: fullScreen, pageSheet, formSheet, currentContext, overFullScreen, overCurrentContext, popover, custom, automatic
                modalPresentationStyle: popup
                                        ^~~~~

            """)
    }

    @Test("a misspelled kind is reported once; the steps that need that kind of controller are not also told it is the wrong one")
    func misspelledKindHasNoFollowOn() {
        let spec = """
            vcaudit: 1
            controllers:
              feedNav: { kind: navigaton, root: feed }
              feed:
              post:
            window: feedNav
            scenarios:
              - name: Push
                steps: [launch, { push: { nav: feedNav, vc: post } }]

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:3:20: error: unknown controller kind 'navigaton'; did you mean 'navigation'?
              feedNav: { kind: navigaton, root: feed }
                               ^~~~~~~~~

            """)
    }

    @Test("control characters a message quotes from the spec are shown as escapes, not sent to the terminal")
    func controlCharactersEscaped() {
        let spec = "vcaudit: 1\ncontrollers:\n  home: { kind: \"\\e[31mRED\\a\" }\nwindow: home\n"
        let rendered = renderedDiagnostics(spec)
        #expect(rendered.hasPrefix("spec.yaml:3:17: error: unknown controller kind '\\u{1B}[31mRED\\u{7}'; use one of:"), "\(rendered)")
        #expect(!rendered.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test("a key written without a space after its colon is read as a word; the error shows the mapping meant")
    func colonWithoutSpace() {
        let spec = "vcaudit: 1\ncontrollers:\n  post: class:PostViewController\nwindow: post\n"
        #expect(renderedDiagnostics(spec).hasPrefix("spec.yaml:3:9: error: expected a mapping for controller 'post', found "
            + "'class:PostViewController'; write '{class: PostViewController}' (a key needs a space after its ':')\n"))
    }

    @Test("carets count characters after multi-byte text")
    func multibyte() {
        let spec = """
            vcaudit: 1
            app: Café 😀
            controllers:
              café: { kind: contnet }

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:4:17: error: unknown controller kind 'contnet'; did you mean 'content'?
              café: { kind: contnet }
                            ^~~~~~~

            """)
    }
}
