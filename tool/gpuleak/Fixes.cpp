//===--- Fixes.cpp - clang-tidy's --fix and --export-fixes for gpuleak check ===//

#include "Fixes.h"
#include "OutputGuard.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLTraits.h"

namespace gpuleak {

static clang::tooling::Replacement toReplacement(const FixReplacement &F) {
  return clang::tooling::Replacement(F.File, F.Offset, F.Length, F.Text);
}

FixPlan planFixes(Results &R) {
  FixPlan Plan;
  for (Finding &F : R.Findings) {
    F.FixesApplied.assign(F.Fixes.size(), false);
    for (size_t I = 0; I < F.Fixes.size(); ++I) {
      ++Plan.Total;
      clang::tooling::Replacement Rep = toReplacement(F.Fixes[I]);
      clang::tooling::Replacements &Taken = Plan.Files[Rep.getFilePath().str()];
      // The same edit suggested twice (by two findings) is made once.
      bool Applied = llvm::is_contained(Taken, Rep);
      if (!Applied) {
        if (llvm::Error Err = Taken.add(Rep))
          llvm::consumeError(std::move(Err)); // overlaps one taken before
        else
          Applied = true;
      }
      F.FixesApplied[I] = Applied;
      Plan.Applied += Applied;
    }
  }
  for (auto It = Plan.Files.begin(); It != Plan.Files.end();)
    It = It->second.empty() ? Plan.Files.erase(It) : std::next(It);
  return Plan;
}

llvm::Error applyFixes(const FixPlan &Plan) {
  for (const auto &[File, Replaces] : Plan.Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!Buffer)
      return llvm::createStringError(Buffer.getError(), "cannot read '" +
                                                            File + "': " +
                                                            Buffer.getError().message());
    llvm::Expected<std::string> Fixed =
        clang::tooling::applyAllReplacements((*Buffer)->getBuffer(), Replaces);
    if (!Fixed)
      return llvm::createStringError("cannot apply the fixes to '" + File +
                                     "': " + llvm::toString(Fixed.takeError()));
    if (llvm::Error Err = writeOutput(
            File, [&](llvm::raw_ostream &OS) { OS << *Fixed; }))
      return llvm::createStringError("cannot write '" + File + "': " +
                                     llvm::toString(std::move(Err)));
  }
  return llvm::Error::success();
}

void writeExportedFixes(llvm::raw_ostream &OS, const Results &R,
                        llvm::StringRef MainSourceFile,
                        llvm::StringRef BuildDir) {
  SourceFiles Sources;
  auto Message = [&](llvm::StringRef Text, const SourcePlace &P,
                     const std::vector<FixReplacement> &Fixes) {
    clang::tooling::DiagnosticMessage M(Text);
    if (!P.File.empty() && P.Line) {
      M.FilePath = P.File;
      if (std::optional<unsigned> Begin =
              Sources.offset(P.File, P.Line, P.Column)) {
        M.FileOffset = *Begin;
        if (P.EndLine)
          if (std::optional<unsigned> End =
                  Sources.offset(P.File, P.EndLine, P.EndColumn))
            if (*End >= *Begin) {
              clang::tooling::FileByteRange Range;
              Range.FilePath = P.File;
              Range.FileOffset = *Begin;
              Range.Length = *End + 1 - *Begin;
              M.Ranges.push_back(std::move(Range));
            }
      }
    }
    for (const FixReplacement &F : Fixes)
      llvm::consumeError(M.Fix[F.File].add(toReplacement(F)));
    return M;
  };
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainSourceFile.str();
  for (const Finding &F : R.Findings) {
    llvm::SmallVector<clang::tooling::DiagnosticMessage, 1> Notes;
    for (const FindingNote &N : F.Notes)
      Notes.push_back(Message(N.Message, N.Place, N.Fixes));
    TUD.Diagnostics.emplace_back(
        F.Check, Message(F.Message, F.Place, F.Fixes), Notes,
        F.Severity == "error" ? clang::tooling::Diagnostic::Error
                              : clang::tooling::Diagnostic::Warning,
        BuildDir);
  }
  // yaml::Output ends an empty `Diagnostics: []` without a line break.
  std::string Text;
  llvm::raw_string_ostream Stream(Text);
  llvm::yaml::Output YAML(Stream);
  YAML << TUD;
  if (!Text.empty() && Text.back() != '\n')
    Text += '\n';
  OS << Text;
}

} // namespace gpuleak
