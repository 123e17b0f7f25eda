//===--- ClangCommand.cpp - A database command as clang parses it ---------===//

#include "ClangCommand.h"
#include "NvccCommand.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <set>

using namespace llvm;

namespace gpuleak {

static bool isGccDriver(StringRef Compiler) {
  static const Regex Gcc("^([A-Za-z0-9_.]+-)*(gcc|g\\+\\+|cc|c\\+\\+)(-[0-9.]+)?$");
  StringRef Name = sys::path::filename(Compiler);
  return !Name.contains("clang") && Gcc.match(Name);
}

std::vector<std::string> adaptGccCommand(const std::vector<std::string> &Args) {
  if (Args.empty() || !isGccDriver(Args.front()))
    return Args;
  SmallVector<const char *, 64> Argv;
  for (size_t I = 1; I < Args.size(); ++I)
    Argv.push_back(Args[I].c_str());
  const opt::OptTable &Table = clang::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Parsed =
      Table.ParseArgs(Argv, MissingIndex, MissingCount,
                      llvm::opt::Visibility(clang::options::ClangOption));
  std::set<unsigned> Unknown; // indices into Argv
  for (const opt::Arg *A : Parsed.filtered(clang::options::OPT_UNKNOWN))
    Unknown.insert(A->getIndex());
  std::vector<std::string> Out;
  Out.reserve(Args.size() + 1);
  Out.push_back(Args.front());
  Out.push_back("-Wno-c++11-narrowing");
  for (size_t I = 1; I < Args.size(); ++I)
    if (!Unknown.count(I - 1))
      Out.push_back(Args[I]);
  return Out;
}

std::vector<std::string>
noWarningsAsErrors(const std::vector<std::string> &Args) {
  std::vector<std::string> Added = {"-Wno-error"};
  bool PedanticErrors = false;
  auto End = llvm::find(Args, "--");
  for (auto I = Args.begin(); I != End; ++I) {
    StringRef A = *I;
    if (A.consume_front("-Werror=") && !A.empty()) {
      std::string Undo = ("-Wno-error=" + A).str();
      if (!llvm::is_contained(Added, Undo))
        Added.push_back(std::move(Undo));
    }
    PedanticErrors |= A == "-pedantic-errors" || A == "--pedantic-errors";
  }
  if (PedanticErrors)
    Added.push_back("-Wno-error=pedantic");
  std::vector<std::string> Out(Args.begin(), End);
  Out.insert(Out.end(), Added.begin(), Added.end());
  Out.insert(Out.end(), End, Args.end());
  return Out;
}

clang::tooling::ArgumentsAdjuster nvccThenClangToolAdjusters() {
  using namespace clang::tooling;
  ArgumentsAdjuster Nvcc = [](const CommandLineArguments &Args, llvm::StringRef) {
    std::optional<CommandLineArguments> Clang = translateNvccCommand(Args);
    return Clang ? *Clang : Args;
  };
  return combineAdjusters(
      combineAdjusters(
          combineAdjusters(Nvcc, getClangStripOutputAdjuster()),
          getClangSyntaxOnlyAdjuster()),
      getClangStripDependencyFileAdjuster());
}

} // namespace gpuleak
