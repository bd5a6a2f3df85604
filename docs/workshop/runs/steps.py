"""The probes of recorded runs as one Markdown table, for the labs that ask about given loads (`--search off`): per run,
variant and load, req/s, the requests served (req/s × (1 − error rate)), errors, p50 and p95 as the clients saw them, the server's p50 (Server-Timing), the pool's threads at the
probe's start and end, and the most work items queued for the pool.   python3 steps.py runs/A.json runs/B.json …"""
import json
import os
import sys

from figures import number, shown


def ms(value):
    if value is None:
        return "–"
    figure, unit = shown(value, "ms")
    return f"{figure} {unit}"


print("| run | variant | clients | req/s | served/s | errors | p50 | p95 | server p50 | pool threads | queued (max) |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for path in sys.argv[1:]:
    run = os.path.splitext(os.path.basename(path))[0]
    for experiment in json.load(open(path, encoding="utf-8"))["experiments"]:
        for variant in experiment.get("variants") or []:
            for step in sorted(variant["steps"], key=lambda s: s["concurrency"]):
                rps, errors = step["rps"], step["errorRate"]
                decimals = 1 if rps < 100 else 0
                print(f"| {run} | {variant['name']} | {number(step['concurrency'])} | {number(rps, decimals)} "
                      f"| {number(rps * (1 - errors), decimals)} | {errors:.0%} | {ms(step['p50Ms'])} | {ms(step['p95Ms'])} | {ms(step.get('serverP50Ms'))} "
                      f"| {step['threadsAtStart']} → {step['threadsAtEnd']} | {number(step['maxQueueLength'])} |")
