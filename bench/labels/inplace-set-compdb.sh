#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of inplace-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one). The
# flags come from the trees' CMake files; stubs/inplace-deps holds what is not installed
# here. Run it after `bench/labels/checkout.sh DIR bench/labels/inplace-set.tsv`.
# Usage: bench/labels/inplace-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: inplace-set-compdb.sh DIR}
name=inplace-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/inplace-deps

t=wty-yy+cpprl
# CMakeLists.txt: C++17, env/ and include/ public; the one program is `train`
# (ppo_atari.cpp). ALE, SDL2 and tensorboard_logger are stubs; OpenCV is installed.
db $t -I"$dir/$t/env" -I"$dir/$t/include" "${opencv[@]}" -isystem "$only/only-cpprl"
keep $t '^ppo_atari\.cpp$'

t=behzadhaki+Groove2DrumVST
# A JUCE plugin (CMake, C++17). JUCE is not here: only the model API units, which use
# LibTorch and DBG() alone, are kept; the processor threads that call them need JUCE.
db $t -isystem "$only/only-groove"
keep $t '^Groove2Drum/Groove2Drum/Source/Model/'

t=Jacob-Chmura+tgn.cpp
# CMakeLists.txt: C++20, include/ public and src/ private; the library (src/) and the
# two example programs that train and evaluate it.
db $t -std=c++20 -I"$dir/$t/include" -I"$dir/$t/src" -I"$dir/$t/examples"
keep $t '^(src|examples)/'
