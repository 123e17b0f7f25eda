//===--- BuildGraph.cpp - the build statements of a build folder ----------===//

#include "BuildGraph.h"
#include "ChangedLines.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace gpuleak {

namespace {
/// A token of a Ninja `build` line: a path, or one of the separators.
enum class Sep { None, Colon, Pipe, Pipe2, PipeAt };
struct Token {
  Sep Kind = Sep::None;
  std::string Text;
};

bool isVarChar(char C) { return isAlnum(C) || C == '_' || C == '-'; }

/// The lines of \p Text with Ninja's continuations (`$` at the end of a
/// line, then the next line's indentation) removed; each keeps whether it
/// was indented (a binding of the statement above).
std::vector<std::string> logicalLines(StringRef Text) {
  std::vector<std::string> Lines;
  std::string Cur;
  bool Continued = false;
  for (StringRef Line : split(Text, '\n')) {
    Line = Line.rtrim('\r');
    if (Continued)
      Line = Line.ltrim(' ');
    size_t Dollars = Line.size() - Line.rtrim('$').size();
    Continued = Dollars % 2 == 1;
    Cur += Continued ? Line.drop_back().str() : Line.str();
    if (Continued)
      continue;
    Lines.push_back(std::move(Cur));
    Cur.clear();
  }
  if (!Cur.empty())
    Lines.push_back(std::move(Cur));
  return Lines;
}

/// \p Line's words, Ninja's escapes resolved and \p Vars expanded; an
/// unescaped `:` ends a word and is a token of its own. With \p Whole, the
/// rest of the line is one word (a variable's value).
std::vector<Token> lexNinja(StringRef Line, const StringMap<std::string> &Vars,
                            bool Whole = false) {
  std::vector<Token> Tokens;
  Token Cur;
  bool InWord = false;
  auto End = [&] {
    if (!InWord)
      return;
    if (Cur.Text == "|")
      Cur.Kind = Sep::Pipe;
    else if (Cur.Text == "||")
      Cur.Kind = Sep::Pipe2;
    else if (Cur.Text == "|@")
      Cur.Kind = Sep::PipeAt;
    Tokens.push_back(std::move(Cur));
    Cur = Token();
    InWord = false;
  };
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (C == '$' && I + 1 < Line.size()) {
      char N = Line[++I];
      InWord = true;
      if (N == ' ' || N == ':' || N == '$') {
        Cur.Text += N;
        continue;
      }
      size_t Start = I, Stop = I;
      if (N == '{') {
        Stop = Line.find('}', I);
        if (Stop == StringRef::npos)
          Stop = Line.size();
        Cur.Text += Vars.lookup(Line.slice(I + 1, Stop));
        I = Stop;
        continue;
      }
      while (Stop < Line.size() && isVarChar(Line[Stop]))
        ++Stop;
      Cur.Text += Vars.lookup(Line.slice(Start, Stop));
      I = Stop - 1;
      continue;
    }
    if (!Whole && C == ' ') {
      End();
      continue;
    }
    if (!Whole && C == ':') {
      End();
      Tokens.push_back(Token{Sep::Colon, ":"});
      continue;
    }
    Cur.Text += C;
    InWord = true;
  }
  End();
  return Tokens;
}
} // namespace

std::vector<BuildStatement>
ninjaBuildStatements(StringRef Text, std::vector<std::string> *Included) {
  std::vector<BuildStatement> Statements;
  StringMap<std::string> Vars;
  for (const std::string &Logical : logicalLines(Text)) {
    StringRef Line(Logical);
    if (Line.empty() || Line.front() == ' ' || Line.front() == '#')
      continue; // a binding of a statement, or a comment
    if (Line.consume_front("include ") || Line.consume_front("subninja ")) {
      std::vector<Token> Name = lexNinja(Line.ltrim(' '), Vars, true);
      if (Included && !Name.empty())
        Included->push_back(Name.front().Text);
      continue;
    }
    if (!Line.consume_front("build ")) {
      // A top-level variable: `name = value`.
      auto [Name, Value] = Line.split('=');
      Name = Name.trim(' ');
      if (!Name.empty() && Line.contains('=') &&
          llvm::all_of(Name, isVarChar)) {
        std::vector<Token> V = lexNinja(Value.ltrim(' '), Vars, true);
        Vars[Name] = V.empty() ? "" : V.front().Text;
      }
      continue;
    }
    BuildStatement S;
    enum { Outs, Rule, Ins, Done } Part = Outs;
    for (Token &T : lexNinja(Line, Vars)) {
      if (Part == Outs) {
        if (T.Kind == Sep::Colon)
          Part = Rule;
        else if (T.Kind == Sep::None)
          S.Outputs.push_back(std::move(T.Text));
      } else if (Part == Rule) {
        S.Rule = std::move(T.Text);
        Part = Ins;
      } else if (Part == Ins) {
        if (T.Kind == Sep::Pipe2 || T.Kind == Sep::PipeAt)
          Part = Done;
        else if (T.Kind == Sep::None)
          S.Inputs.push_back(std::move(T.Text));
      }
    }
    if (!S.Outputs.empty())
      Statements.push_back(std::move(S));
  }
  return Statements;
}

namespace {
/// The rules of \p Text, one of CMake's `build.make` files: `TARGET: DEPS`
/// lines, CMake's escapes (`\ `, `\#`, `$$`) resolved; special targets
/// (`.PHONY`), pattern rules and `cmake_force` left out.
void makeBuildStatements(StringRef Text, std::vector<BuildStatement> &Out) {
  auto Words = [](StringRef S) {
    std::vector<std::string> W;
    std::string Cur;
    for (size_t I = 0; I < S.size(); ++I) {
      char C = S[I];
      if (C == '\\' && I + 1 < S.size() && (S[I + 1] == ' ' || S[I + 1] == '#')) {
        Cur += S[++I];
        continue;
      }
      if (C == '$' && I + 1 < S.size() && S[I + 1] == '$') {
        Cur += S[++I];
        continue;
      }
      if (C == ' ' || C == '\t') {
        if (!Cur.empty())
          W.push_back(std::move(Cur));
        Cur.clear();
        continue;
      }
      Cur += C;
    }
    if (!Cur.empty())
      W.push_back(std::move(Cur));
    return W;
  };
  for (StringRef Line : split(Text, '\n')) {
    Line = Line.rtrim("\r");
    if (Line.empty() || Line.front() == '\t' || Line.front() == ' ' ||
        Line.front() == '#' || Line.front() == '.' || Line.contains('%') ||
        Line.contains("$("))
      continue;
    // The `:` that ends the targets: not one of a `C:\` drive.
    size_t Colon = Line.find(": ");
    if (Colon == StringRef::npos && Line.ends_with(":"))
      Colon = Line.size() - 1;
    if (Colon == StringRef::npos || Line.take_front(Colon).contains('='))
      continue;
    BuildStatement S;
    S.Outputs = Words(Line.take_front(Colon));
    for (std::string &In : Words(Line.drop_front(Colon + 1)))
      if (In != "cmake_force")
        S.Inputs.push_back(std::move(In));
    if (!S.Outputs.empty())
      Out.push_back(std::move(S));
  }
}

/// \p Path (as a build file names it, relative to \p Dir) as a real path,
/// or absolute with `.` and `..` removed when it does not exist.
std::string pathIn(StringRef Dir, StringRef Path) {
  SmallString<256> Abs;
  if (sys::path::is_absolute(Path))
    Abs = Path;
  else {
    Abs = Dir;
    sys::path::append(Abs, Path);
  }
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return realPathOr(Abs);
}

std::optional<sys::TimePoint<>> modified(StringRef Path) {
  sys::fs::file_status Status;
  if (sys::fs::status(Path, Status) || !sys::fs::exists(Status))
    return std::nullopt;
  return Status.getLastModificationTime();
}
} // namespace

/// The strings of `set(NAME "..." ...)` in \p Text (CMakeFiles/Makefile.cmake).
std::vector<std::string> cmakeSetStrings(StringRef Text, StringRef Name) {
  std::vector<std::string> Strings;
  size_t At = Text.find(("set(" + Name).str());
  if (At == StringRef::npos)
    return Strings;
  for (size_t I = At + Name.size() + 4; I < Text.size() && Text[I] != ')';
       ++I) {
    if (Text[I] != '"')
      continue;
    std::string S;
    for (++I; I < Text.size() && Text[I] != '"'; ++I) {
      if (Text[I] == '\\' && I + 1 < Text.size())
        ++I;
      S += Text[I];
    }
    Strings.push_back(std::move(S));
  }
  return Strings;
}

std::vector<BuiltFile> filesBuiltFrom(StringRef DBPath,
                                      function_ref<bool(StringRef)> IsChanged,
                                      std::string &Recorder) {
  Recorder.clear();
  SmallString<256> Real;
  if (sys::fs::real_path(DBPath, Real))
    return {};
  std::string Dir = sys::path::parent_path(Real).str();
  std::vector<BuildStatement> Statements;
  bool Ninja = false;
  // Ninja: build.ninja and what it includes (Ninja Multi-Config's
  // CMakeFiles/common.ninja and impl-<Config>.ninja), relative to the
  // folder ninja runs in.
  std::vector<std::string> Work{"build.ninja"};
  std::set<std::string> Read;
  while (!Work.empty()) {
    std::string Name = Work.back();
    Work.pop_back();
    std::string Path = pathIn(Dir, Name);
    if (!Read.insert(Path).second)
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
    if (!Text)
      continue;
    Ninja = true;
    std::vector<std::string> Included;
    for (BuildStatement &S :
         ninjaBuildStatements((*Text)->getBuffer(), &Included))
      Statements.push_back(std::move(S));
    Work.insert(Work.end(), Included.begin(), Included.end());
  }
  if (Ninja) {
    Recorder = "build.ninja";
  } else {
    // CMake's Makefile generators: each target's build.make, next to the
    // DependInfo.cmake that CMakeFiles/Makefile.cmake lists, with paths
    // relative to the top of the build folder (make runs there).
    SmallString<256> Index(Dir);
    sys::path::append(Index, "CMakeFiles", "Makefile.cmake");
    ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Index);
    if (!Text)
      return {};
    Recorder = "CMakeFiles/Makefile.cmake";
    for (const std::string &Info :
         cmakeSetStrings((*Text)->getBuffer(), "CMAKE_DEPEND_INFO_FILES")) {
      SmallString<256> Make(sys::path::parent_path(pathIn(Dir, Info)));
      sys::path::append(Make, "build.make");
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> T =
              MemoryBuffer::getFile(Make))
        makeBuildStatements((*T)->getBuffer(), Statements);
    }
  }

  // Each statement's paths as real paths; the statements that read each.
  struct Node {
    std::vector<std::string> Outputs, Inputs;
  };
  std::vector<Node> Nodes;
  std::map<std::string, std::vector<size_t>> Readers;
  std::map<std::string, size_t> MadeBy;
  for (const BuildStatement &S : Statements) {
    if (S.Rule == "RERUN_CMAKE" || S.Inputs.empty())
      continue;
    Node N;
    for (const std::string &O : S.Outputs)
      N.Outputs.push_back(pathIn(Dir, O));
    for (const std::string &I : S.Inputs)
      N.Inputs.push_back(pathIn(Dir, I));
    for (const std::string &I : N.Inputs)
      Readers[I].push_back(Nodes.size());
    for (const std::string &O : N.Outputs)
      MadeBy.emplace(O, Nodes.size());
    Nodes.push_back(std::move(N));
  }

  // From the changed inputs along the statements that read them.
  std::map<std::string, std::string> Origin; // reached output -> changed file
  std::vector<std::pair<std::string, std::string>> Frontier;
  for (const auto &[Input, Statements] : Readers)
    if (IsChanged(Input))
      Frontier.emplace_back(Input, Input);
  std::set<std::string> Changed;
  for (const auto &[Input, From] : Frontier)
    Changed.insert(Input);
  while (!Frontier.empty()) {
    auto [File, From] = Frontier.back();
    Frontier.pop_back();
    auto R = Readers.find(File);
    if (R == Readers.end())
      continue;
    for (size_t N : R->second)
      for (const std::string &O : Nodes[N].Outputs)
        if (!Changed.count(O) && Origin.emplace(O, From).second)
          Frontier.emplace_back(O, From);
  }

  // Whether an output is older than an input that changed, as ninja decides
  // it: a `restat` rule whose command left the output untouched records the
  // time of its newest input in .ninja_log instead.
  std::map<std::string, sys::TimePoint<>> Logged;
  if (Ninja) {
    SmallString<256> Log(Dir);
    sys::path::append(Log, ".ninja_log");
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> T = MemoryBuffer::getFile(Log))
      for (StringRef Line : split((*T)->getBuffer(), '\n')) {
        SmallVector<StringRef, 5> F;
        Line.split(F, '\t');
        uint64_t Nanos;
        if (F.size() < 4 || F[2].getAsInteger(10, Nanos))
          continue;
        Logged[pathIn(Dir, F[3])] = sys::TimePoint<>(std::chrono::nanoseconds(Nanos));
      }
  }
  std::map<std::string, bool> StaleMemo;
  std::function<bool(const std::string &)> Stale = [&](const std::string &O) {
    auto M = StaleMemo.find(O);
    if (M != StaleMemo.end())
      return M->second;
    StaleMemo[O] = false; // a cycle ends here
    auto By = MadeBy.find(O);
    std::optional<sys::TimePoint<>> Made = modified(O);
    if (!Ninja || By == MadeBy.end() || !Made)
      return false;
    if (auto L = Logged.find(O); L != Logged.end())
      Made = std::max(*Made, L->second);
    bool Result = false;
    for (const std::string &I : Nodes[By->second].Inputs) {
      bool Reached = Origin.count(I);
      if (!Reached && !Changed.count(I))
        continue;
      std::optional<sys::TimePoint<>> In = modified(I);
      if ((In && *In > *Made) || (Reached && Stale(I))) {
        Result = true;
        break;
      }
    }
    return StaleMemo[O] = Result;
  };

  std::vector<BuiltFile> Built;
  for (const auto &[Output, From] : Origin)
    Built.push_back(BuiltFile{Output, From, Stale(Output)});
  return Built;
}

} // namespace gpuleak
