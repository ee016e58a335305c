import Essentials
import HAModels
import WindowBridge

/// The two scripts that give the frontend its `window.webkit.messageHandlers` while keeping the
/// real handlers out of reach of every other frame and origin.
///
/// The handlers are registered in an isolated script world, which no page script can reach. In the
/// top frame only, a page-world script defines `window.webkit.messageHandlers.NAME.postMessage` to
/// raise a DOM event, and the isolated-world script forwards that event to the real handler when the
/// top frame is at the server's origin. A frame of another origin has neither script, and cannot
/// raise an event on the top window.
enum BridgeScripts {
    /// The isolated world the real handlers live in.
    static let world = "homecompanion"
    static let event = "homecompanion-bridge"
    /// The handler names as a JavaScript array literal.
    private static let handlerNamesJSON = (try? JSONSerializer.string(.array(FrontendBridge.handlerNames.map(JSONValue.string)))) ?? "[]"

    /// The page-world script (top frame, document start).
    static var page: String {
        """
        (() => {
          const handlers = {};
          for (const name of \(handlerNamesJSON)) {
            handlers[name] = Object.freeze({ postMessage: (message) => window.dispatchEvent(new CustomEvent("\(event)", { detail: JSON.stringify({ name, message }) })) });
          }
          Object.defineProperty(window, "webkit", { value: Object.freeze({ messageHandlers: Object.freeze(handlers) }), configurable: false, writable: false });
        })();
        """
    }

    /// The isolated-world script (top frame, document start) for a server at `origin`.
    static func isolated(origin: ServerOrigin) -> String {
        let originJSON = (try? JSONSerializer.string(.string(origin.description))) ?? "\"\""
        return """
        (() => {
          const origin = \(originJSON);
          const names = \(handlerNamesJSON);
          window.addEventListener("\(event)", (event) => {
            if (window.top !== window || location.origin !== origin || typeof event.detail !== "string") { return; }
            let parsed;
            try { parsed = JSON.parse(event.detail); } catch (error) { return; }
            if (!parsed || !names.includes(parsed.name)) { return; }
            window.webkit.messageHandlers[parsed.name].postMessage(JSON.stringify(parsed.message === undefined ? null : parsed.message));
          });
        })();
        """
    }
}
