/// What a feature keeps for a server outside the server's own folders (Thread credentials the
/// server gave, this machine's registration at a push relay), to remove when the server is
/// forgotten: on ``Home/disconnect()`` (`home logout`) and when the server revokes access.
/// Each runs before the server's folders are wiped, so what they hold can still be read.
public protocol ServerForgetting: Sendable {
    /// Removes what was kept for `home`'s server; says what failed in the log rather than throwing.
    func forget(_ home: Home) async
}
