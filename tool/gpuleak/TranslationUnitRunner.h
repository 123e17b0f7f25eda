//===--- TranslationUnitRunner.h - gpuleak checks over one TU -------------===//
//
// Runs the enabled gpuleak-* checks over one translation unit in-process, the
// way one clang-tidy process of run-clang-tidy does: clang-tidy's
// ClangTidyContext, FileOptionsProvider (.clang-tidy lookup),
// ClangTidyDiagnosticConsumer (NOLINT, header filter) and
// ClangTidyASTConsumerFactory, driven by a clang::tooling::ClangTool. Every
// call builds its own context and file system, so calls may run in parallel.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_TRANSLATIONUNITRUNNER_H
#define GPULEAK_TOOL_GPULEAK_TRANSLATIONUNITRUNNER_H

#include "Findings.h"
#include "summaries/Summaries.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace gpuleak {

class ResultCache;
class SharedPrefix;
struct TUInputs;
struct SharingCandidate;

/// Settings shared by every translation unit of one run. Read-only while
/// translation units run, except the config error list, which has a lock.
struct RunSettings {
  /// The --checks value, or empty. Applied after .clang-tidy files, as
  /// clang-tidy's --checks is.
  std::string Checks;
  /// --header-filter and --exclude-header-filter, when given: they override
  /// the .clang-tidy files' HeaderFilterRegex and ExcludeHeaderFilterRegex,
  /// as clang-tidy's options do.
  std::optional<std::string> HeaderFilter, ExcludeHeaderFilter;
  /// --warnings-as-errors, when given: appended to the WarningsAsErrors of
  /// the .clang-tidy files, as clang-tidy's option is.
  std::optional<std::string> WarningsAsErrors;
  /// --config-file (or --config), parsed, and its absolute path (for
  /// --config, clang-tidy's name for it; the name of its settings in
  /// errors): it takes the place of the .clang-tidy files, or, when it
  /// sets InheritParentConfig, goes on top of them, as clang-tidy's
  /// --config-file does.
  std::optional<clang::tidy::ClangTidyOptions> ConfigFile;
  std::string ConfigFilePath;
  /// --system-headers, when given: overrides the .clang-tidy files'
  /// SystemHeaders, as clang-tidy's option does.
  std::optional<bool> SystemHeaders;
  /// -resource-dir for the compiler, unless a compile command has its own.
  std::string ResourceDir;
  /// Compute each TU's function summaries for the project index; the checks
  /// then read no index of an earlier run.
  bool Summarize = false;
  /// The result cache (ResultCache.h), or null: each TU is then analysed.
  ResultCache *Cache = nullptr;
  /// Record what each TU's parse read (or, from the cache, had read), for
  /// a shard's run identity (Shard.h): takeInputs() gives it.
  bool RecordInputs = false;
  /// Record the names of the files each TU's parse read (or, from the
  /// cache, had read): takeIncluded() gives them, to find the headers that
  /// no TU includes.
  bool RecordIncluded = false;
  /// The gpuleak-* checks, each with the names of its options (without the
  /// `check-name.` prefix), as the checks store them: what a .clang-tidy may
  /// name under `Checks` and `CheckOptions`.
  std::map<std::string, std::set<std::string>> CheckOptions =
      registeredCheckOptions();

  /// The gpuleak-* checks and their options, from clang-tidy's module
  /// registry (each check is constructed once to ask it).
  static std::map<std::string, std::set<std::string>> registeredCheckOptions();

  /// Records an error of a .clang-tidy file or of --checks (from any
  /// thread).
  void addConfigError(InputError E);
  /// Whether an error about \p File whose message starts with
  /// \p MessagePrefix was recorded.
  bool hasConfigError(llvm::StringRef File, llvm::StringRef MessagePrefix);
  std::vector<InputError> takeConfigErrors();

  /// Adds \p In (from any thread): each file read -> the hash of its bytes,
  /// each path found absent -> "".
  void addInputs(const TUInputs &In);
  std::map<std::string, std::string> takeInputs();
  /// Adds the files of \p In (from any thread), for takeIncluded().
  void addIncluded(const TUInputs &In);
  std::set<std::string> takeIncluded();

private:
  std::mutex IncludedLock;
  std::set<std::string> Included;
  std::mutex ConfigErrorsLock;
  std::vector<InputError> ConfigErrors;
  std::mutex InputsLock;
  std::map<std::string, std::string> Inputs;
};

/// A call in a loop (or of a function called in a loop) that hands a
/// graph-carrying value to a function defined in another translation unit (clang::tidy::gpuleak::OpenCallSite, in
/// places): a gpuleak-retained-tensor finding when the project index says
/// the callee keeps that parameter.
struct OpenSite {
  std::string CalleeUSR;
  /// The callee's name as the check's message gives it, and qualified.
  std::string CalleeName;
  std::string CalleeQualifiedName;
  unsigned Param = 0;
  SourcePlace Call;
  SourcePlace Origin;
  /// Functions of other files the graph (for Device: the device storage)
  /// was assumed to flow through, or to come from (USRs, or ""): decided
  /// against their summaries.
  std::string AssumedUSR;
  std::string AssumedGraphUSR;
  /// Further functions of other files it was assumed to flow through after
  /// AssumedUSR (`detach_state(next_memory(out))`): one that cuts it (for
  /// Device: drops the device storage) settles the site.
  std::vector<std::string> AssumedOuterUSRs;
  /// The value carries no graph, only device storage: a finding when the
  /// callee adds it to what it keeps (not a setter's `overwrites`), and,
  /// when RepeatedByUSR is set (the loop ends by its condition), when that
  /// function, the caller, is called in a loop of the project.
  bool Device = false;
  /// Device, for a value that carries a graph (the twin of its site with a
  /// graph): a finding only where the callee keeps a detached copy
  /// (ParamStore::Device).
  bool DeviceStoresOnly = false;
  std::string RepeatedByUSR;
  /// The call is in no loop of its caller (RepeatedByUSR): a finding only
  /// when the callee adds to what it keeps (not a setter's `overwrites`) and
  /// the caller is called in a loop of the project; worded per call.
  bool PerCall = false;
  /// A value read from a member that the caller fills with graphs: the
  /// store that hands each call's graph to the next call (its place, and the
  /// member's name, unquoted); RepeatedByUSR is then empty.
  std::optional<SourcePlace> CarriedBy;
  std::string CarriedMember;
  /// When another method of the class fills the member: the method that
  /// reads it, as its note names it (`observe`); else empty.
  std::string CarriedReader;
  /// Set when a // NOLINT comment on the call's line silences the check.
  bool Silenced = false;
  /// "error" under WarningsAsErrors.
  std::string Severity = "warning";
};

/// Findings and errors of one translation unit.
struct TUResult {
  /// Summaries of the functions the TU defines (with the members, globals
  /// and statics each bounds), and its open call sites; filled only when
  /// RunSettings::Summarize is set.
  std::vector<clang::tidy::gpuleak::FunctionSummary> Summaries;
  std::vector<OpenSite> Sites;
  /// Seconds spent computing the summaries and open sites, and analysing
  /// the whole TU (parse, checks, summaries).
  double SummarySeconds = 0;
  double Seconds = 0;
  /// How many of the summaries are of tensor-free functions, which skip the
  /// provenance analysis (summaries/TensorFree.h); 0 for a cache hit.
  unsigned TensorFreeFunctions = 0;
  std::vector<Finding> Findings;
  /// The findings of gpuleak checks in headers (not system ones) that the
  /// header filters left out, as "FILE:LINE:COL: CHECK" (the file as clang
  /// names it), sorted, and whether the header filter matched any header
  /// the TU read: a run whose filters left findings out and matched no
  /// header warns (a filter written relative, `^include/`, where clang-tidy
  /// matches the names clang opens headers by, absolute with CMake).
  std::vector<std::string> FilteredHeaderFindings;
  bool HeaderFilterMatched = false;
  /// Set when the TU failed to parse: a one-line summary of the compiler
  /// errors.
  std::optional<std::string> Error;
};

/// What a configuration gets wrong about gpuleak, one message per problem,
/// each naming its key (`Checks: 'gpuleak-x' matches no gpuleak check`).
std::vector<std::string>
configProblems(const clang::tidy::ClangTidyOptions &Options,
               const RunSettings &Settings);

/// A clang-tidy configuration text parsed as clang-tidy parses it, or, when
/// it cannot be, the first error as "LINE:COL: MESSAGE" (or the error code's
/// message). A text whose last line has no line break is read with one:
/// LLVM's YAML reader rejects a document-end marker (`...`) at the very end
/// of the text ("unknown key '...'"), which YAML allows.
llvm::Expected<clang::tidy::ClangTidyOptions>
parseTidyConfig(llvm::MemoryBufferRef Config);

/// The options provider gpuleak check uses for every translation unit
/// (defaults, .clang-tidy files or --config-file, command-line options),
/// over \p FS (the real file system when null). Errors of the .clang-tidy
/// files it reads are recorded in \p Settings.
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeOptionsProvider(RunSettings &Settings,
                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

/// Whether \p Checks (a clang-tidy glob list) enables any gpuleak check.
bool enablesAnyCheck(llvm::StringRef Checks, const RunSettings &Settings);

/// The warning for an empty HeaderFilterRegex (or `--header-filter=`) in
/// the configuration of \p File, which clang-tidy 22 takes for "no header":
/// every finding in a header is left out. std::nullopt when it is not
/// empty.
std::optional<InputError>
emptyHeaderFilterWarning(clang::tidy::ClangTidyOptionsProvider &Options,
                         llvm::StringRef File, const RunSettings &Settings);

/// The warning for an ExcludeHeaderFilterRegex (or --exclude-header-filter)
/// in the configuration of \p File that matches \p ProjectFolder (absolute,
/// the source root), and so every header under it: `build`, meant for a
/// build folder, on a checkout under `/builds/` (a GitLab runner's) leaves
/// out every finding in the project's headers (CI trial 16, D8).
/// std::nullopt otherwise.
std::optional<InputError>
excludeFilterMatchesProjectWarning(
    clang::tidy::ClangTidyOptionsProvider &Options, llvm::StringRef File,
    const RunSettings &Settings, llvm::StringRef ProjectFolder);

/// The warning of a run whose header filters left findings in headers out
/// while the header filter matched no header that any of \p TUs read;
/// std::nullopt otherwise.
std::optional<std::string>
headerFilterMatchedNothing(llvm::ArrayRef<TUResult> TUs,
                           const RunSettings &Settings);

/// Whether a finding in the header named \p Name passes the header filters
/// of \p Options, as clang-tidy's ClangTidyDiagnosticConsumer decides: its
/// name matches HeaderFilterRegex and not ExcludeHeaderFilterRegex.
bool headerFilterPasses(const clang::tidy::ClangTidyOptions &Options,
                        llvm::StringRef Name);

/// Records, in \p Settings, the error of a configuration that enables no
/// gpuleak check for \p File (named after the source that set Checks
/// last), unless a misspelled check name of that source already explains it.
void reportNoCheckEnabled(clang::tidy::ClangTidyOptionsProvider &Options,
                          llvm::StringRef File, RunSettings &Settings);

/// Records, in \p Settings, each value of the configuration of \p File that
/// an enabled gpuleak check cannot take (`MaxCallDepth: four`), as the
/// analysis would: the checks are constructed, nothing is parsed.
void reportBadOptionValues(llvm::StringRef File, RunSettings &Settings);

/// Analyses \p File (absolute) with \p Commands, its compile commands from
/// the database; with the precompiled prefix \p Prefix of its group, when
/// given (SharedHeaders.h).
TUResult analyseTranslationUnit(
    llvm::StringRef File,
    const std::vector<clang::tooling::CompileCommand> &Commands,
    RunSettings &Settings, SharedPrefix *Prefix = nullptr);

/// What \p File would share with other translation units (SharedHeaders.h):
/// std::nullopt when it cannot take part, or when its result is in the
/// result cache.
std::optional<SharingCandidate> sharingCandidate(
    llvm::StringRef File,
    const std::vector<clang::tooling::CompileCommand> &Commands,
    RunSettings &Settings);

} // namespace gpuleak

#endif
