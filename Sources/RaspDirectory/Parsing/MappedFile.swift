import Foundation

/// A read-only private memory mapping of a whole file, unmapped when released.
final class MappedFile {
    private let address: UnsafeMutableRawPointer
    private let length: Int

    /// The file's bytes, valid while this object lives.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: address, count: length) }

    /// Maps the file at `url`. Throws without details when it cannot be opened or mapped, or is empty: callers
    /// fall back to a plain read, which reports the reason.
    init(url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { throw CocoaError(.fileReadUnknown) }
        let length = Int(status.st_size)
        // mmap returns MAP_FAILED, (void *)-1, on failure (the macro is not imported on every platform).
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            throw CocoaError(.fileReadUnknown)
        }
        self.address = address
        self.length = length
    }

    deinit { munmap(address, length) }
}
