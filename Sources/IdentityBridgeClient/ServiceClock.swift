package import Foundation

/// The service's clock as the device sees it: the offset from the device clock, read from each
/// answer's `Date` header. A diagnostic only (``CredentialClient/serviceClockOffset``): expiry is
/// judged on the answer's `expires_in` and the client's monotonic clock, never on this offset.
package enum ServiceClock {
    /// The offset (service minus device, seconds) implied by a `Date` header received between
    /// `sentAt` and `receivedAt` on the device clock; `nil` when the header is not an IMF-fixdate.
    ///
    /// The header has whole seconds, so the service's instant is taken as the middle of that
    /// second, and the device's as the middle of the round trip.
    package static func offset(dateHeader: String, sentAt: Date, receivedAt: Date) -> TimeInterval? {
        guard let serviceDate = parseHTTPDate(dateHeader) else { return nil }
        let deviceMiddle = sentAt.timeIntervalSince1970 + receivedAt.timeIntervalSince(sentAt) / 2
        return serviceDate.timeIntervalSince1970 + 0.5 - deviceMiddle
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7).
    package static func parseHTTPDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard text.utf8.count <= 40, parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
            let month = months.firstIndex(of: String(parts[2]))
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (1...31).contains(day), (1970...9999).contains(year), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        let days = daysFromCivil(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// `date` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`): what a service writes in its
    /// `Date` header (the in-process and test services use it).
    package static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
