import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Running `rasp` as a user that file permissions apply to. Root reads a `chmod 000` file and writes in a
/// read-only folder, so when the tests run as root, `rasp` runs as `nobody` through `setpriv`, in a sandbox handed
/// over to that user; otherwise it runs as the test's own user.
enum Unprivileged {
    /// The user and group `rasp` runs as under root.
    static let nobody: UInt32 = 65534

    static let isRoot = getuid() == 0

    /// `setpriv` (util-linux), when installed.
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether permission tests mean something here: not root, or root able to drop to `nobody`.
    static var available: Bool { !isRoot || setpriv != nil }

    /// The launcher for ``RaspProcess/run(_:sandbox:environment:launcher:passesBinary:)``.
    static var launcher: [String] {
        guard isRoot, let setpriv else { return [] }
        return [setpriv, "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"]
    }

    /// Gives everything in `sandbox` to the user `rasp` runs as (nothing to do when not root).
    static func handOver(_ sandbox: URL) throws {
        guard isRoot else { return }
        let owner: [FileAttributeKey: Any] = [.ownerAccountID: nobody, .groupOwnerAccountID: nobody]
        try FileManager.default.setAttributes(owner, ofItemAtPath: sandbox.path)
        let enumerator = FileManager.default.enumerator(atPath: sandbox.path)
        while let relative = enumerator?.nextObject() as? String {
            try FileManager.default.setAttributes(owner, ofItemAtPath: sandbox.appendingPathComponent(relative).path)
        }
    }

    /// Sets a file's permission bits.
    static func chmod(_ url: URL, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
}
