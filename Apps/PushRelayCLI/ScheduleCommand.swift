import CLIKit
import Essentials
import Foundation
import PushRelay

/// `push-relay schedule`: the current rate-limit window and when its counters reset.
struct ScheduleCommand: Command {
    let name = "schedule"
    let summary = "Show the current rate-limit window and when it resets (00:00 UTC)."
    let options: [OptionSpec] = [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let schedule = DailyResetSchedule()
        let date = Current.now()
        let start = schedule.iso8601(schedule.windowStart(containing: date))
        let reset = schedule.iso8601(schedule.nextReset(after: date))
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(["windowStart": start, "resetsAt": reset])
        } else {
            invocation.console.print("window started: \(start)\nresets at:      \(reset)")
        }
        return .success
    }
}
