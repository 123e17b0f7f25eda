//===--- BuildGraph.h - the build statements of a build folder --*- C++ -*-===//
//
// What the build tool of the compile database's build folder makes from what:
// the build statements of `build.ninja` (CMake's and Meson's Ninja
// generators) or of CMake's `CMakeFiles/<target>.dir/build.make` (its
// Makefile generators). `--changed-since` follows them from a changed file
// to the sources and headers the build generates from it (add_custom_command
// `OUTPUT gen.cu ... DEPENDS tools/gen.cu.tmpl`; CI trial 15, D3).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_BUILDGRAPH_H
#define GPULEAK_TOOL_GPULEAK_BUILDGRAPH_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace gpuleak {

/// One build statement: the build tool runs it to make Outputs when one of
/// Inputs is newer.
struct BuildStatement {
  /// Explicit and implicit outputs, as written (unescaped).
  std::vector<std::string> Outputs;
  /// Ninja's rule (`CUSTOM_COMMAND`, `RERUN_CMAKE`, `phony`); "" for make.
  std::string Rule;
  /// Explicit and implicit inputs, as written (unescaped); order-only ones
  /// (Ninja's `||`) and validations (`|@`) are not compared by the tool and
  /// are left out.
  std::vector<std::string> Inputs;
};

/// The build statements of \p Text, a Ninja file: `build OUTS | IMPLICIT:
/// RULE INS | IMPLICIT || ORDER` with `$ `, `$:`, `$$` and `$` at the end
/// of a line (continued) unescaped, and `$var` / `${var}` replaced by the
/// top-level variables of \p Text defined before (`cmake_ninja_workdir`).
/// The files it names with `include` and `subninja` are appended to
/// \p Included, as written.
std::vector<BuildStatement>
ninjaBuildStatements(llvm::StringRef Text,
                     std::vector<std::string> *Included = nullptr);

/// The strings of `set(NAME "..." ...)` in \p Text, a file CMake writes
/// (`CMakeFiles/Makefile.cmake`: CMAKE_MAKEFILE_DEPENDS, _PRODUCTS,
/// CMAKE_DEPEND_INFO_FILES), backslash escapes resolved.
std::vector<std::string> cmakeSetStrings(llvm::StringRef Text,
                                         llvm::StringRef Name);

/// A file that the build generates from a changed file.
struct BuiltFile {
  std::string Output; ///< real path (absolute when it does not exist)
  std::string Input;  ///< the changed file it is made from (real path),
                      ///< directly or through other generated files
  /// Older than an input that changed, and the build tool has not run
  /// since (Ninja: as `ninja` decides it, with `.ninja_log`'s times for
  /// `restat` rules); not told for make, where a command that leaves its
  /// output untouched (`copy_if_different`) looks like one that never ran.
  bool Stale = false;
};

/// The files that the build of the compile database \p DBPath (its real
/// path's folder: `build.ninja` and the files it includes, or the
/// `build.make` of each target CMake's Makefile generator lists in
/// `CMakeFiles/Makefile.cmake`) makes, directly or through a chain of
/// statements, from a file for which \p IsChanged (given a real path)
/// holds. CMake's re-run statement (`RERUN_CMAKE`) is not followed: its
/// inputs are build files of their own. \p Recorder receives the file that
/// was read (`build.ninja`, `CMakeFiles/Makefile.cmake`).
std::vector<BuiltFile>
filesBuiltFrom(llvm::StringRef DBPath,
               llvm::function_ref<bool(llvm::StringRef)> IsChanged,
               std::string &Recorder);

} // namespace gpuleak

#endif
