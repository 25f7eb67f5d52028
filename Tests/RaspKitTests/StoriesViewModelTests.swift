import Clocks
import Foundation
import RaspKit
import Testing

@MainActor
@Suite("Stories")
struct StoriesViewModelTests {
    let stories = try! StoryLibrary.bundled(strings: .init(language: .ru))

    func model(_ clock: TestClock<Duration>, tick: Duration = .milliseconds(100), settings: SettingsStore = .inMemory(),
               analytics: InMemoryAnalyticsTracker = .init()) -> StoriesViewModel {
        StoriesViewModel(stories: stories, clock: clock, tick: tick, settings: settings, strings: .init(language: .ru),
                         analytics: analytics)
    }

    @Test("the bundled stories load with texts in both languages and their images")
    func bundled() throws {
        #expect(stories.count == 3)
        #expect(stories[0].title == "Сапсан до Петербурга")
        let english = try StoryLibrary.bundled(strings: .init(language: .en))
        #expect(english[0].title == "Sapsan to Saint Petersburg")
        for story in stories {
            #expect(!story.text.isEmpty)
            #expect(story.images.count == 2)
            let png = try #require(story.preview.data())
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(story.images.allSatisfy { $0.data() != nil })
        }
    }

    @Test("9.9 s stays on the story with progress 0.99; 10 s moves to the next")
    func tenSeconds() async {
        let clock = TestClock()
        let model = model(clock)
        model.start()
        #expect(model.currentIndex == 0)
        await clock.advance(by: .milliseconds(9_900))
        #expect(model.currentIndex == 0)
        #expect(abs(model.currentProgress - 0.99) < 1e-9)
        #expect(model.progress <= 0.99)
        await clock.advance(by: .milliseconds(100))
        await eventually(nudging: clock) { model.currentIndex == 1 }
        #expect(model.currentProgress == 0)
        #expect(!model.isClosed)
    }

    @Test("progress is read from the clock, not counted from ticks")
    func progressFromClock() async {
        let clock = TestClock()
        let model = model(clock, tick: .seconds(1))
        model.start()
        await clock.advance(by: .milliseconds(2_500))
        #expect(model.currentProgress == 0.25)  // the clock says 2.5 s, between two 1-second ticks
        #expect(model.progress <= 0.25)         // what the last tick published
        model.pause()
        #expect(model.progress == 0.25)
    }

    @Test("pause holds the story and its progress; resume continues where it stopped")
    func pauseHolds() async {
        let clock = TestClock()
        let model = model(clock)
        model.start()
        await clock.advance(by: .seconds(4))
        model.handle(.holdBegan)
        #expect(model.isPaused)
        #expect(model.progress == 0.4)
        await clock.advance(by: .seconds(5))
        #expect(model.currentIndex == 0)
        #expect(model.progress == 0.4)
        #expect(model.currentProgress == 0.4)
        model.handle(.holdEnded)
        #expect(!model.isPaused)
        await clock.advance(by: .milliseconds(5_900))
        #expect(model.currentIndex == 0)
        await clock.advance(by: .milliseconds(100))
        await eventually(nudging: clock) { model.currentIndex == 1 }
    }

    @Test("background and a held finger are separate reasons: both must end before the timer runs")
    func pauseReasons() async {
        let clock = TestClock()
        let model = model(clock)
        model.start()
        model.appActivityChanged(isActive: false)
        model.handle(.holdBegan)
        model.handle(.holdEnded)
        #expect(model.isPaused)
        await clock.advance(by: .seconds(5))
        #expect(model.currentIndex == 0)
        #expect(model.currentProgress == 0)
        model.appActivityChanged(isActive: true)
        #expect(!model.isPaused)
        await clock.advance(by: .seconds(10))
        await eventually(nudging: clock) { model.currentIndex == 1 }
    }

    @Test("auto-advance reaches the last story, which does not close before its 10 seconds")
    func autoAdvanceToLast() async {
        let clock = TestClock()
        let model = StoriesViewModel(stories: stories, startAt: 1, clock: clock, tick: .seconds(1))
        model.start()
        await clock.advance(by: .seconds(10))
        await eventually(nudging: clock) { model.currentIndex == 2 }
        await clock.advance(by: .seconds(8))
        #expect(!model.isClosed)
        #expect(model.currentIndex == 2)
    }

    @Test("after the last story the screen closes by itself")
    func lastStoryTimesOut() async {
        let clock = TestClock()
        let model = StoriesViewModel(stories: stories, startAt: 2, clock: clock, tick: .seconds(1))
        model.start()
        await clock.advance(by: .milliseconds(9_999))
        #expect(!model.isClosed)
        await clock.advance(by: .milliseconds(1))
        await eventually(nudging: clock) { model.isClosed }
        #expect(model.currentIndex == 2)
    }

    @Test("taps and swipes: next, previous, restart the first, close")
    func gestures() async {
        let clock = TestClock()
        let model = model(clock)
        model.start()
        await clock.advance(by: .seconds(3))
        model.handle(.tapLeft)  // on the first story: restart it
        #expect(model.currentIndex == 0)
        #expect(model.currentProgress == 0)
        model.handle(.tapRight)
        #expect(model.currentIndex == 1)
        model.handle(.swipeLeft)
        #expect(model.currentIndex == 2)
        model.handle(.swipeRight)
        #expect(model.currentIndex == 1)
        await clock.advance(by: .seconds(5))
        model.handle(.swipeDown)
        #expect(model.isClosed)
        await clock.advance(by: .seconds(10))
        #expect(model.currentIndex == 1, "a closed screen stops its timer")
        model.handle(.tapRight)
        #expect(model.currentIndex == 1)
    }

    @Test("tapping right on the last story closes; the close button closes")
    func closeActions() async {
        let clock = TestClock()
        let last = StoriesViewModel(stories: stories, startAt: 2, clock: clock)
        last.start()
        #expect(last.closeTitle == "Закрыть" || last.closeTitle == "Close")
        last.handle(.tapRight)
        #expect(last.isClosed)
        let other = model(clock)
        other.start()
        other.close()
        #expect(other.isClosed)
    }

    @Test("viewed stories are remembered across launches and tracked")
    func viewedRemembered() async throws {
        let storage = InMemoryStorage()
        let analytics = InMemoryAnalyticsTracker()
        let clock = TestClock()
        let model = model(clock, settings: SettingsStore(storage: storage), analytics: analytics)
        model.start()
        model.next()
        model.close()
        let relaunched = SettingsStore(storage: storage)
        #expect(relaunched.viewedStoryIDs == ["story-1", "story-2"])
        #expect(analytics.events.contains(.storyViewed(id: "story-2")))
        #expect(!analytics.events.contains(.storyViewed(id: "story-3")))
    }

    @Test("no stories: the screen closes at once")
    func noStories() {
        let model = StoriesViewModel(stories: [], clock: TestClock())
        model.start()
        #expect(model.isClosed)
        #expect(model.currentStory == nil)
    }

    @Test("the model goes away with its timer")
    func deallocation() async {
        let clock = TestClock()
        var model: StoriesViewModel? = self.model(clock)
        weak let weakModel = model
        model?.start()
        model = nil
        #expect(weakModel == nil)
        await clock.advance(by: .seconds(10))
    }
}
