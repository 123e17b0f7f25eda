#!/usr/bin/env python3
"""Usage: run-workflow-steps.py WORKFLOW JOB GPULEAK

Runs, in the working directory, each `run:` step of job JOB of the GitHub
Actions workflow WORKFLOW that calls $GPULEAK, with bash and GPULEAK set to
the gpuleak binary given: the workflow's own commands, as a test runs them.
Prints "$ COMMAND" and "rc=N" for each.
"""
import os
import subprocess
import sys

import yaml

workflow, job, gpuleak = sys.argv[1:4]
steps = yaml.safe_load(open(workflow))["jobs"][job]["steps"]
env = dict(os.environ, GPULEAK=gpuleak)
for step in steps:
    command = step.get("run", "")
    if "$GPULEAK" not in command:
        continue
    print("$ " + command.strip(), flush=True)
    rc = subprocess.call(["bash", "-c", command], env=env)
    print("rc=%d" % rc, flush=True)
