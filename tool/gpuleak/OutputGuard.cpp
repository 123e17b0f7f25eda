//===--- OutputGuard.cpp - never write a report over an input -------------===//

#include "OutputGuard.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gpuleak {

/// \p Path absolute against the working directory, without `.`/`..`.
static SmallString<256> normalized(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P;
}

std::optional<std::string>
outputOverwritesInput(StringRef Output, ArrayRef<GuardedInput> Inputs,
                      ArrayRef<std::string> SourceFiles, StringRef Database) {
  if (Output.empty() || Output == "-")
    return std::nullopt;
  SmallString<256> Out = normalized(Output);
  // An input that does not exist yet (the index of a first run) is matched
  // by name; existing files by identity, so that a link is seen through.
  sys::fs::UniqueID OutID;
  bool OutExists = !sys::fs::getUniqueID(Out, OutID);
  auto Same = [&](StringRef Path) {
    sys::fs::UniqueID ID;
    if (OutExists && !sys::fs::getUniqueID(Path, ID))
      return ID == OutID;
    return normalized(Path) == Out;
  };
  for (const GuardedInput &In : Inputs)
    if (!In.Path.empty() && Same(In.Path))
      return ("refusing to write '" + Output + "': it is " + In.What).str();
  // A source file exists (one that does not is no loss).
  if (OutExists)
    for (const std::string &File : SourceFiles) {
      sys::fs::UniqueID ID;
      if (!sys::fs::getUniqueID(File, ID) && ID == OutID)
        return ("refusing to write '" + Output + "': it is a source file of '" +
                Database + "'")
            .str();
    }
  return std::nullopt;
}

} // namespace gpuleak
