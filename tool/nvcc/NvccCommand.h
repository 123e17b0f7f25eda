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
///    and libcu++, which nvcc searches implicitly), `-Wno-unknown-cuda-version`;
///    for a CUDA file, the macros nvcc defines and clang does not
///    (`__NVCC__`, `__CUDACC_VER_MAJOR__/MINOR__/BUILD__` of the toolkit of
///    this nvcc, `__CUDACC_RDC__`... with their options; NvccCommand.cpp,
///    nvccMacros).
/// std::nullopt when Args[0] is not nvcc.
std::optional<std::vector<std::string>>
translateNvccCommand(const std::vector<std::string> &Args);

/// Whether \p Compiler (a command's first argument) names nvcc.
bool isNvcc(const std::string &Compiler);

/// The spellings of nvcc's response file option: `--options-file F,G`,
/// `-optf F` (also `--options-file=F`). When \p Arg is one, the files it
/// names (in \p Files, from \p Next, the argument after it, unless \p Arg
/// holds them after '='), and whether it took \p Next.
bool nvccOptionsFiles(const std::string &Arg, const std::string *Next,
                      std::vector<std::string> &Files, bool &TookNext);

/// \p Args with nvcc's options files (nvccOptionsFiles) as clang's response
/// files, `--options-file F,G` as `@F @G`, for llvm::cl's response file
/// expansion (clang tooling's addExpandedResponseFiles /
/// expandResponseFiles), when Args[0] is nvcc and every file exists,
/// relative to \p Directory; an option that names a file that does not is
/// left as it is.
std::vector<std::string>
nvccOptionsFilesAsResponseFiles(const std::vector<std::string> &Args,
                                const std::string &Directory);

} // namespace gpuleak

#endif
