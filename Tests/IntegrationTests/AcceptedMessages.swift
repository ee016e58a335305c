/// The messages a relay answered 201 for, gathered from several senders.
actor AcceptedMessages {
    private(set) var messages: [String] = []

    var count: Int { messages.count }

    func add(_ message: String) {
        messages.append(message)
    }
}
