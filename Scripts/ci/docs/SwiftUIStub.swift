// A stand-in for the few SwiftUI APIs the DocC articles use, so Scripts/ci/docs/check-snippets.py can type-check the
// articles' SwiftUI snippets where SwiftUI does not exist (Linux). Built as a module named SwiftUI only there; where
// SwiftUI exists the snippets are checked against it instead.
//
// Each declaration keeps SwiftUI's name, generic shape and argument labels (as in the iOS 16 / macOS 13 SDKs, the
// package's minimum), so a snippet that compiles here calls the real API the same way; nothing here runs. The
// observable object protocol is OpenCombine's, which RaspKit's view models conform to on Linux. Add a declaration
// here, with SwiftUI's exact signature, when an article needs one more.
import Foundation
import OpenCombine

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// What a view that only stands for its modifiers renders as.
public struct _ModifiedView<Content: View>: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { fatalError() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}

public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public var body: Never { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {}
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
    public static let center = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment()
}

public struct Spacer: View {
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

public struct List<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

public struct Section<Parent: View, Content: View, Footer: View>: View {
    public var body: Never { fatalError() }
}

extension Section where Parent == Text, Footer == EmptyView {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}

public enum ScenePhase: Hashable, Sendable {
    case background, inactive, active
}

public struct EnvironmentValues {
    public var scenePhase: ScenePhase { .active }
    public var colorScheme: ColorScheme { .light }
}

@propertyWrapper
public struct Environment<Value>: Sendable {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

@propertyWrapper @frozen
public struct ObservedObject<ObjectType: ObservableObject> {
    @dynamicMemberLookup @frozen
    public struct Wrapper {
        public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> {
            fatalError()
        }
    }

    public init(wrappedValue: ObjectType) {}
    public init(initialValue: ObjectType) {}
    public var wrappedValue: ObjectType { fatalError() }
    public var projectedValue: Wrapper { fatalError() }
}

@propertyWrapper @frozen
public struct StateObject<ObjectType: ObservableObject> {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    @MainActor public var wrappedValue: ObjectType { fatalError() }
    @MainActor public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

extension View {
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { _ModifiedView<Self>() }
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { _ModifiedView<Self>() }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { _ModifiedView<Self>() }
    public func task(priority: TaskPriority = .userInitiated,
                     _ action: @escaping @Sendable () async -> Void) -> some View {
        _ModifiedView<Self>()
    }
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { _ModifiedView<Self>() }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { _ModifiedView<Self>() }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        _ModifiedView<Self>()
    }
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View {
        _ModifiedView<Self>()
    }
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        _ModifiedView<Self>()
    }
    public func font(_ font: Font?) -> some View { _ModifiedView<Self>() }
}

public struct Font: Hashable, Sendable {
    public static let headline = Font()
    public static let subheadline = Font()
    public static let caption = Font()
    public static let body = Font()
}

extension Text {
    public func font(_ font: Font?) -> Text { self }
}
