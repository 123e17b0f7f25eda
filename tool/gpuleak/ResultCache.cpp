//===--- ResultCache.cpp - gpuleak check's cache of TU results ------------===//

#include "ResultCache.h"
#include "TUResultJSON.h"
#include "OutputGuard.h"
#include "summaries/Summaries.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <cstdint>

using namespace llvm;
using clang::tidy::ClangTidyOptions;
using clang::tidy::gpuleak::FunctionSummary;
using json::Array;
using json::Object;

namespace gpuleak {

std::string hashOf(StringRef Bytes) {
  XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef(Bytes));
  std::string S;
  raw_string_ostream OS(S);
  OS << format_hex_no_prefix(H.high64, 16) << format_hex_no_prefix(H.low64, 16);
  return S;
}

// ---- What a parse read ---------------------------------------------------------

namespace {
/// Records the lookups whose outcome the file list alone does not show:
/// the paths each `#include` and `__has_include` searched before the file
/// it found (or all it searched, when it found none), which must stay
/// absent; the files a `__has_include` found, which may never be entered;
/// and includes that are not found.
class InputRecorder : public clang::PPCallbacks {
public:
  InputRecorder(clang::CompilerInstance &CI, TUInputs &Into)
      : CI(CI), Into(Into) {}

  bool FileNotFound(StringRef) override {
    Into.Cacheable = false;
    return false;
  }

  void HasInclude(clang::SourceLocation Loc, StringRef FileName, bool IsAngled,
                  clang::OptionalFileEntryRef File,
                  clang::SrcMgr::CharacteristicKind) override {
    if (File) {
      SmallString<256> Path(File->getName());
      CI.getFileManager().makeAbsolutePath(Path);
      Into.Probed.push_back(std::string(Path));
    }
    recordSearch(Loc, FileName, IsAngled, File);
  }

  // The file an `#include` found is in the file list; the places searched
  // before it must stay empty, or a new header there would be found instead
  // (a `src/logger.h` that shadows `include/logger.h` for "logger.h").
  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &,
                          StringRef FileName, bool IsAngled,
                          clang::CharSourceRange, clang::OptionalFileEntryRef File,
                          StringRef, StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    if (File)
      recordSearch(HashLoc, FileName, IsAngled, File);
  }

private:
  /// Adds to Into.Absent every path the lookup of \p FileName from \p Loc
  /// tried, in search order, before the one it found (\p File), or every
  /// path it tried when it found nothing. A path that exists and is not
  /// \p File was not searched (`#include_next` starts after the directory
  /// of the file that asks) or is no regular file; it is passed over.
  void recordSearch(clang::SourceLocation Loc, StringRef FileName,
                    bool IsAngled, clang::OptionalFileEntryRef File) {
    if (sys::path::is_absolute(FileName)) {
      if (!File)
        Into.Absent.insert(FileName.str());
      return;
    }
    SmallString<256> Found;
    if (File) {
      Found = File->getName();
      CI.getFileManager().makeAbsolutePath(Found);
    }
    const clang::SourceManager &SM = CI.getSourceManager();
    const clang::HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
    SmallVector<StringRef, 16> Dirs;
    std::string IncluderDir;
    if (!IsAngled)
      if (clang::OptionalFileEntryRef Includer =
              SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Loc)))) {
        IncluderDir = sys::path::parent_path(Includer->getName()).str();
        Dirs.push_back(IncluderDir);
      }
    for (auto It = IsAngled ? HS.angled_dir_begin() : HS.search_dir_begin(),
              End = HS.search_dir_end();
         It != End; ++It)
      if (clang::OptionalDirectoryEntryRef Dir = It->getDirRef())
        Dirs.push_back(Dir->getName());
    for (StringRef Dir : Dirs) {
      SmallString<256> Path(Dir);
      sys::path::append(Path, FileName);
      CI.getFileManager().makeAbsolutePath(Path);
      if (!sys::fs::exists(Path))
        Into.Absent.insert(std::string(Path));
      else if (File && (Path == Found || sys::fs::equivalent(Path, Found)))
        return;
    }
  }

  clang::CompilerInstance &CI;
  TUInputs &Into;
};
} // namespace

void recordInputs(clang::CompilerInstance &CI, TUInputs &Into) {
  // Clang leaves out a search directory that does not exist; one that
  // appears later comes into the search order, so it must stay absent.
  for (const clang::HeaderSearchOptions::Entry &E :
       CI.getHeaderSearchOpts().UserEntries) {
    SmallString<256> Dir(E.Path);
    CI.getFileManager().makeAbsolutePath(Dir);
    if (!sys::fs::exists(Dir))
      Into.Absent.insert(std::string(Dir));
  }
  CI.getPreprocessor().addPPCallbacks(std::make_unique<InputRecorder>(CI, Into));
}

void collectInputs(clang::CompilerInstance &CI, TUInputs &Into,
                   StringRef Skip) {
  std::vector<std::string> Found = std::move(Into.Probed);
  Into.Probed.clear();
  if (!CI.hasSourceManager())
    return;
  const clang::SourceManager &SM = CI.getSourceManager();
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    SmallString<256> Path(It->first.getName());
    CI.getFileManager().makeAbsolutePath(Path);
    if (!Skip.empty() && Path == Skip)
      continue;
    // The bytes clang read, not the file as it is now: an edit during the
    // parse must not be taken for the parsed text.
    if (std::optional<MemoryBufferRef> Buffer =
            It->second->getBufferIfLoaded()) {
      Into.Files[std::string(Path)] = hashOf(Buffer->getBuffer());
      continue;
    }
    Found.push_back(std::string(Path));
  }
  for (const std::string &Path : Found) {
    if (Into.Files.count(Path))
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(Path, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    if (!Buffer) {
      Into.Cacheable = false;
      continue;
    }
    Into.Files[Path] = hashOf((*Buffer)->getBuffer());
  }
}

// ---- Entries ----------------------------------------------------------------------

// ---- The cache ----------------------------------------------------------------------

std::string executableHash() {
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(nullptr, &Anchor);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes =
      MemoryBuffer::getFile(Exe, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  return Bytes ? hashOf((*Bytes)->getBuffer()) : "unknown:" + Exe;
}

ResultCache::ResultCache(std::string Dir) : Dir(std::move(Dir)) {
  ToolHash = executableHash(); // read once per run
}

std::string ResultCache::entryPath(StringRef Key) const {
  SmallString<256> P(Dir);
  sys::path::append(P, Key + ".json");
  return std::string(P);
}

void ResultCache::problem(const Twine &What) {
  std::lock_guard<std::mutex> L(Lock);
  if (Problems++ == 0)
    FirstProblem = What.str();
}

std::optional<std::string> ResultCache::warning() const {
  if (!Problems)
    return std::nullopt;
  std::string W = FirstProblem;
  if (Problems > 1)
    W += " (and " + std::to_string(Problems - 1) + " more problem" +
         (Problems > 2 ? "s" : "") + " with the cache)";
  return W;
}

bool ResultCache::ensureDir() {
  {
    std::lock_guard<std::mutex> L(Lock);
    if (DirReady)
      return *DirReady;
  }
  std::error_code EC = sys::fs::create_directories(Dir);
  if (!EC) {
    // Backup tools skip a folder with this tag (https://bford.info/cachedir/).
    SmallString<256> Tag(Dir);
    sys::path::append(Tag, "CACHEDIR.TAG");
    if (!sys::fs::exists(Tag))
      consumeError(writeOutput(Tag, [](raw_ostream &OS) {
        OS << "Signature: 8a477f597d28d172789f06886806bc55\n"
              "# This folder is gpuleak's result cache (docs/cli.md); it may "
              "be deleted.\n";
      }));
  }
  std::lock_guard<std::mutex> L(Lock);
  if (!DirReady) {
    DirReady = !EC;
    if (EC && Problems++ == 0)
      FirstProblem = "cannot create the cache folder '" + Dir +
                     "' (" + EC.message() + "); results are not cached";
  }
  return *DirReady;
}

/// \p S length-prefixed, so that no two lists of parts run together.
static void part(raw_ostream &OS, StringRef S) {
  OS << S.size() << ':' << S << '\n';
}

std::string ResultCache::toolText() const {
  std::string Text;
  raw_string_ostream OS(Text);
  part(OS, GPULEAK_VERSION);
  part(OS, clang::getClangFullVersion());
  part(OS, ToolHash);
  // The include-path variables that clang reads.
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                          "OBJC_INCLUDE_PATH", "OBJCPLUS_INCLUDE_PATH"}) {
    std::optional<std::string> V = sys::Process::GetEnv(Var);
    part(OS, V ? "=" + *V : "unset");
  }
  return Text;
}

std::string ResultCache::keyOf(
    StringRef File, ArrayRef<const clang::tooling::CompileCommand *> Commands,
    const ClangTidyOptions &Options, const RunSettings &Settings) const {
  std::string Text;
  raw_string_ostream OS(Text);
  auto Part = [&](StringRef S) { part(OS, S); };
  Part("gpuleak-result-cache");
  Part(std::to_string(FormatVersion));
  Part(toolText());
  Part(std::to_string(clang::tidy::gpuleak::IndexVersion));
  Part(File);
  Part(Settings.ResourceDir);
  Part(Settings.Summarize ? "summarize" : "");
  for (const clang::tooling::CompileCommand *C : Commands) {
    Part("command");
    Part(C->Directory);
    Part(C->Filename);
    OS << C->CommandLine.size() << '\n';
    for (const std::string &Arg : C->CommandLine)
      Part(Arg);
  }
  Part(configurationText(Options));
  return hashOf(Text);
}

std::string configurationText(const ClangTidyOptions &Options) {
  // The check options sorted by name (a StringMap has no stable order),
  // then every other field as clang-tidy writes a configuration.
  std::string Text;
  raw_string_ostream OS(Text);
  ClangTidyOptions Rest = Options;
  std::map<std::string, std::string> CheckOptions;
  for (const auto &O : Rest.CheckOptions)
    CheckOptions[O.getKey().str()] = O.getValue().Value;
  Rest.CheckOptions.clear();
  for (const auto &[K, V] : CheckOptions)
    OS << K.size() << ':' << K << '\n' << V.size() << ':' << V << '\n';
  OS << clang::tidy::configurationAsText(Rest);
  return Text;
}

std::optional<std::string> ResultCache::currentHash(const std::string &Path) {
  {
    std::lock_guard<std::mutex> L(Lock);
    auto It = Hashes.find(Path);
    if (It != Hashes.end())
      return It->second;
  }
  std::optional<std::string> H;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (Buffer)
    H = hashOf((*Buffer)->getBuffer());
  std::lock_guard<std::mutex> L(Lock);
  return Hashes.emplace(Path, std::move(H)).first->second;
}

ResultCache::InputsAre ResultCache::checkInputs(const Object &Entry,
                                                TUInputs *Read) {
  const Array *Files = Entry.getArray("inputs");
  const Array *Absent = Entry.getArray("absent");
  if (!Files || !Absent)
    return InputsAre::Malformed;
  bool Changed = false;
  for (const json::Value &F : *Files) {
    const Object *O = F.getAsObject();
    std::optional<StringRef> FilePath = O ? O->getString("path") : std::nullopt;
    std::optional<StringRef> Hash = O ? O->getString("hash") : std::nullopt;
    if (!FilePath || !Hash)
      return InputsAre::Malformed;
    if (!Changed && currentHash(FilePath->str()) != Hash->str())
      Changed = true;
    if (Read)
      Read->Files[FilePath->str()] = Hash->str();
  }
  for (const json::Value &A : *Absent) {
    std::optional<StringRef> P = A.getAsString();
    if (!P)
      return InputsAre::Malformed;
    if (!Changed && sys::fs::exists(*P))
      Changed = true;
    if (Read)
      Read->Absent.insert(P->str());
  }
  return Changed ? InputsAre::Changed : InputsAre::Unchanged;
}

void ResultCache::addInputs(Object &Entry, const TUInputs &Inputs) {
  Array Files, Absent;
  for (const auto &[Path, Hash] : Inputs.Files)
    Files.push_back(Object{{"path", Path}, {"hash", Hash}});
  for (const std::string &Path : Inputs.Absent)
    Absent.push_back(Path);
  Entry["inputs"] = std::move(Files);
  Entry["absent"] = std::move(Absent);
}

bool ResultCache::lookup(StringRef Key, TUResult &Result, TUInputs *Inputs) {
  if (!read(Key, &Result, /*Report=*/true, Inputs))
    return false;
  ++Hits;
  return true;
}

bool ResultCache::has(StringRef Key) {
  return read(Key, nullptr, /*Report=*/false);
}

bool ResultCache::read(StringRef Key, TUResult *Result, bool Report,
                       TUInputs *Inputs) {
  auto problem = [&](const Twine &What) {
    if (Report)
      this->problem(What);
  };
  std::string Path = entryPath(Key);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text) {
    // No entry (or no folder yet: ensureDir() reports one that cannot be).
    if (Text.getError() != std::errc::no_such_file_or_directory &&
        Text.getError() != std::errc::not_a_directory)
      problem("ignoring the cache entry '" + Path +
              "': " + Text.getError().message());
    return false;
  }
  auto Unreadable = [&](const Twine &Why) {
    problem("ignoring the cache entry '" + Path + "': " + Why +
            "; its translation unit was analysed again");
    return false;
  };
  Expected<json::Value> Parsed = json::parse((*Text)->getBuffer());
  if (!Parsed)
    return Unreadable("not valid JSON: " + toString(Parsed.takeError()));
  const Object *Entry = Parsed->getAsObject();
  if (!Entry || Entry->getString("format") != StringRef("gpuleak-cache"))
    return Unreadable("not a gpuleak cache entry");
  if (Entry->getInteger("version") != FormatVersion)
    return Unreadable("not of version " + Twine(FormatVersion));
  if (Entry->getString("key") != Key)
    return Unreadable("its key is not its name");
  const Object *Stored = Entry->getObject("result");
  if (!Stored)
    return Unreadable("no 'result'");
  // A changed input is no problem, only a miss.
  switch (checkInputs(*Entry, Inputs)) {
  case InputsAre::Malformed:
    return Unreadable("its 'inputs' or 'absent' are missing or malformed");
  case InputsAre::Changed:
    return false;
  case InputsAre::Unchanged:
    break;
  }

  TUResult Read;
  json::Path::Root Root("result");
  if (!readTUResult(*Stored, Read, Root))
    return Unreadable(toString(Root.getError()));
  if (Result)
    *Result = std::move(Read);
  return true;
}

void ResultCache::store(StringRef Key, StringRef File, const TUInputs &Inputs,
                        const TUResult &Result) {
  if (!Inputs.Cacheable || Inputs.Files.empty())
    return;
  // A summary that would not read back the same is not cached: the cached
  // result must decide as the fresh one does.
  for (const FunctionSummary &S : Result.Summaries) {
    json::Value J = S.toJSON();
    std::optional<FunctionSummary> Back = FunctionSummary::fromJSON(J);
    if (!Back || Back->toJSON() != J)
      return;
  }
  if (!ensureDir())
    return;
  Object Entry{{"format", "gpuleak-cache"},
               {"version", FormatVersion},
               {"key", Key},
               {"file", File}};
  addInputs(Entry, Inputs);
  Entry["result"] = tuResultJSON(Result);
  std::string Path = entryPath(Key);
  // A temporary file next to the entry, renamed over it.
  if (Error Err = writeOutput(Path, [&](raw_ostream &OS) {
        OS << json::Value(std::move(Entry));
        return;
      }))
    problem("cannot write the cache entry '" + Path +
            "': " + toString(std::move(Err)));
}

std::string
ResultCache::commandHash(ArrayRef<clang::tooling::CompileCommand> Commands) {
  std::string Text;
  for (const clang::tooling::CompileCommand &C : Commands) {
    Text += C.Directory;
    Text += '\n';
    for (const std::string &A : C.CommandLine) {
      Text += A;
      Text += '\0';
    }
    Text += '\n';
  }
  return hashOf(Text);
}

/// The entry of recordCommand for \p File in \p Dir.
static std::string commandEntryPath(StringRef Dir, StringRef File) {
  SmallString<256> P(Dir);
  sys::path::append(P, "commands", hashOf(File) + ".json");
  return std::string(P);
}

void ResultCache::recordCommand(StringRef File, StringRef Hash) {
  if (recordedCommand(Dir, File) == Hash.str() || !ensureDir())
    return;
  std::string Path = commandEntryPath(Dir, File);
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Path))) {
    problem("cannot create '" + sys::path::parent_path(Path) +
            "': " + EC.message());
    return;
  }
  if (Error Err = writeOutput(Path, [&](raw_ostream &OS) {
        OS << json::Value(Object{{"format", "gpuleak-command"},
                                 {"file", File},
                                 {"command", Hash}});
      }))
    problem("cannot write the cache entry '" + Path +
            "': " + toString(std::move(Err)));
}

std::optional<std::string> ResultCache::recordedCommand(StringRef Dir,
                                                        StringRef File) {
  std::optional<json::Value> V = readJSONFile(commandEntryPath(Dir, File));
  const Object *O = V ? V->getAsObject() : nullptr;
  if (!O || O->getString("file") != File)
    return std::nullopt;
  if (std::optional<StringRef> Hash = O->getString("command"))
    return Hash->str();
  return std::nullopt;
}

} // namespace gpuleak
