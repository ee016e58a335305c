import Foundation
@testable import LocationPlugin
import PluginHost
import XCTest

/// The location plugin's manifest configuration: a source chosen, its place checked.
final class LocationConfigurationTests: XCTestCase {
    private func configuration(_ text: String) throws -> LocationConfiguration {
        // As the plugin host decodes it (Foundation's decoder, which passes the error on as thrown).
        try JSONDecoder().decode(LocationConfiguration.self, from: Data(text.utf8))
    }

    func testGeoClueIsTheDefaultAndAFixedPlaceIsRead() throws {
        XCTAssertEqual(try configuration("{}").source, .geoClue)
        XCTAssertEqual(try configuration(#"{"source": "geoclue"}"#).source, .geoClue)
        XCTAssertEqual(try configuration(#"{"source": "fixed", "latitude": 52.5, "longitude": 13}"#).source, .fixed(latitude: 52.5, longitude: 13, accuracy: 50))
        XCTAssertEqual(try configuration(#"{"source": "fixed", "latitude": -90, "longitude": 180, "accuracy": 0}"#).source, .fixed(latitude: -90, longitude: 180, accuracy: 0))
    }

    func testAPlaceOutOfRangeOrAnUnknownSourceIsRefusedByName() {
        for (text, key) in [
            (#"{"source": "fixed"}"#, "latitude"), (#"{"source": "fixed", "latitude": 91, "longitude": 0}"#, "latitude"),
            (#"{"source": "fixed", "latitude": 0, "longitude": -181}"#, "longitude"), (#"{"source": "fixed", "latitude": 0, "longitude": 0, "accuracy": -1}"#, "accuracy"),
            (#"{"source": "moon"}"#, "source"),
        ] {
            XCTAssertThrowsError(try configuration(text), text) { error in
                XCTAssertEqual((error as? ConfigurationError)?.key, key, "\(text): \(error)")
            }
        }
        XCTAssertThrowsError(try configuration(#"{"source": 3}"#))
        XCTAssertThrowsError(try configuration(#"{"source": "fixed", "latitude": "52", "longitude": 13}"#))
    }
}
