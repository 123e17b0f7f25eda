//===--- GpuLeakClangdDefaults.cpp - gpuleak-clangd's defaults ------------===//
//
// What makes gpuleak-clangd work with no configuration (docs/editors.md):
//
//  - the gpuleak-* checks are on by default, as clang-analyzer-* is in
//    clang-tidy: "gpuleak-*" comes first in the check list, so a project's
//    .clang-tidy (`Checks: -gpuleak-*`, or `-*,...`) or .clangd
//    (`Remove: gpuleak-*`) turns them off;
//  - clangd's fast-check filter takes the gpuleak-* checks for fast, so its
//    default `FastCheckFilter: Strict` no longer drops them;
//  - nvcc commands of a CMake CUDA compile database become the clang CUDA
//    commands that `gpuleak check` uses (tool/nvcc/NvccCommand.h);
//  - a clang-tidy check that the configuration enables but clangd does not
//    run (its FastCheckFilter, or a language the check does not support) is
//    named in clangd's log, with the reason, once.
//  - a gpuleak diagnostic links to its page in gpuleak's docs
//    (GPULEAK_DOCS_URL), not to clang-tidy's site, which has none.
//
// clangd 22 offers no extension point for any of these: clangdMain builds
// its config and clang-tidy providers itself, the fast list is a table
// compiled into it, and Debian ships no clangd headers. So the binary is
// linked with GNU ld's --wrap (tool/CMakeLists.txt), which sends clangd's
// calls of three functions declared in clangd's TidyProvider.h and
// CompileCommands.h, of toJSON(const PublishDiagnosticsParams &) (Protocol.h),
// and of clang-tidy's ClangTidyCheckFactories::createChecksForLanguage, to
// the __wrap_ functions below; these call the originals through __real_.
// clangd's sources are used
// unchanged. The symbol names are those of clangd 22.1 (the only clangd this
// builds against: the top-level CMakeLists.txt requires Clang 22.1).
//
//===----------------------------------------------------------------------===//

#include "CheckDocs.h"
#include "NvccCommand.h"
#include "summaries/Summaries.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clang::clangd {
/// clangd's TidyProvider (TidyProvider.h): adds clang-tidy options for a file.
using TidyProvider = llvm::unique_function<void(tidy::ClangTidyOptions &,
                                                llvm::StringRef) const>;
} // namespace clang::clangd

namespace gpuleak {
namespace {
using clang::clangd::TidyProvider;

/// The prefix of every gpuleak check name.
constexpr llvm::StringLiteral GpuLeakPrefix = "gpuleak-";
} // namespace

// The originals, reached through --wrap's __real_ names.
std::optional<bool> realIsFastTidyCheck(llvm::StringRef Check) __asm__(
    "__real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
TidyProvider realProvideDefaultChecks() __asm__(
    "__real__ZN5clang6clangd20provideDefaultChecksEv");
void realCommandMangler(const void *Mangler,
                        clang::tooling::CompileCommand &Command,
                        llvm::StringRef File) __asm__(
    "__real__ZNK5clang6clangd14CommandManglerclERNS_7tooling14"
    "CompileCommandEN4llvm9StringRefE");
using CheckList = std::vector<std::unique_ptr<clang::tidy::ClangTidyCheck>>;
CheckList
realCreateChecksForLanguage(const clang::tidy::ClangTidyCheckFactories *Self,
                            clang::tidy::ClangTidyContext *Context) __asm__(
    "__real__ZNK5clang4tidy23ClangTidyCheckFactories23createChecksForLanguage"
    "EPNS0_16ClangTidyContextE");
// clangd's logger (support/Logger.h): detail::logImpl(Logger::Level, ...).
void clangdLog(unsigned char Level, const char *Fmt,
               const llvm::formatv_object_base &Message) __asm__(
    "_ZN5clang6clangd6detail7logImplENS0_6Logger5LevelEPKcRKN4llvm19formatv_"
    "object_baseE");
constexpr unsigned char LoggerInfo = 2; // Logger::Level::Info

/// The checks' "no project index" line (ProjectIndex::setNoIndexSink), once
/// per process, in clangd's log rather than as a raw line on its stderr.
static void noIndexToLog(llvm::StringRef Line) {
  clangdLog(LoggerInfo, "{0}", llvm::formatv("gpuleak-clangd: {0}", Line));
}
[[maybe_unused]] static const bool NoIndexToLog = [] {
  clang::tidy::gpuleak::ProjectIndex::setNoIndexSink(noIndexToLog);
  return true;
}();

/// clangd::isFastTidyCheck: whether a check adds at most clangd's bar (8%) to
/// a main-file AST build; std::nullopt when clangd has not measured it.
/// clangd's FastCheckFilter drops checks answered false (Strict, Loose) or
/// std::nullopt (Strict, its default). The gpuleak checks are answered fast
/// so that they run by default (docs/editors.md: why, and what was measured).
std::optional<bool> wrapIsFastTidyCheck(llvm::StringRef Check) __asm__(
    "__wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
std::optional<bool> wrapIsFastTidyCheck(llvm::StringRef Check) {
  if (Check.starts_with(GpuLeakPrefix))
    return true;
  return realIsFastTidyCheck(Check);
}

/// clangd::provideDefaultChecks: clangd's default checks when neither a
/// .clang-tidy nor a .clangd names any. It runs after both, so "gpuleak-*"
/// goes first in the list: any later "-gpuleak-..." or "-*" wins over it.
TidyProvider wrapProvideDefaultChecks() __asm__(
    "__wrap__ZN5clang6clangd20provideDefaultChecksEv");
TidyProvider wrapProvideDefaultChecks() {
  return [Defaults = realProvideDefaultChecks()](
             clang::tidy::ClangTidyOptions &Opts, llvm::StringRef File) {
    Defaults(Opts, File);
    std::string Checks = (GpuLeakPrefix + "*").str();
    if (Opts.Checks && !Opts.Checks->empty())
      Checks += "," + *Opts.Checks;
    Opts.Checks = std::move(Checks);
  };
}

/// clangd::CommandMangler::operator(): adjusts every compile command clangd
/// reads before it is parsed. CMake's precompiled-header wrapper is first
/// replaced by the headers it lists, and an nvcc command made a clang one.
void wrapCommandMangler(const void *Mangler,
                        clang::tooling::CompileCommand &Command,
                        llvm::StringRef File) __asm__(
    "__wrap__ZNK5clang6clangd14CommandManglerclERNS_7tooling14"
    "CompileCommandEN4llvm9StringRefE");
void wrapCommandMangler(const void *Mangler,
                        clang::tooling::CompileCommand &Command,
                        llvm::StringRef File) {
  // CMake's precompiled-header wrapper as the headers it lists: its
  // `#pragma GCC system_header` would make them system headers.
  Command.CommandLine =
      expandCMakePchWrapper(Command.CommandLine, Command.Directory);
  // LibTorch's and CUDA's folders given with -I: library code still.
  Command.CommandLine =
      libraryIncludesAsSystem(Command.CommandLine, Command.Directory);
  if (std::optional<std::vector<std::string>> Clang =
          translateNvccCommand(Command.CommandLine))
    Command.CommandLine = std::move(*Clang);
  realCommandMangler(Mangler, Command, File);
}

/// Says in clangd's log, once per check and reason, why a check that the
/// file's configuration enables is not among \p Created, the checks clangd
/// runs on it: clangd built them from \p Fast, its check factories less
/// those its FastCheckFilter dropped, and left out those whose
/// isLanguageVersionSupported is false.
static void sayDropped(const clang::tidy::ClangTidyCheckFactories &Fast,
                       const CheckList &Created,
                       clang::tidy::ClangTidyContext &Context) {
  static const auto *All = [] {
    auto *Factories = new clang::tidy::ClangTidyCheckFactories;
    for (const auto &E : clang::tidy::ClangTidyModuleRegistry::entries())
      E.instantiate()->addCheckFactories(*Factories);
    return Factories;
  }();
  static std::mutex Mu;
  static llvm::StringSet<> Said; // check name + reason
  llvm::StringSet<> Kept, Running;
  for (const auto &Factory : Fast)
    Kept.insert(Factory.getKey());
  for (const auto &Check : Created)
    Running.insert(
        static_cast<const clang::ast_matchers::MatchFinder::MatchCallback &>(
            *Check)
            .getID());
  for (const auto &Factory : *All) {
    llvm::StringRef Name = Factory.getKey();
    if (Running.contains(Name) || !Context.isCheckEnabled(Name))
      continue;
    std::string Why;
    if (!Kept.contains(Name)) {
      std::optional<bool> IsFast = realIsFastTidyCheck(Name);
      Why = IsFast.has_value() // measured, and not fast
                ? "clangd measured it as slow, and its FastCheckFilter "
                  "runs such checks only when set to None"
                : "clangd has not measured its speed, and its "
                  "FastCheckFilter runs such checks only when set to "
                  "Loose or None";
    } else {
      Why = Context.getLangOpts().CPlusPlus
                ? "the check does not support this file's C++ version"
                : "the check does not support this file's language";
    }
    std::lock_guard<std::mutex> Lock(Mu);
    if (!Said.insert((Name + "\n" + Why).str()).second)
      continue;
    clangdLog(LoggerInfo, "{0}",
              llvm::formatv("gpuleak-clangd: clang-tidy check '{0}' is "
                            "enabled but does not run: {1}",
                            Name, Why));
  }
}

/// ClangTidyCheckFactories::createChecksForLanguage, which clangd calls on
/// the factories its FastCheckFilter kept, for each AST it builds.
CheckList
wrapCreateChecksForLanguage(const clang::tidy::ClangTidyCheckFactories *Self,
                            clang::tidy::ClangTidyContext *Context) __asm__(
    "__wrap__ZNK5clang4tidy23ClangTidyCheckFactories23createChecksForLanguage"
    "EPNS0_16ClangTidyContextE");
CheckList
wrapCreateChecksForLanguage(const clang::tidy::ClangTidyCheckFactories *Self,
                            clang::tidy::ClangTidyContext *Context) {
  CheckList Checks = realCreateChecksForLanguage(Self, Context);
  sayDropped(*Self, Checks, *Context);
  return Checks;
}

/// clangd's toJSON(const PublishDiagnosticsParams &), which ClangdLSPServer
/// calls to send each textDocument/publishDiagnostics. clangd links every
/// clang-tidy diagnostic (`codeDescription.href`) to
/// clang.llvm.org/extra/clang-tidy/checks/<module>/<check>.html, its
/// getDiagnosticDocURI; that site has no gpuleak pages. A gpuleak
/// diagnostic's link is made GPULEAK_DOCS_URL + docsPage(), the page that
/// `gpuleak check` names in SARIF's helpUri. getDiagnosticDocURI itself
/// cannot be wrapped: its caller, toLSPDiags, is in the same object file and
/// calls it without a symbol reference, which --wrap never sees.
/// PublishDiagnosticsParams is opaque here (Debian ships no clangd headers);
/// only the JSON it becomes is read.
llvm::json::Value realPublishDiagnosticsToJSON(const void *Params) __asm__(
    "__real__ZN5clang6clangd6toJSONERKNS0_24PublishDiagnosticsParamsE");
llvm::json::Value wrapPublishDiagnosticsToJSON(const void *Params) __asm__(
    "__wrap__ZN5clang6clangd6toJSONERKNS0_24PublishDiagnosticsParamsE");
llvm::json::Value wrapPublishDiagnosticsToJSON(const void *Params) {
  llvm::json::Value Out = realPublishDiagnosticsToJSON(Params);
  llvm::json::Object *Notification = Out.getAsObject();
  llvm::json::Array *Diagnostics =
      Notification ? Notification->getArray("diagnostics") : nullptr;
  if (!Diagnostics)
    return Out;
  for (llvm::json::Value &D : *Diagnostics) {
    llvm::json::Object *Diag = D.getAsObject();
    if (!Diag || Diag->getString("source") != "clang-tidy")
      continue;
    std::optional<llvm::StringRef> Code = Diag->getString("code");
    // As clangd does, whether or not the client announced
    // codeDescriptionSupport.
    if (Code && Code->starts_with(GpuLeakPrefix))
      (*Diag)["codeDescription"] = llvm::json::Object{
          {"href", GPULEAK_DOCS_URL + docsPage(*Code)}};
  }
  return Out;
}

} // namespace gpuleak
