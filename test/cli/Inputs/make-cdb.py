#!/usr/bin/env python3
"""Usage: make-cdb.py NAME DIR

Writes DIR/compile_commands.json from Inputs/project/NAME.json.in with
@PROJECT@ replaced by the absolute path of Inputs/project, @MOCKS@ by the
mock LibTorch headers (test/Inputs), @OUT@ by DIR and @CUDA@ by the CUDA toolkit
($GPULEAK_CUDA_DIR, default /usr/local/cuda). Compile databases need absolute paths,
and the checkout can be anywhere.
"""
import os
import sys

name, out = sys.argv[1], sys.argv[2]
inputs = os.path.dirname(os.path.abspath(__file__))
project = os.path.join(inputs, "project")
mocks = os.path.normpath(os.path.join(inputs, "..", "..", "Inputs"))
text = open(os.path.join(project, name + ".json.in")).read()
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "compile_commands.json"), "w") as f:
    cuda = os.environ.get("GPULEAK_CUDA_DIR", "/usr/local/cuda")
    f.write(text.replace("@PROJECT@", project).replace("@MOCKS@", mocks)
            .replace("@CUDA@", cuda).replace("@OUT@", os.path.abspath(out)))
