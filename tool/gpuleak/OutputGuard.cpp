//===--- OutputGuard.cpp - never write a report over an input -------------===//

#include "OutputGuard.h"
#include "llvm/ADT/SmallString.h"
#include "summaries/Summaries.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
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

std::optional<std::string> outputReplacesGpuleakFile(StringRef Output,
                                                     StringRef Writes) {
  if (Output.empty() || Output == "-" || !sys::fs::is_regular_file(Output))
    return std::nullopt;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Output);
  if (!Text)
    return std::nullopt; // not readable: cannotCreateNextTo and the write judge
  StringRef Bytes = (*Text)->getBuffer();
  std::string Why;
  if (Expected<json::Value> V = json::parse(Bytes)) {
    const json::Object *O = V->getAsObject();
    std::optional<StringRef> Format = O ? O->getString("format") : std::nullopt;
    if (clang::tidy::gpuleak::ProjectIndex::looksLikeIndex(Bytes))
      Why = "a gpuleak project index";
    else if (Format == "gpuleak-baseline" && Writes != *Format)
      Why = "a gpuleak baseline (only 'gpuleak baseline -o' replaces one)";
    else if (Format == "gpuleak-shard" && Writes != *Format)
      Why = "a shard file (only 'gpuleak check --shard' replaces one)";
  } else {
    consumeError(V.takeError());
  }
  if (Why.empty())
    return std::nullopt;
  return ("refusing to write '" + Output + "': it is " + Why).str();
}

llvm::Error writeOutput(llvm::StringRef Path,
                        llvm::function_ref<void(llvm::raw_ostream &)> Write) {
  std::string Text;
  llvm::raw_string_ostream Buffer(Text);
  Write(Buffer);
  auto Failed = [](llvm::raw_fd_ostream &OS) -> std::error_code {
    OS.flush();
    std::error_code EC = OS.error();
    OS.clear_error();
    return EC;
  };
  if (Path == "-") {
    llvm::outs() << Text;
    if (std::error_code EC = Failed(llvm::outs()))
      return llvm::errorCodeToError(EC);
    return llvm::Error::success();
  }
  llvm::Expected<llvm::sys::fs::TempFile> Temp =
      llvm::sys::fs::TempFile::create(Path + ".tmp-%%%%%%");
  if (!Temp)
    return Temp.takeError();
  std::error_code EC;
  {
    llvm::raw_fd_ostream Out(Temp->FD, /*shouldClose=*/false);
    Out << Text;
    EC = Failed(Out);
  }
  if (EC) {
    llvm::consumeError(Temp->discard());
    return llvm::errorCodeToError(EC);
  }
  return Temp->keep(Path);
}

} // namespace gpuleak
