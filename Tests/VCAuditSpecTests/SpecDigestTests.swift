import Testing
@testable import VCAuditSpec
import VCAuditSupport

@Suite("Spec digest")
struct SpecDigestTests {
    @Test("a loaded spec's digest is the SHA-256 of its bytes, computed on demand and kept by copies")
    func specDigest() throws {
        let text = "vcaudit: 1\ncontrollers:\n  home:\n"
        let spec = try #require(loadSpec(text))
        let copy = spec
        #expect(copy.digest == "sha256:" + SHA256.hex(text))
        #expect(spec.digest == copy.digest)
        var changed = spec
        changed.digest = "sha256:override"
        #expect(changed.digest == "sha256:override")
        #expect(spec.digest == "sha256:" + SHA256.hex(text))
    }
}
