//===--- NvccCommand.h - Compile commands of nvcc, for clang ----*- C++ -*-===//
//
// CMake's CUDA language writes nvcc command lines into compile_commands.json
// (`nvcc -forward-unknown-to-host-compiler --generate-code=... -x cu -c
// k.cu`). clang's driver rejects nvcc's own options, so such a translation
// unit would fail to parse. This turns an nvcc command into the clang CUDA
// command that parses the same file on the host side.
//
//===----------------------------------------------------------------------===//
#ifndef GPULEAK_TOOL_NVCC_NVCCCOMMAND_H
#define GPULEAK_TOOL_NVCC_NVCCCOMMAND_H

#include <optional>
#include <string>
#include <vector>

namespace gpuleak {

/// When Args[0] names nvcc (`nvcc`, `.../bin/nvcc`), the equivalent clang++
/// command line:
///  - kept: -D/-U/-I/-isystem/-include, -std, -O, -g, -c, -o, -M* and -W/-f/-m
///    options (host-compiler options nvcc forwards);
///  - translated: `-x cu` to `-x cuda`; `--std X` to `-std=X`;
///    `-Xcompiler A,B` / `--compiler-options` to A and B; `-rdc=true` to
///    `-fgpu-rdc`; the first
///    `-arch`/`-gencode`/`--generate-code` architecture to
///    `--cuda-gpu-arch=sm_NN` (sm_90 when there is none);
///  - dropped: nvcc-only options (`-ccbin`, `-Xptxas`, `-rdc`, `--expt-*`,
///    `-lineinfo`, `--use_fast_math`, `--default-stream`, `--diag-suppress`, ...),
///    with their values;
///  - added: `-x cuda` for a .cu file without -x, `--cuda-host-only` (the
///    checks read host code), `--cuda-path=` the toolkit holding this nvcc
///    when its path is absolute and its `include/cccl` (CUDA 13's thrust, cub
///    and libcu++, which nvcc searches implicitly), `-Wno-unknown-cuda-version`.
/// std::nullopt when Args[0] is not nvcc.
std::optional<std::vector<std::string>>
translateNvccCommand(const std::vector<std::string> &Args);

} // namespace gpuleak

#endif
