import Testing
@testable import VCAuditSpec

@Suite("Did-you-mean suggestions")
struct SuggestionsTests {
    @Test("the closest candidate within a third of the word's length")
    func closest() {
        #expect(Suggestions.closest(to: "contollers", in: ["controllers", "scenarios"]) == "controllers")
        #expect(Suggestions.closest(to: "knd", in: ["kind", "class"]) == "kind")
        #expect(Suggestions.closest(to: "colour", in: ["kind", "class"]) == nil)
        #expect(Suggestions.closest(to: "zoom", in: []) == nil)
    }

    @Test("a case-only difference always matches")
    func caseOnly() {
        #expect(Suggestions.closest(to: "fullscreen", in: ["pageSheet", "fullScreen"]) == "fullScreen")
        #expect(Suggestions.closest(to: "RESTORATIONID", in: ["restorationID"]) == "restorationID")
    }

    @Test("ties go to the first candidate, so suggestions are stable")
    func ties() {
        #expect(Suggestions.closest(to: "cat", in: ["bat", "hat"]) == "bat")
    }

    @Test("edit distance counts insertions, deletions, substitutions and swaps of neighbours")
    func distance() {
        func d(_ a: String, _ b: String) -> Int { Suggestions.levenshtein(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
        #expect(d("", "abc") == 3)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("same", "same") == 0)
        #expect(d("café", "cafe") == 1)
        #expect(d("ipda", "ipad") == 1)
        #expect(d("ca", "abc") == 3)
        #expect(d("modla", "modal") == 1)
    }

    @Test("a swap of two neighbouring letters is one typo")
    func swaps() {
        #expect(Suggestions.closest(to: "ipda", in: ["iphone", "ipad"]) == "ipad")
        #expect(Suggestions.closest(to: "sohw", in: ["show", "showDetail", "modal"]) == "show")
    }
}
