import CDBus

/// Reads a libdbus message's arguments into typed values (libdbus has already checked the
/// message against its signature and the strings for UTF-8).
struct DBusMessageReader {
    let dbus: hc_dbus_api

    func arguments(of message: OpaquePointer) throws(DBusClientError) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus.message_iter_init(message, &iterator) != 0 else { return [] }
        return try values(&iterator)
    }

    private func values(_ iterator: inout DBusMessageIter) throws(DBusClientError) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus.message_iter_get_arg_type(&iterator) != 0 {
            values.append(try value(&iterator))
            _ = dbus.message_iter_next(&iterator)
        }
        return values
    }

    private func value(_ iterator: inout DBusMessageIter) throws(DBusClientError) -> DBusValue {
        let code = Character(Unicode.Scalar(UInt8(truncatingIfNeeded: dbus.message_iter_get_arg_type(&iterator))))
        switch code {
        case "y": return .byte(basic(&iterator, UInt8(0)))
        case "b": return .bool(basic(&iterator, dbus_bool_t(0)) != 0)
        case "n": return .int16(basic(&iterator, Int16(0)))
        case "q": return .uint16(basic(&iterator, UInt16(0)))
        case "i": return .int32(basic(&iterator, Int32(0)))
        case "u": return .uint32(basic(&iterator, UInt32(0)))
        case "x": return .int64(basic(&iterator, Int64(0)))
        case "t": return .uint64(basic(&iterator, UInt64(0)))
        case "d": return .double(basic(&iterator, Double(0)))
        case "s": return .string(text(&iterator))
        case "o": return .objectPath(text(&iterator))
        case "g": return .signature(text(&iterator))
        case "a":
            let signature = ownedSignature(&iterator)
            var inner = DBusMessageIter()
            dbus.message_iter_recurse(&iterator, &inner)
            return .array(element: String(signature.dropFirst()), try values(&inner))
        case "e":
            var inner = DBusMessageIter()
            dbus.message_iter_recurse(&iterator, &inner)
            let pair = try values(&inner)
            guard pair.count == 2 else { throw .invalidValue("a dictionary entry with \(pair.count) values") }
            return .dictionaryEntry(pair[0], pair[1])
        case "r":
            var inner = DBusMessageIter()
            dbus.message_iter_recurse(&iterator, &inner)
            return .structure(try values(&inner))
        case "v":
            var inner = DBusMessageIter()
            dbus.message_iter_recurse(&iterator, &inner)
            guard let item = try values(&inner).first else { throw .invalidValue("an empty variant") }
            return .variant(item)
        default:
            throw .unsupportedType(code)
        }
    }

    private func basic<Value>(_ iterator: inout DBusMessageIter, _ initial: Value) -> Value {
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus.message_iter_get_basic(&iterator, $0) }
        return value
    }

    private func text(_ iterator: inout DBusMessageIter) -> String {
        let pointer = basic(&iterator, UnsafePointer<CChar>?.none)
        return pointer.map { String(cString: $0) } ?? ""
    }

    private func ownedSignature(_ iterator: inout DBusMessageIter) -> String {
        guard let pointer = dbus.message_iter_get_signature(&iterator) else { return "" }
        defer { dbus.free(pointer) }
        return String(cString: pointer)
    }
}
