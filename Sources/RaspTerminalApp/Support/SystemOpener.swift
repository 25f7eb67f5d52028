import Foundation

/// Hands a URL to the system: `$RASP_OPENER` when set, else `xdg-open` (Linux) or `open` (macOS) when found
/// on the `PATH`. The screen always shows the URL too, so a machine without an opener still tells the user.
struct SystemOpener: Sendable {
    /// The environment the opener is looked up in.
    let environment: [String: String]

    /// Starts the opener on `url` without waiting for it; its output is discarded so it cannot draw over the app.
    /// - Parameter url: A `https:`, `mailto:` or `tel:` URL.
    /// - Returns: Whether an opener was started.
    @discardableResult
    func open(_ url: URL) -> Bool {
        guard let program = program() else { return false }
        let process = Process()
        process.executableURL = program
        process.arguments = [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (try? process.run()) != nil
    }

    private func program() -> URL? {
        if let explicit = environment["RASP_OPENER"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let names = ["xdg-open", "open"]
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            for name in names {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }
}
