"""Capacity over time, one row per variant that held loads (--sustain), from the recorded runs given: the short probes'
knee at its horizon, the same variant's knee in the other runs given (the standard profile's, say), the curve at 30 s
and at the horizon held, where the pool settled and what bound it, its threads and memory there, and the injection
laws' forecast beside the measured catch-up of each load held.

    python3 horizons.py runs/horizon-five.json runs/horizon-shapes.json --knees runs/standard-all-six.json

render.sh writes the table between <!-- horizons: ARGS --> and <!-- /horizons -->; WorkshopAnswersTests checks it."""
import datetime
import json
import math
import sys


# results.json's resource ids, named as the report names them (ResourceKind).
RESOURCES = {"threads": "pool threads", "dbConnections": "the connection pool", "auditWriters": "the audit writers",
             "auditAdmission": "the audit hand-off", "cpu": "the app's CPU", "machineCpu": "the machine's CPU"}


def load(path):
    return json.load(open(path, encoding="utf-8"))


def count(value):
    return f"{value:,.0f}"


def seconds(value):
    value = float(value)
    if value >= 60 and value % 60 == 0:
        return f"{value / 60:.0f} min"
    return f"{value:.0f} s" if value >= 10 or value.is_integer() else f"{value:.1f} s"


def horizon_of(run):
    """The short probes' horizon: warm-up and window, as the run's settings give them."""
    settings = run["run"].get("settings") or {}
    return (settings.get("warmupSeconds") or 0) + (settings.get("stepSeconds") or 0)


def knee_horizon(variant, capacity, fallback):
    """As the report reads it (KneeHorizon): recorded with the capacity, else the longest probe it rests on (from its start to
    its end: a window stretched for a slow variant ends later), else the profile's warm-up and window."""
    if capacity.get("horizonSeconds"):
        return capacity["horizonSeconds"]
    steps = variant.get("steps") or []
    deciding = [s for s in steps if s.get("decided")] or [s for s in steps if s["concurrency"] == capacity["concurrency"]]
    if deciding:
        spans = [datetime.datetime.fromisoformat(s["endedAt"]) - datetime.datetime.fromisoformat(s["startedAt"]) for s in deciding]
        return round(max(spans).total_seconds(), 1)
    return fallback


def knee(variant, horizon):
    capacity = variant.get("capacity")
    if capacity is None:
        return "none"
    estimate = capacity.get("estimate") or {}
    # Whole clients, floored as the report does (KneeEstimate.LowLoad, HighLoad): 2.17–2.99 reads "2".
    low, high = (math.floor(estimate[k] + 1e-9) for k in ("low", "high")) if estimate else (None, None)
    interval = f" ({count(low)}–{count(high)})" if estimate and low != high else ""
    at_least = "≥ " if capacity.get("atLeastBecause") else ""
    return f"{at_least}{count(capacity['concurrency'])}{interval} at {seconds(knee_horizon(variant, capacity, horizon))}"


def point(curve, at):
    found = next((p for p in curve if abs(p["seconds"] - at) < 1e-9), None)
    if found is None:
        return "–"
    if found.get("high") is None:
        return f"≥ {count(found['capacity'])}"
    if found["low"] == found["high"]:
        return count(found["capacity"])
    return f"{count(found['capacity'])} ({count(found['low'])}–{count(found['high'])})"


def steady(sustained):
    state = sustained.get("steady")
    if state is None:
        return "–", ""
    threads = state.get("threads")
    memory = state.get("workingSetMb")
    cost = ", ".join(x for x in (f"{count(threads)} threads" if threads is not None else "",
                                 f"{count(memory)} MB" if memory is not None else "") if x)
    kind = state["kind"]
    load_ = count(state["load"])
    if kind == "caughtUp":
        return f"every load held caught up (the heaviest {load_})", cost
    if kind == "growing":
        rate = state.get("growthPerSecond")
        needed = state.get("threadsNeeded")
        return (f"{load_} still behind: the pool growing at {rate:.1f} threads/s"
                + (f", {count(needed)} needed" if needed is not None else "")), cost
    bound = RESOURCES.get(state.get("boundBy"), state.get("boundBy"))
    word = "the pool held the threads it needs, SLA still missed" if kind == "sufficed" else "the pool stopped"
    return f"{load_} never: {word}" + (f", bound by {bound}" if bound else ""), cost


def forecasts(sustained):
    parts = []
    for hold in sustained["holds"]:
        measured = "failed" if hold["endedBy"] == "failed" else (
            f"{hold['caughtUpAt']} s" if hold.get("caughtUpAt") is not None else "never")
        forecast = hold.get("forecast")
        if forecast is None:
            parts.append(f"{count(hold['concurrency'])}: {measured}")
            continue
        predicted = ("never" if forecast.get("caughtUpAt") is None
                     else f"{'≥ ' if forecast.get('earliest') else ''}{forecast['caughtUpAt']:.0f} s")
        parts.append(f"{count(hold['concurrency'])}: {measured} (laws {predicted})")
    return "; ".join(parts)


def main(arguments):
    knees_from = []
    runs = []
    while arguments:
        word = arguments.pop(0)
        if word == "--knees":
            knees_from.append(load(arguments.pop(0)))
        else:
            runs.append(load(word))
    others = [(run, horizon_of(run)) for run in knees_from]
    print("| experiment | variant | knee (90%) | other knees | at 30 s | at the horizon held | where the pool settled "
          "| its cost | each load held: caught up (forecast) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for run in runs:
        short = horizon_of(run)
        for experiment in run["experiments"]:
            for variant in experiment.get("variants") or []:
                sustained = variant.get("sustained")
                if not sustained:
                    continue
                other = []
                for other_run, other_horizon in others:
                    match = next((v for e in other_run["experiments"] if e["name"] == experiment["name"]
                                  for v in e.get("variants") or [] if v["name"] == variant["name"]), None)
                    if match is not None:
                        other.append(knee(match, other_horizon))
                settled, cost = steady(sustained)
                print(f"| {experiment['name']} | {variant['name']} | {knee(variant, short)} | {'; '.join(other) or '–'} "
                      f"| {point(sustained['curve'], 30)} "
                      f"| {point(sustained['curve'], sustained['horizonSeconds'])} at {seconds(sustained['horizonSeconds'])} "
                      f"| {settled} | {cost} | {forecasts(sustained)} |")


if __name__ == "__main__":
    main(sys.argv[1:])
