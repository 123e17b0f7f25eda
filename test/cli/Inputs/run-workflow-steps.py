#!/usr/bin/env python3
"""Usage: run-workflow-steps.py WORKFLOW JOB GPULEAK

Runs, in the working directory, each `run:` step of job JOB of the GitHub
Actions workflow WORKFLOW (or each line of the `script:` of job JOB of a
GitLab CI file) that calls $GPULEAK, with bash and GPULEAK set to the
gpuleak binary given: the workflow's own commands, as a test runs them.
Prints "$ COMMAND" and "rc=N" for each.
"""
import os
import subprocess
import sys

import yaml

workflow, job, gpuleak = sys.argv[1:4]
doc = yaml.safe_load(open(workflow))
if "jobs" in doc:  # GitHub Actions
    commands = [step.get("run", "") for step in doc["jobs"][job]["steps"]]
else:  # GitLab CI
    commands = doc[job]["script"]
env = dict(os.environ, GPULEAK=gpuleak)
for command in commands:
    if "$GPULEAK" not in command:
        continue
    print("$ " + command.strip(), flush=True)
    rc = subprocess.call(["bash", "-c", command], env=env)
    print("rc=%d" % rc, flush=True)
