#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of eleventh-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/eleventh-set.tsv`.
# Usage: bench/labels/eleventh-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: eleventh-set-compdb.sh DIR}
name=eleventh-set-compdb
source "$(dirname "$0")/compdb-lib.sh"

t=guanshaoheng+ml_cpp
# Visual Studio-style loose sources, one program per ml_cpp/<n>*.cpp (utils*.hpp beside them).
# 3load_model.cpp hands a c10::Scalar to printf's %f (MSVC accepts it; clang errs unless
# -Wno-non-pod-varargs).
db $t -std=c++17 -I"$dir/$t/ml_cpp" -Wno-non-pod-varargs
keep $t '^ml_cpp/(2train|2train_temp|3load_model)\.cpp$'

t=sanket-perception+tensorrt_torchscript_demo
# cpp_files/CMakeLists.txt: the one inference program (bev_pool is a Python extension).
db $t -std=c++17
keep $t '^cpp_files/inference\.cpp$'

t=timtakcs+tinyfish
# chess-ai/engine: the engine (board, search, TorchScript evaluator), C++17.
db $t -std=c++17 -I"$dir/$t/chess-ai/engine"
keep $t '^chess-ai/engine/[^/]*\.cpp$'
