#!/usr/bin/env python3
"""Usage: check-rules.py SARIF LIST_CHECKS_OUTPUT DOCS_DIR

Checks the rule table compiled into gpuleak (generated from the docs pages by
tool/gpuleak/gen-check-docs.py into CheckDocs.cpp), as
written into SARIF, against:
  - the gpuleak-* checks the module registers (the output of
    `clang-tidy --load=<plugin> -checks='-*,gpuleak-*' --list-checks`):
    one rule per check, same names;
  - docs/checks/<name>.md: where the page exists, the rule's short
    description is its first sentence (the first paragraph after the title,
    up to the first '.' followed by a space or the end).
Prints each mismatch and exits 1 if there is one.
"""
import json
import os
import re
import sys


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tool", "gpuleak"))
first_sentence = __import__("gen-check-docs").first_sentence


sarif, listing, docs = sys.argv[1:4]
rules = json.load(open(sarif))["runs"][0]["tool"]["driver"]["rules"]
registered = sorted(set(re.findall(r"\bgpuleak-[a-z0-9-]+", open(listing).read())))
errors = []
ids = [r["id"] for r in rules]
if ids != registered:
    errors.append("rules %s != registered checks %s" % (ids, registered))
compared = 0
for r in rules:
    short = r["id"][len("gpuleak-"):]
    if not r["helpUri"].endswith("/" + short + ".md"):
        errors.append("%s: helpUri %s" % (r["id"], r["helpUri"]))
    page = os.path.join(docs, short + ".md")
    if os.path.exists(page):
        compared += 1
        want = first_sentence(page)
        if r["shortDescription"]["text"] != want:
            errors.append("%s: shortDescription %r != first sentence of %s: %r"
                          % (r["id"], r["shortDescription"]["text"], page, want))
for e in errors:
    print("error: " + e)
print("%d rules, %d compared with docs pages" % (len(rules), compared))
sys.exit(1 if errors else 0)
