#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of twenty-second-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
#   bench/labels/checkout.sh DIR bench/labels/twenty-second-set.tsv
#   bench/labels/twenty-second-set-compdb.sh DIR
# Every repository has one commit in this set, so one folder holds them all.
#
# Debian packages installed with apt-get for this set: nlohmann-json3-dev (alpha_chess) and
# libtomlplusplus-dev (simple_yolo); libeigen3-dev, libyaml-cpp-dev, libjpeg-dev, libopencv-dev
# and protobuf were already there. CUDA 13's headers (Thrust, cuDNN, cuBLAS, cuRAND) are real.
# Absent libraries are declared in stubs/twenty-second-deps/only-<name> (declarations, forwarding
# or empty headers; its README lists them): no stub decides a label.
# The databases keep the labelled units and the units the labels' reasons lean on (callers and
# callees, per twenty-second-set-notes.md) that parse; separate programs of a tree that need
# libraries not here (Qt GUIs, pybind11 bindings, a cudnn_frontend demo, TensorRT plugins) are
# left out with `keep`.
# Usage: bench/labels/twenty-second-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: twenty-second-set-compdb.sh DIR}
name=twenty-second-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/twenty-second-deps

have() { [[ -d $dir/$1 ]]; }

# cuflags TREE REGEX FLAGS...: adds FLAGS (before -c) to the entries whose path matches REGEX.
cuflags() {
  python3 - "$dir/$1" "$2" "${@:3}" <<'PY'
import json, os, re, sys
tree, rx, flags = sys.argv[1], re.compile(sys.argv[2]), sys.argv[3:]
path = os.path.join(tree, "build", "compile_commands.json")
entries = json.load(open(path))
for e in entries:
    if rx.search(os.path.relpath(e["file"], tree)):
        i = e["arguments"].index("-c")
        e["arguments"][i:i] = flags
json.dump(entries, open(path, "w"), indent=1)
PY
}

t=typsoon+AlphaZero
if have $t; then
  # CMake: each engine/<part> folder is an include folder (target_include_directories); the
  # pybind11 modules (bindings.cpp) and the HTTP inference server are other programs.
  e=$dir/$t/engine
  db $t -std=c++17 -I"$e" -I"$e/game" -I"$e/inference" -I"$e/mcts" -I"$e/utils"
  keep $t '^(engine/(game|inference|mcts|utils)/[^/]*|training/self_play)\.cpp$'
fi

t=reesque+RLLoadBalancer
if have $t; then
  # CMake: C++20 (std::ranges in the schedulers); QLAgent.cpp (tabular agent, unlabelled) uses
  # std::stringstream without including <sstream> and is left out.
  db $t -std=c++20
  keep $t '^(Agent/(DQNAgent|DPAgent|FFN|QLearningAgent|RandomAgent|ReplayBuffer)|DecayScheduler/[^/]*|Environment/[^/]*|Utils/[^/]*|main)\.cpp$'
fi

t=LCH1238+bevdet-tensorrt-cpp
if have $t; then
  # CMake defines __HAVE_NVJPEG__ when libnvjpeg is found (nvjpeg.h, absent here, declared in
  # only-nvjpeg); the TensorRT 8.5 binding API in only-trt (on -I ahead of stubs/tensorrt).
  # common.h's `#define NUM_THREADS 64` breaks CUDA 13's cub templates, which name a template
  # parameter NUM_THREADS (the CUDA 11 Thrust it was written for did not): the .cu units get
  # Thrust's headers force-included, ahead of the macro.
  db $t -std=c++17 -D__HAVE_NVJPEG__ -I"$only/only-trt" -isystem /usr/include/eigen3 \
    -isystem "$only/only-nvjpeg"
  cuflags $t '\.cu$' -include thrust/sort.h -include thrust/device_vector.h -include thrust/count.h \
    -include thrust/gather.h -include thrust/sequence.h -include thrust/transform.h
  keep $t '^(demo_bevdet\.cpp|src/[^/]*\.(cpp|cu))$'
fi

t=cyrusbehr+tensorrt-cpp-api
if have $t; then
  # CMake: include, include/interfaces; TensorRT 10's named-tensor API and NvOnnxParser.h in
  # only-trt; OpenCV's CUDA modules (the installed OpenCV has none) in only-opencvcuda.
  db $t -std=c++17 -I"$only/only-trt" "${opencv[@]}" -isystem "$only/only-opencvcuda" \
    -I"$dir/$t/include" -I"$dir/$t/include/interfaces" -I"$dir/$t/src"
fi

t=tsyhahaha+CUDA-NN
if have $t; then
  # The library and its programs under CUDA-NN/; base/ holds separate kernel benchmarks.
  # src/test.cu and src/common/configure.cu (cudaDeviceProp::memoryClockRate, gone in CUDA 13)
  # do not parse and hold no label.
  db $t -std=c++17
  keep $t '^CUDA-NN/(?!src/test\.cu$|src/common/configure\.cu$)'
fi

t=machingclee+2023-01-12-DGGAN-in-pytorch-cpp-and-CMake-practice
if have $t; then
  # Three separate programs; only pymodel_to_cpp is labelled (opencv_and_torch needs Windows.h).
  db $t -std=c++17 "${opencv[@]}"
  keep $t '^pymodel_to_cpp/'
fi

t=Bence675+alpha_chess
if have $t; then
  # CMake: C++20, every src/<part> folder and include/ (the chess move generator) on the path;
  # <format> (included, unused, by src/MCTS/node.cpp; libstdc++ 12 has none) empty in
  # only-alphachess.
  s=$dir/$t/src
  db $t -std=c++20 -I"$s/args" -I"$s/config" -I"$s/dataset" -I"$s/logger" -I"$s/model" \
    -I"$s/MCTS" -I"$s/trainer" -I"$s/utils" -I"$dir/$t/include" -isystem "$only/only-alphachess"
  # logger.cpp, utils/random.cpp and utils/string_utils.cpp do not parse (functions that their
  # headers already define; a time_point streamed with operator<<, C++20 library not here).
  keep $t '^src/(main\.cpp|(args|config|dataset|model|MCTS|trainer)/[^/]*\.cpp|utils/board_utils\.cpp)$'
fi

t=cyrillkuettel+Libtorch-MobileSAM-Example
if have $t; then
  # visualize.cpp (drawing; uses std::filesystem without <filesystem>) is left out.
  db $t -std=c++17 "${opencv[@]}"
  keep $t '^example-app/(example_main|mobile_sam|predictor|resize_longest_size|yolo)\.cpp$'
fi

t=Nebula4869+YOLOv5-LibTorch
if have $t; then
  db $t -std=c++17 "${opencv[@]}"
fi

t=myatmyintzuthin+libtorch-inference
if have $t; then
  # p-ranav/argparse (a CMake FetchContent dependency) declared in only-argparse.
  db $t -std=c++17 "${opencv[@]}" -I"$only/only-argparse"
fi

t=MAhaitao999+LibTorch-Inference
if have $t; then
  db $t -std=c++17 "${opencv[@]}"
fi

t=jiku100+yolov5-libtorch
if have $t; then
  # old/ is an earlier version of the same program.
  db $t -std=c++17 "${opencv[@]}"
  keep $t '^src/'
fi

t=DVA490-474-Project-Course+centralised-ai
if have $t; then
  # CMake: C++20; protoc's *.pb.h (generated at build time from src/*/proto) declared in
  # only-centralisedai, reached through the headers' "../ssl-interface/generated/..." and
  # "../simulation-interface/generated/..." includes from only-centralisedai/ssl-interface.
  # evaluation.cc (matplotlib-cpp) and main.cc, which includes it, are left out.
  db $t -std=c++20 -I"$only/only-centralisedai/ssl-interface"
  keep $t '^src/collective-robot-behaviour/(mappo|network|utils|communication|reward|run_state)\.cc$'
fi

t=Encounter01+FaceSR-CPP
if have $t; then
  # The Qt GUI (main_gui.cpp, src/gui/) is another program.
  db $t -std=c++17 "${opencv[@]}"
  keep $t '^src/(trainer|inference|main_train|main_test)\.cpp$|^src/(models|utils)/'
fi

t=Aarivvk+simple_yolo
if have $t; then
  # toml++ from Debian; Matplot++'s members that DataPloter names, and LibTorch 1's
  # <c10/util/variant.h> (included, unused, by src/yolo-model.cpp), in only-simpleyolo.
  # The tree's .clang-tidy ends with a YAML document-end marker ("...") and no line break,
  # which gpuleak check before session 25 rejected ("malformed .clang-tidy: unknown key
  # '...'"); it holds only clang-tidy's own check list and an empty HeaderFilterRegex, and is
  # removed from the laid-out tree so that every build scores this tree alike.
  rm -f "$dir/$t/.clang-tidy"
  db $t -std=c++17 -I"$only/only-simpleyolo" "${opencv[@]}"
  keep $t '^src/(yolo-main|object-detector|yolo-model|yolo-dataset)\.cpp$'
fi

t=KevinLikesCodingMC+KeroshiZeroTetris
if have $t; then
  # CMake: C++20, the tree's root on the path (#include "include/ai/net.hpp").
  db $t -std=c++20 -I"$dir/$t"
  keep $t '^src/(ai|core|train)/'
fi

t=KickaStone+CUDA-NN
if have $t; then
  # main.cu and the tests need cudnn_frontend (absent); the layers and the network parse.
  db $t -std=c++17
  keep $t '^(network|conv|dense|maxpooling|kernel)\.cu$'
fi

t=mr2wei+cuda-nn-framework
if have $t; then
  db $t -std=c++17
fi

t=NNDam+TensorRT-CPP
if have $t; then
  # Only the ArcFace processor is labelled; the SCRFD/YOLOv7 programs need TensorRT plugins.
  # TensorRT 8 in only-trt (NvInferRuntimeCommon.h forwards to it); <fstream>, which
  # face_processors.cpp uses without including it (older OpenCV/TensorRT headers brought it
  # in), force-included.
  db $t -std=c++17 -I"$only/only-trt" "${opencv[@]}" -include fstream
  keep $t '^Arcface/face_processors\.cpp$'
fi
