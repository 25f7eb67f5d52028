import Foundation

/// Great-circle distances.
enum DemoGeo {
    /// Kilometres between two coordinates (haversine, mean Earth radius).
    static func kilometres(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLng = (lng2 - lng1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLng / 2) * sin(dLng / 2)
        return 6371.0088 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
