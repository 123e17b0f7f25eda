//===--- ConfigProblems.cpp - what a configuration gets wrong -------------===//

#include "ConfigProblems.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::gpuleak {

bool ConfigValidatedByTool = false;

GpuleakChecks registeredGpuleakChecks() {
  ClangTidyCheckFactories Factories;
  for (const auto &Module : ClangTidyModuleRegistry::entries())
    Module.instantiate()->addCheckFactories(Factories);
  ClangTidyContext Context(std::make_unique<DefaultOptionsProvider>(
      ClangTidyGlobalOptions(), ClangTidyOptions::getDefaults()));
  GpuleakChecks Result;
  for (const auto &Factory : Factories) {
    llvm::StringRef Name = Factory.getKey();
    if (!Name.starts_with("gpuleak-"))
      continue;
    std::set<std::string> &Names = Result[Name.str()];
    ClangTidyOptions::OptionMap Stored;
    Factory.getValue()(Name, &Context)->storeOptions(Stored);
    for (const auto &Option : Stored)
      Names.insert(Option.getKey().drop_front(Name.size() + 1).str());
  }
  return Result;
}

bool enablesAnyCheck(llvm::StringRef Checks, const GpuleakChecks &Known) {
  GlobList List(Checks);
  for (const auto &Check : Known)
    if (List.contains(Check.first))
      return true;
  return false;
}

std::optional<std::string>
warningsAsErrorsWithoutChecks(const ClangTidyOptions &Options,
                              const GpuleakChecks &Known) {
  const std::string ErrorsText = Options.WarningsAsErrors.value_or("");
  const std::string ChecksText = Options.Checks.value_or("");
  llvm::StringRef Errors = llvm::StringRef(ErrorsText).trim();
  llvm::StringRef Checks = llvm::StringRef(ChecksText).trim();
  if (Errors.empty() || enablesAnyCheck(Checks, Known))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> Globs;
  Errors.split(Globs, ',', -1, /*KeepEmpty=*/false);
  if (llvm::none_of(Globs, [](llvm::StringRef G) {
        return G.trim().starts_with("gpuleak");
      }))
    return std::nullopt;
  GlobList ErrorList(Errors);
  if (llvm::none_of(Known, [&](const auto &Check) {
        return ErrorList.contains(Check.first);
      }))
    return std::nullopt;
  return ("Checks: enables no gpuleak check while WarningsAsErrors: '" +
          Errors + "' names gpuleak checks; add gpuleak-* to it or pass "
          "--checks=gpuleak-*")
      .str();
}

/// The gpuleak check that \p Name (a glob of a `Checks` list that does not
/// start with "gpuleak") misspells: it ends in that check's name after
/// "gpuleak-" (`gpu-leak-missing-no-grad`, `missing-no-grad`), or is within
/// three edits of the whole name (`gpuleek-retained-tensor`).
static std::optional<std::string>
misspelledCheck(llvm::StringRef Name, const GpuleakChecks &Known) {
  if (Name.contains('*'))
    return std::nullopt;
  std::string Lower = Name.lower();
  for (const auto &Check : Known) {
    llvm::StringRef Full = Check.first;
    llvm::StringRef Short = Full;
    Short.consume_front("gpuleak-");
    if (llvm::StringRef(Lower).ends_with(Short) ||
        llvm::StringRef(Lower).edit_distance(Full, true, 3) <= 3)
      return Full.str();
  }
  return std::nullopt;
}

std::optional<std::string> globProblem(llvm::StringRef Glob,
                                       const GpuleakChecks &Known) {
  Glob = Glob.trim();
  llvm::StringRef Name = Glob;
  Name.consume_front("-");
  if (!Name.starts_with_insensitive("gpuleak")) {
    // Another module's check is not ours to judge, but a gpuleak check
    // misspelled in its prefix (`gpu-leak-missing-no-grad`,
    // `missing-no-grad`) is no stock check either: it would turn the
    // check off without a word.
    if (std::optional<std::string> Meant = misspelledCheck(Name, Known))
      return ("'" + Glob + "' matches no check; did you mean '" + *Meant +
              "'?")
          .str();
    return std::nullopt;
  }
  if (!enablesAnyCheck(Name, Known))
    return ("'" + Glob + "' matches no gpuleak check").str();
  return std::nullopt;
}

/// What the glob list \p Globs of the key \p Key (`Checks`,
/// `WarningsAsErrors`) gets wrong about gpuleak, one message per glob.
static std::vector<std::string> globListProblems(llvm::StringRef Key,
                                                 llvm::StringRef Globs,
                                                 const GpuleakChecks &Known) {
  std::vector<std::string> Problems;
  for (llvm::StringRef Glob : llvm::split(Globs, ','))
    if (std::optional<std::string> P = globProblem(Glob, Known))
      Problems.push_back((Key + ": " + *P).str());
  return Problems;
}

std::vector<std::string> checksProblems(llvm::StringRef Checks,
                                        const GpuleakChecks &Known) {
  return globListProblems("Checks", Checks, Known);
}

/// What a .clang-tidy file gets wrong about gpuleak, one message per
/// problem, each naming its key: a glob in `Checks` or `WarningsAsErrors`
/// that looks like a
/// gpuleak check but matches none (`gpuleak-cuda-unreleasd`), a
/// `gpuleak-*.Option` in `CheckOptions` that no check has. Keys of other
/// modules' checks are not ours to judge: the file may serve stock clang-tidy
/// too. (Values that do not parse are reported by the checks themselves,
/// through clang-tidy's configuration diagnostics.)
std::vector<std::string> configProblems(const ClangTidyOptions &Options,
                                        const GpuleakChecks &Known) {
  std::vector<std::string> Problems;
  if (Options.Checks)
    Problems = checksProblems(*Options.Checks, Known);
  // A misspelled check in WarningsAsErrors would leave its findings
  // warnings without a word: a CI job that relies on it to fail stays green.
  if (Options.WarningsAsErrors)
    for (std::string &P :
         globListProblems("WarningsAsErrors", *Options.WarningsAsErrors, Known))
      Problems.push_back(std::move(P));
  for (const auto &Option : Options.CheckOptions) {
    llvm::StringRef Key = Option.getKey();
    if (!Key.starts_with("gpuleak-"))
      continue;
    auto [CheckName, OptionName] = Key.split('.');
    auto Check = Known.find(CheckName.str());
    if (Check == Known.end()) {
      Problems.push_back(("CheckOptions: '" + Key + "': no check named '" +
                          CheckName + "'")
                             .str());
      continue;
    }
    if (Check->second.count(OptionName.str()))
      continue;
    std::string Names;
    for (const std::string &Name : Check->second)
      Names += (Names.empty() ? "" : ", ") + Name;
    Problems.push_back(("CheckOptions: '" + Key + "': " + CheckName +
                        " has no option '" + OptionName + "'" +
                        (Names.empty() ? " (it has none)"
                                       : " (its options: " + Names + ")"))
                           .str());
  }
  return Problems;
}


} // namespace clang::tidy::gpuleak
