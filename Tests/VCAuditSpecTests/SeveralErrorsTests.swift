import Testing
@testable import VCAuditSpec

@Suite("Every error of a file is reported, in source order")
struct SeveralErrorsTests {
    @Test("errors in every section of one file")
    func severalErrors() {
        let spec = """
            vcaudit: 1
            device: android
            controllers:
              tabs:
                kind: tabBar
                children: [home, lists]
              home:
                class: HomeViewController
                modalInPresentation: maybe
              list:
            window: tab
            scenarios:
              - name: Browse
                steps:
                  - launch
                  - select: lists
                  - push: { nav: tabs, vc: list, animate: true }

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:2:9: error: unknown device 'android'; use one of: iphone, ipad
            device: android
                    ^~~~~~~
            spec.yaml:6:22: error: unknown controller 'lists' in 'children' of controller 'tabs'; did you mean 'list'?
                children: [home, lists]
                                 ^~~~~
            spec.yaml:9:26: error: expected true or false for 'modalInPresentation' in controller 'home', found 'maybe'
                modalInPresentation: maybe
                                     ^~~~~
            spec.yaml:11:9: error: unknown controller 'tab' in 'window'; did you mean 'tabs'?
            window: tab
                    ^~~
            spec.yaml:16:17: error: unknown controller 'lists' in 'vc' of the 'select' step; did you mean 'list'?
                  - select: lists
                            ^~~~~
            spec.yaml:17:22: error: 'tabs' is a tabBar controller, but the 'push' step needs a navigation controller; name the navigation controller that holds it, or declare 'tabs' with the right 'kind'
                  - push: { nav: tabs, vc: list, animate: true }
                                 ^~~~
            spec.yaml:17:38: error: unknown key 'animate' in the 'push' step; did you mean 'animated'?
                  - push: { nav: tabs, vc: list, animate: true }
                                                 ^~~~~~~

            """)
    }
}
