/// An injected clock read as durations since a fixed origin.
///
/// RaspKit takes every clock the same way, as `any Clock<Duration>` (a `ContinuousClock` in apps, a `TestClock`
/// or an `ImmediateClock` in tests). An existential clock cannot do arithmetic on its own instants, so this
/// opens it once and speaks in `Duration`s since its creation: deadlines are plain durations that can be
/// stored, compared and shifted.
struct ClockTimeline: Sendable {
    /// The time since the origin, now.
    let now: @Sendable () -> Duration
    /// Sleeps until the given time since the origin; returns at once when that time has passed.
    let sleep: @Sendable (_ deadline: Duration) async throws -> Void

    /// A timeline whose origin is the clock's current instant.
    /// - Parameter clock: The clock.
    init(_ clock: any Clock<Duration>) {
        func open<C: Clock<Duration>>(_ clock: C) -> ClockTimeline {
            let origin = clock.now
            return ClockTimeline(
                now: { origin.duration(to: clock.now) },
                sleep: { deadline in
                    let instant = origin.advanced(by: deadline)
                    guard clock.now < instant else { return }
                    try await clock.sleep(until: instant, tolerance: nil)
                })
        }
        self = open(clock)
    }

    private init(now: @escaping @Sendable () -> Duration,
                 sleep: @escaping @Sendable (_ deadline: Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }
}

/// A sleep until a deadline fixed when this is called, on any `Duration` clock.
///
/// The debounce fixes its deadline when the user types, not when its task first runs, so a task that starts
/// late (a busy main actor, a test clock advanced meanwhile) still fires at the keystroke time plus the delay.
/// - Parameters:
///   - clock: The clock.
///   - duration: How long after now the deadline is.
/// - Returns: A function that sleeps until the deadline (at once when it has passed).
func sleepUntilDeadline(on clock: any Clock<Duration>, after duration: Duration) -> @Sendable () async throws -> Void {
    let timeline = ClockTimeline(clock)
    let deadline = timeline.now() + duration
    return { try await timeline.sleep(deadline) }
}
