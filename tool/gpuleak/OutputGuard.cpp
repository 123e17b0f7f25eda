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

/// outputIsProjectFile for the file \p Out (the output or the target of
/// its symlink), the refusal naming \p Output.
static std::optional<std::string> isProjectFile(StringRef Output,
                                                StringRef Written) {
  SmallString<256> Out = normalized(Written);
  auto Refuse = [&](const Twine &Why) {
    return ("refusing to write '" + Output + "': " + Why).str();
  };
  for (StringRef Part : make_range(sys::path::begin(Out), sys::path::end(Out)))
    if (Part == ".git")
      return Refuse("it is inside a '.git' folder");
  StringRef Name = sys::path::filename(Out);
  for (StringRef Config : {".clang-tidy", ".clang-format",
                           "compile_commands.json"})
    if (Name == Config)
      return Refuse("'" + Name + "' is read by gpuleak, clang-tidy or the build");
  // The names the pre-commit hook takes as sources and headers
  // (.pre-commit-hooks.yaml, docs/ci.md).
  static const char *const Extensions[] = {
      ".c",   ".cc",   ".cpp",  ".cxx",  ".c++", ".cppm", ".ccm",
      ".cxxm", ".c++m", ".ixx", ".cu",   ".cuh", ".h",    ".hh",
      ".hpp", ".hxx",  ".h++",  ".inl",  ".ipp", ".tpp",  ".tcc",
      ".txx", ".inc",  ".def",  ".h.in", ".hh.in", ".hpp.in", ".hxx.in"};
  if (sys::fs::is_regular_file(Out))
    for (StringRef Ext : Extensions)
      if (Name.size() > Ext.size() && Name.ends_with_insensitive(Ext))
        return Refuse("it is an existing C, C++ or CUDA source or header");
  return std::nullopt;
}

std::optional<std::string> outputIsProjectFile(StringRef Output) {
  if (Output.empty() || Output == "-")
    return std::nullopt;
  if (std::optional<std::string> Why = isProjectFile(Output, Output))
    return Why;
  // A symlink's target is what gets written (outputTarget).
  OutputTarget Target = outputTarget(Output);
  if (Target.Path != Output)
    return isProjectFile(Output, Target.Path);
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

OutputTarget outputTarget(llvm::StringRef Path) {
  OutputTarget T{Path.str(), false};
  if (Path == "-")
    return T;
  // A symlink: its target is written, and the link stays a link. A
  // dangling one is written through (creating its target).
  llvm::sys::fs::file_status Link;
  if (!llvm::sys::fs::status(Path, Link, /*follow=*/false) &&
      Link.type() == llvm::sys::fs::file_type::symlink_file) {
    SmallString<256> Real;
    if (llvm::sys::fs::real_path(Path, Real)) {
      T.Direct = true;
      return T;
    }
    T.Path = std::string(Real);
  }
  llvm::sys::fs::file_status S;
  if (!llvm::sys::fs::status(T.Path, S)) {
    llvm::sys::fs::file_type Type = S.type();
    T.Direct = Type == llvm::sys::fs::file_type::character_file ||
               Type == llvm::sys::fs::file_type::block_file ||
               Type == llvm::sys::fs::file_type::fifo_file ||
               Type == llvm::sys::fs::file_type::socket_file;
  }
  return T;
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
  OutputTarget Target = outputTarget(Path);
  if (Target.Direct) {
    // A device, a FIFO or a socket: written through, never renamed over
    // (`-o /dev/null` as root would replace the device with a file).
    std::error_code EC;
    llvm::raw_fd_ostream Out(Target.Path, EC, llvm::sys::fs::OF_None);
    if (EC)
      return llvm::errorCodeToError(EC);
    Out << Text;
    if (std::error_code EC = Failed(Out))
      return llvm::errorCodeToError(EC);
    return llvm::Error::success();
  }
  llvm::Expected<llvm::sys::fs::TempFile> Temp =
      llvm::sys::fs::TempFile::create(Target.Path + ".tmp-%%%%%%");
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
  return Temp->keep(Target.Path);
}

} // namespace gpuleak
