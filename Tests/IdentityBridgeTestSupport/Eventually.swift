/// Waits until `condition` holds, polling every 2 ms (sleeping, so the tasks it waits for get the
/// threads), for at most `seconds` of wall time; false if it never did. An upper bound for a loaded
/// machine, not a timing assertion: the wait ends as soon as the condition holds.
public func eventually(within seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
