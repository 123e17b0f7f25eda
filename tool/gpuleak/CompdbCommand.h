//===--- CompdbCommand.h - `gpuleak compdb` --------------------*- C++ -*-===//
//
// `gpuleak compdb -p BUILD_DIR -o OUT_DIR` writes OUT_DIR/compile_commands.json:
// the compile database with each nvcc command turned into the clang CUDA
// command that `gpuleak check` parses (tool/nvcc/NvccCommand.h), so that
// stock clang-tidy-22 with the plugin, run-clang-tidy-22 and clangd-22 can
// use it (docs/cli.md, "A clang-ready compile database").
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_COMPDBCOMMAND_H
#define GPULEAK_TOOL_GPULEAK_COMPDBCOMMAND_H

#include "llvm/Support/CommandLine.h"

namespace gpuleak {

llvm::cl::SubCommand &compdbSubcommand();
llvm::cl::OptionCategory &compdbCategory();
/// Runs `gpuleak compdb` once llvm::cl has parsed its options.
int runCompdb();

} // namespace gpuleak

#endif
