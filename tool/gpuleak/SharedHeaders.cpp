//===--- SharedHeaders.cpp - one precompiled header per group of TUs ------===//

#include "SharedHeaders.h"
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
                           std::mutex &BuildLock)
    : Includes(std::move(Includes)), Header(std::move(Header)),
      Text(joinLines(this->Includes)), Path(std::move(Path)),
      BuildLock(BuildLock) {}

llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem>
SharedPrefix::headerFS() const {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  // A fixed time: the PCH records it, and its users check it.
  FS->addFile(Header, /*ModificationTime=*/0,
              llvm::MemoryBuffer::getMemBuffer(Text, Header));
  return FS;
}

bool SharedPrefix::applyTo(CompilerInvocation &TU,
                           llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  std::call_once(Once, [&] {
    std::lock_guard<std::mutex> Guard(BuildLock);
    Usable = build(TU, FS);
#if defined(__GLIBC__)
    // gpuleak check keeps freed memory for the next TU of each worker
    // (keepFreedMemoryForNextTU); a build's is more than a parse needs.
    malloc_trim(0);
#endif
  });
  if (!Usable)
    return false;
  ++Uses;
  TU.getPreprocessorOpts().ImplicitPCHInclude = Path;
  return true;
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
  if (!RunDir || RunDir->empty())
    return;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator I(*RunDir, EC), E; I != E && !EC;
       I.increment(EC))
    llvm::sys::fs::remove(I->path());
  llvm::sys::fs::remove(*RunDir);
}

std::string SharedHeaders::runDir() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (!RunDir) {
    llvm::SmallString<256> Dir;
    if (ParentDir.empty() ||
        llvm::sys::fs::create_directories(ParentDir) ||
        llvm::sys::fs::createUniqueDirectory(ParentDir + "/gpuleak-pch", Dir))
      if (llvm::sys::fs::createUniqueDirectory("gpuleak-pch", Dir))
        Dir.clear();
    RunDir = std::string(Dir);
  }
  return *RunDir;
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
    for (size_t I : Members) {
      const std::vector<std::string> &Own = Candidates[I]->Includes;
      size_t N = 0;
      while (N < Prefix.size() && N < Own.size() && Prefix[N] == Own[N])
        ++N;
      Prefix.resize(N);
    }
    bool Quoted = llvm::any_of(Prefix, [](llvm::StringRef Line) {
      return Line.ends_with("\"");
    });
    std::string Dir = runDir();
    if (Dir.empty())
      break;
    std::string Name = "gpuleak-prefix-" + std::to_string(Planned.size());
    // Looked up next to the TU when a quoted include may be found there;
    // the PID keeps it from naming a file of the project.
    std::string Header =
        Quoted ? std::get<2>(Key) + "/." + Name + "-" +
                     std::to_string(llvm::sys::Process::getProcessId()) + ".h"
               : Dir + "/" + Name + ".h";
    auto Shared = std::make_shared<SharedPrefix>(
        std::move(Prefix), Header, Dir + "/" + Name + ".pch", BuildLock);
    for (size_t I : Members)
      Result[I] = Shared;
    Planned.push_back(std::move(Shared));
  }
  return Result;
}

std::string SharedHeaders::stats() const {
  size_t Built = 0, Uses = 0;
  for (const std::shared_ptr<SharedPrefix> &P : Planned) {
    Built += P->built();
    Uses += P->uses();
  }
  return "shared headers: " + std::to_string(Planned.size()) + " groups, " +
         std::to_string(Built) + " PCHs built, " + std::to_string(Uses) +
         " translation units parsed with one";
}

} // namespace gpuleak
