import RaspMiddlewares

/// Runs the body of a subcommand: announces demo data first, the age of saved answers shown after it, and turns
/// whatever the body throws into a ``CLIError`` with the API key masked.
struct CommandRunner {
    /// The run.
    let context: RaspContext

    /// Runs `body`.
    /// - Throws: ``CLIError`` only.
    func run(_ body: () async throws -> Void) async throws {
        context.announceSource()
        do {
            let (_, reports) = try await HTTPCacheMiddleware.observing { try await body() }
            context.announceSaved(reports)
        } catch {
            throw CLIError.from(error, redactor: context.redactor, russian: context.russian)
        }
    }
}
