/// Small hand-written `stations_list` documents for resolution cases the demo data does not have.
enum StationsListFixture {
    /// Two settlements named «Александровка» in different regions (one station each), a «Москва» with several
    /// stations, a village also named «Москва» with one, and «Ростов» beside «Ростов-на-Дону».
    static let twoAlexandrovkas = """
    {"countries": [{"title": "Россия", "codes": {"yandex_code": "l225"}, "regions": [
      {"title": "Тульская область", "codes": {"yandex_code": "r10832"}, "settlements": [
        {"title": "Александровка", "codes": {"yandex_code": "c9001"}, "stations": [
          {"title": "Александровка", "codes": {"yandex_code": "s9100001"}, "direction": "", "station_type": "bus_stop",
           "transport_type": "bus", "latitude": 54.1, "longitude": 37.5}]}]},
      {"title": "Ростовская область", "codes": {"yandex_code": "r11029"}, "settlements": [
        {"title": "Александровка", "codes": {"yandex_code": "c9002"}, "stations": [
          {"title": "Александровка", "codes": {"yandex_code": "s9100002"}, "direction": "", "station_type": "bus_stop",
           "transport_type": "bus", "latitude": 47.2, "longitude": 39.7}]},
        {"title": "Ростов-на-Дону", "codes": {"yandex_code": "c39"}, "stations": [
          {"title": "Ростов-Главный", "codes": {"yandex_code": "s9100003"}, "direction": "", "station_type": \
    "train_station",
           "transport_type": "train", "latitude": 47.2, "longitude": 39.7}]}]},
      {"title": "Ярославская область", "codes": {"yandex_code": "r10841"}, "settlements": [
        {"title": "Ростов", "codes": {"yandex_code": "c10838"}, "stations": [
          {"title": "Ростов-Ярославский", "codes": {"yandex_code": "s9100004"}, "direction": "", "station_type": \
    "train_station",
           "transport_type": "train", "latitude": 57.2, "longitude": 39.4}]}]},
      {"title": "Москва и Московская область", "codes": {"yandex_code": "r1"}, "settlements": [
        {"title": "Москва", "codes": {"yandex_code": "c213"}, "stations": [
          {"title": "Москва (Ленинградский вокзал)", "codes": {"yandex_code": "s2006004"}, "direction": "", \
    "station_type": "train_station", "transport_type": "train", "latitude": 55.77, "longitude": 37.65},
          {"title": "Москва (Казанский вокзал)", "codes": {"yandex_code": "s2000003"}, "direction": "", \
    "station_type": "train_station", "transport_type": "train", "latitude": 55.77, "longitude": 37.65},
          {"title": "Москва (Курский вокзал)", "codes": {"yandex_code": "s2000001"}, "direction": "", "station_type": \
    "train_station", "transport_type": "train", "latitude": 55.75, "longitude": 37.66},
          {"title": "Шереметьево", "codes": {"yandex_code": "s9600213"}, "direction": "", "station_type": "airport", \
    "transport_type": "plane", "latitude": 55.97, "longitude": 37.41},
          {"title": "Внуково", "codes": {"yandex_code": "s9600215"}, "direction": "", "station_type": "airport", \
    "transport_type": "plane", "latitude": 55.59, "longitude": 37.26},
          {"title": "Домодедово", "codes": {"yandex_code": "s9600216"}, "direction": "", "station_type": "airport", \
    "transport_type": "plane", "latitude": 55.40, "longitude": 37.90}]},
        {"title": "Москва", "codes": {"yandex_code": "c9003"}, "stations": [
          {"title": "Москва", "codes": {"yandex_code": "s9100005"}, "direction": "", "station_type": "bus_stop",
           "transport_type": "bus", "latitude": 56.0, "longitude": 38.0}]}]}
    ]}]}
    """
}
