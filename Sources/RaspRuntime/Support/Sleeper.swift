/// Waits for a duration; injected wherever the runtime waits (retry backoff, deadlines) so tests never wait.
///
/// A sleeper must throw (any error) promptly when its task is cancelled, as `Task.sleep` does.
public struct Sleeper: Sendable {
    private let body: @Sendable (Duration) async throws -> Void

    /// Creates a sleeper from a closure.
    public init(_ body: @escaping @Sendable (Duration) async throws -> Void) { self.body = body }

    /// `Task.sleep(for:)`.
    public static let live = Sleeper { try await Task.sleep(for: $0) }

    /// Waits for `duration`.
    /// - Throws: When the task is cancelled during the wait.
    public func callAsFunction(_ duration: Duration) async throws { try await body(duration) }
}

extension Duration {
    /// The duration in seconds as a `Double` (for the package's modules, not its users).
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
