//===--- TorchMatchers.h - matchers shared by gpuleak checks ---*- C++ -*-===//
//
// Small AST matchers and helpers for LibTorch and CUDA code that more than one
// gpuleak check uses. Names are those of the LibTorch 2.11 headers; the header
// that declares each entity is given next to it.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_TORCHMATCHERS_H
#define GPULEAK_CHECKS_TORCHMATCHERS_H

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::gpuleak {

/// Matches any loop statement: for, range-for, while and do-while.
ast_matchers::internal::Matcher<Stmt> loopStmt();

/// Matches a type that is, after desugaring aliases, references and
/// `const`, `at::Tensor` (ATen/core/TensorBody.h; `torch::Tensor` is an alias)
/// or a class derived from `at::TensorBase`.
ast_matchers::internal::Matcher<QualType> tensorType();

/// Returns the source ranges, inside \p Body, of code that does not run on
/// every pass through it: `catch` handlers (out-of-memory recovery) and the
/// `then` branch of an `if` whose condition tests a remainder for equality
/// (`i % N == 0`, `!(i % N)`: a periodic action, "every N steps"; a bare
/// `i % N` is true on most passes and does not count). When \p IsLoop, also
/// the statements of a block of the loop up to a `return`, `break` or `throw`
/// that leaves it, since they run at most once. Empty when \p Body is null.
llvm::SmallVector<SourceRange, 4>
rarelyRunRanges(const Stmt *Body, ASTContext &Ctx, bool IsLoop = false);

/// True if \p A comes before \p B in the translation unit, compared after
/// macro expansion.
bool isBeforeExpanded(SourceLocation A, SourceLocation B, const SourceManager &SM);

/// True if \p L lies in \p R, both ends included, compared after macro
/// expansion; false when \p R is invalid.
bool rangeContains(SourceRange R, SourceLocation L, const SourceManager &SM);

/// The body of loop \p L (`for`, range-for, `while`, `do`); null for any
/// other statement.
const Stmt *loopBody(const Stmt *L);

/// True if \p Inner lies inside one of \p Ranges, compared as file offsets
/// after macro expansion.
bool isWithinAny(SourceRange Inner, llvm::ArrayRef<SourceRange> Ranges,
                 const SourceManager &SM);


// --- gpuleak-missing-no-grad / gpuleak-create-graph-cycle (shared helpers) ---

/// Matches a forward pass: `forward` on a `torch::nn::Module` subclass,
/// `torch::nn::AnyModule` or `torch::jit::Module`, and `operator()` on a
/// `torch::nn::ModuleHolder<T>` (`model(x)`, `Sequential`), a `torch::nn::Module`
/// subclass, a `torch::jit::Module` or a `torch::jit::Method`
/// (torch/csrc/api/include/torch/nn/{module,pimpl}.h, modules/container/any.h,
/// torch/csrc/jit/api/{module,method}.h).
ast_matchers::internal::Matcher<Stmt> forwardPassCall();

/// True if \p Callee is `forward` or `operator()` of a library module that
/// holds no parameter and keeps nothing of its input: a loss (`NLLLoss`,
/// `CrossEntropyLoss`, ... but not `AdaptiveLogSoftmaxWithLoss`, which has
/// parameters, nor `TripletMarginWithDistanceLoss`, which runs a function it
/// is given), an activation but `PReLU`, dropout, pooling, padding,
/// `Flatten`, `Identity`, `Upsample`, ... (torch/csrc/api/include/torch/nn/
/// modules/*.h), called directly (`criterion->forward(out, y)`) or through
/// its `ModuleHolder` (`criterion(out, y)`). Such a call is a function of its
/// inputs, as the `torch::nn::functional` one is: no forward pass of its own.
bool isStatelessLibraryModuleCall(const FunctionDecl *Callee);

/// The `forward` methods that a forward call \p Call runs: the callee when
/// it is one (`ac->forward(x)`, `m.forward(x)`), or Contained::forward for
/// ModuleHolder<Contained>::operator() (`ac(x)`); empty for other calls.
llvm::SmallVector<const FunctionDecl *, 2> forwardTargets(const CallExpr *Call);

/// Matches a call that consumes an autograd graph: `Tensor::backward`,
/// `torch::autograd::backward` and `torch::autograd::grad`
/// (ATen/core/TensorBody.h, torch/csrc/autograd/autograd.h).
ast_matchers::internal::Matcher<Stmt> gradConsumerCall();

/// Matches a class whose objects switch autograd recording for their scope:
/// `c10::AutoGradMode` and `c10::NoGradGuard` (c10/core/GradMode.h; `torch::`
/// and `at::` aliases), `c10::InferenceMode` (c10/core/InferenceMode.h),
/// `at::AutoDispatchBelowAutograd` and the deprecated
/// `at::AutoNonVariableTypeMode` (ATen/core/LegacyTypeDispatch.h).
ast_matchers::internal::Matcher<Decl> gradModeGuardClass();

/// Matches a call of `c10::GradMode::set_enabled` (c10/core/GradMode.h).
ast_matchers::internal::Matcher<Stmt> gradModeSetEnabledCall();

/// Matches a local that holds a guard (gradModeGuardClass()) for its scope:
/// a variable of the guard's class; a `std::unique_ptr` or
/// `std::shared_ptr` of one initialized by `std::make_unique`,
/// `std::make_shared` or `new`; a `std::optional` of one constructed
/// `std::in_place`, or on which the function calls `emplace()` (taken for
/// held from its declaration: a guard emplaced under a condition may hold,
/// and a pass that may run under it is not reported); an object of a class
/// of the project that has a guard member (`class InferenceMode {
/// c10::InferenceMode guard_; };`).
ast_matchers::internal::BindableMatcher<Decl> gradModeGuardVar();

/// Whether the guard object \p Guard (a local matched by gradModeGuardVar())
/// turns recording off (true), on (false), or leaves it as it is or cannot
/// be told (std::nullopt).
std::optional<bool> guardDisablesGrad(const VarDecl &Guard, ASTContext &Ctx);

/// Matches an expression that starts a thread: the construction of a
/// `std::thread` or `std::jthread`, `std::async`, `pthread_create`, and a
/// library call that constructs the thread from its arguments (`emplace`,
/// `emplace_back`, ... of a standard container of threads;
/// `std::make_unique`/`std::make_shared` of a thread), and a callable handed
/// to an object that owns a thread (a `std::thread`, `boost::thread` or
/// `pthread_t` member, or a standard container or smart pointer of threads,
/// of its class or a base): at its construction (also by
/// `std::make_unique`/`std::make_shared`) or to one of its methods (a loop
/// timer's callback, a thread pool's `enqueue`).
ast_matchers::internal::Matcher<Stmt> threadStart();

/// The lambdas in \p Body that run on another thread: the body given to a
/// `std::thread` or `std::jthread` constructed there (also by a container's
/// `emplace_back` or by `std::make_unique`, see threadStart()), or to
/// `std::async`, directly or through a local variable (`auto work = [&] {...};
/// std::thread t(work);`). Grad mode is thread-local, so a guard of the code
/// around such a lambda does not apply inside it.
llvm::SmallPtrSet<const LambdaExpr *, 2> threadBodyLambdas(const Stmt &Body,
                                                          ASTContext &Ctx);

// --- end gpuleak-missing-no-grad / gpuleak-create-graph-cycle ---

} // namespace clang::tidy::gpuleak

#endif
