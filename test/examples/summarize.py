#!/usr/bin/env python3
"""Usage: summarize.py FINDINGS.json

Prints one line per finding of a `gpuleak check --format=json` report,
`<file name>:<line>:<column>: <check>`, each followed by its notes
(`  note <file name>:<line>:<column>: <message>`), then `errors: <count>`.
File names only, so the expectations do not depend on where the tree is.
"""
import json
import os
import sys

report = json.load(open(sys.argv[1]))
for f in report["findings"]:
    print("%s:%d:%d: %s" % (os.path.basename(f["file"]), f["line"], f["column"], f["check"]))
    for n in f["notes"]:
        print("  note %s:%d:%d: %s" % (os.path.basename(n["file"]), n["line"], n["column"], n["message"]))
print("errors: %d" % len(report["errors"]))
