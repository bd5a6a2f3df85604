#!/usr/bin/env python3
"""Where a test run's time went: each test project's time and each test class's wall time, read from the run's TRX
files (one per test project), the slowest classes first.

    python3 .ci/test-times.py RESULTS.trx [MORE.trx ...] [--top N]

A class's wall time is the span from its first test's start to its last test's end (xunit runs a class's tests one
after another; classes in different collections may overlap, as the unit tests' do, so the spans can add up to more
than the run). The sum of its tests' own durations is shown beside it. A missing or unreadable file is said in one line and is not an error:
CI must not fail because of its timing printout.
"""
import argparse
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from datetime import datetime

NS = {"t": "http://microsoft.com/schemas/VisualStudio/TeamTest/2010"}
PREFIX = "AsyncCapacity.Tests."


def timestamp(text):
    # TRX writes 7 digits of fractional seconds; Python reads at most 6.
    date, _, rest = text.partition(".")
    if not rest:
        return datetime.fromisoformat(text)
    digits = "".join(c for c in rest if c.isdigit())
    zone = rest[len(digits):]
    return datetime.fromisoformat(f"{date}.{digits[:6]}{zone}")


def seconds(duration):
    hours, minutes, secs = duration.split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(secs)


def clock(total):
    minutes, secs = divmod(int(round(total)), 60)
    return f"{minutes}:{secs:02d}"


def read(path, classes):
    """Adds the file's tests to their classes; returns how many tests it holds and the span they ran in, in seconds."""
    root = ET.parse(path).getroot()
    class_of = {test.get("id"): test.find("t:TestMethod", NS).get("className") for test in root.iterfind(".//t:UnitTest", NS)}
    results = list(root.iterfind(".//t:UnitTestResult", NS))
    for result in results:
        name = class_of.get(result.get("testId"), "?")
        start, end = timestamp(result.get("startTime")), timestamp(result.get("endTime"))
        entry = classes[name]
        entry["start"] = min(entry.get("start", start), start)
        entry["end"] = max(entry.get("end", end), end)
        entry["sum"] = entry.get("sum", 0.0) + seconds(result.get("duration", "0:0:0"))
        entry["tests"] = entry.get("tests", 0) + 1
    if not results:
        return 0, 0.0
    first = min(timestamp(r.get("startTime")) for r in results)
    last = max(timestamp(r.get("endTime")) for r in results)
    return len(results), (last - first).total_seconds()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trx", nargs="+", help="TRX files (dotnet test --logger trx)")
    parser.add_argument("--top", type=int, default=10, help="how many classes to list (default: 10)")
    args = parser.parse_args()

    classes = defaultdict(dict)
    for path in args.trx:
        try:
            tests, span = read(path, classes)
            print(f"== {os.path.basename(path)}: {tests} tests in {clock(span)}")
        except (OSError, ET.ParseError) as error:
            print(f"== Test times: {path} could not be read ({error})")
    if not classes:
        print("== Test times: no test results to read")
        return 0

    run = (max(c["end"] for c in classes.values()) - min(c["start"] for c in classes.values())).total_seconds()
    ranked = sorted(classes.items(), key=lambda item: (item[1]["end"] - item[1]["start"]).total_seconds(), reverse=True)
    print(f"== Slowest test classes (wall time, the {min(args.top, len(ranked))} slowest of {len(ranked)}; the tests ran for {clock(run)})")
    print(f"{'wall':>6}  {'tests':>6}  {'sum':>6}  class")
    for name, entry in ranked[: args.top]:
        wall = (entry["end"] - entry["start"]).total_seconds()
        short = name[len(PREFIX):] if name.startswith(PREFIX) else name
        print(f"{clock(wall):>6}  {entry['tests']:>6}  {clock(entry['sum']):>6}  {short}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
