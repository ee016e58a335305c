import Foundation

/// The status line and header fields of one answer, appended to the connection's output:
/// `Date` (from the caller's ``HTTPDate``), the content type, and either `Content-Length` or
/// chunked framing for an event stream; `Connection: close` when the connection ends after it,
/// `keep-alive` to an HTTP/1.0 client that keeps it.
enum HTTPResponseHead {
    static func write(
        into head: inout [UInt8], status: Int, contentType: String, contentLength: Int?, extraFields: String = "", keepsAlive: Bool,
        minorVersion: Int, date: [UInt8]
    ) {
        switch status {
        // The answers to nearly every request, made once.
        case 201: head += created
        case 200: head += ok
        default: head += "HTTP/1.1 \(status) \(reason(status))\r\nDate: ".utf8
        }
        head += date
        head += "\r\nContent-Type: ".utf8
        head += contentType.utf8
        if let contentLength {
            head += "\r\nContent-Length: ".utf8
            head += String(contentLength).utf8
        } else if minorVersion == 1 {
            head += "\r\nTransfer-Encoding: chunked".utf8
        }
        head += "\r\n".utf8
        head += extraFields.utf8
        if !keepsAlive {
            head += "Connection: close\r\n".utf8
        } else if minorVersion == 0 {
            head += "Connection: keep-alive\r\n".utf8
        }
        head += "\r\n".utf8
    }

    private static let created = Array("HTTP/1.1 201 Created\r\nDate: ".utf8), ok = Array("HTTP/1.1 200 OK\r\nDate: ".utf8)

    /// `HTTP/1.1 100 Continue`, for a client that waits for it before sending its body.
    static let continueInterim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
