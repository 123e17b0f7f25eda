#!/usr/bin/env python3
"""Usage: check-codeclimate.py REPORT SARIF

Checks a --format=codeclimate report against what GitLab's Code Quality
widget reads (docs.gitlab.com, "Code Quality report format"): a JSON array
of objects, each with a string description, check_name and fingerprint, a
severity among info, minor, major, critical and blocker, a location.path
that is relative, and a location.lines.begin that is a positive integer.
Then checks that its fingerprints are, in order, the SARIF report's
partialFingerprints of the same findings. Prints "ok: N issues" or the
first problem, and exits 1 on a problem.
"""
import json
import sys

report = json.load(open(sys.argv[1]))
sarif = json.load(open(sys.argv[2]))


def fail(why):
    print("codeclimate: " + why)
    sys.exit(1)


if not isinstance(report, list):
    fail("not a JSON array")
for i, issue in enumerate(report):
    for key in ("description", "check_name", "fingerprint"):
        if not isinstance(issue.get(key), str) or not issue[key]:
            fail("[%d].%s is not a non-empty string" % (i, key))
    if issue.get("severity") not in ("info", "minor", "major", "critical", "blocker"):
        fail("[%d].severity is %r" % (i, issue.get("severity")))
    location = issue.get("location", {})
    if not isinstance(location.get("path"), str) or location["path"].startswith("/"):
        fail("[%d].location.path is not a relative path" % i)
    begin = location.get("lines", {}).get("begin")
    if not isinstance(begin, int) or begin < 1:
        fail("[%d].location.lines.begin is %r" % (i, begin))
results = sarif["runs"][0]["results"]
expected = [r["partialFingerprints"]["gpuleakFingerprint/v1"] for r in results]
actual = [issue["fingerprint"] for issue in report]
if expected != actual:
    fail("fingerprints %s differ from the SARIF ones %s" % (actual, expected))
print("ok: %d issues" % len(report))
