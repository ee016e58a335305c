/// The world production code runs in. Only tests assign to it (tools/lint enforces this).
nonisolated(unsafe) public var Current = World.live
