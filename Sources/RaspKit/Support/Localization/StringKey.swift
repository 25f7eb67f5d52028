/// The keys of the ru/en string tables (`Resources/<lang>.lproj/Localizable.strings`).
///
/// Every case must exist in both tables; the tests check that the key sets are equal.
/// Keys ending in `Format` contain `%@` placeholders filled by ``RaspKit/Strings/format(_:_:)``.
public enum StringKey: String, Sendable, Hashable, CaseIterable {
    // MARK: Errors
    /// «Нет интернета» / "No internet connection".
    case errorNoInternetTitle = "error.noInternet.title"
    /// «Проверьте подключение к сети и попробуйте ещё раз» / "Check your connection and try again".
    case errorNoInternetMessage = "error.noInternet.message"
    /// «Ошибка сервера» / "Server error".
    case errorServerTitle = "error.server.title"
    /// «Не удалось получить данные. Попробуйте ещё раз позже» / "Could not get the data. Please try again later".
    case errorServerMessage = "error.server.message"
    /// «Повторить» / "Try again".
    case errorRetry = "error.retry"
    /// «Загрузка…» / "Loading…".
    case loading = "loading"
    // MARK: Tabs
    /// «Расписание» / "Schedule".
    case tabSchedule = "tab.schedule"
    /// «Настройки» / "Settings".
    case tabSettings = "tab.settings"
    // MARK: Route
    /// «Откуда» / "From".
    case routeFromPlaceholder = "route.from.placeholder"
    /// «Куда» / "To".
    case routeToPlaceholder = "route.to.placeholder"
    /// «Найти» / "Find".
    case routeSearch = "route.search"
    /// «Поменять местами» / "Swap".
    case routeSwap = "route.swap"
    /// «%@ (%@)» / "%@ (%@)".
    case routePointFormat = "route.point.format"
    // MARK: Pickers
    /// «Выбор города» / "Select a city".
    case pickerCityTitle = "picker.city.title"
    /// «Выбор станции» / "Select a station".
    case pickerStationTitle = "picker.station.title"
    /// «Введите запрос» / "Search".
    case pickerSearchPlaceholder = "picker.search.placeholder"
    /// «Город не найден» / "City not found".
    case pickerCityEmpty = "picker.city.empty"
    /// «Станция не найдена» / "Station not found".
    case pickerStationEmpty = "picker.station.empty"
    // MARK: Schedule
    /// «%@ → %@» / "%@ → %@".
    case scheduleTitleFormat = "schedule.title.format"
    /// «Вариантов нет» / "No trips".
    case scheduleEmpty = "schedule.empty"
    /// «Уточнить время» / "Refine the time".
    case scheduleFiltersButton = "schedule.filters.button"
    /// «Нет соединения. Сохранённые результаты, %@ назад» / "Offline. Saved results from %@ ago".
    case savedResultsFormat = "saved.results.format"
    /// «С пересадкой: %@» / "With a transfer: %@".
    case tripTransferSingle = "trip.transfer.single"
    /// «С пересадками: %@» / "With transfers: %@".
    case tripTransferMultiple = "trip.transfer.multiple"
    /// «Перевозчик не указан» / "Carrier not specified".
    case tripCarrierUnknown = "trip.carrier.unknown"
    /// «%@ %@» / "%@ %@".
    case tripDayMonthFormat = "trip.dayMonth.format"
    /// «%@ час» / "%@ hour".
    case durationHoursOne = "duration.hours.one"
    /// «%@ часа» / "%@ hours".
    case durationHoursFew = "duration.hours.few"
    /// «%@ часов» / "%@ hours".
    case durationHoursMany = "duration.hours.many"
    /// «%@ минута» / "%@ minute".
    case durationMinutesOne = "duration.minutes.one"
    /// «%@ минуты» / "%@ minutes".
    case durationMinutesFew = "duration.minutes.few"
    /// «%@ минут» / "%@ minutes".
    case durationMinutesMany = "duration.minutes.many"
    /// «%@ ч %@ мин» / "%@ h %@ min".
    case durationHoursMinutesFormat = "duration.hoursMinutes.format"
    /// «января» / "January".
    case monthJanuary = "month.1"
    /// «февраля» / "February".
    case monthFebruary = "month.2"
    /// «марта» / "March".
    case monthMarch = "month.3"
    /// «апреля» / "April".
    case monthApril = "month.4"
    /// «мая» / "May".
    case monthMay = "month.5"
    /// «июня» / "June".
    case monthJune = "month.6"
    /// «июля» / "July".
    case monthJuly = "month.7"
    /// «августа» / "August".
    case monthAugust = "month.8"
    /// «сентября» / "September".
    case monthSeptember = "month.9"
    /// «октября» / "October".
    case monthOctober = "month.10"
    /// «ноября» / "November".
    case monthNovember = "month.11"
    /// «декабря» / "December".
    case monthDecember = "month.12"
    // MARK: Filters
    /// «Время отправления» / "Departure time".
    case filtersDepartureTitle = "filters.departure.title"
    /// «Утро 06:00 – 12:00» / "Morning 06:00 – 12:00".
    case filtersSlotMorning = "filters.slot.morning"
    /// «День 12:00 – 18:00» / "Day 12:00 – 18:00".
    case filtersSlotDay = "filters.slot.day"
    /// «Вечер 18:00 – 00:00» / "Evening 18:00 – 00:00".
    case filtersSlotEvening = "filters.slot.evening"
    /// «Ночь 00:00 – 06:00» / "Night 00:00 – 06:00".
    case filtersSlotNight = "filters.slot.night"
    /// «Показывать варианты с пересадками» / "Show trips with transfers".
    case filtersTransfersTitle = "filters.transfers.title"
    /// «Все варианты» / "All trips".
    case filtersTransfersAny = "filters.transfers.any"
    /// «Только без пересадок» / "Direct trips only".
    case filtersTransfersDirect = "filters.transfers.direct"
    /// «Только с пересадками» / "Trips with transfers only".
    case filtersTransfersOnly = "filters.transfers.only"
    /// «Применить» / "Apply".
    case filtersApply = "filters.apply"
    // MARK: Carrier
    /// «Информация о перевозчике» / "Carrier information".
    case carrierTitle = "carrier.title"
    /// «E-mail» / "E-mail".
    case carrierEmail = "carrier.email"
    /// «Телефон» / "Phone".
    case carrierPhone = "carrier.phone"
    /// «Сайт» / "Website".
    case carrierSite = "carrier.site"
    /// «Перевозчик не найден» / "Carrier not found".
    case carrierEmpty = "carrier.empty"
    // MARK: Stories
    /// «Закрыть» / "Close".
    case storiesClose = "stories.close"
    /// «Сапсан до Петербурга» / "Sapsan to Saint Petersburg".
    case story1Title = "story.1.title"
    /// «Четыре часа от вокзала до вокзала: выберите утренний рейс и успейте на прогулку по Невскому.» /
    /// "Four hours from station to station: take a morning train and still have time for a walk along Nevsky.".
    case story1Text = "story.1.text"
    /// «Ночные поезда» / "Night trains".
    case story2Title = "story.2.title"
    /// «Сэкономьте день: вечером в вагон, утром уже на месте. Фильтр «Ночь» покажет такие рейсы.» /
    /// "Save a day: board in the evening, wake up at your destination. The “Night” filter shows these trips.".
    case story2Text = "story.2.text"
    /// «С пересадкой бывает быстрее» / "A transfer can be faster".
    case story3Title = "story.3.title"
    /// «Нет прямого рейса? Включите варианты с пересадками, и мы покажем маршруты через другие города.» /
    /// "No direct trip? Turn on trips with transfers and we will show routes through other cities.".
    case story3Text = "story.3.text"
    // MARK: Settings
    /// «Настройки» / "Settings".
    case settingsTitle = "settings.title"
    /// «Тема» / "Theme".
    case settingsTheme = "settings.theme"
    /// «Как в системе» / "System".
    case themeSystem = "theme.system"
    /// «Светлая» / "Light".
    case themeLight = "theme.light"
    /// «Тёмная» / "Dark".
    case themeDark = "theme.dark"
    /// «Пользовательское соглашение» / "User agreement".
    case settingsAgreement = "settings.agreement"
    /// «Приложение использует API «Яндекс.Расписания»» / "The app uses the Yandex Rasp (Яндекс.Расписания) API".
    case settingsApiNotice = "settings.api.notice"
    /// «Версия %@» / "Version %@".
    case settingsVersionFormat = "settings.version.format"
}
