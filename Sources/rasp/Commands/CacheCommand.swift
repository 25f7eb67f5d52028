import ArgumentParser
import Foundation
import RaspMiddlewares

/// `rasp cache`: what is saved for offline use, and clearing it.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show how many answers are saved for offline use and their size, or clear them (--clear).",
        discussion: """
        Answers of search, schedule, thread, carrier and nearest are saved per server in the cache folder (see \
        --cache-dir), up to 32 MB ($RASP_ANSWERS_MAX_BYTES to change it); the station directory is kept beside them \
        and is not cleared here. --json also counts the files that fail their checks (each is removed and fetched \
        again when next read).
        """)

    @OptionGroup var options: GlobalOptions

    @Flag(name: .long, help: "Remove every saved answer.")
    var clear = false

    func run() async throws {
        let context = try RaspContext(options: options)
        try await CommandRunner(context: context).run {
            guard let folder = context.source.answersDirectory else {
                context.notice(context.russian ? "rasp: демо-данные ничего не сохраняют."
                    : "rasp: the demo data saves nothing.")
                return
            }
            let store = DiskHTTPCacheStore(folder: folder, maxBytes: context.answersMaxBytes)
            if clear { store.removeAll() }
            let summary = store.summary()
            if options.json {
                let object: [String: Any] = ["folder": folder.path, "entries": summary.entries, "bytes": summary.bytes,
                                             "max_bytes": store.maxBytes, "damaged": store.damagedCount()]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                context.console.print(String(decoding: data, as: UTF8.self))
                return
            }
            let size = ByteCountFormatter.string(fromByteCount: Int64(summary.bytes), countStyle: .file)
            context.console.print(context.russian
                ? "Сохранено ответов: \(summary.entries), \(size) (\(folder.path))"
                : "Saved answers: \(summary.entries), \(size) (\(folder.path))")
        }
    }
}
