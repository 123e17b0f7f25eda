//===--- ChangedLines.cpp - `gpuleak check --changed-since=REF` -----------===//

#include "ChangedLines.h"
#include "BuildGraph.h"
#include "ClangCommand.h"
#include "CompileDatabase.h"
#include "NvccCommand.h"
#include "ResultCache.h"
#include "TUResultJSON.h"
#include "summaries/Summaries.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <algorithm>
#include <functional>
#include <atomic>
#include <limits>
#include <mutex>
#include <numeric>
#include "llvm/Support/Program.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace llvm;

namespace gpuleak {

std::string realPathOr(StringRef Path) {
  SmallString<256> Real;
  if (!sys::fs::real_path(Path, Real))
    return std::string(Real);
  return Path.str();
}

const std::vector<std::pair<unsigned, unsigned>> *
ChangedLines::rangesOf(StringRef File, bool &All, bool IsReal) const {
  std::string Real = IsReal ? File.str() : realPathOr(File);
  All = llvm::any_of(Submodules, [&](const std::string &Sub) {
    return StringRef(Real).starts_with(Sub) && Real.size() > Sub.size() &&
           sys::path::is_separator(Real[Sub.size()]);
  });
  auto It = Files.find(Real);
  return It == Files.end() ? nullptr : &It->second;
}

bool ChangedLines::changed(StringRef File) const {
  bool All;
  return rangesOf(File, All, /*IsReal=*/false) || All;
}

bool ChangedLines::changedRealPath(StringRef Real) const {
  bool All;
  return rangesOf(Real, All, /*IsReal=*/true) || All;
}

bool ChangedLines::changed(StringRef File, unsigned Line) const {
  bool All;
  const std::vector<std::pair<unsigned, unsigned>> *Ranges =
      rangesOf(File, All, /*IsReal=*/false);
  return All || (Ranges && llvm::any_of(*Ranges, [&](const auto &R) {
                   return R.first <= Line && Line <= R.second;
                 }));
}

/// Whether \p Path names something (a dangling symbolic link too: git
/// diffs the link, not its target).
static bool existsNoFollow(const Twine &Path) {
  sys::fs::file_status St;
  return !sys::fs::status(Path, St, /*Follow=*/false) &&
         sys::fs::exists(St);
}

/// The name of a `+++ ` line: unquoted (git quotes a name with bytes
/// outside ASCII or special characters, core.quotePath:
/// "b/src/\303\251valuer.cpp"), without what follows a TAB (POSIX
/// `diff -u`'s timestamp, git's TAB after a name with a space).
static std::string diffName(StringRef L) {
  L = L.rtrim("\r");
  if (L.size() < 2 || L.front() != '"')
    return L.split('\t').first.rtrim(" ").str();
  StringRef Q = L.drop_front();
  std::string Unquoted;
  for (size_t I = 0; I < Q.size() && Q[I] != '"'; ++I) {
    if (Q[I] != '\\' || I + 1 == Q.size()) {
      Unquoted += Q[I];
      continue;
    }
    char E = Q[++I];
    if (E >= '0' && E <= '7' && I + 2 < Q.size()) {
      Unquoted += char(((E - '0') << 6) | ((Q[I + 1] - '0') << 3) | (Q[I + 2] - '0'));
      I += 2;
    } else {
      Unquoted += E == 't' ? '\t' : E == 'n' ? '\n' : E;
    }
  }
  return Unquoted;
}

std::optional<std::string> resolveDiffName(StringRef Name,
                                           ArrayRef<std::string> Roots,
                                           bool Prefixed) {
  // The new side's prefix (b/; w/, i/, c/, o/ with diff.mnemonicPrefix;
  // any --dst-prefix, or the new folder of `diff -u old/ new/`) is its
  // first folder: taken off when the name with it names no file, first for
  // git's default b/. A name without one (--no-prefix) is taken as it is.
  auto [First, Rest] = Name.split('/');
  std::vector<StringRef> Candidates = {Name};
  if (Prefixed && !Rest.empty() && !First.empty())
    Candidates.insert(First == "b" ? Candidates.begin() : Candidates.end(),
                      Rest);
  for (StringRef C : Candidates) {
    if (sys::path::is_absolute(C)) {
      if (existsNoFollow(C))
        return C.str();
      continue;
    }
    for (const std::string &Root : Roots) {
      SmallString<256> P(Root);
      sys::path::append(P, C);
      sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if (existsNoFollow(P))
        return std::string(P);
    }
  }
  return std::nullopt;
}

/// A hunk header's range without its sign, "a,b" or "a" (b = 1): false
/// when it is not one.
static bool parseRange(StringRef R, unsigned &First, unsigned &N) {
  auto [Start, Count] = R.split(',');
  N = 1;
  return !Start.getAsInteger(10, First) &&
         (Count.empty() || !Count.getAsInteger(10, N));
}

namespace {
/// A hunk of a combined diff (git's `diff --cc`/`diff --combined`, a merge
/// against its N parents): `@@@ -a,b -c,d +e,f @@@` (N + 1 `@`), then
/// lines with N prefix columns, one per parent: `+` in a column, the line
/// is not in that parent; `-`, it is in that parent but not in the result;
/// ` `, in both. A line is new when a column is `+` and none is `-`.
struct CombinedHunk {
  unsigned Parents = 0;
  unsigned NewLine = 0;
  /// Lines left: of the result, then of each parent; 0 when none is.
  std::vector<unsigned> Left;
  unsigned Remaining = 0;

  static CombinedHunk parse(StringRef L) {
    CombinedHunk H;
    size_t At = L.find_first_not_of('@');
    if (At < 3 || At == StringRef::npos)
      return H;
    unsigned Parents = At - 1;
    SmallVector<StringRef, 8> Ranges;
    L.substr(At).trim().split(Ranges, ' ', -1, /*KeepEmpty=*/false);
    if (Ranges.size() < Parents + 1)
      return H;
    std::vector<unsigned> Left(Parents + 1);
    for (unsigned I = 0; I < Parents; ++I) {
      unsigned First;
      if (!Ranges[I].consume_front("-") ||
          !parseRange(Ranges[I], First, Left[I + 1]))
        return H;
    }
    unsigned First;
    if (!Ranges[Parents].consume_front("+") ||
        !parseRange(Ranges[Parents], First, Left[0]))
      return H;
    H.Parents = Parents;
    H.NewLine = First;
    H.Left = std::move(Left);
    H.Remaining = std::accumulate(H.Left.begin(), H.Left.end(), 0u);
    return H;
  }

  /// The prefix columns of \p L, a line of the hunk (a blank context line
  /// may have lost its trailing spaces); "" when it is none.
  std::string columns(StringRef L) const {
    std::string Columns = L.rtrim("\r").take_front(Parents).str();
    Columns.resize(Parents, ' ');
    return Columns.find_first_not_of(" +-") == std::string::npos ? Columns : "";
  }

  /// Whether \p L is the hunk's next line; a line that cannot be ends it.
  bool next(StringRef L) {
    if (Remaining && (L.starts_with("\\") || !columns(L).empty()))
      return true; // or \ No newline at end of file
    Remaining = 0;
    return false;
  }

  /// Reads a line of the hunk: its line of the result when it is new.
  std::optional<unsigned> read(StringRef L) {
    if (L.starts_with("\\"))
      return std::nullopt;
    std::string Columns = columns(L);
    auto Take = [&](unsigned I) {
      if (Left[I]) {
        --Left[I];
        --Remaining;
      }
    };
    for (unsigned I = 0; I < Parents; ++I)
      if (Columns[I] != '+')
        Take(I + 1);
    if (StringRef(Columns).contains('-'))
      return std::nullopt;
    Take(0);
    unsigned Line = NewLine++;
    if (StringRef(Columns).contains('+'))
      return Line;
    return std::nullopt;
  }
};
} // namespace

Expected<ChangedLines> parseUnifiedDiff(StringRef Diff,
                                        ArrayRef<std::string> Roots,
                                        bool MustResolve, bool CheckLines) {
  ChangedLines C;
  std::string Current;
  SmallVector<StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  // A name that names no file: the first root's path (a changed file that
  // no translation unit includes), or an error.
  auto Resolve = [&](StringRef Name,
                     bool Prefixed = true) -> Expected<std::string> {
    if (std::optional<std::string> P = resolveDiffName(Name, Roots, Prefixed))
      return *P;
    if (MustResolve)
      return createStringError(
          "the diff changes '" + Name +
          "', which names no file from the working directory or the git top "
          "level, with or without its first folder (run gpuleak where the "
          "diff's names resolve, or use --changed-since=REF)");
    SmallString<256> P(Roots.front());
    sys::path::append(P, Name.starts_with("b/") ? Name.substr(2) : Name);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    return std::string(P);
  };
  // How many times each file (real path) is a new side, and the name the
  // diff gives it first, in the diff's order: a patch series changes a
  // file more than once, each patch numbering the lines of its own version.
  std::vector<std::pair<std::string, std::string>> Named;
  std::map<std::string, unsigned> Times;
  // The new sides of renames and copies: changed on every line.
  std::set<std::string> Whole;
  CombinedHunk Combined;
  // The body of a unified hunk: the old and new lines still to come, and
  // the new side's line of the next ` ` or `+` line.
  unsigned OldLeft = 0, NewLeft = 0, NewLine = 0;
  std::string HunkHeader, HunkName;
  // The lines of the files whose hunks are checked (\p CheckLines).
  std::map<std::string, std::unique_ptr<MemoryBuffer>> Texts;
  std::map<std::string, std::vector<StringRef>> FileLines;
  // The first line that does not match, reported after the diff is read
  // (a patch series, whose earlier patches number other versions' lines,
  // gets its own error).
  std::optional<std::string> Mismatch;
  // A file's lines, or null when it is no regular file (a submodule's
  // folder) or cannot be read.
  auto LinesOf = [&](const std::string &File) -> const std::vector<StringRef> * {
    auto [It, New] = FileLines.try_emplace(File);
    if (New && sys::fs::is_regular_file(File))
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(
              File, /*IsText=*/false, /*RequiresNullTerminator=*/false)) {
        SmallVector<StringRef, 0> Split;
        (*B)->getBuffer().split(Split, '\n');
        It->second.assign(Split.begin(), Split.end());
        Texts[File] = std::move(*B);
      }
    return Texts.count(File) ? &It->second : nullptr;
  };
  for (StringRef L : Lines) {
    // A line of a unified hunk's body (which may start with "+++ " or
    // "@@ "): ` ` context (a blank one may have lost its space), `+`
    // added, `-` removed, `\ No newline at end of file`.
    if (OldLeft || NewLeft) {
      if (L.starts_with("\\"))
        continue;
      char Kind = L.empty() || L == "\r" ? ' ' : L.front();
      // A submodule's commit (below) is no line of a file.
      bool Gitlink = L.drop_front(1).starts_with("Subproject commit ");
      if (Kind == '-' && OldLeft) {
        --OldLeft;
        if (!Gitlink)
          continue;
      } else if ((Kind == ' ' || Kind == '+') && NewLeft &&
                 (Kind == '+' || OldLeft)) {
        if (Kind == ' ')
          --OldLeft;
        --NewLeft;
        unsigned At = NewLine++;
        const std::vector<StringRef> *File =
            CheckLines && !Current.empty() && !Gitlink ? LinesOf(Current)
                                                       : nullptr;
        StringRef Text = L.drop_front(L.empty() ? 0 : 1).rtrim(" \t\r");
        if (File && !Mismatch &&
            (At == 0 || At > File->size() ||
             (*File)[At - 1].rtrim(" \t\r") != Text))
          Mismatch = (
                "the diff does not match the work tree: line " + Twine(At) +
                " of '" + HunkName + "' (hunk '" + HunkHeader +
                "') is not the file's line " + Twine(At) +
                " (a diff of another checkout or base, or made before a "
                "rebase or merge? pipe a diff of this work tree, or use "
                "--changed-since=REF)")
                         .str();
        if (!Gitlink)
          continue;
      } else {
        // Not a line the hunk has left: the hunk is over.
        OldLeft = NewLeft = 0;
      }
    }
    // A line of a combined hunk (which may start with "+++ ").
    if (Combined.next(L)) {
      if (std::optional<unsigned> Line = Combined.read(L);
          Line && !Current.empty()) {
        auto &Ranges = C.Files[Current];
        if (!Ranges.empty() && Ranges.back().second + 1 == *Line)
          Ranges.back().second = *Line;
        else
          Ranges.push_back({*Line, *Line});
      }
      continue;
    }
    if (L.consume_front("+++ ")) {
      Current.clear();
      std::string Name = diffName(L);
      if (Name == "/dev/null") // a deleted file
        continue;
      Expected<std::string> P = Resolve(Name);
      if (!P)
        return P.takeError();
      // The file itself, when the diff names it through a symbolic link
      // (or the include list does).
      Current = realPathOr(*P);
      C.Files[Current]; // changed, even if only by deletions
      if (Times[Current]++ == 0)
        Named.push_back({Current, Name});
      HunkName = StringRef(Name).starts_with("b/") ? Name.substr(2) : Name;
      continue;
    }
    // git's extended headers of a rename or a copy (rename detection:
    // `git diff -M`, diff.renames, the default of `git diff` since 2.9):
    // `rename to B` or `copy to B`, named from the top level without a
    // prefix. A pure rename has no `---`/`+++` lines and no hunk; one with
    // edits has hunks of B's lines. Either way B is new to the diff's
    // reader (its baseline fingerprints name A): every line of it is
    // changed.
    if (L.starts_with("rename to ") || L.starts_with("copy to ")) {
      std::string Name = diffName(L.split(" to ").second);
      Expected<std::string> P = Resolve(Name, /*Prefixed=*/false);
      if (!P)
        return P.takeError();
      Current = realPathOr(*P);
      C.Files[Current];
      Whole.insert(Current);
      HunkName = Name;
      continue;
    }
    // @@@ -a,b -c,d +e,f @@@ (`diff --cc`, `diff --combined`: a merge).
    if (L.starts_with("@@@")) {
      Combined = CombinedHunk::parse(L);
      continue;
    }
    // A submodule's commit changed (`git diff --submodule=short`): every
    // file under it may have.
    if ((L.starts_with("+Subproject commit ") ||
         L.starts_with("-Subproject commit ")) &&
        !Current.empty() && !llvm::is_contained(C.Submodules, Current))
      C.Submodules.push_back(Current);
    // The same in a diff made with --submodule=log (diff.submodule=log), on
    // stdin: "Submodule PATH OLD..NEW:", "Submodule PATH contains modified
    // content", outside any hunk.
    static const Regex SubmoduleLog(
        "^Submodule (.+) ([0-9a-f]+\\.\\.\\.?[0-9a-f]+.*|contains (modified|"
        "untracked) content)$");
    SmallVector<StringRef, 2> Match;
    if (L.starts_with("Submodule ") && SubmoduleLog.match(L.rtrim("\r"), &Match)) {
      Expected<std::string> P = Resolve(Match[1]);
      if (!P)
        return P.takeError();
      std::string Sub = realPathOr(*P);
      C.Files[Sub];
      if (!llvm::is_contained(C.Submodules, Sub))
        C.Submodules.push_back(Sub);
      Current.clear();
      continue;
    }
    // @@ -a[,b] +c[,d] @@: d lines from line c (d = 1 when omitted).
    StringRef Header = L.rtrim("\r");
    if (!L.consume_front("@@ "))
      continue;
    StringRef Old = L.split(' ').first;
    StringRef New = L.split(' ').second.split(' ').first;
    if (!New.consume_front("+"))
      continue;
    unsigned First = 0, N = 1;
    if (!parseRange(New, First, N))
      continue;
    unsigned OldFirst = 0, OldN = 1;
    bool Removes = false;
    if (Old.consume_front("-") && parseRange(Old, OldFirst, OldN)) {
      Removes = OldN > 0;
      OldLeft = OldN;
      NewLeft = N;
      NewLine = First;
      // The hunk's header up to its second `@@`, for the error.
      size_t End = Header.find(" @@", 3);
      HunkHeader = Header.take_front(End == StringRef::npos ? Header.size()
                                                            : End + 3)
                       .str();
    }
    if (Current.empty())
      continue;
    if (N)
      C.Files[Current].push_back({First, First + N - 1});
    else // lines deleted after line First: the lines on either side changed
      C.Files[Current].push_back({std::max(First, 1u), First + 1});
    if (Removes) // this hunk removed or rewrote lines
      C.Removals[Current].push_back(
          N ? std::make_pair(First, First)
            : std::make_pair(std::max(First, 1u), First + 1));
  }
  for (const auto &[Real, Name] : Named)
    if (Times[Real] > 1)
      return createStringError(
          "the diff changes '" +
          (StringRef(Name).starts_with("b/") ? StringRef(Name).substr(2)
                                             : StringRef(Name)) +
          "' " + Twine(Times[Real]) +
          " times (a patch series?); pipe one diff (git diff REF) or use "
          "--changed-since=REF");
  if (Mismatch)
    return createStringError(*Mismatch);
  for (const std::string &F : Whole)
    C.Files[F] = {{1u, std::numeric_limits<unsigned>::max()}};
  return C;
}

/// Runs git with \p Args in \p Dir; its stdout, or its first line of stderr
/// as the error.
static Expected<std::string> runGit(ArrayRef<StringRef> Args, StringRef Dir) {
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git)
    return createStringError("git is not installed");
  SmallString<128> Out, Err;
  int FD;
  if (sys::fs::createTemporaryFile("gpuleak-git", "out", FD, Out) ||
      (sys::Process::SafelyCloseFileDescriptor(FD), false) ||
      sys::fs::createTemporaryFile("gpuleak-git", "err", FD, Err))
    return createStringError("cannot create a temporary file");
  sys::Process::SafelyCloseFileDescriptor(FD);
  std::vector<StringRef> Argv = {*Git, "-C", Dir};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Err)};
  std::string ExecError;
  int RC = sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects, 0, 0,
                               &ExecError);
  auto Read = [](StringRef Path) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  std::string Stdout = Read(Out), Stderr = Read(Err);
  sys::fs::remove(Out);
  sys::fs::remove(Err);
  if (RC != 0) {
    StringRef First = StringRef(Stderr).split('\n').first.trim();
    return createStringError(First.empty() ? ExecError : First.str());
  }
  return Stdout;
}

std::string gitTopLevel(StringRef Dir) {
  Expected<std::string> Top = runGit({"rev-parse", "--show-toplevel"}, Dir);
  if (!Top) {
    consumeError(Top.takeError());
    return "";
  }
  StringRef T = StringRef(*Top).trim();
  return T.empty() ? "" : realPathOr(T);
}

std::string gitProblem(StringRef Dir) {
  Expected<std::string> Top = runGit({"rev-parse", "--show-toplevel"}, Dir);
  if (Top)
    return "";
  return toString(Top.takeError());
}

/// `git ls-files -s -z` in \p Root: `MODE SHA STAGE\tPATH`, NUL-terminated,
/// paths relative to Root and only those under it; run once per run and
/// root (trackedFolders and trackedFiles both need it).
static std::optional<std::string> lsFiles(StringRef Root) {
  static std::mutex Lock;
  static std::map<std::string, std::optional<std::string>> Memo;
  std::lock_guard<std::mutex> G(Lock);
  auto [It, New] = Memo.try_emplace(Root.str());
  if (New) {
    Expected<std::string> Listed = runGit({"ls-files", "-s", "-z"}, Root);
    if (Listed)
      It->second = std::move(*Listed);
    else
      consumeError(Listed.takeError());
  }
  return It->second;
}

std::optional<std::vector<std::string>> trackedFiles(StringRef Root) {
  std::optional<std::string> Listed = lsFiles(Root);
  if (!Listed)
    return std::nullopt;
  std::vector<std::string> Files;
  for (StringRef Entry : split(*Listed, '\0')) {
    auto [Info, Path] = Entry.split('\t');
    if (Path.empty() || Info.starts_with("160000")) // a submodule
      continue;
    SmallString<256> File(Root);
    sys::path::append(File, Path);
    Files.push_back(std::string(File));
  }
  return Files;
}

std::optional<std::set<std::string>> trackedFolders(StringRef Root) {
  // The folders of trackedFiles(), each up to Root: one reading of
  // `git ls-files` (memoized by lsFiles) for both.
  std::optional<std::vector<std::string>> Files = trackedFiles(Root);
  if (!Files)
    return std::nullopt;
  std::set<std::string> Folders;
  for (const std::string &File : *Files) {
    SmallString<256> Dir(sys::path::parent_path(File));
    while (Dir.size() >= Root.size() && Folders.insert(std::string(Dir)).second &&
           Dir.size() > Root.size())
      sys::path::remove_filename(Dir);
  }
  if (!Folders.empty())
    Folders.insert(Root.str());
  return Folders;
}

Expected<ChangedLines> changedSince(StringRef Ref, StringRef Dir) {
  // `git diff -U0 REF | gpuleak check --changed-since=-`, as for
  // clang-tidy-diff.py.
  if (Ref == "-") {
    ErrorOr<std::unique_ptr<MemoryBuffer>> In = MemoryBuffer::getSTDIN();
    if (!In)
      return createStringError("cannot read stdin: " +
                               In.getError().message());
    StringRef Text = (*In)->getBuffer();
    // Nothing at all is what a pipe gives when the command before it failed
    // (`git diff origin/main | ...` with an unknown ref, without
    // pipefail): an error, not "nothing changed". A diff of no change has
    // nothing to check either.
    if (Text.trim().empty())
      return createStringError(
          "stdin had no diff (" + Twine(Text.size()) +
          " bytes): did the command before the pipe fail? (set -o pipefail, "
          "or use --changed-since=REF)");
    // Something else than a unified diff (`git diff --stat`, colours): an
    // error, not "nothing changed".
    if (!Text.starts_with("--- ") &&
        !Text.contains("\n--- ") && !Text.starts_with("diff ") &&
        !Text.contains("\ndiff ") && !Text.starts_with("Submodule ") &&
        !Text.contains("\nSubmodule "))
      return createStringError("stdin is not a unified diff (git diff -U0 "
                               "REF, without --stat or colours)");
    // Its names are relative to the working directory, or to the top of
    // the git work tree (git diff's, wherever it ran), that of the working
    // directory or of the sources; each must name a file.
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    std::vector<std::string> Roots = {std::string(Cwd)};
    for (StringRef D : {StringRef(Cwd), Dir})
      if (Expected<std::string> Top = runGit({"rev-parse", "--show-toplevel"}, D)) {
        std::string T = StringRef(*Top).trim().str();
        if (!llvm::is_contained(Roots, T))
          Roots.push_back(T);
      } else {
        consumeError(Top.takeError());
      }
    return parseUnifiedDiff(Text, Roots, /*MustResolve=*/true,
                            /*CheckLines=*/true);
  }
  // Not an option of git's (`--output=FILE` would write a file).
  if (Ref.starts_with("-"))
    return createStringError("a ref cannot start with '-'");
  Expected<std::string> Top = runGit({"rev-parse", "--show-toplevel"}, Dir);
  if (!Top)
    return Top.takeError();
  std::string Root = StringRef(*Top).trim().str();
  Expected<std::string> Diff =
      // --text and --no-textconv: a file that .gitattributes marks -diff or
      // binary has hunks too, and the hunks hold the file's own lines, not
      // those of a textconv filter.
      runGit({"-c", "core.quotePath=false", "diff", "--no-color",
              "--no-ext-diff", "--text", "--no-textconv", "--no-renames",
              // A submodule bump as "Subproject commit" lines, whatever
              // diff.submodule, diff.ignoreSubmodules or a .gitmodules
              // `ignore = all` say.
              "--submodule=short", "--ignore-submodules=none", "--src-prefix=a/",
              "--dst-prefix=b/", "--unified=0", Ref, "--"},
             Root);
  if (!Diff)
    return Diff.takeError();
  return parseUnifiedDiff(*Diff, {Root}, /*MustResolve=*/false);
}

/// The root commits of the history of HEAD in \p Dir, sorted; empty when
/// git cannot say (no commit yet).
static std::vector<std::string> rootCommits(StringRef Dir) {
  Expected<std::string> Out =
      runGit({"rev-list", "--max-parents=0", "HEAD", "--"}, Dir);
  if (!Out) {
    consumeError(Out.takeError());
    return {};
  }
  SmallVector<StringRef, 2> Lines;
  StringRef(*Out).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Roots;
  for (StringRef L : Lines)
    Roots.push_back(L.trim().str());
  llvm::sort(Roots);
  return Roots;
}

/// The nearest folder at or above \p Dir (real path) that holds a `.git`
/// (the folder of a clone, the file of a `git worktree` or submodule),
/// below any of GIT_CEILING_DIRECTORIES as git searches: the top level git
/// would find, for when git cannot say; "" when none.
static std::string dotGitAbove(StringRef Dir) {
  std::vector<std::string> Ceilings;
  if (std::optional<std::string> Env =
          sys::Process::GetEnv("GIT_CEILING_DIRECTORIES")) {
    SmallVector<StringRef, 4> Parts;
    StringRef(*Env).split(Parts, ':', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts)
      Ceilings.push_back(realPathOr(P));
  }
  std::string D = realPathOr(Dir);
  while (!D.empty()) {
    SmallString<256> G(D);
    sys::path::append(G, ".git");
    if (sys::fs::exists(G))
      return D;
    std::string Parent = sys::path::parent_path(D).str();
    if (Parent == D || llvm::is_contained(Ceilings, Parent))
      break;
    D = Parent;
  }
  return "";
}

/// The top level of the git work tree that holds \p Dir (real path), or ""
/// when there is none. When git cannot run there (not installed, or it
/// refuses the repository: another user's, "dubious ownership") and a
/// `.git` is above \p Dir, that folder, with git's message in \p Why.
static std::string topLevel(StringRef Dir, std::string &Why) {
  Expected<std::string> Top = runGit({"rev-parse", "--show-toplevel"}, Dir);
  if (Top) {
    StringRef T = StringRef(*Top).trim();
    return T.empty() ? "" : realPathOr(T);
  }
  std::string Message = toString(Top.takeError());
  std::string Above = dotGitAbove(Dir);
  if (!Above.empty()) {
    StringRef M(Message);
    M.consume_front("fatal: ");
    Why = M.str();
  }
  return Above;
}

/// The lines of \p Out, trimmed, without empty ones.
static std::vector<std::string> linesOf(StringRef Out) {
  SmallVector<StringRef, 4> Lines;
  Out.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Result;
  for (StringRef L : Lines)
    if (!L.trim().empty())
      Result.push_back(L.trim().str());
  return Result;
}

/// The URLs of the remotes of the repository of \p Top, without scheme,
/// user, a trailing `/` or `.git` (`git@host:o/r.git` and
/// `https://host/o/r` are one), sorted.
static std::vector<std::string> remoteUrls(StringRef Top) {
  Expected<std::string> Out =
      runGit({"config", "--get-regexp", "^remote\\..*\\.url$"}, Top);
  if (!Out) {
    consumeError(Out.takeError()); // no remote
    return {};
  }
  std::vector<std::string> Urls;
  for (const std::string &Line : linesOf(*Out)) {
    StringRef Url = StringRef(Line).split(' ').second.trim();
    bool Scheme = false;
    if (size_t P = Url.find("://"); P != StringRef::npos) {
      Url = Url.drop_front(P + 3);
      Scheme = true;
    }
    // user@host
    if (size_t At = Url.find('@');
        At != StringRef::npos && Url.find('/') > At)
      Url = Url.drop_front(At + 1);
    std::string U = Url.str();
    // host:owner/repo (scp-like, no scheme) is host/owner/repo.
    if (size_t Colon = U.find(':');
        !Scheme && Colon != std::string::npos && U.find('/') > Colon)
      U[Colon] = '/';
    StringRef R(U);
    while (R.consume_back("/") || R.consume_back(".git"))
      ;
    if (!R.empty())
      Urls.push_back(R.str());
  }
  llvm::sort(Urls);
  return Urls;
}

/// Whether the work trees \p A and \p B (top levels) are checkouts of one
/// repository: a root commit in common (a `git worktree`, a clone); a
/// commit one has at the start of its history, or a parent recorded in it,
/// that the other has (a shallow clone, as CI's fetch-depth 1 makes: its
/// history starts at the commit it was cut at); or a remote in common (two
/// clones of one remote, a shallow one at a commit the other lacks: a pull
/// request's merge commit).
static bool sameRepository(StringRef A, StringRef B) {
  std::vector<std::string> RA = rootCommits(A), RB = rootCommits(B);
  std::vector<std::string> Shared;
  std::set_intersection(RA.begin(), RA.end(), RB.begin(), RB.end(),
                        std::back_inserter(Shared));
  if (!Shared.empty())
    return true;
  auto StartsIn = [](StringRef From, const std::vector<std::string> &Roots,
                     StringRef To) {
    std::vector<std::string> Ids;
    // A shallow clone of a history with many merges has as many starts;
    // a few tell.
    for (const std::string &R :
         ArrayRef(Roots).take_front(std::min<size_t>(Roots.size(), 16))) {
      Ids.push_back(R);
      // The commit object keeps its parents' ids where the shallow clone
      // cut them off.
      if (Expected<std::string> Commit = runGit({"cat-file", "-p", R}, From)) {
        StringRef Rest(*Commit);
        while (!Rest.empty()) {
          auto [Line, Next] = Rest.split('\n');
          if (Line.empty())
            break; // the message
          if (Line.consume_front("parent "))
            Ids.push_back(Line.trim().str());
          Rest = Next;
        }
      } else {
        consumeError(Commit.takeError());
      }
    }
    if (Ids.empty())
      return false;
    std::vector<StringRef> Args = {"rev-list", "--no-walk",
                                   "--ignore-missing"};
    Args.insert(Args.end(), Ids.begin(), Ids.end());
    Args.push_back("--");
    Expected<std::string> Found = runGit(Args, To);
    if (!Found) {
      consumeError(Found.takeError());
      return false;
    }
    return !linesOf(*Found).empty();
  };
  if (StartsIn(A, RA, B) || StartsIn(B, RB, A))
    return true;
  std::vector<std::string> UA = remoteUrls(A), UB = remoteUrls(B);
  Shared.clear();
  std::set_intersection(UA.begin(), UA.end(), UB.begin(), UB.end(),
                        std::back_inserter(Shared));
  return !Shared.empty();
}

std::optional<OtherCheckout> otherCheckout(StringRef Dir, StringRef Other) {
  SmallString<256> Cwd(Other);
  if (Cwd.empty() && sys::fs::current_path(Cwd))
    return std::nullopt;
  std::string WhySources, WhyHere;
  std::string Sources = topLevel(Dir, WhySources),
              Here = topLevel(Cwd, WhyHere);
  if (Sources.empty() || Here.empty() || Sources == Here)
    return std::nullopt;
  // Two work trees, and git cannot look into one of them: whether they are
  // one repository's is not known, and a run that cannot tell does not
  // pass as if it could (CI trial 14, D7).
  if (!WhySources.empty() || !WhyHere.empty())
    return OtherCheckout{Sources, Here,
                         !WhySources.empty() ? WhySources : WhyHere};
  // Another repository (the runner's workspace, a superproject) has a
  // history of its own.
  if (!sameRepository(Sources, Here))
    return std::nullopt;
  return OtherCheckout{Sources, Here, ""};
}

std::optional<CheckoutState> checkoutState(StringRef Dir) {
  auto Trimmed = [](Expected<std::string> Out) -> std::optional<std::string> {
    if (!Out) {
      consumeError(Out.takeError());
      return std::nullopt;
    }
    return StringRef(*Out).trim().str();
  };
  std::optional<std::string> Top =
      Trimmed(runGit({"rev-parse", "--show-toplevel"}, Dir));
  if (!Top || Top->empty())
    return std::nullopt;
  std::optional<std::string> Head =
      Trimmed(runGit({"rev-parse", "--verify", "--quiet", "HEAD"}, *Top));
  if (!Head || Head->empty())
    return std::nullopt;
  // The names only, not the patch: its text depends on the diff settings of
  // each machine (diff.algorithm, diff.noprefix, ...); the bytes do not.
  Expected<std::string> Names =
      runGit({"diff", "--no-ext-diff", "--no-textconv", "--no-relative",
              "--no-renames", "--ignore-submodules=none", "--name-only", "-z",
              "HEAD", "--"},
             *Top);
  if (!Names) {
    consumeError(Names.takeError());
    return std::nullopt;
  }
  SmallVector<StringRef, 8> Changed;
  StringRef(*Names).split(Changed, '\0', -1, /*KeepEmpty=*/false);
  llvm::sort(Changed);
  std::string Text;
  raw_string_ostream OS(Text);
  for (StringRef Name : Changed) {
    SmallString<256> Path(*Top);
    sys::path::append(Path, Name);
    std::string Hash = "absent";
    if (sys::fs::is_directory(Path)) {
      Hash = "submodule " +
             Trimmed(runGit({"rev-parse", "--verify", "--quiet", "HEAD"}, Path))
                 .value_or("");
    } else if (ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes =
                   MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false)) {
      Hash = hashOf((*Bytes)->getBuffer());
    }
    OS << Name.size() << ':' << Name << ' ' << Hash << '\n';
  }
  return CheckoutState{*Top, *Head, hashOf(Text)};
}

std::string commonFolder(ArrayRef<std::string> Files) {
  if (Files.empty())
    return "";
  SmallString<256> Common = sys::path::parent_path(Files.front());
  for (StringRef F : Files.drop_front())
    while (!Common.empty() &&
           !(F.starts_with(Common) &&
             (F.size() == Common.size() ||
              sys::path::is_separator(F[Common.size()]) ||
              sys::path::is_separator(Common.back()))))
      sys::path::remove_filename(Common);
  return std::string(Common);
}

std::string sourceFolder(ArrayRef<std::string> Files, StringRef Fallback) {
  std::string Common = commonFolder(Files);
  if (Common.empty() || !sys::fs::is_directory(Common))
    return Fallback.str();
  if (Expected<std::string> Top =
          runGit({"rev-parse", "--show-toplevel"}, Common);
      !Top) {
    consumeError(Top.takeError());
    // git cannot look there (not installed, a repository it refuses), but
    // the folder is in a work tree: otherCheckout says so.
    return dotGitAbove(Common).empty() ? Fallback.str() : Common;
  }
  return Common;
}

namespace {
/// Records the files the preprocessor enters.
class EnteredFiles : public clang::PPCallbacks {
public:
  EnteredFiles(clang::SourceManager &SM, std::set<std::string> &Files)
      : SM(SM), Files(Files) {}
  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind,
                   clang::FileID) override {
    if (Reason != EnterFile)
      return;
    clang::OptionalFileEntryRef F =
        SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Loc)));
    if (!F)
      return;
    SmallString<256> P(F->getName());
    SM.getFileManager().makeAbsolutePath(P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    // A header reached through a symbolic link (an include folder that
    // links to another) is the file the diff names.
    Files.insert(realPathOr(P));
  }

private:
  clang::SourceManager &SM;
  std::set<std::string> &Files;
};

class IncludeListAction : public clang::PreprocessOnlyAction {
public:
  explicit IncludeListAction(std::set<std::string> &Files) : Files(Files) {}
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<EnteredFiles>(CI.getSourceManager(), Files));
    return true;
  }

private:
  std::set<std::string> &Files;
};

class IncludeListFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit IncludeListFactory(std::set<std::string> &Files) : Files(Files) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<IncludeListAction>(Files);
  }

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *FM,
                     std::shared_ptr<clang::PCHContainerOperations> PCH,
                     clang::DiagnosticConsumer *Diags) override {
    // No "N errors generated." on stderr: the analysis reports the errors.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(std::move(Invocation), FM,
                                                std::move(PCH), Diags);
  }

private:
  std::set<std::string> &Files;
};

class GivenCommands : public clang::tooling::CompilationDatabase {
public:
  explicit GivenCommands(
      const std::vector<clang::tooling::CompileCommand> &Commands)
      : Commands(Commands) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef) const override {
    return Commands;
  }

private:
  const std::vector<clang::tooling::CompileCommand> &Commands;
};
} // namespace

namespace {
/// Counts the errors (DiagnosticConsumer's own count) and shows nothing.
class CountingDiagConsumer : public clang::DiagnosticConsumer {};
} // namespace

std::optional<std::set<std::string>>
includedFiles(StringRef File,
              const std::vector<clang::tooling::CompileCommand> &Commands,
              StringRef ResourceDir) {
  std::set<std::string> Files;
  for (const clang::tooling::CompileCommand &C : Commands)
    if (!sys::fs::is_directory(C.Directory))
      return std::nullopt; // ClangTool would abort the process
  // A file system of its own: ClangTool sets its working directory.
  IntrusiveRefCntPtr<vfs::OverlayFileSystem> FS(
      new vfs::OverlayFileSystem(vfs::createPhysicalFileSystem()));
  GivenCommands DB(Commands);
  clang::tooling::ClangTool Tool(
      DB, {File.str()}, std::make_shared<clang::PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  CountingDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(nvccThenClangToolAdjusters());
  Tool.appendArgumentsAdjuster(
      [](const clang::tooling::CommandLineArguments &Args, StringRef) {
        // A #warning under -Werror does not stop the preprocessing either.
        return noWarningsAsErrors(Args);
      });
  std::string ResourceDirArg = ("-resource-dir=" + ResourceDir).str();
  Tool.appendArgumentsAdjuster(
      [ResourceDirArg](const clang::tooling::CommandLineArguments &Args,
                       StringRef) {
        for (StringRef A : Args)
          if (A.starts_with("-resource-dir"))
            return Args;
        clang::tooling::CommandLineArguments Adjusted = Args;
        Adjusted.insert(Adjusted.begin() + (Adjusted.empty() ? 0 : 1),
                        ResourceDirArg);
        return Adjusted;
      });
  IncludeListFactory Factory(Files);
  // A failed preprocessing (a missing header, an #error, a bad flag, a file
  // that is gone) may have stopped before the changed file.
  if (Tool.run(&Factory) != 0 || Quiet.getNumErrors())
    return std::nullopt;
  Files.insert(realPathOr(File));
  return Files;
}

/// Whether \p Name ends in one of \p Extensions (any case) after a stem.
static bool hasExtension(StringRef Name, ArrayRef<StringRef> Extensions) {
  return llvm::any_of(Extensions, [&](StringRef Ext) {
    return Name.size() > Ext.size() && Name.ends_with_insensitive(Ext);
  });
}

/// The extensions of C, C++ and CUDA sources (translation units).
static constexpr StringRef SourceExtensions[] = {
    ".c",    ".cc",  ".cpp", ".cxx", ".c++", ".cppm",
    ".ccm",  ".cxxm", ".c++m", ".ixx", ".cu"};
/// Those of headers and included fragments.
static constexpr StringRef HeaderExtensions[] = {
    ".h",   ".hh",  ".hpp", ".hxx", ".h++", ".cuh", ".inl",
    ".ipp", ".tpp", ".tcc", ".txx", ".inc", ".def"};

/// Whether \p Name is that of a CMake configure_file template of a C, C++
/// or CUDA file: `X.in`, or `X.cmake` (LLVM's `config.h.cmake`), X a C,
/// C++ or CUDA file name, then \p Generated.
static bool isConfigureTemplate(StringRef Name, StringRef &Generated) {
  Generated = Name;
  return (Generated.consume_back(".in") || Generated.consume_back(".cmake")) &&
         (hasExtension(Generated, SourceExtensions) ||
          hasExtension(Generated, HeaderExtensions));
}

bool isSourceFileName(StringRef Path) {
  return hasExtension(Path, SourceExtensions);
}

bool isBuildFileName(StringRef Path) {
  StringRef Name = sys::path::filename(Path), Generated;
  if (llvm::is_contained(
          {"CMakeLists.txt", "CMakePresets.json", "CMakeUserPresets.json",
           "meson.build", "meson_options.txt", "meson.options", "Makefile",
           "makefile", "GNUmakefile", "Makefile.am", "configure.ac", "BUILD",
           "BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel",
           ".bazelrc"},
          Name))
    return true;
  return hasExtension(Name, {".mk", ".bzl"}) ||
         (hasExtension(Name, {".cmake"}) &&
          !isConfigureTemplate(Name, Generated));
}

bool isCIConfigFileName(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  if (llvm::is_contained({".gitlab-ci.yml", ".gitlab-ci.yaml", "Jenkinsfile",
                          "azure-pipelines.yml", "azure-pipelines.yaml",
                          ".travis.yml", "bitbucket-pipelines.yml",
                          "appveyor.yml", ".appveyor.yml", ".drone.yml",
                          ".cirrus.yml", ".woodpecker.yml"},
                         Name))
    return true;
  if (!hasExtension(Name, {".yml", ".yaml"}))
    return false;
  // A workflow or action of GitHub (and of Gitea and Forgejo, which read
  // the same files), GitLab's included files, CircleCI, Buildkite,
  // Woodpecker.
  StringRef Parent;
  for (auto It = sys::path::begin(sys::path::parent_path(Path)),
            End = sys::path::end(sys::path::parent_path(Path));
       It != End; Parent = *It, ++It) {
    if (llvm::is_contained({".gitlab", ".circleci", ".buildkite", ".woodpecker"},
                           *It))
      return true;
    if (llvm::is_contained({".github", ".gitea", ".forgejo"}, Parent) &&
        (*It == "workflows" || *It == "actions"))
      return true;
  }
  return false;
}

/// The files that the CMake presets of \p SourceDir include (presets v4+:
/// `"include": [...]`, paths relative to the including file, `${sourceDir}`
/// and `${fileDir}` expanded), recursively, from its CMakePresets.json and
/// CMakeUserPresets.json: real path -> the real path of a file that
/// includes it. cmake reads them with the top-level files, so a cache
/// variable set there is a build setting as one set in CMakePresets.json.
static std::map<std::string, std::string> includedPresetFiles(
    StringRef SourceDir) {
  std::map<std::string, std::string> Included;
  if (SourceDir.empty())
    return Included;
  std::vector<std::string> Work;
  std::set<std::string> Seen;
  for (StringRef Top : {"CMakePresets.json", "CMakeUserPresets.json"}) {
    SmallString<256> Path(SourceDir);
    sys::path::append(Path, Top);
    Work.push_back(realPathOr(Path));
  }
  while (!Work.empty()) {
    std::string File = Work.back();
    Work.pop_back();
    if (!Seen.insert(File).second)
      continue;
    // A broken preset file is skipped: cmake itself reports it.
    std::optional<json::Value> Presets = readJSONFile(File);
    const json::Object *Top = Presets ? Presets->getAsObject() : nullptr;
    const json::Array *Includes = Top ? Top->getArray("include") : nullptr;
    if (!Includes)
      continue;
    StringRef FileDir = sys::path::parent_path(File);
    for (const json::Value &V : *Includes) {
      std::optional<StringRef> Name = V.getAsString();
      if (!Name)
        continue;
      std::string Expanded = Name->str();
      for (auto [Macro, Value] :
           {std::pair<StringRef, StringRef>("${sourceDir}", SourceDir),
            std::pair<StringRef, StringRef>("${fileDir}", FileDir)})
        for (size_t At; (At = Expanded.find(Macro.str())) != std::string::npos;)
          Expanded.replace(At, Macro.size(), Value.str());
      if (StringRef(Expanded).contains('$')) // $penv{...}: not followed
        continue;
      SmallString<256> Path(FileDir);
      if (sys::path::is_absolute(Expanded))
        Path = Expanded;
      else
        sys::path::append(Path, Expanded);
      std::string Real = realPathOr(Path);
      Included.emplace(Real, File);
      Work.push_back(Real);
    }
  }
  return Included;
}

std::vector<std::string> presetFilesOfBuild(StringRef DBPath) {
  std::string SourceDir = cmakeSourceDir(DBPath);
  if (SourceDir.empty())
    return {};
  std::vector<std::string> Files;
  for (StringRef Top : {"CMakePresets.json", "CMakeUserPresets.json"}) {
    SmallString<256> Path(SourceDir);
    sys::path::append(Path, Top);
    if (sys::fs::exists(Path))
      Files.push_back(realPathOr(Path));
  }
  for (const auto &[File, By] : includedPresetFiles(SourceDir))
    Files.push_back(File);
  // Each configure preset's binaryDir and inherits, by name, and the folder
  // of its file (${fileDir}).
  struct Preset {
    std::optional<std::string> BinaryDir;
    std::vector<std::string> Inherits;
    std::string FileDir;
  };
  std::map<std::string, Preset> ByName;
  for (const std::string &File : Files) {
    std::optional<json::Value> Parsed = readJSONFile(File);
    const json::Object *Top = Parsed ? Parsed->getAsObject() : nullptr;
    const json::Array *Configure = Top ? Top->getArray("configurePresets") : nullptr;
    if (!Configure)
      continue;
    for (const json::Value &V : *Configure) {
      const json::Object *O = V.getAsObject();
      std::optional<StringRef> Name = O ? O->getString("name") : std::nullopt;
      if (!Name)
        continue;
      Preset P;
      if (std::optional<StringRef> B = O->getString("binaryDir"))
        P.BinaryDir = B->str();
      if (std::optional<StringRef> I = O->getString("inherits"))
        P.Inherits.push_back(I->str());
      else if (const json::Array *IA = O->getArray("inherits"))
        for (const json::Value &I : *IA)
          if (std::optional<StringRef> IS = I.getAsString())
            P.Inherits.push_back(IS->str());
      P.FileDir = sys::path::parent_path(File).str();
      ByName.emplace(Name->str(), std::move(P));
    }
  }
  // The binaryDir a preset has, its own or the first of its bases'.
  std::function<std::optional<std::string>(const std::string &, unsigned)>
      BinaryDirOf = [&](const std::string &Name,
                        unsigned Depth) -> std::optional<std::string> {
    auto It = ByName.find(Name);
    if (It == ByName.end() || Depth > 16)
      return std::nullopt;
    if (It->second.BinaryDir)
      return It->second.BinaryDir;
    for (const std::string &Base : It->second.Inherits)
      if (std::optional<std::string> B = BinaryDirOf(Base, Depth + 1))
        return B;
    return std::nullopt;
  };
  std::string BuildDir = realPathOr(sys::path::parent_path(realPathOr(DBPath)));
  for (const auto &[Name, P] : ByName) {
    std::optional<std::string> B = BinaryDirOf(Name, 0);
    if (!B)
      continue;
    std::string Dir = *B;
    for (auto [Macro, Value] :
         {std::pair<StringRef, std::string>{"${sourceDir}", SourceDir},
          {"${sourceParentDir}", sys::path::parent_path(SourceDir).str()},
          {"${sourceDirName}", sys::path::filename(SourceDir).str()},
          {"${presetName}", Name},
          {"${fileDir}", P.FileDir}})
      for (size_t At; (At = Dir.find(Macro.str())) != std::string::npos;)
        Dir.replace(At, Macro.size(), Value);
    SmallString<256> Full(Dir);
    if (sys::path::is_relative(Full)) {
      Full = SourceDir;
      sys::path::append(Full, Dir);
    }
    sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
    if (realPathOr(Full) == BuildDir)
      return Files;
  }
  return {};
}

std::vector<std::string> changedBuildFiles(const ChangedLines &Changed,
                                           StringRef DBPath, std::string &Why) {
  std::string Recorder;
  std::set<std::string> Inputs;
  for (const std::string &F : cmakeInputs(DBPath, Recorder))
    Inputs.insert(realPathOr(F));
  const std::map<std::string, std::string> Presets =
      includedPresetFiles(cmakeSourceDir(DBPath));
  std::string DB = realPathOr(DBPath);
  std::vector<std::string> Found;
  for (const auto &[File, Ranges] : Changed.Files) {
    StringRef Name = sys::path::filename(File), Generated;
    std::string How;
    if (Changed.BuiltFrom.count(File))
      continue; // made by the build from a changed file, not in the diff
    if (File == DB)
      How = "the compile database itself";
    else if (auto P = Presets.find(File); P != Presets.end())
      How = "a CMake preset file that '" + P->second + "' includes";
    else if (isCIConfigFileName(File))
      How = "a CI configuration file, which may configure the build with "
            "other flags";
    else if (Recorder.empty() ? isBuildFileName(File)
                              : ((Inputs.count(File) &&
                                  !isConfigureTemplate(Name, Generated)) ||
                                 Name == "CMakePresets.json" ||
                                 Name == "CMakeUserPresets.json"))
      How = Recorder.empty() || !Inputs.count(File)
                ? "a build file"
                : Recorder + " lists it among CMake's inputs";
    else
      continue;
    if (Found.empty())
      Why = How;
    Found.push_back(File);
  }
  return Found;
}

/// The literal parts of a line of a configure_file template, between its
/// substitutions (`@VAR@`, `${VAR}`, `$ENV{VAR}`, `$CACHE{VAR}`): one more
/// than there are substitutions. std::nullopt for a `#cmakedefine` or
/// `#cmakedefine01` line, which CMake turns into a `#define` or an
/// `#undef` comment.
static std::optional<SmallVector<StringRef, 4>>
literalParts(StringRef Line) {
  StringRef Directive = Line.ltrim(" \t");
  if (Directive.consume_front("#") &&
      Directive.ltrim(" \t").starts_with("cmakedefine"))
    return std::nullopt;
  auto IsNameChar = [](char C) {
    return isAlnum(C) || C == '_' || C == '.' || C == '/' || C == '-' ||
           C == '+';
  };
  SmallVector<StringRef, 4> Parts;
  size_t Start = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    size_t End = StringRef::npos; // one past the substitution
    if (Line[I] == '@') {
      size_t J = I + 1;
      while (J < Line.size() && IsNameChar(Line[J]))
        ++J;
      if (J > I + 1 && J < Line.size() && Line[J] == '@')
        End = J + 1;
    } else if (Line[I] == '$') {
      StringRef Rest = Line.substr(I + 1);
      size_t Open = Rest.starts_with("{")        ? 1
                    : Rest.starts_with("ENV{")   ? 4
                    : Rest.starts_with("CACHE{") ? 6
                                                 : 0;
      size_t Close = Open ? Rest.find('}', Open) : StringRef::npos;
      if (Close != StringRef::npos && Close > Open)
        End = I + 1 + Close + 1;
    }
    if (End == StringRef::npos)
      continue;
    Parts.push_back(Line.slice(Start, I));
    Start = End;
    I = End - 1;
  }
  Parts.push_back(Line.substr(Start));
  return Parts;
}

/// Whether \p Out can be what configure_file makes of \p Line: its
/// literal parts in order, anything in place of each substitution.
static bool generatedFrom(StringRef Line, StringRef Out) {
  std::optional<SmallVector<StringRef, 4>> Parts = literalParts(Line);
  if (!Parts)
    return true;
  if (Parts->size() == 1)
    return Out == Parts->front();
  if (!Out.consume_front(Parts->front()) || !Out.consume_back(Parts->back()))
    return false;
  for (StringRef Middle : ArrayRef(*Parts).drop_front().drop_back()) {
    size_t At = Out.find(Middle);
    if (At == StringRef::npos)
      return false;
    Out = Out.substr(At + Middle.size());
  }
  return true;
}

/// Whether the text \p Out can be what configure_file makes of the template
/// text \p In: as many lines, each made from the template's line
/// (generatedFrom).
static bool textGeneratedFrom(StringRef In, StringRef Out) {
  SmallVector<StringRef, 0> TL, GL;
  In.split(TL, '\n');
  Out.split(GL, '\n');
  if (TL.size() != GL.size())
    return false;
  for (size_t I = 0; I < TL.size(); ++I)
    if (!generatedFrom(TL[I].rtrim("\r"), GL[I].rtrim("\r")))
      return false;
  return true;
}

/// Whether the file \p Generated holds what configure_file makes of the
/// file \p Template, and the template has a line of text of its own to
/// tell (a template of `#cmakedefine` lines and substitutions alone fits
/// any file of its length).
static bool fileGeneratedFrom(StringRef Template, StringRef Generated) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> TB = MemoryBuffer::getFile(Template),
                                         GB = MemoryBuffer::getFile(Generated);
  if (!TB || !GB || !textGeneratedFrom((*TB)->getBuffer(), (*GB)->getBuffer()))
    return false;
  SmallVector<StringRef, 0> Lines;
  (*TB)->getBuffer().split(Lines, '\n');
  return llvm::any_of(Lines, [](StringRef Line) {
    std::optional<SmallVector<StringRef, 4>> Parts = literalParts(Line);
    return Parts && llvm::any_of(*Parts, [](StringRef P) {
             return !P.trim().empty();
           });
  });
}

/// The files CMake's configure step wrote (configure_file's outputs, real
/// paths), as the Makefile generators list them in
/// \p BuildDir/CMakeFiles/Makefile.cmake (CMAKE_MAKEFILE_PRODUCTS, relative
/// to \p BuildDir or absolute); empty for the others (Ninja records none).
static StringSet<> cmakeProducts(StringRef BuildDir) {
  StringSet<> Products;
  SmallString<256> Path(BuildDir);
  sys::path::append(Path, "CMakeFiles", "Makefile.cmake");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return Products;
  for (const std::string &Name :
       cmakeSetStrings((*Text)->getBuffer(), "CMAKE_MAKEFILE_PRODUCTS")) {
    SmallString<256> File(BuildDir);
    if (sys::path::is_absolute(Name))
      File = Name;
    else
      sys::path::append(File, Name);
    Products.insert(realPathOr(File));
  }
  return Products;
}

std::vector<std::string> translationUnitsIncluding(
    ArrayRef<std::string> Files,
    function_ref<std::vector<clang::tooling::CompileCommand>(StringRef)>
        CommandsOf,
    StringRef ResourceDir, unsigned Jobs, ChangedLines &Changed,
    StringRef BuildDir, std::vector<std::string> &Failed,
    ChangedFileSurvey &Survey, const std::set<std::string> &Headers,
    function_ref<bool(StringRef)> KeepIncluders) {
  // The changed files that need every include list: configure_file
  // templates (by the name of the file they generate) and sources that are
  // no translation unit. Deleted ones need nothing.
  StringSet<> TUs;
  for (const std::string &F : Files)
    TUs.insert(realPathOr(F));
  StringMap<std::vector<std::string>> TemplatesOf; // generated name -> templates
  StringSet<> Orphans;
  for (const auto &[File, Ranges] : Changed.Files) {
    if (!sys::fs::is_regular_file(File))
      continue;
    StringRef Name = sys::path::filename(File);
    StringRef Generated;
    if (isConfigureTemplate(Name, Generated))
      TemplatesOf[Generated].push_back(File);
    else if (hasExtension(Name, SourceExtensions) && !TUs.contains(File) &&
             !Changed.BuiltFrom.count(File))
      Orphans.insert(File);
  }
  const bool NeedAll = !TemplatesOf.empty() || !Orphans.empty();
  // Changed headers that a translation unit may not include (Headers):
  // found in the include lists, those of the translation units that are
  // changed themselves too, in a second pass when the first did not find
  // every one.
  StringSet<> Lonely;
  for (const auto &[File, Ranges] : Changed.Files)
    if (Headers.count(File))
      Lonely.insert(File);
  StringSet<> IncludedLonely;
  std::string Build = realPathOr(BuildDir);
  auto InBuild = [&](StringRef F) {
    return F.size() > Build.size() && F.starts_with(Build) &&
           sys::path::is_separator(F[Build.size()]);
  };
  // Where configure_file may have written the file a template generates:
  // anywhere its call says (`${CMAKE_SOURCE_DIR}/include/x.h` as well as
  // the build folder). A file of the template's name that a translation
  // unit includes is the one when it is under the build folder, CMake
  // lists it among its outputs, it is next to the template, or its text is
  // what the template makes.
  const StringSet<> Products =
      TemplatesOf.empty() ? StringSet<>() : cmakeProducts(Build);
  std::map<std::pair<std::string, std::string>, bool> TextFits; // memo
  std::mutex TextFitsLock;
  auto GeneratedFrom = [&](StringRef Template, StringRef F) {
    if (InBuild(F) || Products.contains(F) ||
        sys::path::parent_path(F) == sys::path::parent_path(Template))
      return true;
    std::pair<std::string, std::string> Key(Template, F);
    {
      std::lock_guard<std::mutex> G(TextFitsLock);
      if (auto It = TextFits.find(Key); It != TextFits.end())
        return It->second;
    }
    bool Fits = fileGeneratedFrom(Template, F);
    std::lock_guard<std::mutex> G(TextFitsLock);
    TextFits.emplace(std::move(Key), Fits);
    return Fits;
  };

  // 1: changed or includes a changed file; 2: its preprocessing failed.
  std::vector<char> Keep(Files.size(), 0);
  std::vector<std::vector<clang::tooling::CompileCommand>> Commands;
  for (size_t I = 0; I < Files.size(); ++I) {
    Keep[I] = Changed.changed(Files[I]);
    Commands.push_back(Keep[I] && !NeedAll
                           ? std::vector<clang::tooling::CompileCommand>()
                           : CommandsOf(Files[I]));
  }
  std::mutex Lock; // for what the survey finds
  std::set<std::pair<std::string, std::string>> Generated;
  StringSet<> IncludedOrphans;
  std::atomic<size_t> Next{0};
  std::vector<char> Skipped(Files.size(), 0);
  bool Second = false;
  auto Work = [&] {
    for (size_t I; (I = Next++) < Files.size();) {
      if (Second ? !Skipped[I] : Keep[I] && !NeedAll) {
        Skipped[I] = !Second;
        continue;
      }
      std::optional<std::set<std::string>> Included =
          includedFiles(Files[I], Second ? CommandsOf(Files[I]) : Commands[I],
                        ResourceDir);
      if (!Included) {
        Keep[I] = Keep[I] ? 1 : 2;
        continue;
      }
      for (const std::string &F : *Included) {
        if (Changed.changedRealPath(F))
          Keep[I] = 1;
        if (KeepIncluders && !Second && F != Files[I] && KeepIncluders(F)) {
          std::lock_guard<std::mutex> G(Lock);
          Survey.Includers[F].push_back(I);
        }
        if (Lonely.contains(F)) {
          std::lock_guard<std::mutex> G(Lock);
          IncludedLonely.insert(F);
        }
        if (Changed.BuiltFrom.count(F)) {
          std::lock_guard<std::mutex> G(Lock);
          Survey.IncludedBuilt.insert(F);
        }
        if (!NeedAll || Second)
          continue;
        if (Orphans.contains(F)) {
          std::lock_guard<std::mutex> G(Lock);
          IncludedOrphans.insert(F);
        }
        auto T = TemplatesOf.find(sys::path::filename(F));
        if (T == TemplatesOf.end())
          continue;
        for (const std::string &Template : T->second)
          if (F != Template && GeneratedFrom(Template, F)) {
            Keep[I] = 1;
            std::lock_guard<std::mutex> G(Lock);
            Generated.emplace(Template, F);
          }
      }
    }
  };
  Jobs = std::max(1u, Jobs);
  auto RunAll = [&] {
    Next = 0;
    if (Jobs == 1) {
      Work();
    } else {
      DefaultThreadPool Pool(hardware_concurrency(Jobs));
      for (unsigned W = 0; W < Jobs; ++W)
        Pool.async(Work);
      Pool.wait();
    }
  };
  RunAll();
  if (IncludedLonely.size() < Lonely.size() && llvm::is_contained(Skipped, 1)) {
    Second = true;
    RunAll();
  }
  // A translation unit whose preprocessing failed may include them: it is
  // analysed, and its parse finds them when it does.
  if (!llvm::is_contained(Keep, 2))
    for (const auto &H : Lonely)
      if (!IncludedLonely.contains(H.getKey()))
        Survey.Unincluded.push_back(H.getKey().str());
  llvm::sort(Survey.Unincluded);
  for (auto &[File, TUs] : Survey.Includers)
    llvm::sort(TUs);
  // configure_file copies the template line for line: the generated file's
  // changed lines are the template's.
  for (const auto &[Template, File] : Generated) {
    Changed.Files[File] = Changed.Files.at(Template);
    Survey.Generated.emplace_back(Template, File);
  }
  for (const auto &[Name, Templates] : TemplatesOf)
    for (const std::string &Template : Templates)
      if (llvm::none_of(Generated,
                        [&](const auto &G) { return G.first == Template; }))
        Survey.Ungenerated.push_back(Template);
  llvm::sort(Survey.Ungenerated);
  for (const auto &O : Orphans)
    if (!IncludedOrphans.contains(O.getKey()))
      Survey.Unbuilt.push_back(O.getKey().str());
  llvm::sort(Survey.Unbuilt);
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Files.size(); ++I) {
    if (Keep[I])
      Kept.push_back(Files[I]);
    if (Keep[I] == 2)
      Failed.push_back(Files[I]);
  }
  return Kept;
}

bool generatedIsStale(StringRef Template, StringRef Generated) {
  sys::fs::file_status T, G;
  if (sys::fs::status(Template, T) || sys::fs::status(Generated, G) ||
      T.getLastModificationTime() <= G.getLastModificationTime())
    return false;
  // configure_file rewrites its output only when the text differs: a
  // re-configured file whose text stayed the same keeps its older time.
  ErrorOr<std::unique_ptr<MemoryBuffer>> TB = MemoryBuffer::getFile(Template),
                                         GB = MemoryBuffer::getFile(Generated);
  return !TB || !GB ||
         !textGeneratedFrom((*TB)->getBuffer(), (*GB)->getBuffer());
}

StringSet<> functionsDefinedIn(ArrayRef<TUResult> TUs,
                               const ChangedLines &Changed) {
  StringSet<> USRs;
  for (const TUResult &TU : TUs)
    for (const clang::tidy::gpuleak::FunctionSummary &S : TU.Summaries)
      if (!S.Def.File.empty() && Changed.changed(S.Def.File))
        USRs.insert(S.USR);
  return USRs;
}

bool callsAny(const clang::tidy::gpuleak::FunctionSummary &S,
              const StringSet<> &USRs) {
  return llvm::any_of(S.Calls, [&](const auto &C) { return USRs.contains(C.CalleeUSR); });
}

FunctionExtents functionExtents(ArrayRef<TUResult> TUs) {
  FunctionExtents Out;
  std::map<std::string, std::string> Real;
  for (const TUResult &TU : TUs)
    for (const clang::tidy::gpuleak::FunctionSummary &S : TU.Summaries) {
      if (S.Def.File.empty() || !S.DefLines.first)
        continue;
      auto It = Real.find(S.Def.File);
      if (It == Real.end())
        It = Real.emplace(S.Def.File, realPathOr(S.Def.File)).first;
      Out[It->second].push_back(S.DefLines);
    }
  for (auto &[File, Lines] : Out) {
    llvm::sort(Lines);
    Lines.erase(std::unique(Lines.begin(), Lines.end()), Lines.end());
  }
  return Out;
}

size_t keepChangedFindings(Results &R, const ChangedLines &Changed,
                           const FunctionExtents &Extents) {
  size_t Before = R.Findings.size();
  // Whether a hunk removed or rewrote lines inside the innermost function
  // definition that holds \p Line of \p File.
  auto RemovedAround = [&](StringRef File, unsigned Line) {
    if (Changed.Removals.empty() || Extents.empty())
      return false;
    std::string Real = realPathOr(File);
    auto R = Changed.Removals.find(Real);
    auto E = Extents.find(Real);
    if (R == Changed.Removals.end() || E == Extents.end())
      return false;
    const std::pair<unsigned, unsigned> *Inner = nullptr;
    for (const auto &X : E->second)
      if (X.first <= Line && Line <= X.second &&
          (!Inner || X.second - X.first < Inner->second - Inner->first))
        Inner = &X;
    return Inner && llvm::any_of(R->second, [&](const auto &Rm) {
             return Inner->first <= Rm.first && Rm.second <= Inner->second;
           });
  };
  // A finding is kept when its line or the line of one of its notes (the
  // loop, the store, where the graph is built, a guard-less block) changed,
  // or when lines were removed in a function that holds one of them.
  llvm::erase_if(R.Findings, [&](const Finding &F) {
    if (Changed.changed(F.Place.File, F.Place.Line))
      return false;
    if (llvm::any_of(F.Notes, [&](const FindingNote &N) {
          return Changed.changed(N.Place.File, N.Place.Line);
        }))
      return false;
    if (RemovedAround(F.Place.File, F.Place.Line))
      return false;
    return llvm::none_of(F.Notes, [&](const FindingNote &N) {
      return RemovedAround(N.Place.File, N.Place.Line);
    });
  });
  return Before - R.Findings.size();
}

} // namespace gpuleak
