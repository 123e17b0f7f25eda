//===--- UnityBuild.cpp - Translation units of a unity build --------------===//
#include "UnityBuild.h"

#include "clang/Driver/Types.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

namespace gpuleak {

using clang::tidy::ClangTidyGlobalOptions;
using clang::tidy::ClangTidyOptions;
using clang::tidy::ClangTidyOptionsProvider;

/// Whether \p Name names a source file (not a header) by its extension.
static bool isSourceFile(llvm::StringRef Name) {
  llvm::StringRef Ext = llvm::sys::path::extension(Name);
  if (Ext.empty())
    return false;
  clang::driver::types::ID Type =
      clang::driver::types::lookupTypeForExtension(Ext.drop_front());
  return Type != clang::driver::types::TY_INVALID &&
         clang::driver::types::isSrcFile(Type) &&
         !clang::driver::types::onlyPrecompileType(Type);
}

std::vector<std::string> unitySources(llvm::StringRef File,
                                      llvm::StringRef Text) {
  std::vector<std::string> Sources;
  bool InComment = false;
  for (llvm::StringRef Line : llvm::split(Text, '\n')) {
    Line = Line.trim();
    if (InComment) {
      InComment = !Line.contains("*/");
      if (!InComment && !Line.split("*/").second.trim().empty())
        return {};
      continue;
    }
    if (Line.empty() || Line.starts_with("//"))
      continue;
    if (Line.starts_with("/*")) {
      InComment = !Line.drop_front(2).contains("*/");
      if (!InComment && !Line.drop_front(2).split("*/").second.trim().empty())
        return {};
      continue;
    }
    if (!Line.consume_front("#"))
      return {};
    Line = Line.ltrim();
    if (Line.consume_front("include")) {
      Line = Line.ltrim();
      char Close = Line.starts_with("\"") ? '"' : Line.starts_with("<") ? '>' : 0;
      size_t End = Close ? Line.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos)
        return {};
      llvm::StringRef Name = Line.slice(1, End);
      llvm::StringRef After = Line.drop_front(End + 1).trim();
      if (!After.empty() && !After.starts_with("//") &&
          !(After.starts_with("/*") && After.ends_with("*/")))
        return {};
      if (!isSourceFile(Name))
        return {};
      // CMake writes absolute paths; a relative one is found next to the
      // unity file, and clang names it so.
      llvm::SmallString<256> Path(Name);
      if (!llvm::sys::path::is_absolute(Path)) {
        Path = llvm::sys::path::parent_path(File);
        llvm::sys::path::append(Path, Name);
      }
      Sources.push_back(std::string(Path));
      continue;
    }
    // CMake's UNITY_BUILD_UNIQUE_ID: `#undef ID` and
    // `#define ID unity_<md5>` before each include.
    llvm::SmallVector<llvm::StringRef, 4> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    if (Words.size() == 2 && Words[0] == "undef")
      continue;
    if (Words.size() == 3 && Words[0] == "define" &&
        Words[2].starts_with("unity_") &&
        llvm::all_of(Words[2].drop_front(6), llvm::isHexDigit))
      continue;
    return {};
  }
  return Sources;
}

std::vector<std::string> unitySourcesOfFile(llvm::StringRef File) {
  // A unity file holds one line per source; a larger file is code.
  constexpr uint64_t MaxSize = 1 << 20;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Text || (*Text)->getBufferSize() > MaxSize)
    return {};
  return unitySources(File, (*Text)->getBuffer());
}

namespace {
class UnityOptionsProvider : public ClangTidyOptionsProvider {
public:
  UnityOptionsProvider(std::unique_ptr<ClangTidyOptionsProvider> Inner,
                       llvm::StringRef File, std::vector<std::string> Sources,
                       std::string *Mismatch)
      : Inner(std::move(Inner)), File(File.str()) {
    std::vector<std::string> Escaped;
    for (const std::string &S : Sources)
      Escaped.push_back(llvm::Regex::escape(S));
    SourcesRegex = "^(" + llvm::join(Escaped, "|") + ")$";
    // The configuration of each source: the names of the option sources
    // (defaults, .clang-tidy files, command-line options) it is made of.
    auto Chain = [&](llvm::StringRef F) {
      std::vector<std::string> Names;
      for (const OptionsSource &S : this->Inner->getRawOptions(F))
        Names.push_back(S.second);
      return Names;
    };
    std::vector<std::string> First = Chain(Sources.front());
    for (const std::string &S : llvm::ArrayRef(Sources).drop_front())
      if (Chain(S) != First) {
        if (Mismatch)
          *Mismatch = "the sources of this unity file have different "
                      "configurations ('" + Sources.front() + "': " +
                      describe(First) + "; '" + S + "': " +
                      describe(Chain(S)) +
                      "), and clang-tidy checks a translation unit with one; "
                      "give them one (a .clang-tidy in their common folder), "
                      "or analyse a build without UNITY_BUILD";
        return;
      }
    ConfigFrom = Sources.front();
  }
  const ClangTidyGlobalOptions &getGlobalOptions() override {
    return Inner->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Raw = Inner->getRawOptions(
        FileName == File && !ConfigFrom.empty() ? llvm::StringRef(ConfigFrom)
                                                : FileName);
    ClangTidyOptions Merged;
    for (const OptionsSource &S : Raw)
      Merged.mergeWith(S.first, 0);
    std::string User = Merged.HeaderFilterRegex.value_or("");
    // A filter that does not compile is reported as it is
    // (reportBadHeaderFilters) and matches nothing, as in clang-tidy.
    if (!User.empty() && !llvm::Regex(User).isValid())
      return Raw;
    ClangTidyOptions Unity;
    Unity.HeaderFilterRegex =
        User.empty() ? SourcesRegex : SourcesRegex + "|(" + User + ")";
    Raw.emplace_back(std::move(Unity), UnityOptionsSource.str());
    return Raw;
  }

private:
  /// The .clang-tidy files of a configuration, or "the defaults".
  static std::string describe(llvm::ArrayRef<std::string> Names) {
    std::vector<std::string> Files;
    for (const std::string &N : Names)
      if (llvm::sys::path::filename(N) == ".clang-tidy" ||
          llvm::sys::path::is_absolute(N))
        Files.push_back(N);
    return Files.empty() ? "no .clang-tidy" : llvm::join(Files, ", ");
  }
  std::unique_ptr<ClangTidyOptionsProvider> Inner;
  std::string File;
  std::string SourcesRegex;
  /// The source whose options the unity file takes; "" when they differ.
  std::string ConfigFrom;
};
} // namespace

std::unique_ptr<ClangTidyOptionsProvider>
withUnitySources(std::unique_ptr<ClangTidyOptionsProvider> Inner,
                 llvm::StringRef File, std::vector<std::string> Sources,
                 std::string *Mismatch) {
  if (Sources.empty())
    return Inner;
  return std::make_unique<UnityOptionsProvider>(
      std::move(Inner), File, std::move(Sources), Mismatch);
}

} // namespace gpuleak
