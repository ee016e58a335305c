extension String {
    /// A webhook URL with its id (which grants access) cut to its first characters.
    var redactingWebhookID: String {
        guard let range = firstRange(of: "/api/webhook/") else { return self }
        let id = self[range.upperBound...]
        return String(self[..<range.upperBound]) + id.prefix(6) + "…"
    }
}
