//===--- EmptyCacheInLoopCheck.cpp - gpuleak-empty-cache-in-loop ----------===//

#include "EmptyCacheInLoopCheck.h"
#include "TorchMatchers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

/// Functions that flush a caching allocator's cache in LibTorch 2.11:
///  - c10::cuda::CUDACachingAllocator::emptyCache (c10/cuda/CUDACachingAllocator.h)
///  - at::accelerator::emptyCache (ATen/DeviceAccelerator.h)
///  - emptyCache() on c10::DeviceAllocator and its subclasses, e.g.
///    CUDACachingAllocator::get()->emptyCache() or
///    at::getDeviceAllocator(at::kCUDA)->emptyCache()
///    (c10/core/CachingDeviceAllocator.h, CUDAPluggableAllocator.h)
///  - the pinned-host cache: at::cuda::CachingHostAllocator_emptyCache and
///    at::HostAllocator::empty_cache (ATen/core/CachingHostAllocator.h).
static DeclarationMatcher flushFunction() {
  return functionDecl(anyOf(
      functionDecl(hasAnyName("::c10::cuda::CUDACachingAllocator::emptyCache",
                              "::at::accelerator::emptyCache",
                              "::at::cuda::CachingHostAllocator_emptyCache")),
      cxxMethodDecl(hasName("emptyCache"),
                    ofClass(isSameOrDerivedFrom("::c10::DeviceAllocator"))),
      cxxMethodDecl(hasName("empty_cache"),
                    ofClass(isSameOrDerivedFrom("::at::HostAllocator")))));
}

static bool isFlush(const FunctionDecl *FD, ASTContext &Ctx) {
  return FD && !match(flushFunction(), *FD, Ctx).empty();
}

/// How a diagnostic names the function \p Call calls: `'name'`, or
/// `a lambda` for a lambda's call operator (whose name is `operator()`).
static std::string calleeDescription(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  const auto *Method = dyn_cast<CXXMethodDecl>(FD);
  if (Method && Method->getParent()->isLambda())
    return "a lambda";
  return "'" + FD->getNameAsString() + "'";
}

EmptyCacheInLoopCheck::EmptyCacheInLoopCheck(StringRef Name,
                                             ClangTidyContext *Context)
    : GpuLeakCheck(Name, Context),
      IgnoreRareFlushes(Options.get("IgnoreRareFlushes", true)),
      MaxCallDepth(Options.get("MaxCallDepth", 8U)),
      Flushes(
          MaxCallDepth,
          [](const CallExpr &Call, ASTContext &Ctx) {
            return isFlush(Call.getDirectCallee(), Ctx);
          },
          [this](const Stmt &Body, ASTContext &Ctx) {
            return IgnoreRareFlushes ? rarelyRunRanges(&Body, Ctx)
                                     : llvm::SmallVector<SourceRange, 4>();
          }) {}

void EmptyCacheInLoopCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "IgnoreRareFlushes", IgnoreRareFlushes);
  Options.store(Opts, "MaxCallDepth", MaxCallDepth);
}

void EmptyCacheInLoopCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(loopWithCall(), this);
}

void EmptyCacheInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Loop = Result.Nodes.getNodeAs<Stmt>(LoopCallLoopId);
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(LoopCallCallId);
  assert(Loop && Call && "matcher binds a loop and a call");
  std::optional<CallChain> Chain = Flushes.find(Call, *Result.Context);
  if (!Chain)
    return;
  if (IgnoreRareFlushes &&
      isWithinAny(Call->getSourceRange(),
                  rarelyRunRanges(Loop, *Result.Context, /*IsLoop=*/true),
                  *Result.SourceManager))
    return;
  recordInnermost(Findings, std::move(*Chain), Loop, *Result.SourceManager);
}

void EmptyCacheInLoopCheck::onEndOfTranslationUnit() {
  for (const auto &[Flush, F] : Findings) {
    const FunctionDecl *FlushFn = Flush->getDirectCallee();
    if (F.Chain.size() == 1) {
      diag(Flush->getBeginLoc(),
           "%0 flushes the CUDA caching allocator on every loop iteration; "
           "each flush synchronizes the device and returns cached blocks "
           "with cudaFree, which the next iteration allocates again")
          << FlushFn << Flush->getSourceRange();
    } else {
      diag(Flush->getBeginLoc(),
           "%0 flushes the CUDA caching allocator on every iteration of a "
           "loop that calls %1; each flush synchronizes the device and "
           "returns cached blocks with cudaFree, which the next iteration "
           "allocates again")
          << FlushFn << calleeDescription(F.Chain.front()) << Flush->getSourceRange();
      for (const CallExpr *Step : llvm::ArrayRef(F.Chain).drop_back()) {
        // `f()` on a lambda is an operator call located at its `(`; point
        // at the callee's name instead.
        SourceLocation At = Step->getBeginLoc();
        if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Step);
            Op && Op->getNumArgs() > 0)
          At = Op->getArg(0)->getBeginLoc();
        diag(At, "%0 is called here", DiagnosticIDs::Note)
            << calleeDescription(Step) << Step->getSourceRange();
      }
    }
    diag(F.Loop->getBeginLoc(), "inside this loop", DiagnosticIDs::Note);
  }
  Findings.clear();
  Flushes.clear();
}

} // namespace clang::tidy::gpuleak
