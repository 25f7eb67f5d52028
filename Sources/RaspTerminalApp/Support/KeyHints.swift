import RaspKit

/// The key line at the bottom of each screen, in the app's language: which keys do what here. These words
/// describe the terminal's key mapping, so they live with it rather than in RaspKit's string tables.
struct KeyHints: Sendable {
    /// Whether the hints are Russian.
    let russian: Bool

    init(_ strings: RaspKit.Strings) {
        russian = strings.language == .ru
    }

    var route: String {
        russian ? "↑↓ выбор  ←→ истории  Enter открыть  s поменять  Tab вкладка  q выход"
            : "↑↓ move  ←→ stories  Enter open  s swap  Tab tab  q quit"
    }
    var picker: String {
        russian ? "Печатайте для поиска  ↑↓ выбор  Enter выбрать  Esc назад"
            : "Type to search  ↑↓ move  Enter choose  Esc back"
    }
    var schedule: String {
        russian ? "↑↓ рейсы  Enter перевозчик  f уточнить время  r обновить  Esc назад"
            : "↑↓ trips  Enter carrier  f refine  r reload  Esc back"
    }
    var filters: String {
        russian ? "↑↓ выбор  Пробел/Enter отметить  a применить  Esc назад"
            : "↑↓ move  Space/Enter toggle  a apply  Esc back"
    }
    var carrier: String {
        russian ? "↑↓ выбор  Enter открыть  Esc назад" : "↑↓ move  Enter open  Esc back"
    }
    var stories: String {
        russian ? "←→ пред./след.  Пробел пауза  Esc/x/↓ закрыть" : "←→ previous/next  Space pause  Esc/x/↓ close"
    }
    var settings: String {
        russian ? "↑↓ выбор  Enter выбрать  Tab вкладка  q выход" : "↑↓ move  Enter choose  Tab tab  q quit"
    }
    var agreement: String {
        russian ? "↑↓ прокрутка  Esc назад" : "↑↓ scroll  Esc back"
    }
    /// The hints of a failure state whose retry is on `key`.
    func failure(key: String) -> String {
        russian ? "\(key) повторить  Esc назад" : "\(key) try again  Esc back"
    }
    /// What is said when a contact is handed to the system.
    func opening(_ url: String) -> String {
        russian ? "Открываю \(url)" : "Opening \(url)"
    }
    /// The pause marker of the stories.
    var paused: String { russian ? "Пауза" : "Paused" }
    /// The placeholder drawn where a carrier's logo goes.
    var logo: String { russian ? "логотип" : "logo" }
}
