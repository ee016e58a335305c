/// An error the caller's own input caused (a wrong argument, a server never signed in to), as
/// opposed to the world failing; a command line exits 2 (usage) for it, 1 for any other error.
public protocol CallerError: Error, CustomStringConvertible {}
