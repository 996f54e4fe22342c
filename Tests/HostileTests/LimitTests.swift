import AppLockCore
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension HostileSuite {
    /// The limits the README documents, enforced with the documented answers.
    @Suite("Limits")
    struct LimitTests {
        @Test("longest passcode, longest app id, most apps per connection, most inhibitors per app")
        func documentedLimits() throws {
            let harness = try HostileHarness()
            let client = try harness.client()

            // Passcodes: alphanumeric up to 128 bytes, numeric up to 32 digits; one more is InvalidPasscode.
            let longest = String(repeating: "Lp-", count: 42) + "xy"
            #expect(longest.utf8.count == Limits.maxPasscodeBytes)
            #expect(client.outcome("SetPasscode", [.string("org.example.LongPass"), .string(longest + "z"), .string("alphanumeric")])
                == "InvalidPasscode")
            #expect(client.outcome("SetPasscode", [.string("org.example.LongPass"), .string(longest), .string("alphanumeric")]) == "")
            try client.call("Lock", [.string("org.example.LongPass")])
            #expect(client.unlock("org.example.LongPass", longest) == "")
            let digits = String(repeating: "7", count: Limits.maxNumericPasscodeDigits)
            #expect(client.outcome("SetPasscode", [.string("org.example.LongDigits"), .string(digits + "7"), .string("numeric")])
                == "InvalidPasscode")
            #expect(client.outcome("ChangePasscode", [.string("org.example.LongPass"), .string(longest), .string(longest + "z"),
                                                      .string("alphanumeric")]) == "InvalidPasscode")

            // App ids: 255 bytes; 256 is InvalidArgument.
            let longestID = String(repeating: "a", count: 127) + "." + String(repeating: "b", count: 127)
            #expect(longestID.utf8.count == Limits.maxAppIDBytes)
            #expect(client.outcome("RegisterApplication", [.string(longestID)]) == "")
            #expect(client.outcome("RegisterApplication", [.string(longestID + "c")]) == "InvalidArgument")

            // Apps per connection: 256; the 257th is LimitExceeded, and another connection may still register.
            let many = try harness.client()
            for index in 0..<Limits.maxAppsPerConnection {
                try many.register("org.example.Limit.App\(index)")
            }
            #expect(many.outcome("RegisterApplication", [.string("org.example.Limit.OneTooMany")]) == "LimitExceeded")
            #expect(client.outcome("RegisterApplication", [.string("org.example.Limit.OneTooMany")]) == "")
            try many.call("UnregisterApplication", [.string("org.example.Limit.App0")])
            #expect(many.outcome("RegisterApplication", [.string("org.example.Limit.Replacement")]) == "")

            // Inhibitors per app: 64; the 65th is LimitExceeded; releasing one makes room.
            var cookies: [UInt32] = []
            for index in 0..<Limits.maxInhibitorsPerApp {
                let reply = try client.call("Inhibit", [.string(longestID), .string("reason \(index)")])
                cookies.append(try #require(reply.first?.uint32Value))
            }
            #expect(client.outcome("Inhibit", [.string(longestID), .string("one too many")]) == "LimitExceeded")
            try client.call("Uninhibit", [.uint32(cookies[0])])
            #expect(client.outcome("Inhibit", [.string(longestID), .string("room again")]) == "")
            // An inhibit reason is at most 1024 bytes.
            #expect(client.outcome("Inhibit", [.string(longestID), .string(String(repeating: "r", count: 1025))]) == "InvalidArgument")
            #expect(harness.agent.isRunning)
        }
    }
}
