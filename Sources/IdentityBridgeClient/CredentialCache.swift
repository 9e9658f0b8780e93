import IdentityBridgeModel

/// The client's cache: at most `capacity` entries, the least recently used evicted first, expired
/// ones swept out, and an index by user so that clearing one user's entries reads only theirs.
///
/// Entries live in `slots`, linked from the most to the least recently used by slot index (a hit
/// relinks one slot: no allocation, one dictionary lookup). An entry whose fetch is in flight is
/// never evicted (its callers wait for it): it moves to the recent end instead.
struct CredentialCache: Sendable {
    typealias Key = CredentialClient.Key
    typealias Entry = CredentialClient.Entry

    /// One user identifier an entry carries: every entry is indexed under its id and its email.
    enum UserTag: Hashable, Sendable {
        case id(String)
        case email(String)
        case anonymous
    }

    struct Slot: Sendable {
        var key: Key
        var entry: Entry
        /// The next more recently used slot (-1: none).
        var newer: Int
        /// The next less recently used slot (-1: none).
        var older: Int
    }

    /// The most entries held.
    let capacity: Int
    private var slots: [Slot?] = []
    private var index: [Key: Int] = [:]
    private var free: [Int] = []
    private var newest = -1
    private var oldest = -1
    private var byUser: [UserTag: [Int]] = [:]
    /// Insertions until the next sweep of expired entries (64 at first, then half the entries held).
    private var untilSweep: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        untilSweep = 64
    }

    /// How many entries are held (credentials and fetches in flight).
    var count: Int { index.count }

    /// Every entry held.
    var entries: [Entry] { slots.compactMap { $0?.entry } }

    /// The slot of `key`, if it is held.
    func slot(for key: Key) -> Int? { index[key] }

    /// The entry in `slot`.
    subscript(slot: Int) -> Entry {
        get { slots[slot]!.entry }
        set { slots[slot]!.entry = newValue }
    }

    /// The tags `key` is indexed under.
    static func tags(userId: String?, email: String?) -> [UserTag] {
        var tags: [UserTag] = []
        if let userId { tags.append(.id(userId)) }
        if let email { tags.append(.email(email.lowercased())) }
        return tags.isEmpty ? [.anonymous] : tags
    }

    /// Marks `slot` as the most recently used.
    mutating func touch(_ slot: Int) {
        guard newest != slot else { return }
        unlink(slot)
        linkNewest(slot)
    }

    /// Adds `entry` under `key` (not held yet) as the most recently used, then evicts the least
    /// recently used entries beyond the capacity and, now and then, every entry unusable at
    /// `now` (monotonic). Returns the new slot.
    mutating func insert(_ key: Key, _ entry: Entry, now: Double) -> Int {
        untilSweep -= 1
        if untilSweep <= 0 {
            sweep(now: now)
            // A sweep reads every entry: one per half the entries held keeps it O(1) per insertion.
            untilSweep = max(64, count / 2)
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            slots[slot] = Slot(key: key, entry: entry, newer: -1, older: -1)
        } else {
            slot = slots.count
            slots.append(Slot(key: key, entry: entry, newer: -1, older: -1))
        }
        index[key] = slot
        for tag in Self.tags(userId: key.userId, email: key.email) { byUser[tag, default: []].append(slot) }
        linkNewest(slot)
        evictBeyondCapacity(keeping: slot)
        return slot
    }

    /// Removes and returns the entry in `slot`.
    @discardableResult
    mutating func remove(_ slot: Int) -> (Key, Entry) {
        let held = slots[slot]!
        unlink(slot)
        index.removeValue(forKey: held.key)
        for tag in Self.tags(userId: held.key.userId, email: held.key.email) {
            guard var list = byUser[tag] else { continue }
            list.removeAll { $0 == slot }
            byUser[tag] = list.isEmpty ? nil : list
        }
        slots[slot] = nil
        free.append(slot)
        return (held.key, held.entry)
    }

    /// The slots of every entry that carries `user`'s id or `user`'s email (without case); for a
    /// user with neither, the anonymous entries. Reads only those entries, not every key.
    func slots(of user: UserIdentity) -> [Int] {
        var found: [Int] = []
        for tag in Self.tags(userId: user.userId, email: user.email) {
            for slot in byUser[tag] ?? [] where !found.contains(slot) { found.append(slot) }
        }
        return found
    }

    /// Removes and returns every entry.
    mutating func removeAll() -> [Entry] {
        defer { self = CredentialCache(capacity: capacity) }
        return entries
    }

    /// Drops every entry that can no longer be handed out at `now` (monotonic) and has no fetch in flight.
    mutating func sweep(now: Double) {
        for slot in slots.indices {
            guard let held = slots[slot], held.entry.fetch == nil else { continue }
            if held.entry.credential == nil || (held.entry.unusableAt.map { $0 <= now } ?? false) { remove(slot) }
        }
    }

    private mutating func evictBeyondCapacity(keeping kept: Int) {
        // An entry with a fetch in flight is moved to the recent end, not evicted; a bounded number
        // of such moves keeps an insertion cheap when many fetches are in flight at once.
        var moves = 0
        while index.count > capacity, oldest != -1, oldest != kept {
            let candidate = oldest
            if slots[candidate]!.entry.fetch != nil {
                moves += 1
                if moves > 16 { return }
                touch(candidate)
                continue
            }
            remove(candidate)
        }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot]!.newer
        let older = slots[slot]!.older
        if newer != -1 { slots[newer]!.older = older } else if newest == slot { newest = older }
        if older != -1 { slots[older]!.newer = newer } else if oldest == slot { oldest = newer }
        slots[slot]!.newer = -1
        slots[slot]!.older = -1
    }

    private mutating func linkNewest(_ slot: Int) {
        slots[slot]!.older = newest
        slots[slot]!.newer = -1
        if newest != -1 { slots[newest]!.newer = slot }
        newest = slot
        if oldest == -1 { oldest = slot }
    }
}
