import AppLockClient
import AppLockCore
import AppLockProtocol
import Foundation
import Glibc

/// The demo's model and main loop: every event arrives through one stream and is handled here, one at a time.
@MainActor
final class DemoApp {
    private enum Mode {
        case content
        case offer
        case setup(PasscodeFlow)
    }

    private let session: AppLockSession
    private let events: AsyncStream<DemoEvent>
    private let sink: AsyncStream<DemoEvent>.Continuation
    private let terminal = Terminal()

    private var status = AppLockStatus.starting
    private var mode = Mode.content
    private var unlockFlow = PasscodeFlow(.unlock)
    /// What is typed into the passcode field, wiped once submitted or abandoned.
    private let entry = PasscodeBytes()
    private var message: String?
    private var offered = false
    private var running = true

    init(appID: AppID) throws(AppLockError) {
        let (events, sink) = AsyncStream.makeStream(of: DemoEvent.self)
        self.events = events
        self.sink = sink
        session = try AppLockSession(appID: appID, lifecycle: DemoLifecycle(events: sink))
    }

    func run() async {
        terminal.enter()
        startInputThread()
        let session = self.session
        let sink = self.sink
        let statusTask = Task.detached {
            for await status in session.statusUpdates { sink.yield(.status(status)) }
        }
        let ticker = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                sink.yield(.tick)
            }
        }
        render()
        for await event in events {
            handle(event)
            if !running { break }
            render()
        }
        statusTask.cancel()
        ticker.cancel()
        terminal.leave()
        session.close()
    }

    private func startInputThread() {
        let sink = self.sink
        Thread.detachNewThread {
            while true {
                let data = FileHandle.standardInput.availableData
                if data.isEmpty {
                    sink.yield(.inputClosed)
                    return
                }
                sink.yield(.input(Array(data)))
            }
        }
    }

    // MARK: Events

    private func handle(_ event: DemoEvent) {
        switch event {
        case .input(let bytes):
            for key in Key.decode(bytes) { handle(key) }
        case .inputClosed:
            running = false
        case .status(let new):
            let wasLocked = status.isLocked
            let agentChanged = new.isAgentAvailable != status.isAgentAvailable
            status = new
            if new.isLocked && (!wasLocked || agentChanged) {
                entry.wipe()
                message = nil
                unlockFlow.reset()
            }
            if !new.isLocked && wasLocked { entry.wipe() }
            if new.isAgentAvailable && !new.hasPasscode && !offered {
                offered = true
                if case .content = mode { mode = .offer }
            }
        case .sessionResignedActive:
            entry.wipe()
            unlockFlow.reset()
        case .sessionBecameActive:
            break
        case .requestFinished(let result):
            finish(result)
        case .tick:
            break
        }
    }

    private func handle(_ key: Key) {
        switch key {
        case .interrupt:
            running = false
            return
        case .suspend:
            suspend()
            return
        case .focusOut:
            report(background: true)
            return
        case .focusIn:
            report(background: false)
            return
        default:
            break
        }
        if status.isLocked {
            edit(key, numeric: status.passcodeKind?.isNumeric ?? false) { submitUnlock() }
            return
        }
        if status.state == .obscured { return }
        switch mode {
        case .content:
            contentKey(key)
        case .offer:
            offerKey(key)
        case .setup(var flow):
            if key == .escape {
                flow.reset()
                mode = .content
                entry.wipe()
                return
            }
            edit(key, numeric: flow.newKind?.isNumeric ?? false) {
                if let request = flow.submit(entry) { perform(request) }
                entry.wipe()
                mode = .setup(flow)
            }
        }
    }

    private func edit(_ key: Key, numeric: Bool, submit: () -> Void) {
        switch key {
        case .character(let character):
            if numeric && !character.isASCII { return }
            if numeric && !character.isNumber { return }
            _ = entry.append(character)
        case .backspace:
            entry.removeLastScalar()
        case .escape:
            entry.wipe()
        case .enter:
            if !entry.isEmpty { submit() }
        default:
            break
        }
    }

    private func submitUnlock() {
        guard unlockFlow.step == .enterCurrent || unlockFlow.step == .finished else { return }
        if unlockFlow.step == .finished { unlockFlow.reset() }
        if let request = unlockFlow.submit(entry) { perform(request) }
        entry.wipe()
    }

    private func contentKey(_ key: Key) {
        message = nil
        switch key {
        case .character("q"):
            running = false
        case .character("l"):
            let session = self.session
            Task.detached { try? await session.lock() }
        case .character("s") where !status.hasPasscode:
            mode = .offer
        case .character("c") where status.hasPasscode:
            mode = .setup(PasscodeFlow(.change, kind: status.passcodeKind ?? .fourDigit))
        case .character("r") where status.hasPasscode:
            mode = .setup(PasscodeFlow(.remove))
        default:
            break
        }
    }

    private func offerKey(_ key: Key) {
        let kinds: [Character: PasscodeKind] = ["4": .fourDigit, "6": .sixDigit, "n": .numeric, "a": .alphanumeric]
        switch key {
        case .character(let character):
            if let kind = kinds[character] { mode = .setup(PasscodeFlow(.set, kind: kind)) }
        case .escape:
            mode = .content
        default:
            break
        }
    }

    private func perform(_ request: PasscodeFlow.Request) {
        let session = self.session
        let sink = self.sink
        let call = request.call(for: session.appID)
        Task.detached {
            sink.yield(.requestFinished(await session.perform(call)))
        }
    }

    private func finish(_ result: Result<Void, AppLockError>) {
        if unlockFlow.step == .waiting {
            unlockFlow.complete(result)
            return
        }
        guard case .setup(var flow) = mode else { return }
        flow.complete(result)
        if flow.step == .finished {
            switch flow.purpose {
            case .set: message = "Passcode set."
            case .change: message = "Passcode changed."
            case .remove: message = "Passcode removed."
            case .unlock: break
            }
            mode = .content
        } else {
            mode = .setup(flow)
        }
    }

    private func report(background: Bool) {
        let session = self.session
        Task.detached {
            if background { try? await session.reportBackground() } else { try? await session.reportForeground() }
        }
    }

    /// Ctrl-Z: report background (and wait for the agent to have it), restore the terminal, stop; on `fg`, take
    /// the terminal back and report foreground.
    private func suspend() {
        let session = self.session
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            try? await session.reportBackground()
            done.signal()
        }
        _ = done.wait(timeout: .now() + 2)
        terminal.leave()
        kill(getpid(), SIGTSTP)
        terminal.enter()
        report(background: false)
    }

    // MARK: Drawing

    private func render() {
        let appID = session.appID.rawValue
        let lines: [String]
        if status.isLocked {
            lines = DemoScreen.lock(appID: appID, status: status, flow: unlockFlow, typed: entry.scalarCount)
        } else if status.state == .obscured {
            lines = DemoScreen.cover(appID: appID)
        } else {
            switch mode {
            case .content: lines = DemoScreen.content(appID: appID, status: status, message: message)
            case .offer: lines = DemoScreen.offer()
            case .setup(let flow): lines = DemoScreen.setup(flow: flow, typed: entry.scalarCount)
            }
        }
        terminal.draw(lines)
    }
}
