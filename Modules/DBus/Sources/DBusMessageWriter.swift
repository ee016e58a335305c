import CDBus

/// Appends typed values to a libdbus message, checking first what libdbus would otherwise
/// abort the process on (invalid signatures, paths, strings with NUL, mixed arrays).
struct DBusMessageWriter {
    let dbus: hc_dbus_api

    func append(_ values: [DBusValue], to message: OpaquePointer) throws(DBusClientError) {
        for value in values { try check(value) }
        let signature = values.map(\.signature).joined()
        guard dbus.signature_validate(signature, nil) != 0 else { throw .invalidValue("the signature '\(signature)' is not valid") }
        var iterator = DBusMessageIter()
        dbus.message_iter_init_append(message, &iterator)
        for value in values { try append(value, to: &iterator) }
    }

    private func check(_ value: DBusValue) throws(DBusClientError) {
        switch value {
        case .string(let text), .signature(let text):
            guard !text.utf8.contains(0) else { throw .invalidValue("a string contains NUL") }
            if case .signature = value, dbus.signature_validate(text, nil) == 0 { throw .invalidValue("'\(text)' is not a signature") }
        case .objectPath(let path):
            guard !path.utf8.contains(0), dbus.validate_path(path, nil) != 0 else { throw .invalidValue("'\(path)' is not an object path") }
        case .array(let element, let items):
            guard dbus.signature_validate_single("a" + element, nil) != 0 else { throw .invalidValue("'\(element)' is not one complete type") }
            for item in items {
                guard item.signature == element else { throw .invalidValue("an array of '\(element)' holds a '\(item.signature)'") }
                try check(item)
            }
        case .dictionaryEntry(let key, let item):
            try check(key)
            try check(item)
        case .structure(let items):
            guard !items.isEmpty else { throw .invalidValue("an empty structure") }
            for item in items { try check(item) }
        case .variant(let inner): try check(inner)
        default: break
        }
    }

    private func append(_ value: DBusValue, to iterator: inout DBusMessageIter) throws(DBusClientError) {
        let appended: Bool
        switch value {
        case .byte(let number): appended = basic(number, "y", &iterator)
        case .bool(let flag): appended = basic(dbus_bool_t(flag ? 1 : 0), "b", &iterator)
        case .int16(let number): appended = basic(number, "n", &iterator)
        case .uint16(let number): appended = basic(number, "q", &iterator)
        case .int32(let number): appended = basic(number, "i", &iterator)
        case .uint32(let number): appended = basic(number, "u", &iterator)
        case .int64(let number): appended = basic(number, "x", &iterator)
        case .uint64(let number): appended = basic(number, "t", &iterator)
        case .double(let number): appended = basic(number, "d", &iterator)
        case .string(let text): appended = text.withCString { basic(Optional($0), "s", &iterator) }
        case .objectPath(let text): appended = text.withCString { basic(Optional($0), "o", &iterator) }
        case .signature(let text): appended = text.withCString { basic(Optional($0), "g", &iterator) }
        case .array(let element, let items): try container("a", element, items, &iterator); return
        case .dictionaryEntry(let key, let item): try container("e", nil, [key, item], &iterator); return
        case .structure(let items): try container("r", nil, items, &iterator); return
        case .variant(let inner): try container("v", inner.signature, [inner], &iterator); return
        }
        guard appended else { throw .invalidValue("libdbus refused a value of type \(value.signature) (out of memory?)") }
    }

    private func basic<Value>(_ value: Value, _ code: Character, _ iterator: inout DBusMessageIter) -> Bool {
        withUnsafePointer(to: value) { dbus.message_iter_append_basic(&iterator, typeCode(code), $0) } != 0
    }

    private func container(_ code: Character, _ contained: String?, _ items: [DBusValue], _ iterator: inout DBusMessageIter) throws(DBusClientError) {
        var inner = DBusMessageIter()
        guard dbus.message_iter_open_container(&iterator, typeCode(code), contained, &inner) != 0 else {
            throw .invalidValue("libdbus could not open a container (out of memory?)")
        }
        do {
            for item in items { try append(item, to: &inner) }
        } catch {
            dbus.message_iter_abandon_container(&iterator, &inner)
            throw error
        }
        guard dbus.message_iter_close_container(&iterator, &inner) != 0 else { throw .invalidValue("libdbus could not close a container (out of memory?)") }
    }

    /// The libdbus type code of a signature character ('e' and 'r' open dictionary entries and structures).
    private func typeCode(_ code: Character) -> Int32 {
        Int32(code.asciiValue ?? 0)
    }
}
