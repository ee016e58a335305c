import FoundationEssentials

/// A notification as presenters get it: its id in the history, and how to press its actions.
public struct ShownNotification: Sendable {
    /// Its id in the history (`home notifications act ID ACTION` takes it).
    public let id: Int64
    public let notification: PushNotification
    /// Its `data.image`, downloaded to the cache.
    public let imageFile: URL?
    /// The server it came from (where its links lead).
    public let server: URL
    let responder: NotificationResponder

    public init(id: Int64, notification: PushNotification, imageFile: URL? = nil, server: URL, responder: NotificationResponder) {
        self.id = id
        self.notification = notification
        self.server = server
        self.imageFile = imageFile
        self.responder = responder
    }

    /// Presses one of its actions (text for a reply): the server gets
    /// `mobile_app_notification_action`. Returns whether it went out or waits in the queue.
    public func press(_ actionID: String, text: String?) async throws -> String {
        try await responder.press(actionID, text: text, on: notification)
    }
}
