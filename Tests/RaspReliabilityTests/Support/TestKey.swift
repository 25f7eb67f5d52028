import Foundation

/// The API key every test in the package uses; the leak scan looks for it (and its Base64 form) everywhere.
let testKey = "test-key-0c1f5e9a"

/// A fresh temporary folder, named so a later scan of leftovers can find it.
func temporaryFolder(_ name: String = "reliability") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-\(name)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
