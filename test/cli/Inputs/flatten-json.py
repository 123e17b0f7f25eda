#!/usr/bin/env python3
"""Usage: flatten-json.py FILE

Parses FILE as JSON (failing on invalid JSON) and prints one line per scalar,
`path = value`, in document order, with values as JSON, e.g.
    findings[0].notes[0].line = 19
An empty array or object prints as `path = []` / `path = {}`. Lets a test
FileCheck exact values of a report line by line.
"""
import json
import sys


def walk(path, value):
    if isinstance(value, dict):
        if not value:
            print("%s = {}" % path)
        for key, item in value.items():
            walk("%s.%s" % (path, key) if path else key, item)
    elif isinstance(value, list):
        if not value:
            print("%s = []" % path)
        for i, item in enumerate(value):
            walk("%s[%d]" % (path, i), item)
    else:
        print("%s = %s" % (path, json.dumps(value)))


with open(sys.argv[1]) as f:
    walk("", json.load(f))
