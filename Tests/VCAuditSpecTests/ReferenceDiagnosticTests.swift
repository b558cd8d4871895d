import Testing
@testable import VCAuditSpec

@Suite("Unknown controller and transition ids")
struct ReferenceDiagnosticTests {
    @Test("unknown ids get a suggestion when one is close, else say where to declare them")
    func unknownIds() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
              detail:
            window: hom
            transitions:
              showDetail: { segue: show, from: home, to: detial }
            scenarios:
              - name: Browse
                steps:
                  - launch
                  - perform: showDetial
                  - perform: zoom
                  - present: { vc: settings, from: home }

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:5:9: error: unknown controller 'hom' in 'window'; did you mean 'home'?
            window: hom
                    ^~~
            spec.yaml:7:46: error: unknown controller 'detial' in 'to' of transition 'showDetail'; did you mean 'detail'?
              showDetail: { segue: show, from: home, to: detial }
                                                         ^~~~~~
            spec.yaml:12:18: error: unknown transition 'showDetial'; did you mean 'showDetail'?
                  - perform: showDetial
                             ^~~~~~~~~~
            spec.yaml:13:18: error: unknown transition 'zoom'; declare it under 'transitions:'
                  - perform: zoom
                             ^~~~
            spec.yaml:14:24: error: unknown controller 'settings' in 'vc' of the 'present' step; declare it under 'controllers:'
                  - present: { vc: settings, from: home }
                                   ^~~~~~~~

            """)
    }
}
