import CompanionWindow
import Foundation
import Synchronization

/// Waits on the UI thread (running the GLib loop) for async work done on Swift's pool.
enum UIThreadWait {
    static func result<T: Sendable>(within seconds: Double = 60, _ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        Task.detached {
            let result = await Result { try await body() }
            outcome.withLock { $0 = result }
        }
        guard UIThread.iterate(seconds: seconds, until: { outcome.withLock { $0 != nil } }), let result = outcome.withLock({ $0 }) else {
            throw DeadlineExceeded(what: "async work on the UI thread's behalf", seconds: seconds)
        }
        return try result.get()
    }

    /// The page's value of `script`, as JSON text.
    static func evaluate(_ script: String, in view: CompanionWebView, within seconds: Double = 20) throws -> String {
        var answer: String??
        view.evaluate(script) { answer = .some($0) }
        guard UIThread.iterate(seconds: seconds, until: { answer != nil }), let text = answer ?? nil else {
            throw DeadlineExceeded(what: "evaluating \(script.prefix(60))", seconds: seconds)
        }
        return text
    }
}
