import Foundation
import Testing
import RaspRuntime

/// `Timestamp`: a date-time that keeps its text, its offset and its nanoseconds.
struct TimestampTests {
    @Test(arguments: [
        "2024-03-05T10:55:00.123456789+03:00",
        "2024-03-05T07:55:00Z",
        "2024-03-05t07:55:00.1z",
        "2024-03-05 07:55:00",
        "2024-03-05T13:25:00.000+0530",
        "1969-12-31T23:59:59.999999999-00:30",
        "2024-03-05T07:55:00.123456789012Z",
    ])
    func keepsTheTextThroughJSON(_ text: String) throws {
        let json = Data("[\"\(text)\"]".utf8)
        let decoded = try JSONCoding.decoder.decode([Timestamp].self, from: json)
        #expect(decoded.map(\.description) == [text])
        #expect(try JSONCoding.encoder.encode(decoded) == json)
    }

    @Test func readsTheInstantToTheNanosecondAndTheOffset() throws {
        let stamp = try #require(Timestamp("2024-03-05T10:55:00.123456789+03:00"))
        #expect(stamp.secondsSince1970 == 1_709_625_300)
        #expect(stamp.nanoseconds == 123_456_789)
        #expect(stamp.secondsFromGMT == 10_800)
        #expect(stamp.timeZone?.secondsFromGMT() == 10_800)
        #expect(abs(stamp.date.timeIntervalSince1970 - 1_709_625_300.123456789) < 1e-6)
        let noOffset = try #require(Timestamp("2024-03-05 07:55:00"))
        #expect(noOffset.secondsFromGMT == nil && noOffset.timeZone == nil)
        let beforeEpoch = try #require(Timestamp("1969-12-31T23:59:59.5Z"))
        #expect(beforeEpoch.secondsSince1970 == -1 && beforeEpoch.nanoseconds == 500_000_000)
    }

    @Test func comparesByInstant() throws {
        let utc = try #require(Timestamp("2024-03-05T07:55:00Z"))
        let moscow = try #require(Timestamp("2024-03-05T10:55:00+03:00"))
        let later = try #require(Timestamp("2024-03-05T07:55:00.000000001Z"))
        #expect(utc == moscow)
        #expect(Set([utc, moscow]).count == 1)
        #expect(utc != later)
        #expect(moscow < later && !(later < moscow))
        #expect([later, moscow].sorted() == [utc, later])
    }

    @Test func aDateIsWrittenInUTCAndEqualsItsText() throws {
        let date = Date(timeIntervalSince1970: 1_709_625_300.25)
        let stamp = Timestamp(date)
        #expect(stamp.description == "2024-03-05T07:55:00.250Z")
        #expect(stamp.date == date)
        #expect(stamp == Timestamp("2024-03-05T10:55:00.25+03:00"))
        #expect(stamp.queryValue == "2024-03-05T07:55:00.250Z")
        #expect(stamp.secondsFromGMT == 0)
        // Every date has a timestamp, also one whose year has five digits (no ISO 8601 text this parser reads).
        let far = Timestamp(Date(timeIntervalSince1970: 1e12))
        #expect(far.secondsSince1970 == 1_000_000_000_000 && far.nanoseconds == 0)
        let microsecond = Timestamp(Date(timeIntervalSince1970: 1_709_625_300.000_001))
        #expect(microsecond.nanoseconds == 1000 && microsecond == Timestamp("2024-03-05T07:55:00.000001Z"))
    }

    @Test(arguments: ["05:00:00", "2024-13-01T00:00:00Z", "2024-03-05T10:55:00+03:00junk", "", "2024-03-05T10"])
    func rejectsWhatIsNotADateTime(_ text: String) {
        #expect(Timestamp(text) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Timestamp].self, from: Data("[\"\(text)\"]".utf8))
        }
    }
}
