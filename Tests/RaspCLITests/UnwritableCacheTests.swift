import Foundation
import Testing

/// A cache folder that cannot hold files never stops a name-based command: it downloads into a temporary folder,
/// answers, warns once, and leaves nothing behind; a read-only folder that already holds a good cache is used as
/// it is, without a warning.
@Suite struct UnwritableCacheTests {
    /// Two searches with `$RASP_CACHE_DIR` at the path `cacheDirectory` returns: each answers with exactly one
    /// warning naming `cause`, downloads (there is no cache), and leaves no temporary folder.
    private func expectWorksWithoutCache(cause: String, launcher: [String] = [],
                                         cacheDirectory: @escaping (RepairRig) throws -> String) async throws {
        try await RepairRig.with { rig in
            let path = try cacheDirectory(rig)
            for round in 1...2 {
                let run = try await rig.search(environment: ["RASP_CACHE_DIR": path], launcher: launcher)
                #expect(run.answered, "round \(round): \(run)")
                #expect(run.problemLines.count == 1, "round \(round): one warning: \(run)")
                let warning = run.problemLines.first ?? ""
                #expect(warning.hasPrefix("rasp: cannot use the cache folder \(path)/"), "\(warning)")
                #expect(warning.contains(cause) && warning.hasSuffix("; working without a cache"), "\(warning)")
                #expect(!run.stderr.contains("NSCocoaErrorDomain"), "\(run)")
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: rig.temporary.path)
                #expect(leftovers.isEmpty, "round \(round): the temporary download was removed: \(leftovers)")
                #expect(run.completedDownloads == 1, "round \(round): no cache, so every run downloads: \(run)")
            }
        }
    }

    @Test func aPlainFileWhereTheCacheFolderShouldBe() async throws {
        try await expectWorksWithoutCache(cause: "(cannot create it: Not a directory)") { rig in
            let file = rig.sandbox.appendingPathComponent("cache-is-a-file")
            try Data("not a folder".utf8).write(to: file)
            return file.path
        }
    }

    #if os(Linux)
    @Test func aFolderThatCannotHaveSubfolders() async throws {
        try await expectWorksWithoutCache(cause: "(cannot create it: No such file or directory)") { _ in "/proc/self" }
    }
    #endif

    @Test(.enabled(if: Unprivileged.available))
    func aReadOnlyFolder() async throws {
        try await expectWorksWithoutCache(cause: "Permission denied", launcher: Unprivileged.launcher) { rig in
            let folder = rig.sandbox.appendingPathComponent("read-only")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Unprivileged.handOver(rig.sandbox)
            try Unprivileged.chmod(folder, 0o555)
            return folder.path
        }
    }

    @Test(.enabled(if: Unprivileged.available))
    func aReadOnlyFolderWithAGoodCacheIsReadAsItIs() async throws {
        try await RepairRig.with { rig in
            try Unprivileged.handOver(rig.sandbox)
            let first = try await rig.search(launcher: Unprivileged.launcher)
            #expect(first.answered, "\(first)")
            try Unprivileged.chmod(rig.folder, 0o555)
            defer { try? Unprivileged.chmod(rig.folder, 0o755) }
            let second = try await rig.search(launcher: Unprivileged.launcher)
            #expect(second.answered && second.problemLines.isEmpty && second.completedDownloads == 0, "\(second)")
        }
    }
}
