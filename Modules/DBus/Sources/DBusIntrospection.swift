import CLibXML

/// Introspection XML (the format of `org.freedesktop.DBus.Introspectable.Introspect`), written and
/// read with libxml2 (loaded on first use). Reading is bounded: at most ``maximumBytes``, no
/// network, no DTD, no entity substitution; anything that is not the format is refused with the
/// reason.
public enum DBusIntrospection {
    /// The largest document read.
    public static let maximumBytes = 1 << 20
    static let doctype = #"<!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">"#

    /// The XML describing an object with `data`'s interfaces and child nodes.
    public static func xml(_ data: DBusIntrospectionData) throws(DBusIntrospectionError) -> String {
        let xml = try library()
        guard let document = xml.xmlNewDoc("1.0"), let root = xml.xmlNewNode(nil, "node") else { throw .cannotWrite }
        defer { xml.xmlFreeDoc(document) }
        xml.xmlDocSetRootElement(document, root)
        for interface in data.interfaces {
            let element = try child(xml, root, "interface", ["name": interface.name])
            // A signal's arguments are written as a method's are: with the direction they were given.
            for (kind, members) in [("method", interface.methods), ("signal", interface.signals)] {
                for member in members {
                    let node = try child(xml, element, kind, ["name": member.name])
                    for argument in member.arguments {
                        var attributes = ["name": argument.name, "type": argument.type]
                        attributes["direction"] = argument.direction
                        _ = try child(xml, node, "arg", attributes)
                    }
                }
            }
            for property in interface.properties {
                _ = try child(xml, element, "property", ["name": property.name, "type": property.type, "access": property.access])
            }
        }
        for name in data.children { _ = try child(xml, root, "node", ["name": name]) }
        var memory: UnsafeMutablePointer<xmlChar>?
        var size: Int32 = 0
        xml.xmlDocDumpFormatMemoryEnc(document, &memory, &size, "UTF-8", 1)
        guard let memory else { throw .cannotWrite }
        defer { xml.xmlFree.pointee(memory) }
        let text = String(decoding: UnsafeBufferPointer(start: memory, count: Int(size)), as: UTF8.self)
        // The declaration, the type every introspecting tool expects, then the tree.
        guard let declarationEnd = text.firstIndex(of: "\n") else { throw .cannotWrite }
        return String(text[...declarationEnd]) + doctype + "\n" + String(text[text.index(after: declarationEnd)...])
    }

    /// Reads introspection XML.
    public static func parse(_ text: String) throws(DBusIntrospectionError) -> DBusIntrospectionData {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes.count) }
        let xml = try library()
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xml.xmlReadMemory($0, Int32(buffer.count), "introspection.xml", "UTF-8", hc_xml_parse_options) }
            }
        }
        guard let document = parsed else { throw .notXML }
        defer { xml.xmlFreeDoc(document) }
        guard let root = xml.xmlDocGetRootElement(document), name(root) == "node" else { throw .notIntrospection("the root element is not <node>") }
        var interfaces: [DBusInterfaceDescription] = []
        var children: [String] = []
        for element in elements(root.pointee.children) {
            switch name(element) {
            case "interface":
                guard let interface = attribute(xml, element, "name") else { throw .notIntrospection("an <interface> without a name") }
                var methods: [DBusMemberDescription] = [], signals: [DBusMemberDescription] = [], properties: [DBusPropertyDescription] = []
                for member in elements(element.pointee.children) {
                    let kind = name(member)
                    guard ["method", "signal", "property"].contains(kind) else { continue }
                    guard let memberName = attribute(xml, member, "name") else { throw .notIntrospection("a <\(kind)> of \(interface) without a name") }
                    if kind == "property" {
                        guard let type = attribute(xml, member, "type") else { throw .notIntrospection("the property \(memberName) has no type") }
                        properties.append(DBusPropertyDescription(memberName, type, access: attribute(xml, member, "access") ?? "read"))
                        continue
                    }
                    var arguments: [DBusArgumentDescription] = []
                    for argument in elements(member.pointee.children) where name(argument) == "arg" {
                        guard let type = attribute(xml, argument, "type") else { throw .notIntrospection("an argument of \(memberName) has no type") }
                        arguments.append(DBusArgumentDescription(attribute(xml, argument, "name") ?? "", type, direction: attribute(xml, argument, "direction")))
                    }
                    if kind == "method" { methods.append(DBusMemberDescription(memberName, arguments)) } else { signals.append(DBusMemberDescription(memberName, arguments)) }
                }
                interfaces.append(DBusInterfaceDescription(interface, methods: methods, signals: signals, properties: properties))
            case "node":
                if let child = attribute(xml, element, "name") { children.append(child) }
            default:
                continue
            }
        }
        return DBusIntrospectionData(interfaces: interfaces, children: children)
    }

    private static func library() throws(DBusIntrospectionError) -> hc_xml_api {
        guard let loaded = hc_xml() else { throw .unavailable(hc_xml_failure().map { String(cString: $0) } ?? "libxml2 is missing") }
        return loaded.pointee
    }

    private static func child(_ xml: hc_xml_api, _ parent: UnsafeMutablePointer<xmlNode>, _ element: String, _ attributes: [String: String]) throws(DBusIntrospectionError) -> UnsafeMutablePointer<xmlNode> {
        guard let node = xml.xmlNewNode(nil, element) else { throw .cannotWrite }
        for key in ["name", "type", "direction", "access"] {
            if let value = attributes[key] { _ = xml.xmlNewProp(node, key, value) }
        }
        _ = xml.xmlAddChild(parent, node)
        return node
    }

    private static func elements(_ first: UnsafeMutablePointer<xmlNode>?) -> [UnsafeMutablePointer<xmlNode>] {
        var found: [UnsafeMutablePointer<xmlNode>] = []
        var node = first
        while let current = node {
            if current.pointee.type == Int32(HC_XML_ELEMENT_NODE.rawValue) { found.append(current) }
            node = current.pointee.next
        }
        return found
    }

    private static func name(_ node: UnsafeMutablePointer<xmlNode>) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private static func attribute(_ xml: hc_xml_api, _ node: UnsafeMutablePointer<xmlNode>, _ key: String) -> String? {
        guard let value = xml.xmlGetProp(node, key) else { return nil }
        defer { xml.xmlFree.pointee(value) }
        return String(cString: value)
    }
}
