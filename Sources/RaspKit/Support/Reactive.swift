// The reactive surface of the view models: Combine on Apple platforms, OpenCombine elsewhere. Files that declare
// an `ObservableObject` import the same pair; this file only documents the choice and re-exports nothing.
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The `ObservableObject` protocol the view models conform to on this platform (Combine's or OpenCombine's).
public typealias RaspObservableObject = ObservableObject
