/// A sleep until a deadline fixed when this is called, on any `Duration` clock.
///
/// The debounce fixes its deadline when the user types, not when its task first runs, so a task that starts
/// late (a busy main actor, a test clock advanced meanwhile) still fires at the keystroke time plus the delay.
/// - Parameters:
///   - clock: The clock (an existential; opened here to read its instants).
///   - duration: How long after now the deadline is.
/// - Returns: A function that sleeps until the deadline (at once when it has passed).
func sleepUntilDeadline(on clock: any Clock<Duration>, after duration: Duration) -> @Sendable () async throws -> Void {
    func fix<C: Clock<Duration>>(_ clock: C) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: duration)
        return {
            guard clock.now < deadline else { return }
            try await clock.sleep(until: deadline, tolerance: nil)
        }
    }
    return fix(clock)
}
