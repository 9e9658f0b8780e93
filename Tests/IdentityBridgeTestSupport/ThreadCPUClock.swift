import Foundation

/// The CPU time of the calling thread, for bounds on work: a loaded machine does not stretch it as
/// it stretches wall time (time spent waiting for a core is not counted). Read it before and after
/// synchronous work only, so that the work runs on the same thread throughout.
public enum ThreadCPUClock {
    /// The CPU time the calling thread has used so far (user and system).
    public static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
