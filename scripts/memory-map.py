#!/usr/bin/python3
"""What a running process's resident memory is made of (the README's "Performance" breakdowns came from it).

    scripts/memory-map.py PID [--top N]

Prints VmRSS, then the resident KiB of each mapped file and of the heap, the stacks and the anonymous memory
(/proc/PID/smaps), largest first, and then, for the program's own file, which of its ELF sections and which Swift
modules (by their symbols' mangled names, `nm`) have pages resident (/proc/PID/pagemap: the present bit, which the
process's owner may read). The kernel maps a program's code in windows of 64 KiB around each page touched, so a
module's resident share says where the code touched lies, to 64 KiB.
"""
import collections
import re
import struct
import subprocess
import sys

PAGE = 4096


def mappings(pid):
    """(start, end, file offset, path, perms, Rss KiB) of every mapping in smaps."""
    result = []
    current = None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            header = re.match(r"([0-9a-f]+)-([0-9a-f]+) (\S+) ([0-9a-f]+) \S+ \d+\s*(.*)", line)
            if header:
                start, end, perms, offset, path = header.groups()
                current = [int(start, 16), int(end, 16), int(offset, 16), path or "[anonymous]", perms, 0]
                result.append(current)
            elif line.startswith("Rss:") and current is not None:
                current[5] = int(line.split()[1])
    return result


def program_path(pid):
    with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
        first = cmdline.read().split(b"\0")[0].decode()
    exe = subprocess.run(["readlink", "-f", f"/proc/{pid}/exe"], capture_output=True, text=True).stdout.strip()
    return exe or first


def resident(pagemap, address):
    pagemap.seek((address // PAGE) * 8)
    return (struct.unpack("<Q", pagemap.read(8))[0] >> 63) & 1


def sections(binary):
    """(name, virtual address, size) of every allocated ELF section."""
    found = []
    listing = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and int(match.group(2), 16) != 0:
            found.append((match.group(1), int(match.group(2), 16), int(match.group(3), 16)))
    return found


def module_of(symbol):
    match = re.match(r"^\$s(\d+)", symbol)
    if match:
        return symbol[match.end():match.end() + int(match.group(1))]
    if symbol.startswith(("$ss", "$sS", "swift", "_swift")):
        return "Swift standard library and runtime"
    return "C and C++ (the Swift runtime's, libstdc++ glue)"


def code_pages_by_module(binary):
    """Each code page of `binary` (by virtual page number) → the module with most symbols on it."""
    pages = {}
    listing = subprocess.run(["nm", "-S", binary], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) < 4 or fields[2].lower() not in "tw":
            continue
        address, size, module = int(fields[0], 16), int(fields[1], 16), module_of(fields[3])
        for page in range(address // PAGE, (address + max(size, 1) - 1) // PAGE + 1):
            pages.setdefault(page, collections.Counter())[module] += 1
    return {page: counts.most_common(1)[0][0] for page, counts in pages.items()}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    pid = int(sys.argv[1])
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 25
    with open(f"/proc/{pid}/status") as status:
        print(next(line for line in status if line.startswith("VmRSS")).strip())

    maps = mappings(pid)
    by_name = collections.Counter()
    binary = program_path(pid)
    for _, _, _, path, perms, rss in maps:
        by_name[f"{path} ({perms})" if path == binary else path] += rss
    print("\nresident KiB by mapping")
    for name, kib in by_name.most_common(top):
        if kib:
            print(f"{kib:8d}  {name}")

    own = [(start, end, offset) for start, end, offset, path, _, _ in maps if path == binary]
    if not own:
        return
    load_base = min(start - offset for start, _, offset in own)
    mapped = [(start, end) for start, end, _ in own]
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        def present(virtual_page):
            address = load_base + virtual_page * PAGE
            return any(start <= address < end for start, end in mapped) and resident(pagemap, address)

        print(f"\n{binary}: resident / size KiB by section")
        for name, address, size in sections(binary):
            pages = range(address // PAGE, (address + size - 1) // PAGE + 1) if size else range(0)
            kib = 4 * sum(1 for page in pages if present(page))
            if kib:
                print(f"{kib:8d} / {4 * len(pages):8d}  {name}")

        print(f"\n{binary}: code resident / size KiB by module")
        held = collections.Counter()
        total = collections.Counter()
        for page, module in code_pages_by_module(binary).items():
            total[module] += 4
            if present(page):
                held[module] += 4
        for module, kib in held.most_common(top):
            print(f"{kib:8d} / {total[module]:8d}  {module}")


if __name__ == "__main__":
    main()
