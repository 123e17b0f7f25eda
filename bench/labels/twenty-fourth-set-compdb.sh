#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of twenty-fourth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
#
# thammegowda/tahoma has labels at two commits; checkout.sh lays out one commit per repository
# directory, so the set is laid out twice:
#   A = every repository, tahoma at 04ae5d9;  B = tahoma at f9a5e57 (the parent of the fix):
#   T=bench/labels/twenty-fourth-set.tsv; H=$(head -1 $T)
#   (echo "$H"; tail -n +2 $T | grep -v f9a5e5788c9e) > A.tsv
#   (echo "$H"; tail -n +2 $T | grep f9a5e5788c9e) > B.tsv
#   bench/labels/checkout.sh DIR A.tsv; bench/labels/checkout.sh DIR/B B.tsv
#   bench/labels/twenty-fourth-set-compdb.sh DIR; bench/labels/twenty-fourth-set-compdb.sh DIR/B
# checkout.sh stops at halimarefat/torchFOAM: its snapshot lacks large case files, and its
# OpenFOAM-style sources (.C/.H) match none of the fallback's source extensions; this script
# lays out the one folder the labels need (nnTraining/) from the snapshot, so run checkout.sh
# once more with the rows of the repositories after it (isri-aist, nathanwbrei, thammegowda)
# if they are missing.
#
# Debian packages installed with apt-get for this set: libeigen3-dev (RAFT_Libtorch, RAFT_CPP,
# DataDrivenMPC), libsentencepiece-dev (tahoma); glog, boost, nlohmann-json, yaml-cpp and
# zlib were already there.
# Absent libraries are declared in stubs/twenty-fourth-deps/only-<name> (declarations only; its
# README lists them): no stub decides a label.
# The databases keep the labelled units and the units the labels' reasons lean on.
# Usage: bench/labels/twenty-fourth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: twenty-fourth-set-compdb.sh DIR}
name=twenty-fourth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/twenty-fourth-deps
mirror=${MIRROR:-/work/.mirror}

have() { [[ -d $dir/$1 ]]; }

# add TREE WRAPPER SOURCE FLAGS...: a database entry for a source whose extension
# score-labels.py does not take as a translation unit (OpenFOAM's .C): a one-line unit
# that includes it, so the file is analysed as that unit's header (its findings keep its path).
add_wrapped() {
  local tree=$dir/$1 wrap=$2 src=$3
  shift 3
  mkdir -p "$(dirname "$tree/$wrap")"
  printf '#include "%s"\n' "$tree/$src" > "$tree/$wrap"
  python3 - "$tree" "$wrap" "$@" <<'PY'
import json, os, sys
tree, wrap, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
path = os.path.join(tree, "build", "compile_commands.json")
entries = json.load(open(path)) if os.path.isfile(path) else []
root = os.environ["LBL_ROOT"]
torch_inc = os.path.join(root, ".cache", "libtorch", "include")
args = ["/usr/lib/llvm-22/bin/clang++", "-std=c++17", "-isystem", torch_inc,
        "-isystem", os.path.join(torch_inc, "torch", "csrc", "api", "include"),
        "-isystem", "/usr/local/cuda/include", "-isystem", "/usr/local/cuda/include/cccl"] + flags
full = os.path.join(tree, wrap)
entries.append({"directory": os.path.dirname(full), "file": full, "arguments": args + ["-c", full]})
os.makedirs(os.path.dirname(path), exist_ok=True)
json.dump(entries, open(path, "w"), indent=1)
PY
}
export LBL_ROOT=$root

t=chenjianqu+RAFT_Libtorch
if have $t; then
  # CMake: C++17, OpenCV, Torch; main.cpp includes "src/..." from RAFT/. utils.h includes
  # <eigen3/Eigen/Dense> (libeigen3-dev), <spdlog/logger.h> and <NvInfer.h> (stubs).
  db $t -std=c++17 -isystem "$only/only-raft" -I"$dir/$t/RAFT" -I"$dir/$t/RAFT/src" "${opencv[@]}"
  keep $t '^RAFT/(main|src/(RAFT_Torch|Pipeline|Visualization|utils))\.cpp$'
fi

t=chenjianqu+RAFT_CPP
if have $t; then
  # CMake: C++17, TensorRT 7/8 (implicit-batch enqueue, binding indices), CUDA runtime, OpenCV;
  # the TensorRT sample logger (logger.h, logging.h, common.h) is in RAFT/src. The API RAFT.cpp
  # calls is declared in only-tensorrt7, searched before the shared tensorrt stub.
  db $t -std=c++17 -isystem "$only/only-raft" -isystem "$only/only-tensorrt7" -I"$dir/$t/RAFT" -I"$dir/$t/RAFT/src" "${opencv[@]}"
  keep $t '^RAFT/(main|src/(RAFT|Pipeline|utils|Config|Visualization))\.cpp$'
fi

tahoma() {  # the 2024-12 layout (commits f9a5e57, 04ae5d9): include/ and src/
  # CMake: C++23 (size_t literals 0z), include/ is the include root; libs/ submodules absent:
  # sentencepiece and yaml-cpp from Debian, spdlog and fmt declared in only-tahoma.
  db $1 -std=c++23 -isystem "$only/only-tahoma" -I"$dir/$1/include"
  keep $1 '^src/(inference/(predictor|decoder)|train/(trainer|loss_computer|stats_counter)|model/mt5)\.cpp$'
}
t=thammegowda+tahoma
if have $t; then tahoma $t; fi

t=devymex+cpptorch
if have $t; then
  # CMake: C++17, OpenCV, glog, Boost (filesystem, regex); src/ holds json.hpp.
  db $t -std=c++17 "${opencv[@]}"
  keep $t '^src/(main|models/[^/]*|loss_functions/[^/]*|data_loaders/batch_loader)\.cpp$'
fi

t=TheophileChampion+ReLab
if have $t; then
  # CMake: C++17, relab/cpp/include is the include root (agents/..., helpers/...), zlib.
  # Its headers include torch/extension.h, which needs Python.h (python3.11-dev is installed).
  db $t -std=c++17 -I"$dir/$t/relab/cpp/include" -isystem /usr/include/python3.11
  keep $t '^relab/cpp/src/agents/memory/(frame_storage|frame_buffer|replay_buffer|compressors|data_buffer|priority_tree)\.cpp$'
fi

t=isri-aist+DataDrivenMPC
if have $t; then
  # catkin package: include/ holds DDMPC/*.h; Eigen from Debian. Training.cpp uses
  # std::ofstream without including <fstream> (it arrives through ROS headers in the catkin
  # build): <fstream> is force-included.
  db $t -std=c++17 -I"$dir/$t/include" -isystem /usr/include/eigen3 -include fstream
  keep $t '^src/(Training|StateEq|Dataset|TorchUtils)\.cpp$'
fi

t=nathanwbrei+phasm
if have $t; then
  # CMake: surrogate/include and torch_plugin/include are the include roots.
  db $t -std=c++17 -I"$dir/$t/surrogate/include" -I"$dir/$t/torch_plugin/include"
  keep $t '^(torch_plugin/src/[^/]*|surrogate/src/[^/]*)\.(cpp|cc)$'
fi

t=halimarefat+torchFOAM
if have $t; then
  # nnTraining/ is a standalone LibTorch program (no OpenFOAM); lay it out from the snapshot
  # when checkout.sh did not (see above), then add its .C through a wrapper unit.
  if [[ ! -f $dir/$t/nnTraining/nnTraining.C ]]; then
    g=$mirror/$t/repo; [[ -d $g/.git ]] && g=$g/.git
    c=$(awk -F'\t' '$1=="halimarefat/torchFOAM"{print $2; exit}' "$here/twenty-fourth-set.tsv")
    git --git-dir="$g" archive --prefix=nnTraining/ "$c:nnTraining" | tar -x -C "$dir/$t"
  fi
  rm -f "$dir/$t/build/compile_commands.json"
  add_wrapped $t gpuleak-wrap/nnTraining_C.cpp nnTraining/nnTraining.C -I"$dir/$t/nnTraining" "${stubs[@]}"
fi
