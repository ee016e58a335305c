import FoundationEssentials

/// One HTTP/1.1 request: method, absolute `http`/`https` URL, extra headers and body.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(_ method: String, _ url: URL, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A request whose body is `json`, with its content type.
    public init(_ method: String, _ url: URL, json: [UInt8], headers: [(name: String, value: String)] = []) {
        self.init(method, url, headers: headers + [("Content-Type", "application/json")], body: json)
    }

    /// Where the request goes and the bytes that carry it, or why it cannot be sent.
    func encoded() throws(HTTPClientError) -> (target: HTTPTarget, bytes: [UInt8]) {
        let target = try HTTPTarget(url)
        guard !method.isEmpty, method.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            throw HTTPClientError(.invalidRequest, "'\(method)' is not an HTTP method")
        }
        var head = "\(method) \(target.requestPath) HTTP/1.1\r\nHost: \(target.hostHeader)\r\nUser-Agent: HomeCompanion\r\nConnection: close\r\n"
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte), !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw HTTPClientError(.invalidRequest, "the header '\(name.prefix(40))' has a name or value that cannot be sent")
            }
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        return (target, Array((head + "\r\n").utf8) + body)
    }

    /// RFC 9110's `tchar`: the bytes a header name may hold.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
