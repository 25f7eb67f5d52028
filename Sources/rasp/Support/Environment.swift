import Foundation
import RaspRuntime
import RaspServices
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process was started with, beyond its arguments: environment variables and whether the standard
/// streams are terminals. Commands read it through ``current``; tests build their own.
struct Environment: Sendable {
    /// Environment variables.
    var variables: [String: String]
    /// Whether standard output is a terminal.
    var stdoutIsTerminal: Bool
    /// Whether standard error is a terminal.
    var stderrIsTerminal: Bool

    /// The process's environment.
    static var current: Environment {
        Environment(variables: ProcessInfo.processInfo.environment,
                    stdoutIsTerminal: isatty(STDOUT_FILENO) != 0,
                    stderrIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    /// The value of a variable, nil when it is unset or blank.
    subscript(_ name: String) -> String? {
        guard let value = variables[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// Whether colour is wanted on a stream: only on a terminal, never with `NO_COLOR` set (https://no-color.org)
    /// or `TERM=dumb`.
    /// - Parameter terminal: Whether the stream is a terminal.
    /// - Returns: Whether to write ANSI colour codes.
    func allowsColor(onTerminal terminal: Bool) -> Bool {
        guard terminal else { return false }
        if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return false }
        return variables["TERM"] != "dumb"
    }

    /// The user's home folder.
    var home: URL {
        if let home = self["HOME"] { return URL(fileURLWithPath: home, isDirectory: true) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// The cache folder: `$RASP_CACHE_DIR`, else `$XDG_CACHE_HOME/rasp`, else `~/.cache/rasp`.
    var defaultCacheDirectory: URL {
        if let explicit = self["RASP_CACHE_DIR"] { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let xdg = self["XDG_CACHE_HOME"] {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("rasp")
        }
        return home.appendingPathComponent(".cache/rasp", isDirectory: true)
    }

    /// The config file: `$RASP_CONFIG`, else `$XDG_CONFIG_HOME/rasp/config`, else `~/.config/rasp/config`.
    var defaultConfigFile: URL {
        if let explicit = self["RASP_CONFIG"] { return URL(fileURLWithPath: explicit) }
        if let xdg = self["XDG_CONFIG_HOME"] {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("rasp/config")
        }
        return home.appendingPathComponent(".config/rasp/config")
    }

    /// Whether the user reads Russian, from `LC_ALL`, `LC_MESSAGES` or `LANG` (the first one set), by the
    /// package's one rule (`UserMessageLanguage(localeIdentifier:)`).
    var prefersRussian: Bool {
        let locale = self["LC_ALL"] ?? self["LC_MESSAGES"] ?? self["LANG"] ?? ""
        return UserMessageLanguage(localeIdentifier: locale) == .ru
    }
}
