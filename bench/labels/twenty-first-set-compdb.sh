#!/bin/bash
# Writes DIR/<owner>+<name>/build/compile_commands.json for the trees of twenty-first-set.tsv
# (bench/score-labels.py uses a tree's build/compile_commands.json when there is one).
#
# Four repositories have labels at two commits (the parent of a fix and the fix).
# checkout.sh lays out one commit per repository directory, so the set is laid out twice:
#   DIR  = the rows at the first commit of each repository (the parents, and the trees with one
#          commit), DIR2 = the rows at the fix commits (8 rows; see twenty-first-set-notes.md):
#   second='3e1c2708b528|f3f81c9f9833|92bf909093d7|7adf11805156'
#   (head -1 T; tail -n +2 T | grep -v -E "$second") > A.tsv; (head -1 T; tail -n +2 T | grep -E "$second") > B.tsv
#   bench/labels/checkout.sh DIR A.tsv; bench/labels/checkout.sh DIR2 B.tsv
#   bench/labels/twenty-first-set-compdb.sh DIR; bench/labels/twenty-first-set-compdb.sh DIR2
# This script writes the databases of the trees it finds in the folder it is given.
#
# Debian packages installed with apt-get for this set: libboost-filesystem-dev, libboost-dev,
# libboost-program-options-dev, libeigen3-dev (AlphaZeroArcade, deepdetect), libmapbox-variant-dev,
# libarchive-dev, libcurlpp-dev, libutfcpp-dev, liblmdb-dev, libfmt-dev (fmt 9.1) and
# rapidjson-dev (deepdetect; libopencv-dev was already there).
# Third-party headers taken from `fetch`ed snapshots (real headers, not stubs) and laid out under
# DIR/.twentyfirst-*: Triton's backend/core/common headers at their commits of early 2021
# (pytorch_backend), Tencent/rapidjson (its master: Debian's 1.1.0 does not parse with clang 22),
# gabime/spdlog at mmdeploy's submodule commit 9e8e52c (mmdeploy, deepdetect), and oatpp 1.3.0
# (deepdetect's CMake version). DIR/.twentyfirst-fmt9/fmt links Debian's fmt 9, put ahead of
# LibTorch's bundled fmt 12 for deepdetect (its spdlog and its FMT_FORMAT_AS use need fmt 8/9).
# Absent libraries are declared in stubs/twenty-first-deps/only-<name>: declarations only, no stub
# decides a label.
# The databases keep the labelled units and the units the labels' reasons lean on (callers and
# callees, per twenty-first-set-notes.md) that parse.
# Usage: bench/labels/twenty-first-set-compdb.sh DIR
set -euo pipefail
dir=${1:?usage: twenty-first-set-compdb.sh DIR}
name=twenty-first-set-compdb
source "$(dirname "$0")/compdb-lib.sh"
only=$here/stubs/twenty-first-deps
mirror=${MIRROR:-/work/.mirror}

# archive REPO COMMIT PATH OUT: lays out PATH of a fetched snapshot at COMMIT under OUT.
archive() {
  local gitdir=$mirror/${1/\//+}/repo
  if [[ -d $gitdir/.git ]]; then gitdir=$gitdir/.git; fi
  if ! git --git-dir="$gitdir" cat-file -e "$2^{commit}" 2>/dev/null; then
    echo "$name: no $1 at $2 in $gitdir; fetch github:$1 first" >&2
    return 2
  fi
  mkdir -p "$4"
  git --git-dir="$gitdir" archive "$2" "$3" | tar -x -C "$4"
}

have() { [[ -d $dir/$1 ]]; }

t=triton-inference-server+pytorch_backend
if have $t; then
  # Triton's headers (not in the tree; CMake fetches them), rapidjson for triton_json.h;
  # torchvision's C++ headers, included only to link its operators, are empty in only-tritonpt.
  tri=$dir/.twentyfirst-triton
  archive triton-inference-server/backend 99b9ff27b9e1dd8d84bb2f5cdd7cd7ffe13d65ef include "$tri"
  archive triton-inference-server/core 536b05ed1cf778ec75478e2833683b21951d93f7 include "$tri"
  archive triton-inference-server/common ab26bb111fa609f1bd238dd4b87c2baa852a4469 include "$tri"
  archive Tencent/rapidjson 24b5e7a8b27f42fa16b96fc70aade9106cf7102f include "$tri"
  db $t -std=c++17 -isystem "$tri/include" -isystem "$only/only-tritonpt"
fi

t=OpenNMT+CTranslate2
if have $t; then
  # The TensorRT 6 API of 2019 (only-ct2/NvInfer.h, on -I ahead of stubs/tensorrt).
  db $t -std=c++17 -I"$only/only-ct2" -I"$dir/$t/include"
  keep $t '^src/(cuda/utils|translator_pool)\.cc$'
fi

t=bytedance+lightseq
if have $t; then
  # protoc's *.pb.h (forward declarations), protobuf's stream headers (empty) and HDF5's types
  # in only-lightseq (on -I: LibTorch's partial protobuf copy would be found first); nvcc's host
  # min/max overloads force-included. <functional>, <set> and thrust's sort came in through
  # headers that no longer include them (own drift): force-included.
  db $t -std=c++17 -I"$only/only-lightseq" -I"$dir/$t/lightseq/inference/tools" \
    -I"$dir/$t/lightseq/inference/kernels" -include functional -include set \
    -include "$only/only-lightseq/nvcc_minmax.h" -include thrust/sort.h
  # The kernels' launchers (cuda_kernels, which the models link), the quantized models' GEMM
  # helpers (model/cublas_helper.cc, cublas_algo_map.cc) and tools/util (HDF5's calls declared
  # in only-lightseq/hdf5.h): the encoders hand their members to them, so what they do with them
  # is part of the program.
  keep $t '^lightseq/inference/(model/(gpt_encoder|quant_gpt_encoder|quant_bert_encoder|quant_decoder|quant_encoder|quant_vit_encoder)\.cc\.cu|model/cublas_(helper|algo_map)\.cc|pywrapper/(gpt|quant_gpt|quant_bert)\.cc|kernels/[A-Za-z0-9_]+\.cc\.cu|tools/util\.cc\.cu)$'
fi

t=open-mmlab+mmdeploy
if have $t; then
  # CMake's include folders (csrc, third_party/outcome, concurrentqueue, json); the spdlog
  # submodule (absent) from gabime/spdlog at the submodule's commit; thrust::cuda::par's header
  # (own drift) force-included.
  spd=$dir/.twentyfirst-spdlog
  archive gabime/spdlog 9e8e52c0488706986c76eeb4225286ac02fb1ee9 include "$spd"
  db $t -std=c++17 -I"$dir/$t/csrc" -I"$dir/$t/third_party/outcome" \
    -I"$dir/$t/third_party/concurrentqueue" -I"$dir/$t/third_party/json" -I"$spd/include" \
    -DMMDEPLOY_STATUS_USE_SOURCE_LOCATION=1 -include thrust/execution_policy.h
  keep $t '^csrc/mmdeploy/(net/torchscript/torch_net\.cpp|codebase/mmocr/cuda/connected_component\.cu|device/cuda/cuda_device\.cpp)$'
fi

t=NVIDIA+MinkowskiEngine
if have $t; then
  # cuSPARSE's legacy csrmv/csrmm2 (removed in CUDA 11) declared in only-minkowski.
  db $t -std=c++17 -include "$only/only-minkowski/cusparse_legacy.h"
  keep $t '^src/(broadcast|convolution|math_functions)\.cu$'
fi

t=shindavid+AlphaZeroArcade
if have $t; then
  # C++20 (its CMake), cpp/ on the path (<core/...>, <util/...>); Boost.Filesystem from Debian.
  # Only the connect4 timing program parses: the game binaries include EigenRand (absent).
  db $t -std=c++20 -I"$dir/$t/cpp"
  keep $t '^cpp/games/connect4/main/DshinScratch\.cpp$'
fi

t=jolibrain+deepdetect
if have $t; then
  # oatpp 1.3.0 (the DTOs), spdlog at 9e8e52c over Debian's fmt 9 (SPDLOG_FMT_EXTERNAL), newer
  # rapidjson (with Triton's), Eigen, OpenCV; protoc's caffe.pb.h, dd_config.h (CMake) and the
  # protobuf headers the torch backend names in only-deepdetect.
  spd=$dir/.twentyfirst-spdlog
  archive gabime/spdlog 9e8e52c0488706986c76eeb4225286ac02fb1ee9 include "$spd"
  oat=$dir/.twentyfirst-oatpp
  archive oatpp/oatpp 349d96114ae03ae6fd44dd2a398e5cdd9529fb48 src "$oat"
  rj=$dir/.twentyfirst-rapidjson
  archive Tencent/rapidjson 24b5e7a8b27f42fa16b96fc70aade9106cf7102f include "$rj"
  mkdir -p "$dir/.twentyfirst-fmt9" && ln -sfn /usr/include/fmt "$dir/.twentyfirst-fmt9/fmt"
  # deepdetect builds LibTorch with its own patches/pytorch/pytorch_212_cloneable.patch
  # (Cloneable derives virtually from Module, Module's defaulted copy/move members removed),
  # which its native templates' copy constructors need: the same two edits are made to copies
  # of LibTorch's cloneable.h and module.h, put ahead of LibTorch's.
  tp=$dir/.twentyfirst-torchpatch/torch/nn
  lt=$root/.cache/libtorch/include/torch/csrc/api/include/torch/nn
  mkdir -p "$tp"
  sed -e 's/^class Cloneable : public Module {/class Cloneable : public virtual Module {/' \
    -e 's/static_cast<Derived&>(\*this) = \*clone;/static_cast<Derived\&>(*this) = std::move(*clone);/' \
    "$lt/cloneable.h" > "$tp/cloneable.h"
  grep -v -E '^  Module(\(const Module&\) = default|& operator=\(const Module&\) = default|\(Module&&\) noexcept = default|& operator=\(Module&&\) noexcept = default);$' \
    "$lt/module.h" > "$tp/module.h"
  db $t -std=c++17 -I"$dir/.twentyfirst-torchpatch" -I"$dir/.twentyfirst-fmt9" -I"$only/only-deepdetect" -I"$dir/$t/src" \
    -I"$dir/$t/src/backends/torch" -I"$oat/src" -I"$spd/include" -I"$rj/include" \
    "${opencv[@]}" -isystem /usr/include/eigen3 -DUSE_TORCH -DSPDLOG_FMT_EXTERNAL
  keep $t '^src/backends/torch/(torchlib|torchsolver|torchloss|torchmodule)\.cc$'
fi
