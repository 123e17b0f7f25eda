//===--- TranslationUnitRunner.cpp - gpuleak checks over one TU -----------===//

#include "TranslationUnitRunner.h"
#include "ClangCommand.h"
#include "CompileDatabase.h"
#include "ConfigProblems.h"
#include "CudaClassResources.h"
#include "CudaUses.h"
#include "NvccCommand.h"
#include "ResultCache.h"
#include "SharedHeaders.h"
#include "TensorStores.h"
#include "UnityBuild.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "summaries/LocalFacts.h"
#include "summaries/TensorFree.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <chrono>
#include <set>
#include <tuple>

using namespace clang;
using namespace clang::tidy;
using clang::tooling::CommandLineArguments;
using clang::tooling::CompileCommand;

namespace gpuleak {

void RunSettings::addConfigError(InputError E) {
  std::lock_guard<std::mutex> Lock(ConfigErrorsLock);
  ConfigErrors.push_back(std::move(E));
}

bool RunSettings::hasConfigError(llvm::StringRef File,
                                 llvm::StringRef MessagePrefix) {
  std::lock_guard<std::mutex> Lock(ConfigErrorsLock);
  return llvm::any_of(ConfigErrors, [&](const InputError &E) {
    return E.File == File && llvm::StringRef(E.Message).starts_with(MessagePrefix);
  });
}

std::vector<InputError> RunSettings::takeConfigErrors() {
  std::lock_guard<std::mutex> Lock(ConfigErrorsLock);
  return std::move(ConfigErrors);
}

void RunSettings::addInputs(const TUInputs &In) {
  std::lock_guard<std::mutex> Lock(InputsLock);
  for (const auto &[Path, Hash] : In.Files)
    Inputs[Path] = Hash;
  for (const std::string &Path : In.Absent)
    Inputs.emplace(Path, "");
}

void RunSettings::addIncluded(const TUInputs &In) {
  std::lock_guard<std::mutex> Lock(IncludedLock);
  for (const auto &[Path, Hash] : In.Files)
    Included.insert(Path);
}

std::set<std::string> RunSettings::takeIncluded() {
  std::lock_guard<std::mutex> Lock(IncludedLock);
  return std::move(Included);
}

std::map<std::string, std::string> RunSettings::takeInputs() {
  std::lock_guard<std::mutex> Lock(InputsLock);
  return std::move(Inputs);
}

std::map<std::string, std::set<std::string>>
RunSettings::registeredCheckOptions() {
  return clang::tidy::gpuleak::registeredGpuleakChecks();
}

namespace {

/// One compile command of the file being analysed. ClangTool runs one at a
/// time: given several, it prints "[1/1] (1/2) Processing file" lines on
/// stderr, terminal or not.
class OneCommand : public tooling::CompilationDatabase {
public:
  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {*Current};
  }
  const CompileCommand *Current = nullptr;
};

/// \p L as a place (absolute, normalized path), or an empty place.
static SourcePlace placeAt(SourceLocation L, const SourceManager &SM) {
  clang::tidy::gpuleak::SummaryPlace S = clang::tidy::gpuleak::placeOf(L, SM);
  SourcePlace P;
  P.File = S.File;
  P.Line = S.Line;
  P.Column = S.Column;
  return P;
}

/// Whether a NOLINT comment on \p L's line (or NOLINTNEXTLINE on the line
/// before) silences \p Check, as clang-tidy reads them.
static bool silencedAt(SourceLocation L, llvm::StringRef Check,
                       const SourceManager &SM) {
  L = SM.getExpansionLoc(L);
  auto [FID, Offset] = SM.getDecomposedLoc(L);
  llvm::StringRef Text = SM.getBufferData(FID);
  size_t LineStart = Text.rfind('\n', Offset);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t PrevStart = LineStart > 1 ? Text.rfind('\n', LineStart - 2) : 0;
  PrevStart = PrevStart == llvm::StringRef::npos || LineStart < 2 ? 0 : PrevStart + 1;
  llvm::StringRef Line = Text.slice(LineStart, Text.find('\n', Offset));
  llvm::StringRef Prev = Text.slice(PrevStart, LineStart);
  auto Silences = [&](llvm::StringRef In, llvm::StringRef Word) {
    size_t At = In.find(Word);
    if (At == llvm::StringRef::npos)
      return false;
    llvm::StringRef After = In.drop_front(At + Word.size());
    if (!After.starts_with("("))
      return true;
    llvm::StringRef List = After.drop_front().split(')').first;
    for (llvm::StringRef Glob : llvm::split(List, ','))
      if (GlobList(Glob.trim()).contains(Check))
        return true;
    return false;
  };
  return (Silences(Line, "NOLINT") && !Line.contains("NOLINTNEXTLINE") &&
          !Line.contains("NOLINTBEGIN")) ||
         Silences(Prev, "NOLINTNEXTLINE");
}

/// Whether a finding in the header named \p Name (as clang names it) passes
/// the header filters of \p Options, as clang-tidy's
/// ClangTidyDiagnosticConsumer decides: its name matches HeaderFilterRegex
/// and not ExcludeHeaderFilterRegex (a regular expression that does not
/// compile, or the empty one, matches nothing, as there).
static bool headerPasses(const ClangTidyOptions &Options,
                         llvm::StringRef Name) {
  if (!llvm::Regex(Options.HeaderFilterRegex.value_or("")).match(Name))
    return false;
  return !Options.ExcludeHeaderFilterRegex ||
         Options.ExcludeHeaderFilterRegex->empty() ||
         !llvm::Regex(*Options.ExcludeHeaderFilterRegex).match(Name);
}

/// Passes every diagnostic on to clang-tidy's consumer, and records the
/// findings of gpuleak checks that it will leave out because they are in a
/// header that the header filters leave out.
class HeaderFilterRecorder : public DiagnosticConsumer {
public:
  HeaderFilterRecorder(ClangTidyDiagnosticConsumer &Target,
                       ClangTidyContext &Context,
                       std::set<std::string> &Filtered)
      : Target(Target), Context(Context), Filtered(Filtered) {}
  void BeginSourceFile(const LangOptions &LO,
                       const Preprocessor *PP) override {
    Target.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Target.EndSourceFile(); }
  void finish() override { Target.finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    Target.clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Target.IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Warning && Info.hasSourceManager() &&
        Info.getLocation().isValid() &&
        llvm::StringRef(Context.getCheckName(Info.getID()))
            .starts_with("gpuleak-")) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation L = SM.getExpansionLoc(Info.getLocation());
      if (!SM.isInMainFile(L) && !SM.isInSystemHeader(L))
        if (OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(L)))
          if (!headerPasses(Context.getOptions(), F->getName()))
            Filtered.insert((F->getName() + ":" +
                             llvm::Twine(SM.getSpellingLineNumber(L)) + ":" +
                             llvm::Twine(SM.getSpellingColumnNumber(L)) +
                             ": " + Context.getCheckName(Info.getID()))
                                .str());
    }
    Target.HandleDiagnostic(Level, Info);
  }

private:
  ClangTidyDiagnosticConsumer &Target;
  ClangTidyContext &Context;
  std::set<std::string> &Filtered;
};

/// Summarizes every function the TU defines (gpuleak check's side of the
/// project index): runs after the checks, on the same AST.
class SummaryConsumer : public ASTConsumer {
public:
  SummaryConsumer(ClangTidyContext &Context, TUResult &Result)
      : Context(Context), Result(Result) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    auto Start = std::chrono::steady_clock::now();
    summarize(Ctx);
    Result.SummarySeconds += std::chrono::duration<double>(
                                 std::chrono::steady_clock::now() - Start)
                                 .count();
  }

private:
  /// The function definitions of the TU outside system headers, whose
  /// declarations are not even walked (a match over the whole AST of a
  /// <torch/torch.h> TU cost 3% of its parse; bench/index-cost.py).
  struct UserFunctions : RecursiveASTVisitor<UserFunctions> {
    explicit UserFunctions(const SourceManager &SM) : SM(SM) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool shouldVisitLambdaExpressions() const { return false; }
    bool TraverseDecl(Decl *D) {
      if (D && !isa<TranslationUnitDecl>(D) &&
          SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        return true;
      return RecursiveASTVisitor::TraverseDecl(D);
    }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
          !FD->isImplicit())
        Found.push_back(FD);
      return true;
    }
    const SourceManager &SM;
    std::vector<const FunctionDecl *> Found;
  };

  void summarize(ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    clang::tidy::gpuleak::TensorStoreFinder Finder;
    Finder.setDeferred(true);
    constexpr char Check[] = "gpuleak-retained-tensor";
    const bool Enabled = Context.isCheckEnabled(Check);
    UserFunctions Functions(SM);
    Functions.TraverseDecl(Ctx.getTranslationUnitDecl());
    clang::tidy::gpuleak::CudaCallFacts CudaFacts(Ctx);
    clang::tidy::gpuleak::TensorFreeFunctions Free(Ctx);
    // GPULEAK_VERIFY_TENSOR_FREE=1 (bench/tensor-free-verify.py): every
    // tensor-free function is also summarized in full, and a summary that
    // differs is said on stderr.
    static const bool Verify = [] {
      const char *V = std::getenv("GPULEAK_VERIFY_TENSOR_FREE");
      return V && *V && StringRef(V) != "0";
    }();
    for (const FunctionDecl *FD : Functions.Found) {
      if (!Free.isFree(FD)) {
        Result.Summaries.push_back(Finder.summarize(FD, Ctx));
      } else {
        Result.Summaries.push_back(Finder.summarizeTensorFree(FD, Ctx));
        ++Result.TensorFreeFunctions;
        if (Verify) {
          clang::tidy::gpuleak::FunctionSummary Full = Finder.summarize(FD, Ctx);
          // The calls of a tensor-free function reach only tensor-free
          // functions of this TU: no fact travels along them.
          Full.Calls.clear();
          std::string A, B;
          llvm::raw_string_ostream(A) << Full.toJSON();
          llvm::raw_string_ostream(B) << Result.Summaries.back().toJSON();
          if (A != B)
            llvm::errs() << "gpuleak: tensor-free summary differs: " << A
                         << " != " << B << "\n";
        }
      }
      clang::tidy::gpuleak::CudaClassResources::summarize(
          FD, Ctx, Result.Summaries.back());
      CudaFacts.summarize(FD, Result.Summaries.back());
      std::vector<std::string> &Bounds = Result.Summaries.back().Bounds;
      for (const ValueDecl *D : Finder.boundedBy(FD, Ctx))
        if (std::string U = clang::tidy::gpuleak::usrOf(D); !U.empty())
          Bounds.push_back(std::move(U));
      llvm::sort(Bounds);
      Bounds.erase(std::unique(Bounds.begin(), Bounds.end()), Bounds.end());
      if (!Bounds.empty())
        Result.Summaries.back().Entry = Finder.isEntry(FD, Ctx);
      if (!Enabled)
        continue;
      for (const clang::tidy::gpuleak::OpenCallSite &O :
           Finder.openCallSites(FD, Ctx)) {
        OpenSite S;
        S.CalleeUSR = clang::tidy::gpuleak::usrOf(O.Callee->getCanonicalDecl());
        S.CalleeName = O.Callee->getNameAsString();
        S.CalleeQualifiedName = O.Callee->getQualifiedNameAsString();
        S.Param = O.Param;
        S.Call = placeAt(O.Call->getBeginLoc(), SM);
        SourcePlace End = placeAt(O.Call->getEndLoc(), SM);
        if (End.File == S.Call.File) {
          S.Call.EndLine = End.Line;
          S.Call.EndColumn = End.Column;
        }
        S.Origin = placeAt(O.Origin->getBeginLoc(), SM);
        SourcePlace OriginEnd = placeAt(O.Origin->getEndLoc(), SM);
        if (OriginEnd.File == S.Origin.File) {
          S.Origin.EndLine = OriginEnd.Line;
          S.Origin.EndColumn = OriginEnd.Column;
        }
        if (O.Assumed && O.Assumed->getDirectCallee())
          S.AssumedUSR = clang::tidy::gpuleak::usrOf(
              O.Assumed->getDirectCallee()->getCanonicalDecl());
        S.Device = O.Device;
        S.DeviceStoresOnly = O.DeviceStoresOnly;
        S.PerCall = O.PerCall;
        if (O.AssumedDevice && O.AssumedDevice->getDirectCallee())
          S.AssumedUSR = clang::tidy::gpuleak::usrOf(
              O.AssumedDevice->getDirectCallee()->getCanonicalDecl());
        for (const clang::CallExpr *C : O.AssumedOuter)
          if (C->getDirectCallee())
            S.AssumedOuterUSRs.push_back(clang::tidy::gpuleak::usrOf(
                C->getDirectCallee()->getCanonicalDecl()));
        if (O.RepeatedBy)
          S.RepeatedByUSR = clang::tidy::gpuleak::usrOf(
              O.RepeatedBy->getCanonicalDecl());
        if (O.CarriedBy) {
          S.CarriedBy = placeAt(O.CarriedBy->getBeginLoc(), SM);
          S.CarriedMember = O.CarriedMember;
          if (O.CarriedReader)
            S.CarriedReader = O.CarriedReader->getNameAsString();
        }
        if (O.AssumedGraph && O.AssumedGraph->getDirectCallee())
          S.AssumedGraphUSR = clang::tidy::gpuleak::usrOf(
              O.AssumedGraph->getDirectCallee()->getCanonicalDecl());
        // A NOLINT comment, or a header that the header filters leave out:
        // the finding it may become after the project step is not reported.
        S.Silenced = silencedAt(O.Call->getBeginLoc(), Check, SM) ||
                     !passesHeaderFilter(O.Call->getBeginLoc(), SM);
        S.Severity = Context.treatAsError(Check) ? "error" : "warning";
        Result.Sites.push_back(std::move(S));
      }
    }
  }

  /// Whether a finding at \p L would be shown by clang-tidy's
  /// ClangTidyDiagnosticConsumer: in the main file always; in a header when
  /// it passes the header filters.
  bool passesHeaderFilter(SourceLocation L, const SourceManager &SM) const {
    L = SM.getExpansionLoc(L);
    return SM.isInMainFile(L) ||
           headerPasses(Context.getOptions(), SM.getFilename(L));
  }

  ClangTidyContext &Context;
  TUResult &Result;
};

/// runClangTidy's action factory: a ClangTidyASTConsumerFactory per TU, with
/// __clang_analyzer__ defined as clang-tidy defines it, and the summary
/// consumer after it when \p Summaries is given.
class TidyActionFactory : public tooling::FrontendActionFactory {
public:
  TidyActionFactory(ClangTidyContext &Context,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                    TUResult &Result, bool Summarize, TUInputs *Inputs,
                    SharedPrefix *Prefix)
      : ConsumerFactory(Context, std::move(FS)), Context(Context),
        Result(Result), Summarize(Summarize), Inputs(Inputs), Prefix(Prefix) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(
        &ConsumerFactory, Context, Result, Summarize, Inputs,
        Prefix ? llvm::StringRef(Prefix->headerPath()) : "", UnitySources);
  }

  /// Whether the parse used the shared prefix's PCH.
  bool UsedPrefix = false;
  /// The sources that a unity translation unit includes (UnityBuild.h):
  /// main files to the user, not headers that the header filter matched.
  llvm::StringSet<> UnitySources;

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // No "N warnings generated." on stderr: the findings are the report.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    // The group's precompiled prefix (SharedHeaders.h), built from this
    // very invocation when no TU of the group built it yet.
    if (Prefix)
      UsedPrefix =
          Prefix->applyTo(*Invocation, Files->getVirtualFileSystemPtr());
    return FrontendActionFactory::runInvocation(
        std::move(Invocation), Files, std::move(PCHContainerOps), DiagConsumer);
  }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(ClangTidyASTConsumerFactory *Factory, ClangTidyContext &Context,
           TUResult &Result, bool Summarize, TUInputs *Inputs,
           llvm::StringRef PrefixHeader, const llvm::StringSet<> &UnitySources)
        : Factory(Factory), Context(Context), Result(Result),
          Summarize(Summarize), Inputs(Inputs), PrefixHeader(PrefixHeader),
          UnitySources(UnitySources) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                   llvm::StringRef File) override {
      if (Inputs) // what the parse reads, for the result cache
        recordInputs(Compiler, *Inputs);
      std::unique_ptr<ASTConsumer> Tidy = Factory->createASTConsumer(Compiler, File);
      if (!Summarize)
        return Tidy;
      std::vector<std::unique_ptr<ASTConsumer>> Both;
      Both.push_back(std::move(Tidy));
      Both.push_back(std::make_unique<SummaryConsumer>(Context, Result));
      return std::make_unique<MultiplexConsumer>(std::move(Both));
    }
    void EndSourceFileAction() override {
      CompilerInstance &CI = getCompilerInstance();
      if (Inputs)
        collectInputs(CI, *Inputs, PrefixHeader);
      // Whether the header filter matches a header this parse read (those
      // of a shared prefix's PCH: analyseTranslationUnit).
      if (!Result.HeaderFilterMatched && CI.hasSourceManager()) {
        const SourceManager &SM = CI.getSourceManager();
        OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
        for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
          if ((!Main || It->first != *Main) &&
              It->first.getName() != PrefixHeader &&
              !UnitySources.contains(It->first.getName()) &&
              headerPasses(Context.getOptions(), It->first.getName())) {
            Result.HeaderFilterMatched = true;
            break;
          }
      }
    }

  private:
    ClangTidyASTConsumerFactory *Factory;
    ClangTidyContext &Context;
    TUResult &Result;
    bool Summarize;
    TUInputs *Inputs;
    llvm::StringRef PrefixHeader;
    const llvm::StringSet<> &UnitySources;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
  ClangTidyContext &Context;
  TUResult &Result;
  bool Summarize;
  TUInputs *Inputs;
  SharedPrefix *Prefix;
};

/// clang-tidy's FileOptionsProvider with our own .clang-tidy parser. Its
/// constructor that takes parsers leaves the file system unset (LLVM 22).
/// \p TUFS is the translation unit's file system, whose working directory
/// ClangTool sets to the compile command's `directory`: a command whose
/// `file` is relative names the file relative to it, and so the lookup of
/// .clang-tidy files must resolve it (not against gpuleak's own working
/// directory).
///
/// With --config-file, its sources are those of clang-tidy's
/// ConfigOptionsProvider (what clang-tidy's --config-file makes): the
/// defaults, the .clang-tidy files only when the file sets
/// InheritParentConfig, the file, and the command-line options.
class ConfigFileLookup : public FileOptionsProvider {
public:
  ConfigFileLookup(ClangTidyOptions Defaults, ClangTidyOptions Overrides,
                   std::function<llvm::ErrorOr<ClangTidyOptions>(
                       llvm::MemoryBufferRef)>
                       Parse,
                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> TUFS,
                   std::optional<ClangTidyOptions> ConfigFile,
                   std::string ConfigFilePath)
      : FileOptionsProvider(ClangTidyGlobalOptions(), std::move(Defaults),
                            std::move(Overrides), {{".clang-tidy", Parse}}),
        ConfigFile(std::move(ConfigFile)),
        ConfigFilePath(std::move(ConfigFilePath)) {
    FS = TUFS ? std::move(TUFS) : llvm::vfs::getRealFileSystem();
  }

  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    if (!ConfigFile)
      return FileOptionsProvider::getRawOptions(FileName);
    std::vector<OptionsSource> Raw =
        DefaultOptionsProvider::getRawOptions(FileName);
    if (ConfigFile->InheritParentConfig.value_or(false))
      if (llvm::ErrorOr<llvm::SmallString<128>> Abs =
              getNormalizedAbsolutePath(FileName))
        addRawFileOptions(Abs->str(), Raw);
    Raw.emplace_back(*ConfigFile, ConfigFilePath);
    Raw.emplace_back(OverrideOptions, OptionsSourceTypeCheckCommandLineOption);
    return Raw;
  }

private:
  std::optional<ClangTidyOptions> ConfigFile;
  std::string ConfigFilePath;
};
} // namespace

bool headerFilterPasses(const ClangTidyOptions &Options, llvm::StringRef Name) {
  return headerPasses(Options, Name);
}

bool enablesAnyCheck(llvm::StringRef Checks, const RunSettings &Settings) {
  return clang::tidy::gpuleak::enablesAnyCheck(Checks, Settings.CheckOptions);
}

std::vector<std::string> configProblems(const ClangTidyOptions &Options,
                                        const RunSettings &Settings) {
  return clang::tidy::gpuleak::configProblems(Options, Settings.CheckOptions);
}

llvm::Expected<ClangTidyOptions> parseTidyConfig(llvm::MemoryBufferRef Config) {
  std::string WithBreak;
  if (!Config.getBuffer().empty() && !Config.getBuffer().ends_with("\n")) {
    WithBreak = (Config.getBuffer() + "\n").str();
    Config = llvm::MemoryBufferRef(WithBreak, Config.getBufferIdentifier());
  }
  std::string FirstError;
  llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfigurationWithDiags(
      Config, [&](const llvm::SMDiagnostic &D) {
        if (D.getKind() != llvm::SourceMgr::DK_Error || !FirstError.empty())
          return;
        FirstError = (llvm::Twine(D.getLineNo()) + ":" +
                      llvm::Twine(D.getColumnNo() + 1) + ": " + D.getMessage())
                         .str();
      });
  if (Parsed)
    return std::move(*Parsed);
  return llvm::createStringError(
      Parsed.getError(),
      FirstError.empty() ? Parsed.getError().message() : FirstError);
}

/// The options provider of one TU: clang-tidy's .clang-tidy lookup from the
/// file's directory upward, with gpuleak's defaults below it and --checks
/// above it. A malformed .clang-tidy is recorded as an error and ignored, as
/// clang-tidy ignores it, instead of being printed to stderr.
std::unique_ptr<ClangTidyOptionsProvider>
makeOptionsProvider(RunSettings &Settings,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,gpuleak-*";
  ClangTidyOptions Overrides;
  // The checks read no project index of an earlier run: this run writes a
  // new one and decides what depends on other TUs after the last one.
  if (Settings.Summarize)
    Overrides.CheckOptions["GpuleakIndex"] = {"project", 0};
  // The static analyzer is part of clang-tidy's library and would run if a
  // .clang-tidy enabled it; this CLI runs gpuleak-* checks only.
  Overrides.Checks =
      (Settings.Checks.empty() ? "" : Settings.Checks + ",") +
      "-clang-analyzer-*";
  Overrides.HeaderFilterRegex = Settings.HeaderFilter;
  Overrides.ExcludeHeaderFilterRegex = Settings.ExcludeHeaderFilter;
  Overrides.WarningsAsErrors = Settings.WarningsAsErrors;
  Overrides.SystemHeaders = Settings.SystemHeaders;

  auto ParseConfig = [&Settings](llvm::MemoryBufferRef Config)
      -> llvm::ErrorOr<ClangTidyOptions> {
    llvm::Expected<ClangTidyOptions> Parsed = parseTidyConfig(Config);
    if (Parsed) {
      for (std::string &Problem : configProblems(*Parsed, Settings))
        Settings.addConfigError(
            {Config.getBufferIdentifier().str(), std::move(Problem)});
      return std::move(*Parsed);
    }
    Settings.addConfigError({Config.getBufferIdentifier().str(),
                             "malformed .clang-tidy: " +
                                 llvm::toString(Parsed.takeError())});
    return ClangTidyOptions();
  };
  return std::make_unique<ConfigFileLookup>(
      std::move(Defaults), std::move(Overrides), std::move(ParseConfig),
      std::move(FS), Settings.ConfigFile, Settings.ConfigFilePath);
}

/// The configuration source (a .clang-tidy path or clang-tidy's name for a
/// command-line option) of highest priority for \p File whose options
/// satisfy \p Sets.
static std::string
sourceSetting(ClangTidyOptionsProvider &Options, llvm::StringRef File,
              llvm::function_ref<bool(const ClangTidyOptions &)> Sets,
              llvm::StringRef Skip = "") {
  std::vector<ClangTidyOptionsProvider::OptionsSource> Sources =
      Options.getRawOptions(File);
  for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
    if (It->second != Skip && Sets(It->first))
      return It->second;
  return "configuration";
}

/// The error for a file whose configuration enables no gpuleak check, named
/// after the source that set `Checks` last.
static InputError noCheckEnabledError(ClangTidyOptionsProvider &Options,
                                      llvm::StringRef File,
                                      const RunSettings &Settings) {
  constexpr llvm::StringRef CommandLine =
      ClangTidyOptionsProvider::OptionsSourceTypeCheckCommandLineOption;
  // The command line always sets Checks (-clang-analyzer-*); it counts only
  // when --checks was given.
  std::string Source = sourceSetting(
      Options, File, [&](const ClangTidyOptions &O) {
        return O.Checks.has_value() && !O.Checks->empty();
      }, Settings.Checks.empty() ? CommandLine : "");
  // Not naming the file: every file under that config would repeat it.
  std::string Message =
      "enables no gpuleak check; add gpuleak-* to it or pass "
      "--checks=gpuleak-*";
  if (Source == CommandLine)
    return {"--checks", Message};
  return {Source, "Checks: " + Message};
}

/// A clang-tidy configuration diagnostic (a value a check cannot read, as
/// "invalid configuration value 'four' for option 'gpuleak-x.MaxCallDepth';
/// expected an integer"), named after the source that sets that option.
static InputError configDiagnosticError(llvm::StringRef Message,
                                        ClangTidyOptionsProvider &Options,
                                        llvm::StringRef File) {
  llvm::StringRef Key =
      Message.split("for option '").second.split('\'').first;
  std::string Source =
      sourceSetting(Options, File, [&](const ClangTidyOptions &O) {
        return !Key.empty() && O.CheckOptions.count(Key);
      });
  return {Source, ("CheckOptions: " + Message).str()};
}

/// Records an error for a `HeaderFilterRegex` or `ExcludeHeaderFilterRegex`
/// of \p File's configuration that is not a valid regular expression:
/// clang-tidy matches nothing with it, so every finding in a header would be
/// dropped without a word (`--header-filter` given on the command line is
/// checked when it is read).
static void reportBadHeaderFilters(ClangTidyOptionsProvider &Options,
                                   llvm::StringRef File,
                                   RunSettings &Settings) {
  ClangTidyOptions Effective = Options.getOptions(File);
  auto Check = [&](const std::optional<std::string> &Value, llvm::StringRef Key,
                   bool Exclude) {
    std::string Why;
    if (!Value || Value->empty() || llvm::Regex(*Value).isValid(Why))
      return;
    std::string Source = sourceSetting(Options, File, [&](const ClangTidyOptions &O) {
      return Exclude ? O.ExcludeHeaderFilterRegex.has_value()
                     : O.HeaderFilterRegex.has_value();
    });
    std::string Prefix = (Key + ": '").str();
    if (Settings.hasConfigError(Source, Prefix))
      return;
    Settings.addConfigError(
        {Source, Prefix + *Value + "' is not a valid regular expression: " + Why});
  };
  Check(Effective.HeaderFilterRegex, "HeaderFilterRegex", false);
  Check(Effective.ExcludeHeaderFilterRegex, "ExcludeHeaderFilterRegex", true);
}

/// Records the error of a configuration that enables no gpuleak check for
/// \p File: it would let the run pass with nothing analysed. A misspelled
/// check name already says why; one line is enough.
static void reportNoCheckEnabled(ClangTidyContext &Context,
                                 ClangTidyOptionsProvider &Options,
                                 llvm::StringRef File, RunSettings &Settings) {
  reportBadHeaderFilters(Options, File, Settings);
  if (enablesAnyCheck(Context.getOptionsForFile(File).Checks.value_or(""),
                 Settings))
    return;
  InputError E = noCheckEnabledError(Options, File, Settings);
  if (!Settings.hasConfigError(E.File, "Checks: '"))
    Settings.addConfigError(std::move(E));
}

void reportNoCheckEnabled(ClangTidyOptionsProvider &Options,
                          llvm::StringRef File, RunSettings &Settings) {
  reportBadHeaderFilters(Options, File, Settings);
  if (enablesAnyCheck(Options.getOptions(File).Checks.value_or(""), Settings))
    return;
  InputError E = noCheckEnabledError(Options, File, Settings);
  if (!Settings.hasConfigError(E.File, "Checks: '"))
    Settings.addConfigError(std::move(E));
}

namespace {
/// Where the header filter of a file's configuration (or its exclude
/// filter) is set, for a message about it.
struct FilterOrigin {
  /// The command-line option (`--header-filter`), or the .clang-tidy or
  /// --config-file that sets it (sourceSetting).
  std::string Source;
  /// How the message begins: "" after the option, the key
  /// (`HeaderFilterRegex: `) after a file.
  std::string Prefix;
};
} // namespace

static FilterOrigin headerFilterOrigin(ClangTidyOptionsProvider &Options,
                                       llvm::StringRef File,
                                       const RunSettings &Settings,
                                       bool Exclude) {
  if (Exclude ? Settings.ExcludeHeaderFilter.has_value()
              : Settings.HeaderFilter.has_value())
    return {Exclude ? "--exclude-header-filter" : "--header-filter", ""};
  return {sourceSetting(Options, File,
                        [Exclude](const ClangTidyOptions &O) {
                          return Exclude
                                     ? O.ExcludeHeaderFilterRegex.has_value()
                                     : O.HeaderFilterRegex.has_value();
                        }),
          Exclude ? "ExcludeHeaderFilterRegex: " : "HeaderFilterRegex: "};
}

std::optional<InputError>
emptyHeaderFilterWarning(ClangTidyOptionsProvider &Options,
                         llvm::StringRef File, const RunSettings &Settings) {
  std::optional<std::string> Filter = Options.getOptions(File).HeaderFilterRegex;
  if (!Filter || !Filter->empty())
    return std::nullopt;
  FilterOrigin Origin =
      headerFilterOrigin(Options, File, Settings, /*Exclude=*/false);
  return InputError{
      Origin.Source,
      Origin.Prefix +
          "the empty header filter matches no header, as in "
          "clang-tidy 22: no finding in a header is reported (leave "
          "it out, or give '.*', for every header)"};
}

std::optional<InputError> excludeFilterMatchesProjectWarning(
    ClangTidyOptionsProvider &Options, llvm::StringRef File,
    const RunSettings &Settings, llvm::StringRef ProjectFolder) {
  std::optional<std::string> Exclude =
      Options.getOptions(File).ExcludeHeaderFilterRegex;
  if (!Exclude || Exclude->empty() || ProjectFolder.empty())
    return std::nullopt;
  // A regular expression that matches a folder's name matches every name
  // under it, unless it is anchored at the end (`$`).
  std::string Folder = ProjectFolder.rtrim('/').str() + "/";
  llvm::Regex Filter(*Exclude);
  if (!Filter.isValid() || !Filter.match(Folder))
    return std::nullopt;
  FilterOrigin Origin =
      headerFilterOrigin(Options, File, Settings, /*Exclude=*/true);
  return InputError{
      Origin.Source,
      Origin.Prefix + "'" + *Exclude + "' matches the project's own folder '" +
          Folder +
          "', so no finding in a header of the project is reported: "
          "it is matched against absolute names, as in clang-tidy; "
          "make it match only the headers it is meant for"};
}

std::optional<std::string>
headerFilterMatchedNothing(llvm::ArrayRef<TUResult> TUs,
                           const RunSettings &Settings) {
  std::set<std::string> Filtered;
  for (const TUResult &TU : TUs) {
    if (TU.HeaderFilterMatched)
      return std::nullopt;
    Filtered.insert(TU.FilteredHeaderFindings.begin(),
                    TU.FilteredHeaderFindings.end());
  }
  if (Filtered.empty())
    return std::nullopt;
  std::string Filter = Settings.HeaderFilter
                           ? "--header-filter='" + *Settings.HeaderFilter + "'"
                           : "the header filter (HeaderFilterRegex)";
  llvm::StringRef First = *Filtered.begin();
  // "FILE:LINE:COL: CHECK": the file.
  llvm::StringRef Header = First.rsplit(": ").first.rsplit(':').first.rsplit(':').first;
  return (Filter + " matched no header of the run, and " +
          llvm::Twine(Filtered.size()) + " finding" +
          (Filtered.size() == 1 ? " in a header was" : "s in headers were") +
          " not reported (e.g. in '" + Header +
          "'): it is matched against the names clang opens headers by, "
          "absolute for absolute include folders, as in clang-tidy")
      .str();
}

namespace {
/// Keeps the text of each diagnostic, for the configuration diagnostics of
/// checks constructed outside a translation unit.
class MessageCollector : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<256> Text;
    Info.FormatDiagnostic(Text);
    Messages.push_back(std::string(Text));
  }
  std::vector<std::string> Messages;
};
} // namespace

void reportBadOptionValues(llvm::StringRef File, RunSettings &Settings) {
  std::unique_ptr<ClangTidyOptionsProvider> Provider =
      makeOptionsProvider(Settings, nullptr);
  ClangTidyOptionsProvider &Options = *Provider;
  ClangTidyContext Context(std::move(Provider));
  MessageCollector Collector;
  auto DiagOpts = std::make_unique<DiagnosticOptions>();
  DiagnosticsEngine DE(llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), *DiagOpts,
                       &Collector, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);
  Context.setCurrentFile(File);
  ClangTidyCheckFactories Factories;
  for (const auto &Module : ClangTidyModuleRegistry::entries())
    Module.instantiate()->addCheckFactories(Factories);
  // Each check reads its options when it is constructed, as in a
  // translation unit, and reports a value it cannot take there.
  for (const auto &Factory : Factories)
    if (Factory.getKey().starts_with("gpuleak-") &&
        Context.isCheckEnabled(Factory.getKey()))
      Factory.getValue()(Factory.getKey(), &Context);
  for (llvm::StringRef Message : Collector.Messages) {
    Message.consume_back(" [clang-tidy-config]"); // the check-name suffix
    if (Message.starts_with("invalid configuration value"))
      Settings.addConfigError(configDiagnosticError(Message, Options, File));
  }
}

/// \p Path made absolute against \p BuildDir, with `.` and `..` removed.
static std::string normalizedPath(llvm::StringRef Path,
                                  llvm::StringRef BuildDir) {
  llvm::SmallString<256> P;
  if (llvm::sys::path::is_absolute(Path)) {
    P = Path;
  } else {
    P = BuildDir;
    llvm::sys::path::append(P, Path);
    llvm::sys::fs::make_absolute(P);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

static SourcePlace placeOf(const tooling::DiagnosticMessage &M,
                           llvm::StringRef BuildDir, SourceFiles &Sources) {
  SourcePlace P;
  if (M.FilePath.empty())
    return P; // a command-line or scratch-space location
  P.File = normalizedPath(M.FilePath, BuildDir);
  if (auto LC = Sources.lineAndColumn(P.File, M.FileOffset)) {
    P.Line = LC->first;
    P.Column = LC->second;
  }
  // The flagged expression's extent: its first range, when the check gave
  // one in the same file that covers the location.
  if (P.Line && !M.Ranges.empty() && M.Ranges.front().Length > 0 &&
      normalizedPath(M.Ranges.front().FilePath, BuildDir) == P.File) {
    const tooling::FileByteRange &R = M.Ranges.front();
    if (R.FileOffset <= M.FileOffset && M.FileOffset < R.FileOffset + R.Length)
      if (auto LC = Sources.lineAndColumn(P.File, R.FileOffset + R.Length - 1)) {
        P.EndLine = LC->first;
        P.EndColumn = LC->second;
      }
  }
  return P;
}

static std::vector<FixReplacement> fixesOf(const tooling::DiagnosticMessage &M,
                                           llvm::StringRef BuildDir) {
  std::vector<FixReplacement> Fixes;
  for (const auto &[File, Replacements] : M.Fix)
    for (const tooling::Replacement &R : Replacements)
      if (R.isApplicable())
        Fixes.push_back({normalizedPath(R.getFilePath(), BuildDir), R.getOffset(),
                         R.getLength(), R.getReplacementText().str()});
  return Fixes;
}

static std::string describe(const tooling::DiagnosticMessage &M,
                            const SourcePlace &P) {
  std::string S;
  if (!P.File.empty()) {
    S = P.File;
    if (P.Line)
      S += ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
    S += ": ";
  }
  return S + "error: " + M.Message;
}

/// The source file \p C compiles when it is not \p File: the command's
/// arguments that name a C, C++ or CUDA source (not an option's value such
/// as `-o x.o`), when none of them is \p File. std::nullopt when one is, or
/// when the command cannot be read that way (a response file).
static std::optional<std::string> otherSourceCompiled(const CompileCommand &C,
                                                      llvm::StringRef File) {
  static const llvm::StringSet<> SourceExts = {
      ".c", ".cc", ".cpp", ".cxx", ".c++", ".cp", ".C", ".CPP", ".cu", ".m",
      ".mm"};
  static const llvm::StringSet<> TakesValue = {
      "-o", "-MF", "-MT", "-MQ", "-include", "-x", "-Xclang", "-Xcompiler",
      "-imacros", "-include-pch", "--output", "-Xlinker"};
  std::optional<std::string> First;
  for (size_t I = 1; I < C.CommandLine.size(); ++I) {
    llvm::StringRef A = C.CommandLine[I];
    if (A.starts_with("@"))
      return std::nullopt;
    if (A.starts_with("-") || TakesValue.contains(C.CommandLine[I - 1]) ||
        !SourceExts.contains(llvm::sys::path::extension(A)))
      continue;
    llvm::SmallString<256> Path(A);
    if (!llvm::sys::path::is_absolute(Path))
      Path = (llvm::Twine(C.Directory) + "/" + A).str();
    bool Same = false;
    if (!llvm::sys::fs::equivalent(Path, File, Same) && Same)
      return std::nullopt;
    if (!First)
      First = A.str();
  }
  return First;
}

/// The arguments adjusters of the parse of \p AbsFile, combined: nvcc's
/// commands translated and ClangTool's own (nvccThenClangToolAdjusters), then
/// gpuleak's.
static tooling::ArgumentsAdjuster commandAdjuster(ClangTidyContext &Context,
                                                  const std::string &AbsFile,
                                                  const RunSettings &Settings) {
  std::vector<tooling::ArgumentsAdjuster> Adjusters;
  Adjusters.push_back(nvccThenClangToolAdjusters());
  // ExtraArgs/ExtraArgsBefore of the .clang-tidy files, as runClangTidy adds
  // them (looked up with the absolute path: the command's may be relative).
  Adjusters.push_back(
      [&Context, AbsFile](const CommandLineArguments &Args, llvm::StringRef) {
        ClangTidyOptions Opts = Context.getOptionsForFile(AbsFile);
        CommandLineArguments Adjusted = Args;
        if (Opts.ExtraArgsBefore) {
          auto I = Adjusted.begin();
          if (I != Adjusted.end() && !llvm::StringRef(*I).starts_with("-"))
            ++I; // the compiler
          Adjusted.insert(I, Opts.ExtraArgsBefore->begin(),
                          Opts.ExtraArgsBefore->end());
        }
        if (Opts.ExtraArgs)
          Adjusted.insert(Adjusted.end(), Opts.ExtraArgs->begin(),
                          Opts.ExtraArgs->end());
        return Adjusted;
      });
  Adjusters.push_back(tooling::getStripPluginsAdjuster());
  // Compiler warnings are never errors (ClangCommand.h): after the
  // command's own options, the nvcc translation's and the ExtraArgs.
  Adjusters.push_back([](const CommandLineArguments &Args, llvm::StringRef) {
    return noWarningsAsErrors(Args);
  });
  // Our binary is not next to clang's builtin headers: name them, unless the
  // command does.
  std::string ResourceDirArg = "-resource-dir=" + Settings.ResourceDir;
  Adjusters.push_back(
      [ResourceDirArg](const CommandLineArguments &Args, llvm::StringRef) {
        for (llvm::StringRef A : Args)
          if (A.starts_with("-resource-dir"))
            return Args;
        CommandLineArguments Adjusted = Args;
        Adjusted.insert(Adjusted.begin() + (Adjusted.empty() ? 0 : 1),
                        ResourceDirArg);
        return Adjusted;
      });

  tooling::ArgumentsAdjuster All = Adjusters.front();
  for (size_t I = 1; I < Adjusters.size(); ++I)
    All = tooling::combineAdjusters(All, Adjusters[I]);
  return All;
}

/// The distinct commands of \p Commands, in order.
static std::vector<const CompileCommand *>
distinctCommands(const std::vector<CompileCommand> &Commands) {
  std::vector<const CompileCommand *> Distinct;
  for (const CompileCommand &C : Commands)
    if (llvm::none_of(Distinct, [&](const CompileCommand *D) {
          return D->Directory == C.Directory && D->CommandLine == C.CommandLine;
        }))
      Distinct.push_back(&C);
  return Distinct;
}

std::optional<SharingCandidate>
sharingCandidate(llvm::StringRef File,
                 const std::vector<CompileCommand> &Commands,
                 RunSettings &Settings) {
  std::vector<const CompileCommand *> Distinct = distinctCommands(Commands);
  if (Distinct.size() != 1 || !llvm::sys::fs::is_directory(Distinct[0]->Directory))
    return std::nullopt;
  static const llvm::StringSet<> CxxExts = {".cc", ".cpp", ".cxx", ".c++",
                                            ".cp", ".C", ".CPP"};
  if (!CxxExts.contains(llvm::sys::path::extension(File)))
    return std::nullopt;
  if (otherSourceCompiled(*Distinct[0], File) ||
      missingResponseFile(*Distinct[0]))
    return std::nullopt;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(File);
  if (!Text)
    return std::nullopt;
  SharingCandidate C;
  // A unity TU's includes are its sources, whose findings are reported:
  // never a shared prefix.
  if (!unitySources(File, (*Text)->getBuffer()).empty())
    return std::nullopt;
  C.Includes = leadingIncludes((*Text)->getBuffer());
  if (C.Includes.empty())
    return std::nullopt;

  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem()));
  ClangTidyContext Context(makeOptionsProvider(Settings, FS));
  std::string AbsFile = File.str();
  // A TU whose result is in the cache is not parsed, but is of its group.
  C.Parsed = !Settings.Cache ||
             !Settings.Cache->has(Settings.Cache->keyOf(
                 AbsFile, Distinct, Context.getOptionsForFile(AbsFile),
                 Settings));

  // The command line as the parse gets it (ClangTool's adjusters, then
  // ours), without the file's name.
  const CompileCommand &Cmd = *Distinct[0];
  CommandLineArguments Args =
      commandAdjuster(Context, AbsFile, Settings)(Cmd.CommandLine, AbsFile);
  C.FlagsKey = Cmd.Directory;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    // Anything the command includes itself comes before the main file's
    // includes; a CUDA or C input, modules, or a response file, are not
    // shared.
    if (A.starts_with("-include") || A.starts_with("-imacros") ||
        A.starts_with("-fmodule") ||
        A.starts_with("@") || A.starts_with("--cuda") ||
        (A.starts_with("-x") && A.size() > 2 && A != "-xc++") ||
        (A == "-x" && (I + 1 == Args.size() || Args[I + 1] != "c++")))
      return std::nullopt;
    llvm::SmallString<256> Path(A);
    if (!A.starts_with("-")) {
      if (!llvm::sys::path::is_absolute(Path))
        Path = (llvm::Twine(Cmd.Directory) + "/" + A).str();
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
      if (Path == AbsFile)
        A = "<file>";
    }
    C.FlagsKey += '\0';
    C.FlagsKey += A;
  }
  C.MainDir = llvm::sys::path::parent_path(AbsFile).str();
  return C;
}

TUResult analyseTranslationUnit(llvm::StringRef File,
                                const std::vector<CompileCommand> &Commands,
                                RunSettings &Settings, SharedPrefix *Prefix) {
  // A physical file system with its own working directory: ClangTool changes
  // the working directory to each command's, and the real file system would
  // chdir the whole process under the other threads.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem()));

  // A unity build's sources are main files to the user: the header filter
  // of this TU matches them (UnityBuild.h).
  std::vector<std::string> Unity = unitySourcesOfFile(File);
  std::string UnityMismatch;
  std::unique_ptr<ClangTidyOptionsProvider> Provider =
      withUnitySources(makeOptionsProvider(Settings, FS), File, Unity,
                       &UnityMismatch);
  ClangTidyOptionsProvider &Options = *Provider;
  ClangTidyContext Context(std::move(Provider));
  ClangTidyDiagnosticConsumer DiagConsumer(Context);
  std::set<std::string> FilteredHeaderFindings;
  HeaderFilterRecorder Recorder(DiagConsumer, Context, FilteredHeaderFindings);
  auto DiagOpts = std::make_unique<DiagnosticOptions>();
  DiagnosticsEngine DE(llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), *DiagOpts,
                       &Recorder, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);

  OneCommand DB;
  tooling::ClangTool Tool(DB, {File.str()},
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  Tool.setDiagnosticConsumer(&Recorder);
  std::string AbsFile = File.str();
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(commandAdjuster(Context, AbsFile, Settings));

  // A file that the database lists but does not find (loadCompileDatabase
  // refuses the entries clang cannot look up) is an error, never a
  // translation unit counted as analysed.
  if (Commands.empty()) {
    TUResult Result;
    Result.Error = "cannot parse: the compile database finds no command for it";
    return Result;
  }
  // ClangTool aborts the process when it cannot enter a command's directory.
  // A relative one is entered from the working directory, as ClangTool
  // does.
  for (const CompileCommand &C : Commands)
    if (!llvm::sys::fs::is_directory(C.Directory)) {
      TUResult Result;
      Result.Error = "cannot parse: no such directory: '" + C.Directory + "'";
      if (llvm::sys::path::is_relative(C.Directory)) {
        llvm::SmallString<256> Cwd;
        if (!llvm::sys::fs::current_path(Cwd))
          *Result.Error += " (relative to the working directory '" +
                           std::string(Cwd) + "')";
      }
      return Result;
    }

  TUResult Result;
  // Sources of a unity file that their .clang-tidy files configure
  // differently: checked with either configuration, some would be checked
  // as they are not configured (UnityBuild.h).
  if (!UnityMismatch.empty()) {
    Result.Error = "cannot analyse: " + UnityMismatch;
    return Result;
  }
  // A file that is not there would fail as "error: no input files".
  if (!llvm::sys::fs::exists(File)) {
    Result.Error = "cannot parse: the file does not exist";
    return Result;
  }

  // A response file that is not there (`@flags.rsp`, nvcc's
  // --options-file) was not expanded (CompileDatabase.h): the flags it
  // holds would be missing. Not cached: the file may appear.
  for (const CompileCommand &C : Commands)
    if (std::optional<std::string> Missing = missingResponseFile(C)) {
      Result.Error = "cannot parse: " + *Missing;
      return Result;
    }

  // A command that compiles another source than its entry's `file` (a
  // hand-edited or generated database) would be analysed in its place.
  for (const CompileCommand &C : Commands)
    if (std::optional<std::string> Other = otherSourceCompiled(C, File)) {
      Result.Error = "cannot parse: its compile command compiles '" + *Other +
                     "', not this file";
      return Result;
    }

  // Each distinct command (a database may list a file twice, the same way
  // or for two targets), one ClangTool run each.
  std::vector<const CompileCommand *> Distinct = distinctCommands(Commands);

  // The result of an earlier run, when nothing it depends on changed.
  std::string CacheKey;
  if (Settings.Cache) {
    CacheKey = Settings.Cache->keyOf(AbsFile, Distinct,
                                     Context.getOptionsForFile(AbsFile),
                                     Settings);
    TUInputs Read;
    const bool Record = Settings.RecordInputs || Settings.RecordIncluded;
    if (Settings.Cache->lookup(CacheKey, Result, Record ? &Read : nullptr)) {
      if (Settings.RecordInputs)
        Settings.addInputs(Read);
      if (Settings.RecordIncluded)
        Settings.addIncluded(Read);
      reportNoCheckEnabled(Context, Options, AbsFile, Settings);
      return Result;
    }
  }

  // The group's shared prefix header exists in memory only.
  if (Prefix && Distinct.size() == 1)
    FS->pushOverlay(Prefix->headerFS());
  else
    Prefix = nullptr;
  TUInputs Inputs;
  TidyActionFactory Factory(Context, FS, Result, Settings.Summarize,
                            Settings.Cache || Settings.RecordInputs ||
                                    Settings.RecordIncluded
                                ? &Inputs
                                : nullptr,
                            Prefix);
  for (const std::string &S : Unity)
    Factory.UnitySources.insert(S);
  bool Failed = false;
  // Each command's diagnostics are taken after its run: take() keeps one of
  // the diagnostics at the same place, with the same check and message, and
  // the finding of a Debug and a Release command must keep the notes of
  // both (sortAndDeduplicate merges them; CI trial 16, D7).
  std::vector<ClangTidyError> Diagnostics;
  for (const CompileCommand *C : Distinct) {
    DB.Current = C;
    Failed |= Tool.run(&Factory) != 0;
    std::vector<ClangTidyError> Taken = DiagConsumer.take();
    std::move(Taken.begin(), Taken.end(), std::back_inserter(Diagnostics));
  }
  // The other diagnostics (a parse error in a header both commands read)
  // once, as take() keeps them.
  if (Distinct.size() > 1) {
    std::set<std::tuple<std::string, unsigned, std::string, std::string>> Seen;
    llvm::erase_if(Diagnostics, [&](const ClangTidyError &E) {
      return !llvm::StringRef(E.DiagnosticName).starts_with("gpuleak-") &&
             !Seen.emplace(E.Message.FilePath, E.Message.FileOffset,
                           E.DiagnosticName, E.Message.Message)
                  .second;
    });
  }
  // A PCH from an earlier run that clang would not use (it checks the
  // inputs and options itself) must not change the result: the TU is
  // parsed again without it.
  if (Factory.UsedPrefix && Prefix->stored() &&
      (Failed || llvm::any_of(Diagnostics, [](const ClangTidyError &E) {
         return E.DiagLevel == tooling::Diagnostic::Error;
       }))) {
    TUResult Plain = analyseTranslationUnit(File, Commands, Settings);
    Prefix->reject(/*Blame=*/!Plain.Error);
    return Plain;
  }
  Result.FilteredHeaderFindings.assign(FilteredHeaderFindings.begin(),
                                       FilteredHeaderFindings.end());
  // What the PCH's build read, the parse read too.
  if (Factory.UsedPrefix) {
    const TUInputs &Shared = Prefix->inputs();
    if (!Result.HeaderFilterMatched) {
      Context.setCurrentFile(AbsFile);
      Result.HeaderFilterMatched =
          llvm::any_of(Shared.Files, [&](const auto &F) {
            return F.first != AbsFile && F.first != Prefix->headerPath() &&
                   headerPasses(Context.getOptions(), F.first);
          });
    }
    Inputs.Files.insert(Shared.Files.begin(), Shared.Files.end());
    Inputs.Absent.insert(Shared.Absent.begin(), Shared.Absent.end());
    Inputs.Cacheable &= Shared.Cacheable;
  }
  if (Settings.RecordInputs)
    Settings.addInputs(Inputs);
  if (Settings.RecordIncluded)
    Settings.addIncluded(Inputs);

  SourceFiles Sources;
  bool CheckConfigError = false;
  unsigned NumErrors = 0;
  std::string FirstError;
  // clang-tidy's own errors (an unmatched NOLINTBEGIN or NOLINTEND:
  // `clang-tidy-nolint`): the file parsed, but which findings the comments
  // meant to silence is unknown. An error, as clang-tidy's "Found compiler
  // error(s)", in clang-tidy's words, not "cannot parse".
  unsigned NumTidyErrors = 0;
  std::string FirstTidyError;
  for (const ClangTidyError &E : Diagnostics) {
    llvm::StringRef Name = E.DiagnosticName;
    if (Name == "clang-tidy-config") {
      // A check could not read its option's value (`MaxCallDepth: four`).
      // Its wording names the .clang-tidy that sets the value, which the
      // cache key does not hold: such a TU is not cached.
      Settings.addConfigError(
          configDiagnosticError(E.Message.Message, Options, AbsFile));
      CheckConfigError = true;
      continue;
    }
    if (E.DiagLevel == tooling::Diagnostic::Error &&
        Name.starts_with("clang-tidy-")) {
      if (NumTidyErrors++ == 0)
        FirstTidyError =
            describe(E.Message, placeOf(E.Message, E.BuildDirectory, Sources)) +
            " [" + Name.str() + "]";
      continue;
    }
    if (E.DiagLevel == tooling::Diagnostic::Error) {
      if (NumErrors++ == 0)
        FirstError =
            describe(E.Message, placeOf(E.Message, E.BuildDirectory, Sources));
      continue;
    }
    // Compiler warnings that a .clang-tidy enables (clang-diagnostic-*) are
    // not gpuleak's to report.
    if (!Name.starts_with("gpuleak-"))
      continue;
    Finding F;
    F.Check = Name.str();
    F.Severity = E.IsWarningAsError ? "error" : "warning";
    F.Message = E.Message.Message;
    F.Place = placeOf(E.Message, E.BuildDirectory, Sources);
    F.Fixes = fixesOf(E.Message, E.BuildDirectory);
    for (const tooling::DiagnosticMessage &N : E.Notes)
      F.Notes.push_back({N.Message, placeOf(N, E.BuildDirectory, Sources),
                         fixesOf(N, E.BuildDirectory)});
    Result.Findings.push_back(std::move(F));
  }
  reportNoCheckEnabled(Context, Options, AbsFile, Settings);
  if (NumErrors || NumTidyErrors) {
    Result.Error = NumErrors ? "cannot parse: " + FirstError : FirstTidyError;
    unsigned More = NumErrors + NumTidyErrors - 1;
    if (More)
      *Result.Error += " (and " + std::to_string(More) + " more error" +
                       (More > 1 ? "s" : "") + ")";
  } else if (Failed) {
    Result.Error = "cannot parse: the compiler failed without a diagnostic";
  }
  if (Settings.Cache && !(Failed && !NumErrors) && !CheckConfigError)
    Settings.Cache->store(CacheKey, AbsFile, Inputs, Result);
  return Result;
}

} // namespace gpuleak
