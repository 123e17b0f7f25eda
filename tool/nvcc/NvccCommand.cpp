//===--- NvccCommand.cpp - Compile commands of nvcc, for clang ------------===//
#include "NvccCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <mutex>

namespace gpuleak {

using llvm::StringRef;

namespace {
/// An option of nvcc (NvccOptions.def, from `nvcc --help`).
struct NvccOption {
  StringRef Long, Short;
  bool TakesValue, List;
};
constexpr NvccOption NvccOptions[] = {
#define NVCC_OPTION(Long, Short, TakesValue, List) {Long, Short, TakesValue, List},
#include "NvccOptions.def"
};
} // namespace

/// The option of nvcc spelled \p Name (`--define-macro`, `-D`), or null.
static const NvccOption *findNvccOption(StringRef Name) {
  // Built once per run: every argument of every nvcc command looks here.
  static const llvm::StringMap<const NvccOption *> ByName = [] {
    llvm::StringMap<const NvccOption *> M;
    for (const NvccOption &O : NvccOptions) {
      M.try_emplace(O.Long, &O);
      M.try_emplace(O.Short, &O);
    }
    return M;
  }();
  return ByName.lookup(Name);
}

/// The one-letter options whose value nvcc also takes joined to the name
/// (`-DNAME`, `-Ipath`, `-O3`, `-t0`). Not `-m` nor `-x`, whose joined
/// spellings are host compiler options (`-march=native`, `-xc++`).
static bool takesJoinedValue(StringRef Short) {
  return Short.size() == 2 && StringRef("DUILlOot").contains(Short[1]);
}

/// The items of nvcc's comma-separated list \p Value (`-DA,B`,
/// `-Ia,b`): split at commas outside quotes; `\,` is a comma.
static std::vector<std::string> nvccListItems(StringRef Value) {
  std::vector<std::string> Items(1);
  char Quote = 0;
  for (size_t I = 0; I < Value.size(); ++I) {
    char C = Value[I];
    if (C == '\\' && I + 1 < Value.size() && Value[I + 1] == ',') {
      Items.back() += ',';
      ++I;
      continue;
    }
    if (Quote)
      Quote = C == Quote ? 0 : Quote;
    else if (C == '"' || C == '\'')
      Quote = C;
    else if (C == ',') {
      Items.emplace_back();
      continue;
    }
    Items.back() += C;
  }
  llvm::erase_if(Items, [](const std::string &S) { return S.empty(); });
  return Items;
}

/// Appends to \p Out the host compiler's arguments in \p Value, the value
/// of `-Xcompiler`/`--compiler-options`, split as nvcc 13 splits it (its
/// `--dryrun`, and the arguments its host compiler receives): at commas
/// and at whitespace outside quotes (`-Xcompiler "-fPIC -DUSE_POOL"` is two
/// arguments, as `-Xcompiler -fPIC,-DUSE_POOL` is), `\,` for a comma, and
/// quotes removed by the shell that runs nvcc's host command
/// (`-Xcompiler '-DMSG="a b"'` is `-DMSG=a b`; `"-DT=a,b"` keeps its
/// comma). Commas outside quotes become spaces; LLVM's GNU tokenizer does
/// the rest.
static void appendHostArguments(StringRef Value, std::vector<std::string> &Out) {
  std::string Line;
  Line.reserve(Value.size());
  char Quote = 0;
  for (size_t I = 0; I < Value.size(); ++I) {
    char C = Value[I];
    // A backslash keeps the next character (in double quotes too) for the
    // tokenizer, which reads `\,` as a comma; in single quotes it is itself.
    if (C == '\\' && Quote != '\'' && I + 1 < Value.size()) {
      Line += C;
      Line += Value[++I];
      continue;
    }
    if (Quote)
      Quote = C == Quote ? 0 : Quote;
    else if (C == '"' || C == '\'')
      Quote = C;
    else if (C == ',')
      C = ' ';
    Line += C;
  }
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 4> Tokens;
  llvm::cl::TokenizeGNUCommandLine(Line, Saver, Tokens);
  for (const char *T : Tokens)
    if (T && *T)
      Out.push_back(T);
}

/// The architecture number in "sm_90", "compute_90", "arch=compute_90,code=[sm_90]".
static std::optional<std::string> archOf(StringRef V) {
  for (StringRef Prefix : {"sm_", "compute_"}) {
    size_t At = V.find(Prefix);
    if (At == StringRef::npos)
      continue;
    StringRef Digits = V.drop_front(At + Prefix.size()).take_while(llvm::isDigit);
    if (!Digits.empty())
      return ("sm_" + Digits).str();
  }
  return std::nullopt;
}

namespace {
/// The version of an nvcc, as nvcc itself defines it in
/// __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__ and __CUDACC_VER_BUILD__.
struct NvccVersion {
  unsigned Major = 0, Minor = 0;
  std::optional<unsigned> Build;
};
} // namespace

/// "13.0.88" (or "13.0") as a version.
static std::optional<NvccVersion> parseVersion(StringRef Text) {
  llvm::SmallVector<StringRef, 3> Parts;
  Text.trim().split(Parts, '.');
  NvccVersion V;
  unsigned Build;
  if (Parts.size() < 2 || Parts.size() > 3 || Parts[0].getAsInteger(10, V.Major) ||
      Parts[1].getAsInteger(10, V.Minor))
    return std::nullopt;
  if (Parts.size() == 3) {
    if (Parts[2].getAsInteger(10, Build))
      return std::nullopt;
    V.Build = Build;
  }
  return V;
}

/// The version of the nvcc of the CUDA toolkit at \p Toolkit, from what the
/// toolkit says of itself: `version.json` ("cuda_nvcc": {"version":
/// "13.0.88"}, the toolkit installers' manifest); a toolkit assembled from
/// NVIDIA's Python wheels has no version.json but the wheel's metadata
/// folder, `dist-info/nvidia_cuda_nvcc-13.0.88.dist-info`; else
/// `include/cuda.h`'s CUDA_VERSION (13000: 13.0, no build number).
static std::optional<NvccVersion> readToolkitVersion(StringRef Toolkit) {
  llvm::SmallString<256> P(Toolkit);
  llvm::sys::path::append(P, "version.json");
  if (auto Buf = llvm::MemoryBuffer::getFile(P)) {
    llvm::Expected<llvm::json::Value> J = llvm::json::parse((*Buf)->getBuffer());
    if (!J)
      llvm::consumeError(J.takeError());
    else if (const llvm::json::Object *O = J->getAsObject())
      if (const llvm::json::Object *Nvcc = O->getObject("cuda_nvcc"))
        if (std::optional<StringRef> Text = Nvcc->getString("version"))
          if (std::optional<NvccVersion> V = parseVersion(*Text))
            return V;
  }
  P = Toolkit;
  llvm::sys::path::append(P, "dist-info");
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(P, EC), End; !EC && It != End;
       It.increment(EC)) {
    StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.consume_front("nvidia_cuda_nvcc-") && Name.consume_back(".dist-info"))
      if (std::optional<NvccVersion> V = parseVersion(Name))
        return V;
  }
  P = Toolkit;
  llvm::sys::path::append(P, "include", "cuda.h");
  if (auto Buf = llvm::MemoryBuffer::getFile(P)) {
    for (StringRef Line : llvm::split((*Buf)->getBuffer(), '\n')) {
      Line = Line.trim();
      if (!Line.consume_front("#define"))
        continue;
      Line = Line.ltrim();
      unsigned Number;
      if (Line.consume_front("CUDA_VERSION") && !Line.empty() &&
          llvm::isSpace(Line.front()) && !Line.trim().getAsInteger(10, Number)) {
        NvccVersion V;
        V.Major = Number / 1000;
        V.Minor = Number % 1000 / 10;
        return V;
      }
    }
  }
  return std::nullopt;
}

/// The version of the toolkit of the nvcc named by \p Compiler (a path, or a
/// name looked up on PATH), read once per nvcc.
static std::optional<NvccVersion> nvccVersion(StringRef Compiler) {
  static std::mutex Lock;
  static std::map<std::string, std::optional<NvccVersion>> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Known.try_emplace(Compiler.str());
  if (!New)
    return It->second;
  std::string Path = Compiler.str();
  if (!llvm::sys::path::has_parent_path(Compiler)) {
    llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Compiler);
    if (!Found)
      return std::nullopt;
    Path = *Found;
  }
  // bin/nvcc of the toolkit, or a link to it (/usr/bin/nvcc).
  auto ToolkitOf = [](StringRef Nvcc) {
    return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Nvcc));
  };
  if (std::optional<NvccVersion> V = readToolkitVersion(ToolkitOf(Path)))
    return It->second = V;
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real) && Real != Path)
    if (std::optional<NvccVersion> V = readToolkitVersion(ToolkitOf(Real)))
      return It->second = V;
  return std::nullopt;
}

/// What nvcc defines on the host side of a .cu file and clang in CUDA mode
/// does not (clang defines __CUDACC__, __CUDA__ and, from the toolkit's
/// headers, CUDA_VERSION and CUDART_VERSION): `nvcc --dryrun` shows
/// -D__NVCC__, -D__CUDACC_VER_MAJOR__/MINOR__/BUILD__,
/// -D__CUDA_API_VER_MAJOR__/MINOR__, -D__NVCC_DIAG_PRAGMA_SUPPORT__, and
/// with their options __CUDACC_RDC__ (-rdc=true, -dc, -dlto),
/// __CUDACC_RELAXED_CONSTEXPR__, __CUDACC_EXTENDED_LAMBDA__,
/// __CUDACC_DEBUG__ (-G) and __CUDACC_EWP__ (-ewp) (`nvcc OPTION -x cu -E
/// -Xcompiler -dM`; CI trial 17, D3). With
/// __NVCC__ defined, headers call nvcc's extended-lambda type traits (ATen's
/// gpu_kernel, CCCL's invoke.h with __CUDACC_EXTENDED_LAMBDA__), which clang
/// does not have: they are defined as clang sees such a lambda (a
/// `__host__ __device__` lambda is one; clang has no device-only lambda
/// type). Not defined: __CUDACC_DEVICE_ATOMIC_BUILTINS__ (nvcc's
/// __nv_atomic_* builtins, which clang lacks). Nothing, when the toolkit's
/// version cannot be read: CCCL reads __CUDACC_VER_MAJOR__ whenever
/// __NVCC__ is defined.
/// nvcc's options that define a host-side macro of a .cu file.
struct NvccMacroOptions {
  bool Rdc = false, RelaxedConstexpr = false, ExtendedLambda = false,
       DeviceDebug = false, WholeProgram = false;
};

static std::vector<std::string> nvccMacros(StringRef Compiler,
                                           const NvccMacroOptions &M) {
  std::optional<NvccVersion> V = nvccVersion(Compiler);
  if (!V)
    return {};
  std::vector<std::string> D = {
      "-D__NVCC__=1",
      "-D__CUDACC_VER_MAJOR__=" + std::to_string(V->Major),
      "-D__CUDACC_VER_MINOR__=" + std::to_string(V->Minor)};
  if (V->Build)
    D.push_back("-D__CUDACC_VER_BUILD__=" + std::to_string(*V->Build));
  D.push_back("-D__CUDA_API_VER_MAJOR__=" + std::to_string(V->Major));
  D.push_back("-D__CUDA_API_VER_MINOR__=" + std::to_string(V->Minor));
  D.push_back("-D__NVCC_DIAG_PRAGMA_SUPPORT__=1");
  if (M.Rdc)
    D.push_back("-D__CUDACC_RDC__=1");
  if (M.RelaxedConstexpr)
    D.push_back("-D__CUDACC_RELAXED_CONSTEXPR__=1");
  if (M.ExtendedLambda)
    D.push_back("-D__CUDACC_EXTENDED_LAMBDA__=1");
  if (M.DeviceDebug)
    D.push_back("-D__CUDACC_DEBUG__=1");
  if (M.WholeProgram)
    D.push_back("-D__CUDACC_EWP__=1");
  D.push_back("-D__nv_is_extended_device_lambda_closure_type(X)=false");
  D.push_back("-D__nv_is_extended_host_device_lambda_closure_type(X)=true");
  D.push_back("-D__nv_is_extended_device_lambda_with_preserved_return_type(X)=false");
  return D;
}

/// gpuleak's wrapper of CCCL's `<cuda/std/__cccl/assert.h>`, in the manner
/// of clang's own `cuda_wrappers` (`#include_next` with macros saved and
/// restored). nvcc's `crt/common_functions.h` declares `__assert_fail`
/// `__host__ __device__`; clang's `__clang_cuda_runtime_wrapper.h` declares
/// a `__device__` one instead (glibc's is the host one). CCCL, told by
/// `__NVCC__` that nvcc compiles it, redeclares the function as nvcc does
/// when `NDEBUG` hides glibc's declaration: `__host__ __device__`, which
/// clang refuses next to its `__device__` one. NDEBUG is used by no other
/// line of CCCL, so its assert.h is read without it, as a Debug build reads
/// it (glibc's host declaration then comes from <assert.h>), and <assert.h>
/// is read again after it to give `assert` back its NDEBUG meaning.
static constexpr char CcclAssertWrapper[] =
    R"(// gpuleak: CCCL's assert.h as clang can parse it with __NVCC__ defined
// (tool/nvcc/NvccCommand.cpp, CcclAssertWrapper).
#pragma clang system_header
#if defined(__NVCC__) && defined(__clang__) && defined(NDEBUG)
#pragma push_macro("NDEBUG")
#undef NDEBUG
#include_next <cuda/std/__cccl/assert.h>
#pragma pop_macro("NDEBUG")
#include <assert.h>
#else
#include_next <cuda/std/__cccl/assert.h>
#endif
)";

/// The folder that holds gpuleak's CUDA wrapper headers
/// (`cuda/std/__cccl/assert.h`), written once per content into the user's
/// cache folder (else the temporary one), or std::nullopt when it cannot be
/// written. It goes before the toolkit's include folders.
static std::optional<std::string> cudaWrapperFolder() {
  static const std::optional<std::string> Folder =
      []() -> std::optional<std::string> {
    llvm::SmallString<256> Root;
    if (!llvm::sys::path::cache_directory(Root))
      llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/false, Root);
    llvm::sys::path::append(
        Root, "gpuleak",
        "cuda-wrappers-" + llvm::utohexstr(llvm::xxh3_64bits(CcclAssertWrapper)));
    llvm::SmallString<256> File(Root);
    llvm::sys::path::append(File, "cuda", "std", "__cccl", "assert.h");
    if (auto Old = llvm::MemoryBuffer::getFile(File))
      if ((*Old)->getBuffer() == CcclAssertWrapper)
        return std::string(Root);
    StringRef Dir = llvm::sys::path::parent_path(File);
    if (llvm::sys::fs::create_directories(Dir))
      return std::nullopt;
    // Written under a unique name and renamed: parallel runs never read a
    // half-written file.
    llvm::SmallString<256> Tmp;
    int FD;
    if (llvm::sys::fs::createUniqueFile(Dir + "/assert-%%%%%%.h", FD, Tmp))
      return std::nullopt;
    {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << CcclAssertWrapper;
      if (OS.has_error()) {
        OS.clear_error();
        llvm::sys::fs::remove(Tmp);
        return std::nullopt;
      }
    }
    if (llvm::sys::fs::rename(Tmp, File)) {
      llvm::sys::fs::remove(Tmp);
      return std::nullopt;
    }
    return std::string(Root);
  }();
  return Folder;
}

bool isNvcc(const std::string &Compiler) {
  StringRef Name = llvm::sys::path::filename(Compiler);
  return Name == "nvcc" || Name == "nvcc.exe";
}

bool nvccOptionsFiles(const std::string &Arg, const std::string *Next,
                      std::vector<std::string> &Files, bool &TookNext) {
  auto [Opt, Value] = StringRef(Arg).split('=');
  TookNext = false;
  if (Opt != "--options-file" && Opt != "-optf")
    return false;
  if (!StringRef(Arg).contains('=')) {
    if (!Next)
      return true;
    Value = *Next;
    TookNext = true;
  }
  llvm::SmallVector<StringRef, 2> Parts;
  Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts)
    Files.push_back(P.str());
  return true;
}

std::vector<std::string>
nvccOptionsFilesAsResponseFiles(const std::vector<std::string> &Args,
                                const std::string &Directory) {
  if (Args.empty() || !isNvcc(Args[0]))
    return Args;
  auto Exists = [&](StringRef F) {
    return llvm::sys::fs::exists(inDirectory(F, Directory));
  };
  std::vector<std::string> Out = {Args[0]};
  for (size_t I = 1; I < Args.size(); ++I) {
    std::vector<std::string> Files;
    bool TookNext;
    if (!nvccOptionsFiles(Args[I], I + 1 < Args.size() ? &Args[I + 1] : nullptr,
                          Files, TookNext) ||
        Files.empty() || !llvm::all_of(Files, Exists)) {
      Out.push_back(Args[I]);
      continue;
    }
    for (const std::string &F : Files)
      Out.push_back("@" + F);
    I += TookNext;
  }
  return Out;
}

std::string inDirectory(StringRef Path, StringRef Directory) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P) && !Directory.empty()) {
    P = Directory;
    llvm::sys::path::append(P, Path);
  }
  return std::string(P);
}

/// The text of \p Path when it starts with CMake's `/* generated by CMake */`.
static std::optional<std::string> cmakeGeneratedText(StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf || (*Buf)->getBufferSize() > (1 << 20))
    return std::nullopt;
  StringRef Text = (*Buf)->getBuffer();
  if (!Text.ltrim().starts_with("/* generated by CMake */"))
    return std::nullopt;
  return Text.str();
}

std::optional<std::vector<std::string>>
cmakePchWrapperIncludes(const std::string &Path, const std::string &Directory) {
  StringRef Name = llvm::sys::path::filename(Path);
  if (!Name.starts_with("cmake_pch") ||
      !(Name.ends_with(".h") || Name.ends_with(".hxx")))
    return std::nullopt;
  std::string Full = inDirectory(Path, Directory);
  std::optional<std::string> Text = cmakeGeneratedText(Full);
  if (!Text)
    return std::nullopt;
  StringRef WrapperDir = llvm::sys::path::parent_path(Full);
  std::vector<std::string> Includes;
  for (StringRef Line : llvm::split(*Text, '\n')) {
    Line = Line.trim();
    if (Line.empty() || Line == "/* generated by CMake */")
      continue;
    if (!Line.consume_front("#"))
      return std::nullopt;
    Line = Line.ltrim();
    // `#endif // __cplusplus`
    if (Line.consume_front("endif")) {
      Line = Line.trim();
      if (!Line.empty() && !Line.starts_with("//") && !Line.starts_with("/*"))
        return std::nullopt;
      continue;
    }
    llvm::SmallVector<StringRef, 3> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    if (Words.size() == 3 && Words[0] == "pragma" &&
        (Words[1] == "GCC" || Words[1] == "clang") && Words[2] == "system_header")
      continue;
    // The guard of the wrapper's own language, which is the language of
    // every command that includes it.
    if (Words.size() == 2 && (Words[0] == "ifdef" || Words[0] == "ifndef") &&
        (Words[1] == "__cplusplus" || Words[1] == "__OBJC__"))
      continue;
    if (!Line.consume_front("include"))
      return std::nullopt;
    Line = Line.ltrim();
    if (Line.size() < 3)
      return std::nullopt;
    char Close = Line.front() == '"' ? '"' : Line.front() == '<' ? '>' : 0;
    if (!Close || Line.back() != Close)
      return std::nullopt;
    StringRef Header = Line.drop_front().drop_back();
    if (Header.empty() || Header.contains(Close))
      return std::nullopt;
    // `#include "x.h"` looks next to the includer first; `-include x.h`
    // would look in the working directory.
    if (Close == '"' && !llvm::sys::path::is_absolute(Header)) {
      llvm::SmallString<256> Near(WrapperDir);
      llvm::sys::path::append(Near, Header);
      if (llvm::sys::fs::exists(Near)) {
        Includes.push_back(std::string(Near));
        continue;
      }
    }
    Includes.push_back(Header.str());
  }
  return Includes;
}

bool isLibraryIncludeFolder(const std::string &Dir) {
  static std::mutex Lock;
  static std::map<std::string, bool> Known;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = Known.find(Dir); It != Known.end())
      return It->second;
  }
  auto Has = [&](const char *File) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, File);
    return llvm::sys::fs::exists(P);
  };
  // A project's own shim of <torch/torch.h> (an `#include_next` wrapper)
  // is no LibTorch: the API folder also holds <torch/nn.h>.
  bool Library = Has("ATen/ATen.h") || Has("c10/macros/Macros.h") ||
                 (Has("torch/torch.h") && Has("torch/nn.h")) ||
                 Has("cuda_runtime_api.h");
  std::lock_guard<std::mutex> Guard(Lock);
  Known[Dir] = Library;
  return Library;
}

std::vector<std::string> libraryIncludesAsSystem(const std::vector<std::string> &Args,
                                                 const std::string &Directory) {
  // The folders turned into system ones, in their -I order, go before the
  // command's first -isystem: -I folders are searched before every -isystem
  // one, so `<torch/torch.h>` is still found in the same folder (a project
  // that vendors an old LibTorch with -I next to another one given with
  // -isystem keeps its own).
  std::vector<std::string> Out, Moved;
  size_t FirstSystem = std::string::npos;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    std::optional<std::string> Dir;
    bool Joined = false;
    if (I > 0 && (A == "-I" || A == "--include-path") && I + 1 < Args.size()) {
      Dir = Args[I + 1];
    } else if (I > 0 && A.starts_with("--include-path=")) {
      Dir = A.drop_front(strlen("--include-path=")).str();
      Joined = true;
    } else if (I > 0 && A.starts_with("-I") && A.size() > 2) {
      Dir = A.drop_front(2).str();
      Joined = true;
    }
    if (I > 0 && FirstSystem == std::string::npos &&
        (A == "-isystem" || A.starts_with("-isystem") || A == "--system-include" ||
         A.starts_with("--system-include=")))
      FirstSystem = Out.size();
    if (!Dir || Dir->empty() || !isLibraryIncludeFolder(inDirectory(*Dir, Directory))) {
      Out.push_back(Args[I]);
      continue;
    }
    Moved.push_back("-isystem");
    Moved.push_back(*Dir);
    if (FirstSystem == std::string::npos)
      FirstSystem = Out.size(); // no -isystem before: here, in -I order
    if (!Joined)
      ++I;
  }
  if (Moved.empty())
    return Args;
  Out.insert(Out.begin() + FirstSystem, Moved.begin(), Moved.end());
  return Out;
}

std::vector<std::string> expandCMakePchWrapper(const std::vector<std::string> &Args,
                                               const std::string &Directory,
                                               bool *Expanded) {
  if (Expanded)
    *Expanded = false;
  // Cheap test first: most commands name no file called cmake_pch*.
  if (llvm::none_of(Args, [](const std::string &A) {
        return StringRef(A).contains("cmake_pch");
      }))
    return Args;
  std::vector<std::string> Wrappers; // as the command names them
  std::vector<std::string> Out;
  Out.reserve(Args.size());
  for (size_t I = 0; I < Args.size(); ++I) {
    // -include W, or clang's -Xclang -include -Xclang W.
    bool XClang = Args[I] == "-Xclang" && I + 3 < Args.size() &&
                  Args[I + 1] == "-include" && Args[I + 2] == "-Xclang";
    bool Plain = I > 0 && Args[I] == "-include" && I + 1 < Args.size();
    if (XClang || Plain) {
      const std::string &W = Args[I + (XClang ? 3 : 1)];
      if (std::optional<std::vector<std::string>> Headers =
              cmakePchWrapperIncludes(W, Directory)) {
        for (std::string &H : *Headers) {
          Out.push_back("-include");
          Out.push_back(std::move(H));
        }
        Wrappers.push_back(W);
        I += XClang ? 3 : 1;
        continue;
      }
    }
    Out.push_back(Args[I]);
  }
  if (Wrappers.empty())
    return Args;
  // The precompiled header of a wrapper: W.pch (clang), W.gch (GCC).
  auto IsWrappersPch = [&](StringRef P) {
    return llvm::any_of(Wrappers, [&](const std::string &W) {
      return P == W + ".pch" || P == W + ".gch";
    });
  };
  std::vector<std::string> Kept;
  Kept.reserve(Out.size());
  for (size_t I = 0; I < Out.size(); ++I) {
    if (Out[I] == "-Xclang" && I + 3 < Out.size() && Out[I + 1] == "-include-pch" &&
        Out[I + 2] == "-Xclang" && IsWrappersPch(Out[I + 3])) {
      I += 3;
      continue;
    }
    if (Out[I] == "-include-pch" && I + 1 < Out.size() && IsWrappersPch(Out[I + 1])) {
      ++I;
      continue;
    }
    Kept.push_back(std::move(Out[I]));
  }
  if (Expanded)
    *Expanded = true;
  return Kept;
}

bool isCMakePchSource(const std::string &File) {
  StringRef Name = llvm::sys::path::filename(File);
  if (!Name.starts_with("cmake_pch"))
    return false;
  StringRef Ext = llvm::sys::path::extension(Name);
  if (Ext != ".cxx" && Ext != ".c" && Ext != ".m" && Ext != ".mm")
    return false;
  std::optional<std::string> Text = cmakeGeneratedText(File);
  return Text && StringRef(*Text).trim() == "/* generated by CMake */";
}

std::optional<std::vector<std::string>>
translateNvccCommand(const std::vector<std::string> &Args) {
  if (Args.empty() || !isNvcc(Args[0]))
    return std::nullopt;
  StringRef Compiler = Args[0];
  std::vector<std::string> Out{"clang++"};
  std::optional<std::string> Arch;
  bool HasLanguage = false, CudaLanguage = false, IsCu = false;
  bool GpuRdc = false;
  NvccMacroOptions Macros;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (!A.starts_with("-") || A == "-") {
      StringRef Ext = llvm::sys::path::extension(A);
      // A `.cuh` is CUDA too: a header that no translation unit includes,
      // analysed with a `.cu` file's command (gpuleak check).
      IsCu |= Ext == ".cu" || Ext == ".cuh";
      Out.push_back(A.str());
      continue;
    }
    // Which of nvcc's options (NvccOptions.def) it is: `--opt=V`, `--opt V`,
    // `-s V`, `-s=V`, or a one-letter one with its value joined (`-DNAME`).
    // Any other is the host compiler's (-forward-unknown-to-host-compiler),
    // and clang's too.
    const auto [Name, EqValue] = A.split('=');
    const NvccOption *O = findNvccOption(Name);
    std::optional<StringRef> Joined;
    bool LetterJoined = false; // `-Ipath`: written back so
    if (O && O->TakesValue && A.contains('='))
      Joined = EqValue;
    if (!O && !A.starts_with("--") && takesJoinedValue(A.take_front(2))) {
      O = findNvccOption(A.take_front(2));
      Joined = A.drop_front(2);
      LetterJoined = true;
    }
    if (!O) {
      Out.push_back(A.str());
      continue;
    }
    std::optional<StringRef> V;
    if (O->TakesValue)
      V = Joined ? Joined : I + 1 < Args.size() ? std::optional<StringRef>(Args[++I])
                                                : std::nullopt;
    std::vector<std::string> Items;
    if (V)
      Items = O->List ? nvccListItems(*V) : std::vector<std::string>{V->str()};
    StringRef L = O->Long;
    auto Each = [&](StringRef Flag, bool Separate) {
      for (const std::string &Item : Items) {
        if (Separate)
          Out.push_back(Flag.str());
        Out.push_back(Separate ? Item : (Flag + Item).str());
      }
    };
    if (L == "--define-macro")
      Each("-D", false);
    else if (L == "--undefine-macro")
      Each("-U", false);
    // nvcc spells include folders `-isystem=DIR` (CMake writes it so for
    // the CUDA language); clang would read a folder named "=DIR".
    else if (L == "--include-path")
      Each("-I", !LetterJoined);
    else if (L == "--system-include")
      Each("-isystem", true);
    else if (L == "--pre-include")
      Each("-include", true);
    else if (L == "--compiler-options") {
      if (V)
        appendHostArguments(*V, Out);
    } else if (L == "--std")
      Each("-std=", false);
    else if (L == "--x") {
      if (V) {
        HasLanguage = true;
        CudaLanguage = *V == "cu" || *V == "cuda";
        Out.push_back("-x");
        Out.push_back(CudaLanguage ? "cuda" : V->str());
      }
    } else if (L == "--relocatable-device-code") {
      // Device code that launches kernels needs it in clang as in nvcc.
      if (V && *V == "true") {
        if (!GpuRdc)
          Out.push_back("-fgpu-rdc");
        GpuRdc = Macros.Rdc = true;
      }
    } else if (L == "--device-c" || L == "--dlink-time-opt") {
      Macros.Rdc = true;
    } else if (L == "--expt-relaxed-constexpr") {
      Macros.RelaxedConstexpr = true;
    } else if (L == "--extended-lambda" || L == "--expt-extended-lambda") {
      Macros.ExtendedLambda = true;
    } else if (L == "--device-debug") {
      Macros.DeviceDebug = true;
    } else if (L == "--extensible-whole-program") {
      Macros.WholeProgram = true;
    } else if (L == "--default-stream") {
      // The runtime's per-thread default stream (cuda_runtime_api.h maps
      // its calls to the _ptds ones), for .cpp files too, as nvcc defines
      // it for every host compilation.
      if (V && *V == "per-thread")
        Out.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    } else if (L == "--gpu-architecture" || L == "--gpu-code" ||
               L == "--generate-code") {
      if (V && !Arch)
        Arch = archOf(*V);
    } else if (L == "--output-file")
      Each("-o", true);
    else if (L == "--compile")
      Out.push_back("-c");
    else if (L == "--optimize")
      Each("-O", false);
    else if (L == "--debug")
      Out.push_back("-g");
    else if (L == "--disable-warnings")
      Out.push_back("-w");
    else if (L == "--m64" || L == "--machine")
      Out.push_back("-m64");
    else if (L == "--no-exceptions")
      Out.push_back("-fno-exceptions");
    else if (L == "--ftemplate-depth")
      Each("-ftemplate-depth=", false);
    else if (L == "--ftemplate-backtrace-limit")
      Each("-ftemplate-backtrace-limit=", false);
    // Every other option of nvcc (device code generation, linking, output
    // kinds, dependency files, nvcc's own warnings and -Werror KIND) means
    // nothing to clang's parse of the host side: dropped, with its value.
  }
  if (HasLanguage ? CudaLanguage : IsCu) {
    std::vector<std::string> Cuda;
    if (!HasLanguage)
      Cuda = {"-x", "cuda"};
    Cuda.push_back("--cuda-host-only");
    Cuda.push_back("--cuda-gpu-arch=" + Arch.value_or("sm_90"));
    std::optional<std::string> ToolkitCCCL;
    if (llvm::sys::path::is_absolute(Compiler)) {
      StringRef Toolkit = llvm::sys::path::parent_path(llvm::sys::path::parent_path(Compiler));
      Cuda.push_back(("--cuda-path=" + Toolkit).str());
      // CUDA 13 keeps CCCL (thrust, cub, libcu++: <cuda/std/...>) in
      // include/cccl, which nvcc searches implicitly and clang does not.
      llvm::SmallString<128> CCCL(Toolkit);
      llvm::sys::path::append(CCCL, "include", "cccl");
      if (llvm::sys::fs::is_directory(CCCL))
        ToolkitCCCL = std::string(CCCL);
    }
    std::vector<std::string> NvccDefines = nvccMacros(Compiler, Macros);
    // With __NVCC__, CCCL's assert.h needs gpuleak's wrapper, found first
    // (also before the toolkit's include folder, where CUDA 12 keeps CCCL).
    if (!NvccDefines.empty())
      if (std::optional<std::string> Wrappers = cudaWrapperFolder()) {
        Cuda.push_back("-isystem");
        Cuda.push_back(*Wrappers);
      }
    if (ToolkitCCCL) {
      Cuda.push_back("-isystem");
      Cuda.push_back(*ToolkitCCCL);
    }
    Cuda.push_back("-Wno-unknown-cuda-version");
    for (std::string &D : NvccDefines)
      Cuda.push_back(std::move(D));
    Out.insert(Out.begin() + 1, Cuda.begin(), Cuda.end());
  }
  return Out;
}

} // namespace gpuleak
