#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of sixteenth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/sixteenth-set.tsv` (P0W/StockPrediction's
# snapshot is a work tree, /work/.mirror/P0W+StockPrediction/repo/.git: point MIRROR at a folder
# whose <owner>+<name>/repo links to each snapshot's git directory, see sixteenth-set-notes.md).
# Debian packages: none installed for this set. Used as they were already here: the Abseil
# headers (/usr/include/absl, open_spiel), nlohmann-json (/usr/include/nlohmann, open_spiel and
# sherpa) and the Python 3.11 headers (/usr/include/python3.11, off-belief-learning's
# torch/extension.h). Stubs: stubs/sixteenth-deps (deepmd-kit's generated version.h).
# Not provided (the units that need them do not parse; sixteenth-set-notes.md lists them):
# kaldifeat and k2 (sherpa), the Hanabi learning environment submodule (off-belief-learning),
# libnop (open_spiel's alpha_zero_torch), TensorRT's sample headers logger.h/safeCommon.h
# (yolov8_seg_tensorRT's build.cu), Unreal Engine (Libtorch-UE5), eisgenerator and kisstype
# (TorchKissAnnPostdict), and LibTorch 1.x (StockPrediction's RNNOutput and LSTMOptions::layers).
# Usage: bench/labels/sixteenth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: sixteenth-set-compdb.sh DIR}
name=sixteenth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/sixteenth-deps

# first TREE REGEX DIR: for the entries whose path matches REGEX, puts -IDIR right after the
# compiler, so that a program's own include folder wins over another program's of the same tree.
first() {
  python3 - "$dir/$1" "$2" "$3" <<'PY'
import json, os, re, sys
tree, rx, inc = sys.argv[1], re.compile(sys.argv[2]), sys.argv[3]
path = os.path.join(tree, "build", "compile_commands.json")
entries = json.load(open(path))
for e in entries:
    if rx.search(os.path.relpath(e["file"], tree)):
        e["arguments"].insert(1, "-I" + inc)
json.dump(entries, open(path, "w"), indent=1)
PY
}

t=George-Hotz+yolov8_seg_tensorRT
# CMakeLists.txt: src/ and src/utils/, OpenCV and TensorRT (stubs/opencv, stubs/tensorrt), gflags
# (stubs/gflags); the OpenCV functions and TensorRT sample BufferManager the units use beyond
# those stubs (and <cassert>) from stubs/sixteenth-deps/only-george/george-extras.h, forced in.
# build.cu also needs TensorRT's sample headers logger.h and safeCommon.h (not stubbed);
# yolo_infer.cpp includes OpenCV's dnn header without using it (an empty stub, only-george).
db $t -std=c++17 -I"$dir/$t/src" -I"$dir/$t/src/utils" -isystem "$only/only-george" \
  -include "$only/only-george/george-extras.h"

t=k2-fsa+sherpa
# Includes are relative to the tree root; nlohmann-json from Debian. kaldifeat and k2 (the
# feature and decoding libraries, fetched by CMake) are not here.
db $t -std=c++17 -I"$dir/$t"
keep $t '^sherpa/(cpp_api/(online-recognizer|offline-recognizer)|csrc/(voice-activity-detector(-impl)?|silero-vad-model|sherpa-vad|speaker-embedding-extractor(-impl)?|offline-transducer-modified-beam-search-decoder|offline-conformer-transducer-model))\.cc$'

t=nanoporetech+dorado
# Includes are relative to dorado/ and to the include/ folders (added by make-compdb.py);
# spdlog from stubs/spdlog; C++20 (std::span) and DORADO_CUDA_BUILD as its CMake sets them on
# Linux with CUDA. Kept: the labelled units and one unit that includes gpu_profiling.h (the
# whole tree is 600 units).
db $t -std=c++20 -I"$dir/$t/dorado" -DDORADO_CUDA_BUILD=1
keep $t '^dorado/(basecall/CudaCaller|torch_utils/cuda_utils|basecall/decode/CUDADecoder)\.cpp$'

t=google-deepmind+open_spiel
# open_spiel includes Abseil and nlohmann-json through its own submodule paths
# (open_spiel/abseil-cpp/absl/..., open_spiel/json/include/nlohmann/...): linked to the Debian
# headers here, in the checkout, not in the repository. libnop (alpha_zero_torch) is not here.
ln -sfn /usr/include "$dir/$t/open_spiel/abseil-cpp"
mkdir -p "$dir/$t/open_spiel/json"
ln -sfn /usr/include "$dir/$t/open_spiel/json/include"
db $t -std=c++17 -I"$dir/$t"
keep $t '^open_spiel/algorithms/(dqn_torch/(dqn|simple_nets)|alpha_zero_torch/(vpnet|model))\.cc$'

t=facebookresearch+off-belief-learning
# Includes relative to the tree root; torch/extension.h needs Python.h (Debian's 3.11 headers).
# The hanabi-learning-environment submodule (rlcc's game) is not in the snapshot.
db $t -std=c++17 -I"$dir/$t" -isystem /usr/include/python3.11
keep $t '^(rela/(batch_runner|context|transition)|rlcc/(r2d2_actor|utils))\.cc$'

t=deepmodeling+deepmd-kit
# source/api_cc/include and source/lib/include (added by make-compdb.py); version.h is generated
# by CMake from version.h.in (a stub with empty strings in stubs/sixteenth-deps/only-deepmd);
# GOOGLE_CUDA and BUILD_PYTORCH as the CUDA PyTorch build sets them. Kept: the labelled units,
# one unit that includes gpu_cuda.h (neighbor_list.cc) and one that includes
# dpa1_graph_compress_tuning.h (through dpa1_graph_compress_kernel.cuh).
db $t -std=c++17 -isystem "$only/only-deepmd" -DGOOGLE_CUDA=1 -DBUILD_PYTORCH=1
keep $t '^source/(api_cc/src/(DeepPotPT|DeepSpinPT)\.cc|lib/src/neighbor_list\.cc|op/pt/dpa1_graph_compress_c8\.cu)$'

t=LifesLight+AlphaGomoku
# One program, src/ (added by make-compdb.py).
db $t -std=c++17

t=P0W+StockPrediction
# One program at the tree root, written for LibTorch 1.2 (torch::nn::RNNOutput,
# LSTMOptions::layers/with_bias): the model and trainer units do not parse with LibTorch 2.
db $t -std=c++17

t=emptysoal+TensorRT-YOLOv8-ByteTrack
# Two programs: yolo/ (a library with yolo/include and yolo/plugin) and tensorrtx-yolov8/ (the
# tensorrtx example with its own include/ and plugin/), both with headers of the same names
# (config.h, preprocess.h): each unit gets its own program's include folder first. TensorRT
# and OpenCV from the stubs; ByteTrack (Eigen) is not labelled and not kept.
db $t -std=c++17 -I"$dir/$t/yolo/plugin" -I"$dir/$t/tensorrtx-yolov8/plugin"
keep $t '^(yolo/(src/[^/]*|main)|tensorrtx-yolov8/(src/[^/]*|main))\.(cpp|cu)$'
first $t '^yolo/' "$dir/$t/yolo/include"
first $t '^tensorrtx-yolov8/' "$dir/$t/tensorrtx-yolov8/include"

t=Sanaxen+cpp_torch
# A header library (cpp_torch/include) with example and test programs; the tree also carries old
# torchvision sources (libtorch/), not kept. OpenCV from stubs/opencv. Kept: the programs of the
# labelled lines (libtorch_utils.h's network_torch is a template, instantiated by them).
db $t -std=c++17 -I"$dir/$t/cpp_torch/include"
keep $t '^cpp_torch/(example/(MNIST/mnist|DCGAN/dcgan|DCGAN/dcgan_generate_test|SUPER_RESOLUTION_ESPCN/super_resolution_espcn(_test)?|mnist_libtorch_version/mnist)|test/mnist2/mnist)\.cpp$'

t=siddharth9820+MoDNN
# Makefile-free CUDA program (nvcc main.cu with the layer folders); cuDNN and cuBLAS from the
# CUDA toolkit's headers.
db $t -std=c++17 -I"$dir/$t"
keep $t '^(main|network|layers/[^/]*|vmm/vmm|data_core/data_loader|trainer/[^/]*)\.(cu|cpp)$'

t=chongdashu+Libtorch-UE5
# An Unreal Engine 5 plugin: its units include CoreMinimal.h and the engine's generated
# headers, which are not here; kept for the record (they do not parse).
db $t -std=c++17
keep $t '^Source/Atum/Private/Models/Llama/[^/]*\.cpp$'

t=EIS-KISS+TorchKissAnnPostdict
# CMake program: src/ and its folders; eisgenerator and kisstype (the authors' EIS libraries)
# are not here, so the units that include them do not parse.
s=$dir/$t/src
db $t -std=c++17 -I"$s" -I"$s/utils" -I"$s/data" -I"$s/ann" -I"$s/gan"
keep $t '^src/(inference/inference|gan/gan|ann/(classification|regression)|test/test)\.cpp$'
