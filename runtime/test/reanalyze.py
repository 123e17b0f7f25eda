#!/usr/bin/env python3
"""Re-analyzes a GPU run's reports with the current analysis code.

  reanalyze.py SNAPSHOT_REPORT_TOOL RES_DIR OUT_DIR

For each RES_DIR/<id>.json written by the runtime verifier, recomputes the
evidence and coverage from its pickled snapshot(s) with
gpuleak-snapshot-report, and the loop growth verdict from its recorded step
series (intervals before the first allocation dropped, as the sampler now
does), keeping everything else as recorded. Used when the analysis changed
after a GPU run, so the recorded data (not a new run) gives the table.
"""
import json
import os
import subprocess
import sys


def main():
    tool, res, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    for name in sorted(os.listdir(res)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(res, name)) as f:
            report = json.load(f)
        evidence, coverage, unattributed = [], [], 0
        for snap in report.get("snapshots", []):
            path = os.path.join(res, snap)
            if not os.path.exists(path):
                continue
            p = subprocess.run([tool, path], capture_output=True, text=True)
            if p.returncode != 0:
                print(f"{name}: {p.stderr.strip()}", file=sys.stderr)
                continue
            r = json.loads(p.stdout)
            evidence += r["evidence"]
            coverage += r["coverage"]
            unattributed += r["unattributed_bytes"]
        if report.get("snapshots") and not os.path.exists(os.path.join(res, report["snapshots"][0])):
            report["reanalyzed"] = "snapshot not brought back; evidence as recorded"
        else:
            report["evidence"], report["coverage"] = evidence, coverage
            report["unattributed_bytes"] = unattributed
            report["reanalyzed"] = "evidence recomputed from the snapshot by gpuleak-snapshot-report"
        warmup = report["settings"]["warmup_steps"]
        if report["mode"] == "sampling":
            warmup = 10
        for loop in report["loops"]:
            series = [s["allocated"] for s in loop["steps"]]
            while series and series[0] == 0:
                series.pop(0)
            if not series:
                continue
            p = subprocess.run([tool, "--series", ",".join(map(str, series)), str(warmup)],
                               capture_output=True, text=True)
            verdict, rate = p.stdout.split()
            loop["growth"] = {"detected": verdict == "growth", "first_step": -1,
                              "bytes_per_step": float(rate) if verdict == "growth" else 0.0}
        with open(os.path.join(out, name), "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
