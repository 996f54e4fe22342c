import Glibc

/// What to run and how long: the full configuration, or `--tiny` (a smoke run that only proves the bench works).
struct BenchOptions {
    var json = false
    var tiny = false
    var sections: Set<String> = [
        "floor", "lock", "throughput", "unlock", "startup", "guard", "reach", "sway", "sway-reach", "kwin", "kwin-reach",
        "gnome", "gnome-reach", "lockwindow", "settings",
    ]
    var lockSizes = [1, 10, 100, 1000, 5000]
    var idleSize = 1000
    var fanOutSizes = [100, 1000]
    var idleSeconds = 10.0
    var floorIterations = 5000
    var rateSeconds = 2.0
    var startups = 20
    var unlocks = 20
    var floodIterations = 100
    var lockWindowStarts = 10

    /// Lock iterations for a fleet of `apps`.
    func lockIterations(apps: Int) -> Int {
        if tiny { return 3 }
        switch apps {
        case ...1: return 200
        case ...10: return 100
        case ...100: return 50
        case ...1000: return 20
        default: return 8
        }
    }

    static let usage = """
        Usage: applock-bench [--tiny] [--json] [--apps 1,100,1000]
                             [--only floor,lock,throughput,unlock,startup,guard,reach,sway,sway-reach,kwin,
                                    kwin-reach,gnome,gnome-reach,lockwindow,settings,labwc,
                                    labwc-reach]

        Starts private session and system buses, gnome-keyring, a mocked logind and applockd (found next to this
        binary or at $APPLOCKD_PATH), measures lock latency, throughput, idle cost, memory and start-up next to
        the bus's own floor, the GTK lock window's start-up and size and AppLock Settings' size under Xvfb (by
        default and with each GSK_RENDERER), and prints a table (or JSON).
        The guard section runs Xvfb, openbox, an xterm, applock-guard (next to this binary) and xss-lock with
        i3lock; the reach section Xvfb, openbox, two xterms (one guarded, with a passcode) and applock-guard, and
        times reaching for the locked app until its keypad's pixels are on screen; sway-reach, kwin-reach and
        gnome-reach (left out of --tiny) the same on sway, KWin and GNOME Shell, to the lock window's first frame as
        the compositor sees it; the sway section runs
        headless sway (as the user applocktest when run as root), foot and applock-guard; the kwin section kwin_wayland with Xwayland (5.27: --virtual; 6 without a GPU: in a window
        of an Xvfb), an xterm and applock-guard, its rows naming KWin's version; the gnome section
        gnome-shell --headless with the AppLock extension, foot and applock-guard. The labwc and labwc-reach sections
        (not in the default set: labwc is Debian 13's; make bench-debian13 runs them in the Debian 13 chroot) run
        headless labwc, foot and applock-guard, labwc-reach to the lock window's first frame as labwc reports it.
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--json": options.json = true
            case "--tiny":
                options.tiny = true
                options.lockSizes = [1, 10]
                options.idleSize = 10
                options.fanOutSizes = [10]
                options.idleSeconds = 1
                options.floorIterations = 200
                options.rateSeconds = 0.2
                options.startups = 2
                options.unlocks = 2
                options.floodIterations = 5
                options.lockWindowStarts = 2
                // More compositors would add to the smoke run's length; the X11 reach row stands for them there.
                options.sections.subtract(["sway-reach", "kwin-reach", "gnome-reach"])
            case "--only":
                guard let list = iterator.next() else { throw BenchError("--only needs a list") }
                options.sections = Set(list.split(separator: ",").map(String.init))
            case "--apps":
                guard let list = iterator.next() else { throw BenchError("--apps needs a list") }
                options.lockSizes = list.split(separator: ",").compactMap { Int($0) }
                options.idleSize = options.lockSizes.max() ?? 1
                options.fanOutSizes = options.lockSizes.filter { $0 > 1 }
            case "--help", "-h":
                print(usage)
                exit(0)
            default:
                throw BenchError("unknown option \(argument)\n\(usage)")
            }
        }
        return options
    }
}
