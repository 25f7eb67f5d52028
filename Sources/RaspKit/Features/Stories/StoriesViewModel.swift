import Foundation

/// The full-screen stories: each story shows for exactly ``storyDuration`` (10 s), with a progress of 0…1 read
/// from the injected clock, then the next one; after the last story the screen closes by itself.
///
/// ```swift
/// let clock = TestClock()
/// let model = StoriesViewModel(stories: stories, clock: clock, settings: settings)
/// model.start()
/// await clock.advance(by: .seconds(10))     // model.currentIndex == 1
/// model.handle(.swipeDown)                  // model.isClosed == true
/// ```
/// Progress is `elapsed / 10 s`, where `elapsed` is measured on the clock between pauses; the timer only wakes
/// every `tick` to publish it, so no error accumulates from counting ticks. Pauses (a finger on the screen, the
/// app in the background) stop the clock for the story and hold its progress. Every story shown is remembered
/// as viewed in the ``SettingsStore``.
@MainActor
public final class StoriesViewModel: ObservableObject {
    /// How long each story shows: 10 seconds.
    public nonisolated static var storyDuration: Duration { .seconds(10) }

    /// The index of the story on screen.
    @Published public private(set) var currentIndex: Int
    /// How much of the current story has been shown, 0…1 (as of the last tick or pause).
    @Published public private(set) var progress: Double = 0
    /// Whether the timer is held (see ``StoryPauseReason``).
    @Published public private(set) var isPaused = false
    /// Whether the screen should go away (closed by the user or after the last story).
    @Published public private(set) var isClosed = false

    /// The stories, in order.
    public let stories: [Story]
    /// The language of the texts.
    public let strings: RaspKit.Strings

    private let clock: ClockTimeline
    private let tick: Duration
    private let settings: SettingsStore?
    private let analytics: any AnalyticsTracker
    private var shownBefore: Duration = .zero
    private var runningSince: Duration?
    private var pauseReasons: Set<StoryPauseReason> = []
    private var isStarted = false
    private var timerTask: Task<Void, Never>?

    /// A stories screen.
    /// - Parameters:
    ///   - stories: The stories, in order.
    ///   - index: The story to open with (clamped to the list).
    ///   - clock: The clock of the 10-second timer (a `TestClock` in tests).
    ///   - tick: How often ``progress`` is republished while a story runs.
    ///   - settings: Where viewed stories are remembered.
    ///   - strings: The language of the texts.
    ///   - analytics: Where `story_viewed` goes.
    public init(stories: [Story], startAt index: Int = 0, clock: any Clock<Duration> = ContinuousClock(),
                tick: Duration = .milliseconds(50), settings: SettingsStore? = nil, strings: RaspKit.Strings = .init(),
                analytics: any AnalyticsTracker = NoAnalyticsTracker()) {
        self.stories = stories
        self.currentIndex = min(max(0, index), max(0, stories.count - 1))
        self.clock = ClockTimeline(clock)
        self.tick = tick
        self.settings = settings
        self.strings = strings
        self.analytics = analytics
    }

    deinit { timerTask?.cancel() }

    /// The story on screen, nil when there are no stories.
    public var currentStory: Story? {
        stories.indices.contains(currentIndex) ? stories[currentIndex] : nil
    }

    /// The close button's title, «Закрыть».
    public var closeTitle: String { strings[.storiesClose] }

    /// How much of the current story has been shown right now, 0…1, read from the clock.
    public var currentProgress: Double {
        min(1, max(0, shownTime() / Self.storyDuration))
    }

    /// Starts showing the current story (call on appear); closes at once when there are no stories.
    public func start() {
        guard !isStarted, !isClosed else { return }
        isStarted = true
        analytics.track(.screenOpened(.stories))
        guard !stories.isEmpty else { return close() }
        show(currentIndex)
    }

    /// Shows the next story, or closes after the last one.
    public func next() {
        guard !isClosed else { return }
        if currentIndex + 1 < stories.count { show(currentIndex + 1) } else { close() }
    }

    /// Shows the previous story, or restarts the first one.
    public func previous() {
        guard !isClosed else { return }
        show(max(0, currentIndex - 1))
    }

    /// Applies a gesture.
    /// - Parameter gesture: What the user did.
    public func handle(_ gesture: StoryGesture) {
        switch gesture {
        case .tapRight, .swipeLeft: next()
        case .tapLeft, .swipeRight: previous()
        case .swipeDown: close()
        case .holdBegan: pause(.hold)
        case .holdEnded: resume(.hold)
        }
    }

    /// Pauses or resumes for the app's life cycle.
    /// - Parameter isActive: Whether the app is in the foreground.
    public func appActivityChanged(isActive: Bool) {
        if isActive { resume(.background) } else { pause(.background) }
    }

    /// Holds the timer and the progress.
    /// - Parameter reason: Why; the timer resumes when every reason is lifted.
    public func pause(_ reason: StoryPauseReason = .hold) {
        pauseReasons.insert(reason)
        isPaused = true
        guard let since = runningSince else { return }
        shownBefore += clock.now() - since
        runningSince = nil
        timerTask?.cancel()
        timerTask = nil
        progress = currentProgress
    }

    /// Lifts one pause reason and resumes when none is left.
    /// - Parameter reason: The reason to lift.
    public func resume(_ reason: StoryPauseReason = .hold) {
        pauseReasons.remove(reason)
        guard pauseReasons.isEmpty else { return }
        isPaused = false
        guard isStarted, !isClosed, runningSince == nil else { return }
        runningSince = clock.now()
        runTimer()
    }

    /// Closes the screen (the close button, a swipe down, or the end of the last story).
    public func close() {
        timerTask?.cancel()
        timerTask = nil
        if let since = runningSince { shownBefore += clock.now() - since }
        runningSince = nil
        isClosed = true
    }

    private func show(_ index: Int) {
        currentIndex = index
        shownBefore = .zero
        progress = 0
        if let story = currentStory {
            settings?.markStoryViewed(story.id)
            analytics.track(.storyViewed(id: story.id))
        }
        guard pauseReasons.isEmpty else {
            runningSince = nil
            return
        }
        runningSince = clock.now()
        runTimer()
    }

    private func shownTime() -> Duration {
        shownBefore + (runningSince.map { clock.now() - $0 } ?? .zero)
    }

    /// When the running story ends, nil while it is paused.
    private func endOfStory() -> Duration? {
        runningSince.map { $0 + Self.storyDuration - shownBefore }
    }

    private func runTimer() {
        timerTask?.cancel()
        timerTask = Task { [weak self, clock, tick] in
            while !Task.isCancelled {
                // The story's end is a fixed time on the clock, so a wake-up that comes late never moves it.
                guard let end = self?.endOfStory() else { return }
                let now = clock.now()
                if now >= end {
                    self?.next()
                    return
                }
                do { try await clock.sleep(min(now + tick, end)) } catch { return }
                guard !Task.isCancelled else { return }
                self?.progress = self?.currentProgress ?? 0
            }
        }
    }
}
