import Foundation
import VCAuditSupport

/// A spec's `sha256:` digest, computed from its bytes the first time it is read.
///
/// Shared by copies of a `Spec` (a class), so the hash is computed at most
/// once; the lock makes the first computation safe from any thread.
final class SpecDigest: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8]?
    private var digest: String?

    init(value: String?) {
        digest = value
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var value: String? {
        lock.lock()
        defer { lock.unlock() }
        if digest == nil, let bytes {
            digest = "sha256:" + SHA256.hex(bytes)
            self.bytes = nil
        }
        return digest
    }
}
