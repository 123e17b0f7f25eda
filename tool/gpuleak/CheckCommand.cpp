//===--- CheckCommand.cpp - `gpuleak check` -------------------------------===//

#include "CheckCommand.h"
#include "BuildGraph.h"
#include "ClangCommand.h"
#include "Baseline.h"
#include "ChangedLines.h"
#include "Findings.h"
#include "Fixes.h"
#include "OutputGuard.h"
#include "ProjectFindings.h"
#include "ResultCache.h"
#include "Shard.h"
#include "SharedHeaders.h"
#include "TranslationUnitRunner.h"
#include "Verify.h"
#include "CompileDatabase.h"
#include "UnityBuild.h"
#include "NvccCommand.h"
#include "ConfigProblems.h"
#include "clang-tidy/GlobList.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include <limits>
#include <atomic>
#include <chrono>
#include <climits>
#include <functional>
#include <map>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace llvm;

namespace gpuleak {

static cl::SubCommand CheckCmd(
    "check", "Run the gpuleak-* checks over the translation units of "
             "BUILD_DIR/compile_commands.json, or over the <file>s given");

cl::SubCommand &checkSubcommand() { return CheckCmd; }

static cl::SubCommand
    BaselineCmd("baseline",
                "Run the checks as 'check' does and write their findings as a "
                "baseline file for 'check --baseline'");

cl::SubCommand &baselineSubcommand() { return BaselineCmd; }

static cl::SubCommand
    MergeCmd("merge", "Make the report of one run from the shard files of "
                      "'check --shard=K/N' (docs/cli.md)");

cl::SubCommand &mergeSubcommand() { return MergeCmd; }

static cl::OptionCategory CheckCategory("gpuleak check options");

cl::OptionCategory &checkCategory() { return CheckCategory; }

static cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory holding compile_commands.json, "
                       "or the compile database file itself"),
              cl::value_desc("build-dir"), cl::sub(CheckCmd),
              cl::sub(BaselineCmd), cl::sub(MergeCmd), cl::cat(CheckCategory));

static cl::list<std::string>
    SourcePaths(cl::Positional, cl::desc("[<file> ...]"), cl::sub(CheckCmd),
                cl::sub(BaselineCmd), cl::sub(MergeCmd), cl::cat(CheckCategory));

static cl::opt<unsigned>
    Jobs("j",
         cl::desc("Translation units analysed in parallel (default: the "
                  "number of CPUs)"),
         cl::value_desc("N"), cl::init(0), cl::Prefix, cl::sub(CheckCmd),
         cl::sub(BaselineCmd), cl::cat(CheckCategory));

/// Every value given to --checks: llvm::cl keeps only the last.
static std::vector<std::string> ChecksValues;
static cl::opt<std::string> Checks(
    "checks",
    cl::desc("Comma-separated globs of checks, applied after the .clang-tidy "
             "files (default: gpuleak-*); only gpuleak-* checks exist here"),
    cl::value_desc("globs"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory),
    cl::callback([](const std::string &V) { ChecksValues.push_back(V); }));

static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression matching the names of the headers to report "
             "findings from (the main file of each translation unit is always "
             "reported); overrides HeaderFilterRegex of the .clang-tidy "
             "files, as clang-tidy's --header-filter does"),
    cl::value_desc("regex"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Regular expression matching the names of the headers not to "
             "report findings from; overrides ExcludeHeaderFilterRegex of the "
             ".clang-tidy files, as clang-tidy's --exclude-header-filter does"),
    cl::value_desc("regex"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Comma-separated globs of the checks whose findings are errors; "
             "appended to WarningsAsErrors of the .clang-tidy files, as "
             "clang-tidy's --warnings-as-errors is"),
    cl::value_desc("globs"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::list<std::string> ExtraArgs(
    "extra-arg",
    cl::desc("Additional argument to append to the compiler command line "
             "(repeatable), as clang-tidy's --extra-arg"),
    cl::value_desc("arg"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::list<std::string> ExtraArgsBefore(
    "extra-arg-before",
    cl::desc("Additional argument to prepend to the compiler command line "
             "(repeatable), as clang-tidy's --extra-arg-before"),
    cl::value_desc("arg"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::opt<std::string> ConfigFile(
    "config-file",
    cl::desc("Read the configuration from <file> instead of the .clang-tidy "
             "files (on top of them when it sets InheritParentConfig), as "
             "clang-tidy's --config-file does"),
    cl::value_desc("file"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::opt<std::string> ConfigText(
    "config",
    cl::desc("The configuration as YAML or JSON text (a .clang-tidy's "
             "content, e.g. '{Checks: \"-*,gpuleak-missing-no-grad\"}') "
             "instead of the .clang-tidy files (on top of them when it sets "
             "InheritParentConfig), as clang-tidy's --config does"),
    cl::value_desc("text"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("Report the findings in system headers too (=false: not), "
             "overriding SystemHeaders of the .clang-tidy files, as "
             "clang-tidy's --system-headers does"),
    cl::sub(CheckCmd), cl::sub(BaselineCmd), cl::cat(CheckCategory));

/// clang-tidy's --line-filter (JSON lines of files): not taken; said with
/// the options that do its work here, instead of "unknown argument".
static cl::opt<std::string> LineFilter("line-filter", cl::Hidden,
                                       cl::sub(CheckCmd), cl::sub(BaselineCmd));

static cl::opt<bool> ListChecks(
    "list-checks",
    cl::desc("List the enabled checks and exit, as clang-tidy's "
             "--list-checks does"),
    cl::sub(CheckCmd), cl::cat(CheckCategory));

static cl::opt<bool> VerifyConfig(
    "verify-config",
    cl::desc("Check the configuration (--checks, --config-file, the "
             ".clang-tidy files of the <file>s, or with -p and no <file> of "
             "every translation unit) without analysing anything, as "
             "clang-tidy's --verify-config does"),
    cl::sub(CheckCmd), cl::cat(CheckCategory));

static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the reported findings and their fix-its to <file> as "
             "clang-tidy's --export-fixes does (YAML for "
             "clang-apply-replacements)"),
    cl::value_desc("file"), cl::sub(CheckCmd), cl::cat(CheckCategory));

static cl::opt<bool> ApplyFixes(
    "fix",
    cl::desc("Apply the fix-its of the reported findings to the source files "
             "(none when a translation unit fails to parse), as clang-tidy's "
             "--fix does"),
    cl::sub(CheckCmd), cl::cat(CheckCategory));

enum class OutputFormat { Text, JSON, SARIF, CodeClimate };
static cl::opt<OutputFormat>
    Format("format", cl::desc("Output format:"),
           cl::values(clEnumValN(OutputFormat::Text, "text",
                                 "clang-style diagnostics (default)"),
                      clEnumValN(OutputFormat::JSON, "json",
                                 "gpuleak findings JSON"),
                      clEnumValN(OutputFormat::SARIF, "sarif", "SARIF 2.1.0"),
                      clEnumValN(OutputFormat::CodeClimate, "codeclimate",
                                 "GitLab Code Quality report (Code Climate "
                                 "issues JSON)")),
           cl::init(OutputFormat::Text), cl::sub(CheckCmd), cl::sub(MergeCmd),
           cl::cat(CheckCategory));

static cl::opt<std::string>
    OutputPath("output",
               cl::desc("Write the report to <file> (atomically) instead of "
                        "stdout"),
               cl::value_desc("file"), cl::sub(CheckCmd), cl::sub(BaselineCmd), cl::sub(MergeCmd),
               cl::cat(CheckCategory));
static cl::alias OutputPathShort("o", cl::desc("Alias for --output"),
                                 cl::aliasopt(OutputPath), cl::NotHidden,
                                 cl::cat(CheckCategory));

static cl::opt<std::string>
    DocsURL("docs-url",
            cl::desc("Base URL of the check docs pages, for SARIF helpUri "
                     "(default: " GPULEAK_DOCS_URL ")"),
            cl::value_desc("url"), cl::init(GPULEAK_DOCS_URL),
            cl::sub(CheckCmd), cl::sub(MergeCmd), cl::cat(CheckCategory));

static cl::opt<std::string> ResourceDir(
    "resource-dir",
    cl::desc("Clang resource directory for the builtin headers (default: "
             "the build-time clang's, " GPULEAK_RESOURCE_DIR ")"),
    cl::value_desc("dir"), cl::init(GPULEAK_RESOURCE_DIR), cl::sub(CheckCmd),
    cl::sub(BaselineCmd), cl::cat(CheckCategory));

static cl::opt<bool> PrintStats(
    "stats",
    cl::desc("Print one line on stderr with the cost of the function "
             "summaries and of the project-wide solve (for bench/)"),
    cl::Hidden, cl::sub(CheckCmd), cl::sub(BaselineCmd), cl::sub(MergeCmd),
    cl::cat(CheckCategory));

static cl::opt<std::string> IndexFile(
    "index",
    cl::desc("Where to write the project index of function summaries "
             "(default: gpuleak-index.json next to the compile database; "
             "'none': do not write one)"),
    cl::value_desc("file"), cl::sub(CheckCmd), cl::sub(BaselineCmd), cl::sub(MergeCmd),
    cl::cat(CheckCategory));

static cl::opt<bool>
    Quiet("quiet",
          cl::desc("Print no summary line and no progress bar on stderr"),
          cl::sub(CheckCmd), cl::sub(BaselineCmd), cl::sub(MergeCmd), cl::cat(CheckCategory));

enum class ColorChoice { Auto, Always, Never };
static cl::opt<ColorChoice>
    Color("color", cl::desc("Colours in the text report and on stderr:"),
          cl::values(clEnumValN(ColorChoice::Auto, "auto",
                                "on each stream that is a terminal (default)"),
                     clEnumValN(ColorChoice::Always, "always", "always"),
                     clEnumValN(ColorChoice::Never, "never", "never")),
          cl::init(ColorChoice::Auto), cl::sub(CheckCmd), cl::sub(BaselineCmd), cl::sub(MergeCmd),
          cl::cat(CheckCategory));

static cl::opt<std::string> BaselinePath(
    "baseline",
    cl::desc("Report, and fail on, only the findings that are not in this "
             "baseline file (written by 'gpuleak baseline')"),
    cl::value_desc("file"), cl::sub(CheckCmd), cl::sub(MergeCmd), cl::cat(CheckCategory));

static cl::opt<std::string> SourceRoot(
    "source-root",
    cl::desc("SARIF names files under <dir> relative to %SRCROOT% (default: "
             "the git top level above the compile database; 'none': "
             "absolute file URIs)"),
    cl::value_desc("dir"), cl::sub(CheckCmd), cl::sub(MergeCmd),
    cl::cat(CheckCategory));

static cl::opt<std::string> ChangedSince(
    "changed-since",
    cl::desc("Analyse only the translation units that include a file "
             "changed since the git <ref> (git diff <ref>), and report only "
             "the findings on changed lines"),
    cl::value_desc("ref"), cl::sub(CheckCmd), cl::cat(CheckCategory));

static cl::opt<std::string> BuildConfig(
    "build-config",
    cl::desc("Analyse the compile commands of this build configuration only "
             "(Release, Debug, ...: CMake's Ninja Multi-Config database lists "
             "each file once per configuration; default: every one)"),
    cl::value_desc("name"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::opt<std::string> ShardOption(
    "shard",
    cl::desc("Analyse the K-th of N parts of the translation units and write "
             "a shard file for 'gpuleak merge' instead of a report"),
    cl::value_desc("K/N"), cl::sub(CheckCmd), cl::cat(CheckCategory));

static cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Folder of the result cache: a translation unit whose inputs, "
             "flags and configuration did not change is not analysed again "
             "(default: gpuleak-cache next to the compile database)"),
    cl::value_desc("dir"), cl::sub(CheckCmd), cl::sub(BaselineCmd),
    cl::cat(CheckCategory));

static cl::opt<bool> NoCache("no-cache",
                             cl::desc("Analyse every translation unit; read "
                                      "and write no result cache"),
                             cl::sub(CheckCmd), cl::sub(BaselineCmd),
                             cl::cat(CheckCategory));

static cl::opt<bool> NoSharedHeaders(
    "no-shared-headers",
    cl::desc("Parse each translation unit's headers on its own, with no "
             "precompiled header shared by translation units of the same "
             "flags and first includes (the findings are the same)"),
    cl::sub(CheckCmd), cl::sub(BaselineCmd), cl::cat(CheckCategory));

/// Whether the lines gpuleak writes on stderr are coloured (--color).
static bool StderrColors = false;

/// WithColor's colour decision for ColorMode::Auto: --color, for stderr.
static bool colorsFor(const raw_ostream &OS) {
  return StderrColors && &OS == &errs();
}

/// Prints `gpuleak: error: <Message>`, the one line every error gets.
static int fail(const Twine &Message) {
  WithColor::error(errs(), "gpuleak") << Message << '\n';
  return ExitError;
}

/// Why a file cannot be written at \p Path, or std::nullopt. Reports and
/// the index are written to a temporary file next to their path and renamed:
/// that file must be creatable, which is checked before the analysis.
static std::optional<std::string> cannotCreateNextTo(StringRef Path) {
  StringRef Parent = sys::path::parent_path(Path);
  SmallString<256> Dir(Parent.empty() ? "." : Parent), Probe;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(
          Dir + "/.gpuleak-probe-%%%%%%", FD, Probe))
    return ("cannot create a file in '" + Dir + "' (" + EC.message() + ")")
        .str();
  sys::Process::SafelyCloseFileDescriptor(FD);
  sys::fs::remove(Probe);
  return std::nullopt;
}

/// \p Path absolute (against the working directory) without `.`/`..`.
static std::string absolute(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The nearest folder at or above \p Dir that holds `.git` (a folder, or
/// the file of a worktree), as a real path, or "".
static std::string gitTopAbove(StringRef Dir) {
  for (SmallString<256> D(Dir); !D.empty(); sys::path::remove_filename(D)) {
    SmallString<256> Git(D);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return D == "/" ? "" : realPathOr(D);
    if (D == sys::path::root_path(D))
      break;
  }
  return "";
}

/// The source root of SARIF's relative URIs, as a real path
/// (underSourceRoot): --source-root, or the git top level of the analysed
/// translation units \p Files (at or above their common folder), else of
/// \p DBDir, or none. The sources' own, so that a build folder outside the
/// checkout (`cmake -B /tmp/out`) still names them relative to it.
static std::string sourceRoot(StringRef DBDir, ArrayRef<std::string> Files) {
  if (SourceRoot == "none")
    return "";
  if (!SourceRoot.empty())
    return realPathOr(absolute(SourceRoot));
  if (std::string Common = commonFolder(Files); !Common.empty())
    if (std::string Top = gitTopAbove(Common); !Top.empty())
      return Top;
  return gitTopAbove(absolute(DBDir));
}

/// Says once, on stderr, that findings of a SARIF or codeclimate report lie
/// outside \p Root and are named there by absolute paths, which GitHub code
/// scanning and GitLab cannot place (not with --source-root=none).
static void warnOutsideSourceRoot(const Results &R, StringRef Root) {
  if (SourceRoot == "none")
    return;
  size_t Outside = 0;
  StringRef Example;
  for (const Finding &F : R.Findings)
    if (!underSourceRoot(F.Place.File, Root) && !Outside++)
      Example = F.Place.File;
  if (!Outside)
    return;
  WithColor::warning(errs(), "gpuleak")
      << Outside << " of " << R.Findings.size()
      << (R.Findings.size() == 1 ? " finding" : " findings")
      << (Outside == 1 ? " is" : " are") << " in files outside "
      << (Root.empty() ? "any git work tree (no source root)"
                       : "the source root '" + Root.str() + "'")
      << " (e.g. '" << Example
      << "'): the report names them by absolute paths, which code scanning "
         "cannot place; pass --source-root=DIR (--source-root=none: absolute "
         "paths, no warning)\n";
}

/// Validates the globs of \p Option (--checks, --warnings-as-errors):
/// every positive one must name a gpuleak check, and a negative one must
/// not misspell one (`-gpuleak-retained-tensr`), as in a .clang-tidy file
/// (globProblem). Returns the error.
static std::optional<std::string> validateGlobs(StringRef Option,
                                                StringRef Globs,
                                                const RunSettings &Settings) {
  if (Globs.empty())
    return std::nullopt;
  clang::tidy::GlobList List(Globs);
  for (const auto &Item : List.getItems()) {
    if (Item.IsPositive && !enablesAnyCheck(Item.Text, Settings))
      return (Option + ": '" + Item.Text +
              "' matches no gpuleak check (gpuleak runs only gpuleak-* checks)")
          .str();
    if (!Item.IsPositive)
      if (std::optional<std::string> Problem = clang::tidy::gpuleak::globProblem(
              ("-" + Item.Text).str(), Settings.CheckOptions))
        return (Option + ": " + *Problem).str();
  }
  return std::nullopt;
}

/// Validates --checks: every positive glob must name a gpuleak check, and the
/// list on top of the default must leave one enabled. Returns the error.
static std::optional<std::string>
validateChecks(StringRef Globs, const RunSettings &Settings) {
  if (Globs.empty())
    return std::nullopt;
  auto EnablesAny = [&](const clang::tidy::GlobList &List) {
    return llvm::any_of(Settings.CheckOptions,
                        [&](const auto &C) { return List.contains(C.first); });
  };
  if (std::optional<std::string> Err =
          validateGlobs("--checks", Globs, Settings))
    return Err;
  if (!EnablesAny(clang::tidy::GlobList(("-*,gpuleak-*," + Globs).str())))
    return ("--checks: '" + Globs + "' enables no gpuleak check").str();
  return std::nullopt;
}

/// Sorts \p Errors by file and message and drops repeats (a .clang-tidy above
/// several folders is read for each).
static void sortUnique(std::vector<InputError> &Errors) {
  llvm::sort(Errors, [](const InputError &A, const InputError &B) {
    return std::tie(A.File, A.Message) < std::tie(B.File, B.Message);
  });
  Errors.erase(std::unique(Errors.begin(), Errors.end(),
                           [](const InputError &A, const InputError &B) {
                             return A.File == B.File && A.Message == B.Message;
                           }),
               Errors.end());
}

/// The config errors \p Settings recorded, sorted, each once.
static std::vector<InputError> takeSortedConfigErrors(RunSettings &Settings) {
  std::vector<InputError> Errors = Settings.takeConfigErrors();
  sortUnique(Errors);
  return Errors;
}

/// The configuration errors of \p Files (absolute) as the analysis finds
/// them (a malformed or misspelled .clang-tidy, no check enabled, a value an
/// enabled check cannot take), sorted, each once; and, with \p Warnings, the
/// warnings of --verify-config. One file of each folder is looked at: the
/// configuration is looked up from a file's folder upward, as clang-tidy
/// does. Nothing is parsed.
static std::vector<InputError>
configErrorsOf(ArrayRef<std::string> Files, RunSettings &Settings,
               std::vector<InputError> *Warnings) {
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider =
      makeOptionsProvider(Settings, nullptr);
  StringSet<> Folders;
  for (const std::string &File : Files) {
    if (!Folders.insert(sys::path::parent_path(File)).second)
      continue;
    // A file in a folder that does not exist (a stale database) has no
    // configuration to check; clang-tidy's reader would print "Error
    // reading configuration from DIR: directory doesn't exist." for each
    // missing folder above it. The analysis says "cannot parse".
    if (!sys::fs::is_directory(sys::path::parent_path(File)))
      continue;
    if (Warnings)
      if (std::optional<InputError> W =
              emptyHeaderFilterWarning(*Provider, File, Settings);
          W && llvm::none_of(*Warnings, [&](const InputError &E) {
            return E.File == W->File;
          }))
        Warnings->push_back(std::move(*W));
    reportNoCheckEnabled(*Provider, File, Settings);
    reportBadOptionValues(File, Settings);
  }
  return takeSortedConfigErrors(Settings);
}

/// --list-checks and --verify-config over \p Files (absolute): for
/// --list-checks the configuration of the first, as clang-tidy reads it;
/// for --verify-config that of each (clang-tidy: the first); nothing is
/// analysed. Its errors are gpuleak's config errors (exit 2), where
/// clang-tidy warns (--verify-config, exit 1) or says nothing
/// (--list-checks, exit 0).
static int listChecksOrVerifyConfig(RunSettings &Settings,
                                    ArrayRef<std::string> Files) {
  if (ListChecks)
    Files = Files.take_front();
  std::vector<std::string> Enabled;
  if (ListChecks) {
    std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider =
        makeOptionsProvider(Settings, nullptr);
    clang::tidy::GlobList Globs(
        Provider->getOptions(Files.front()).Checks.value_or(""));
    for (const auto &Check : Settings.CheckOptions)
      if (Globs.contains(Check.first))
        Enabled.push_back(Check.first);
    reportNoCheckEnabled(*Provider, Files.front(), Settings);
  }
  std::vector<InputError> Warnings;
  std::vector<InputError> Errors =
      ListChecks ? takeSortedConfigErrors(Settings)
                 : configErrorsOf(Files, Settings, &Warnings);
  if (ListChecks && !Enabled.empty()) {
    // clang-tidy's words and layout.
    outs() << "Enabled checks:";
    for (const std::string &Check : Enabled)
      outs() << "\n    " << Check;
    outs() << "\n\n";
  }
  for (const InputError &E : Errors)
    WithColor::error(errs(), "gpuleak") << E.File << ": " << E.Message << '\n';
  for (const InputError &W : Warnings)
    WithColor::warning(errs(), "gpuleak") << W.File << ": " << W.Message << '\n';
  if (!Errors.empty())
    return ExitError;
  if (VerifyConfig && !ListChecks)
    outs() << "No config errors detected.\n";
  return ExitClean;
}

/// Lets a worker's next translation unit reuse the memory its last one freed.
/// By default glibc hands large blocks back to the kernel on free (munmap,
/// heap trimming), so every translation unit after the first page-faults its
/// ~800 MB of AST in again: for 2 <torch/torch.h> TUs on one thread, 342k
/// minor faults and 3.8 s of system time, against 193k and 2.6 s with these
/// settings (bench/run-clang-tidy-vs-gpuleak.py; peak memory unchanged, since
/// each worker reuses its own arena). Separate clang-tidy processes pay the
/// faults for every TU.
static void keepFreedMemoryForNextTU() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20); // the largest glibc accepts on 64-bit
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}

namespace {
/// A progress bar on stderr, drawn only when stderr is a terminal and
/// --quiet is not given.
class ProgressBar {
public:
  explicit ProgressBar(size_t Total)
      : Enabled(!Quiet && sys::Process::StandardErrIsDisplayed()),
        Total(Total) {}

  void started(StringRef File) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Current = sys::path::filename(File).str();
    draw();
  }
  void finished() {
    std::lock_guard<std::mutex> Lock(Mutex);
    ++Done;
    draw();
  }
  void clear() {
    if (Enabled)
      errs() << "\r\x1b[K";
  }
  bool enabled() const { return Enabled; }

private:
  void draw() {
    if (!Enabled)
      return;
    constexpr size_t Width = 30;
    size_t Filled = Total ? Done * Width / Total : Width;
    errs() << "\r\x1b[K[" << std::string(Filled, '=')
           << std::string(Width - Filled, ' ') << "] " << Done << '/' << Total
           << ' ' << Current;
    errs().flush();
  }

  const bool Enabled;
  const size_t Total;
  std::mutex Mutex;
  size_t Done = 0;
  std::string Current;
};
} // namespace

namespace {
/// The database \p Base, not owned: what inferMissingCompileCommands wraps
/// for the headers that no translation unit includes.
class BorrowedDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit BorrowedDatabase(const clang::tooling::CompilationDatabase &Base)
      : Base(Base) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    return Base.getCompileCommands(File);
  }
  std::vector<std::string> getAllFiles() const override {
    return Base.getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return Base.getAllCompileCommands();
  }

private:
  const clang::tooling::CompilationDatabase &Base;
};
} // namespace

/// The compile commands of \p Header, a header that no translation unit
/// includes, as clang's InterpolatingCompilationDatabase (\p Inferred)
/// infers them: the closest file's command, `-x c++-header` for a C++
/// one. clang's driver knows no `.cuh`: for one, the command inferred for
/// the `.cu` of its name (a CUDA one where the database has any), with the
/// header in its place, `-x cuda` before it in a clang command (an nvcc
/// one takes `.cuh` for CUDA, NvccCommand.h).
static std::vector<clang::tooling::CompileCommand>
headerCommands(const clang::tooling::CompilationDatabase &Inferred,
               StringRef Header) {
  if (!sys::path::extension(Header).equals_insensitive(".cuh"))
    return Inferred.getCompileCommands(Header);
  SmallString<256> Cu(Header);
  sys::path::replace_extension(Cu, ".cu");
  std::vector<clang::tooling::CompileCommand> Commands =
      Inferred.getCompileCommands(Cu);
  for (clang::tooling::CompileCommand &C : Commands) {
    C.Filename = Header.str();
    for (size_t I = 0; I < C.CommandLine.size(); ++I) {
      if (C.CommandLine[I] != Cu)
        continue;
      C.CommandLine[I] = Header.str();
      if (!isNvcc(C.CommandLine.front())) {
        size_t At = I > 0 && C.CommandLine[I - 1] == "--" ? I - 1 : I;
        C.CommandLine.insert(C.CommandLine.begin() + At, {"-x", "cuda"});
        ++I, ++I;
      }
    }
  }
  return Commands;
}

/// Whether \p Path is named as a header that may be analysed on its own:
/// `.h`, `.hh`, `.hpp`, `.hxx` or `.cuh` (not `.inl`, `.inc`, `.def`).
static bool isHeaderFileName(StringRef Path) {
  std::string Ext = sys::path::extension(Path).lower();
  return llvm::is_contained({".h", ".hh", ".hpp", ".hxx", ".cuh"}, Ext);
}

/// The headers that a translation unit of their own analyses when no
/// translation unit includes them (docs/cli.md, "Headers that no
/// translation unit includes"): the files that the git repository of
/// \p Root tracks under \p Under (trackedFiles) named `.h`, `.hh`, `.hpp`,
/// `.hxx` or `.cuh` (not `.inl`, `.inc`, `.def`: fragments, not
/// self-contained by design), not under \p BuildDir, that the header filters
/// of their configuration pass; real paths. In \p Sources, the C, C++ and
/// CUDA sources tracked there (isSourceFileName), real paths.
static std::set<std::string> headerCandidates(StringRef Root, StringRef Under,
                                              StringRef BuildDir,
                                              RunSettings &Settings,
                                              std::set<std::string> &Sources) {
  std::set<std::string> Headers;
  std::optional<std::vector<std::string>> Tracked = trackedFiles(Root);
  if (!Tracked)
    return Headers;
  std::string Build = realPathOr(BuildDir);
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Options;
  for (const std::string &F : *Tracked) {
    bool IsSource = isSourceFileName(F);
    if (!IsSource && !isHeaderFileName(F))
      continue;
    auto Inside = [](StringRef Path, StringRef Dir) {
      return Path.size() > Dir.size() && Path.starts_with(Dir) &&
             sys::path::is_separator(Path[Dir.size()]);
    };
    if (!Inside(F, Under))
      continue;
    std::string Real = realPathOr(F);
    if (Inside(Real, Build))
      continue;
    if (!sys::fs::is_regular_file(Real))
      continue;
    if (IsSource) {
      Sources.insert(std::move(Real));
      continue;
    }
    if (!Options)
      Options = makeOptionsProvider(Settings, nullptr);
    if (!headerFilterPasses(Options->getOptions(F), F))
      continue;
    Headers.insert(std::move(Real));
  }
  return Headers;
}

/// The headers among the FILEs given (\p Given: as written, real path),
/// analysed as a whole run analyses them (docs/cli.md, "Headers that no
/// translation unit includes"): each must be one of \p Candidates that no
/// translation unit of \p DB includes (by the preprocessor's include
/// lists, as for --changed-since); then it goes to \p Lone. Otherwise an
/// error says why not: a whole run reports its findings through the
/// translation units that include it, or not at all.
static Error
takeGivenHeaders(ArrayRef<std::pair<std::string, std::string>> Given,
                 const std::set<std::string> &Candidates,
                 const clang::tooling::CompilationDatabase &DB,
                 StringRef DBPath, StringRef ResourceDir,
                 std::vector<std::string> &Lone) {
  for (const auto &[Arg, Real] : Given)
    if (!Candidates.count(Real))
      return createStringError(
          "'" + Arg + "' is not in '" + DBPath +
          "', and not a header that a whole run analyses on its own (one "
          "that git tracks under the source root, outside the build folder, "
          "that the header filters pass)");
  std::vector<std::string> TUs = DB.getAllFiles();
  llvm::sort(TUs);
  std::vector<std::optional<std::set<std::string>>> Lists(TUs.size());
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I; (I = Next++) < TUs.size();)
      Lists[I] =
          includedFiles(TUs[I], DB.getCompileCommands(TUs[I]), ResourceDir);
  };
  unsigned N =
      Jobs ? Jobs.getValue() : hardware_concurrency().compute_thread_count();
  {
    DefaultThreadPool Pool(hardware_concurrency(std::max(1u, N)));
    for (unsigned W = 0; W < std::max(1u, N); ++W)
      Pool.async(Work);
    Pool.wait();
  }
  for (size_t I = 0; I < TUs.size(); ++I)
    if (!Lists[I])
      return createStringError(
          "cannot tell whether a translation unit includes '" +
          Given.front().first + "': the preprocessing of '" + TUs[I] +
          "' failed; give the translation units, or run without FILEs");
  for (const auto &[Arg, Real] : Given) {
    std::vector<std::string> Includers;
    for (size_t I = 0; I < TUs.size(); ++I)
      if (Lists[I]->count(Real))
        Includers.push_back(TUs[I]);
    if (!Includers.empty())
      return createStringError(
          "'" + Arg + "' is a header that '" + Includers.front() + "'" +
          (Includers.size() > 1
               ? " (and " + std::to_string(Includers.size() - 1) + " more)"
               : std::string()) +
          " includes: give the translation units that include it (a header "
          "is analysed on its own only when none does)");
    if (!llvm::is_contained(Lone, Real))
      Lone.push_back(Real);
  }
  return Error::success();
}

/// Analyses \p Files on \p NumWorkers threads: each worker takes the next
/// translation unit until none is left. Every translation unit gets its own
/// clang-tidy context; nothing is shared between them but \p Settings and,
/// with \p Shared, the precompiled prefix of each group of translation
/// units (SharedHeaders.h).
static void
analyseAll(ArrayRef<std::string> Files,
           ArrayRef<std::vector<clang::tooling::CompileCommand>> Commands,
           RunSettings &Settings, SharedHeaders *Shared, unsigned NumWorkers,
           ProgressBar &Progress, std::vector<TUResult> &TUResults) {
  TUResults.assign(Files.size(), TUResult());
  keepFreedMemoryForNextTU();
  std::vector<std::shared_ptr<SharedPrefix>> Prefixes(Files.size());
  auto OnWorkers = [NumWorkers](std::function<void()> Work) {
    if (NumWorkers == 1)
      return Work();
    DefaultThreadPool Pool(hardware_concurrency(NumWorkers));
    for (unsigned W = 0; W < NumWorkers; ++W)
      Pool.async(Work);
    Pool.wait();
  };
  if (Shared) {
    // What each TU shares (a cache lookup and a look at its first lines).
    std::vector<std::optional<SharingCandidate>> Candidates(Files.size());
    std::atomic<size_t> Next{0};
    OnWorkers([&] {
      for (size_t I; (I = Next++) < Files.size();)
        Candidates[I] = sharingCandidate(Files[I], Commands[I], Settings);
    });
    Prefixes = Shared->plan(Candidates);
  }
  // Each group's TUs one after the other, the groups in the order of their
  // first TU, then the TUs of no group: the workers share a group's PCH
  // soon after it is built, and builds (one at a time) seldom meet.
  std::vector<size_t> Order, Alone;
  std::map<const SharedPrefix *, std::vector<size_t>> Members;
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!Prefixes[I]) {
      Alone.push_back(I);
      continue;
    }
    std::vector<size_t> &Group = Members[Prefixes[I].get()];
    if (Group.empty())
      Order.push_back(I); // stands for its group until expanded below
    Group.push_back(I);
  }
  std::vector<size_t> Firsts = std::move(Order);
  Order.clear();
  for (size_t First : Firsts) {
    const std::vector<size_t> &Group = Members[Prefixes[First].get()];
    Order.insert(Order.end(), Group.begin(), Group.end());
  }
  Order.insert(Order.end(), Alone.begin(), Alone.end());
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t N; (N = Next++) < Order.size();) {
      size_t I = Order[N];
      Progress.started(Files[I]);
      auto Start = std::chrono::steady_clock::now();
      TUResults[I] = analyseTranslationUnit(Files[I], Commands[I], Settings,
                                            Prefixes[I].get());
      TUResults[I].Seconds = std::chrono::duration<double>(
                                 std::chrono::steady_clock::now() - Start)
                                 .count();
      Progress.finished();
    }
  };
  OnWorkers(Work);
  Progress.clear();
}

/// The findings and errors of \p TUResults (of \p Files) and the
/// configuration errors, sorted, each finding once.
static Results collectResults(ArrayRef<std::string> Files,
                              std::vector<TUResult> &TUResults,
                              std::vector<InputError> ConfigErrors) {
  Results R;
  for (size_t I = 0; I < Files.size(); ++I) {
    TUResult &TU = TUResults[I];
    std::move(TU.Findings.begin(), TU.Findings.end(),
              std::back_inserter(R.Findings));
    TU.Findings.clear();
    if (TU.Error)
      R.Errors.push_back({Files[I], *TU.Error});
  }
  for (InputError &E : ConfigErrors)
    R.Errors.push_back(std::move(E));
  sortAndDeduplicate(R);
  return R;
}

/// The summary line on stderr (docs/cli.md, "stderr"): the findings
/// reported, per check, how many the baseline held back (only with
/// --baseline), the errors, the translation units and the time.
static void printSummary(const Results &R, std::optional<size_t> Baselined,
                         size_t Errors, size_t TUs, size_t Cached,
                         double Seconds, size_t Headers,
                         StringRef Configs) {
  auto Count = [](size_t N, StringRef What) {
    return (Twine(N) + " " + What + (N == 1 ? "" : "s")).str();
  };
  std::map<StringRef, size_t> PerCheck;
  for (const Finding &F : R.Findings)
    ++PerCheck[F.Check];
  std::string Line = "gpuleak: " + Count(R.Findings.size(), "finding");
  if (!PerCheck.empty()) {
    SmallVector<std::string, 8> Items;
    for (const auto &[Check, N] : PerCheck)
      Items.push_back((Check + ": " + Twine(N)).str());
    Line += " (" + join(Items, ", ") + ")";
  }
  if (Baselined)
    Line += ", " + std::to_string(*Baselined) + " baselined";
  Line += ", " + Count(Errors, "error") + ", " +
          Count(TUs - Headers, "translation unit") + Configs.str();
  if (Headers)
    Line += " (+" + Count(Headers, "header") +
            " that no translation unit includes)";
  if (Cached)
    Line += " (" + std::to_string(TUs - Cached) + " analysed, " +
            std::to_string(Cached) + " from the cache)";
  Line += ", " + formatv("{0:f1} s", Seconds).str();
  errs() << Line << '\n';
}

/// `check --shard=K/N`'s end: the shard file to --output or stdout, its
/// errors on stderr (the merge reports them again) and one line. Exit 2 on an
/// error, else 0: the findings are the merge's to count.
static int writeShardFile(ShardContents C,
                          std::chrono::steady_clock::time_point Start) {
  // The errors of its headers that no translation unit may include are the
  // merge's to report: another shard's translation units may read one.
  std::vector<InputError> Errors = C.ConfigErrors;
  for (size_t I = 0; I < C.TUs.size(); ++I)
    if (C.TUs[I].Error)
      Errors.push_back({C.Files[I], *C.TUs[I].Error});
  sortUnique(Errors);
  for (const InputError &E : Errors)
    WithColor::error(errs(), "gpuleak") << E.File << ": " << E.Message << '\n';
  std::string Output = OutputPath.empty() ? "-" : OutputPath.getValue();
  size_t NumErrors = Errors.size();
  auto Write = [&](raw_ostream &OS) {
    writeShard(OS, C);
    return;
  };
  if (Error Err = writeOutput(Output, Write)) {
    std::string Reason = errorToErrorCode(std::move(Err)).message();
    if (Output == "-") {
      fail("cannot write the shard to stdout (" + Reason + ")");
    } else {
      consumeError(writeOutput("-", Write));
      fail("cannot write '" + Output + "' (" + Reason +
           "); the shard went to stdout");
    }
    ++NumErrors;
  }
  if (!Quiet)
    errs() << formatv(
        "gpuleak: shard {0}/{1}: {2} error{3}, {4} of {5} "
        "translation unit{6}{7}, {8:f1} s\n",
        C.Spec.K, C.Spec.N, NumErrors, NumErrors == 1 ? "" : "s",
        C.Files.size(), C.TotalFiles, C.TotalFiles == 1 ? "" : "s",
        C.Headers.empty()
            ? std::string()
            : formatv(" (+{0} header{1} that its translation "
                      "units do not include)",
                      C.Headers.size(), C.Headers.size() == 1 ? "" : "s")
                  .str(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count());
  return NumErrors ? ExitError : ExitClean;
}

/// The files that define a function of the project index \p IndexPath that
/// calls one of \p USRs (real paths), read from the file as written: its
/// stale entries too. ProjectIndex::read drops an entry that names a changed
/// file, and a caller's solved entry names its callee's store (`stores`
/// at the callee's line): with the callee's file changed, the caller's
/// entry is stale, while its own calls, in its own unchanged file, are
/// what they were (CI trial 17, D5).
static std::set<std::string> callersInIndexFile(StringRef IndexPath,
                                                const StringSet<> &USRs) {
  std::set<std::string> Defining;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(IndexPath);
  if (!Text)
    return Defining;
  Expected<json::Value> Parsed = json::parse((*Text)->getBuffer());
  if (!Parsed) {
    consumeError(Parsed.takeError());
    return Defining;
  }
  const json::Object *Top = Parsed->getAsObject();
  const json::Array *Functions = Top ? Top->getArray("functions") : nullptr;
  if (!Functions)
    return Defining;
  for (const json::Value &F : *Functions) {
    const json::Object *O = F.getAsObject();
    const json::Array *Calls = O ? O->getArray("calls") : nullptr;
    const json::Object *Def = O ? O->getObject("def") : nullptr;
    std::optional<StringRef> File = Def ? Def->getString("file") : std::nullopt;
    if (!Calls || !File)
      continue;
    for (const json::Value &C : *Calls)
      if (const json::Object *CO = C.getAsObject())
        if (std::optional<StringRef> USR = CO->getString("usr");
            USR && USRs.contains(*USR)) {
          Defining.insert(realPathOr(*File));
          break;
        }
  }
  return Defining;
}

/// A run over some translation units (\p Analysed): the others of
/// \p Others (the rest of the database) whose function summaries the
/// project index \p Previous does not hold fresh, which the run summarizes
/// again so that the cross-file findings of \p Analysed are those of a run
/// over the whole project; \p Why says why, for the note. Every other one
/// when there is no index, or when a file of the index that is no
/// translation unit (a header that defines functions) changed: which
/// translation units read it is not known, and the result cache parses only
/// those whose inputs changed. Files that are gone are not looked for: their
/// functions are gone with them.
static std::vector<std::string>
notFreshInIndex(const clang::tidy::gpuleak::ProjectIndex *Previous,
                StringRef IndexPath, ArrayRef<std::string> Analysed,
                ArrayRef<std::string> Others, std::string &Why) {
  if (!Previous) {
    Why = ("no usable project index at '" + IndexPath + "'").str();
    return Others;
  }
  std::map<std::string, std::string> OtherByReal;
  for (const std::string &F : Others)
    OtherByReal.emplace(realPathOr(F), F);
  std::set<std::string> AnalysedReal, Known, Selected;
  for (const std::string &F : Analysed)
    AnalysedReal.insert(realPathOr(F));
  for (const std::string &F : Previous->freshFiles())
    Known.insert(realPathOr(F));
  for (const std::string &F : Previous->staleFiles()) {
    std::string Real = realPathOr(F);
    Known.insert(Real);
    if (!sys::fs::exists(F) || AnalysedReal.count(Real))
      continue;
    auto It = OtherByReal.find(Real);
    if (It == OtherByReal.end()) {
      Why = ("the project index '" + IndexPath + "' is older than '" + F +
             "', which is not a translation unit")
                .str();
      return Others;
    }
    if (Why.empty())
      Why = ("the project index '" + IndexPath + "' is older than '" + F + "'")
                .str();
    Selected.insert(Real);
  }
  for (const auto &[Real, F] : OtherByReal)
    if (!Known.count(Real) && !Selected.count(Real)) {
      if (Why.empty())
        Why =
            ("the project index '" + IndexPath + "' does not hold '" + F + "'")
                .str();
      Selected.insert(Real);
    }
  std::vector<std::string> Out;
  for (const std::string &F : Others)
    if (Selected.count(realPathOr(F)))
      Out.push_back(F);
  return Out;
}

enum class RunMode { Check, Baseline, Merge };

static int run(RunMode Mode) {
  const bool WriteBaseline = Mode == RunMode::Baseline;
  StderrColors =
      Color == ColorChoice::Always ||
      (Color == ColorChoice::Auto && sys::Process::StandardErrHasColors());
  errs().enable_colors(StderrColors);
  WithColor::setAutoDetectFunction(colorsFor);
  // `--baseline=` or `-o ""` (an unset variable in a CI script) would
  // silently mean "no baseline", "stdout": an empty value is an error.
  for (const cl::opt<std::string> *O :
       {&Checks, &OutputPath, &IndexFile, &BaselinePath, &SourceRoot,
        &ChangedSince, &ShardOption, &CacheDir, &ResourceDir, &ExportFixes,
        &WarningsAsErrors, &ConfigFile, &ConfigText})
    if (O->getNumOccurrences() && O->empty())
      return fail("--" + O->ArgStr.str() + ": the value is empty");
  for (const cl::list<std::string> *L :
       {std::addressof(ExtraArgs), std::addressof(ExtraArgsBefore)})
    if (llvm::any_of(*L, [](const std::string &V) { return V.empty(); }))
      return fail("--" + L->ArgStr.str() + ": the value is empty");
  // An option of one value given twice: llvm::cl, like clang-tidy, would
  // keep the last one silently (`--checks=-*,a --checks=b` runs b alone).
  if (ChecksValues.size() > 1) {
    std::string Quoted;
    for (const std::string &V : ChecksValues)
      Quoted += (Quoted.empty() ? "'" : ", '") + V + "'";
    return fail("--checks is given " + Twine(ChecksValues.size()) +
                " times (" + Quoted + "); give one comma-separated list, "
                "e.g. --checks='" + join(ChecksValues, ",") + "'");
  }
  for (const cl::Option *O : std::initializer_list<const cl::Option *>{
           &BuildPath, &Jobs, &Format, &OutputPath, &DocsURL, &ResourceDir,
           &IndexFile, &Color, &BaselinePath, &SourceRoot, &ChangedSince,
           &ShardOption, &CacheDir, &HeaderFilter, &ExcludeHeaderFilter,
           &ExportFixes, &WarningsAsErrors, &ConfigFile, &ConfigText,
           &SystemHeaders})
    if (O->getNumOccurrences() > 1)
      return fail((O->ArgStr.size() == 1 ? "-" : "--") + O->ArgStr +
                  " is given " +
                  Twine(O->getNumOccurrences()) + " times; give it once");
  // clang-tidy takes a regular expression that does not compile for one
  // that matches nothing: every header's findings would vanish. The empty
  // one is clang-tidy's way to say "no header" (or, to exclude, "none").
  for (const cl::opt<std::string> *O : {&HeaderFilter, &ExcludeHeaderFilter}) {
    std::string Why;
    if (!O->empty() && !Regex(*O).isValid(Why))
      return fail("--" + O->ArgStr + ": '" + *O +
                  "' is not a valid regular expression: " + Why);
  }
  RunSettings Settings; // knows the registered checks and their options
  if (std::optional<std::string> Err = validateChecks(Checks, Settings))
    return fail(*Err);
  if (std::optional<std::string> Err =
          validateGlobs("--warnings-as-errors", WarningsAsErrors, Settings))
    return fail(*Err);
  Settings.Checks = Checks;
  if (HeaderFilter.getNumOccurrences())
    Settings.HeaderFilter = HeaderFilter;
  if (ExcludeHeaderFilter.getNumOccurrences())
    Settings.ExcludeHeaderFilter = ExcludeHeaderFilter;
  if (WarningsAsErrors.getNumOccurrences())
    Settings.WarningsAsErrors = WarningsAsErrors;
  if (LineFilter.getNumOccurrences())
    return fail("--line-filter is clang-tidy's and is not taken here; to "
                "report the findings on changed lines only, give "
                "--changed-since=REF, or a unified diff on stdin with "
                "--changed-since=-");
  if (ConfigFile.getNumOccurrences() && ConfigText.getNumOccurrences())
    return fail("--config and --config-file are given; give one, as "
                "clang-tidy takes one");
  if (SystemHeaders.getNumOccurrences())
    Settings.SystemHeaders = SystemHeaders;
  // --config-file and --config are read before anything runs, and, unlike
  // a .clang-tidy (ignored with an error when malformed), stop the run when
  // they cannot be used: clang-tidy stops too ("invalid configuration
  // specified"). \p Name names the text in errors: the file's path, or
  // clang-tidy's name for --config.
  auto UseConfig = [&](StringRef Option, StringRef Shown, StringRef Name,
                       StringRef Text) -> std::optional<int> {
    Expected<clang::tidy::ClangTidyOptions> Parsed =
        parseTidyConfig(MemoryBufferRef(Text, Name));
    if (!Parsed)
      return fail(Option + ": malformed configuration" + Shown + ": " +
                  toString(Parsed.takeError()));
    std::vector<std::string> Problems = configProblems(*Parsed, Settings);
    for (const std::string &Problem : Problems)
      WithColor::error(errs(), "gpuleak") << Name << ": " << Problem << '\n';
    if (!Problems.empty())
      return ExitError;
    Settings.ConfigFile = std::move(*Parsed);
    Settings.ConfigFilePath = Name.str();
    return std::nullopt;
  };
  if (!ConfigFile.empty()) {
    std::string Path = absolute(ConfigFile);
    ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
    if (!Text)
      return fail("--config-file: cannot read '" + ConfigFile +
                  "': " + Text.getError().message());
    if (std::optional<int> Failed =
            UseConfig("--config-file", " '" + ConfigFile + "'", Path,
                      (*Text)->getBuffer()))
      return *Failed;
  }
  if (!ConfigText.empty())
    if (std::optional<int> Failed = UseConfig(
            "--config", "", "command-line option '-config'", ConfigText))
      return *Failed;
  if (ListChecks || VerifyConfig) {
    std::vector<std::string> Files;
    for (const std::string &F : SourcePaths)
      Files.push_back(absolute(F));
    // --verify-config -p BUILD and no <file>: the configuration of every
    // translation unit of the database, as the analysis checks it.
    if (Files.empty() && VerifyConfig && !ListChecks && !BuildPath.empty()) {
      SmallString<256> DBPath;
      Expected<std::unique_ptr<clang::tooling::CompilationDatabase>> Loaded =
          gpuleak::loadCompileDatabase(BuildPath, DBPath);
      if (!Loaded)
        return fail(toString(Loaded.takeError()));
      Files = (*Loaded)->getAllFiles();
      llvm::sort(Files);
      if (Files.empty())
        return fail("no translation units in '" + DBPath + "'");
    }
    // clang-tidy's "dummy": a file in the working directory.
    if (Files.empty())
      Files.push_back(absolute("dummy"));
    return listChecksOrVerifyConfig(Settings, Files);
  }
  if (BuildPath.empty())
    return fail("no build directory; pass -p BUILD_DIR");
  for (const std::string &Out : {OutputPath.getValue(), ExportFixes.getValue()}) {
    if (Out.empty())
      continue;
    StringRef Parent = sys::path::parent_path(Out);
    if (!Parent.empty() && !sys::fs::is_directory(Parent))
      return fail("cannot write '" + Out + "': no directory '" + Parent + "'");
    if (sys::fs::is_directory(Out))
      return fail("cannot write '" + Out + "': it is a directory");
    // A device or FIFO is written directly, a symlink's target renamed
    // over (writeOutput).
    OutputTarget Target = outputTarget(Out);
    if (!Target.Direct)
      if (std::optional<std::string> Err = cannotCreateNextTo(Target.Path))
        return fail("cannot write '" + Out + "': " + *Err);
  }
  std::optional<ShardSpec> Shard;
  if (!ShardOption.empty()) {
    Expected<ShardSpec> S = parseShardSpec(ShardOption);
    if (!S)
      return fail(toString(S.takeError()));
    if (Format.getNumOccurrences() || !BaselinePath.empty())
      return fail("--shard writes a shard file, not a report; give --format "
                  "and --baseline to 'gpuleak merge'");
    if (ApplyFixes || !ExportFixes.empty())
      return fail(Twine("--") + (ApplyFixes ? "fix" : "export-fixes") +
                  " cannot be combined with --shard");
    // The merge would not know which lines changed.
    if (!ChangedSince.empty())
      return fail("--changed-since cannot be combined with --shard");
    Shard = *S;
  }
  if (Mode == RunMode::Merge && SourcePaths.empty())
    return fail("no shard files; pass those of 'gpuleak check --shard=K/N'");
  // A source root that is not there (a typo in a CI script) would find no
  // header to analyse and name no file relative to it (CI trial 15, D10).
  if (!SourceRoot.empty() && SourceRoot != "none" &&
      !sys::fs::is_directory(SourceRoot))
    return fail("--source-root=" + SourceRoot + ": " +
                (sys::fs::exists(SourceRoot) ? "not a directory"
                                             : "no such directory"));

  // The compile database (-p: its folder, or the file itself).
  SmallString<256> DBPath;
  Expected<std::unique_ptr<clang::tooling::CompilationDatabase>> Loaded =
      gpuleak::loadCompileDatabase(BuildPath, DBPath);
  if (!Loaded)
    return fail(toString(Loaded.takeError()));
  std::unique_ptr<clang::tooling::CompilationDatabase> DB = std::move(*Loaded);
  // A database older than an input of the CMake run that wrote it (a source
  // added to CMakeLists.txt, cmake not re-run) lists the old translation
  // units: the run would analyse those and say nothing of the new ones
  // (CI trial 10). The build tool would re-run cmake; so must the user.
  // The merge compares the database with the shards' instead.
  if (Mode != RunMode::Merge)
    if (std::optional<NewerCMakeInput> Newer = newerCMakeInput(DBPath))
      return fail("the compile database '" + DBPath + "' is older than '" +
                  Newer->Input +
                  "', an input of the CMake run that wrote it (" +
                  Newer->Recorder + "): re-run cmake");
  // The database as its file has it (before --extra-arg): part of a shard's
  // run identity, which the merge compares with its own database.
  const std::string DBHash =
      Shard || Mode == RunMode::Merge ? databaseHash(*DB) : "";
  // The build configurations of a multi-configuration database (CMake's
  // Ninja Multi-Config: each file once per configuration): --build-config
  // keeps one's commands; without it every one is analysed, and the
  // summary line says so. After DBHash: a shard's database is the file's.
  std::string ConfigsText;
  if (Mode != RunMode::Merge) {
    std::vector<std::string> Configs = buildConfigsOf(*DB);
    if (BuildConfig.getNumOccurrences() && BuildConfig.empty())
      return fail("--build-config: no configuration name (e.g. "
                  "--build-config=Release)");
    if (!BuildConfig.empty()) {
      if (Error Err = selectBuildConfig(DB, DBPath, BuildConfig, Configs))
        return fail(toString(std::move(Err)));
      if (!Configs.empty())
        ConfigsText = " of build configuration " + buildConfigsOf(*DB).front();
    } else if (Configs.size() > 1) {
      ConfigsText = " in " + std::to_string(Configs.size()) +
                    " build configurations (" + join(Configs, ", ") + ")";
      if (!Quiet)
        WithColor::note(errs(), "gpuleak")
            << "'" << absolute(DBPath) << "' lists each file's compile commands of "
            << Configs.size() << " build configurations ("
            << join(Configs, ", ")
            << "), as CMake's Ninja Multi-Config writes them: each is "
               "analysed and the findings of all are reported; "
               "--build-config=NAME analyses one\n";
    }
  }
  // GCC's commands as clang parses them (ClangCommand.h), before
  // --extra-arg: what the user adds is for clang and stays as written.
  {
    auto Adjusting =
        std::make_unique<clang::tooling::ArgumentsAdjustingCompilations>(
            std::move(DB));
    Adjusting->appendArgumentsAdjuster(
        [](const clang::tooling::CommandLineArguments &Args, StringRef) {
          return adaptGccCommand(Args);
        });
    DB = std::move(Adjusting);
  }
  // --extra-arg-before and --extra-arg, added to every compile command of
  // the database as clang-tidy's CommonOptionsParser adds them: before the
  // nvcc translation, the .clang-tidy files' ExtraArgs and the result
  // cache's key, which so holds them.
  {
    auto Adjusting =
        std::make_unique<clang::tooling::ArgumentsAdjustingCompilations>(
            std::move(DB));
    Adjusting->appendArgumentsAdjuster(clang::tooling::combineAdjusters(
        clang::tooling::getInsertArgumentAdjuster(
            std::vector<std::string>(ExtraArgsBefore.begin(),
                                     ExtraArgsBefore.end()),
            clang::tooling::ArgumentInsertPosition::BEGIN),
        clang::tooling::getInsertArgumentAdjuster(
            std::vector<std::string>(ExtraArgs.begin(), ExtraArgs.end()),
            clang::tooling::ArgumentInsertPosition::END)));
    DB = std::move(Adjusting);
  }

  // A baseline that cannot be read stops the run before the analysis.
  std::optional<BaselineEntries> Baseline;
  if (!BaselinePath.empty()) {
    Expected<BaselineEntries> Read = readBaseline(BaselinePath);
    if (!Read)
      return fail("cannot read the baseline '" + BaselinePath +
                  "': " + toString(Read.takeError()));
    Baseline = std::move(*Read);
  }

  // The translation units: those of the shards, the files given, or the
  // whole database.
  std::vector<std::string> Files;
  // The headers among the FILEs given: as written, and their real paths.
  std::vector<std::pair<std::string, std::string>> GivenHeaders;
  std::optional<ShardContents> Merged;
  if (Mode == RunMode::Merge) {
    Expected<ShardContents> All = readAllShards(SourcePaths);
    if (!All)
      return fail(toString(All.takeError()));
    if (All->Database != absolute(DBPath))
      return fail("the shards are of '" + All->Database + "', not of '" +
                  absolute(DBPath) + "'");
    Merged = std::move(*All);
    Files = Merged->Files;
    // The database must still hold what the shards analysed, and, for a
    // run over the whole database, nothing more.
    StringSet<> InShards;
    for (const std::string &F : Files) {
      InShards.insert(F);
      if (DB->getCompileCommands(F).empty())
        return fail("'" + F + "' of the shards is not in '" + DBPath +
                    "': the compile database changed since the shards ran");
    }
    if (Merged->WholeDatabase)
      for (const std::string &F : DB->getAllFiles())
        if (!InShards.contains(F))
          return fail("'" + F + "' of '" + DBPath +
                      "' is in no shard: the compile database changed since "
                      "the shards ran");
    // The merge reads the sources again (fingerprints, the index's file
    // times): they must be those the shards analysed.
    if (Merged->Run.Database != DBHash)
      return fail("the entries of '" + DBPath +
                  "' changed since the shards ran; merge with the compile "
                  "database they ran with");
    // So must the checkout: shards of another commit (their git work
    // tree's commit and uncommitted changes, when they recorded one)...
    const std::string &First = Merged->Paths.front();
    if (!Merged->Run.Commit.empty())
      if (std::optional<CheckoutState> Here = checkoutState(
              sourceFolder(Files, absolute(sys::path::parent_path(DBPath))))) {
        if (Here->Commit != Merged->Run.Commit)
          return fail("'" + First + "' was made on commit " +
                      Merged->Run.Commit + ", the checkout '" + Here->Top +
                      "' is at " + Here->Commit +
                      "; merge in the checkout the shards ran in");
        if (Here->Changes != Merged->Run.Changes)
          return fail("'" + First + "' was made on commit " +
                      Merged->Run.Commit + " with other uncommitted changes "
                      "than the checkout '" + Here->Top +
                      "' has (git diff HEAD); merge in the checkout the "
                      "shards ran in");
      }
    // ...and every file the shards read, wherever it is (a header of the
    // project, generated in the build folder, of the system or LibTorch):
    // each that is here with the bytes the shards read (one that is not, a
    // generated header in a job that did not build, the shards compared
    // among themselves), and each that their searches found absent still
    // absent. A file that differs changes what a single run here reports,
    // whether or not a finding is in it.
    for (const auto &[File, Hash] : sourceHashes(Files))
      if (Merged->Run.Sources.at(File) != Hash)
        return fail("'" + File + "', a translation unit of '" + First +
                    "', differs in this checkout (another commit or "
                    "checkout); merge in the checkout the shards ran in");
    std::vector<std::string> Read;
    for (const auto &[File, Hash] : Merged->Run.Inputs) {
      if (Merged->Run.Sources.count(File) || !sys::fs::exists(File))
        continue;
      if (Hash.empty())
        return fail("'" + File + "', which the include searches of '" +
                    Merged->ReadBy.at(File) +
                    "' found absent, exists in this checkout (another "
                    "commit or checkout); merge in the checkout the shards "
                    "ran in");
      Read.push_back(File);
    }
    for (const auto &[File, Hash] : sourceHashes(Read))
      if (Merged->Run.Inputs.at(File) != Hash)
        return fail("'" + File + "', which '" + Merged->ReadBy.at(File) +
                    "' read, differs in this checkout (another commit or "
                    "checkout, or a header generated another way); merge in "
                    "the checkout the shards ran in");
  } else if (SourcePaths.empty()) {
    Files = DB->getAllFiles();
    llvm::sort(Files);
    if (Files.empty())
      return fail("no translation units in '" + DBPath + "'");
  } else {
    StringSet<> Seen;
    for (const std::string &Arg : SourcePaths) {
      std::string Path = absolute(Arg);
      if (!sys::fs::exists(Path))
        return fail("no such file: '" + Arg + "'");
      if (DB->getCompileCommands(Path).empty()) {
        // A header that no translation unit includes is analysed on its
        // own, as a whole run does; which is, is known below.
        if (isHeaderFileName(Path)) {
          GivenHeaders.emplace_back(Arg, realPathOr(Path));
          continue;
        }
        return fail("'" + Arg + "' is not in '" + DBPath + "'" +
                    (BuildConfig.empty() ? ""
                                         : " (build configuration '" +
                                               BuildConfig + "')"));
      }
      if (Seen.insert(Path).second)
        Files.push_back(std::move(Path));
    }
  }
  // The project's own include folders given as system ones (`-isystem`:
  // CMake's SYSTEM folders, imported targets) are read as the project's:
  // the folders under the source root that hold files its repository
  // tracks (CI trial 12, D4).
  // The source root: --source-root, else the work tree git finds for the
  // folder above the translation units.
  std::string ProjectRoot;
  if (Mode != RunMode::Merge && SourceRoot != "none") {
    ProjectRoot = !SourceRoot.empty()
                      ? realPathOr(absolute(SourceRoot))
                      : gitTopLevel(sourceFolder(
                            Files, absolute(sys::path::parent_path(DBPath))));
    DB = withProjectIncludeFolders(std::move(DB), ProjectRoot);
  }
  // The configuration of every translation unit, before any is parsed (or
  // preprocessed, for --changed-since): an error in a subfolder's
  // .clang-tidy would otherwise show only when its translation unit's turn
  // came, after the analysis of those before it.
  Settings.Summarize = true;
  if (Mode != RunMode::Merge) {
    std::vector<InputError> Errors = configErrorsOf(Files, Settings, nullptr);
    for (const InputError &E : Errors)
      WithColor::error(errs(), "gpuleak") << E.File << ": " << E.Message
                                          << '\n';
    if (!Errors.empty())
      return ExitError;
    // An exclude filter that matches the checkout's own folder leaves out
    // every header of the project: said once per source, with --quiet too.
    std::string Folder = !ProjectRoot.empty() ? ProjectRoot : commonFolder(Files);
    std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider =
        makeOptionsProvider(Settings, nullptr);
    std::set<std::string> Said;
    StringSet<> Folders;
    for (const std::string &File : Files)
      if (Folders.insert(sys::path::parent_path(File)).second &&
          sys::fs::is_directory(sys::path::parent_path(File)))
        if (std::optional<InputError> W = excludeFilterMatchesProjectWarning(
                *Provider, File, Settings, Folder);
            W && Said.insert(W->File).second)
          WithColor::warning(errs(), "gpuleak")
              << W->File << ": " << W->Message << '\n';
  }
  // The headers of the project that no translation unit may include (a
  // header-only library's header for downstream users): each that none
  // includes is analysed as a translation unit of its own, with a command
  // inferred from the database, as clangd does (CI trial 13, D6: before, it
  // was not analysed, and a pull request changing only it was "nothing was
  // analysed", exit 0). In a whole run, its shards (each analyses the Kth
  // of each N that its own translation units do not read, and the merge
  // keeps those that no shard's read) and under --changed-since; of the
  // FILEs given, the headers.
  // Say which of the two left no root: the option, or the sources being
  // outside any work tree (nu21: the message named the option, not given).
  if (!GivenHeaders.empty() && ProjectRoot.empty())
    return fail("'" + GivenHeaders.front().first + "' is not in '" + DBPath +
                (SourceRoot == "none"
                     ? "', and with --source-root=none no header is analysed "
                       "on its own"
                     : "', and the sources are outside any git work tree: "
                       "only a header that git tracks is analysed on its "
                       "own"));
  if (!GivenHeaders.empty() && Shard)
    return fail("a header given ('" + GivenHeaders.front().first +
                "') cannot be combined with --shard");
  const bool LookForHeaders = Mode != RunMode::Merge &&
                              (SourcePaths.empty() || !GivenHeaders.empty()) &&
                              !ProjectRoot.empty();
  std::set<std::string> HeaderCandidates;
  // The tracked sources that no compile command lists (a CMake option that
  // is off in CI): a whole run says how many it did not analyse.
  std::set<std::string> UnlistedSources;
  if (LookForHeaders) {
    // Without --source-root, those of the CMake project that wrote the
    // database (CMAKE_HOME_DIRECTORY), or else of the deepest folder above
    // every translation unit, when it is a folder of the work tree: a
    // project in a subfolder of a larger repository (a monorepo, the
    // examples of a library) does not take the other projects' headers.
    std::string Under = ProjectRoot;
    if (SourceRoot.empty()) {
      std::string Home = cmakeSourceDir(DBPath);
      // The whole database's folder, also for FILEs given: the headers
      // are those of the whole run.
      Home = realPathOr(
          !Home.empty()
              ? Home
              : sourceFolder(DB->getAllFiles(),
                             absolute(sys::path::parent_path(DBPath))));
      if (!Home.empty() && StringRef(Home).starts_with(ProjectRoot) &&
          (Home.size() == ProjectRoot.size() ||
           sys::path::is_separator(Home[ProjectRoot.size()])))
        Under = Home;
    }
    HeaderCandidates =
        headerCandidates(ProjectRoot, Under,
                         absolute(sys::path::parent_path(DBPath)), Settings,
                         UnlistedSources);
    for (const std::string &F : DB->getAllFiles())
      UnlistedSources.erase(realPathOr(F));
    // Under --changed-since, one in the diff stops the run (below); the
    // others are not the change's, even when a build file makes it whole.
    // A shard, or a run over FILEs, does not know what all translation
    // units include.
    if (!ChangedSince.empty() || Shard || !SourcePaths.empty())
      UnlistedSources.clear();
  }
  std::vector<std::string> LoneHeaders; // no translation unit includes them
  if (!GivenHeaders.empty()) {
    if (Error Err = takeGivenHeaders(GivenHeaders, HeaderCandidates, *DB,
                                     DBPath, ResourceDir, LoneHeaders))
      return fail(toString(std::move(Err)));
    HeaderCandidates.clear();
  }
  // The result cache's folder (--cache-dir, or next to the database).
  auto CacheFolder = [&] {
    SmallString<256> Dir(CacheDir);
    if (Dir.empty()) {
      Dir = sys::path::parent_path(DBPath);
      sys::path::append(Dir, ResultCache::DefaultDirName);
    }
    return absolute(Dir);
  };
  // Only changed code: the translation units that include a changed file.
  std::optional<ChangedLines> Changed;
  // Why the flags of some translation units the diff does not select could
  // not be compared with the last whole run's (--no-cache, no result cache,
  // or one without their records): said in a warning.
  std::string UncomparedFlags;
  std::vector<std::string> Candidates; // before the selection
  // The translation units of Candidates (indices) that include each file of
  // the project, from the include lists: the callers of a changed function
  // may be defined in a header.
  std::map<std::string, std::vector<unsigned>> IncludersOf;
  // Files generated from changed configure_file templates, and the
  // templates (real paths).
  std::map<std::string, std::string> TemplateOf;
  // The sources in one checkout and the working directory in another of
  // the same repository (a git worktree, a copied clone): a full run would
  // analyse the sources' checkout and a diff describe it, while the user
  // meant the other (CI trials 9 and 11). --source-root names the work
  // tree meant; one that is another checkout of the sources' repository
  // is refused too: its files are not those analysed.
  const bool NamedRoot = !SourceRoot.empty() && SourceRoot != "none";
  // The folder above every translation unit, or the database's when it is
  // in no work tree (a build folder in another repository is not).
  const std::string Sources =
      Mode == RunMode::Merge
          ? std::string()
          : sourceFolder(Files, absolute(sys::path::parent_path(DBPath)));
  if (Mode != RunMode::Merge) {
    std::string Prefix =
        ChangedSince.empty() ? "" : "--changed-since=" + ChangedSince + ": ";
    // Who: what is in the other checkout; Instead: the second way out.
    auto Refuse = [&](const OtherCheckout &Other, StringRef Who,
                      const std::string &Instead) {
      if (!Other.Unknown.empty())
        // git is not installed, or refuses a repository: the two work
        // trees may be checkouts of one repository (CI trial 14, D7).
        return fail(Prefix + "the sources of '" + DBPath +
                    "' are in the work tree '" + Other.Sources + "', " + Who +
                    " in '" + Other.Other +
                    "', and git cannot tell whether they are checkouts of "
                    "the same repository (" +
                    Other.Unknown + "): give -p the build folder of '" +
                    Other.Other + "', or " + Instead);
      return fail(Prefix + "the sources of '" + DBPath +
                  "' are in the checkout '" + Other.Sources + "', " + Who +
                  " in '" + Other.Other +
                  "', another checkout of the same repository: give -p the "
                  "build folder of '" +
                  Other.Other + "', or " + Instead);
    };
    if (!NamedRoot) {
      if (std::optional<OtherCheckout> Other = otherCheckout(Sources))
        return Refuse(*Other, "the working directory",
                      "run gpuleak in '" + Other->Sources + "'");
    } else if (std::optional<OtherCheckout> Other =
                   otherCheckout(Sources, absolute(SourceRoot))) {
      return Refuse(*Other, "--source-root",
                    "--source-root='" + Other->Sources + "'");
    }
  }
  // The headers are the files git tracks: when git cannot list them (not
  // installed, or it refuses the repository: "detected dubious ownership"
  // in a CI container), they would be skipped without a word (CI trial 15,
  // D12). A folder without `.git` above it is no work tree, nor one that
  // git says is none (GIT_CEILING_DIRECTORIES, GIT_DIR): nothing to look
  // for there.
  if (Mode != RunMode::Merge && !Shard && SourcePaths.empty() &&
      SourceRoot != "none") {
    std::string Root =
        !ProjectRoot.empty()
            ? ProjectRoot
            : gitTopAbove(sourceFolder(
                  Files, absolute(sys::path::parent_path(DBPath))));
    std::string Why;
    if (!Root.empty() && (ProjectRoot.empty() || !trackedFiles(Root)))
      Why = gitProblem(Root);
    // Without git at all (a container that lacks it), the run goes on as
    // before, and says so.
    if (Why == "git is not installed")
      WithColor::warning(errs(), "gpuleak")
          << "git is not installed: the headers of '" << Root
          << "' that no translation unit includes are not looked for (git "
             "lists the project's files); install git, or give "
             "--source-root=none to say so\n";
    else if (!Why.empty() &&
             !StringRef(Why).starts_with("fatal: not a git repository")) {
      return fail("git cannot list the files of the work tree '" + Root +
                  "' (" + Why + "), so the headers that no translation unit includes "
                  "cannot be found: make git work there (e.g. git config "
                  "--global --add safe.directory '" + Root +
                  "'), or give --source-root=none to skip them");
    }
  }
  if (!ChangedSince.empty()) {
    // git runs in the work tree of the sources (--source-root, or the
    // folder above every translation unit).
    std::string GitDir = NamedRoot ? absolute(SourceRoot) : Sources;
    // A range (`A..B`, `A...B`) diffs two commits, not the work tree that is
    // analysed: in a pull request's merge checkout its lines are not the
    // files' lines, and its findings would be dropped (CI trial 12, D5).
    if (ChangedSince != "-" && StringRef(ChangedSince).contains(".."))
      return fail("--changed-since=" + ChangedSince +
                  ": a range compares two commits, not the work tree that is "
                  "analysed; give the base alone (--changed-since=" +
                  StringRef(ChangedSince).split("..").first.str() + ")");
    Expected<ChangedLines> C = changedSince(ChangedSince, GitDir);
    if (!C)
      return fail("--changed-since=" + ChangedSince +
                  (ChangedSince == "-" ? ": " : ": git diff failed: ") +
                  toString(C.takeError()));
    Changed = std::move(*C);
    Candidates = Files;
    size_t Before = Files.size();
    // A translation unit whose preprocessing failed cannot say what it
    // includes: it is analysed, and its error reported as a full run
    // reports it (exit 2), not dropped without a word. One whose file is
    // gone (a stale database) is "cannot parse: the file does not exist".
    std::vector<std::string> Failed;
    ChangedFileSurvey Survey;
    const size_t ChangedFiles = Changed->Files.size();
    std::string BuildDir = absolute(sys::path::parent_path(DBPath));
    // The sources and headers that the build makes from a changed file
    // (add_custom_command's OUTPUT gen.cu of a changed DEPENDS template,
    // through chains of such commands), as the build folder's own build
    // statements say: changed on every line, as the command may put any
    // line of its input anywhere (CI trial 15, D3: before, "no translation
    // unit includes a changed file", exit 0).
    std::string BuiltRecorder;
    std::vector<BuiltFile> Built = filesBuiltFrom(
        DBPath,
        [&](StringRef Real) { return Changed->changedRealPath(Real); },
        BuiltRecorder);
    for (const BuiltFile &B : Built)
      if (!Changed->Files.count(B.Output)) {
        Changed->Files[B.Output] = {{1, std::numeric_limits<unsigned>::max()}};
        Changed->BuiltFrom.emplace(B.Output, B.Input);
      }
    Files = translationUnitsIncluding(
        Files, [&](StringRef F) { return DB->getCompileCommands(F); },
        ResourceDir,
        Jobs ? Jobs.getValue() : hardware_concurrency().compute_thread_count(),
        *Changed, BuildDir, Failed, Survey, HeaderCandidates,
        [&](StringRef Real) {
          return ProjectRoot.empty() ||
                 (Real.starts_with(ProjectRoot) &&
                  Real.size() > ProjectRoot.size() &&
                  sys::path::is_separator(Real[ProjectRoot.size()]));
        });
    LoneHeaders = Survey.Unincluded;
    IncludersOf = std::move(Survey.Includers);
    // A changed response file (`@flags.rsp`, nvcc's `--options-file`)
    // changes the flags of each translation unit whose command names it,
    // and with them any of its findings (a -D that turns a loop on): each
    // such unit is analysed, and its main file taken as changed on every
    // line (CI trial 12, D2: before, "no translation unit includes a
    // changed file", exit 0). The preprocessor does not list response
    // files among the included files.
    {
      std::set<std::string> Selected;
      for (const std::string &F : Files)
        Selected.insert(realPathOr(F));
      std::map<std::string, std::string> ByFlags; // TU (real) -> its file
      for (const auto &[TU, Rsps] : responseFilesOf(DBPath))
        for (const std::string &Rsp : Rsps)
          if (Changed->changed(Rsp))
            ByFlags.emplace(realPathOr(TU), Rsp);
      std::string Example;
      std::vector<std::string> Kept;
      for (const std::string &F : Candidates) {
        std::string Real = realPathOr(F);
        auto It = ByFlags.find(Real);
        if (It != ByFlags.end()) {
          Changed->Files[Real] = {{1, std::numeric_limits<unsigned>::max()}};
          if (Example.empty())
            Example = It->second;
        }
        if (Selected.count(Real) || It != ByFlags.end())
          Kept.push_back(F);
      }
      if (!ByFlags.empty()) {
        Files = std::move(Kept);
        if (!Quiet)
          errs() << "gpuleak: --changed-since=" << ChangedSince << ": '"
                 << Example << "'"
                 << " is a changed response file: the "
                 << ByFlags.size() << " translation unit"
                 << (ByFlags.size() == 1 ? " whose command names" : "s whose commands name")
                 << " one " << (ByFlags.size() == 1 ? "is" : "are")
                 << " analysed, every line of "
                 << (ByFlags.size() == 1 ? "its main file" : "their main files")
                 << " taken as changed\n";
      }
    }
    // A changed .clang-tidy (or --config-file) changes the configuration
    // of each translation unit it is part of: ExtraArgs/ExtraArgsBefore
    // change its flags, CheckOptions, Checks and the header filters its
    // findings (CI trial 16, D4: before, it was a README, "no translation
    // unit includes a changed file", exit 0). As for a response file: each
    // such unit is analysed, its main file taken as changed on every line.
    {
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider =
          makeOptionsProvider(Settings, nullptr);
      std::set<std::string> Selected;
      for (const std::string &F : Files)
        Selected.insert(realPathOr(F));
      std::string Example;
      size_t Configured = 0;
      std::vector<std::string> Kept;
      for (const std::string &F : Candidates) {
        std::string Real = realPathOr(F);
        std::string Config;
        for (const auto &Raw : Provider->getRawOptions(F))
          if (sys::path::is_absolute(Raw.second) &&
              Changed->changed(Raw.second))
            Config = Raw.second;
        if (!Config.empty()) {
          Changed->Files[Real] = {{1, std::numeric_limits<unsigned>::max()}};
          ++Configured;
          if (Example.empty())
            Example = Config;
        }
        if (Selected.count(Real) || !Config.empty())
          Kept.push_back(F);
      }
      if (Configured) {
        Files = std::move(Kept);
        if (!Quiet)
          errs() << "gpuleak: --changed-since=" << ChangedSince << ": '"
                 << Example << "'"
                 << " is a changed configuration: the " << Configured
                 << " translation unit"
                 << (Configured == 1 ? " it configures is" : "s it configures are")
                 << " analysed, every line of "
                 << (Configured == 1 ? "its main file" : "their main files")
                 << " taken as changed\n";
      }
    }
    // A translation unit whose compile command differs from the one the
    // last run over the whole database analysed it with, as the result
    // cache records it (restored from the main branch's job): its flags
    // changed outside the diff (a cmake option in a script the CI file
    // runs, an environment variable; a changed CI file itself is a build
    // file, below), and with them any of its findings (CI trial 17, D1:
    // before, "no translation unit includes a changed file", exit 0). As
    // for a response file: it is analysed, every line of its main file
    // (and of a unity file's sources) taken as changed. Only a whole run
    // records commands, so a later --changed-since run of the same pull
    // request still compares with the base's.
    {
      std::string Folder = NoCache ? std::string() : CacheFolder();
      std::set<std::string> Selected;
      for (const std::string &F : Files)
        Selected.insert(realPathOr(F));
      std::string Example;
      size_t Differ = 0, Recorded = 0, Unrecorded = 0, Unselected = 0;
      std::vector<std::string> Kept;
      for (const std::string &F : Candidates) {
        std::string Real = realPathOr(F);
        std::optional<std::string> Then;
        if (!Folder.empty())
          Then = ResultCache::recordedCommand(Folder, F);
        bool Differs =
            Then && *Then != ResultCache::commandHash(DB->getCompileCommands(F));
        Recorded += Then.has_value();
        // Not selected, and not comparable: it could hide a flag change.
        Unselected += !Selected.count(Real);
        Unrecorded += !Then && !Selected.count(Real);
        if (Differs) {
          Changed->Files[Real] = {{1, std::numeric_limits<unsigned>::max()}};
          for (const std::string &Source : unitySourcesOfFile(F))
            Changed->Files[realPathOr(Source)] = {
                {1, std::numeric_limits<unsigned>::max()}};
          ++Differ;
          if (Example.empty())
            Example = F;
        }
        if (Selected.count(Real) || Differs)
          Kept.push_back(F);
      }
      if (Differ) {
        Files = std::move(Kept);
        if (!Quiet)
          errs() << "gpuleak: --changed-since=" << ChangedSince
                 << ": the compile command of '" << Example << "'"
                 << (Differ > 1 ? " (and " + std::to_string(Differ - 1) +
                                      " more)"
                                : std::string())
                 << " differs from the one the last run over the whole "
                    "database used (the result cache '"
                 << Folder << "' records it): "
                 << (Differ == 1 ? "it is" : "they are")
                 << " analysed, every line of "
                 << (Differ == 1 ? "its main file" : "their main files")
                 << " taken as changed\n";
      }
      // One line, never a silent skip: no result cache, or one without the
      // records (not the main branch's, or written by a gpuleak before they
      // were kept). With --no-cache nothing is compared, as documented
      // (docs/cli.md): the option turns the cache off for the whole run.
      if (Unrecorded && !NoCache) {
        const std::string Consequence =
            ": one whose flags changed outside the diff (a cmake option given "
            "by a script the CI file runs) is analysed only if it includes a "
            "changed file; keep the result cache of the main branch's whole "
            "run (docs/ci.md)";
        UncomparedFlags = "--changed-since=" + ChangedSince + ": ";
        if (!Recorded)
          UncomparedFlags +=
              "the result cache '" + Folder +
              "' records no compile command of a run over the whole "
              "database, so the translation units' flags cannot be compared "
              "with the base's" + Consequence;
        else
          UncomparedFlags +=
              "the result cache '" + Folder +
              "' records no compile command of a run over the whole database "
              "for " + std::to_string(Unrecorded) + " of the " +
              std::to_string(Unselected) +
              " translation units that the diff does not select, so their "
              "flags cannot be compared with the base's" + Consequence;
      }
    }
    // A changed file that no translation unit reads would be "nothing to
    // analyse", exit 0, while the change may be a leak: a configure_file
    // template whose generated file is not found, a source the compile
    // database does not list yet.
    auto AndMore = [](size_t N) {
      return N > 1 ? (" (and " + Twine(N - 1) + " more)").str() : std::string();
    };
    if (!Survey.Ungenerated.empty())
      return fail("--changed-since=" + ChangedSince + ": '" +
                  Survey.Ungenerated.front() + "'" +
                  AndMore(Survey.Ungenerated.size()) +
                  " is a configure_file template, but no translation unit "
                  "includes a file generated from it (named '" +
                  sys::path::stem(Survey.Ungenerated.front()) + "', under '" +
                  BuildDir + "', next to the template, or with its lines): "
                  "re-run cmake");
    if (!Survey.Unbuilt.empty())
      return fail("--changed-since=" + ChangedSince + ": '" +
                  Survey.Unbuilt.front() + "'" + AndMore(Survey.Unbuilt.size()) +
                  " is a C, C++ or CUDA source that no compile command of '" +
                  DBPath +
                  "' lists and no translation unit includes: re-run cmake, or "
                  "leave it out of the diff (git diff REF -- . ':!FILE' | "
                  "gpuleak check --changed-since=-)");
    // A template changed after CMake generated its file: the analysis
    // would read the file of the template before the change.
    for (const auto &[Template, Generated] : Survey.Generated)
      if (generatedIsStale(Template, Generated))
        return fail("--changed-since=" + ChangedSince + ": '" + Template +
                    "' is newer than '" + Generated +
                    "', which CMake generates from it, and does not match "
                    "it: re-run cmake");
    for (const auto &[Template, Generated] : Survey.Generated) {
      TemplateOf.emplace(Generated, Template);
      if (!Quiet)
        errs() << "gpuleak: --changed-since=" << ChangedSince << ": '"
               << Template << "' is generated into '" << Generated
               << "' (its changed lines are taken as changed there)\n";
    }
    // Of the files the build makes, those that are translation units or
    // that one includes; each older than the changed file it is made from
    // (the build has not run since) would be analysed as it was before.
    {
      std::set<std::string> TUs;
      for (const std::string &F : Candidates)
        TUs.insert(realPathOr(F));
      std::vector<const BuiltFile *> Read;
      for (const BuiltFile &B : Built)
        if (Changed->BuiltFrom.count(B.Output) &&
            (TUs.count(B.Output) || Survey.IncludedBuilt.count(B.Output)))
          Read.push_back(&B);
      for (const BuiltFile *B : Read)
        if (B->Stale)
          return fail("--changed-since=" + ChangedSince + ": '" + B->Input +
                      "' is newer than '" + B->Output +
                      "', which the build makes from it (" + BuiltRecorder +
                      "), and the build has not run since: build before "
                      "gpuleak");
      if (!Quiet)
        for (const BuiltFile *B : Read)
          errs() << "gpuleak: --changed-since=" << ChangedSince << ": '"
                 << B->Output << "' is made by the build from '" << B->Input
                 << "' (" << BuiltRecorder
                 << "): every line of it is taken as changed\n";
    }
    size_t Gone = llvm::count_if(
        Failed, [](const std::string &F) { return !sys::fs::exists(F); });
    size_t Unprocessed = Failed.size() - Gone;
    size_t Including = Files.size() - Failed.size();
    if (!Quiet) {
      errs() << "gpuleak: --changed-since=" << ChangedSince << ": "
             << ChangedFiles << " changed file"
             << (ChangedFiles == 1 ? "" : "s") << "; " << Including
             << " of " << Before << " translation unit"
             << (Before == 1 ? "" : "s") << " include one";
      if (Gone)
        errs() << "; " << Gone << (Gone == 1 ? " does" : " do")
               << " not exist";
      if (Unprocessed)
        errs() << "; " << Unprocessed
               << " could not be preprocessed (analysed)";
      errs() << "\n";
    }
    // A changed build file (a compile definition added to CMakeLists.txt)
    // may change the flags of any translation unit, and with them any of
    // its findings (CI trial 13, D4: before, "no translation unit includes
    // a changed file", exit 0): every translation unit is analysed and its
    // findings reported on every line, as in a whole run.
    std::string BuildWhy;
    std::vector<std::string> BuildFiles =
        changedBuildFiles(*Changed, DBPath, BuildWhy);
    if (!BuildFiles.empty()) {
      if (!Quiet)
        errs() << "gpuleak: --changed-since=" << ChangedSince << ": '"
               << BuildFiles.front() << "'" << AndMore(BuildFiles.size())
               << " (" << BuildWhy
               << ") changed, and with it the compile flags of any "
                  "translation unit: "
               << (Candidates.size() == 1 ? "the " : "all ")
               << Candidates.size() << " translation unit"
               << (Candidates.size() == 1 ? " is" : "s are")
               << " analysed, findings reported on every line\n";
      Files = Candidates;
      LoneHeaders.clear(); // found as in a whole run
      Changed.reset();
    }
    // Said with --quiet too: the run may miss what new flags turn on.
    if (Changed && !UncomparedFlags.empty())
      WithColor::warning(errs(), "gpuleak") << UncomparedFlags << "\n";
    if (Changed && !LoneHeaders.empty() && !Quiet)
      errs() << "gpuleak: --changed-since=" << ChangedSince << ": '"
             << LoneHeaders.front() << "'" << AndMore(LoneHeaders.size())
             << (LoneHeaders.size() == 1
                     ? ", a changed header that no translation unit includes, "
                       "is analysed on its own"
                     : ", changed headers that no translation unit includes, "
                       "are analysed on their own")
             << "\n";
    // Nothing to analyse is correct for a change without C++ code, and the
    // sign of a wrong ref or an empty pipe otherwise: said even with --quiet.
    if (Files.empty() && LoneHeaders.empty())
      WithColor::warning(errs(), "gpuleak")
          << "--changed-since=" << ChangedSince << ": "
          << (Changed && Changed->Files.empty()
                  ? "the diff is empty"
                  : "no translation unit includes a changed file")
          << "; nothing was analysed\n";
  }
  const size_t TotalFiles = Files.size();
  std::vector<std::string> AllFiles; // of all shards
  if (Shard) {
    std::vector<std::string> Sorted = Files, Members;
    llvm::sort(Sorted);
    AllFiles = Sorted;
    for (size_t I : shardMembers(Sorted.size(), *Shard))
      Members.push_back(Sorted[I]);
    Files = std::move(Members);
  }
  std::vector<std::vector<clang::tooling::CompileCommand>> Commands;
  if (!Merged)
    for (const std::string &File : Files)
      Commands.push_back(DB->getCompileCommands(File));

  Settings.ResourceDir = ResourceDir;
  Settings.Summarize = true;
  Settings.RecordInputs = Shard.has_value();
  Settings.RecordIncluded =
      (!HeaderCandidates.empty() || !UnlistedSources.empty()) && !Changed;
  std::optional<ResultCache> Cache;
  if (!NoCache) {
    Cache.emplace(CacheFolder());
    Settings.Cache = &*Cache;
  }
  SmallString<256> IndexPath;
  if (IndexFile.empty()) {
    IndexPath = sys::path::parent_path(DBPath);
    sys::path::append(IndexPath, clang::tidy::gpuleak::IndexFileName);
    IndexPath = absolute(IndexPath);
  } else if (IndexFile != "none") {
    IndexPath = absolute(IndexFile);
  }
  // Nor the report over an input of the run (`-o src/train.cpp`).
  std::vector<GuardedInput> Inputs = {
      {std::string(DBPath), "the compile database"},
      {BaselinePath, "the baseline given with --baseline"},
      {std::string(IndexPath), "the project index"},
      {ConfigFile, "the configuration given with --config-file"}};
  if (Mode == RunMode::Merge)
    for (const std::string &Path : SourcePaths)
      Inputs.push_back({Path, "a shard file to merge"});
  std::vector<std::string> SourceFiles = DB->getAllFiles();
  SourceFiles.insert(SourceFiles.end(), Files.begin(), Files.end());
  if (std::optional<std::string> Err = outputOverwritesInput(
          OutputPath, Inputs, SourceFiles, DBPath))
    return fail(*Err);
  if (std::optional<std::string> Err = outputIsProjectFile(OutputPath))
    return fail(*Err);
  if (std::optional<std::string> Err = outputReplacesGpuleakFile(
          OutputPath, WriteBaseline ? "gpuleak-baseline"
                      : Shard       ? "gpuleak-shard"
                                    : ""))
    return fail(*Err);
  if (std::optional<std::string> Err =
          outputReplacesGpuleakFile(ExportFixes, ""))
    return fail("--export-fixes: " + *Err);
  if (!ExportFixes.empty()) {
    if (!OutputPath.empty())
      Inputs.push_back({OutputPath, "the report's --output"});
    if (std::optional<std::string> Err = outputOverwritesInput(
            ExportFixes, Inputs, SourceFiles, DBPath))
      return fail("--export-fixes: " + *Err);
    if (std::optional<std::string> Err = outputIsProjectFile(ExportFixes))
      return fail("--export-fixes: " + *Err);
  }
  // Never write the index over something else (`--index src/a.cpp` would
  // take the source for the index's path): only over an earlier index.
  std::shared_ptr<const clang::tidy::gpuleak::ProjectIndex> Previous;
  if (!IndexPath.empty()) {
    if (sys::fs::is_directory(IndexPath))
      return fail("cannot write the project index '" + IndexPath +
                  "': it is a directory");
    if (sys::fs::exists(IndexPath)) {
      ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
          MemoryBuffer::getFile(IndexPath);
      if (!Text || !clang::tidy::gpuleak::ProjectIndex::looksLikeIndex(
                       (*Text)->getBuffer()))
        return fail("'" + IndexPath +
                    "' is not a gpuleak index; refusing to overwrite it (delete "
                    "it, or name the index with --index=FILE)");
      Expected<clang::tidy::gpuleak::ProjectIndex> Read =
          clang::tidy::gpuleak::ProjectIndex::read(IndexPath);
      if (Read)
        Previous = std::make_shared<clang::tidy::gpuleak::ProjectIndex>(
            std::move(*Read));
      else
        WithColor::warning(errs(), "gpuleak")
            << "ignoring the project index '" << IndexPath
            << "': " << toString(Read.takeError()) << "; it is written anew\n";
    } else if (std::optional<std::string> Err = cannotCreateNextTo(IndexPath)) {
      return fail("cannot write the project index '" + IndexPath + "': " + *Err);
    }
  }
  // --changed-since without an index that holds the other translation
  // units' function summaries (a fresh CI checkout, an index written before
  // files other than the changed ones changed): the project
  // step would not know a function of another file that keeps what a
  // changed loop hands it, and the finding would be lost. Those translation
  // units are summarized too (from the result cache where it has them),
  // and their own findings left out, so that the report is the one a run
  // with a fresh index makes.
  std::vector<std::string> SummaryOnly;
  if (Changed && (!Files.empty() || !LoneHeaders.empty()) &&
      !IndexPath.empty()) {
    std::string Why;
    if (!Previous)
      Why = ("no usable project index at '" + IndexPath + "'").str();
    else
      for (const std::string &F : Previous->staleFiles())
        // A file deleted since (a branch switch): its summaries are gone
        // with it, as in a run without --changed-since.
        if (!Changed->changed(F) && sys::fs::exists(F)) {
          Why = ("the project index '" + IndexPath + "' is older than '" + F +
                 "'")
                    .str();
          break;
        }
    // A translation unit that the index has never seen (added to the
    // database since it was written): it may call a changed function.
    if (Why.empty() && Previous) {
      std::set<std::string> Known;
      for (const std::string &F : Previous->freshFiles())
        Known.insert(realPathOr(F));
      for (const std::string &F : Previous->staleFiles())
        Known.insert(realPathOr(F));
      for (const std::string &F : Candidates)
        if (!Known.count(realPathOr(F)) && !Changed->changed(F)) {
          Why = ("the project index '" + IndexPath + "' does not hold '" + F +
                 "'")
                    .str();
          break;
        }
    }
    if (!Why.empty()) {
      StringSet<> Selected;
      for (const std::string &F : Files)
        Selected.insert(F);
      for (const std::string &F : Candidates)
        if (!Selected.contains(F))
          SummaryOnly.push_back(F);
    }
    if (!SummaryOnly.empty() && !Quiet)
      WithColor::note(errs(), "gpuleak")
          << "--changed-since=" << ChangedSince << ": " << Why
          << "; the function summaries of the " << SummaryOnly.size()
          << " other translation unit" << (SummaryOnly.size() == 1 ? "" : "s")
          << " are made too (from the result cache where it has them)\n";
  }
  // A run over some files (`gpuleak check -p build src/train.cpp`) after an
  // edit of another file: the cross-file findings of the files given rest
  // on the other translation units' summaries, which the project index
  // holds only while their files are as they were. Those it does not hold
  // fresh are summarized as for --changed-since above, their own findings
  // left out, so that the report is that of a run over the whole project,
  // restricted to the files given. Before, their entries were dropped with
  // a note, and a finding whose callee's file changed was lost (exit 0).
  if (!Changed && !SourcePaths.empty() && !Shard && Mode != RunMode::Merge &&
      !IndexPath.empty()) {
    std::set<std::string> Seen;
    for (const std::string &F : Files)
      Seen.insert(realPathOr(F));
    std::vector<std::string> Others;
    for (const std::string &F : DB->getAllFiles())
      if (sys::fs::exists(F) && Seen.insert(realPathOr(F)).second)
        Others.push_back(F);
    llvm::sort(Others);
    std::string Why;
    SummaryOnly =
        notFreshInIndex(Previous.get(), IndexPath, Files, Others, Why);
    if (!SummaryOnly.empty() && !Quiet)
      WithColor::note(errs(), "gpuleak")
          << Why << "; the function summaries of " << SummaryOnly.size()
          << " other translation unit"
          << (SummaryOnly.size() == 1 ? " are" : "s are")
          << " made again (from the result cache where it has them)\n";
  }
  auto WorkersFor = [](size_t NumFiles) {
    unsigned N =
        Jobs ? Jobs.getValue() : hardware_concurrency().compute_thread_count();
    return std::max(1u, std::min<unsigned>(N, NumFiles));
  };
  ProgressBar Progress(Files.size());
  auto Start = std::chrono::steady_clock::now();
  std::vector<TUResult> TUResults, SummaryOnlyResults;
  // A shard's headers that no translation unit may include: the results of
  // those it analysed (LoneHeaders), and those its units read.
  std::vector<TUResult> ShardHeaderResults;
  std::set<std::string> ShardIncluded;
  std::optional<size_t> SelectedHits; // the cache's, when SummaryOnly ran
  Results R;
  if (Merged) {
    TUResults = std::move(Merged->TUs);
    // The headers that no shard's translation units read, as a single run
    // analyses them after its translation units.
    LoneHeaders = std::move(Merged->Headers);
    Files.insert(Files.end(), LoneHeaders.begin(), LoneHeaders.end());
    std::move(Merged->HeaderTUs.begin(), Merged->HeaderTUs.end(),
              std::back_inserter(TUResults));
    R = collectResults(Files, TUResults, std::move(Merged->ConfigErrors));
  } else {
    // The PCHs of shared headers are kept in the cache's folder, or go to a
    // folder of the run in the build folder, removed at the end.
    std::optional<SharedHeaders> Shared;
    if (!NoSharedHeaders)
      Shared.emplace(Cache ? Cache->dir()
                           : absolute(sys::path::parent_path(DBPath)),
                     Cache ? &*Cache : nullptr);
    SharedHeaders *SharedPtr = Shared ? &*Shared : nullptr;
    analyseAll(Files, Commands, Settings, SharedPtr, WorkersFor(Files.size()),
               Progress, TUResults);
    // What --changed-since compares a translation unit's command with:
    // recorded by a run over the whole database only (a shard's part of
    // one too), not by --changed-since or a run over FILEs given.
    if (Cache && ChangedSince.empty() && SourcePaths.empty())
      for (size_t I = 0; I < Files.size() && I < Commands.size(); ++I)
        Cache->recordCommand(Files[I], ResultCache::commandHash(Commands[I]));
    // The headers that no translation unit includes (known from the include
    // lists of --changed-since, or from what the parses read), each a
    // translation unit of its own, with the command that clang's
    // InterpolatingCompilationDatabase infers for it (the closest file's,
    // `-x c++-header`), as clangd does; without shared headers.
    if (Settings.RecordIncluded) {
      std::set<std::string> Read;
      for (const std::string &F : Settings.takeIncluded())
        Read.insert(realPathOr(F));
      // A shard analyses its part of the list (which its translation units
      // do not read) and says which of all its units read; the merge keeps
      // those that no shard's units read.
      for (const std::string &H :
           Shard ? shardHeaders(HeaderCandidates, *Shard)
                 : std::vector<std::string>(HeaderCandidates.begin(),
                                            HeaderCandidates.end()))
        if (!Read.count(H))
          LoneHeaders.push_back(H);
      if (Shard)
        for (const std::string &H : HeaderCandidates)
          if (Read.count(H))
            ShardIncluded.insert(H);
      // A tracked source that no compile command lists and no translation
      // unit includes was skipped without a word (CI trial 16, D3): a
      // disabled backend's leak would not fail the job. Said in one line,
      // with --quiet too; not analysed (its flags, defines and include
      // folders are those of a configuration that was not made).
      std::vector<std::string> Unanalysed;
      for (const std::string &S : UnlistedSources)
        if (!Read.count(S))
          Unanalysed.push_back(S);
      if (!Unanalysed.empty()) {
        auto &OS = WithColor::warning(errs(), "gpuleak");
        OS << Unanalysed.size() << " C, C++ or CUDA source"
           << (Unanalysed.size() == 1 ? "" : "s")
           << " that git tracks "
           << (Unanalysed.size() == 1 ? "is" : "are")
           << " in no compile command of '" << DBPath
           << "' and included by no translation unit, so not analysed: ";
        for (size_t I = 0; I < Unanalysed.size() && I < 3; ++I)
          OS << (I ? ", '" : "'") << Unanalysed[I] << "'";
        if (Unanalysed.size() > 3)
          OS << " (and " << Unanalysed.size() - 3 << " more)";
        OS << " (a build option that is off, a target not configured): "
           << (Unanalysed.size() == 1
                   ? "configure the build with it to analyse it\n"
                   : "configure the build with them to analyse them\n");
      }
    }
    if (!LoneHeaders.empty()) {
      std::unique_ptr<clang::tooling::CompilationDatabase> Inferred =
          clang::tooling::inferMissingCompileCommands(
              std::make_unique<BorrowedDatabase>(*DB));
      std::vector<std::vector<clang::tooling::CompileCommand>> HeaderCommands;
      for (const std::string &H : LoneHeaders)
        HeaderCommands.push_back(headerCommands(*Inferred, H));
      std::vector<TUResult> HeaderResults;
      ProgressBar HeaderProgress(LoneHeaders.size());
      analyseAll(LoneHeaders, HeaderCommands, Settings, nullptr,
                 WorkersFor(LoneHeaders.size()), HeaderProgress, HeaderResults);
      for (size_t I = 0; I < HeaderResults.size(); ++I)
        if (HeaderResults[I].Error) {
          std::string From;
          if (!HeaderCommands[I].empty() &&
              !HeaderCommands[I].front().Heuristic.empty())
            From = " (its command " + HeaderCommands[I].front().Heuristic + ")";
          *HeaderResults[I].Error +=
              "; a header that no translation unit includes, analysed on its "
              "own" + From +
              ": leave it out with --exclude-header-filter=REGEX";
        }
      if (Shard) {
        ShardHeaderResults = std::move(HeaderResults);
      } else {
        Files.insert(Files.end(), LoneHeaders.begin(), LoneHeaders.end());
        std::move(HeaderResults.begin(), HeaderResults.end(),
                  std::back_inserter(TUResults));
      }
    }
    // Translation units analysed after those selected (--changed-since).
    auto AnalyseMore = [&](const std::vector<std::string> &More,
                           std::vector<TUResult> &Into) {
      std::vector<std::vector<clang::tooling::CompileCommand>> MoreCommands;
      for (const std::string &File : More)
        MoreCommands.push_back(DB->getCompileCommands(File));
      ProgressBar MoreProgress(More.size());
      analyseAll(More, MoreCommands, Settings, SharedPtr,
                 WorkersFor(More.size()), MoreProgress, Into);
    };
    if (!SummaryOnly.empty()) {
      SelectedHits = Cache ? Cache->hits() : 0;
      // The configuration errors of the translation units summarized only
      // (a malformed .clang-tidy of another folder) are not the run's: a
      // run over the whole project reports them.
      std::vector<InputError> Kept = Settings.takeConfigErrors();
      AnalyseMore(SummaryOnly, SummaryOnlyResults);
      Settings.takeConfigErrors();
      for (InputError &E : Kept)
        Settings.addConfigError(std::move(E));
    }
    // --changed-since: a change to a function of a changed file (a store
    // added to Collector::add in collector.cpp) makes findings in the
    // translation units that call it (collector.add(loss) in train.cpp),
    // which include no changed file. Those that call a function defined in
    // a changed file are analysed too, and their findings reported by the
    // same rule (a line or a note line changed); the callers are known from
    // the other translation units' summaries made above, or from the
    // project index.
    std::vector<std::string> CallerFiles;
    std::vector<TUResult> CallerResults;
    if (Changed && !Files.empty()) {
      StringSet<> ChangedFunctions = functionsDefinedIn(TUResults, *Changed);
      auto Calls = [&](const TUResult &TU) {
        return llvm::any_of(TU.Summaries, [&](const auto &S) {
          return callsAny(S, ChangedFunctions);
        });
      };
      if (!ChangedFunctions.empty() && !SummaryOnly.empty()) {
        std::vector<std::string> Others;
        std::vector<TUResult> OtherResults;
        for (size_t I = 0; I < SummaryOnly.size(); ++I) {
          bool Caller = Calls(SummaryOnlyResults[I]);
          (Caller ? CallerFiles : Others).push_back(SummaryOnly[I]);
          (Caller ? CallerResults : OtherResults)
              .push_back(std::move(SummaryOnlyResults[I]));
        }
        SummaryOnly = std::move(Others);
        SummaryOnlyResults = std::move(OtherResults);
      } else if (!ChangedFunctions.empty() && Previous) {
        std::set<std::string> Defining =
            callersInIndexFile(IndexPath, ChangedFunctions);
        for (const auto &[USR, S] : Previous->functions())
          if (callsAny(S, ChangedFunctions))
            Defining.insert(realPathOr(S.Def.File));
        // A caller defined in a header (an inline training loop) is in
        // each translation unit that includes it (CI trial 15's gap: before,
        // only a caller defined in a translation unit's own file counted).
        std::set<unsigned> Including;
        for (const std::string &D : Defining)
          if (auto It = IncludersOf.find(D); It != IncludersOf.end())
            Including.insert(It->second.begin(), It->second.end());
        StringSet<> Selected;
        for (const std::string &F : Files)
          Selected.insert(F);
        for (unsigned I = 0; I < Candidates.size(); ++I)
          if (!Selected.contains(Candidates[I]) &&
              (Including.count(I) || Defining.count(realPathOr(Candidates[I]))))
            CallerFiles.push_back(Candidates[I]);
        AnalyseMore(CallerFiles, CallerResults);
      }
      if (!CallerFiles.empty() && !Quiet)
        errs() << "gpuleak: --changed-since=" << ChangedSince << ": "
               << CallerFiles.size() << " other translation unit"
               << (CallerFiles.size() == 1 ? " calls" : "s call")
               << " a function of a changed file (analysed too)\n";
      Files.insert(Files.end(), CallerFiles.begin(), CallerFiles.end());
      std::move(CallerResults.begin(), CallerResults.end(),
                std::back_inserter(TUResults));
    }
    // Their errors are not the run's (a run over the whole project reports
    // them), but the findings that rest on their functions may be missing:
    // said even with --quiet. The summaries of what parsed are used and
    // written to the index, as a run over the whole project does.
    {
      std::vector<size_t> Failed;
      for (size_t I = 0; I < SummaryOnlyResults.size(); ++I)
        if (SummaryOnlyResults[I].Error)
          Failed.push_back(I);
      if (!Failed.empty())
        WithColor::warning(errs(), "gpuleak")
            << "'" << SummaryOnly[Failed.front()] << "'"
            << (Failed.size() > 1
                    ? " (and " + std::to_string(Failed.size() - 1) + " more)"
                    : std::string())
            << ", whose function summaries are made again, "
            << *SummaryOnlyResults[Failed.front()].Error
            << "; findings of the translation units analysed that rest on "
               "its functions may be missing\n";
    }
    for (TUResult &TU : SummaryOnlyResults) {
      TU.Findings.clear();
      TU.FilteredHeaderFindings.clear();
      TU.Sites.clear();
      TU.Error.reset();
    }
    if (PrintStats && Shared)
      errs() << "gpuleak: stats: " << Shared->stats() << '\n';
    if (Cache)
      if (std::optional<std::string> W = Cache->warning())
        WithColor::warning(errs(), "gpuleak") << *W << '\n';
    if (Shard) {
      ShardContents C;
      C.ConfigErrors = Settings.takeConfigErrors();
      // What makes the shards one run: every shard hashes every translation
      // unit of the run, not only its own.
      C.Run.Gpuleak = gpuleakVersionText();
      C.Run.Database = DBHash;
      C.Run.Sources = sourceHashes(AllFiles);
      C.Run.Inputs = Settings.takeInputs();
      if (std::optional<CheckoutState> Here = checkoutState(sourceFolder(
              AllFiles, absolute(sys::path::parent_path(DBPath))))) {
        C.Run.Commit = Here->Commit;
        C.Run.Changes = Here->Changes;
      }
      {
        std::vector<std::string> Args = {"--resource-dir=" + ResourceDir,
                                         "--build-config=" + BuildConfig};
        for (const std::string &A : ExtraArgsBefore)
          Args.push_back("--extra-arg-before=" + A);
        for (const std::string &A : ExtraArgs)
          Args.push_back("--extra-arg=" + A);
        C.Run.Configuration = configurationHash(
            AllFiles, *makeOptionsProvider(Settings, nullptr), Args);
        Settings.takeConfigErrors(); // those of the shard's own files are kept
      }
      C.Spec = *Shard;
      C.Database = absolute(DBPath);
      C.TotalFiles = TotalFiles;
      C.WholeDatabase = SourcePaths.empty();
      C.Files = Files;
      C.TUs = std::move(TUResults);
      C.Headers = LoneHeaders;
      C.HeaderTUs = std::move(ShardHeaderResults);
      C.IncludedHeaders = std::move(ShardIncluded);
      if (!HeaderCandidates.empty())
        C.Run.Headers = hashOf(join(HeaderCandidates, "\n"));
      return writeShardFile(std::move(C), Start);
    }
    R = collectResults(Files, TUResults, Settings.takeConfigErrors());
    std::move(SummaryOnlyResults.begin(), SummaryOnlyResults.end(),
              std::back_inserter(TUResults));
  }
  // clang-tidy applies no fix when a translation unit has compiler errors
  // (unless -fix-errors): the fixes may rest on a broken parse.
  const size_t ParseFailures = llvm::count_if(
      TUResults, [](const TUResult &TU) { return TU.Error.has_value(); });
  // A header filter that matched no header of the run while it left
  // findings out (`^include/`, where clang-tidy matches absolute names):
  // said once, with --quiet too.
  if (std::optional<std::string> W =
          headerFilterMatchedNothing(TUResults, Settings))
    WithColor::warning(errs(), "gpuleak") << *W << '\n';

  // Across translation units: the project index, solved after the last one.
  ProjectStats Stats;
  double TUSeconds = 0, SummarySeconds = 0;
  size_t Summarized = 0, TensorFree = 0;
  for (const TUResult &TU : TUResults) {
    TUSeconds += TU.Seconds;
    SummarySeconds += TU.SummarySeconds;
    Summarized += TU.Summaries.size();
    TensorFree += TU.TensorFreeFunctions;
  }
  // The translation units whose summaries the project step gets (in the
  // order of TUResults), and those of the database it does not.
  std::vector<std::string> Analysed = Files;
  Analysed.insert(Analysed.end(), SummaryOnly.begin(), SummaryOnly.end());
  std::vector<std::string> Others;
  {
    std::set<std::string> Seen;
    for (const std::string &F : Analysed)
      Seen.insert(realPathOr(F));
    for (const std::string &F : DB->getAllFiles())
      if (!Seen.count(realPathOr(F)))
        Others.push_back(F);
  }
  // The functions' lines, for --changed-since: lines removed inside one.
  FunctionExtents Extents;
  if (Changed)
    Extents = functionExtents(TUResults);
  if (Error Err = applyProjectIndex(TUResults, R, Previous.get(), IndexPath,
                                    Analysed, Others, Stats))
    R.Errors.push_back({std::string(IndexPath),
                        "cannot write the project index: " +
                            toString(std::move(Err))});
  TUResults.clear();
  if (PrintStats) {
    double Run = std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - Start)
                     .count();
    errs() << format("gpuleak: stats: %zu functions, %u rounds, +%zu -%zu "
                     "findings; summaries %.3f s of %.3f s in TUs; solve "
                     "%.4f s of %.3f s; %zu of %zu summaries tensor-free\n",
                     Stats.Functions, Stats.Rounds, Stats.Added, Stats.Dropped,
                     SummarySeconds, TUSeconds, Stats.SolveSeconds, Run,
                     TensorFree, Summarized);
  }

  // Fingerprints name the findings in SARIF and in baselines; file names in
  // them are relative to the compile database's directory.
  std::string BaseDir = absolute(sys::path::parent_path(DBPath));
  // The merge prints each finding's code and makes its fingerprint from its
  // own checkout, whose files the shards read were compared above; a file
  // that is not here prints without its code, as in a single run.
  fingerprintFindings(R, BaseDir);
  // Which of several findings with the same code the baseline holds is
  // decided before --changed-since drops those on unchanged lines: a copy
  // pasted next to a baselined one is the new one (on a changed line).
  if (Baseline)
    matchBaseline(R, BaseDir, *Baseline, [&](const Finding &F) {
      return Changed && Changed->changed(F.Place.File, F.Place.Line);
    });
  if (Changed)
    keepChangedFindings(R, *Changed, Extents);
  // A finding or note in a file generated from a changed template points
  // at the template, on the same line: the file of the checkout that the
  // change is in (SARIF's code scanning can place it; the build folder's
  // copy it cannot). Its fingerprint stays the generated file's, as in a
  // full run.
  if (!TemplateOf.empty())
    for (Finding &F : R.Findings) {
      auto ToTemplate = [&](SourcePlace &P) {
        auto It = TemplateOf.find(realPathOr(P.File));
        if (It != TemplateOf.end())
          P.File = It->second;
      };
      ToTemplate(F.Place);
      for (FindingNote &N : F.Notes)
        ToTemplate(N.Place);
    }
  std::optional<size_t> Baselined;
  if (Baseline)
    Baselined = removeBaselined(R, *Baseline);

  for (const InputError &E : R.Errors)
    WithColor::error(errs(), "gpuleak") << E.File << ": " << E.Message << '\n';

  // --fix: the replacements of the reported findings, decided before the
  // report, which says which ones are applied; the files are rewritten
  // after it, as clang-tidy does.
  std::optional<FixPlan> Fixes;
  if (ApplyFixes && ParseFailures)
    WithColor::warning(errs(), "gpuleak")
        << "--fix: " << ParseFailures << " translation unit"
        << (ParseFailures == 1 ? "" : "s")
        << " failed to parse; no fix was applied\n";
  else if (ApplyFixes)
    Fixes = planFixes(R);

  // The text report is coloured on a terminal, as clang-tidy's is.
  const bool ReportColors = Color == ColorChoice::Always ||
                            (Color == ColorChoice::Auto && OutputPath.empty() &&
                             sys::Process::StandardOutHasColors());
  std::string Root;
  if (!WriteBaseline && (Format == OutputFormat::SARIF ||
                         Format == OutputFormat::CodeClimate)) {
    Root = sourceRoot(BaseDir, Files);
    warnOutsideSourceRoot(R, Root);
  }
  auto Write = [&](raw_ostream &OS) {
    if (WriteBaseline) {
      writeBaseline(OS, R, BaseDir);
      return;
    }
    switch (Format) {
    case OutputFormat::Text:
      writeText(OS, R, ReportColors);
      break;
    case OutputFormat::JSON:
      writeJSON(OS, R);
      break;
    case OutputFormat::SARIF:
      writeSARIF(OS, R, DocsURL, Root);
      break;
    case OutputFormat::CodeClimate:
      writeCodeClimate(OS, R, Root);
      break;
    }
    return;
  };
  std::string Output = OutputPath.empty() ? "-" : OutputPath.getValue();
  size_t Errors = R.Errors.size();
  if (Error Err = writeOutput(Output, Write)) {
    // A finished analysis is never lost: the report goes to stdout.
    std::string Reason = errorToErrorCode(std::move(Err)).message();
    if (Output == "-") {
      fail("cannot write the report to stdout (" + Reason + ")");
    } else {
      consumeError(writeOutput("-", Write));
      fail("cannot write '" + Output + "' (" + Reason +
           "); the report went to stdout");
    }
    ++Errors;
  }
  if (!ExportFixes.empty())
    if (Error Err = writeOutput(ExportFixes, [&](raw_ostream &OS) {
          writeExportedFixes(OS, R, Files.empty() ? "" : Files.front(),
                             BaseDir);
        })) {
      fail("cannot write '" + ExportFixes + "' (" +
           errorToErrorCode(std::move(Err)).message() + ")");
      ++Errors;
    }
  if (Fixes && Fixes->Total) {
    if (Error Err = applyFixes(*Fixes)) {
      fail("--fix: " + toString(std::move(Err)));
      ++Errors;
    } else {
      errs() << "gpuleak: applied " << Fixes->Applied << " of "
             << Fixes->Total << " suggested fixes\n";
    }
  }

  if (!Quiet)
    printSummary(
        R, Baselined, Errors, Files.size(),
        SelectedHits ? *SelectedHits : Cache ? Cache->hits() : 0,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count(),
        LoneHeaders.size(), ConfigsText);
  if (Errors)
    return ExitError;
  if (WriteBaseline)
    return ExitClean;
  return R.Findings.empty() ? ExitClean : ExitFindings;
}

int runCheck() { return run(RunMode::Check); }

int runBaseline() { return run(RunMode::Baseline); }

int runMerge() { return run(RunMode::Merge); }

} // namespace gpuleak
