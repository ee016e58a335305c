/// Collects the header or query values libmicrohttpd hands to a C callback.
final class ValueCollector {
    var values: [String: String] = [:]
}
