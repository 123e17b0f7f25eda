#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of seventeenth-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
# Run it after `bench/labels/checkout.sh DIR bench/labels/seventeenth-set.tsv`.
# Debian packages: none installed for this set (Eigen 3, SDL 2 and Python 3's headers were
# already here). Absent libraries whose names the labelled files use are declared in
# stubs/seventeenth-deps/only-<tree> (declarations only; no stub decides a label).
# Usage: bench/labels/seventeenth-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: seventeenth-set-compdb.sh DIR}
name=seventeenth-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/seventeenth-deps

iquote() {  # iquote TREE REL: turn make-compdb.py's -I TREE/REL into -iquote (a tree's own
  # header shadows a system one of the same name, e.g. poker_ppo's include/features.h)
  python3 - "$dir/$1" "$2" <<'PY'
import json, os, sys
tree, rel = sys.argv[1], sys.argv[2]
path = os.path.join(tree, "build", "compile_commands.json")
flag = "-I" + os.path.join(tree, rel)
entries = json.load(open(path))
for e in entries:
    args = []
    for a in e["arguments"]:
        args += ["-iquote", a[2:]] if a == flag else [a]
    e["arguments"] = args
json.dump(entries, open(path, "w"), indent=1)
PY
}

# Trees that parse with make-compdb.py's defaults (their include/, inc/ and src/ folders):
# CUDA programs and libraries, small LibTorch programs.
for t in sudharshan1234+Llama-Cuda bennewehn+tensorlib SurajAralihalli+suraj-cuda \
         FILALIHicham+seam-carving-cuda knightron0+lattice jExbrayat+neural-network-gp-gpu \
         hyanquiv+MLP-CUDA Ion25+dqn_con_libtorch ahmet-f-gumustas+Pytorch-Cpp hijkzzz+alpha-zero-gomoku; do
  db $t -std=c++17
done

# Larger trees: the database keeps the labelled units, the units that include the labelled
# headers and the units the labels' reasons lean on (callers and callees), so that the scorer
# (which analyses every unit of a database of at most 40) stays within the session's time on a
# shared machine; the facts about the labelled lines come from those units.
t=SurajAralihalli+suraj-cuda
db $t -std=c++17
keep $t '^examples/(RAII/variableOn(Heap|Stack)\.cpp|add/vectors/CudaVectorTemplateUnifiedMem\.cu|cudaMallocManaged/vector_mul\.cu|streams/(interleave|parallel)\.cu)$'

t=jExbrayat+neural-network-gp-gpu
db $t -std=c++17
keep $t '^src/(cuda_utils|cuda_members|gradient_descent)\.cu$'

t=trieck+pixienn
# CMake defines USE_CUDA for the CUDA build (the CUDA vector, allocator and descriptors are
# under #ifdef USE_CUDA); cuDNN's headers come with the CUDA toolkit here. Units kept: those
# that reach PxTensor.h, Cudnn.h and Cublas.h through the CUDA layers.
# The TensorBoard event messages (include "event.pb.h") are generated from the tree's proto/ by
# protoc, as its CMake does (protoc and libprotobuf-dev were already installed); OpenCV 3's
# opencv2/imgproc/types_c.h is stubbed in only-pixienn.
mkdir -p "$dir/$t/build/proto"
protoc --cpp_out="$dir/$t/build/proto" -I"$dir/$t/proto" "$dir/$t"/proto/*.proto
# The generated code must see the system protobuf headers that match protoc, not the older copy
# bundled with LibTorch (searched first as -isystem): a -I folder holding a link to them.
mkdir -p "$dir/$t/build/protobuf-include"
ln -sfn /usr/include/google "$dir/$t/build/protobuf-include/google"
db $t -std=c++17 -DUSE_CUDA -I"$dir/$t/build/protobuf-include" -I"$dir/$t/build/proto" -isystem "$only/only-pixienn"
keep $t '^src/(Model|Layer|Gemm)\.cpp$'

t=MajesticThrust-KPFU-2019+cuda-neural-network-project
# wichtounet/mnist (a header-only reader fetched by the original setup) is absent: its
# read_dataset declaration is stubbed in only-majestic.
db $t -std=c++17 -isystem "$only/only-majestic"

t=rlorigro+jungle_gym_cpp
# CMake: include_directories(inc); SDL 2 from Debian; cpptrace (FetchContent) stubbed.
db $t -std=c++20 -isystem /usr/include/SDL2 -isystem "$only/only-junglegym"
keep $t '^src/(Episode|Environment|SnakeEnv|Policy|misc|IterativeStats)\.cpp$|^src/executable/|^src/test/benchmark_a3c\.cpp$'

t=berkde+FastTD3
# CMake: include/core, include/pytorch; spdlog from stubs/spdlog (the system spdlog clashes
# with LibTorch's bundled fmt) plus the sink main.cpp names (only-fasttd3).
db $t -std=c++17 -I"$dir/$t/include/core" -I"$dir/$t/include/pytorch" -isystem "$only/only-fasttd3"
keep $t '^src/pytorch/'

t=ElijahCra+poker_ppo
# CMake: C++20, include/ and Game/; include/features.h must not shadow <features.h>.
db $t -std=c++20 -I"$dir/$t" -I"$dir/$t/Game"
iquote $t include
keep $t '^src/(rollout|best_response|ppo|league|network|opponent_manager|commands)\.cpp$'

t=HeduAiDev+LlamaEngine
# CMake: include_directories(llama_torch).
db $t -std=c++17 -I"$dir/$t/llama_torch"

t=NQevxvEtg+dao
# Eigen 3 (Debian libeigen3-dev, already installed); cereal (header-only, absent) is stubbed in
# only-dao (the encoders' serialize members).
db $t -std=c++17 -isystem /usr/include/eigen3 -isystem "$only/only-dao"
keep $t '^src/(trainer|temporal_memory|conversational_generator|chat|resonance_layer|dao_model)\.cpp$'

t=dhpollack+huggingface_libtorch
# SentencePiece (a submodule in the original) is absent: the processor's calls are stubbed.
db $t -std=c++17 -isystem "$only/only-hf"

t=lsrock1+maskrcnn_benchmark.cpp
# Each library of source/rcnn/*/CMakeLists.txt adds its include/rcnn/<lib> folder; the
# engine links modeling, utils, data, config, solver, structures (and layers through them).
# OpenCV from stubs/opencv.
r=$dir/$t/include/rcnn
db $t -std=c++17 -I"$r/engine" -I"$r/modeling" -I"$r/utils" -I"$r/data" -I"$r/config" \
  -I"$r/solver" -I"$r/structures" -I"$r/layers" -I"$dir/$t/include/coco"
keep $t '^(source/rcnn/engine/[^/]*|source/rcnn/utils/metric_logger|runner)\.cpp$'

t=DeepVAC+libdeepvac
# OpenCV from stubs/opencv, with the old opencv2/imgproc/imgproc.hpp paths (only-deepvac).
db $t -std=c++17 -isystem "$only/only-deepvac"
keep $t '^(core/src/deepvac|modules/src/syszux_detect_yolo|examples/src/test_extract_feature)\.cpp$'

t=Cper0+Rein
# OpenCV from stubs/opencv; its CUDA module (cv::cuda::GpuMat) and libvncclient's rfbClient
# are stubbed in only-rein.
db $t -std=c++17 -isystem "$only/only-rein"

t=dmitryponv+PPOCore3D
# A Windows program: Bullet is bundled under include/bullet (ppo.h includes
# "../Utils/b3Clock.h" relative to one of its folders).
db $t -std=c++17 -I"$dir/$t/include/bullet" -I"$dir/$t/include/bullet/Bullet3Common" \
  -I"$dir/$t/include/minitaur" -I"$dir/$t/src" -isystem "$only/only-ppocore3d" -ferror-limit=0
keep $t '^src/'

t=MihaiAnca13+GLPhysXRL
# PhysX, glad, GLFW, glm, Dear ImGui and tensorboard_logger are absent (see the notes).
db $t -std=c++17 -I"$dir/$t/include" -isystem "$only/only-glphysx" -ferror-limit=0
keep $t '^(Agent|RunningMean|Environment|Train|Play)\.cpp$'
