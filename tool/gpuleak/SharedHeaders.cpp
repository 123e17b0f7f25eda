//===--- SharedHeaders.cpp - one precompiled header per group of TUs ------===//

#include "SharedHeaders.h"
#include "OutputGuard.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace clang;

namespace gpuleak {

std::vector<std::string> leadingIncludes(llvm::StringRef Source) {
  std::vector<std::string> Includes;
  LangOptions LO;
  LO.CPlusPlus = true;
  Lexer L(SourceLocation(), LO, Source.begin(), Source.begin(), Source.end());
  Token Tok;
  while (!L.LexFromRawLexer(Tok) || Tok.is(tok::hash)) {
    if (!Tok.is(tok::hash) || !Tok.isAtStartOfLine())
      break;
    llvm::SmallString<128> Line;
    L.ReadToEndOfLine(&Line);
    llvm::StringRef Rest = llvm::StringRef(Line).trim();
    if (!Rest.consume_front("include"))
      break;
    Rest = Rest.ltrim();
    char Close = Rest.starts_with("<") ? '>' : Rest.starts_with("\"") ? '"' : 0;
    size_t End = Close ? Rest.find(Close, 1) : llvm::StringRef::npos;
    if (End == llvm::StringRef::npos)
      break; // a macro, or malformed
    // Only a comment may follow the name; a line continuation ends the run.
    llvm::StringRef After = Rest.drop_front(End + 1).trim();
    if (!After.empty() && !After.starts_with("//") && !After.starts_with("/*"))
      break;
    if (After.ends_with("\\"))
      break;
    if (After.starts_with("/*") && !After.ends_with("*/"))
      break; // a comment that goes on to the next lines
    Includes.push_back(("#include " + Rest.take_front(End + 1)).str());
    if (Tok.is(tok::eof))
      break;
  }
  return Includes;
}

namespace {
/// Records the files the prefix header includes directly.
class DirectIncludes : public PPCallbacks {
public:
  DirectIncludes(const SourceManager &SM, std::vector<FileEntryRef> &Files,
                 bool &Missing)
      : SM(SM), Files(Files), Missing(Missing) {}
  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool, CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!SM.isInMainFile(HashLoc))
      return;
    if (File)
      Files.push_back(*File);
    else
      Missing = true;
  }

private:
  const SourceManager &SM;
  std::vector<FileEntryRef> &Files;
  bool &Missing;
};

/// GeneratePCHAction, recording what the build reads and whether each
/// header the prefix includes is guarded.
class BuildAction : public GeneratePCHAction {
public:
  BuildAction(TUInputs &Inputs, bool &Guarded)
      : Inputs(Inputs), Guarded(Guarded) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    recordInputs(CI, Inputs);
    CI.getPreprocessor().addPPCallbacks(std::make_unique<DirectIncludes>(
        CI.getSourceManager(), Direct, Missing));
    return GeneratePCHAction::CreateASTConsumer(CI, InFile);
  }

  void EndSourceFileAction() override {
    CompilerInstance &CI = getCompilerInstance();
    collectInputs(CI, Inputs);
    HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
    Guarded = !Missing && llvm::all_of(Direct, [&](FileEntryRef F) {
      return HS.isFileMultipleIncludeGuarded(F);
    });
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  TUInputs &Inputs;
  bool &Guarded;
  std::vector<FileEntryRef> Direct;
  bool Missing = false;
};
} // namespace

static std::string joinLines(const std::vector<std::string> &Lines) {
  std::string Text;
  for (const std::string &Line : Lines)
    Text += Line + "\n";
  return Text;
}

SharedPrefix::SharedPrefix(std::vector<std::string> Includes,
                           std::string Header, std::string Path,
                           size_t Parsed, ResultCache *Store,
                           std::mutex &BuildLock)
    : Includes(std::move(Includes)), Header(std::move(Header)),
      Text(joinLines(this->Includes)), Path(std::move(Path)), Parsed(Parsed),
      Store(Store), BuildLock(BuildLock) {}

llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem>
SharedPrefix::headerFS() const {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  // A fixed time: the PCH records it, and its users check it.
  FS->addFile(Header, /*ModificationTime=*/0,
              llvm::MemoryBuffer::getMemBuffer(Text, Header));
  return FS;
}

std::string SharedPrefix::entryOf(llvm::StringRef PCH) {
  llvm::SmallString<256> Entry(PCH);
  llvm::sys::path::replace_extension(Entry, "json");
  return std::string(Entry);
}

/// The format of a stored PCH's entry.
static constexpr int PCHEntryVersion = 1;

/// The hash of \p Path's bytes, or std::nullopt.
static std::optional<std::string> hashOfFile(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Bytes =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Bytes)
    return std::nullopt;
  return hashOf((*Bytes)->getBuffer());
}

/// Marks \p Path as used now (prune() deletes the least recently used).
static void touch(const std::string &Path) {
  int FD;
  if (llvm::sys::fs::openFileForReadWrite(Path, FD,
                                          llvm::sys::fs::CD_OpenExisting,
                                          llvm::sys::fs::OF_None))
    return;
  (void)llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

void SharedPrefix::ignore(const llvm::Twine &Why) {
  Store->problem("ignoring the stored PCH '" + Path + "': " + Why + "; " +
                 (Parsed >= 2 ? "it was built again"
                              : "its translation unit was parsed without it"));
}

bool SharedPrefix::load() {
  std::string EntryPath = entryOf(Path);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(EntryPath);
  if (!Text) {
    if (Text.getError() != std::errc::no_such_file_or_directory)
      ignore("its entry cannot be read: " + Text.getError().message());
    return false;
  }
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse((*Text)->getBuffer());
  if (!Parsed) {
    ignore("its entry is not valid JSON: " + toString(Parsed.takeError()));
    return false;
  }
  const llvm::json::Object *Entry = Parsed->getAsObject();
  std::optional<llvm::StringRef> Hash =
      Entry ? Entry->getString("pch") : std::nullopt;
  if (!Entry || Entry->getString("format") != llvm::StringRef("gpuleak-pch") ||
      Entry->getInteger("version") != PCHEntryVersion || !Hash) {
    ignore("its entry is not a gpuleak PCH entry of version " +
           llvm::Twine(PCHEntryVersion));
    return false;
  }
  TUInputs Read;
  switch (Store->checkInputs(*Entry, &Read)) {
  case ResultCache::InputsAre::Malformed:
    ignore("its entry's 'inputs' or 'absent' are missing or malformed");
    return false;
  case ResultCache::InputsAre::Changed:
    return false; // a header changed: built again, no problem
  case ResultCache::InputsAre::Unchanged:
    break;
  }
  // The bytes as stored: a truncated, damaged or foreign file is never
  // handed to clang.
  if (hashOfFile(Path) != Hash->str()) {
    ignore("its bytes are not those stored with it");
    return false;
  }
  Inputs = std::move(Read);
  touch(Path);
  touch(EntryPath);
  return true;
}

void SharedPrefix::store() {
  std::optional<std::string> Hash = hashOfFile(Path);
  if (!Hash || !Inputs.Cacheable)
    return;
  llvm::json::Object Entry{{"format", "gpuleak-pch"},
                           {"version", PCHEntryVersion},
                           {"prefix", llvm::json::Array(Includes)},
                           {"pch", *Hash}};
  ResultCache::addInputs(Entry, Inputs);
  std::string EntryPath = entryOf(Path);
  if (llvm::Error Err = writeOutput(EntryPath, [&](llvm::raw_ostream &OS) {
        OS << llvm::json::Value(std::move(Entry));
      }))
    Store->problem("cannot write the stored PCH's entry '" + EntryPath +
                   "': " + toString(std::move(Err)));
}

bool SharedPrefix::applyTo(CompilerInvocation &TU,
                           llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  std::call_once(Once, [&] {
    std::lock_guard<std::mutex> Guard(BuildLock);
    if (Store && load()) {
      From = Source::Stored;
      return;
    }
    // One TU to parse: building costs more than it saves.
    if (Parsed < 2)
      return;
    if (build(TU, FS)) {
      From = Source::Built;
      if (Store)
        store();
    } else {
      llvm::sys::fs::remove(Path); // a PCH not to use is not kept
    }
#if defined(__GLIBC__)
    // gpuleak check keeps freed memory for the next TU of each worker
    // (keepFreedMemoryForNextTU); a build's is more than a parse needs.
    malloc_trim(0);
#endif
  });
  if (From == Source::None || Rejected)
    return false;
  ++Uses;
  TU.getPreprocessorOpts().ImplicitPCHInclude = Path;
  // A checkout gives the headers new times: their contents decide.
  TU.getHeaderSearchOpts().ValidateASTInputFilesContent = true;
  return true;
}

void SharedPrefix::reject(bool Blame) {
  --Uses;
  if (Rejected.exchange(true) || !Blame)
    return;
  Store->problem("ignoring the stored PCH '" + Path +
                 "': clang could not use it; its translation units were "
                 "parsed without it");
  // Not offered to the next run: it builds the PCH again.
  llvm::sys::fs::remove(entryOf(Path));
}

bool SharedPrefix::build(const CompilerInvocation &TU,
                         llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  if (TU.getFrontendOpts().Inputs.size() != 1)
    return false;
  // The translation unit's own invocation, with the prefix as its input.
  auto Inv = std::make_shared<CompilerInvocation>(TU);
  FrontendOptions &FO = Inv->getFrontendOpts();
  InputKind Kind = FO.Inputs.front().getKind();
  FO.Inputs.clear();
  FO.Inputs.emplace_back(Header, InputKind(Kind.getLanguage(), InputKind::Source,
                                           /*PP=*/false, InputKind::HeaderUnit_None,
                                           /*HD=*/true));
  FO.OutputFile = Path;
  FO.ProgramAction = frontend::GeneratePCH;
  Inv->getDependencyOutputOpts() = DependencyOutputOptions();
  Inv->getPreprocessorOpts().ImplicitPCHInclude.clear();
  // Instantiations the headers ask for are done once, in the PCH, instead
  // of at the end of every translation unit.
  Inv->getLangOpts().PCHInstantiateTemplates = true;
  // The inputs' hashes go into the PCH, for its users to check by content.
  Inv->getHeaderSearchOpts().ValidateASTInputFilesContent = true;

  CompilerInstance CI(std::move(Inv));
  CI.setVirtualFileSystem(std::move(FS));
  IgnoringDiagConsumer Quiet;
  CI.createDiagnostics(&Quiet, /*ShouldOwnClient=*/false);
  CI.createFileManager();
  CI.createSourceManager();
  bool Guarded = false;
  BuildAction Action(Inputs, Guarded);
  bool OK = CI.ExecuteAction(Action) &&
            !CI.getDiagnostics().hasErrorOccurred() && Guarded;
  Inputs.Files.erase(Header);
  Inputs.Probed.clear();
  return OK && llvm::sys::fs::exists(Path);
}

SharedHeaders::~SharedHeaders() {
  if (!Dir || Dir->empty())
    return;
  if (Keep) {
    prune();
    return;
  }
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator I(*Dir, EC), E; I != E && !EC;
       I.increment(EC))
    llvm::sys::fs::remove(I->path());
  llvm::sys::fs::remove(*Dir);
}

void SharedHeaders::prune() {
  // Every file of the folder, by stem (KEY.pch and KEY.json go together).
  struct Kept {
    uint64_t Bytes = 0;
    llvm::sys::TimePoint<> Used;
    std::vector<std::string> Files;
  };
  std::map<std::string, Kept> ByKey;
  uint64_t Total = 0;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator I(*Dir, EC), E; I != E && !EC;
       I.increment(EC)) {
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(I->path(), St) ||
        St.type() != llvm::sys::fs::file_type::regular_file)
      continue;
    llvm::StringRef Name = llvm::sys::path::filename(I->path());
    Kept &K = ByKey[Name.substr(0, Name.find('.')).str()];
    K.Bytes += St.getSize();
    K.Used = std::max(K.Used, St.getLastModificationTime());
    K.Files.push_back(I->path());
    Total += St.getSize();
  }
  if (Total <= SharedHeaders::MaxStoredBytes)
    return;
  std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> Old;
  for (const auto &[Key, K] : ByKey)
    if (!Live.count(Key))
      Old.push_back({K.Used, Key});
  llvm::sort(Old);
  for (const auto &[Used, Key] : Old) {
    if (Total <= SharedHeaders::MaxStoredBytes)
      break;
    for (const std::string &F : ByKey[Key].Files)
      llvm::sys::fs::remove(F);
    Total -= ByKey[Key].Bytes;
  }
}

std::string SharedHeaders::pchDir() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (!Dir) {
    llvm::SmallString<256> D;
    if (Store) {
      D = Store->dir();
      llvm::sys::path::append(D, "pch");
      Keep = Store->ensureDir() && !llvm::sys::fs::create_directories(D);
    }
    if (!Keep && (ParentDir.empty() ||
               llvm::sys::fs::create_directories(ParentDir) ||
               llvm::sys::fs::createUniqueDirectory(ParentDir + "/gpuleak-pch",
                                                    D)))
      if (llvm::sys::fs::createUniqueDirectory("gpuleak-pch", D))
        D.clear();
    Dir = std::string(D);
  }
  return *Dir;
}

std::vector<std::shared_ptr<SharedPrefix>> SharedHeaders::plan(
    const std::vector<std::optional<SharingCandidate>> &Candidates) {
  std::vector<std::shared_ptr<SharedPrefix>> Result(Candidates.size());
  // Group: flags, first include, and the main file's directory when a
  // quoted include may be looked up there.
  std::map<std::tuple<std::string, std::string, std::string>,
           std::vector<size_t>>
      Groups;
  for (size_t I = 0; I < Candidates.size(); ++I) {
    const std::optional<SharingCandidate> &C = Candidates[I];
    if (!C || C->Includes.empty())
      continue;
    bool Quoted = llvm::any_of(C->Includes, [](llvm::StringRef Line) {
      return Line.ends_with("\"");
    });
    Groups[{C->FlagsKey, C->Includes.front(), Quoted ? C->MainDir : ""}]
        .push_back(I);
  }
  for (const auto &[Key, Members] : Groups) {
    if (Members.size() < 2)
      continue;
    // The longest run of leading includes all members share.
    std::vector<std::string> Prefix = Candidates[Members.front()]->Includes;
    size_t Parsed = 0;
    for (size_t I : Members) {
      const std::vector<std::string> &Own = Candidates[I]->Includes;
      size_t N = 0;
      while (N < Prefix.size() && N < Own.size() && Prefix[N] == Own[N])
        ++N;
      Prefix.resize(N);
      Parsed += Candidates[I]->Parsed;
    }
    bool Quoted = llvm::any_of(Prefix, [](llvm::StringRef Line) {
      return Line.ends_with("\"");
    });
    const auto &[Flags, First, MainDir] = Key;
    // What the PCH depends on besides the bytes of its headers.
    std::string D = pchDir();
    if (D.empty())
      break;
    std::string Name = hashOf("gpuleak-pch\n" +
                              (Keep ? Store->toolText() : "") + "\n" +
                              std::to_string(Flags.size()) + ":" + Flags +
                              "\n" + (Quoted ? MainDir : "") + "\n" +
                              joinLines(Prefix));
    std::string PCH = D + "/" + Name + ".pch";
    Live.insert(Name);
    if (!Parsed)
      continue;
    // Looked up next to the TU when a quoted include may be found there;
    // the hash keeps it from naming a file of the project.
    std::string Header = Quoted ? MainDir + "/.gpuleak-prefix-" +
                                      Name.substr(0, 16) + ".h"
                                : D + "/" + Name + ".h";
    auto Shared = std::make_shared<SharedPrefix>(
        std::move(Prefix), Header, PCH, Parsed, Keep ? Store : nullptr,
        BuildLock);
    for (size_t I : Members)
      if (Candidates[I]->Parsed)
        Result[I] = Shared;
    Planned.push_back(std::move(Shared));
  }
  return Result;
}

std::string SharedHeaders::stats() const {
  size_t Built = 0, Loaded = 0, Uses = 0;
  for (const std::shared_ptr<SharedPrefix> &P : Planned) {
    Built += P->built();
    Loaded += P->loaded();
    Uses += P->uses();
  }
  return "shared headers: " + std::to_string(Planned.size()) + " groups, " +
         std::to_string(Built) + " PCHs built, " + std::to_string(Loaded) +
         " stored PCHs used, " + std::to_string(Uses) +
         " translation units parsed with one";
}

} // namespace gpuleak
