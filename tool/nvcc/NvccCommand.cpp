//===--- NvccCommand.cpp - Compile commands of nvcc, for clang ------------===//
#include "NvccCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace gpuleak {

using llvm::StringRef;

/// nvcc options (long and short spellings) that take a value, as a separate
/// argument or after '='; none of them means anything to clang.
static bool isDroppedWithValue(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases({"-ccbin", "--compiler-bindir", "-Xptxas", "--ptxas-options", "-Xcudafe",
              "-Xnvlink", "--nvlink-options", "-Xlinker", "--linker-options"},
             true)
      .Cases({"-Xfatbin", "--fatbin-options", "-Xarchive", "--archive-options",
              "--options-file", "-optf", "-maxrregcount", "--maxrregcount"},
             true)
      .Cases({"-t", "--threads", "-split-compile", "--split-compile", "-default-stream",
              "--default-stream", "-cudart", "--cudart", "-cudadevrt", "--cudadevrt"},
             true)
      .Cases({"-diag-suppress", "--diag-suppress", "-diag-warn", "--diag-warn",
              "-diag-error", "--diag-error"},
             true)
      .Cases({"-static-global-template-stub", "--static-global-template-stub",
              "-keep-dir", "--keep-dir", "-odir", "--output-directory"},
             true)
      .Cases({"-arch", "--gpu-architecture", "-code", "--gpu-code", "-gencode",
              "--generate-code"},
             true)
      .Default(false);
}

/// nvcc switches without a value that clang does not know.
static bool isDroppedSwitch(StringRef A) {
  return llvm::StringSwitch<bool>(A)
      .Cases({"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
              "-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker",
              "-lineinfo", "--generate-line-info", "-use_fast_math", "--use_fast_math"},
             true)
      .Cases({"-dc", "--device-c", "-dw", "--device-w", "-dlink", "--device-link", "-G",
              "--device-debug", "-keep", "--keep", "-res-usage", "--resource-usage"},
             true)
      .Cases({"-extended-lambda", "--extended-lambda", "-expt-extended-lambda",
              "--expt-extended-lambda", "-expt-relaxed-constexpr", "--expt-relaxed-constexpr"},
             true)
      .Cases({"-display-error-number", "--display-error-number", "-src-in-ptx",
              "--source-in-ptx", "-restrict", "--restrict"},
             true)
      .Default(false);
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
    llvm::SmallString<256> P(F);
    if (!llvm::sys::path::is_absolute(P)) {
      P = Directory;
      llvm::sys::path::append(P, F);
    }
    return llvm::sys::fs::exists(P);
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

std::optional<std::vector<std::string>>
translateNvccCommand(const std::vector<std::string> &Args) {
  if (Args.empty() || !isNvcc(Args[0]))
    return std::nullopt;
  StringRef Compiler = Args[0];
  std::vector<std::string> Out{"clang++"};
  std::optional<std::string> Arch;
  bool HasLanguage = false, CudaLanguage = false, IsCu = false;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    const std::pair<StringRef, StringRef> Split = A.split('=');
    const StringRef Opt = Split.first, EqValue = Split.second;
    const bool HasEq = A.contains('=');
    auto Value = [&]() -> std::optional<StringRef> {
      if (HasEq)
        return EqValue;
      if (I + 1 < Args.size())
        return StringRef(Args[++I]);
      return std::nullopt;
    };
    if (Opt == "-rdc" || Opt == "--relocatable-device-code") {
      // Device code that launches kernels needs it in clang as in nvcc.
      if (std::optional<StringRef> V = Value(); V && *V == "true")
        Out.push_back("-fgpu-rdc");
      continue;
    }
    if (A.starts_with("-") && isDroppedWithValue(Opt)) {
      std::optional<StringRef> V = Value();
      if (V && !Arch && (Opt.contains("arch") || Opt.contains("code")))
        Arch = archOf(*V);
      continue;
    }
    if (isDroppedSwitch(A))
      continue;
    if (Opt == "-Xcompiler" || Opt == "--compiler-options") {
      if (std::optional<StringRef> V = Value()) {
        llvm::SmallVector<StringRef, 4> Parts;
        V->split(Parts, ',', -1, /*KeepEmpty=*/false);
        for (StringRef P : Parts)
          Out.push_back(P.str());
      }
      continue;
    }
    if (A == "--std" || A == "-std") {
      if (std::optional<StringRef> V = Value())
        Out.push_back(("-std=" + *V).str());
      continue;
    }
    if (A == "-x" || A == "--x") {
      if (std::optional<StringRef> V = Value()) {
        HasLanguage = true;
        CudaLanguage = *V == "cu" || *V == "cuda";
        Out.push_back("-x");
        Out.push_back(CudaLanguage ? "cuda" : V->str());
      }
      continue;
    }
    // nvcc spells include folders `-isystem=DIR` (CMake writes it so for
    // the CUDA language); clang would read a folder named "=DIR".
    if (Opt == "-isystem" || Opt == "--system-include" || Opt == "-I" ||
        Opt == "--include-path" || Opt == "-include" ||
        Opt == "--pre-include") {
      if (std::optional<StringRef> V = Value()) {
        bool Quote = Opt == "-I" || Opt == "--include-path";
        bool Pre = Opt == "-include" || Opt == "--pre-include";
        Out.push_back(Quote ? "-I" : Pre ? "-include" : "-isystem");
        Out.push_back(V->str());
      }
      continue;
    }
    if (!A.starts_with("-")) {
      StringRef Ext = llvm::sys::path::extension(A);
      IsCu |= Ext == ".cu";
    }
    Out.push_back(A.str());
  }
  if (HasLanguage ? CudaLanguage : IsCu) {
    std::vector<std::string> Cuda;
    if (!HasLanguage)
      Cuda = {"-x", "cuda"};
    Cuda.push_back("--cuda-host-only");
    Cuda.push_back("--cuda-gpu-arch=" + Arch.value_or("sm_90"));
    if (llvm::sys::path::is_absolute(Compiler)) {
      StringRef Toolkit = llvm::sys::path::parent_path(llvm::sys::path::parent_path(Compiler));
      Cuda.push_back(("--cuda-path=" + Toolkit).str());
      // CUDA 13 keeps CCCL (thrust, cub, libcu++: <cuda/std/...>) in
      // include/cccl, which nvcc searches implicitly and clang does not.
      llvm::SmallString<128> CCCL(Toolkit);
      llvm::sys::path::append(CCCL, "include", "cccl");
      if (llvm::sys::fs::is_directory(CCCL)) {
        Cuda.push_back("-isystem");
        Cuda.push_back(std::string(CCCL));
      }
    }
    Cuda.push_back("-Wno-unknown-cuda-version");
    Out.insert(Out.begin() + 1, Cuda.begin(), Cuda.end());
  }
  return Out;
}

} // namespace gpuleak
