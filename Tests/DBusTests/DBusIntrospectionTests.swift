import DBus
import DBusTestSupport
import Foundation
import XCTest

/// Introspection XML written and read with libxml2: what is written reads back the same, a
/// service's real data is read, and malformed, truncated, oversized or hostile XML is refused
/// with the reason (or read without harm).
final class DBusIntrospectionTests: XCTestCase {
    private let adapter = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node><interface name="org.freedesktop.DBus.Introspectable"><method name="Introspect"><arg name="xml" type="s" direction="out"/></method></interface>
        <interface name="org.bluez.Adapter1"><method name="StartDiscovery"></method><method name="SetDiscoveryFilter"><arg name="properties" type="a{sv}" direction="in"/></method>
        <method name="StopDiscovery"></method><property name="Powered" type="b" access="readwrite"></property><!-- a comment -->
        <signal name="Odd"><arg type="s"/></signal></interface><node name="dev_AA_BB_CC_DD_EE_FF"/></node>
        """

    func testARealServicesDataIsRead() throws {
        let data = try DBusIntrospection.parse(adapter)
        XCTAssertEqual(data.interfaces.map(\.name), ["org.freedesktop.DBus.Introspectable", "org.bluez.Adapter1"])
        let bluez = try XCTUnwrap(data.interface("org.bluez.Adapter1"))
        XCTAssertEqual(bluez.methods.map(\.name), ["StartDiscovery", "SetDiscoveryFilter", "StopDiscovery"])
        XCTAssertEqual(bluez.methods[1].arguments, [DBusArgumentDescription("properties", "a{sv}", direction: "in")])
        XCTAssertEqual(bluez.properties, [DBusPropertyDescription("Powered", "b", access: "readwrite")])
        XCTAssertEqual(bluez.signals, [DBusMemberDescription("Odd", [DBusArgumentDescription("", "s")])])
        XCTAssertEqual(data.children, ["dev_AA_BB_CC_DD_EE_FF"])
    }

    func testWhatIsWrittenReadsBackTheSame() throws {
        let described = DBusIntrospectionData(
            interfaces: [
                .introspectable, .properties,
                DBusInterfaceDescription(
                    "org.example.Thing", methods: [DBusMemberDescription("Do", [.init("what", "s", direction: "in"), .init("done", "b", direction: "out")])],
                    signals: [DBusMemberDescription("Changed", [.init("how", "a{sv}")])], properties: [.init("Name", "s"), .init("Level", "u", access: "readwrite")]
                ),
            ],
            children: ["child", "other"]
        )
        let xml = try DBusIntrospection.xml(described)
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\""), xml)
        XCTAssertTrue(xml.contains("<method name=\"Do\">"), xml)
        XCTAssertEqual(try DBusIntrospection.parse(xml), described)
        // Names are escaped by libxml2, never spliced in.
        let odd = DBusIntrospectionData(interfaces: [DBusInterfaceDescription("a\"b<c>&d")])
        XCTAssertEqual(try DBusIntrospection.parse(try DBusIntrospection.xml(odd)), odd)
        // A signal's argument given a direction (as some services write them) keeps it: the
        // fuzzer found the writer dropping it.
        let directed = DBusIntrospectionData(interfaces: [DBusInterfaceDescription("org.example.Signals", signals: [DBusMemberDescription("Changed", [.init("how", "a{sv}", direction: "out")])])])
        XCTAssertTrue(try DBusIntrospection.xml(directed).contains(#"<arg name="how" type="a{sv}" direction="out"/>"#))
        XCTAssertEqual(try DBusIntrospection.parse(try DBusIntrospection.xml(directed)), directed)
    }

    func testMalformedTruncatedOversizedAndHostileXMLIsRefused() {
        let cases: [(String, DBusIntrospectionError)] = [
            ("", .notXML),
            ("not xml", .notXML),
            (String(adapter.prefix(200)), .notXML),
            ("<other/>", .notIntrospection("the root element is not <node>")),
            ("<node><interface/></node>", .notIntrospection("an <interface> without a name")),
            ("<node><interface name=\"i\"><method/></interface></node>", .notIntrospection("a <method> of i without a name")),
            ("<node><interface name=\"i\"><property name=\"p\"/></interface></node>", .notIntrospection("the property p has no type")),
            ("<node><interface name=\"i\"><method name=\"m\"><arg name=\"a\"/></method></interface></node>", .notIntrospection("an argument of m has no type")),
            ("<node>" + String(repeating: " ", count: DBusIntrospection.maximumBytes) + "</node>", .tooLarge(DBusIntrospection.maximumBytes + 13)),
        ]
        for (xml, expected) in cases {
            XCTAssertThrowsError(try DBusIntrospection.parse(xml), String(xml.prefix(40))) { XCTAssertEqual($0 as? DBusIntrospectionError, expected, String(xml.prefix(40))) }
        }
        // Truncated at every length: refused or read, never a trap.
        for end in stride(from: 0, to: adapter.utf8.count, by: 7) { _ = try? DBusIntrospection.parse(String(adapter.utf8.prefix(end))!) }
        // Entities are not expanded (a "billion laughs" stays small) and nothing is fetched.
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE node [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
            <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f SYSTEM "file:///etc/passwd">]>
            <node><interface name="&e;&f;"/></node>
            """
        let read = try? DBusIntrospection.parse(laughs)
        XCTAssertLessThan(read?.interfaces.first?.name.utf8.count ?? 0, 1_000, "entities are not expanded")
        XCTAssertFalse(read?.interfaces.first?.name.contains("root:") ?? false, "no file is read")
    }
}
