//===--- TranslationUnitRunner.cpp - gpuleak checks over one TU -----------===//

#include "TranslationUnitRunner.h"
#include "NvccCommand.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace clang::tidy;
using clang::tooling::CommandLineArguments;
using clang::tooling::CompileCommand;

namespace gpuleak {

void RunSettings::addConfigError(InputError E) {
  std::lock_guard<std::mutex> Lock(ConfigErrorsLock);
  ConfigErrors.push_back(std::move(E));
}

std::vector<InputError> RunSettings::takeConfigErrors() {
  std::lock_guard<std::mutex> Lock(ConfigErrorsLock);
  return std::move(ConfigErrors);
}

namespace {

/// The compile commands of the one file being analysed.
class CommandsOfOneFile : public tooling::CompilationDatabase {
public:
  explicit CommandsOfOneFile(const std::vector<CompileCommand> &Commands)
      : Commands(Commands) {}
  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return Commands;
  }

private:
  const std::vector<CompileCommand> &Commands;
};

/// runClangTidy's action factory: a ClangTidyASTConsumerFactory per TU, with
/// __clang_analyzer__ defined as clang-tidy defines it.
class TidyActionFactory : public tooling::FrontendActionFactory {
public:
  TidyActionFactory(ClangTidyContext &Context,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS)
      : ConsumerFactory(Context, std::move(FS)) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(&ConsumerFactory);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // No "N warnings generated." on stderr: the findings are the report.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(
        std::move(Invocation), Files, std::move(PCHContainerOps), DiagConsumer);
  }

private:
  class Action : public ASTFrontendAction {
  public:
    explicit Action(ClangTidyASTConsumerFactory *Factory) : Factory(Factory) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                   llvm::StringRef File) override {
      return Factory->createASTConsumer(Compiler, File);
    }

  private:
    ClangTidyASTConsumerFactory *Factory;
  };

  ClangTidyASTConsumerFactory ConsumerFactory;
};

/// clang-tidy's FileOptionsProvider with our own .clang-tidy parser. Its
/// constructor that takes parsers leaves the file system unset (LLVM 22).
class ConfigFileLookup : public FileOptionsProvider {
public:
  ConfigFileLookup(ClangTidyOptions Defaults, ClangTidyOptions Overrides,
                   std::function<llvm::ErrorOr<ClangTidyOptions>(
                       llvm::MemoryBufferRef)>
                       Parse)
      : FileOptionsProvider(ClangTidyGlobalOptions(), std::move(Defaults),
                            std::move(Overrides), {{".clang-tidy", Parse}}) {
    FS = llvm::vfs::createPhysicalFileSystem();
  }
};
} // namespace

/// The options provider of one TU: clang-tidy's .clang-tidy lookup from the
/// file's directory upward, with gpuleak's defaults below it and --checks
/// above it. A malformed .clang-tidy is recorded as an error and ignored, as
/// clang-tidy ignores it, instead of being printed to stderr.
static std::unique_ptr<ClangTidyOptionsProvider>
makeOptionsProvider(RunSettings &Settings) {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,gpuleak-*";
  ClangTidyOptions Overrides;
  // The static analyzer is part of clang-tidy's library and would run if a
  // .clang-tidy enabled it; this CLI runs gpuleak-* checks only.
  Overrides.Checks =
      (Settings.Checks.empty() ? "" : Settings.Checks + ",") +
      "-clang-analyzer-*";

  auto ParseConfig = [&Settings](llvm::MemoryBufferRef Config)
      -> llvm::ErrorOr<ClangTidyOptions> {
    std::string FirstError;
    llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfigurationWithDiags(
        Config, [&](const llvm::SMDiagnostic &D) {
          if (D.getKind() != llvm::SourceMgr::DK_Error || !FirstError.empty())
            return;
          FirstError = (llvm::Twine(D.getLineNo()) + ":" +
                        llvm::Twine(D.getColumnNo() + 1) + ": " +
                        D.getMessage())
                           .str();
        });
    if (Parsed)
      return Parsed;
    if (FirstError.empty())
      FirstError = Parsed.getError().message();
    Settings.addConfigError({Config.getBufferIdentifier().str(),
                             "malformed .clang-tidy (ignored): " + FirstError});
    return ClangTidyOptions();
  };
  return std::make_unique<ConfigFileLookup>(
      std::move(Defaults), std::move(Overrides), std::move(ParseConfig));
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

TUResult analyseTranslationUnit(llvm::StringRef File,
                                const std::vector<CompileCommand> &Commands,
                                RunSettings &Settings) {
  // A physical file system with its own working directory: ClangTool changes
  // the working directory to each command's, and the real file system would
  // chdir the whole process under the other threads.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem()));

  ClangTidyContext Context(makeOptionsProvider(Settings));
  ClangTidyDiagnosticConsumer DiagConsumer(Context);
  auto DiagOpts = std::make_unique<DiagnosticOptions>();
  DiagnosticsEngine DE(llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), *DiagOpts,
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);

  CommandsOfOneFile DB(Commands);
  tooling::ClangTool Tool(DB, {File.str()},
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  Tool.setDiagnosticConsumer(&DiagConsumer);
  // nvcc command lines (CMake's CUDA language) become clang CUDA ones.
  Tool.appendArgumentsAdjuster(
      [](const CommandLineArguments &Args, llvm::StringRef) {
        std::optional<CommandLineArguments> Clang = translateNvccCommand(Args);
        return Clang ? *Clang : Args;
      });
  // ExtraArgs/ExtraArgsBefore of the .clang-tidy files, as runClangTidy adds
  // them (looked up with the absolute path: the command's may be relative).
  std::string AbsFile = File.str();
  Tool.appendArgumentsAdjuster(
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
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  // Our binary is not next to clang's builtin headers: name them, unless the
  // command does.
  std::string ResourceDirArg = "-resource-dir=" + Settings.ResourceDir;
  Tool.appendArgumentsAdjuster(
      [ResourceDirArg](const CommandLineArguments &Args, llvm::StringRef) {
        for (llvm::StringRef A : Args)
          if (A.starts_with("-resource-dir"))
            return Args;
        CommandLineArguments Adjusted = Args;
        Adjusted.insert(Adjusted.begin() + (Adjusted.empty() ? 0 : 1),
                        ResourceDirArg);
        return Adjusted;
      });

  // ClangTool aborts the process when it cannot enter a command's directory.
  for (const CompileCommand &C : Commands)
    if (!llvm::sys::fs::is_directory(C.Directory)) {
      TUResult Result;
      Result.Error = "cannot parse: no such directory: '" + C.Directory + "'";
      return Result;
    }

  TidyActionFactory Factory(Context, FS);
  bool Failed = Tool.run(&Factory) != 0;

  TUResult Result;
  SourceFiles Sources;
  unsigned NumErrors = 0;
  std::string FirstError;
  for (const ClangTidyError &E : DiagConsumer.take()) {
    llvm::StringRef Name = E.DiagnosticName;
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
  if (NumErrors) {
    Result.Error = "cannot parse: " + FirstError;
    if (NumErrors > 1)
      *Result.Error += " (and " + std::to_string(NumErrors - 1) + " more error" +
                       (NumErrors > 2 ? "s" : "") + ")";
  } else if (Failed) {
    Result.Error = "cannot parse: the compiler failed without a diagnostic";
  }
  return Result;
}

} // namespace gpuleak
