/// What the user did on the stories screen.
public enum StoryGesture: Sendable, Hashable {
    /// A tap on the right part: the next story.
    case tapRight
    /// A tap on the left part: the previous story.
    case tapLeft
    /// A swipe to the left: the next story.
    case swipeLeft
    /// A swipe to the right: the previous story.
    case swipeRight
    /// A swipe down: close the stories.
    case swipeDown
    /// A finger came down and stays on the screen: pause.
    case holdBegan
    /// The finger lifted: resume.
    case holdEnded
}

/// Why the stories timer is paused; it runs again only when no reason is left.
public enum StoryPauseReason: Sendable, Hashable {
    /// A finger holds the screen.
    case hold
    /// The app is in the background.
    case background
}
