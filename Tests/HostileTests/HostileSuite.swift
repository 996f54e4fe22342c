import Testing

/// Every hostile-condition test, one at a time: each starts its own buses, keyring and agent, and several are heavy.
@Suite("Hostile conditions", .serialized)
struct HostileSuite {}
