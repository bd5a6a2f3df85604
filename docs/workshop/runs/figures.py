"""Every figure of a page's prose that a recorded run holds is written as a link to that run, its query in the title:

    [1,797](runs/lab3-db.json "db/async capacity")            the capacity the page's table of that run shows
    [1,895–1,935](runs/lab3-db.json "db/async rps from 208")  a probe figure over every probe from 208 clients: min–max

render.sh writes each link's text from its run (python3 figures.py PAGE…); WorkshopFiguresTests runs --check, which
fails when a text differs from its run, or when a figure rests only on probes whose flags undermine it (short of CPU,
the machine or k6: every figure; clients unanswered or a probe never steady: its latency and throughput; k6 pacing the
clients: its throughput) and its query does not say "flagged", or its sentence does not.

A query is SCOPE FIELD [FILTER…] [AGGREGATE] [flagged], or two of them joined by " ÷ " (a ratio); or "run date" and
"run minutes" (the day the run started, and how long it took, as the page's "Recorded" line says), and under
--app-cpus "run quota" (the CPUs it gave the app), "run processor-count" and "run pool-min" (what .NET made of it).
  SCOPE      EXPERIMENT/VARIANT
  FIELD      from the page's table of the run: capacity (the run's own where the page shows no table), interval,
             at (req/s at the knee), predicted, held (pool threads per request, measured);
             horizon (the time under load its capacity was judged at, as the report gives it: "6 s", "13 s");
             from the laws: bound (req/s the binding resource allows: units ÷ hold time), units (how many the run had);
             from the run's probes: rps, served (req/s × (1 − error rate)), errors (% of requests), p50, p95, p99, mean,
             server-p50, threads-start, threads-end, queue (most work items queued), cpu (the app's % of the machine),
             machine-cpu, k6-cpu, k6-memory, cpu-per-request (the app's CPU µs per request), clients,
             quota-cpu (the app's % of its quota), throttled (% of the quota's periods throttled),
             unanswered (clients that got no answer in the window),
             added:REASON / removed:REASON / changes:REASON (the pool's threads by reason: Warmup, ClimbingMove,
             Starvation, CooperativeBlocking…), pool-threads and blocked (threads waiting in the stacks taken after the
             window), in:CALL (waiting threads whose frames end in CALL), gauge:KEY
             from the loads held (--sustain), one hold chosen by "at N": hold-caught-up (the second from which every later
             second met the SLA, or "never"), hold-first-served (the first second a request completed in),
             hold-seconds (how long it was held), hold-threads, hold-memory, hold-cpu (the
             app's at the catch-up, or at the end when it never caught up), hold-machine-cpu, hold-k6-cpu, hold-forecast (the
             laws' catch-up second, or "never"), hold-needed (the threads the laws say the load needs);
             second-threads / second-p95 / second-memory at N S (the pool's threads, p95, working set in second S of hold N)
  FILTER     at N, from N, to N (clients), met, missed
  AGGREGATE  min, max, median, sum, count; none: the value, or min–max over several probes
"""
import datetime
import json
import os
import re
import statistics
import sys

import horizons

LINK = re.compile(r'\[([^\]]*)\]\(((?:[\w.-]+/)*runs/[^ )]+\.json) "([^"]+)"\)')
CPU_SHORT = {"busyMachine", "loadGeneratorLimit"}
# A flag undermines the figures it names: a machine short of CPU every timing and throughput; clients left unanswered, or a
# probe that never settled, its latency and throughput; k6 pacing the clients its throughput (not the latency of a request).
TIMING = {"rps", "served", "p50", "p95", "p99", "mean", "capacity", "interval", "at"}
UNDERMINES = {"clientsUnanswered": TIMING, "littlesLawNotSteady": TIMING,
              "littlesLawClientPace": {"rps", "served", "capacity", "interval", "at"}}
TABLE_FIELDS = ("capacity", "interval", "at", "predicted", "held")


class Problem(Exception):
    pass


def run_of(folder, path, cache={}):
    full = os.path.normpath(os.path.join(folder, path))
    if full not in cache:
        if not os.path.exists(full):
            raise Problem(f"{path} does not exist")
        cache[full] = json.load(open(full, encoding="utf-8"))
    return cache[full]


def variant_of(run, scope):
    experiment, _, name = scope.partition("/")
    for e in run["experiments"]:
        if e["name"] == experiment:
            for v in e.get("variants") or []:
                if v["name"] == name:
                    return v
    raise Problem(f"the run has no variant {scope}")


def table_row(page_text, path, scope):
    """The row of the page's rendered table of that run (the tool's own words and rounding)."""
    block = re.search(r"<!-- recorded: " + re.escape(path) + r" -->\n(.*?)<!-- /recorded -->", page_text, re.S)
    if not block:
        raise Problem(f"the page shows no table of {path} for a capacity to quote")
    experiment, _, variant = scope.partition("/")
    for line in block.group(1).splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) >= 5 and cells[0] == experiment and cells[1] == variant:
            return cells
    raise Problem(f"the table of {path} has no row {scope}")


def from_table(cells, field):
    capacity, at, predicted = cells[2], cells[3], cells[4]
    if field == "capacity":
        return re.search(r"\*\*(.+?)\*\*", capacity).group(1)
    if field == "interval":
        found = re.search(r"90%: ([^,)]+)", capacity)
        if not found:
            raise Problem(f"the capacity '{capacity}' has no interval")
        return found.group(1)
    if field == "at":
        return at.split(" ")[0]
    if field == "held":
        if not cells[5]:
            raise Problem("the table gives no pool threads per request for it")
        return cells[5].split(" ")[0]
    return re.search(r"([\d,.]+(?:–[\d,.]+)?)", predicted).group(1)


def short_of_cpu(step, field="capacity"):
    """Whether a flag of the step undermines this field of it: a machine short of CPU undermines every figure."""
    for flag in step.get("flags") or []:
        kind = flag.get("kind") if isinstance(flag, dict) else None
        if kind in CPU_SHORT or (kind is None and str(flag).startswith("The machine's CPU was")):
            return True
        if field in UNDERMINES.get(kind, ()):
            return True
    return False


def waits(step):
    return [g for g in ((step.get("waits") or {}).get("groups") or []) if g.get("waiting")]


def adjusted(step, reason, part):
    totals = (step.get("adjustments") or {}).get(reason)
    return None if totals is None else totals[part]


STEP_FIELDS = {
    "rps": lambda s, run: s["rps"],
    "served": lambda s, run: s["rps"] * (1 - s["errorRate"]),
    "errors": lambda s, run: s["errorRate"],
    "p50": lambda s, run: s.get("p50Ms"),
    "p95": lambda s, run: s.get("p95Ms"),
    "p99": lambda s, run: s.get("p99Ms"),
    "mean": lambda s, run: s.get("meanMs"),
    "server-p50": lambda s, run: s.get("serverP50Ms"),
    "threads-start": lambda s, run: s.get("threadsAtStart"),
    "threads-end": lambda s, run: s.get("threadsAtEnd"),
    "queue": lambda s, run: s.get("maxQueueLength"),
    "cpu": lambda s, run: s.get("cpuPercent"),
    "machine-cpu": lambda s, run: s.get("machineCpuPercent"),
    "k6-cpu": lambda s, run: s.get("loadGeneratorCpuPercent"),
    "k6-memory": lambda s, run: s.get("loadGeneratorMemoryMb"),
    "cpu-per-request": lambda s, run: None if not s.get("cpuPercent") or not s["rps"]
    else s["cpuPercent"] / 100 * run["run"]["cores"] / s["rps"] * 1e6,
    "clients": lambda s, run: s["concurrency"],
    "quota-cpu": lambda s, run: s.get("cpuOfQuotaPercent"),
    "unanswered": lambda s, run: sum(f.get("count", 0) for f in s.get("flags") or []
                                     if isinstance(f, dict) and f.get("kind") == "clientsUnanswered"),
    "throttled": lambda s, run: None if not (s.get("throttling") or {}).get("periods")
    else s["throttling"]["throttledPeriods"] / s["throttling"]["periods"] * 100,
    "pool-threads": lambda s, run: (s.get("waits") or {}).get("poolThreads"),
    "blocked": lambda s, run: sum(g["threads"] for g in waits(s) if g.get("pool")) if s.get("waits") else None,
}
UNITS = {"p50": "ms", "p95": "ms", "p99": "ms", "mean": "ms", "server-p50": "ms", "errors": "share", "cpu": "percent",
         "machine-cpu": "percent", "k6-cpu": "percent", "k6-memory": "mb", "cpu-per-request": "us",
         "quota-cpu": "percent", "throttled": "percent"}


def step_value(field, step, run):
    if field in STEP_FIELDS:
        return STEP_FIELDS[field](step, run)
    kind, _, name = field.partition(":")
    if kind in ("added", "removed", "changes") and name:
        return adjusted(step, name, {"added": "threadsAdded", "removed": "threadsRemoved", "changes": "count"}[kind]) or 0
    if kind == "in" and name:
        return sum(g["threads"] for g in waits(step) if g.get("call", "").endswith(name)) if step.get("waits") else None
    if kind == "gauge" and name:
        return (step.get("gauges") or {}).get(name)
    raise Problem(f"no field '{field}'")


def number(value, decimals=0):
    return f"{value:,.{decimals}f}"


def shown(value, unit):
    """(figure, unit) as the workshop writes it."""
    if unit == "ms":
        if value >= 1000:
            return number(value / 1000, 1), "s"
        return (number(value, 0), "ms") if value >= 1 else (number(value * 1000, 0), "µs")
    if unit == "share":
        return f"{value * 100:.0f}", "%"
    if unit == "percent":
        return f"{value:.0f}", "%"
    if unit == "mb":
        return (number(value / 1024, 1), "GB") if value >= 1024 else (number(value, 0), "MB")
    if unit == "us":
        return number(value, 0), "µs"
    if isinstance(value, float) and not value.is_integer():
        return number(value, 1 if value < 100 else 0), ""
    return number(value, 0), ""


def joined(parts):
    def text(figure, unit):
        return figure + ("" if not unit else unit if unit == "%" else " " + unit)
    if len(parts) == 1 or parts[0] == parts[-1]:
        return text(*parts[0])
    (low, low_unit), (high, high_unit) = parts[0], parts[-1]
    if low_unit == high_unit:
        return low + "–" + text(high, high_unit)
    return text(low, low_unit) + "–" + text(high, high_unit)


def run_seconds(info):
    """A run's length in whole seconds, from its start and finish (results.json's "run"), as the tests count it."""
    whole = lambda text: int(datetime.datetime.fromisoformat(text[:19]).replace(tzinfo=datetime.timezone.utc).timestamp())
    return whole(info["finishedAt"]) - whole(info["startedAt"])


def run_minutes(info):
    """"3.1": a run's minutes to the tenth, rounded half up, as render.sh's "Recorded" line and README write them."""
    tenths = (run_seconds(info) * 10 + 30) // 60
    return f"{tenths // 10}.{tenths % 10}"


def of_run(field, run):
    """The run's own: its date, and its minutes as render.sh's "Recorded" line gives them."""
    info = run["run"]
    if field == "date":
        return info["startedAt"][:10]
    if field == "minutes":
        return run_minutes(info)
    quota = info.get("cpuQuota")
    if field in ("quota", "processor-count", "pool-min"):
        if quota is None:
            raise Problem("the run had no CPU quota (--app-cpus)")
        value = {"quota": quota["cpus"], "processor-count": quota.get("processorCount"),
                 "pool-min": quota.get("minWorkerThreads")}[field]
        if value is None:
            raise Problem(f"the run did not read its app's {field}")
        return joined([shown(value, "")])
    raise Problem(f"no field '{field}' of a run")


def evaluate(words, run, page_text, path):
    """A figure's text and whether it rests only on steps flagged in a way that undermines it (short_of_cpu)."""
    scope, field, rest = words[0], words[1], words[2:]
    if scope == "run":
        return of_run(field, run), False
    variant = variant_of(run, scope)
    if field in ("bound", "units"):
        binding = ((variant.get("prediction") or {}).get("binding")) or {}
        if "maxRps" not in binding:
            raise Problem("the variant has no bound from the laws")
        return joined([shown(binding["maxRps" if field == "bound" else "units"], "")]), False
    if field == "horizon":
        capacity = variant.get("capacity")
        if capacity is None:
            raise Problem("the variant has no capacity")
        return horizons.seconds(horizons.knee_horizon(variant, capacity, horizons.horizon_of(run))), False
    if field == "capacity" and f"<!-- recorded: {path} -->" not in page_text:
        return capacity_of(variant), knee_flagged(variant)
    if field in TABLE_FIELDS:
        return from_table(table_row(page_text, path, scope), field), field not in ("predicted", "held") and knee_flagged(variant)
    if field.startswith("hold-") or field.startswith("second-"):
        return held(field, rest, variant), held_flagged(rest, variant)
    steps = sorted(variant["steps"], key=lambda s: (s["concurrency"], s.get("run", 1)))
    aggregate = None
    while rest:
        word = rest.pop(0)
        if word in ("at", "from", "to"):
            load = int(rest.pop(0).replace(",", ""))
            keep = {"at": lambda c: c == load, "from": lambda c: c >= load, "to": lambda c: c <= load}[word]
            steps = [s for s in steps if keep(s["concurrency"])]
        elif word in ("met", "missed"):
            steps = [s for s in steps if s["meetsSla"] == (word == "met")]
        elif word in ("min", "max", "median", "sum", "count"):
            aggregate = word
        else:
            raise Problem(f"'{word}' is not a filter or an aggregate")
    if not steps:
        raise Problem("no probe matches")
    flagged = all(short_of_cpu(s, field) for s in steps)
    if aggregate == "count":
        return number(len(steps), 0), flagged
    values = [v for v in (step_value(field, s, run) for s in steps) if v is not None]
    if not values:
        raise Problem(f"no probe has a value of {field}")
    unit = UNITS.get(field, "")
    if aggregate:
        value = {"min": min, "max": max, "median": statistics.median, "sum": sum}[aggregate](values)
        return joined([shown(value, unit)]), flagged
    return joined([shown(min(values), unit), shown(max(values), unit)]), flagged


def hold_of(rest, variant):
    if len(rest) < 2 or rest[0] != "at":
        raise Problem("a held load's figure names its load: at N")
    load = int(rest[1].replace(",", ""))
    for hold in (variant.get("sustained") or {}).get("holds") or []:
        if hold["concurrency"] == load:
            return hold
    raise Problem(f"no load of {load} was held")


def held(field, rest, variant):
    hold = hold_of(rest, variant)
    cost = hold.get("cost") or {}
    forecast = hold.get("forecast") or {}
    if field.startswith("second-"):
        if len(rest) != 3:
            raise Problem("a second's figure names its load and second: at N S")
        second = next((s for s in hold["seconds"] if s["second"] == int(rest[2])), None)
        if second is None:
            raise Problem(f"the hold has no second {rest[2]}")
        key, unit = {"second-threads": ("poolThreads", ""), "second-p95": ("p95Ms", "ms"),
                     "second-memory": ("workingSetMb", "mb")}[field]
        return joined([shown(second[key], unit)])
    if len(rest) != 2:
        raise Problem(f"'{' '.join(rest[2:])}' is not a filter of a held load")
    if field == "hold-caught-up":
        return "never" if hold.get("caughtUpAt") is None else f"{hold['caughtUpAt']} s"
    if field == "hold-first-served":
        first = next((s["second"] for s in hold["seconds"] if s["requests"] > 0), None)
        return "never" if first is None else f"{first} s"
    if field == "hold-forecast":
        return "never" if forecast.get("caughtUpAt") is None else f"{forecast['caughtUpAt']:.0f} s"
    values = {"hold-seconds": (hold["heldSeconds"], ""), "hold-threads": (cost.get("poolThreads"), ""),
              "hold-memory": (cost.get("workingSetMb"), "mb"), "hold-cpu": (cost.get("cpuPercent"), "percent"),
              "hold-machine-cpu": (hold.get("machineCpuPercent"), "percent"),
              "hold-k6-cpu": (hold.get("loadGeneratorCpuPercent"), "percent"), "hold-needed": (forecast.get("threadsNeeded"), "")}
    if field not in values:
        raise Problem(f"no field '{field}'")
    value, unit = values[field]
    if value is None:
        raise Problem(f"the hold has no {field}")
    return joined([shown(value, unit)])


def held_flagged(rest, variant):
    """A hold whose machine was at its limit measured k6 as much as the app, as a flagged step does."""
    return ((hold_of(rest, variant).get("machineCpuPercent") or 0) >= 90)


def capacity_of(variant):
    """Where the page shows no table of the run: the knee, or the lower bound the search stopped at."""
    capacity = variant.get("capacity")
    if capacity is None:
        raise Problem("the variant has no capacity")
    return ("≥ " if capacity.get("atLeastBecause") else "") + number(capacity["concurrency"])


def knee_flagged(variant):
    """A capacity rests on the probes around its knee: those inside its interval, or the met and missed beside it."""
    capacity = variant.get("capacity") or {}
    estimate = capacity.get("estimate") or {}
    steps = variant["steps"]
    near = [s for s in steps if estimate and estimate["low"] <= s["concurrency"] <= estimate["high"]]
    if not near and capacity:
        met = [s for s in steps if s["meetsSla"] and s["concurrency"] <= capacity["concurrency"]]
        missed = [s for s in steps if not s["meetsSla"] and s["concurrency"] > capacity["concurrency"]]
        near = ([max(met, key=lambda s: s["concurrency"])] if met else []) + ([min(missed, key=lambda s: s["concurrency"])] if missed else [])
    return bool(near) and all(short_of_cpu(s) for s in near)


def figure(query, run, page_text, path):
    terms = query.split(" ÷ ")
    words = [t.split() for t in terms]
    acknowledged = any(w[-1] == "flagged" for w in words)
    words = [w[:-1] if w[-1] == "flagged" else w for w in words]
    results = [evaluate(list(w), run, page_text, path) for w in words]
    flagged = any(f for _, f in results)
    if len(results) == 1:
        return results[0][0], flagged, acknowledged
    top, bottom = (float(re.sub(r"[^\d.]", "", text)) for text, _ in results)
    ratio = top / bottom
    return number(ratio, 1 if ratio < 10 else 0), flagged, acknowledged


def sentence_around(text, start):
    """The bullet or paragraph a figure stands in."""
    begin = max(text.rfind("\n- ", 0, start), text.rfind("\n\n", 0, start))
    end = min(i for i in (text.find("\n- ", start), text.find("\n\n", start), len(text)) if i >= 0)
    return LINK.sub(lambda m: m.group(1), text[begin:end])


def check_page(page, write):
    folder = os.path.dirname(page)
    text = open(page, encoding="utf-8").read()
    problems = []

    def replace(match):
        shown_text, path, query = match.groups()
        try:
            value, flagged, acknowledged = figure(query, run_of(folder, path), text, path)
        except Problem as problem:
            problems.append(f'{page}: [{shown_text}]({path} "{query}"): {problem}')
            return match.group(0)
        if flagged and not acknowledged:
            problems.append(f'{page}: [{shown_text}]({path} "{query}") rests only on flagged steps (short of CPU, clients '
                            'unanswered, unsteady or paced by k6): add "flagged" to the query and say so in its sentence')
        if acknowledged and "flagged" not in sentence_around(text, match.start()):
            problems.append(f'{page}: [{shown_text}]({path} "{query}") is marked flagged, but its sentence does not say so')
        if value != shown_text and not write:
            problems.append(f'{page}: [{shown_text}]({path} "{query}") is {value} in the run')
        return f'[{value}]({path} "{query}")'

    rendered = LINK.sub(replace, text)
    if write and rendered != text and not problems:
        open(page, "w", encoding="utf-8").write(rendered)
    return problems


if __name__ == "__main__":
    arguments = sys.argv[1:]
    write = "--check" not in arguments
    found = [p for page in (a for a in arguments if a != "--check") for p in check_page(page, write)]
    for problem in found:
        print(problem, file=sys.stderr)
    sys.exit(1 if found else 0)
