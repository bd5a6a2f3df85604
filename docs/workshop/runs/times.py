"""The workshop's table of labs (docs/workshop/README.md) says how long each lab's sweeps took: the runs its answer
records (<!-- recorded: runs/NAME.json -->), counted and added up from each run's start and finish. This rewrites that
cell of every row, keeping what follows the minutes (", after the tools by hand"); WorkshopTimesTests checks it.

    python3 times.py ../README.md"""
import json
import os
import re
import sys

from figures import run_seconds

ROW = re.compile(r"^(\| \[\d+\. [^\]]+\]\((?P<page>[^)]+\.md)\) \| [^|]+ \| )(?P<sweeps>\d+ sweeps?, [\d.]+ min)(?P<rest>[^|]*\| [^|]+ \|)$",
                 re.M)
RECORDED = re.compile(r"<!-- recorded: ([^ ]+\.json) -->")


def sweeps(folder, page):
    runs = list(dict.fromkeys(RECORDED.findall(open(os.path.join(folder, page), encoding="utf-8").read())))
    if not runs:
        raise SystemExit(f"{page} records no run")
    total = sum(run_seconds(json.load(open(os.path.join(folder, run), encoding="utf-8"))["run"]) for run in runs)
    return f"{len(runs)} sweep{'s' if len(runs) > 1 else ''}, {total / 60:.1f} min"


def main(readme):
    folder = os.path.dirname(os.path.abspath(readme))
    text = open(readme, encoding="utf-8").read()
    rendered = ROW.sub(lambda m: m.group(1) + sweeps(folder, m.group("page")) + m.group("rest"), text)
    if rendered != text:
        open(readme, "w", encoding="utf-8").write(rendered)


if __name__ == "__main__":
    main(sys.argv[1])
