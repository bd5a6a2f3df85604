"""Keeps of a run's results.json what the workshop's tables and comparisons read: every variant's timeline (the report's
charts, most of the file) is left out, and the JSON is written without indentation. The run's own report folder keeps
the whole file.   python3 slim.py results.json NAME.json"""
import json
import sys

source, target = sys.argv[1:3]
run = json.load(open(source, encoding="utf-8"))
for experiment in run["experiments"]:
    for variant in experiment.get("variants") or []:
        variant.pop("timeline", None)
with open(target, "w", encoding="utf-8") as out:
    json.dump(run, out, ensure_ascii=False, separators=(",", ":"))
    out.write("\n")
