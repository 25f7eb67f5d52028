import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file could not be written, moved or read (the message names the file and the cause).
public struct FileStorageError: Error, Sendable, CustomStringConvertible {
    /// The file concerned.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// The cause of a file error in plain words: the system's message (`Not a directory`, `Permission denied`)
    /// when Foundation wraps one, rather than `NSCocoaErrorDomain error 512`.
    public static func cause(of error: any Error) -> String {
        if let error = error as? FileStorageError { return error.reason }
        if let error = error as? POSIXError { return message(errno: error.code.rawValue) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return message(errno: Int32(truncatingIfNeeded: nsError.code)) }
        // On Linux the underlying error casts to `any Error`, not to `NSError`.
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
            let underlying = underlying as NSError
            if underlying.domain == NSPOSIXErrorDomain {
                return message(errno: Int32(truncatingIfNeeded: underlying.code))
            }
        }
        return error.localizedDescription
    }

    /// `strerror(3)` of an error number.
    public static func message(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
