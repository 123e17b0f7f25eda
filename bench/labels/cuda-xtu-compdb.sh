#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of cuda-xtu-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one). Run
# it after `bench/labels/checkout.sh DIR bench/labels/cuda-xtu-set.tsv`.
# Usage: bench/labels/cuda-xtu-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: cuda-xtu-compdb.sh DIR}
name=cuda-xtu-compdb
source "$(dirname "$0")/compdb-lib.sh"

t=ml-explore+mlx
# mlx includes its headers from the tree's root ("mlx/api.h"); fmt is installed here. The
# CUDA backend only (its CMake builds mlx/backend/cuda/*.cpp and *.cu with the rest of mlx).
db $t -I"$dir/$t" -std=c++20
keep $t '^mlx/(backend/cuda/[^/]+\.(cpp|cu)|[^/]+\.cpp)$'
# make-compdb.py adds every folder holding headers with -I: mlx/backend/cuda/cuda.h would
# then stand for the toolkit's <cuda.h>. mlx includes its headers by their full path.
python3 - "$dir/$t/build/compile_commands.json" <<'PY'
import json, sys
path = sys.argv[1]
entries = json.load(open(path))
for e in entries:
    e["arguments"] = [a for a in e["arguments"]
                      if not (a.startswith("-I") and not a.endswith("ml-explore+mlx"))]
json.dump(entries, open(path, "w"), indent=1)
PY

t=rgl-epfl+cholespy
# CMake: src/*.cpp with SuiteSparse's CHOLMOD (stubs/cholmod) and the driver API loaded at
# run time through function pointers (src/cuda_driver.h declares them).
db $t -I"$dir/$t/src"
keep $t '^src/[^/]+\.cpp$'

t=sacabench+sacabench
# cuda/*.cu include CUB through the external/cub submodule, which the snapshot lacks: a
# forwarding header to CUDA 13's own CUB stands in for it (written into the checkout only).
mkdir -p "$dir/$t/external/cub/cub"
echo '#include <cub/cub.cuh>' >"$dir/$t/external/cub/cub/cub.cuh"
db $t -I"$dir/$t/cuda" -I"$dir/$t"
keep $t '^cuda/[^/]+\.cu$'

t=Kitware+kwiver
# arrows/cuda only; the vital headers it includes need CMake-generated export headers that
# are not here, so its one unit does not parse (its label is counted as not analysed).
db $t -I"$dir/$t" -I"$dir/$t/arrows/cuda"
keep $t '^arrows/cuda/[^/]+\.(cxx|cu)$'

t=Hadenir+gpgpu
db $t -I"$dir/$t/raytracer/src" -I"$dir/$t/raytracer/thirdparty/glad" -I"$dir/$t/raytracer/thirdparty/glfw3/include"
keep $t '^raytracer/src/'

t=irfanalimd+qf-cuda-toolkit
# CMake: src/*.cu and src/*.cpp with include/ (stb_image in it); build/ holds a committed
# Visual Studio build tree, whose CMake probe sources are left out.
db $t -I"$dir/$t/include"
keep $t '^src/'
