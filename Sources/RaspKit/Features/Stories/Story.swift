import Foundation

/// A story of the stories strip: localized title and text with images from the library's resources.
public struct Story: Sendable, Hashable, Identifiable {
    /// A stable id, remembered once viewed.
    public var id: String
    /// The headline.
    public var title: String
    /// The body text.
    public var text: String
    /// The thumbnail of the strip.
    public var preview: StoryImage
    /// The full-screen images, in order (at least one).
    public var images: [StoryImage]

    /// A story.
    /// - Parameters:
    ///   - id: The id.
    ///   - title: The headline.
    ///   - text: The body.
    ///   - preview: The thumbnail.
    ///   - images: The full-screen images.
    public init(id: String, title: String, text: String, preview: StoryImage, images: [StoryImage]) {
        self.id = id
        self.title = title
        self.text = text
        self.preview = preview
        self.images = images
    }
}

/// An image of a story, stored as a resource file.
public struct StoryImage: Sendable, Hashable {
    /// The resource name, e.g. `story-1-full.png`.
    public var name: String
    /// Where the file is (nil for images that are not bundled, as in tests).
    public var url: URL?

    /// An image.
    /// - Parameters:
    ///   - name: The resource name.
    ///   - url: The file.
    public init(name: String, url: URL?) {
        self.name = name
        self.url = url
    }

    /// The image's bytes (PNG), or nil when the file is missing.
    /// - Returns: The bytes.
    public func data() -> Data? {
        url.flatMap { try? Data(contentsOf: $0) }
    }
}

/// A story in the strip with whether the user has already seen it (seen ones are drawn without the ring).
public struct StoryPreview: Sendable, Hashable, Identifiable {
    /// The story.
    public var story: Story
    /// Whether it was viewed (remembered across launches).
    public var isViewed: Bool

    /// The story's id.
    public var id: String { story.id }
}
