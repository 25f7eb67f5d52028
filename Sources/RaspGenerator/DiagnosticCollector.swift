/// Collects what the stages of a run find, so that one run reports every problem: warnings, errors, and (in lenient
/// mode) the errors it repaired.
///
/// A stage that finds an error records it and goes on with a placeholder (a schema read as free-form JSON, an
/// operation left out), so the errors after it are found too; the pipeline fails at the end when any was recorded.
/// An error with a safe repair is recorded with it: in strict mode it stays an error (and the failure says that
/// `--lenient` would repair it), in lenient mode the repair is made and reported as a warning at the error's place.
public final class DiagnosticCollector: @unchecked Sendable {
    // Only touched from the one thread that runs a generator pipeline.

    /// Whether errors with a safe repair are repaired (and reported as warnings) instead of failing the run.
    public let isLenient: Bool
    /// The warnings collected so far, in the order they were found (in lenient mode, one per repair among them).
    private(set) public var diagnostics: [Diagnostic] = []
    /// The errors collected so far, in the order they were found, each once; an error lenient mode would repair
    /// has its ``Diagnostic/repair``.
    private(set) public var errors: [Diagnostic] = []
    /// In lenient mode, the errors repaired, each once, with their ``Diagnostic/repair``.
    private(set) public var repairs: [Diagnostic] = []

    /// Creates an empty collector.
    /// - Parameter lenient: Whether errors with a safe repair are repaired instead of failing the run.
    public init(lenient: Bool = false) {
        isLenient = lenient
    }

    private var indexByCause: [Diagnostic: Int] = [:]
    private var repeats: [Int] = []
    /// The index in ``errors`` of each error recorded, by its place and message (its repair left out).
    private var errorIndexByCause: [Diagnostic: Int] = [:]
    /// The errors repaired, by place and message.
    private var repairedCauses: Set<Diagnostic> = []

    /// Whether an error that fails the run has been recorded.
    public var hasErrors: Bool {
        !errors.isEmpty
    }

    /// Records a warning. The same warning at the same place (a shared schema translated for each of its uses) is
    /// kept once, with the number of times it came up.
    /// - Parameters:
    ///   - message: What was skipped or assumed.
    ///   - mark: Where, if known.
    public func warn(_ message: String, at mark: Mark?) {
        let diagnostic = Diagnostic(.warning, message, at: mark)
        if let index = indexByCause[diagnostic] {
            repeats[index] += 1
            diagnostics[index].message = "\(diagnostic.message) (\(repeats[index]) uses)"
            return
        }
        indexByCause[diagnostic] = diagnostics.count
        diagnostics.append(diagnostic)
        repeats.append(1)
    }

    /// Records an error. The same error at the same place (an object shared by several operations, read for each)
    /// is kept once; when one of its uses cannot be repaired, it is recorded as an error without a repair.
    /// - Parameter diagnostic: The error; with a ``Diagnostic/repair``, lenient mode makes the repair instead.
    public func error(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        diagnostic.severity = .error
        var cause = diagnostic
        cause.repair = nil
        if isLenient, let repair = diagnostic.repair {
            guard errorIndexByCause[cause] == nil, repairedCauses.insert(cause).inserted else { return }
            repairs.append(diagnostic)
            warn("\(diagnostic.message); repaired: \(repair)", at: diagnostic.mark)
            return
        }
        if let index = errorIndexByCause[cause] {
            if diagnostic.repair == nil { errors[index].repair = nil }
            return
        }
        errorIndexByCause[cause] = errors.count
        errors.append(diagnostic)
    }

    /// Records an error that has a safe repair (see ``error(_:)``); the caller goes on with the repaired value in
    /// both modes, so nothing that depends on it fails again.
    /// - Parameters:
    ///   - message: What is wrong, and what was expected.
    ///   - mark: Where.
    ///   - repair: What lenient mode does instead, e.g. "ignored (documentation only)".
    public func error(_ message: String, at mark: Mark?, repair: String) {
        error(Diagnostic(.error, message, at: mark, repair: repair))
    }
}
