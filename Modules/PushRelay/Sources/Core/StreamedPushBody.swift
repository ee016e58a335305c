/// The `POST /push/send` body nearly every notification for a stream carries, read straight
/// from its bytes: `push_token`, `registration_info` (`app_id`, `app_version`, `os_version`,
/// `webhook_id`), `message`, `title` and a `data` of string members the payload gives a meaning
/// to (`tag`, `group`, `url`, `subtitle`, `entity_id`), every string printable ASCII without
/// escapes, no key twice. Its stream payload is the bytes ``AlertPayload/bytes()`` writes for it
/// (a differential test holds them equal), copied from the body without a tree of values or a
/// string per member: the tree path costs about a tenth of the relay's CPU per send.
///
/// Any other body (escapes, other characters or keys, numbers, a command, a fault) gives nil
/// and is read whole by ``PushSendRequest``, which also says what is wrong.
struct StreamedPushBody {
    /// The push token the notification is for.
    let pushToken: String
    /// The app the token belongs to, which picks the route.
    let appID: String
    /// What the device's stream receives.
    let payload: [UInt8]

    /// Where the members of `data` read here are in the body (held in place: this runs for every send).
    private struct DataFields {
        var tag, entityID, subtitle, group, url: Range<Int>?
    }

    init?(_ body: [UInt8]) {
        guard let read = body.withUnsafeBufferPointer({ Self.read($0) }) else { return nil }
        self = read
    }

    private init(pushToken: String, appID: String, payload: [UInt8]) {
        self.pushToken = pushToken
        self.appID = appID
        self.payload = payload
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamedPushBody? {
        var reader = PlainJSONReader(bytes)
        var token, appID, appVersion, message, title: Range<Int>?
        var seenRegistration = false, seenTitle = false, seenData = false
        var fields = DataFields()
        let read = reader.object { reader, key in
            if reader.matches(key, "push_token") { return reader.plainString(into: &token) }
            if reader.matches(key, "message") { return reader.plainString(into: &message) }
            if reader.matches(key, "title") {
                guard !seenTitle else { return false }
                seenTitle = true
                if reader.consumeNull() { return true }
                title = reader.plainString()
                return title != nil
            }
            if reader.matches(key, "registration_info") {
                guard !seenRegistration else { return false }
                seenRegistration = true
                return readRegistration(&reader, appID: &appID, appVersion: &appVersion)
            }
            if reader.matches(key, "data") {
                guard !seenData else { return false }
                seenData = true
                return reader.consumeNull() || readData(&reader, into: &fields)
            }
            return false
        }
        guard read, reader.atEnd(), let token, let appID, appVersion != nil, let message,
              !token.isEmpty, token.count <= PushTokenRules.maximumBytes, !appID.isEmpty else { return nil }
        let text = reader.slice(message)
        guard !PayloadConverter.isCommand(text) else { return nil }
        return StreamedPushBody(
            pushToken: String(decoding: reader.slice(token), as: UTF8.self),
            appID: String(decoding: reader.slice(appID), as: UTF8.self),
            payload: payload(message: text, title: title, fields: fields, of: reader)
        )
    }

    /// `registration_info`: string members, `os_version` and `webhook_id` possibly null.
    private static func readRegistration(_ reader: inout PlainJSONReader, appID: inout Range<Int>?, appVersion: inout Range<Int>?) -> Bool {
        var seenOS = false, seenWebhook = false
        return reader.object { reader, key in
            if reader.matches(key, "app_id") { return reader.plainString(into: &appID) }
            if reader.matches(key, "app_version") { return reader.plainString(into: &appVersion) }
            if reader.matches(key, "os_version") {
                guard !seenOS else { return false }
                seenOS = true
            } else if reader.matches(key, "webhook_id") {
                guard !seenWebhook else { return false }
                seenWebhook = true
            } else {
                return false
            }
            return reader.consumeNull() || reader.plainString() != nil
        }
    }

    /// `data` with string members of the keys ``DataFields`` holds.
    private static func readData(_ reader: inout PlainJSONReader, into fields: inout DataFields) -> Bool {
        reader.object { reader, key in
            if reader.matches(key, "tag") { return reader.plainString(into: &fields.tag) }
            if reader.matches(key, "group") { return reader.plainString(into: &fields.group) }
            if reader.matches(key, "url") { return reader.plainString(into: &fields.url) }
            if reader.matches(key, "subtitle") { return reader.plainString(into: &fields.subtitle) }
            if reader.matches(key, "entity_id") { return reader.plainString(into: &fields.entityID) }
            return false
        }
    }

    /// The payload's members in `JSONSerializer`'s (sorted) order, as ``AlertPayload/bytes()``
    /// writes them, from the strings at these places of `reader`'s body.
    private static func payload(message: UnsafeBufferPointer<UInt8>, title: Range<Int>?, fields: DataFields, of reader: PlainJSONReader) -> [UInt8] {
        var bytes: [UInt8] = []
        func size(_ value: Range<Int>?) -> Int { value?.count ?? 0 }
        bytes.reserveCapacity(
            96 + message.count + size(fields.tag) + size(fields.entityID) + size(fields.subtitle) + size(fields.group) + size(title) + size(fields.url)
        )
        func add(_ key: StaticString, _ value: Range<Int>?) {
            if let value { member(key, reader.slice(value), to: &bytes) }
        }
        bytes.append(UInt8(ascii: "{"))
        member("body", message, to: &bytes)
        add("collapse_id", fields.tag)
        add("entity_id", fields.entityID)
        add("subtitle", fields.subtitle)
        add("thread_id", fields.group)
        add("title", title)
        bytes.append(contentsOf: ",\"type\":\"notification\"".utf8)
        add("url", fields.url)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// `"key":"value"`, after a comma unless it is the first member.
    private static func member(_ key: StaticString, _ value: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: "\":\"".utf8)
        bytes.append(contentsOf: value)
        bytes.append(UInt8(ascii: "\""))
    }
}
