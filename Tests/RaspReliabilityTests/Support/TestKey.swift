import Foundation

/// A fresh temporary folder, named so a later scan of leftovers can find it.
func temporaryFolder(_ name: String = "reliability") -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("rasp-\(name)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
