#!/usr/bin/env python3
"""Usage: run-configure-step.py WORKFLOW JOB

Runs, in the working directory, the step of job JOB of the GitHub Actions
workflow WORKFLOW (or the line of the `before_script:` of job JOB of a
GitLab CI file) that configures the user's project (`cmake -S . -B
build`), with bash, the job's own `env:` (GitHub) or `variables:` (GitLab)
and nothing else of this machine's environment: the PATH of a debian:12
container (/usr/sbin:/usr/bin:/sbin:/bin), on which NVIDIA's CUDA packages
put no nvcc. Prints "$ COMMAND", cmake's line naming the CUDA compiler
(or its error), and "rc=N".
"""
import subprocess
import sys

import yaml

workflow, job = sys.argv[1:3]
doc = yaml.safe_load(open(workflow))
if "jobs" in doc:  # GitHub Actions
    commands = [step.get("run", "") for step in doc["jobs"][job]["steps"]]
    job_env = doc["jobs"][job].get("env", {})
else:  # GitLab CI
    commands = doc[job]["before_script"]
    job_env = doc[job].get("variables", {})
env = {"HOME": "/tmp", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}
env.update({k: str(v) for k, v in job_env.items()})
for command in commands:
    if not command.strip().startswith("cmake -S . -B build"):
        continue
    print("$ " + command.strip(), flush=True)
    p = subprocess.run(["bash", "-c", command], env=env, capture_output=True,
                       text=True)
    for line in (p.stdout + p.stderr).splitlines():
        if "CUDA compiler identification" in line or "CMake Error" in line:
            print(line, flush=True)
    print("rc=%d" % p.returncode, flush=True)
