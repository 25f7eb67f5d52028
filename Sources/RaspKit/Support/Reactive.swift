// The reactive surface of the view models: Combine on Apple platforms, OpenCombine elsewhere.
//
// This is the only place either framework is imported. `@_exported` makes the import visible in every file of
// RaspKit and in every module that imports RaspKit, so a view model's file and an app's view both see the same
// `ObservableObject`, `@Published` and `AnyCancellable` without repeating the platform check.
#if canImport(Combine)
@_exported import Combine
#elseif OpenCombine
@_exported import OpenCombine
#else
#error("RaspKit needs Combine, or on Linux the package's OpenCombine trait (on by default)")
#endif
